"""Writes to a client, bounded in time: a client that stops reading gives back what it holds.

A streamed answer holds an upstream connection (and an admission slot) until its last byte is
written, and a write waits while the client does not read: uvicorn stops taking bytes once
64 KiB are buffered for a connection (its flow control), so a client that never reads left its
answer, and the upstream connection under it, waiting forever (issue 35: 100 such clients held
every upstream connection). `Bounded` gives each write `write_timeout` seconds: a client that
takes nothing for that long has its answer ended there, its upstream request closed (the
upstream stops generating) and its connection closed by uvicorn. What waits meanwhile is at
most uvicorn's 64 KiB plus the one write in flight: the body is not read further.
"""
from __future__ import annotations

import asyncio
import logging

from starlette.responses import StreamingResponse

from callsieve.serve.capacity import WRITE_TIMEOUT_S

log = logging.getLogger("callsieve.serve")


class Stalled(Exception):
    """A client took no bytes within the write timeout."""


def bounded(send, seconds: float | None):
    """`send`, raising Stalled when one message is not taken within `seconds` (None: unbounded)."""
    if not seconds:
        return send

    async def bounded_send(message):
        try:
            async with asyncio.timeout(seconds):
                await send(message)
        except TimeoutError:
            raise Stalled(f"the client took no bytes for {seconds:g} s") from None

    return bounded_send


class Bounded(StreamingResponse):
    """A StreamingResponse whose writes are bounded (see the module docstring); subclasses write
    their body in `write(send)`."""

    def __init__(self, *args, write_timeout: float | None = WRITE_TIMEOUT_S, **kwargs):
        super().__init__(*args, **kwargs)
        self.write_timeout = write_timeout

    async def stream_response(self, send) -> None:
        try:
            await self.write(bounded(send, self.write_timeout))
        except Stalled as e:
            log.warning("%s (--write-timeout): its answer is ended and its upstream request closed", e)
            # the body is a generator suspended at a yield: closing it here, in the task that
            # iterated it, runs its cleanup (the upstream response closed) now. The response
            # stays incomplete, so uvicorn closes the client's connection.
            aclose = getattr(self.body_iterator, "aclose", None)
            if aclose is not None:
                await aclose()

    async def write(self, send) -> None:
        await super().stream_response(send)
