"""The upstream as the proxy reaches it: the one HTTP client, the headers a request takes there (whose
credential), and the relay: any /v1 request callsieve does not translate, passed on unchanged and
streamed both ways.  The answers that say the upstream failed (unreachable, an error, no OpenAI
API at all) are written here too, in the asking client's API.
"""
from __future__ import annotations

import contextlib
import http.cookiejar
import logging
import time
from typing import AsyncIterator

import httpx
from starlette.requests import Request
from starlette.responses import Response

from callsieve.serve import chat, http1
from callsieve.serve.apis import api_of
from callsieve.serve.capacity import pool_size
from callsieve.serve.catalogue import Catalogue, credential, model_ids
from callsieve.serve.config import Config
from callsieve.serve.embedded import with_context
from callsieve.serve.guard import Secrets, forward_path, printable, sieved_path
from callsieve.serve.upstream import not_openai
from callsieve.serve.wire import WireAPI
from callsieve.serve.writes import Bounded

log = logging.getLogger("callsieve.serve")
IDLE = 20      # idle upstream connections kept for reuse (either transport: http1's, or httpx's for https)
# Not passed on, either way: hop-by-hop headers (RFC 9110 7.6.1, and any the Connection header
# names), the framing httpx redoes, and a client's credentials that are not for the upstream
# (its cookies and proxy credentials; its API key only as `Relay.headers` decides).
HOP_HEADERS = {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "trailer",
               "upgrade", "proxy-connection", "proxy-authorization", "proxy-authenticate", "cookie",
               "authorization", "x-api-key", "accept-encoding", "content-encoding"}


def passed_on(headers) -> dict:
    """`headers` without HOP_HEADERS and those its Connection header names."""
    named = {t.strip().lower() for t in headers.get("connection", "").split(",")}
    return {k: v for k, v in headers.items() if k.lower() not in HOP_HEADERS and k.lower() not in named}


def upstream_base(url: str) -> str:
    """`http://h:p` and `http://h:p/` mean `http://h:p/v1`; anything with a path is kept."""
    url = url.rstrip("/")
    return url if httpx.URL(url).path not in ("", "/") else url + "/v1"


