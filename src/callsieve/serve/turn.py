"""One streamed answer: upstream Chat Completions chunks in, neutral output events out.

`Turn` is pure and synchronous. Each choice gets its own `callsieve.Sieve` over `delta.content`;
upstream reasoning and native `delta.tool_calls` join the same output, re-indexed so that parsed
and native calls share one rising index. What comes out is a list of small tuples that every wire
API can write (the encoders in chat.py, responses.py and messages.py):

    ("start", i)                          choice i began, with nothing to say yet
    ("text", i, text)                     content
    ("reasoning", i, text)                thinking
    ("call", i, k, id, name, arguments)   call k opens (with its first arguments text, maybe "")
    ("args", i, k, arguments)             more of call k's arguments
    ("end", i, k)                         call k is finished: its arguments are complete JSON
    ("cut", i, k)                         call k was cut off by the end of the stream: not a call
    ("finish", i, reason, stop_sequence, usage)  the choice ended: "stop", "tool_calls", "length", …

Consecutive events of one kind are gathered into one, so an encoder writes one chunk per event.
A call is delivered only by its "end": an encoder must not present a call as finished before.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve import Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart

from callsieve.serve.options import Options


def finish_reason(upstream: str | None, calls: int, cut: int) -> str:
    """The finish_reason the client gets. "length" stays (a call cut off by max_tokens is no reason
    to say the model chose to call), and a turn whose only call was cut off says "length" too,
    whatever the upstream said, so that no client takes the call's start for a finished call."""
    if upstream == "length" or (cut and not calls):
        return "length"
    return "tool_calls" if calls else (upstream or "stop")


def call_id() -> str:
    return "call_" + uuid.uuid4().hex[:24]


@dataclass
class Choice:
    """Per-choice state: the sieve, the index map and what the log line needs."""
    sieve: Any
    started: bool = False
    out_index: dict[tuple[str, int], int] = field(default_factory=dict)
    dropped: set[tuple[str, int]] = field(default_factory=set)
    native_open: list[int] = field(default_factory=list)
    calls: int = 0          # calls that went out (opened)
    delivered: int = 0      # calls that ended
    cut: int = 0            # calls cut off by the end of the stream
    reasoning_chars: int = 0
    finish_reason: str | None = None
    stop_sequence: str | None = None
    errors: list[ToolCallError] = field(default_factory=list)


