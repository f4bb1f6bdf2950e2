"""Translate an upstream chat-completions stream into OpenAI chunks with parsed tool calls.

`Turn` is pure and synchronous: give it each upstream chunk (a dict), get the SSE events to send
(`data: {...}\n\n`, as bytes). Each choice gets its own `callsieve.Sieve` over `delta.content`;
native `delta.tool_calls` pass through, re-indexed so that parsed and native calls share one
rising `index`.

`SSELines` splits the upstream's response body into the payloads of its `data:` lines.

Both sit on the proxy's per-chunk path, so they avoid per-chunk work that the output does not
need: the envelope of a chunk (id, object, created, model) is serialised once per stream, and
a content delta is one string escape, not a `json.dumps` of a whole chunk dict. The bytes are
the same as `json.dumps(chunk, ensure_ascii=False)` would give.
"""
from __future__ import annotations

import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve import Reasoning, Text, ToolCallArgs, ToolCallError, ToolCallStart

_escape = json.encoder.encode_basestring          # a str as a JSON string (ensure_ascii=False), in C
_dumps = json.JSONEncoder(ensure_ascii=False).encode


def sse(obj) -> bytes:
    """One SSE event: `data: <JSON>\n\n` (bytes are sent as they are)."""
    return b"data: " + (obj if isinstance(obj, bytes) else _dumps(obj).encode()) + b"\n\n"


_scan = json.JSONDecoder().scan_once             # the C scanner under json.loads
_DATA = re.compile(r"^data:(.*)", re.M)


def loads(payload: str):
    """`json.loads` of a stripped payload, without its two whitespace regexes (≈ 1 µs a chunk).

    Accepts and rejects exactly what `json.loads` does on text with no whitespace at either end
    (which `SSELines` guarantees); raises ValueError on anything else.
    """
    try:
        obj, end = _scan(payload, 0)
    except StopIteration:
        raise ValueError(f"not JSON: {payload[:40]!r}") from None
    if end != len(payload):
        raise ValueError(f"extra data after the JSON value at {end}")
    return obj


class SSELines:
    """The payloads of the `data:` lines of an SSE byte stream, fed in pieces as they arrive.

    A line ends at `\n`, `\r\n` or `\r` (the SSE rule; no other character ends one, so a raw
    U+2028 inside a JSON string stays in its line). Each `data:` line is one payload, stripped of
    whitespace, as the OpenAI-style servers send them; blank lines, comments and other fields are
    skipped. A `\r\n` cut between two pieces gives one extra blank line, skipped like the others.
    """

    def __init__(self, encoding: str = "utf-8"):
        self.encoding = encoding
        self.tail: list[bytes] = []   # the start of an unfinished line

    def feed(self, data: bytes) -> list[str]:
        if self.tail:
            self.tail.append(data)
            data = b"".join(self.tail)
            self.tail.clear()
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        end = data.rfind(b"\n") + 1
        if end < len(data):
            self.tail.append(data[end:])
            if not end:
                return []
            data = data[:end]
        # decoded whole lines at once: a line break never falls inside a multi-byte character
        return [p.strip() for p in _DATA.findall(data.decode(self.encoding, "replace"))]

    def close(self) -> list[str]:
        """The last line, when the stream ended without a line break after it."""
        data, self.tail = b"".join(self.tail), []
        return self.feed(data + b"\n") if data else []


# No tool declared: with strict parsing every call is an undeclared name and goes out as text,
# which is how `tool_choice: "none"` turns call parsing off while reasoning stays split.
NO_TOOLS: list = []


@dataclass
class Options:
    """What one request asks of the translation."""
    tools: list | None = None
    format: str | None = None
    reasoning: str = "auto"
    thinking: bool | None = None
    parallel_tool_calls: bool = True
    tool_choice_none: bool = False
    include_usage: bool = False

    def sieve_kwargs(self, session: Any = None) -> dict:
        tools = NO_TOOLS if self.tool_choice_none else self.tools
        return {"tools": tools, "format": self.format, "reasoning": self.reasoning,
                "session": session, "thinking": self.thinking}


