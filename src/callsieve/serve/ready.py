"""Tell, before waiting for the upstream, whether its next piece is already there.

The proxy sends the client one write per upstream *socket read*, not one per SSE event: a read
often holds hundreds of events (http1.py hands a socket read over whole), and each
write to the client costs an ASGI send, an HTTP frame and a syscall (≈ 30 % of the proxy's CPU
when every event went out on its own). To batch without adding latency, the translated output
must go out exactly when the next upstream piece is *not* ready yet: never later, so a chunk is
not held while the model is silent, and never earlier, so pieces already received share a write.

An async iterator cannot say that, so `Ready.next()` starts the next `__anext__()` by hand, with
one `send(None)`: if it completes at once (the piece was in the stream's buffer already), the piece
is returned; if it suspends, the read is left pending and `PENDING` is returned. The caller sends
what it has and then `await`s `wait()`, which hands the pending read back to the event loop and
resumes it exactly where it stopped (in the same task, as `await` would: anyio's cancel scopes
inside httpcore, for an https upstream, must be left in the task that entered them). `close()` unwinds a read left
pending when the caller stops early (the client went away while its write was in flight).
"""
from __future__ import annotations

from typing import Any, AsyncIterator

PENDING: Any = object()


class _Resume:
    """Await a coroutine that has already run up to its first suspension (it yielded `first`)."""

    __slots__ = ("coro", "first")

    def __init__(self, coro, first):
        self.coro, self.first = coro, first

    def __await__(self):
        coro, out = self.coro, self.first
        while True:  # what `yield from coro` does, starting after its first yield
            try:
                sent = yield out
            except BaseException as e:  # cancellation and the like go to the read, as with `await`
                try:
                    out = coro.throw(e)
                except StopIteration as stop:
                    return stop.value
            else:
                try:
                    out = coro.send(sent)
                except StopIteration as stop:
                    return stop.value


class Ready:
    """Step through an async iterator, learning for each item whether it was there already."""

    def __init__(self, source: AsyncIterator):
        self.source = source
        # The read `next()` left pending: the started __anext__ awaitable and what it yielded.
        # Typed Any: typing promises an Awaitable, but it is a coroutine-like object with
        # send() and throw() (the async generator's asend, or a coroutine).
        self.step: Any = None
        self.first: Any = None

    def next(self):
        """The next item if it is there without waiting, else `PENDING` (then call `wait()`).

        Raises StopAsyncIteration at the end, and whatever the iterator raises.
        """
        step: Any = self.source.__anext__()
        try:
            first = step.send(None)
        except StopIteration as stop:
            return stop.value
        self.step, self.first = step, first
        return PENDING

    async def wait(self):
        """The item that `next()` found not ready: wait for it."""
        step, first = self.step, self.first
        self.step = self.first = None
        return await _Resume(step, first)

    async def close(self) -> None:
        """Unwind a read left pending (its item is not wanted any more); a no-op otherwise."""
        if self.step is None:
            return
        step = self.step
        self.step = self.first = None
        try:
            out = step.throw(GeneratorExit)
            await _Resume(step, out)  # the read awaited while unwinding (e.g. closing its connection)
        except BaseException:  # noqa: BLE001 - the read is being thrown away, whatever it says
            pass
