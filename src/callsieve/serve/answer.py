"""The translated exchange: a request in one of the wire APIs (apis.APIS) read and checked
(request.py), sent upstream in Chat Completions, and its answer written back in the client's API,
streamed (translate.py) or folded from the stream.  Each request is one typed `Exchange`
(exchange.py), which the log line and the inspector read.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, AsyncIterator

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from callsieve.serve import messages, replay
from callsieve.serve.catalogue import Models
from callsieve.serve.config import Config
from callsieve.serve.embedded import ignored_tool_choice
from callsieve.serve.exchange import Exchange
from callsieve.serve.guard import printable
from callsieve.serve.inspector import Inspector, Recording
from callsieve.serve.relay import Relay
from callsieve.serve.request import Translated, json_object, translate
from callsieve.serve.stream import JSONAnswer, KeptAlive
from callsieve.serve.translate import translated
from callsieve.serve.turn import Turn
from callsieve.serve.upstream_reader import as_stream, body_streams, stream_error
from callsieve.serve.wire import Encoder, Failed, WireAPI

log = logging.getLogger("callsieve.serve")
LATE = object()            # unless_gone(): neither the answer nor the client's leaving came in time

async def unless_gone(request: Request, awaitable: Any, timeout: float | None = None) -> Any:
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


class Answers:
    """The routes of the wire APIs: each request one Exchange, from its reading to its end."""

    def __init__(self, config: Config, relay: Relay, models: Models, memory: replay.Memory | None,
                 inspector: Inspector | None):
        self.config, self.relay, self.models, self.memory, self.inspector = config, relay, models, memory, inspector

    async def answer(self, request: Request, api: WireAPI) -> Response:
        """A request in one of the wire APIs (apis.APIS): translated into Chat Completions for the
        upstream, its answer through the Sieve, written back in `api`."""
        if not self.relay.authorized(request):
            return api.error(401, f"Invalid or missing API key ({api.auth_hint}).", "authentication_error")
        req = await translate(request, api, self.config, self.models, self.memory, self.relay.headers(request.headers))
        if isinstance(req, Response):
            return req
        ex = self.begin(request, api, req)
        ignored = self.config.embedded_pid is not None and ignored_tool_choice(req.chat_body)
        if ignored:
            log.warning("%s", ignored)
        client = self.relay.client
        headers = {**self.relay.headers(request.headers), "content-type": "application/json"}
        sending = asyncio.ensure_future(client.send(client.build_request(
            "POST", self.relay.base + "/chat/completions", headers=headers, content=req.content), stream=True))
        try:
            resp = await unless_gone(request, sending, (self.config.keepalive or None) if ex.stream else None)
        except httpx.HTTPError as e:
            ex.end(502)
            return self.relay.unreachable(e, api)
        if resp is None:  # the client went away while the upstream was still thinking
            ex.end(499)
            return Response(status_code=499)
        if resp is LATE:  # no headers yet (llama.cpp sends none before its first token): the
            # client gets its stream's now, and keep-alives until the upstream answers
            return self.event_stream(api, self.late(sending, req, api, self.encoder(api, req, ex), ex))
        return await self.answered(request, resp, req, api, ex)

    def begin(self, request: Request, api: WireAPI, req: Translated) -> Exchange:
        """The request's Exchange, kept by the inspector when it is on."""
        model, stream = printable(api.model(req.body) or "-"), api.stream(req.body)
        peer = f"{request.client.host}:{request.client.port}" if request.client else "-"
        if self.inspector is None:
            return Exchange.begin(0, api.name, peer, model, stream, req.seen)
        return self.inspector.begin(api.name, peer, model, stream, req.seen, req.seen["session"])

    def encoder(self, api: WireAPI, req: Translated, ex: Exchange) -> Encoder:
        """The stream's encoder in the client's API (recorded when the inspector keeps the exchange)."""
        return self.recorded(api.encoder(req.body, req.chat_body), ex)

    def recorded(self, enc: Encoder, ex: Exchange) -> Encoder:
        """The encoder, recording into the exchange when the inspector keeps it."""
        return enc if self.inspector is None else Recording(enc, ex)

    def event_stream(self, api: WireAPI, body: AsyncIterator[bytes]) -> KeptAlive:
        return KeptAlive(body, api.KEEPALIVE, self.config.keepalive, headers={"cache-control": "no-cache"},
                         write_timeout=self.config.write_timeout)

    def stream(self, resp: httpx.Response, turn: Turn, enc: Encoder, ex: Exchange, whole: bytes | None = None,
               started: bool = False) -> AsyncIterator[bytes]:
        return translated(resp, turn, enc, ex, self.relay.secrets.hide, self.config.embedded_context, whole, started)

    async def answered(self, request: Request, resp: httpx.Response, req: Translated, api: WireAPI,
                       ex: Exchange) -> Response:
        """The upstream's answer, its headers in: streamed through a Turn, or folded from one."""
        if ex.stream and body_streams(resp.status_code, resp.headers.get("content-type")):
            return self.event_stream(api, self.stream(resp, req.make_turn(), self.encoder(api, req, ex), ex))
        try:
            data = await unless_gone(request, resp.aread())
        except httpx.HTTPError as e:
            ex.end(502)
            return self.relay.unreachable(e, api)
        finally:
            await resp.aclose()
        if data is None:
            ex.end(499)
            return Response(status_code=499)
        if resp.status_code != 200:
            ex.end(resp.status_code)
            return self.relay.upstream_error(api, resp, data)
        if not ex.stream:
            return await self.whole_answer(resp, data, req.make_turn(), api, req.body, req.chat_body, ex)
        whole = as_stream(data)   # a streamed request answered with one JSON answer: that answer, as SSE
        if whole is None:
            ex.end(502)
            return api.error(502, not_a_stream(resp), "upstream_error")
        return self.event_stream(api, self.stream(resp, req.make_turn(), self.encoder(api, req, ex), ex, whole))

    async def late(self, sending: asyncio.Future[httpx.Response], req: Translated, api: WireAPI, enc: Encoder,
                   ex: Exchange) -> AsyncIterator[bytes]:
        """A stream whose upstream had not answered within `keepalive`: its start goes out at once
        (or a keep-alive), then what `answered` would have sent, an error now as the stream's error
        event (its status cannot change any more)."""
        failure, whole = None, None
        resp: httpx.Response | None = None
        hide = self.relay.secrets.hide
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
                        failure = failure_of(self.relay.upstream_error(api, resp, data))
                    else:
                        whole = as_stream(data)
                        if whole is None:
                            failure = stream_error(not_a_stream(resp).removeprefix("callsieve: "), "upstream_unreadable")
            except httpx.HTTPError as e:
                failure = stream_error(hide(f"the upstream is unreachable ({type(e).__name__}: {e})"),
                                       "upstream_unreachable")
        except BaseException:  # the client went away before the upstream answered
            sending.cancel()
            if resp is not None:
                await resp.aclose()
            ex.end(499)
            raise
        if failure is not None:
            ex.end(200, error=failure["code"])
            yield b"".join(enc.fail(failure) + enc.close())
            return
        assert resp is not None  # no failure: the upstream answered
        async for part in self.stream(resp, req.make_turn(), enc, ex, whole, started=True):
            yield part

    async def whole_answer(self, resp: httpx.Response, data: bytes, turn: Turn, api: WireAPI, body: dict,
                           chat_body: dict, ex: Exchange) -> Response:
        """A non-streamed answer: the fold of the stream the upstream's completion `data` stands for,
        through the same Turn as a streamed answer, into the API's fold of its events
        (`WireAPI.answer`), so that the two cannot disagree."""
        whole = as_stream(data)
        if whole is None:
            ex.end(502)
            return api.error(502, "callsieve: the upstream sent an unreadable answer (no chat completion)",
                             "upstream_error")
        # folded as it is written, one piece at a time: the stream yields to the other clients
        # between pieces (SLICE_S), so the fold of a heavy answer does too (30,000 calls folded in
        # one step held every client for seconds)
        folded = api.answer(body, chat_body)
        async for _ in self.stream(resp, turn, self.recorded(folded, ex), ex, whole):
            pass
        try:
            answer = JSONAnswer(folded.result())
        except Failed as e:
            status = 500 if e.error.get("code") == "internal_error" else 502
            return api.error(status, e.error.get("message") or "callsieve: the answer failed",
                             "server_error" if status == 500 else "upstream_error", e.error.get("code"))
        if self.inspector is not None:   # what the client gets: this one body, once the answer is whole
            ex.wrote([bytes(answer.body)])
            ex.answered(ex.ended)
        return answer

    async def count_tokens(self, request: Request) -> Response:
        """`/v1/messages/count_tokens`: an estimate (Claude Code asks before long prompts)."""
        if not self.relay.authorized(request):
            return messages.error(401, f"Invalid or missing API key ({messages.auth_hint}).")
        body = json_object(await request.body(), messages, "count_tokens")
        return body if isinstance(body, Response) else JSONResponse({"input_tokens": messages.estimate(body)})

