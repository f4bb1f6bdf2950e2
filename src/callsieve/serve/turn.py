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
    ("end", i, k)                         call k is runnable: its arguments were read whole and valid
    ("cut", i, k)                         call k is not runnable (cut off, too large or invalid): not a call
    ("finish", i, reason, stop_sequence, usage)  the choice ended: "stop", "tool_calls", "length", …

Consecutive events of one kind are gathered into one, so an encoder writes one chunk per event.
A call is delivered only by its "end": an encoder must not present a call as finished before.
With `Options.whole_calls` a call goes out only once it is runnable, as one "call" event with
all its arguments followed by its "end"; a call that is not runnable never goes out at all.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve import Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart
from callsieve.jsonargs import loads

from callsieve.serve.options import Options


def finish_reason(upstream: str | None, calls: int, cut: int) -> str:
    """The finish_reason the client gets. "length" stays (a call cut off by max_tokens is no reason
    to say the model chose to call), and a turn with any call that is not runnable (cut off,
    too large, invalid) says "length" too, whatever the upstream said and whatever other calls
    finished: it is the one finish reason by which every API tells a client not to act on the
    turn's calls as they stand (Messages "max_tokens", Responses "incomplete")."""
    if upstream == "length" or cut:
        return "length"
    return "tool_calls" if calls else (upstream or "stop")


def runnable_arguments(text: str) -> bool:
    """A native call's arguments (the upstream parsed the call) follow the Sieve's rule: runnable
    only as a whole, strict JSON object (an engine's call cut by max_tokens has a prefix)."""
    try:
        return isinstance(loads(text), dict)
    except (ValueError, RecursionError):
        return False


def call_id() -> str:
    return "call_" + uuid.uuid4().hex[:24]


@dataclass
class Choice:
    """Per-choice state: the sieve, the index map and what the log line needs."""
    sieve: Any
    started: bool = False
    out_index: dict[tuple[str, int], int] = field(default_factory=dict)
    dropped: set[tuple[str, int]] = field(default_factory=set)
    native_open: dict[int, list[str]] = field(default_factory=dict)   # index -> arguments so far
    calls: int = 0          # calls that went out (opened)
    delivered: int = 0      # calls that ended runnable
    cut: int = 0            # calls that ended not runnable (cut off, too large, invalid)
    held: dict[int, list] = field(default_factory=dict)   # whole_calls: index -> [id, name, args]
    sent: int = 0           # whole_calls: calls delivered (their client-side index)
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
                out.append(self._ended(i, ch, k, isinstance(ev, ToolCallEnd)))
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
    def _ended(i: int, ch: Choice, k: int, runnable: bool) -> tuple:
        """The one place a call of the answer ends, parsed or native: "end" if runnable."""
        if runnable:
            ch.delivered += 1
            return ("end", i, k)
        ch.cut += 1
        return ("cut", i, k)

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
                ch.native_open[idx] = [fn.get("arguments") or ""]
                out.append(("call", i, idx, tc.get("id") or call_id(), fn.get("name") or "", fn.get("arguments") or ""))
            elif fn.get("arguments"):
                ch.native_open[idx].append(fn["arguments"])
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
        return self._whole(out)

    def flush(self) -> list[tuple]:
        """End of the upstream stream (normal or not): everything held comes out."""
        if not self.choices:
            self._choice(0)
        out = []
        for i, ch in sorted(self.choices.items()):
            out += self._events(i, ch.sieve.close())
            for idx, parts in ch.native_open.items():
                text = "".join(parts)
                ok = runnable_arguments(text)
                if not ok:
                    ch.errors.append(ToolCallError(idx, "the upstream's call has no whole JSON object "
                                                        "as its arguments", text[:2000], True))
                out.append(self._ended(i, ch, idx, ok))
            ch.native_open.clear()
        return self._whole(out)

    def _whole(self, events: list[tuple]) -> list[tuple]:
        """With whole_calls, each call is held until it ends: runnable, it goes out as one "call"
        with all its arguments and its "end" (numbered by the calls delivered); otherwise never.
        Calls go out in the order they started (a native call ends only with the stream)."""
        if not self.opts.whole_calls:
            return events
        out = []
        for ev in events:
            kind = ev[0]
            if kind == "call":
                self.choices[ev[1]].held[ev[2]] = [ev[3], ev[4], [ev[5]], None]
            elif kind == "args":
                self.choices[ev[1]].held[ev[2]][2].append(ev[3])
            elif kind == "end" or kind == "cut":
                ch = self.choices[ev[1]]
                ch.held[ev[2]][3] = kind
                while ch.held and next(iter(ch.held.values()))[3] is not None:
                    cid, name, parts, how = ch.held.pop(next(iter(ch.held)))
                    if how == "end":
                        k, ch.sent = ch.sent, ch.sent + 1
                        out += [("call", ev[1], k, cid, name, "".join(parts)), ("end", ev[1], k)]
            else:
                out.append(ev)
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
