"""One translated request and its answer, as a typed record: who asked, what the answer was, how it
ended.  The proxy keeps one per request to a wire API (answer.py); the log line and the inspector
(inspector.py, which keeps the last few) read its fields, so the two cannot tell different stories.

Recording the upstream's text (`pieces`) and the client's bytes (`sent`) is the inspector's
(`inspector.Recording` writes them, bounded by MAX_BYTES); without the inspector they stay empty.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable


log = logging.getLogger("callsieve.serve")
MAX_BYTES = 1 << 20          # text and client bytes kept per exchange, each


@dataclass
class Piece:
    """One upstream chunk's text: seconds after the request, `delta.content`, `delta.reasoning_content`."""
    at: float
    content: str
    reasoning: str


def unchanged(text: str) -> str:
    return text


def unwatched(ex: "Exchange") -> None:
    pass


@dataclass
class Exchange:
    id: int                                  # the inspector's number (0: not kept)
    api: str                                 # the wire API's name (apis.APIS)
    client: str                              # host:port of the client
    model: str                               # as the request named it (printable)
    stream: bool
    started: float                           # wall clock (time.time) of the request
    options: dict[str, Any]                  # tools, format forced, reasoning options: what a replay needs
    session_format: str | None = None        # the model's Session before the turn (template, name, or memory)
    session_source: str = "none"             # where that came from: template, model name, session
    pieces: list[Piece] = field(default_factory=list)
    sent: list[bytes] = field(default_factory=list)
    first_token: float | None = None         # seconds to the first byte of the answer beyond its opening
    ended: float | None = None               # seconds to the end
    status: int | None = None                # the status the client got (499: it went away)
    format: str | None = None
    opened: int = 0                          # calls the answer opened (runnable or not)
    reasoning_chars: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)   # calls refused: index, reason, raw (hidden)
    error: str | None = None                 # how the stream ended, if it failed
    truncated: bool = False
    hide: Callable[[str], str] = field(default=unchanged, repr=False, compare=False)   # Secrets.hide
    watch: Callable[["Exchange"], None] = field(default=unwatched, repr=False, compare=False)  # told of changes
    _text_bytes: int = 0
    _sent_bytes: int = 0
    _t0: float = field(default_factory=time.monotonic)

    @classmethod
    def begin(cls, id: int, api: str, client: str, model: str, stream: bool, options: dict[str, Any],
              session: Any = None, **kw: Any) -> "Exchange":
        """A request begins now; `session`: the model's Session as the turn starts (its format and
        where that came from)."""
        ex = cls(id, api, client, model, stream, time.time(), options, **kw)
        if session is not None:
            ex.session_format = session.format
            ex.session_source = ("template" if session.derived is not None or session.tokens
                                 else "session" if session.confirmed else "model name")
        return ex

    @property
    def calls(self) -> int:
        """The calls the client could run: those opened, less those that started and went bad."""
        bad = sum(1 for e in self.errors if e["index"] is not None)
        return max(0, self.opened - bad)

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
        """What the inspector's list shows (and its live view sends) about this exchange."""
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

    def answered(self, at: float | None = None) -> None:
        """The first byte of the answer beyond its opening went out now, or `at` seconds after the
        request (the time to first token)."""
        if self.first_token is None:
            self.first_token = self.now() if at is None else at
            self.watch(self)

    def end(self, status: int, turn: Any = None, error: str | None = None) -> None:
        """The exchange is over: `status` is what the client got, `turn` (a turn.Turn) what was
        answered, `error` how a stream that began with 200 ended.  Once: the log line, then the
        inspector's notice; a second ending (a client leaving after the end) changes nothing."""
        if self.ended is not None:
            return
        if turn is not None:
            for err in turn.errors:
                log.warning("call %s went bad (%s); unusable text: %.300r", err.index, err.reason, err.raw)
            self.format, self.opened, self.reasoning_chars = turn.format, turn.calls, turn.reasoning_chars
            self.errors = [{"index": e.index, "reason": e.reason, "raw": self.hide(e.raw)} for e in turn.errors]
        self.ended, self.status, self.error = self.now(), status, error
        log.info("%s model=%s stream=%s status=%d format=%s calls=%d reasoning_chars=%d call_errors=%d "
                 "duration_ms=%.0f%s", self.api, self.model, self.stream, status,
                 self.format or "-", self.opened, self.reasoning_chars, len(self.errors), self.ended * 1000,
                 f" error={error}" if error else "")
        self.watch(self)
