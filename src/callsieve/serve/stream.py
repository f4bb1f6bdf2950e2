"""Translate an upstream chat-completions stream into OpenAI chunks with parsed tool calls.

`Turn` is pure and synchronous: give it each upstream chunk (a dict), get the chunks to send.
Each choice gets its own `callsieve.Sieve` over `delta.content`; native `delta.tool_calls`
pass through, re-indexed so that parsed and native calls share one rising `index`.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve import Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart

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
    """One streamed response. `feed(chunk)` and `finish()` return chunk dicts to send."""

    def __init__(self, options: Options, make_sieve: Callable[[], Any], on_native: Callable[[], None] = lambda: None):
        self.opts = options
        self.make_sieve = make_sieve
        self.on_native = on_native
        self.choices: dict[int, Choice] = {}
        self.envelope = {"id": "chatcmpl-" + uuid.uuid4().hex[:24], "object": "chat.completion.chunk",
                         "created": int(time.time()), "model": ""}
        self.usage: dict | None = None
        self.seen_first = False

    # -- helpers -----------------------------------------------------------------------------
    def _choice(self, i: int) -> Choice:
        if i not in self.choices:
            self.choices[i] = Choice(self.make_sieve())
        return self.choices[i]

    def _chunk(self, i: int, delta: dict, finish: str | None = None) -> dict:
        ch = self._choice(i)
        if not ch.started:
            delta = {"role": "assistant", **({"content": ""} if not delta else {}), **delta}
            ch.started = True
        return {**self.envelope, "choices": [{"index": i, "delta": delta, "finish_reason": finish}]}

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

    def _events(self, i: int, events: list) -> list[dict]:
        """Coalesce a batch of sieve events into as few chunks as keep one kind per chunk."""
        ch, out, cur = self._choice(i), [], None  # cur: [kind, payload]

        def flush():
            if cur is not None:
                out.append(self._chunk(i, cur[1]))

        for ev in events:
            if isinstance(ev, Text):
                kind, add = "content", ev.text
            elif isinstance(ev, Reasoning):
                kind, add = "reasoning_content", ev.text
                ch.reasoning_chars += len(ev.text)
                if self.opts.reasoning == "deepseek-legacy":  # llama.cpp: legacy streams thinking inline only
                    continue
            elif isinstance(ev, ToolCallStart):
                idx = self._index(ch, ("p", ev.index))
                if idx is None:
                    continue
                flush()
                cur = [("call", idx), {"tool_calls": [{"index": idx, "id": ev.id, "type": "function",
                                                       "function": {"name": ev.name, "arguments": ""}}]}]
                continue
            elif isinstance(ev, ToolCallArgs):
                idx = ch.out_index.get(("p", ev.index))
                if idx is None:
                    continue
                if cur is not None and cur[0] == ("call", idx):
                    cur[1]["tool_calls"][0]["function"]["arguments"] += ev.delta
                    continue
                flush()
                cur = [("call", idx), {"tool_calls": [{"index": idx, "function": {"arguments": ev.delta}}]}]
                continue
            elif isinstance(ev, ToolCallError):
                ch.errors.append(ev)
                continue
            else:  # ToolCallEnd (arguments already streamed), Markup, anything newer
                continue
            if not add:
                continue
            if cur is not None and cur[0] == kind:
                cur[1][kind] += add
            else:
                flush()
                cur = [kind, {kind: add}]
        flush()
        return out

    def _native(self, i: int, calls: list) -> list[dict]:
        ch, entries = self._choice(i), []
        for tc in calls:
            idx = self._index(ch, ("n", tc.get("index", 0)))
            if idx is not None:
                entries.append({**tc, "index": idx})
        if calls:
            self.on_native()
        return [self._chunk(i, {"tool_calls": [e]}) for e in entries]

    # -- public ------------------------------------------------------------------------------
    def feed(self, chunk: dict) -> list[dict]:
        if not self.seen_first:
            self.seen_first = True
            for k in ("id", "created", "model", "system_fingerprint"):
                if chunk.get(k) is not None:
                    self.envelope[k] = chunk[k]
        elif chunk.get("model"):
            self.envelope["model"] = chunk["model"]
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
            if not ch.started and not out:
                out.append(self._chunk(i, {}))
        return out

    def flush(self) -> list[dict]:
        """End of the upstream stream (normal or not): everything held comes out."""
        if not self.choices:
            self._choice(0)
        out = []
        for i, ch in sorted(self.choices.items()):
            out += self._events(i, ch.sieve.close())
        return out

    def finish(self) -> list[dict]:
        """The upstream ended normally: flush, then final chunks and the usage chunk."""
        out = self.flush()
        for i, ch in sorted(self.choices.items()):
            reason = "tool_calls" if ch.calls else (ch.finish_reason or "stop")
            final = self._chunk(i, {}, reason)
            if self.usage and not self.opts.include_usage:
                final["usage"] = self.usage
            out.append(final)
        if self.opts.include_usage and self.usage:
            out.append({**self.envelope, "choices": [], "usage": self.usage})
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
