"""What the inspector shows of one exchange, computed when a page asks (sans-IO).

The raw text is read again, chunk by chunk as the upstream sent it, by a Sieve with the request's
options and `markup=True`: every input character then comes out exactly once, as content,
reasoning or markup, so the spans below cover the raw text without a gap or an overlap. A span
of markup that a runnable call's `ToolCallEnd` precedes is that call's text; one that a
`ToolCallError` precedes is a refused call, with its reason. A content character emitted by a
later feed than the one that brought it was held back (it could still have been markup): its span
says for how long.
"""
from __future__ import annotations

import bisect
import copy
import json
from typing import Any

from callsieve import Sieve
from callsieve.events import Markup, Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart
from callsieve.serve.inspector import Exchange


def _sieve(ex: Exchange, session: Any) -> Sieve:
    kwargs = dict(ex.options.get("sieve") or {})
    if session is not None:       # a copy: a replay must not touch the Session clients share
        kwargs["session"] = copy.copy(session)
        kwargs["session"].history = list(session.history)
    return Sieve(markup=True, **kwargs)


def _event(e: Any) -> dict[str, Any]:
    """An event as the replay lists it."""
    if isinstance(e, (Text, Reasoning, Markup)):
        return {"kind": type(e).__name__, "text": e.text}
    if isinstance(e, ToolCallStart):
        return {"kind": "ToolCallStart", "index": e.index, "name": e.name}
    if isinstance(e, ToolCallArgs):
        return {"kind": "ToolCallArgs", "index": e.index, "delta": e.delta}
    if isinstance(e, ToolCallEnd):
        return {"kind": "ToolCallEnd", "index": e.index, "name": e.name, "arguments": e.arguments}
    if isinstance(e, ToolCallError):
        return {"kind": "ToolCallError", "index": e.index, "reason": e.reason}
    return {"kind": type(e).__name__}


class _Spans:
    """Events in, spans of the raw text out (see the module docstring).

    Each emitted text is placed where it stands in the raw text. The layout may move whitespace
    (the space before a call becomes the one after it, trimmed ends come out as markup later):
    whitespace that does not stand where it is emitted is skipped there (a markup span where the
    raw text has it), so the spans still cover the raw text exactly, in its own order."""

    def __init__(self, ex: Exchange):
        self.ex, self.raw = ex, ex.raw
        self.spans: list[dict[str, Any]] = []
        self.pos = 0                   # raw characters covered so far
        self.lost = False              # an emitted text that the raw text does not have here
        self.pending: dict[str, Any] | None = None   # a call's end or error, waiting for its markup
        self.names: dict[int, str] = {}

    def add(self, events: list, feed: int, starts: list[int]) -> None:
        for e in events:
            if isinstance(e, ToolCallStart):
                self.names[e.index] = e.name
            elif isinstance(e, ToolCallEnd):
                self.pending = {"kind": "call", "name": e.name,
                                "arguments": json.dumps(e.arguments, ensure_ascii=False)}
            elif isinstance(e, ToolCallError):
                name = self.names.get(e.index) if e.index is not None else None
                self.pending = {"kind": "refused", "reason": e.reason, "name": name}
            elif isinstance(e, (Text, Reasoning)):
                self._text("content" if isinstance(e, Text) else "reasoning", e.text, feed, starts)
            elif isinstance(e, Markup):
                span = self.pending or {"kind": "markup"}
                if self._place(e.text):
                    self.pending = None
                    self._put({**span, "text": self.last_text})

    def _place(self, text: str) -> bool:
        """Move to where `text` stands (past whitespace the layout moved); False: it is moved
        whitespace itself (already covered), or lost."""
        if self.lost:
            return False
        if self.raw.startswith(text, self.pos):
            self.last_text = text
            return True
        core = text.lstrip()
        if not core:
            return False                       # moved whitespace: its place was skipped as markup
        k = self.pos
        while k < len(self.raw) and self.raw[k].isspace() and not self.raw.startswith(core, k):
            k += 1
        if not self.raw.startswith(core, k):
            self.lost = True
            return False
        if k > self.pos:
            self._put({"kind": "markup", "text": self.raw[self.pos:k]})
        self.last_text = core
        return True

    def _text(self, kind: str, text: str, feed: int, starts: list[int]) -> None:
        if not self._place(text):
            return
        text = self.last_text
        # characters before this feed's own piece arrived earlier: they were held back
        arrived = starts[feed] if feed < len(starts) else len(self.raw)
        held = max(0, min(len(text), arrived - self.pos))
        if held:
            first = bisect.bisect_right(starts, self.pos) - 1
            pieces = self.ex.pieces
            waited = (pieces[feed].at if feed < len(pieces) else (self.ex.ended or pieces[-1].at)) - pieces[first].at
            self._put({"kind": kind, "text": text[:held], "held_ms": round(max(0.0, waited) * 1000, 1),
                       "held_pieces": feed - first})
        if held < len(text):
            self._put({"kind": kind, "text": text[held:]})

    def _put(self, span: dict[str, Any]) -> None:
        self.pos += len(span["text"])
        last = self.spans[-1] if self.spans else None
        if last and last.keys() == span.keys() == {"kind", "text"} and last["kind"] == span["kind"]:
            last["text"] += span["text"]
        else:
            self.spans.append(span)

    def end(self) -> bool:
        """The rest of the raw text (trimmed whitespace) as markup; True if all was placed."""
        rest = self.raw[self.pos:]
        if rest and (self.lost or not rest.isspace()):
            self.spans.append({"kind": "markup", "text": rest, "unplaced": True})
            return False
        if rest:
            self._put({"kind": "markup", "text": rest})
        return not self.lost


def spans(ex: Exchange, session: Any = None) -> dict[str, Any]:
    """The raw text's spans, and the replay: for each upstream piece, the events it gave."""
    sieve = _sieve(ex, session)
    starts, at = [], 0
    for p in ex.pieces:
        starts.append(at)
        at += len(p.content)
    out = _Spans(ex)
    steps = []
    try:
        for i, p in enumerate(ex.pieces):
            events = sieve.feed(p.content)
            out.add(events, i, starts)
            steps.append({"chunk": p.content, "at_ms": round(p.at * 1000, 1), "events": [_event(e) for e in events]})
        events = sieve.close()
    except Exception as e:  # noqa: BLE001 - the page says so; the proxy itself is not involved
        return {"spans": [{"kind": "content", "text": ex.raw}], "steps": steps, "format": None,
                "complete": False, "problem": f"the replay failed: {type(e).__name__}: {e}"}
    out.add(events, len(ex.pieces), starts)
    steps.append({"chunk": None, "at_ms": None, "events": [_event(e) for e in events]})
    whole = out.end()
    return {"spans": out.spans, "steps": steps, "format": sieve.format, "complete": whole,
            "problem": None if whole else "the replay's spans do not cover the raw text exactly"}


def client_view(ex: Exchange, fold: Any) -> dict[str, Any]:
    """What the client received: the answer as its API's client assembles it, and the raw bytes
    of a stream. `fold` is the API's WireAPI.fold over the SSE payloads (or None)."""
    from callsieve.serve.upstream_reader import sse_payloads
    data = b"".join(ex.sent)
    answer: Any = None
    if fold is not None and data:
        try:
            answer = fold(sse_payloads(data))
        except Exception as e:  # noqa: BLE001 - a failed stream has no whole answer
            answer = {"error": f"{type(e).__name__}: {e}"}
    return {"answer": answer, "stream": data.decode("utf-8", "replace") if ex.stream else None}