class Turn:
    """`feed(chunk)`, `flush()` and `finish()` return the neutral events described above."""

    def __init__(self, options: Options, make_sieve: Callable[[], Any], on_native: Callable[[], None] = lambda: None,
                 first_sieve: Any = None):
        self.opts = options
        self.make_sieve = make_sieve
        self.on_native = on_native
        self.choices: dict[int, Choice] = {}
        if first_sieve is not None:
            self.choices[0] = Choice(first_sieve)
        self.usage: dict | None = None
        self.answered = False  # anything sent beyond the opening of a choice (the first token)

    def _choice(self, i: int) -> Choice:
        if i not in self.choices:
            self.choices[i] = Choice(self.make_sieve())
        return self.choices[i]

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

    def _events(self, i: int, events: list) -> list[tuple]:
        """Gather a batch of sieve events into as few output events as keep one kind per event."""
        if not events:
            return []
        ch, out = self._choice(i), []
        # what is being gathered: kind is "text", "reasoning" or an output call index; text is its
        # text so far; opening is the call's (id, name) when this event opens the call
        kind, text, opening = None, "", None
        for ev in events:
            if isinstance(ev, Text):
                k, add = "text", ev.text
            elif isinstance(ev, ToolCallArgs):
                k = ch.out_index.get(("p", ev.index))
                if k is None:
                    continue
                add = ev.delta
            elif isinstance(ev, Reasoning):
                k, add = "reasoning", ev.text
                ch.reasoning_chars += len(ev.text)
                if self.opts.reasoning == "deepseek-legacy":  # llama.cpp: legacy streams thinking inline only
                    continue
            elif isinstance(ev, ToolCallStart):
                idx = self._index(ch, ("p", ev.index))
                if idx is None:
                    continue
                if kind is not None:
                    out.append(self._gathered(i, kind, text, opening))
                kind, text, opening = idx, "", (ev.id, ev.name)
                continue
            elif isinstance(ev, (ToolCallEnd, ToolCallError)):
                if isinstance(ev, ToolCallError):
                    ch.errors.append(ev)
                    if not ev.incomplete:
                        continue
                k = ch.out_index.get(("p", ev.index)) if ev.index is not None else None
                if k is None:
                    continue
                if kind is not None:
                    out.append(self._gathered(i, kind, text, opening))
                    kind, text, opening = None, "", None
                if isinstance(ev, ToolCallEnd):
                    ch.delivered += 1
                    out.append(("end", i, k))
                else:  # a call cut off by the end of the stream (issue 9's contract): no ToolCallEnd follows
                    ch.cut += 1
                    out.append(("cut", i, k))
                continue
            else:  # Markup, anything newer
                continue
            if k == kind:
                text += add
            elif add or type(k) is int:
                if kind is not None:
                    out.append(self._gathered(i, kind, text, opening))
                kind, text, opening = k, add, None
        if kind is not None:
            out.append(self._gathered(i, kind, text, opening))
        return out

    @staticmethod
    def _gathered(i: int, kind, text: str, opening: tuple | None) -> tuple:
        if type(kind) is str:
            return (kind, i, text)
        if opening is not None:
            return ("call", i, kind, opening[0], opening[1], text)
        return ("args", i, kind, text)

    def _native(self, i: int, ch: Choice, calls: list) -> list[tuple]:
        out = []
        for tc in calls:
            fn = tc.get("function") or {}
            key = ("n", tc.get("index", 0))
            new = key not in ch.out_index and key not in ch.dropped
            idx = self._index(ch, key)
            if idx is None:
                continue
            if new:
                ch.native_open.append(idx)
                out.append(("call", i, idx, tc.get("id") or call_id(), fn.get("name") or "", fn.get("arguments") or ""))
            elif fn.get("arguments"):
                out.append(("args", i, idx, fn["arguments"]))
        if calls:
            self.on_native()
        return out

    # -- public ------------------------------------------------------------------------------
    def feed(self, chunk: dict) -> list[tuple]:
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
                out.append(("reasoning", i, upstream_reasoning))
            if delta.get("content"):
                out += self._events(i, ch.sieve.feed(delta["content"]))
            if delta.get("tool_calls"):
                out += self._native(i, ch, delta["tool_calls"])
            if c.get("finish_reason"):
                ch.finish_reason = c["finish_reason"]
                if isinstance(c.get("stop_reason"), str):  # vLLM: the stop sequence that matched
                    ch.stop_sequence = c["stop_reason"]
            if out:
                self.answered = True
            if not ch.started:
                ch.started = True
                if not out:
                    out.append(("start", i))
        return out

    def flush(self) -> list[tuple]:
        """End of the upstream stream (normal or not): everything held comes out."""
        if not self.choices:
            self._choice(0)
        out = []
        for i, ch in sorted(self.choices.items()):
            out += self._events(i, ch.sieve.close())
            for idx in ch.native_open:
                ch.delivered += 1
                out.append(("end", i, idx))
            ch.native_open.clear()
        return out

    def finish(self) -> list[tuple]:
        """The upstream ended normally: flush, then each choice's finish."""
        out = self.flush()
        for i, ch in sorted(self.choices.items()):
            out.append(("finish", i, self.reason(ch), ch.stop_sequence, self.usage))
        return out

    @staticmethod
    def reason(ch: Choice) -> str:
        return finish_reason(ch.finish_reason, ch.delivered, ch.cut)

    @property
    def calls(self) -> int:
        return sum(c.calls for c in self.choices.values())

    @property
    def reasoning_chars(self) -> int:
        return sum(c.reasoning_chars for c in self.choices.values())

    @property
    def errors(self) -> list:
        return [e for c in self.choices.values() for e in c.errors]

    @property
    def format(self) -> str | None:
        ch = self.choices.get(0)
        return getattr(ch.sieve, "format", None) if ch else None
