"""A Sieve's events as the per-step deltas an engine's serving loop sends (standard library only).

An engine calls its parser once per decoding step and sends what that step added: reasoning text,
content text, and tool-call deltas (a call's id and name first, then its argument fragments).
`Steps` does that for one choice of one request, with the request's rules applied by the layer
the proxy uses too (`callsieve.rules`): `calls=False` (tool_choice "none") leaves calls as text,
`parallel=False` keeps only the first call.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve import Sieve, ToolCallError
from callsieve.rules import CallArgs, CallCut, CallEnded, CallOpened, ChoiceRules, Content, Thinking


# slots: a Step and its CallDeltas are made at every decoding step of every stream
@dataclass(slots=True)
class CallDelta:
    """One call's part of a step. `id` and `name` are set only in the call's first delta."""
    index: int
    arguments: str = ""
    id: str | None = None
    name: str | None = None


@dataclass(slots=True)
class Step:
    reasoning: str = ""
    content: str = ""
    calls: list[CallDelta] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.reasoning or self.content or self.calls)

    def __add__(self, other: "Step") -> "Step":
        return Step(self.reasoning + other.reasoning, self.content + other.content, self.calls + other.calls)


@dataclass
class Call:
    id: str
    name: str
    arguments: list[str] = field(default_factory=list)
    ended: bool = False
    incomplete: bool = False   # cut off by the end of the stream: its arguments never closed


def constructor(cls):
    """make(values, fields_set): what the engine's pydantic model `cls.model_construct(fields_set,
    **values)` makes when `values` has every field, for a model without aliases, post-init or root
    (the engines' delta and result models): an instance whose dict is `values`.  The engines' deltas
    carry callsieve's own strings and ints, already of the declared types; validating them again,
    or model_construct's walk over every field's aliases at each call, would be most of the
    integration's cost per step.  Any other model gets model_construct itself."""
    fields = getattr(cls, "__pydantic_fields__", {})
    plain = (not getattr(cls, "__pydantic_root_model__", True) and not getattr(cls, "__pydantic_post_init__", True)
             and all(f.alias is None and f.validation_alias is None for f in fields.values()))
    if not plain:
        return lambda values, fields_set: cls.model_construct(set(fields_set), **values)
    extra = cls.model_config.get("extra") == "allow"
    new, set_attr = cls.__new__, object.__setattr__

    def make(values, fields_set):
        m = new(cls)
        set_attr(m, "__dict__", values)
        set_attr(m, "__pydantic_fields_set__", set(fields_set))   # a copy: assignment adds to it
        set_attr(m, "__pydantic_extra__", {} if extra else None)
        set_attr(m, "__pydantic_private__", None)
        return m
    return make


class SentArgs(Sequence[str]):
    """`streamed_args_for_tool` as vLLM's and SGLang's parsers keep it (per call, the argument text
    sent so far), held as pieces: the engines read it once, at the end of a stream, where `+=` at
    every step would copy a long argument once per step (quadratic in its length).  A read joins."""

    def __init__(self) -> None:
        self.pieces: list[list[str]] = []

    def add(self, index: int, text: str) -> None:
        while len(self.pieces) <= index:
            self.pieces.append([])
        if text:
            self.pieces[index].append(text)

    def __len__(self) -> int:
        return len(self.pieces)

    def __getitem__(self, i):   # an index or a slice, as a list's
        if isinstance(i, slice):
            return [self[j] for j in range(len(self))[i]]
        p = self.pieces[i]
        if len(p) != 1:
            p[:] = ["".join(p)]
        return p[0]


class CallSent(dict):
    """One entry of the parsers' `prev_tool_call_arr`: {"name", "arguments"}, its arguments read from
    the SentArgs (the engines ask `.get("arguments")` at the end; then it equals what was sent, so
    they find nothing missing).  `close` writes the text into the dict itself."""

    def __init__(self, sent: SentArgs, index: int):
        super().__init__(name=None, arguments="")
        self.sent, self.index = sent, index

    def __getitem__(self, key):
        return self.sent[self.index] if key == "arguments" else super().__getitem__(key)

    def get(self, key, default=None):
        return self.sent[self.index] if key == "arguments" else super().get(key, default)

    def close(self) -> None:
        super().__setitem__("arguments", self.sent[self.index])


def note_streamed(parser, step: Step, end: bool = False) -> None:
    """vLLM's and SGLang's parsers both keep `prev_tool_call_arr` and `streamed_args_for_tool`; their
    serving layers read them at the end to send arguments they think are missing, so keep both equal
    to what went out (then nothing is missing), in linear time (SentArgs)."""
    sent = parser.streamed_args_for_tool
    if not isinstance(sent, SentArgs):
        sent = parser.streamed_args_for_tool = SentArgs()
    calls = parser.prev_tool_call_arr
    for c in step.calls:
        while len(calls) <= c.index:
            calls.append(CallSent(sent, len(calls)))
        sent.add(c.index, c.arguments)
        if c.name is not None:
            calls[c.index]["name"] = c.name
        parser.current_tool_id = c.index
    if end:
        for call in calls:
            if isinstance(call, CallSent):
                call.close()


def tool_dicts(tools) -> list[dict]:
    """An engine's tool objects (pydantic models or dicts) as OpenAI tool dicts; Responses-style
    function tools ({"type": "function", "name": …}) get the Chat Completions shape."""
    out = []
    for t in tools or ():
        d = t.model_dump(exclude_none=True) if hasattr(t, "model_dump") else t
        if not isinstance(d, dict):
            continue
        if isinstance(d.get("function"), dict):
            out.append(d)
        elif d.get("type") == "function" and d.get("name"):
            out.append({"type": "function", "function": {"name": d["name"], "parameters": d.get("parameters") or {}}})
    return out



class Steps:
    """One streamed choice: `feed(delta_text)` and `close()` return the Step to send. The request
    rules are the proxy's (`callsieve.rules.ChoiceRules`); this only writes their events as Steps."""

    def __init__(self, tools=None, *, calls: bool = True, parallel: bool = True, reasoning: str = "auto",
                 thinking: bool | None = None, session=None, make_id: Callable[[str, int], str] | None = None,
                 quotes=None, special_tokens=None):
        # No tool declared: with strict parsing every call is text (how the proxy does tool_choice "none").
        # `quotes`: the request's user and tool texts (rules.Asked.quotes): a call in one is a quote.
        # `special_tokens`: the tokenizer's special marker tokens, from an engine that sees token ids
        # (then `feed` is told where they are: callsieve.spelling).
        self.sieve = Sieve(tools=tools if calls else [], reasoning=reasoning, thinking=thinking, session=session,
                           quotes=quotes, special_tokens=special_tokens)
        self.rules = ChoiceRules(parallel=parallel, make_id=make_id)
        self.calls: dict[int, Call] = {}    # by output index

    def feed(self, text: str, special=None) -> Step:
        """`special`: the offsets in `text` where a special marker token's text starts."""
        return self._step(self.sieve.feed(text, special)) if text else Step()

    def close(self) -> Step:
        return self._step(self.sieve.close())

    @property
    def format(self) -> str | None:
        return self.sieve.format

    @property
    def errors(self) -> list[ToolCallError]:
        return self.rules.errors

    def complete_calls(self) -> list[Call]:
        """The calls a non-streamed answer carries: ended, and not cut off."""
        return [c for _, c in sorted(self.calls.items()) if c.ended and not c.incomplete]

    def _step(self, events: list) -> Step:
        wire = self.rules.events(events)
        if len(wire) == 1 and type(wire[0]) is Content:   # most steps: a piece of text
            return Step(content=wire[0].text)
        step, reasoning, content = Step(), [], []
        ev: Any   # dispatched on its exact type through `t` (fast, per chunk), which mypy cannot follow
        for ev in wire:
            t = type(ev)
            if t is Content:
                content.append(ev.text)
            elif t is Thinking:
                reasoning.append(ev.text)
            elif t is CallOpened:
                self.calls[ev.index] = Call(ev.id, ev.name, [ev.arguments] if ev.arguments else [])
                step.calls.append(CallDelta(ev.index, ev.arguments, ev.id, ev.name))
            elif t is CallArgs and ev.text:
                self.calls[ev.index].arguments.append(ev.text)
                last = step.calls[-1] if step.calls else None
                if last is not None and last.index == ev.index:   # pieces of one call merge into one delta
                    last.arguments += ev.text
                else:
                    step.calls.append(CallDelta(ev.index, ev.text))
            elif t is CallEnded:
                self.calls[ev.index].ended = True
            elif t is CallCut:
                self.calls[ev.index].incomplete = True
        step.reasoning, step.content = "".join(reasoning), "".join(content)
        return step


class Watch:
    """Whether reasoning has ended, step by step: content, a call, or a thinking block that closed."""

    def __init__(self, thinking: bool | None):
        self.steps = Steps(calls=False, thinking=thinking)
        self.was_thinking = False
        self.ended = thinking is False

    def feed(self, text: str) -> Step:
        step = self.steps.feed(text)
        think = self.steps.sieve.in_reasoning
        self.ended = self.ended or bool(step.content.strip() or step.calls) or (self.was_thinking and not think)
        self.was_thinking = think
        return step


def whole(text: str, special=None, **options) -> tuple[str, str, list[Call], Steps]:
    """A non-streamed answer: (reasoning, content, complete calls, the Steps), through the same path."""
    s = Steps(**options)
    a, b = s.feed(text, special), s.close()
    return a.reasoning + b.reasoning, a.content + b.content, s.complete_calls(), s


class OneEntryPerDelta:
    """Deltas of at most one tool-call entry each: a call's id and name alone, then its arguments.

    vLLM's tool-parser contract (the StreamingToolReconstructor of its parser tests, which clients
    built on vLLM copy) wants that, where a Step can carry a name and the first arguments, or two
    calls.  The entries beyond the first wait for the next step (arguments of one call that wait
    together are merged); `take(step, end=True)` sends everything still waiting."""

    def __init__(self):
        self.waiting: list[CallDelta] = []

    def take(self, step: Step, end: bool = False) -> Step:
        calls = step.calls
        if not self.waiting and (not calls or (len(calls) == 1 and (calls[0].name is None or not calls[0].arguments))):
            return step        # most steps: one entry or none, nothing waiting
        for c in calls:
            if c.name is not None:
                self.waiting.append(CallDelta(c.index, "", c.id, c.name))
            if c.arguments:
                last = self.waiting[-1] if self.waiting else None
                if last is not None and last.index == c.index and last.name is None:
                    last.arguments += c.arguments
                else:
                    self.waiting.append(CallDelta(c.index, c.arguments))
        if not end:
            out, self.waiting = self.waiting[:1], self.waiting[1:]
            return Step(step.reasoning, step.content, out)
        out = []
        for c in self.waiting:
            if out and out[-1].index == c.index and c.name is None:
                out[-1].arguments += c.arguments
            else:
                out.append(c)
        self.waiting = []
        return Step(step.reasoning, step.content, out)