class Relay:
    """The upstream's client and base URL, the credentials each request takes there, and the
    pass-through of the routes callsieve does not translate."""

    def __init__(self, config: Config, catalogue: Catalogue):
        if config.api_key == "":
            raise ValueError("an empty API key would turn authentication off: give a key, or none")
        self.config = config
        self.base = upstream_base(config.upstream)
        self.secrets = Secrets(self.base, config.upstream_api_key, config.api_key)
        self.catalogue = catalogue   # a client's own GET /models answer is kept for its credential
        self._client: httpx.AsyncClient | None = None   # opened by `opened`
        self.transport: http1.Transport | None = None   # its transport, when it is http1's

    @property
    def client(self) -> httpx.AsyncClient:
        """The one HTTP client to the upstream, open while the app runs (its lifespan)."""
        if self._client is None:
            raise RuntimeError("the proxy's upstream client is not open: the app's lifespan opens it")
        return self._client

    @client.setter
    def client(self, client: httpx.AsyncClient) -> None:
        self._client = client

    @contextlib.asynccontextmanager
    async def opened(self) -> AsyncIterator[httpx.AsyncClient]:
        """The upstream client, open for the block (the app's lifespan)."""
        config = self.config
        timeout = httpx.Timeout(connect=10.0, read=config.timeout or None, write=60.0, pool=None)
        # One client for every request: its cookie jar must keep nothing, or a Set-Cookie from
        # one user's upstream answer would go upstream with everyone's later requests.
        no_cookies = http.cookiejar.CookieJar(policy=http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
        # more upstream connections than requests admitted at once (capacity.py): none waits for one
        pool = pool_size(config.max_concurrent)
        # an http:// upstream through http1.py (its bodies one socket read at a time, not one event)
        self.transport = http1.transport(self.base, max_connections=pool, max_idle=IDLE)
        limits = httpx.Limits(max_connections=pool, max_keepalive_connections=IDLE)
        async with httpx.AsyncClient(timeout=timeout, limits=limits, cookies=no_cookies,
                                     transport=self.transport) as client:
            self.client = client
            yield client

    def headers(self, incoming) -> dict:
        """The headers a client's request (`incoming`) takes upstream: whose credential it is."""
        h = passed_on(incoming)
        if self.config.upstream_api_key:
            h["authorization"] = "Bearer " + self.config.upstream_api_key
        elif not self.config.api_key and "authorization" in incoming:
            h["authorization"] = incoming["authorization"]  # no key of ours: the client's is for the upstream
        elif not self.config.api_key and "x-api-key" in incoming:
            h["authorization"] = "Bearer " + incoming["x-api-key"]  # Anthropic clients send their key so
        return h

    def authorized(self, request: Request) -> bool:
        """`--api-key`, as OpenAI clients send it (`Authorization: Bearer`) or Anthropic's (`x-api-key`)."""
        key = self.config.api_key
        return (not key or request.headers.get("authorization", "") == "Bearer " + key
                or request.headers.get("x-api-key", "") == key)

    async def forward(self, request: Request) -> Response:
        """Any other /v1/* request: passed on unchanged, streamed both ways."""
        if not self.authorized(request):
            return chat.error(401, "Invalid or missing API key (send 'Authorization: Bearer <key>').",
                              "authentication_error")
        raw_path = request.scope.get("raw_path") or request.scope["path"].encode()
        meant = sieved_path(raw_path)
        if meant is not None:   # a near miss of an answer route: the upstream would answer it unparsed
            return api_of(meant).error(404, f"callsieve: {printable(raw_path.decode('latin-1'), 100)} is not "
                                       f"{meant}: send requests to {meant} exactly", code="not_found")
        path = forward_path(raw_path)
        if path is None:
            return chat.error(404, "callsieve: only paths under /v1 are forwarded (no '..', no encoded '/')",
                              code="not_found")
        url = httpx.URL(self.base + path, query=request.url.query.encode())
        headers = self.headers(request.headers)
        req = self.client.build_request(request.method, url, headers=headers, content=request.stream())
        start = time.monotonic()
        try:
            resp = await self.client.send(req, stream=True)
        except httpx.HTTPError as e:
            log.info("forward %s %s status=502 duration_ms=%.0f", request.method, request.url.path,
                     (time.monotonic() - start) * 1000)
            return self.unreachable(e)
        log.info("forward %s %s status=%d duration_ms=%.0f", request.method, request.url.path, resp.status_code,
                 (time.monotonic() - start) * 1000)
        if path == "/models" and resp.status_code == 200:
            body = await resp.aread()
            await resp.aclose()
            with contextlib.suppress(ValueError):   # this client's list, kept for this client's credential
                self.catalogue.learn(credential(headers), model_ids(body))
            if self.config.embedded_context:
                body = with_context(body, self.config.embedded_context)
            return Response(body, resp.status_code, headers=passed_on(resp.headers))
        return Bounded(self.body(resp), resp.status_code, headers=passed_on(resp.headers),
                       write_timeout=self.config.write_timeout)

    @staticmethod
    async def body(resp: httpx.Response):
        # decoded: the upstream's content-encoding answered httpx's accept-encoding, not the client's
        try:
            async for part in resp.aiter_bytes():
                yield part
        finally:
            await resp.aclose()

    def upstream_error(self, api: WireAPI, resp: httpx.Response, data: bytes) -> Response:
        """The upstream's error answer to a chat request, in `api`'s shape; a 502 that says so when
        the answer shows it is no OpenAI-compatible API (an HTML 501 from a web server)."""
        foreign = not_openai("POST /v1/chat/completions", resp.status_code, resp.headers.get("content-type"), data)
        if foreign is None:
            return api.upstream_error(resp.status_code, data, passed_on(resp.headers))
        return api.error(502, self.secrets.hide(f"callsieve: the upstream {self.secrets.url} {foreign}"),
                         "upstream_error", "upstream_not_openai")

    def unreachable(self, e: Exception, api: WireAPI = chat) -> Response:
        log.warning("upstream %s unreachable: %r", self.secrets.url, e)
        what = f"the upstream model server at {self.secrets.url}"
        if self.config.embedded_pid is not None:  # its port is not one the user chose: say what it is
            what = f"the embedded llama.cpp server ({self.secrets.url}; its log: {self.config.embedded_log})"
        return api.error(502, self.secrets.hide(f"callsieve: {what} is unreachable "
                          f"({type(e).__name__}: {e or 'no answer'})"), "upstream_error", "upstream_unreachable")