@dataclass
class Choice:
    """Per-choice state: the sieve, the index map and what the log line needs."""
    sieve: Any
    started: bool = False
    out_index: dict[tuple[str, int], int] = field(default_factory=dict)
    dropped: set[tuple[str, int]] = field(default_factory=set)
    calls: int = 0
    reasoning_chars: int = 0
    finish_reason: str | None = None
    errors: list[ToolCallError] = field(default_factory=list)


class Turn:
    """One streamed response. `feed(chunk)`, `flush()` and `finish()` return the SSE events to send."""

    def __init__(self, options: Options, make_sieve: Callable[[], Any], on_native: Callable[[], None] = lambda: None):
        self.opts = options
        self.make_sieve = make_sieve
        self.on_native = on_native
        self.choices: dict[int, Choice] = {}
        self.envelope = {"id": "chatcmpl-" + uuid.uuid4().hex[:24], "object": "chat.completion.chunk",
                         "created": int(time.time()), "model": ""}
        self._head: str | None = None  # 'data: {<envelope>, "choices": [{"index": ', built when first needed
        self.usage: dict | None = None
        self.seen_first = False
        self.answered = False  # anything sent beyond the opening role chunk (the first token)

    # -- helpers -----------------------------------------------------------------------------
    def _choice(self, i: int) -> Choice:
        if i not in self.choices:
            self.choices[i] = Choice(self.make_sieve())
        return self.choices[i]

    def _chunk(self, i: int, delta: dict, finish: str | None = None, usage: dict | None = None) -> bytes:
        """One chat.completion.chunk with a single choice, as an SSE event."""
        ch = self._choice(i)
        if not ch.started:
            delta = {"role": "assistant", **({"content": ""} if not delta else {}), **delta}
            ch.started = True
        if usage is not None:  # rare: the upstream's usage rides on the final chunk
            return sse({**self.envelope, "choices": [{"index": i, "delta": delta, "finish_reason": finish}],
                        "usage": usage})
        if len(delta) == 1:
            (kind, text), = delta.items()  # kind is ours: "content", "reasoning_content" or "tool_calls"
            body = '{"%s": %s}' % (kind, _escape(text)) if type(text) is str else _dumps(delta)
        else:
            body = _dumps(delta)
        return self._frame(i, body, 'null' if finish is None else _dumps(finish))

    def _frame(self, i: int, delta_json: str, finish_json: str = 'null') -> bytes:
        """The SSE event of a chunk whose delta is already JSON (the choice has started)."""
        head = self._head
        if head is None:
            head = self._head = 'data: ' + _dumps(self.envelope)[:-1] + ', "choices": [{"index": '
        return ('%s%s, "delta": %s, "finish_reason": %s}]}\n\n'
                % (head, i if type(i) is int else _dumps(i), delta_json, finish_json)).encode()

    def _index(self, ch: Choice, key: tuple[str, int]) -> int | None:
        """Output index of a call, or None when parallel_tool_calls=false drops it."""
        if key in ch.out_index:
            return ch.out_index[key]
        if key in ch.dropped or (not self.opts.parallel_tool_calls and ch.out_index):
            ch.dropped.add(key)
            return None
        ch.out_index[key] = len(ch.out_index)
        ch.calls += 1
        return ch.out_index[key]

    def _events(self, i: int, events: list) -> list[bytes]:
        """Coalesce a batch of sieve events into as few chunks as keep one kind per chunk."""
        if not events:
            return []
        ch, out = self._choice(i), []
        # what is being gathered: kind is "content", "reasoning_content" or an output call index;
        # text is its text so far; opening is the call's first entry when this chunk opens the call
        kind, text, opening = None, "", None
        for ev in events:
            if isinstance(ev, Text):
                k, add = "content", ev.text
            elif isinstance(ev, ToolCallArgs):
                k = ch.out_index.get(("p", ev.index))
                if k is None:
                    continue
                add = ev.delta
            elif isinstance(ev, Reasoning):
                k, add = "reasoning_content", ev.text
                ch.reasoning_chars += len(ev.text)
                if self.opts.reasoning == "deepseek-legacy":  # llama.cpp: legacy streams thinking inline only
                    continue
            elif isinstance(ev, ToolCallStart):
                idx = self._index(ch, ("p", ev.index))
                if idx is None:
                    continue
                if kind is not None:
                    out.append(self._gathered(i, ch, kind, text, opening))
                kind, text = idx, ""
                opening = {"index": idx, "id": ev.id, "type": "function", "function": {"name": ev.name}}
                continue
            elif isinstance(ev, ToolCallError):
                ch.errors.append(ev)
                continue
            else:  # ToolCallEnd (arguments already streamed), Markup, anything newer
                continue
            if k == kind:
                text += add
            elif add or type(k) is int:
                if kind is not None:
                    out.append(self._gathered(i, ch, kind, text, opening))
                kind, text, opening = k, add, None
        if kind is not None:
            out.append(self._gathered(i, ch, kind, text, opening))
        return out

    def _gathered(self, i: int, ch: Choice, kind, text: str, opening: dict | None) -> bytes:
        """The chunk of what `_events` gathered: content or reasoning text, or a call's arguments."""
        if type(kind) is str:
            delta = {kind: text}
        elif opening is not None:
            opening["function"]["arguments"] = text
            delta = {"tool_calls": [opening]}
        elif ch.started:  # the hot case inside a call: no dict, no json.dumps
            return self._frame(i, '{"tool_calls": [{"index": %d, "function": {"arguments": %s}}]}'
                               % (kind, _escape(text)))
        else:
            delta = {"tool_calls": [{"index": kind, "function": {"arguments": text}}]}
        return self._chunk(i, delta)

    def _native(self, i: int, calls: list) -> list[bytes]:
        ch, entries = self._choice(i), []
        for tc in calls:
            idx = self._index(ch, ("n", tc.get("index", 0)))
            if idx is not None:
                entries.append({**tc, "index": idx})
        if calls:
            self.on_native()
        return [self._chunk(i, {"tool_calls": [e]}) for e in entries]

    # -- public ------------------------------------------------------------------------------
    def feed(self, chunk: dict) -> list[bytes]:
        if not self.seen_first:
            self.seen_first = True
            for k in ("id", "created", "model", "system_fingerprint"):
                if chunk.get(k) is not None:
                    self.envelope[k] = chunk[k]
            self._head = None
        elif chunk.get("model") and chunk["model"] != self.envelope["model"]:
            self.envelope["model"] = chunk["model"]
            self._head = None
        if chunk.get("usage"):
            self.usage = chunk["usage"]
        out = []
        for c in chunk.get("choices") or []:
            i = c.get("index", 0)
            ch = self._choice(i)
            delta = c.get("delta") or {}
            upstream_reasoning = delta.get("reasoning_content") or delta.get("reasoning")
            if upstream_reasoning:
                ch.reasoning_chars += len(upstream_reasoning)
                out.append(self._chunk(i, {"reasoning_content": upstream_reasoning}))
            if delta.get("content"):
                out += self._events(i, ch.sieve.feed(delta["content"]))
            if delta.get("tool_calls"):
                out += self._native(i, delta["tool_calls"])
            if c.get("finish_reason"):
                ch.finish_reason = c["finish_reason"]
            if out:
                self.answered = True
            elif not ch.started:
                out.append(self._chunk(i, {}))
        return out

    def flush(self) -> list[bytes]:
        """End of the upstream stream (normal or not): everything held comes out."""
        if not self.choices:
            self._choice(0)
        out = []
        for i, ch in sorted(self.choices.items()):
            out += self._events(i, ch.sieve.close())
        return out

    def finish(self) -> list[bytes]:
        """The upstream ended normally: flush, then final chunks and the usage chunk."""
        out = self.flush()
        for i, ch in sorted(self.choices.items()):
            reason = "tool_calls" if ch.calls else (ch.finish_reason or "stop")
            out.append(self._chunk(i, {}, reason, self.usage if self.usage and not self.opts.include_usage else None))
        if self.opts.include_usage and self.usage:
            out.append(sse({**self.envelope, "choices": [], "usage": self.usage}))
        return out

    @property
    def calls(self) -> int:
        return sum(c.calls for c in self.choices.values())

    @property
    def reasoning_chars(self) -> int:
        return sum(c.reasoning_chars for c in self.choices.values())

    @property
    def format(self) -> str | None:
        ch = self.choices.get(0)
        return getattr(ch.sieve, "format", None) if ch else None
