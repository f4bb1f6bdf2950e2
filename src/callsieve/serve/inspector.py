"""The inspector's memory: the last few exchanges (`exchange.Exchange`, the proxy's typed record of
each request), recorded as they stream (docs/proxy.md, "The inspector").

What it keeps for each request to a wire API: who asked (API, client address, model), the request's
tools and reasoning options, each upstream piece of text with its time, what the client was sent
(bytes, in the client's API), and how the turn ended. It is bounded: `max_exchanges` exchanges
(the oldest goes first) and `max_bytes` of text and of client bytes per exchange (past that the
exchange says it is truncated). It lives in memory only, in one process (`--workers N`: each
worker shows its own). The upstream's credentials are never in it: it keeps no request headers, and
every text it shows goes through `Secrets.hide`.

`Recording` wraps a wire API's encoder (wire.Encoder): the encoder already sees every upstream chunk
and writes every byte the client gets, so recording needs no other hook in the proxy's I/O.
"""
from __future__ import annotations

import asyncio
import base64
import hmac
import itertools
from collections import deque
from typing import Any, Callable

from callsieve.serve.exchange import Exchange, Piece  # noqa: F401 - Piece: (where it was before)

MAX_EXCHANGES = 20           # default: exchanges kept (--inspect-keep)
SUBSCRIBERS_MAX = 8          # live pages at once; a ninth is refused
QUEUE_MAX = 64               # notices waiting for one live page; a page that lags this far is dropped


def chunk_text(chunk: dict) -> tuple[str, str]:
    """The text of an upstream chat.completion.chunk's first choice: content, reasoning."""
    choices = chunk.get("choices") if isinstance(chunk, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return "", ""
    delta = choices[0].get("delta")
    if not isinstance(delta, dict):
        return "", ""
    content, reasoning = delta.get("content"), delta.get("reasoning_content") or delta.get("reasoning")
    return (content if isinstance(content, str) else "", reasoning if isinstance(reasoning, str) else "")


class Recording:
    """A wire encoder that also records into an Exchange (the encoder's protocol, unchanged)."""

    def __init__(self, enc: Any, exchange: Exchange):
        self.enc, self.ex = enc, exchange

    def upstream(self, chunk: dict) -> None:
        self.enc.upstream(chunk)
        content, reasoning = chunk_text(chunk)
        if content or reasoning:
            self.ex.text(content, reasoning)

    def start(self) -> list[bytes]:
        return self._out(self.enc.start(), opening=True)

    def write(self, events: list) -> list[bytes]:
        return self._out(self.enc.write(events))

    def fail(self, error: dict) -> list[bytes]:
        return self._out(self.enc.fail(error))

    def close(self) -> list[bytes]:
        return self._out(self.enc.close())

    def _out(self, parts: list[bytes], opening: bool = False) -> list[bytes]:
        self.ex.wrote(parts)
        if parts and not opening:
            self.ex.answered()
        return parts


class Inspector:
    """The bounded store of exchanges and the live pages that follow it."""

    def __init__(self, max_exchanges: int = MAX_EXCHANGES, hide: Callable[[str], str] = lambda s: s):
        self.exchanges: deque[Exchange] = deque(maxlen=max(1, max_exchanges))
        self.hide = hide
        self.ids = itertools.count(1)
        self.pages: set[asyncio.Queue] = set()

    def begin(self, api: str, client: str, model: str, stream: bool, options: dict[str, Any],
              session: Any = None) -> Exchange:
        """A new exchange, kept (the oldest goes when `max_exchanges` are): its changes and its end
        (exchange.Exchange.end) are told to the live pages, its texts shown through `hide`."""
        ex = Exchange.begin(next(self.ids), api, client, model, stream, options, session,
                            hide=self.hide, watch=self.changed)
        self.exchanges.append(ex)
        self.changed(ex)
        return ex

    def get(self, id: int) -> Exchange | None:
        return next((ex for ex in self.exchanges if ex.id == id), None)

    def changed(self, ex: Exchange) -> None:
        notice = ex.summary()
        for q in list(self.pages):
            try:
                q.put_nowait(notice)
            except asyncio.QueueFull:   # a page that does not read is let go, not waited for
                self.pages.discard(q)   # (its reader sees it is no longer followed, and ends)

    def follow(self) -> asyncio.Queue | None:
        """A queue of notices for one live page; None when SUBSCRIBERS_MAX pages already follow."""
        if len(self.pages) >= SUBSCRIBERS_MAX:
            return None
        q: asyncio.Queue = asyncio.Queue(QUEUE_MAX)
        self.pages.add(q)
        return q

    def leave(self, q: asyncio.Queue) -> None:
        self.pages.discard(q)


def allowed(headers: Any, key: str | None) -> bool:
    """Behind --api-key the page needs the key: as OpenAI clients send it, as Anthropic's, or as a
    browser does after its login prompt (HTTP Basic, any user name, the key as password)."""
    if not key:
        return True
    auth = headers.get("authorization", "")
    if hmac.compare_digest(auth, "Bearer " + key) or hmac.compare_digest(headers.get("x-api-key", ""), key):
        return True
    if auth[:6].lower() == "basic ":
        try:
            _, _, password = base64.b64decode(auth[6:], validate=True).decode("utf-8").partition(":")
        except (ValueError, UnicodeDecodeError):
            return False
        return hmac.compare_digest(password, key)
    return False
