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
    found = explain_text_calls(out.spans, declared_names(ex.options.get("sieve") or {}))
    return {"spans": found, "steps": steps, "format": sieve.format, "complete": whole,
            "problem": None if whole else "the replay's spans do not cover the raw text exactly"}


LOOKS_MAX = 64          # places per exchange tried as "a call read as text?" (a diagnostic, bounded)
LOOK_WINDOW = 16384     # characters read from each


def _looks_like_call(text: str) -> tuple[int, int, str] | None:
    """Where `text` (content from its start) holds a call a Sieve would read if the name were any
    declared one and nothing stood around it: (start, end, name), or None."""
    sieve = Sieve(tools=None, markup=True)
    events = sieve.feed(text[:LOOK_WINDOW]) + sieve.close()
    if not events or not isinstance(events[0], ToolCallStart):
        return None
    end = next((i for i, e in enumerate(events) if isinstance(e, (ToolCallEnd, ToolCallError))), None)
    if end is None or not isinstance(events[end], ToolCallEnd) or end + 1 >= len(events):
        return None
    markup = events[end + 1]
    if not isinstance(markup, Markup) or not text.startswith(markup.text.rstrip()):
        return None
    return 0, len(markup.text.rstrip()), events[0].name


def _refused_in(text: str, declared: set[str] | None, budget: list[int]) -> list[tuple[int, int, str, str]]:
    """(start, end, name, why) of each call-looking part of a content run."""
    found, at = [], 0
    for i, ch in enumerate(text):
        if budget[0] <= 0:
            break
        if i < at or ch not in "{<[" or (i and not text[i - 1].isspace()):
            continue
        budget[0] -= 1
        look = _looks_like_call(text[i:])
        if look is None:
            continue
        _, length, name = look
        why = (f"'{name}' is not a declared tool" if declared is not None and name not in declared
               else "read as text: an example (prose or Markdown quoting around it), not a call the turn ends with")
        found.append((i, i + length, name, why))
        at = i + length
    return found


def explain_text_calls(spans: list[dict[str, Any]], declared: set[str] | None) -> list[dict[str, Any]]:
    """Content that holds what would be a call, marked as a refused call with why: a name no tool
    declares, or an example (prose, or Markdown quoting, around it; a call the turn does not end
    with). The library gave that text to the client as content; this says what it was not."""
    ranges: list[tuple[int, int, str, str]] = []
    budget, pos, run_at = [LOOKS_MAX], 0, 0
    run: list[str] = []
    for span in spans + [{"kind": "end", "text": ""}]:
        if span["kind"] == "content":
            if not run:
                run_at = pos
            run.append(span["text"])
        elif run:
            ranges += [(run_at + a, run_at + b, n, w) for a, b, n, w in _refused_in("".join(run), declared, budget)]
            run = []
        pos += len(span["text"])
    if not ranges:
        return spans
    out: list[dict[str, Any]] = []
    pos, k = 0, 0
    for span in spans:
        text, start = span["text"], pos
        pos += len(text)
        cut = start
        while k < len(ranges) and ranges[k][0] < pos:
            a, b, name, why = ranges[k]
            if a > cut:
                out.append({**span, "text": text[cut - start:a - start]})
            piece = text[max(a, cut) - start:min(b, pos) - start]
            if out and out[-1].get("as_content") and out[-1]["name"] == name and max(a, cut) > a:
                out[-1]["text"] += piece           # the same call, across a span's end
            else:
                out.append({"kind": "refused", "text": piece, "name": name, "reason": why, "as_content": True})
            cut = min(b, pos)
            if b > pos:
                break
            k += 1
        if cut < pos:
            out.append({**span, "text": text[cut - start:]})
    return out


def declared_names(sieve_kwargs: dict[str, Any]) -> set[str] | None:
    tools = sieve_kwargs.get("tools")
    if tools is None:
        return None
    names = set()
    for t in tools:
        f = t.get("function", t) if isinstance(t, dict) else None
        if isinstance(f, dict) and isinstance(f.get("name"), str):
            names.add(f["name"])
    return names


def client_view(ex: Exchange, fold: Any) -> dict[str, Any]:
    """What the client received: the answer as its API's client assembles it, and the raw bytes
    of a stream. `fold` is the API's WireAPI.fold over decoded SSE payloads (or None); a
    non-streamed answer was sent (and recorded) as the one JSON body."""
    from callsieve.serve.upstream_reader import sse_payloads
    data = b"".join(ex.sent)
    answer: Any = None
    if not ex.stream and data:
        try:
            answer = json.loads(data)
        except ValueError as e:
            answer = {"error": f"{type(e).__name__}: {e}"}
    elif fold is not None and data:
        try:
            answer = fold(sse_payloads(data))
        except Exception as e:  # noqa: BLE001 - a failed stream has no whole answer
            answer = {"error": f"{type(e).__name__}: {e}"}
    return {"answer": answer, "stream": data.decode("utf-8", "replace") if ex.stream else None}
