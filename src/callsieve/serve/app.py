"""The Starlette app: an OpenAI-compatible proxy that parses tool calls out of upstream text."""
from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import logging
import os
import time
from dataclasses import asdict, dataclass

import httpx
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from callsieve import Session, Sieve, parse
from callsieve.serve.ready import PENDING, Ready
from callsieve.serve.stream import Options, SSELines, Turn, loads, sse
from callsieve.serve.upstream import DefaultModel, readiness
from callsieve.serve.whole import translate

log = logging.getLogger("callsieve.serve")
CONFIG_ENV = "CALLSIEVE_SERVE_CONFIG"
REUSE_WAIT_S, REUSE_MAX_BYTES = 0.1, 65536  # how long and how much to read after [DONE] to keep the connection
HOP_HEADERS = {"host", "content-length", "transfer-encoding", "connection", "keep-alive",
               "authorization", "accept-encoding", "content-encoding"}


@dataclass
class Config:
    upstream: str                      # base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8080/v1
    api_key: str | None = None         # clients must send "Authorization: Bearer <api_key>"
    upstream_api_key: str | None = None
    format: str | None = None          # force one format name (None: detect)
    reasoning_format: str = "auto"     # default for requests without "reasoning_format"
    timeout: float | None = None       # upstream read timeout (None: wait as long as the model writes)
    log_level: str | None = None       # set up logging in each worker process (--workers N)


def upstream_base(url: str) -> str:
    """`http://h:p` and `http://h:p/` mean `http://h:p/v1`; anything with a path is kept."""
    url = url.rstrip("/")
    return url if httpx.URL(url).path not in ("", "/") else url + "/v1"


def error(status: int, message: str, type_: str = "invalid_request_error", code=None) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": type_, "param": None, "code": code}}, status)


def stream_error(message: str, code: str, type_: str = "upstream_error") -> dict:
    return {"error": {"message": "callsieve: " + message, "type": type_, "param": None, "code": code}}


def thinking_of(body: dict) -> bool | None:
    """Thinking on/off from the request (formats.md §4 rule 2); None when the request does not say."""
    kw = body.get("chat_template_kwargs") or {}
    for key in ("enable_thinking", "thinking"):
        if isinstance(kw.get(key), bool):
            return kw[key]
    if body.get("reasoning_effort") == "none":
        return False
    return None


