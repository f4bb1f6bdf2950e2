"""The Starlette app: a proxy that parses tool calls out of upstream text.

Clients speak Chat Completions, the Responses API or Anthropic's Messages API (`apis.APIS`:
chat.py, responses.py, messages.py, each a `wire.WireAPI` that translates its requests and writes
its answers); the upstream is always spoken to in Chat Completions. Everything else under /v1 is
forwarded unchanged.

This module does the I/O: requests, the upstream's body, scheduling, writes. The decisions are
made sans-IO elsewhere: what the upstream's body says (upstream_reader.py), what the answer is
(turn.py over callsieve.rules), how the client's API writes it (the encoders). A non-streamed
answer runs through the same path and is folded (`WireAPI.fold`).
"""
from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import logging
import os
import time
from collections import OrderedDict
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Callable, NamedTuple

import httpx
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from callsieve import Session, Sieve
from callsieve.templates import seed_session
from callsieve.serve import catalogue, chat, http1, inspect_routes, messages
from callsieve.serve.apis import APIS, COUNT_TOKENS, api_of
from callsieve.serve.capacity import UPSTREAM_TIMEOUT_S, WRITE_TIMEOUT_S, Load, cannot_serve, pool_size
from callsieve.serve.catalogue import Catalogue, credential, model_ids
from callsieve.serve.chat import error
from callsieve.serve.options import CALLS_HEADER, BadRequest, Options, prompt_thinking, whole_calls
from callsieve.serve.guard import (LOG_FILTER, Guard, Secrets, allowed_hosts, forward_path, is_loopback, printable,
                                   sieved_path)
from callsieve.serve.inspector import MAX_EXCHANGES, Exchange, Inspector, Recording
from callsieve.serve.ready import PENDING, Ready
from callsieve.serve.schema import MAX_DEPTH, problem
from callsieve.serve.stream import JSONAnswer, KeptAlive, SSELines
from callsieve.serve.turn import Turn, Unreadable
from callsieve.serve import replay
from callsieve.serve.wire import Failed
from callsieve.serve.writes import Bounded
from callsieve.serve.embedded import ignored_tool_choice, with_context
from callsieve.serve.upstream import DefaultModel, NotOpenAI, not_openai, readiness
from callsieve.serve.upstream_reader import (Chunk, Done, Failure, UpstreamReader, as_stream, body_streams,
                                             decoded, stream_error)

log = logging.getLogger("callsieve.serve")
CONFIG_ENV = "CALLSIEVE_SERVE_CONFIG"
TEMPLATE_TIMEOUT_S = 3.0  # asking the upstream for a chat template: start-up must not wait long
UNREACHABLE, NO_ENDPOINT = object(), object()   # chat_template(): no answer; no such endpoint
LATE = object()            # unless_gone(): neither the answer nor the client's leaving came in time
SLICE_S = 0.001             # about the longest one stream works before the event loop serves the others
                            # (checked after each upstream chunk; bench/sharedload.py: 5 ms let a light
                            # client wait ~1 s beside two heavy streams, 1 ms a few hundred ms)
REUSE_WAIT_S, REUSE_MAX_BYTES = 0.1, 65536  # how long and how much to read after [DONE] to keep the connection
SESSIONS_MAX = 64          # models whose Session is kept (least recently used out first)
# Not passed on, either way: hop-by-hop headers (RFC 9110 7.6.1, and any the Connection header
# names), the framing httpx redoes, and a client's credentials that are not for the upstream
# (its cookies and proxy credentials; its API key only as `headers` decides).
HOP_HEADERS = {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "trailer",
               "upgrade", "proxy-connection", "proxy-authorization", "proxy-authenticate", "cookie",
               "authorization", "x-api-key", "accept-encoding", "content-encoding"}


def passed_on(headers) -> dict:
    """`headers` without HOP_HEADERS and those its Connection header names."""
    named = {t.strip().lower() for t in headers.get("connection", "").split(",")}
    return {k: v for k, v in headers.items() if k.lower() not in HOP_HEADERS and k.lower() not in named}


class Translated(NamedTuple):
    """A request read and translated (Proxy.read_request): what answering it needs."""
    body: dict            # as the client sent it
    chat_body: dict       # as it goes upstream
    content: bytes        # chat_body's bytes
    make_turn: Callable[[], Turn]
    seen: dict            # what the inspector records of the request: the Sieve's options, the Session


