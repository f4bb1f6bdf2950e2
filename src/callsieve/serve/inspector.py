"""The inspector's memory: the last few exchanges, recorded as they stream (docs/proxy.md, "The inspector").

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
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

MAX_EXCHANGES = 20           # default: exchanges kept (--inspect-keep)
MAX_BYTES = 1 << 20          # text and client bytes kept per exchange, each
SUBSCRIBERS_MAX = 8          # live pages at once; a ninth is refused
QUEUE_MAX = 64               # notices waiting for one live page; a page that lags this far is dropped


@dataclass
class Piece:
    """One upstream chunk's text: seconds after the request, `delta.content`, `delta.reasoning_content`."""
    at: float
    content: str
    reasoning: str


@dataclass
class Exchange:
    id: int
    api: str
    client: str
    model: str
    stream: bool
    started: float                           # wall clock (time.time) of the request
    options: dict[str, Any]                  # tools, format forced, reasoning options: what a replay needs
    session_format: str | None = None        # the model's Session before the turn (template, name, or memory)
    session_source: str = "none"             # where that came from: template, model name, session
    pieces: list[Piece] = field(default_factory=list)
    sent: list[bytes] = field(default_factory=list)
    first_token: float | None = None         # seconds to the first byte of the answer beyond its opening
    ended: float | None = None               # seconds to the end
    status: int | None = None
    format: str | None = None
    calls: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None                 # how the stream ended, if it failed
    truncated: bool = False
    _text_bytes: int = 0
    _sent_bytes: int = 0
    _t0: float = field(default_factory=time.monotonic)

    @property
    def raw(self) -> str:
        """What the model wrote as text, as the upstream sent it (delta.content), in order."""
        return "".join(p.content for p in self.pieces)

    @property
    def format_source(self) -> str:
        """How the format was chosen: forced (--format / the request), the session's (from the
        template, the model's name or an earlier turn), or read from this turn's output."""
        if (self.options.get("sieve") or {}).get("format"):
            return "forced"
        if self.format and self.format == self.session_format:
            return self.session_source
        return "output" if self.format else "-"

    def summary(self) -> dict[str, Any]:
        """What the list shows (and the live view sends) about this exchange."""
        chars = sum(len(p.content) + len(p.reasoning) for p in self.pieces)
        span = (self.ended or 0) - (self.first_token or 0)
        return {"id": self.id, "api": self.api, "client": self.client, "model": self.model,
                "stream": self.stream, "started": self.started, "status": self.status,
                "format": self.format, "format_source": self.format_source, "calls": self.calls,
                "refused": len(self.errors), "error": self.error, "done": self.ended is not None,
                "first_token_ms": None if self.first_token is None else round(self.first_token * 1000),
                "duration_ms": None if self.ended is None else round(self.ended * 1000),
                "pieces": len(self.pieces), "chars": chars,
                "pieces_per_s": round(len(self.pieces) / span, 1) if self.ended and span > 0 else None,
                "truncated": self.truncated}

    def now(self) -> float:
        return time.monotonic() - self._t0

    def text(self, content: str, reasoning: str) -> None:
        size = len(content) + len(reasoning)
        if self._text_bytes + size > MAX_BYTES:
            self.truncated = True
            return
        self._text_bytes += size
        self.pieces.append(Piece(self.now(), content, reasoning))

    def wrote(self, parts: list[bytes]) -> None:
        for part in parts:
            if self._sent_bytes + len(part) > MAX_BYTES:
                self.truncated = True
                return
            self._sent_bytes += len(part)
            self.sent.append(part)


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

    def __init__(self, enc: Any, exchange: Exchange, changed: Callable[[Exchange], None]):
        self.enc, self.ex, self.changed = enc, exchange, changed
        self._opened = False

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
        if parts and not opening and self.ex.first_token is None:
            self.ex.first_token = self.ex.now()
            self.changed(self.ex)
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
        ex = Exchange(next(self.ids), api, client, model, stream, time.time(), options)
        if session is not None:
            ex.session_format = session.format
            ex.session_source = ("template" if session.derived is not None or session.tokens
                                 else "session" if session.confirmed else "model name")
        self.exchanges.append(ex)
        self.changed(ex)
        return ex

    def end(self, ex: Exchange, status: int, format: str | None = None, calls: int = 0,
            errors: list | None = None, error: str | None = None) -> None:
        """The exchange is over (called once, where the proxy logs its line)."""
        if ex.ended is not None:
            return
        bad = sum(1 for e in errors or () if e.index is not None)   # calls that started, then went bad
        ex.ended, ex.status, ex.format, ex.calls, ex.error = ex.now(), status, format, max(0, calls - bad), error
        ex.errors = [{"index": e.index, "reason": e.reason, "raw": self.hide(e.raw)} for e in errors or ()]
        self.changed(ex)

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
