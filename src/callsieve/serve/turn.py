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

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve.events import ToolCallError
from callsieve.rules import (CallArgs, CallOpened, ChoiceRules, Started, Thinking, WholeCalls, call_id,
                             runnable_arguments)
from callsieve.serve.options import Options

BATCH = 256   # events per batch of the end of a turn (flushing)


class Unreadable(ValueError):
    """An upstream chunk whose shape no Chat Completions chunk has: the stream ends with an error
    event that says what was wrong (a fault of the upstream, not of callsieve: no traceback)."""


JSON_KINDS = {str: "a string", int: "a number", float: "a number", bool: "true/false", list: "a list",
              dict: "an object", type(None): "null"}


def _is(value, kinds: tuple, where: str) -> str | None:
    return None if type(value) in kinds else f"`{where}` is {JSON_KINDS.get(type(value), type(value).__name__)}"


def fault(chunk: dict) -> str | None:
    """What in an upstream chunk is not where a Chat Completions chunk has it (None: nothing), so
    that a wrong shape is one clear error, not a crash in an encoder.  On the per-chunk path: a
    few type tests for a chunk of text; only a chunk with calls or a fault is described."""
    choices, usage = chunk.get("choices"), chunk.get("usage")
    if usage is not None and type(usage) is not dict:
        return described(chunk)
    if choices is None:
        return None
    if type(choices) is not list:
        return described(chunk)
    for c in choices:
        if type(c) is not dict:
            return described(chunk)
        d = c.get("delta") or EMPTY
        if type(d) is not dict or type(c.get("index", 0)) is not int or d.get("tool_calls") is not None:
            return described(chunk)
        for v in (c.get("finish_reason"), d.get("content"), d.get("reasoning_content"), d.get("reasoning")):
            if v is not None and type(v) is not str:
                return described(chunk)
    return None


EMPTY: dict = {}


def described(chunk: dict) -> str | None:
    """`fault`'s answer, field by field, naming the first wrong one."""
    wrong = _is(chunk.get("usage"), (dict, type(None)), "usage") or _is(chunk.get("choices"), (list, type(None)), "choices")
    if wrong:
        return wrong
    for n, c in enumerate(chunk.get("choices") or ()):
        if type(c) is not dict:
            return _is(c, (dict,), f"choices[{n}]")
        delta = c.get("delta") or {}
        wrong = (_is(c.get("index", n), (int,), f"choices[{n}].index") or _is(delta, (dict,), f"choices[{n}].delta")
                 or _is(c.get("finish_reason"), (str, type(None)), f"choices[{n}].finish_reason"))
        if wrong:
            return wrong
        for key in ("content", "reasoning_content", "reasoning"):
            wrong = _is(delta.get(key), (str, type(None)), f"choices[{n}].delta.{key}")
            if wrong:
                return wrong
        calls = delta.get("tool_calls")
        if calls is not None:
            wrong = _is(calls, (list,), f"choices[{n}].delta.tool_calls") or next(
                filter(None, (call_fault(tc, f"choices[{n}].delta.tool_calls[{k}]") for k, tc in enumerate(calls))), None)
            if wrong:
                return wrong
    return None


def call_fault(tc, where: str) -> str | None:
    if type(tc) is not dict:
        return _is(tc, (dict,), where)
    fn = tc.get("function") or {}
    return (_is(tc.get("index", 0), (int,), where + ".index") or _is(fn, (dict,), where + ".function")
            or _is(fn.get("name"), (str, type(None)), where + ".function.name")
            # an object as the arguments themselves (Ollama's own API sends them so) is read as its JSON
            or _is(fn.get("arguments"), (str, dict, type(None)), where + ".function.arguments"))


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
            args = fn.get("arguments") or ""
            if type(args) is dict:
                args = json.dumps(args, ensure_ascii=False)
            if new:
                ch.native_open[idx] = [args]
                cid = tc.get("id")
                out.append(CallOpened(i, idx, cid if isinstance(cid, str) and cid else call_id(), fn.get("name") or "",
                                      args))
            elif args:
                ch.native_open[idx].append(args)
                out.append(CallArgs(i, idx, args))
        if calls:
            self.on_native()
        return out

    # -- public ------------------------------------------------------------------------------
    def feed(self, chunk: dict) -> list:
        """Raises Unreadable for a chunk of a shape no Chat Completions chunk has."""
        wrong = fault(chunk)
        if wrong:
            raise Unreadable(f"the upstream sent a chunk whose {wrong}")
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
            # a native call ends only with the stream: the upstream's last one, under "length", is the
            # one its token limit cut, whatever its arguments look like (a server that mends a cut
            # call's JSON, as llama.cpp does for partial arguments, makes a prefix look whole)
            last = max(ch.native_open) if ch.finish_reason == "length" and ch.native_open else None
            for idx, parts in ch.native_open.items():
                text = "".join(parts)
                ok = runnable_arguments(text) and idx != last
                if not ok:
                    why = ("the upstream's token limit ended the turn inside its call" if idx == last else
                           "the upstream's call has no whole JSON object as its arguments")
                    ch.rules.errors.append(ToolCallError(idx, why, text[:2000], True))
                out.append(ch.rules.ended(idx, ok))
                if len(out) >= BATCH:
                    yield self.hold(out) if self.hold else out
                    out = []
            ch.native_open.clear()
            yield self.hold(out) if self.hold else out

    def finishing(self):
        """`finish()` in batches (see flushing)."""
        yield from self.flushing()
        yield self.finished()

    def finished(self) -> list:
        """Each choice's finish (after flushing)."""
        return [ch.rules.finished(ch.finish_reason, ch.stop_sequence, self.usage) for i, ch in sorted(self.choices.items())]

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
