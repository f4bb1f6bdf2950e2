"""The translated stream: the upstream's body in, through a Turn and the client's encoder, the
client's bytes out, in batches that go out when the client should get them (the first token at
once) or when the other streams should get their turn.  It ends its exchange (exchange.py) once
the answer is complete, or with 499 when the client left first.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import AsyncGenerator, AsyncIterator, Callable

import httpx

from callsieve.serve.exchange import Exchange, unchanged
from callsieve.serve.ready import PENDING, Ready
from callsieve.serve.turn import Turn, Unreadable
from callsieve.serve.upstream_reader import Chunk, Done, Failure, UpstreamReader, stream_error
from callsieve.serve.wire import Encoder

log = logging.getLogger("callsieve.serve")
SLICE_S = 0.001             # about the longest one stream works before the event loop serves the others
                            # (checked after each upstream chunk; bench/sharedload.py: 5 ms let a light
                            # client wait ~1 s beside two heavy streams, 1 ms a few hundred ms)
REUSE_WAIT_S, REUSE_MAX_BYTES = 0.1, 65536  # how long and how much to read after [DONE] to keep the connection


async def once(data: bytes) -> AsyncIterator[bytes]:
    yield data


def taken(out: list[bytes]) -> bytes:
    """What `out` holds, as one write; `out` is emptied."""
    batch = b"".join(out)
    out.clear()
    return batch


async def translated(resp: httpx.Response, turn: Turn, enc: Encoder, ex: Exchange,
                     hide: Callable[[str], str] = unchanged, context: int | None = None,
                     whole: bytes | None = None, started: bool = False) -> AsyncIterator[bytes]:
    """The client's stream of the upstream's answer `resp`.  `hide`: Secrets.hide, for the
    errors that name the upstream; `context`: the embedded server's, for its overflow message;
    `whole`: the upstream's answer already read (as SSE), instead of its body; `started`: the
    encoder's start already went out (answer.py's `late`)."""
    reader = UpstreamReader(resp.encoding or "utf-8", context)
    # raw: no per-piece decoding layer when the upstream did not compress the stream
    reads = Ready(once(whole) if whole is not None else resp.aiter_bytes()
                  if resp.headers.get("content-encoding") else resp.aiter_raw())
    out: list[bytes] = [] if started else enc.start()  # translated, not sent yet
    end: list = []
    try:
        failure = None
        try:
            async with contextlib.aclosing(pump(reads, reader, turn, enc, out, end)) as pumped:
                async for batch in pumped:
                    yield batch
        except httpx.HTTPError as e:
            failure = stream_error(hide(f"the upstream stream broke off ({type(e).__name__}: {e})"),
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
        async for batch in ending(turn, enc, out, failure, ended):
            yield batch
        failure = ended[0]
        # the answer is complete: the exchange ends now, as the client may close (and cancel us) at
        # once; the status is the one the client got (the headers went out with 200), how it ended `error`
        ex.end(200, turn, None if failure is None else failure.get("code") or "upstream_error")
        yield taken(out)
        if done:  # the client has it all; the upstream connection can serve the next request
            await reuse(reads)
    finally:
        await reads.close()  # a read still pending when the client went away mid-write
        await resp.aclose()  # on a client disconnect (cancellation) this cancels the upstream request
        ex.end(499, turn)    # (nothing if it ended above)


async def pump(reads: Ready, reader: UpstreamReader, turn: Turn, enc: Encoder, out: list, end: list
               ) -> AsyncGenerator[bytes, None]:
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


async def ending(turn: Turn, enc: Encoder, out: list, failure: dict | None, ended: list) -> AsyncIterator[bytes]:
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
