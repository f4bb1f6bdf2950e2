"""One streamed answer: upstream Chat Completions chunks in, typed wire events out.

`Turn` is pure and synchronous. Each choice gets its own `callsieve.Sieve` over `delta.content`;
upstream reasoning and native `delta.tool_calls` join the same output, re-indexed so that parsed
and native calls share one rising index. The request rules (which calls count, whole or streamed
delivery, finish reasons) and the events that come out are `callsieve.rules`' (its docstring
lists them), shared with the engine integrations; the encoders in chat.py, responses.py and
messages.py write them. A non-streamed answer goes through a Turn too (app.py): it is the fold
of the stream.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve.events import ToolCallError
from callsieve.rules import (CallArgs, CallOpened, ChoiceRules, Started, Thinking, WholeCalls, call_id,
                             runnable_arguments)
from callsieve.serve.options import Options

BATCH = 256   # events per batch of the end of a turn (flushing)


@dataclass
class Choice:
    """Per-choice state: the sieve, its rules, the upstream's own calls and finish."""
    sieve: Any
    rules: ChoiceRules
    started: bool = False
    native_open: dict[int, list[str]] = field(default_factory=dict)   # index -> arguments so far
    finish_reason: str | None = None
    stop_sequence: str | None = None


class Turn:
    """`feed(chunk)`, `flush()` and `finish()` return the wire events of `callsieve.rules`."""

    def __init__(self, options: Options, make_sieve: Callable[[], Any], on_native: Callable[[], None] = lambda: None,
                 first_sieve: Any = None):
        self.opts = options
        self.make_sieve = make_sieve
        self.on_native = on_native
        self.choices: dict[int, Choice] = {}
        self.hold = WholeCalls() if options.whole_calls else None
        if first_sieve is not None:
            self.choices[0] = self._new(0, first_sieve)
        self.usage: dict | None = None
        self.answered = False  # anything sent beyond the opening of a choice (the first token)

    def _new(self, i: int, sieve: Any) -> Choice:
        return Choice(sieve, ChoiceRules(i, self.opts.parallel_tool_calls,
                                         hide_reasoning=self.opts.reasoning == "deepseek-legacy"))

    def _choice(self, i: int) -> Choice:
        if i not in self.choices:
            self.choices[i] = self._new(i, self.make_sieve())
        return self.choices[i]

    def _native(self, i: int, ch: Choice, calls: list) -> list:
        out: list = []
        rules = ch.rules
        for tc in calls:
            fn = tc.get("function") or {}
            key = ("n", tc.get("index", 0))
            new = key not in rules.out_index and key not in rules.dropped
            idx = rules.index(key)
            if idx is None:
                continue
            if new:
                ch.native_open[idx] = [fn.get("arguments") or ""]
                out.append(CallOpened(i, idx, tc.get("id") or call_id(), fn.get("name") or "", fn.get("arguments") or ""))
            elif fn.get("arguments"):
                ch.native_open[idx].append(fn["arguments"])
                out.append(CallArgs(i, idx, fn["arguments"]))
        if calls:
            self.on_native()
        return out

    # -- public ------------------------------------------------------------------------------
    def feed(self, chunk: dict) -> list:
        if chunk.get("usage"):
            self.usage = chunk["usage"]
        out: list = []
        for c in chunk.get("choices") or []:
            i = c.get("index", 0)
            ch = self._choice(i)
            delta = c.get("delta") or {}
            upstream_reasoning = delta.get("reasoning_content") or delta.get("reasoning")
            if upstream_reasoning:
                ch.rules.reasoning_chars += len(upstream_reasoning)
                out.append(Thinking(i, upstream_reasoning))
            if delta.get("content"):
                out += ch.rules.events(ch.sieve.feed(delta["content"]))
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
                    out.append(Started(i))
        return self.hold(out) if self.hold else out

    def flush(self) -> list:
        """End of the upstream stream (normal or not): everything held comes out."""
        return [ev for batch in self.flushing() for ev in batch]

    def finish(self) -> list:
        """The upstream ended normally: flush, then each choice's finish."""
        return [ev for batch in self.finishing() for ev in batch]

    def flushing(self):
        """`flush()` in batches of about BATCH events: a turn's native calls all end here (30,000
        of them took seconds), and the proxy serves other clients between the batches."""
        if not self.choices:
            self._choice(0)
        for i, ch in sorted(self.choices.items()):
            out: list = ch.rules.events(ch.sieve.close())
            for idx, parts in ch.native_open.items():
                text = "".join(parts)
                ok = runnable_arguments(text)
                if not ok:
                    ch.rules.errors.append(ToolCallError(idx, "the upstream's call has no whole JSON object "
                                                              "as its arguments", text[:2000], True))
                out.append(ch.rules.ended(idx, ok))
                if len(out) >= BATCH:
                    yield self.hold(out) if self.hold else out
                    out = []
            ch.native_open.clear()
            yield self.hold(out) if self.hold else out

    def finishing(self):
        """`finish()` in batches (see flushing)."""
        yield from self.flushing()
        yield [ch.rules.finished(ch.finish_reason, ch.stop_sequence, self.usage) for i, ch in sorted(self.choices.items())]

    @property
    def calls(self) -> int:
        return sum(c.rules.calls for c in self.choices.values())

    @property
    def reasoning_chars(self) -> int:
        return sum(c.rules.reasoning_chars for c in self.choices.values())

    @property
    def errors(self) -> list:
        return [e for c in self.choices.values() for e in c.rules.errors]

    @property
    def format(self) -> str | None:
        ch = self.choices.get(0)
        return getattr(ch.sieve, "format", None) if ch else None