async def unless_gone(request: Request, awaitable):
    """Await `awaitable`, unless the client disconnects first: then cancel it and return None."""
    async def gone():
        while (await request.receive())["type"] != "http.disconnect":
            pass

    work, watch = asyncio.ensure_future(awaitable), asyncio.ensure_future(gone())
    try:
        await asyncio.wait({work, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
        if not work.done():
            work.cancel()
    if work.cancelled():
        return None
    return work.result()


class Proxy:
    def __init__(self, config: Config):
        self.config = config
        self.base = upstream_base(config.upstream)
        self.sessions: dict[str, Session] = {}
        self.upstream_models: list[str] = []
        self.client: httpx.AsyncClient | None = None

    # -- plumbing ----------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        timeout = httpx.Timeout(connect=10.0, read=self.config.timeout, write=60.0, pool=None)
        # One client for every request: its cookie jar must keep nothing, or a Set-Cookie from
        # one user's upstream answer would go upstream with everyone's later requests.
        no_cookies = http.cookiejar.CookieJar(policy=http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
        async with httpx.AsyncClient(timeout=timeout, limits=httpx.Limits(max_keepalive_connections=20),
                                     cookies=no_cookies) as client:
            self.client = client
            await self.refresh_models()
            yield

    async def refresh_models(self) -> None:
        """Pre-seed a Session per upstream model (best effort: the upstream may still be loading)."""
        with contextlib.suppress(Exception):
            r = await self.client.get(self.base + "/models", headers=self.headers({}))
            ids = [m["id"] for m in r.json().get("data", []) if isinstance(m, dict) and m.get("id")]
            self.upstream_models = ids
            for model in ids:
                self.session(model)

    def session(self, model: str) -> Session:
        """The per-model format memory; an unknown alias of a single-model upstream uses its name."""
        if model not in self.sessions:
            sess = Session.for_model(model)
            if getattr(sess, "format", None) is None and len(self.upstream_models) == 1:
                sess = Session.for_model(self.upstream_models[0])
            self.sessions[model] = sess
        return self.sessions[model]

    def headers(self, incoming) -> dict:
        h = {k: v for k, v in incoming.items() if k.lower() not in HOP_HEADERS}
        if self.config.upstream_api_key:
            h["authorization"] = "Bearer " + self.config.upstream_api_key
        elif not self.config.api_key and "authorization" in incoming:
            h["authorization"] = incoming["authorization"]  # no key of ours: the client's is for the upstream
        return h

    def authorized(self, request: Request) -> bool:
        key = self.config.api_key
        return not key or request.headers.get("authorization", "") == "Bearer " + key

    # -- endpoints ---------------------------------------------------------------------------
    async def health(self, request: Request) -> Response:
        return JSONResponse({"status": "ok", "upstream": self.base})

    async def forward(self, request: Request) -> Response:
        """Any other /v1/* request: passed on unchanged, streamed both ways."""
        if not self.authorized(request):
            return error(401, "Invalid or missing API key (send 'Authorization: Bearer <key>').", "authentication_error")
        path = request.url.path[len("/v1"):]
        url = httpx.URL(self.base + path, query=request.url.query.encode())
        req = self.client.build_request(request.method, url, headers=self.headers(request.headers),
                                        content=request.stream())
        try:
            resp = await self.client.send(req, stream=True)
        except httpx.HTTPError as e:
            return self.unreachable(e)
        if path == "/models" and resp.status_code == 200:
            body = await resp.aread()
            await resp.aclose()
            with contextlib.suppress(Exception):
                self.upstream_models = [m["id"] for m in json.loads(body)["data"]]
            return Response(body, resp.status_code, headers=self.resp_headers(resp))
        return StreamingResponse(self.relay(resp), resp.status_code, headers=self.resp_headers(resp))

    @staticmethod
    async def relay(resp: httpx.Response):
        try:
            async for part in resp.aiter_raw():
                yield part
        finally:
            await resp.aclose()

    @staticmethod
    def resp_headers(resp: httpx.Response) -> dict:
        return {k: v for k, v in resp.headers.items() if k.lower() not in HOP_HEADERS}

    def unreachable(self, e: Exception) -> Response:
        log.warning("upstream %s unreachable: %r", self.base, e)
        return error(502, f"callsieve: the upstream model server at {self.base} is unreachable "
                          f"({type(e).__name__}: {e or 'no answer'})", "upstream_error", "upstream_unreachable")

    async def chat(self, request: Request) -> Response:
        if not self.authorized(request):
            return error(401, "Invalid or missing API key (send 'Authorization: Bearer <key>').", "authentication_error")
        raw = await request.body()
        try:
            body = json.loads(raw)
        except ValueError as e:
            return error(400, f"The request body is not valid JSON: {e}")
        if not isinstance(body, dict):
            return error(400, "The request body must be a JSON object.")
        model = str(body.get("model") or "")
        reasoning = body.get("reasoning_format") or self.config.reasoning_format
        opts = Options(tools=body.get("tools") or None, format=self.config.format, reasoning=reasoning,
                       thinking=thinking_of(body), parallel_tool_calls=body.get("parallel_tool_calls") is not False,
                       tool_choice_none=body.get("tool_choice") == "none",
                       include_usage=bool((body.get("stream_options") or {}).get("include_usage")))
        stats = {"model": model, "start": time.monotonic(), "stream": bool(body.get("stream"))}
        req = self.client.build_request("POST", self.base + "/chat/completions",
                                        headers=self.headers(request.headers), content=raw)
        try:
            resp = await unless_gone(request, self.client.send(req, stream=True))
        except httpx.HTTPError as e:
            self.log_line(stats, status=502)
            return self.unreachable(e)
        if resp is None:  # the client went away while the upstream was still thinking
            self.log_line(stats, status=499)
            return Response(status_code=499)
        if resp.status_code != 200 or not stats["stream"]:
            try:
                data = await unless_gone(request, resp.aread())
            except httpx.HTTPError as e:
                return self.unreachable(e)
            finally:
                await resp.aclose()
            if data is None:
                self.log_line(stats, status=499)
                return Response(status_code=499)
            if resp.status_code != 200:
                self.log_line(stats, status=resp.status_code)
                return Response(data, resp.status_code, headers=self.resp_headers(resp))
            try:
                answer = json.loads(data)
                if not isinstance(answer, dict):
                    raise ValueError("not a JSON object")
            except ValueError as e:
                self.log_line(stats, status=502)
                return error(502, f"callsieve: the upstream sent an unreadable answer ({e})", "upstream_error")
            try:
                return JSONResponse(self.complete(answer, opts, model, stats))
            except Exception:
                log.exception("while parsing the upstream answer")
                return error(500, "callsieve: internal error while parsing the answer", "server_error")
        return StreamingResponse(self.stream(resp, opts, model, stats), media_type="text/event-stream",
                                 headers={"cache-control": "no-cache"})

    # -- the two translations ---------------------------------------------------------------
    def complete(self, data: dict, opts: Options, model: str, stats: dict) -> dict:
        sess = self.session(model)
        out, info = translate(data, opts, sess, parse)
        self.log_line(stats, status=200, **info)
        return out

    async def stream(self, resp: httpx.Response, opts: Options, model: str, stats: dict):
        sess = self.session(model)
        turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs(sess)), lambda: sess.record("native"))
        lines = SSELines(resp.encoding or "utf-8")
        # raw: no per-piece decoding layer when the upstream did not compress the stream
        reads = Ready(resp.aiter_bytes() if resp.headers.get("content-encoding") else resp.aiter_raw())
        out: list[bytes] = []  # what the upstream pieces read so far turned into, not sent yet
        first = True           # until the first token is out, each piece's output goes at once
        done = False           # the upstream said [DONE]
        failure = None
        try:
            try:
                while not done and failure is None:
                    try:
                        data = reads.next()
                        if data is PENDING:  # the upstream has nothing more for now: send what we have, then wait
                            if out:
                                batch = b"".join(out)
                                out.clear()
                                yield batch
                            data = await reads.wait()
                    except StopAsyncIteration:
                        payloads, ended = lines.close(), True
                    else:
                        payloads, ended = lines.feed(data), False
                    for payload in payloads:
                        if payload == "[DONE]":
                            done = True
                            break
                        try:
                            chunk = loads(payload)
                        except ValueError:
                            log.warning("skipping an unreadable upstream chunk: %.200r", payload)
                            continue
                        if not isinstance(chunk, dict):
                            continue
                        if "error" in chunk and not chunk.get("choices"):
                            failure = chunk
                            break
                        out += turn.feed(chunk)
                    if ended:
                        break
                    if first and turn.answered:  # time to first token: do not wait for the rest of the read
                        first = False
                        batch = b"".join(out)
                        out.clear()
                        yield batch
            except httpx.HTTPError as e:
                failure = stream_error(f"the upstream stream broke off ({type(e).__name__}: {e})",
                                       "upstream_disconnected")
            except Exception:  # a bug must not cut the stream silently
                log.exception("while translating the upstream stream")
                failure = stream_error("internal error while translating the stream", "internal_error",
                                       "server_error")
            if not done:
                await reads.close()
                await resp.aclose()
            try:
                out += turn.finish() if failure is None else turn.flush()
            except Exception:
                log.exception("while flushing the stream")
                failure = failure or stream_error("internal error while flushing the stream", "internal_error",
                                                  "server_error")
            if failure is not None:
                out.append(sse(failure))
            out.append(sse(b"[DONE]"))
            yield b"".join(out)
            if done:  # the client has it all; the upstream connection can serve the next request
                await self.reuse(reads)
        finally:
            await reads.close()  # a read still pending when the client went away mid-write
            await resp.aclose()  # on a client disconnect (cancellation) this cancels the upstream request
        for ch in turn.choices.values():
            for err in ch.errors:
                log.warning("call %d went bad (%s); unusable text: %.300r", err.index, err.reason, err.raw)
        self.log_line(stats, status=200 if failure is None else 502, format=turn.format, calls=turn.calls,
                      reasoning_chars=turn.reasoning_chars, errors=sum(len(c.errors) for c in turn.choices.values()))

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

    def log_line(self, stats: dict, status: int, format=None, calls=0, reasoning_chars=0, errors=0) -> None:
        ms = (time.monotonic() - stats["start"]) * 1000
        log.info("chat model=%s stream=%s status=%d format=%s calls=%d reasoning_chars=%d call_errors=%d "
                 "duration_ms=%.0f", stats["model"] or "-", stats["stream"], status, format or "-", calls,
                 reasoning_chars, errors, ms)


def create_app(config: Config) -> Starlette:
    proxy = Proxy(config)
    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    routes = [Route("/health", proxy.health), Route("/ready", readiness),
              Route("/v1/chat/completions", proxy.chat, methods=["POST"]),
              Route("/v1/{path:path}", proxy.forward, methods=methods)]
    app = Starlette(routes=routes, lifespan=proxy.lifespan, middleware=[Middleware(DefaultModel, proxy=proxy)])
    app.state.proxy = proxy
    return app


def app_from_env() -> Starlette:
    """Import-string factory for `uvicorn --workers N`: the config travels in an env variable."""
    config = Config(**json.loads(os.environ[CONFIG_ENV]))
    if config.log_level:
        logging.basicConfig(level=config.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        logging.getLogger("httpx").setLevel(logging.WARNING)
    return create_app(config)


def config_to_env(config: Config) -> None:
    os.environ[CONFIG_ENV] = json.dumps(asdict(config))