@dataclass
class Config:
    upstream: str                      # base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8080/v1
    api_key: str | None = None         # clients must send "Authorization: Bearer <api_key>" or "x-api-key: <api_key>"
    upstream_api_key: str | None = None
    format: str | None = None          # force one format name (None: detect)
    reasoning_format: str = "auto"     # default for requests without "reasoning_format"
    calls_in_reasoning: str = "hold"   # a call written inside thinking: hold, call or reasoning
    calls: str = "auto"                # how calls reach clients: auto, whole or stream (options.DELIVERY)
    timeout: float | None = UPSTREAM_TIMEOUT_S   # upstream silence given up on (None or 0: wait forever)
    write_timeout: float | None = WRITE_TIMEOUT_S  # a client that takes no bytes for this long is cut off
    log_level: str | None = None       # set up logging in each worker process (--workers N)
    host: str = "127.0.0.1"            # the address bound: a request's Host must name it (see guard.py)
    allowed_hosts: list[str] = field(default_factory=list)   # more names for Host (--allow-host)
    max_request_bytes: int = 32 * 1024 * 1024   # a larger body gets a 413
    body_timeout: float | None = 60.0  # a request body not in within this many seconds gets a 408
    max_concurrent: int | None = 256   # /v1 requests in flight at once; more get a 503
    keepalive: float | None = 10.0     # seconds without a byte to a streaming client before a keep-alive
                                       # goes out (an SSE comment; Messages' ping); 0/None: never
    embedded_pid: int | None = None    # the embedded llama.cpp server callsieve started, if any
    embedded_log: str | None = None    # ... and its log file
    embedded_context: int | None = None   # ... and its context in tokens
    chat_template: str | list | dict | None = None   # --chat-template: the served model's, for an
                                       # upstream that does not say it (vLLM, SGLang)
    inspect: bool | None = None        # the /inspect page: None = on when bound to loopback only
    inspect_keep: int = MAX_EXCHANGES  # exchanges it keeps in memory
    replay: bool = True                # --no-replay: no replay memory (replay.py)


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _OneName(logging.Filter):
    """uvicorn logs its start-up and errors as `uvicorn.error`, INFO lines included: call it uvicorn."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "uvicorn.error":
            record.name = "uvicorn"
        return True


def setup_logging(level: str) -> None:
    """One log, one format: callsieve's lines and uvicorn's (which runs with log_config=None)."""
    logging.basicConfig(level=level.upper(), format=LOG_FORMAT)
    for handler in logging.getLogger().handlers:
        handler.addFilter(_OneName())
    if level.upper() != "DEBUG":
        logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request is ours


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def upstream_base(url: str) -> str:
    """`http://h:p` and `http://h:p/` mean `http://h:p/v1`; anything with a path is kept."""
    url = url.rstrip("/")
    return url if httpx.URL(url).path not in ("", "/") else url + "/v1"


def json_object(raw: bytes, api, kind: str | None = None) -> dict | Response:
    """The request body as a dict that `api`'s schema accepts (schema.py; `kind`: another request
    of that API, count_tokens), or the 400 that says why it is not one."""
    try:
        body = json.loads(raw)
    except RecursionError:
        return api.error(400, f"callsieve: the request body is nested deeper than {MAX_DEPTH} levels.")
    except ValueError as e:
        return api.error(400, f"callsieve: the request body is not valid JSON: {e}")
    if not isinstance(body, dict):
        return api.error(400, "callsieve: the request body must be a JSON object.")
    wrong = problem(kind or api.name, body)
    return body if wrong is None else api.error(400, f"callsieve: {wrong}")


async def once(data: bytes):
    yield data


def taken(out: list[bytes]) -> bytes:
    """What `out` holds, as one write; `out` is emptied."""
    batch = b"".join(out)
    out.clear()
    return batch


async def unless_gone(request: Request, awaitable, timeout: float | None = None):
    """Await `awaitable`, unless the client disconnects first: then cancel it and return None.
    With `timeout`: LATE when neither came within it (`awaitable`, a future, goes on)."""
    async def gone():
        while (await request.receive())["type"] != "http.disconnect":
            pass

    work, watch = asyncio.ensure_future(awaitable), asyncio.ensure_future(gone())
    late = False
    try:
        done, _ = await asyncio.wait({work, watch}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        late = not done
    finally:
        watch.cancel()
        if not work.done() and not late:
            work.cancel()
            # a cancelled task is done only once it has run its cancellation: wait for that,
            # or its result is not set yet (InvalidStateError)
            await asyncio.wait({work})
    if late:
        return LATE
    if work.cancelled():
        return None
    return work.result()


def not_a_stream(resp: httpx.Response) -> str:
    kind = printable(resp.headers.get("content-type") or "no content-type", 80)
    return f"callsieve: the upstream answered a streamed request with {kind}, neither an event stream nor a chat completion"


def failure_of(answer: Response) -> dict:
    """An error answer as a stream's error event, once the stream's headers are out: its message."""
    try:
        err = json.loads(bytes(answer.body))["error"]
        message = err["message"] if isinstance(err, dict) else str(err)
    except (ValueError, KeyError, TypeError, RecursionError):
        message = bytes(answer.body).decode("utf-8", "replace")[:2000]
    return {"message": str(message), "type": "upstream_error", "param": None, "code": f"upstream_{answer.status_code}"}


IDLE = 20      # idle upstream connections kept for reuse (either transport: http1's, or httpx's for https)


class Proxy:
    def __init__(self, config: Config):
        if config.api_key == "":
            raise ValueError("an empty API key would turn authentication off: give a key, or none")
        self.config = config
        self.base = upstream_base(config.upstream)
        self.secrets = Secrets(self.base, config.upstream_api_key, config.api_key)
        LOG_FILTER.install(self.secrets)
        # One Session per model the upstream serves, shared by every client: it holds only what
        # no client's answer can turn against another's (docs/proxy-shared.md).
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.catalogue = Catalogue()   # the upstream's model lists, one per credential (catalogue.py)
        self.memory = replay.Memory() if config.replay else None   # turns answered, per credential
        self._client: httpx.AsyncClient | None = None   # opened by `lifespan`
        self.transport: http1.Transport | None = None   # its transport, when it is http1's
        self.load = Load(config.max_concurrent)          # /v1 requests in flight (guard.Guard counts them)
        on = config.inspect if config.inspect is not None else is_loopback(config.host.strip("[]"))
        self.inspector = Inspector(config.inspect_keep, self.secrets.hide) if on else None

    @property
    def client(self) -> httpx.AsyncClient:
        """The one HTTP client to the upstream, open while the app runs (its lifespan)."""
        if self._client is None:
            raise RuntimeError("the proxy's upstream client is not open: the app's lifespan opens it")
        return self._client

    @client.setter
    def client(self, client: httpx.AsyncClient) -> None:
        self._client = client

    # -- plumbing ----------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        timeout = httpx.Timeout(connect=10.0, read=self.config.timeout or None, write=60.0, pool=None)
        # One client for every request: its cookie jar must keep nothing, or a Set-Cookie from
        # one user's upstream answer would go upstream with everyone's later requests.
        no_cookies = http.cookiejar.CookieJar(policy=http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
        # more upstream connections than requests admitted at once (capacity.py): none waits for one
        pool = pool_size(self.config.max_concurrent)
        # an http:// upstream through http1.py (its bodies one socket read at a time, not one event)
        self.transport = http1.transport(self.base, max_connections=pool, max_idle=IDLE)
        limits = httpx.Limits(max_connections=pool, max_keepalive_connections=IDLE)
        async with httpx.AsyncClient(timeout=timeout, limits=limits, cookies=no_cookies,
                                     transport=self.transport) as client:
            self.client = client
            await self.refresh_models()
            yield

    async def refresh_models(self) -> None:
        """Pre-seed a Session per upstream model (best effort: the upstream may still be loading).
        An upstream that does not answer is worth a warning: the banner alone looks like success."""
        try:
            ids = await self.list_models(self.headers({}))
        except httpx.HTTPError as e:
            log.warning("the upstream %s does not answer (%s: %s): requests get 502 until it does; "
                        "GET /ready says when it is up", self.secrets.url, type(e).__name__, e or "no answer")
            return
        except NotOpenAI as e:
            log.warning("the upstream %s %s: give the base URL of an OpenAI-compatible server "
                        "(llama.cpp, Ollama, vLLM: http://HOST:PORT/v1)", self.secrets.url, e)
            return
        except ValueError as e:
            log.warning("the upstream %s lists no models (%s): it may still be loading its model; "
                        "GET /ready says when it is up", self.secrets.url, e)
            return
        ask = True
        for model in ids[:SESSIONS_MAX]:
            template = await self.chat_template(model) if ask else None
            # an upstream with neither endpoint (vLLM, a cloud API) is not asked once per model
            ask = ask and template is not NO_ENDPOINT
            self.remember(model, template)

    async def list_models(self, headers: dict, timeout: float | None = None) -> list[str]:
        """The upstream's model ids as the credential in `headers` (a request's upstream headers)
        sees them, read now and kept in the catalogue under it.  Raises httpx.HTTPError (no
        answer in `timeout`, default catalogue.TIMEOUT_S) or ValueError (a status other than 200,
        or no model list)."""
        key = credential(headers)
        self.catalogue.tried(key)   # requests meanwhile go on with the list as it is, not wait too
        r = await self.client.get(self.base + "/models", headers=headers, timeout=timeout or catalogue.TIMEOUT_S)
        if r.status_code != 200:
            foreign = not_openai("GET /v1/models", r.status_code, r.headers.get("content-type"), r.content)
            raise NotOpenAI(foreign) if foreign else ValueError(f"it answers {r.status_code} to GET /models")
        return self.catalogue.learn(key, model_ids(r.content))

    async def served(self, model: str, headers: dict) -> str | None:
        """The upstream model a request's `model` names, in the list its credential (`headers`, the
        request's upstream headers) gets: itself when listed, the one model of a single-model
        upstream (llama.cpp serves it whatever the name), else None.  A name the list lacks (a
        model pulled since) re-reads it, at most every catalogue.RECHECK_S."""
        key = credential(headers)
        ids = self.catalogue.ids(key)
        if model not in ids and self.catalogue.due(key):
            with contextlib.suppress(httpx.HTTPError, ValueError):
                ids = await self.list_models(headers)
        if model in ids:
            return model
        return ids[0] if len(ids) == 1 else None

    async def discover(self, model: str, headers: dict) -> Session:
        """The Session of the model a request names.  One seen for the first time (a model swap)
        is pre-seeded from the chat template the upstream serves it with, so that its first turn
        already knows whether the prompt opened thinking.  Only models the upstream serves are
        asked about and kept (at most SESSIONS_MAX, least recently used out first): any other
        name gets a fresh Session from its name alone, and costs nothing later."""
        key = await self.served(model, headers)
        if key is None:
            return Session.for_model(model, learn=False)
        sess = self.sessions.get(key)
        if sess is not None:
            self.sessions.move_to_end(key)
            return sess
        return self.remember(key, await self.chat_template(key))

    def remember(self, model: str, template) -> Session:
        found = isinstance(template, (str, list, dict))
        # learn=False: shared by every client, a Session learns nothing from answers about
        # thinking (one client's answer must not change another's); the template says it.
        sess = (seed_session(template, model, learn=False) if found
                else Session.for_model(model, learn=False))
        if template is UNREACHABLE:  # not remembered: the next request asks again
            return sess
        sess = self.sessions.setdefault(model, sess)  # two first requests at once share one
        self.sessions.move_to_end(model)
        while len(self.sessions) > SESSIONS_MAX:
            self.sessions.popitem(last=False)
        return sess

    async def chat_template(self, model: str):
        """The upstream's template for `model`: llama.cpp's `GET /props` (`chat_template`),
        else Ollama's `POST /api/show` (`template`). None if they do not say, NO_ENDPOINT if
        neither exists, UNREACHABLE if the upstream did not answer (down, or loading).  Short,
        never fatal, and nothing but the upstream is asked.  A --chat-template given wins."""
        if self.config.chat_template is not None:
            return self.config.chat_template
        root = self.base.removesuffix("/v1")
        asks = (("GET", root + "/props", None), ("POST", root + "/api/show", {"model": model}))
        answered, endpoint = False, False
        for method, url, body in asks:
            try:
                r = await self.client.request(method, url, json=body, headers=self.headers({}),
                                              timeout=TEMPLATE_TIMEOUT_S)
                answered = answered or r.status_code < 500
                endpoint = endpoint or r.status_code == 200
                doc = r.json() if r.status_code == 200 else {}
            except Exception:  # noqa: BLE001 - an upstream without these endpoints, or down
                continue
            if not isinstance(doc, dict):
                continue
            settings = doc.get("default_generation_settings")
            for found in (doc.get("chat_template"), (settings or {}).get("chat_template")
                          if isinstance(settings, dict) else None, doc.get("template")):
                if found and isinstance(found, (str, list)):
                    return found
        return UNREACHABLE if not answered else None if endpoint else NO_ENDPOINT

    def headers(self, incoming) -> dict:
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

    # -- endpoints ---------------------------------------------------------------------------
    async def health(self, request: Request) -> Response:
        pid = self.config.embedded_pid
        if pid is not None and not alive(pid):  # callsieve is about to stop: it is not healthy
            return JSONResponse({"status": "failed", "upstream": self.secrets.url,
                                 "reason": f"the embedded llama.cpp server exited; its log: {self.config.embedded_log}"},
                                503)
        busy = cannot_serve(self.load, self.transport)
        if busy is not None:  # a load balancer sends the next request elsewhere
            return JSONResponse({"status": "overloaded", "upstream": self.secrets.url, "reason": busy}, 503,
                                headers={"retry-after": "1"})
        return JSONResponse({"status": "ok", "upstream": self.secrets.url})

    async def forward(self, request: Request) -> Response:
        """Any other /v1/* request: passed on unchanged, streamed both ways."""
        if not self.authorized(request):
            return error(401, "Invalid or missing API key (send 'Authorization: Bearer <key>').", "authentication_error")
        raw_path = request.scope.get("raw_path") or request.scope["path"].encode()
        meant = sieved_path(raw_path)
        if meant is not None:   # a near miss of an answer route: the upstream would answer it unparsed
            return api_of(meant).error(404, f"callsieve: {printable(raw_path.decode('latin-1'), 100)} is not "
                                       f"{meant}: send requests to {meant} exactly", code="not_found")
        path = forward_path(raw_path)
        if path is None:
            return error(404, "callsieve: only paths under /v1 are forwarded (no '..', no encoded '/')",
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
            return Response(body, resp.status_code, headers=self.resp_headers(resp))
        return Bounded(self.relay(resp), resp.status_code, headers=self.resp_headers(resp),
                       write_timeout=self.config.write_timeout)

    @staticmethod
    async def relay(resp: httpx.Response):
        # decoded: the upstream's content-encoding answered httpx's accept-encoding, not the client's
        try:
            async for part in resp.aiter_bytes():
                yield part
        finally:
            await resp.aclose()

    @staticmethod
    def resp_headers(resp: httpx.Response) -> dict:
        return passed_on(resp.headers)

    def upstream_error(self, api, resp: httpx.Response, data: bytes) -> Response:
        """The upstream's error answer to a chat request, in `api`'s shape; a 502 that says so when
        the answer shows it is no OpenAI-compatible API (an HTML 501 from a web server)."""
        foreign = not_openai("POST /v1/chat/completions", resp.status_code, resp.headers.get("content-type"), data)
        if foreign is None:
            return api.upstream_error(resp.status_code, data, self.resp_headers(resp))
        return api.error(502, self.secrets.hide(f"callsieve: the upstream {self.secrets.url} {foreign}"),
                         "upstream_error", "upstream_not_openai")

    def unreachable(self, e: Exception, api=chat) -> Response:
        log.warning("upstream %s unreachable: %r", self.secrets.url, e)
        what = f"the upstream model server at {self.secrets.url}"
        if self.config.embedded_pid is not None:  # its port is not one the user chose: say what it is
            what = f"the embedded llama.cpp server ({self.secrets.url}; its log: {self.config.embedded_log})"
        return api.error(502, self.secrets.hide(f"callsieve: {what} is unreachable "
                          f"({type(e).__name__}: {e or 'no answer'})"), "upstream_error", "upstream_unreachable")

    async def read_request(self, request: Request, api) -> Translated | Response:
        """A request in `api` (a WireAPI), checked and translated, or the error answer it gets."""
        if not self.authorized(request):
            return api.error(401, f"Invalid or missing API key ({api.auth_hint}).", "authentication_error")
        raw = await request.body()
        body = json_object(raw, api)
        if isinstance(body, Response):
            return body
        try:
            chat_body = api.to_chat(body)
        except BadRequest as e:
            return api.error(400, f"callsieve: {e}")
        cred = replay.credential(request.headers)
        if self.memory is not None:   # the turns we answered, back as the model wrote them
            chat_body = self.memory.restore(cred, chat_body)
        opts = Options.from_request(chat_body, self.config.format, self.config.reasoning_format,
                                    self.config.calls_in_reasoning)
        opts.whole_calls = whole_calls(api.name, self.config.calls, request.headers.get(CALLS_HEADER))
        if not api.stream(body):
            opts = opts.answered_whole()
        sess = await self.discover(api.model(body), self.headers(request.headers))
        opts.thinking = prompt_thinking(sess, chat_body, opts.thinking)
        try:  # the tools are checked before the upstream is asked (a tool list the library rejects)
            first_sieve = Sieve(**opts.sieve_kwargs(sess))
        except (ValueError, TypeError) as e:
            return api.error(400, f"callsieve cannot use these tools: {e}")
        # the client's own bytes when nothing changed and they are UTF-8, as every upstream reads
        # JSON; a body in UTF-16 or UTF-32 (RFC 8259 8.1's detection, which json.loads applies) or
        # with a byte-order mark goes as the UTF-8 of what it says
        same = chat_body is body and json.detect_encoding(raw) == "utf-8"
        content = raw if same else json.dumps(chat_body).encode()
        make_turn = partial(replay.Written, opts, lambda: Sieve(**opts.sieve_kwargs(sess)),
                            lambda: sess.record("native"), first_sieve, memory=self.memory, cred=cred,
                            call_sep=sess.call_sep)
        return Translated(body, chat_body, content, make_turn, {"sieve": opts.sieve_kwargs(None), "session": sess})

    async def answer(self, request: Request, api) -> Response:
        """A request in one of the wire APIs (apis.APIS): translated into Chat Completions for the
        upstream, its answer through the Sieve, written back in `api`."""
        req = await self.read_request(request, api)
        if isinstance(req, Response):
            return req
        stats = {"api": api.name, "model": api.model(req.body), "start": time.monotonic(), "stream": api.stream(req.body)}
        if self.inspector is not None:
            peer = f"{request.client.host}:{request.client.port}" if request.client else "-"
            stats["exchange"] = self.inspector.begin(api.name, peer, printable(stats["model"] or "-"), stats["stream"],
                                                     req.seen, req.seen["session"])
        ignored = self.config.embedded_pid is not None and ignored_tool_choice(req.chat_body)
        if ignored:
            log.warning("%s", ignored)
        headers = {**self.headers(request.headers), "content-type": "application/json"}
        sending = asyncio.ensure_future(self.client.send(self.client.build_request(
            "POST", self.base + "/chat/completions", headers=headers, content=req.content), stream=True))
        try:
            resp = await unless_gone(request, sending, (self.config.keepalive or None) if stats["stream"] else None)
        except httpx.HTTPError as e:
            self.log_line(stats, status=502)
            return self.unreachable(e, api)
        if resp is None:  # the client went away while the upstream was still thinking
            self.log_line(stats, status=499)
            return Response(status_code=499)
        if resp is LATE:  # no headers yet (llama.cpp sends none before its first token): the
            # client gets its stream's now, and keep-alives until the upstream answers
            enc = self.recorded(api.encoder(req.body, req.chat_body), stats)
            return self.event_stream(api, self.late(sending, req.make_turn, api, enc, stats))
        return await self.answered(request, resp, req, api, stats)

    async def answered(self, request: Request, resp: httpx.Response, req: Translated, api, stats: dict) -> Response:
        """The upstream's answer, its headers in: streamed through a Turn, or folded from one."""
        enc = self.recorded(api.encoder(req.body, req.chat_body), stats)
        if stats["stream"] and body_streams(resp.status_code, resp.headers.get("content-type")):
            return self.event_stream(api, self.stream(resp, req.make_turn(), enc, stats))
        try:
            data = await unless_gone(request, resp.aread())
        except httpx.HTTPError as e:
            self.log_line(stats, status=502)
            return self.unreachable(e, api)
        finally:
            await resp.aclose()
        if data is None:
            self.log_line(stats, status=499)
            return Response(status_code=499)
        if resp.status_code != 200:
            self.log_line(stats, status=resp.status_code)
            return self.upstream_error(api, resp, data)
        if not stats["stream"]:
            return await self.whole_answer(resp, data, req.make_turn(), enc, api, stats)
        whole = as_stream(data)   # a streamed request answered with one JSON answer: that answer, as SSE
        if whole is None:
            self.log_line(stats, status=502)
            return api.error(502, not_a_stream(resp), "upstream_error")
        return self.event_stream(api, self.stream(resp, req.make_turn(), enc, stats, whole))

    def recorded(self, enc, stats: dict):
        """The encoder, recording into the request's exchange when the inspector is on."""
        ex = stats.get("exchange")
        return enc if ex is None or self.inspector is None else Recording(enc, ex, self.inspector.changed)

    def event_stream(self, api, body) -> KeptAlive:
        return KeptAlive(body, api.KEEPALIVE, self.config.keepalive, headers={"cache-control": "no-cache"},
                         write_timeout=self.config.write_timeout)

    async def late(self, sending: asyncio.Future[httpx.Response], make_turn, api, enc, stats: dict):
        """A stream whose upstream had not answered within `keepalive`: its start goes out at once
        (or a keep-alive), then what `answer` would have sent, an error now as the stream's error
        event (its status cannot change any more)."""
        failure, whole = None, None
        resp: httpx.Response | None = None
        try:
            try:
                yield b"".join(enc.start()) or api.KEEPALIVE
                # shielded: cancelled through this await, the request kept its upstream connection
                # open (the upstream never heard the client leave); cancelled by hand, it closes it
                resp = await asyncio.shield(sending)
                if not body_streams(resp.status_code, resp.headers.get("content-type")):
                    data = await resp.aread()
                    await resp.aclose()
                    if resp.status_code != 200:
                        failure = failure_of(self.upstream_error(api, resp, data))
                    else:
                        whole = as_stream(data)
                        if whole is None:
                            failure = stream_error(not_a_stream(resp).removeprefix("callsieve: "), "upstream_unreadable")
            except httpx.HTTPError as e:
                failure = stream_error(self.secrets.hide(f"the upstream is unreachable ({type(e).__name__}: {e})"),
                                       "upstream_unreachable")
        except BaseException:  # the client went away before the upstream answered
            sending.cancel()
            if resp is not None:
                await resp.aclose()
            self.log_line(stats, status=499)
            raise
        if failure is not None:
            self.log_line(stats, status=200, error=failure["code"])
            yield b"".join(enc.fail(failure) + enc.close())
            return
        assert resp is not None  # no failure: the upstream answered
        async for part in self.stream(resp, make_turn(), enc, stats, whole, started=True):
            yield part

    async def whole_answer(self, resp: httpx.Response, data: bytes, turn: Turn, enc, api, stats: dict) -> Response:
        """A non-streamed answer: the fold of the stream the upstream's completion `data` stands for,
        through the same Turn and encoder as a streamed answer, so that the two cannot disagree."""
        whole = as_stream(data)
        if whole is None:
            self.log_line(stats, status=502)
            return api.error(502, "callsieve: the upstream sent an unreadable answer (no chat completion)",
                             "upstream_error")
        # folded as it is written, one written piece at a time: the stream yields to the other
        # clients between pieces (SLICE_S), so the fold of a heavy answer does too (30,000 calls
        # folded in one step held every client for seconds)
        folded, lines = api.Fold(), SSELines()
        try:
            async for part in self.stream(resp, turn, enc, stats, whole):
                for payload in lines.feed(part):
                    folded.add(decoded(payload))
            for payload in lines.close():
                folded.add(decoded(payload))
            return JSONAnswer(folded.result())
        except Failed as e:
            status = 500 if e.error.get("code") == "internal_error" else 502
            return api.error(status, e.error.get("message") or "callsieve: the answer failed",
                             "server_error" if status == 500 else "upstream_error", e.error.get("code"))

    async def _pump(self, reads: Ready, reader: UpstreamReader, turn: Turn, enc, out: list, end: list):
        """Translate the upstream's body into `out`, yielding what is ready whenever the client
        should get it (the first token at once) or the other streams their turn; `end` gets the
        reader's last item (Done or Failure), if the body did not just end."""
        turn_at = time.monotonic()   # when this stream last let the event loop run the others
        first = True                 # until the first token is out, each piece's output goes at once
        while True:
            try:
                data = reads.next()
                if data is PENDING:  # the upstream has nothing more for now: send what we have, then wait
                    if out:
                        yield taken(out)
                    data = await reads.wait()   # KeptAlive sends keep-alives meanwhile
                    turn_at = time.monotonic()
            except StopAsyncIteration:
                items, ended = reader.close(), True
            else:
                items, ended = reader.feed(data), False
            for item in items:
                if type(item) is not Chunk:
                    end.append(item)
                    return
                enc.upstream(item.chunk)
                out += enc.write(turn.feed(item.chunk))
                if item.long:  # a slice of a long chunk: the other clients are served in between
                    await asyncio.sleep(0)
                if time.monotonic() - turn_at > SLICE_S:
                    # one read can hold a thousand chunks: the others get their turn within it
                    if out:
                        yield taken(out)
                    await asyncio.sleep(0)
                    turn_at = time.monotonic()
            if ended:
                return
            if first and turn.answered:  # time to first token: do not wait for the rest of the read
                first = False
                yield taken(out)
            elif time.monotonic() - turn_at > SLICE_S:
                # an upstream faster than us always has its next piece ready, and a write to the
                # client need not suspend: give the other clients their turn (KeptAlive's timer
                # runs then too: text held for long gets keep-alives)
                if out:
                    yield taken(out)
                await asyncio.sleep(0)
                turn_at = time.monotonic()

    async def stream(self, resp: httpx.Response, turn: Turn, enc, stats: dict, whole: bytes | None = None,
                     started: bool = False):
        """`whole`: the upstream's answer already read (as SSE), instead of its body; `started`:
        the encoder's start already went out (`late`)."""
        reader = UpstreamReader(resp.encoding or "utf-8", self.config.embedded_context)
        # raw: no per-piece decoding layer when the upstream did not compress the stream
        reads = Ready(once(whole) if whole is not None else resp.aiter_bytes()
                      if resp.headers.get("content-encoding") else resp.aiter_raw())
        out: list[bytes] = [] if started else enc.start()  # translated, not sent yet
        end: list = []
        logged = False
        try:
            failure = None
            try:
                async with contextlib.aclosing(self._pump(reads, reader, turn, enc, out, end)) as pump:
                    async for batch in pump:
                        yield batch
            except httpx.HTTPError as e:
                failure = stream_error(self.secrets.hide(f"the upstream stream broke off ({type(e).__name__}: {e})"),
                                       "upstream_disconnected")
            except Unreadable as e:  # the upstream's fault, said in one line (no traceback: no bug of ours)
                log.warning("%s: the stream ends with an error event", e)
                failure = stream_error(str(e), "upstream_unreadable")
            except Exception:  # a bug must not cut the stream silently
                log.exception("while translating the upstream stream")
                failure = stream_error("internal error while translating the stream", "internal_error",
                                       "server_error")
            done = bool(end) and type(end[0]) is Done
            if failure is None and end and type(end[0]) is Failure:
                failure = end[0].error
            if not done:
                await reads.close()
                await resp.aclose()
            ended: list = []
            async for batch in self.ending(turn, enc, out, failure, ended):
                yield batch
            failure = ended[0]
            # the answer is complete: log now, as the client may close (and cancel us) at once
            logged = True
            # the status is the one the client got (the headers went out with 200); how it ended is `error`
            self.log_turn(stats, turn, 200, None if failure is None else failure.get("code") or "upstream_error")
            yield taken(out)
            if done:  # the client has it all; the upstream connection can serve the next request
                await self.reuse(reads)
        finally:
            await reads.close()  # a read still pending when the client went away mid-write
            await resp.aclose()  # on a client disconnect (cancellation) this cancels the upstream request
            if not logged:
                self.log_turn(stats, turn, 499)

    @staticmethod
    async def ending(turn: Turn, enc, out: list, failure: dict | None, ended: list):
        """The stream's end into `out`: what the Turn held, each choice's finish unless it failed,
        the failure, the encoder's close; `ended` gets the failure (one of flushing, if any). In
        the Turn's batches, yielding what is ready when the stream's time slice is used up (a
        turn's native calls all end here)."""
        turn_at = time.monotonic()
        try:
            for events in (turn.finishing() if failure is None else turn.flushing()):
                out += enc.write(events)
                if time.monotonic() - turn_at > SLICE_S:
                    yield taken(out)
                    await asyncio.sleep(0)
                    turn_at = time.monotonic()
        except Exception:
            log.exception("while flushing the stream")
            failure = failure or stream_error("internal error while flushing the stream", "internal_error",
                                              "server_error")
        if failure is not None:
            out += enc.fail(failure)
        out += enc.close()
        ended.append(failure)

    async def count_tokens(self, request: Request) -> Response:
        """`/v1/messages/count_tokens`: an estimate (Claude Code asks before long prompts)."""
        if not self.authorized(request):
            return messages.error(401, f"Invalid or missing API key ({messages.auth_hint}).")
        body = json_object(await request.body(), messages, "count_tokens")
        return body if isinstance(body, Response) else JSONResponse({"input_tokens": messages.estimate(body)})

    def log_turn(self, stats: dict, turn: Turn, status: int, error: str | None = None) -> None:
        for err in turn.errors:
            log.warning("call %s went bad (%s); unusable text: %.300r", err.index, err.reason, err.raw)
        stats["errors"] = turn.errors
        self.log_line(stats, status=status, format=turn.format, calls=turn.calls,
                      reasoning_chars=turn.reasoning_chars, errors=len(turn.errors), error=error)

    @staticmethod
    async def reuse(reads: Ready) -> None:
        """Read the upstream's body to its end after [DONE], so that its connection goes back to the
        pool instead of being closed (a new connection costs the next request ~0.3 ms). Bounded: an
        upstream that does not end its body promptly is closed as before."""
        with contextlib.suppress(TimeoutError, httpx.HTTPError, StopAsyncIteration):
            async with asyncio.timeout(REUSE_WAIT_S):
                left = REUSE_MAX_BYTES
                while left > 0:
                    data = reads.next()
                    if data is PENDING:
                        data = await reads.wait()
                    left -= len(data)

    def log_line(self, stats: dict, status: int, format=None, calls=0, reasoning_chars=0, errors=0,
                 error: str | None = None) -> None:
        ms = (time.monotonic() - stats["start"]) * 1000
        ex: Exchange | None = stats.get("exchange")
        if ex is not None and self.inspector is not None:
            self.inspector.end(ex, status, format, calls, stats.get("errors"), error)
        log.info("%s model=%s stream=%s status=%d format=%s calls=%d reasoning_chars=%d call_errors=%d "
                 "duration_ms=%.0f%s", stats["api"], printable(stats["model"] or "-"), stats["stream"], status, format or "-",
                 calls, reasoning_chars, errors, ms, f" error={error}" if error else "")


def create_app(config: Config) -> Starlette:
    proxy = Proxy(config)
    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    routes = [Route("/health", proxy.health), Route("/ready", readiness),
              *[Route(api.path, partial(proxy.answer, api=api), methods=["POST"]) for api in APIS],
              Route(COUNT_TOKENS, proxy.count_tokens, methods=["POST"]),
              *inspect_routes.routes(proxy),
              Route("/v1/{path:path}", proxy.forward, methods=methods)]
    guard = Middleware(Guard, hosts=allowed_hosts(config.host, config.allowed_hosts),
                       max_body=config.max_request_bytes, body_timeout=config.body_timeout,
                       max_concurrent=config.max_concurrent, load=proxy.load)
    app = Starlette(routes=routes, lifespan=proxy.lifespan,
                    middleware=[guard, Middleware(DefaultModel, proxy=proxy)])
    app.state.proxy = proxy
    return app


def app_from_env() -> Starlette:
    """Import-string factory for `uvicorn --workers N`: the config travels in an env variable."""
    config = Config(**json.loads(os.environ[CONFIG_ENV]))
    if config.log_level:
        setup_logging(config.log_level)
    return create_app(config)


def config_to_env(config: Config) -> None:
    os.environ[CONFIG_ENV] = json.dumps(asdict(config))
