"""The request rules, once, for the proxy (`callsieve.serve`) and the engine integrations
(`callsieve.integrations`): standard library only.

A request asks which calls count (`tool_choice: "none"` turns them off, `parallel_tool_calls:
false` keeps the first), whether a call goes out whole or streamed, and what the finish reason
says. `Asked.read` reads that from a request (a Chat Completions body, or an engine's request
object); `ChoiceRules` applies it to one choice's Sieve events, and gives the typed wire events
below, which every writer takes (the proxy's encoders, the engines' per-step deltas):

    Started(i)                               choice i began, with nothing to say yet
    Content(i, text) / Thinking(i, text)     content / thinking
    CallOpened(i, k, id, name, arguments)    call k opens (with its first arguments text, maybe "")
    CallArgs(i, k, text)                     more of call k's arguments
    CallEnded(i, k)                          call k is runnable: its arguments were read whole and valid
    CallCut(i, k)                            call k is not runnable (cut off, too large, invalid)
    Finished(i, reason, stop_sequence, usage)  the choice ended: "stop", "tool_calls", "length", …
                                             (finish_reason decides; stop_sequence only under "stop")

Consecutive Sieve events of one kind are gathered into one wire event. A call is delivered only
by its CallEnded: a writer must not present a call as finished before. With whole delivery
(`WholeCalls`) a call goes out only once runnable, as one CallOpened with all its arguments and
its CallEnded; a call that is not runnable never goes out.
"""
from __future__ import annotations

import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from callsieve.events import Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart
from callsieve.jsonargs import loads
from callsieve.reasoning import thinking_of


# -- the typed wire events -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Started:
    choice: int


@dataclass(frozen=True, slots=True)
class Content:
    choice: int
    text: str


@dataclass(frozen=True, slots=True)
class Thinking:
    choice: int
    text: str


@dataclass(frozen=True, slots=True)
class CallOpened:
    choice: int
    index: int
    id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class CallArgs:
    choice: int
    index: int
    text: str


@dataclass(frozen=True, slots=True)
class CallEnded:
    choice: int
    index: int


@dataclass(frozen=True, slots=True)
class CallCut:
    choice: int
    index: int


@dataclass(frozen=True, slots=True)
class Finished:
    choice: int
    reason: str
    stop_sequence: str | None = None
    usage: dict | None = None


EVENTS = (Started, Content, Thinking, CallOpened, CallArgs, CallEnded, CallCut, Finished)
WireEvent = Started | Content | Thinking | CallOpened | CallArgs | CallEnded | CallCut | Finished


# -- reading the request -------------------------------------------------------------------------
@dataclass(frozen=True)
class Asked:
    """What a request says about calls and thinking, whatever its shape."""
    tools: list | None = None
    calls: bool = True              # False: tool_choice "none" (calls stay text)
    parallel: bool = True           # False: parallel_tool_calls false (only the first call counts)
    thinking: bool | None = None    # the request turned thinking on or off; None: it does not say
    quotes: tuple[str, ...] = ()    # its user messages and tool results (a call in one is a quote)

    @classmethod
    def read(cls, get: Callable[[str], Any], chat_template_kwargs: dict | None = None) -> "Asked":
        """`get(field)`: a field of the request (`body.get`, or getattr on an engine's request)."""
        kwargs = chat_template_kwargs if chat_template_kwargs is not None else get("chat_template_kwargs")
        return cls(tools=get("tools") or None, calls=get("tool_choice") != "none",
                   parallel=get("parallel_tool_calls") is not False,
                   thinking=thinking_of(kwargs, get("reasoning_effort")),
                   quotes=request_texts(get("messages")))


# Whose messages the model may quote back: what it read (a user's paste, a tool's output), not
# its own turns, nor the system prompt (whose examples of the model's own markup it may follow).
QUOTED_ROLES = ("user", "tool", "function")


def request_texts(messages) -> tuple[str, ...]:
    """The texts of a request's user and tool messages (a string content, or its text parts): a
    call whose text stands in one is a quote, not a call (the Sieve's `quotes`)."""
    if not isinstance(messages, (list, tuple)):
        return ()
    out = []
    for m in messages:
        if not isinstance(m, dict) or m.get("role") not in QUOTED_ROLES:
            continue
        c = m.get("content")
        if isinstance(c, str):
            out.append(c)
        elif isinstance(c, list):
            out.extend(p if isinstance(p, str) else str(p.get("text") or p.get("content") or "")
                       for p in c if isinstance(p, (str, dict)))
    return tuple(t for t in out if t)


def finish_reason(upstream: str | None, calls: int, cut: int) -> str:
    """The finish reason a client gets. "length" stays (a call cut off by max_tokens is no reason
    to say the model chose to call), and a turn with any call that is not runnable (cut off,
    too large, invalid) says "length" too, whatever the upstream said and whatever other calls
    finished: it is the one finish reason by which every API tells a client not to act on the
    turn's calls as they stand (Messages "max_tokens", Responses "incomplete").  It decides
    before anything else the upstream said, its stop string included (`stop_sequence`)."""
    if upstream == "length" or cut:
        return "length"
    return "tool_calls" if calls else (upstream or "stop")


def stop_string(reason: str, matched: str | None) -> str | None:
    """The stop string a client is told ended the turn: only under "stop".  A stop string that
    matched while a call was cut (or after a runnable call) must not stand in for "length" or
    "tool_calls": Messages would say "stop_sequence", which tells a client nothing about the calls."""
    return matched if reason == "stop" else None


def runnable_arguments(text: str) -> bool:
    """A native call's arguments (the upstream parsed the call) follow the Sieve's rule: runnable
    only as a whole, strict JSON object (an engine's call cut by max_tokens has a prefix)."""
    try:
        return isinstance(loads(text), dict)
    except (ValueError, RecursionError):
        return False


def call_id() -> str:
    return "call_" + uuid.uuid4().hex[:24]


# -- applying it to one choice -------------------------------------------------------------------
@dataclass
class ChoiceRules:
    """One choice's calls under the request's rules: output indexes (parsed and native calls share
    one rising index), the calls dropped by parallel=False, how many ended runnable or not."""
    i: int = 0
    parallel: bool = True
    hide_reasoning: bool = False    # llama.cpp's deepseek-legacy: thinking streams inline only
    make_id: Callable[[str, int], str] | None = None   # an engine's own call ids
    out_index: dict[tuple[str, int], int] = field(default_factory=dict)
    dropped: set[tuple[str, int]] = field(default_factory=set)
    calls: int = 0          # calls that went out (opened)
    delivered: int = 0      # calls that ended runnable
    cut: int = 0            # calls that ended not runnable
    reasoning_chars: int = 0
    errors: list[ToolCallError] = field(default_factory=list)

    def index(self, key: tuple[str, int]) -> int | None:
        """Output index of a call ("p" parsed or "n" native, its own index), or None when dropped."""
        if key in self.out_index:
            return self.out_index[key]
        if key in self.dropped or (not self.parallel and self.out_index):
            self.dropped.add(key)
            return None
        k = self.out_index[key] = len(self.out_index)
        self.calls += 1
        return k

    def ended(self, k: int, runnable: bool) -> CallEnded | CallCut:
        """The one place a call of the answer ends, parsed or native."""
        if runnable:
            self.delivered += 1
            return CallEnded(self.i, k)
        self.cut += 1
        return CallCut(self.i, k)

    def finished(self, upstream: str | None, stop_sequence: str | None = None, usage: dict | None = None) -> Finished:
        reason = finish_reason(upstream, self.delivered, self.cut)
        return Finished(self.i, reason, stop_string(reason, stop_sequence), usage)

    def gathered(self, kind, text: str, opening: tuple | None) -> WireEvent:
        if kind == "text":
            return Content(self.i, text)
        if kind == "reasoning":
            return Thinking(self.i, text)
        if opening is not None:
            return CallOpened(self.i, kind, opening[0], opening[1], text)
        return CallArgs(self.i, kind, text)

    def events(self, events: list) -> list[WireEvent]:
        """A batch of Sieve events as few wire events as keep one kind per event."""
        out: list = []
        # what is being gathered: kind is "text", "reasoning" or an output call index; text is its
        # text so far; opening is the call's (id, name) when this event opens the call
        kind: str | int | None = None
        text, opening = "", None
        k: str | int | None
        for ev in events:
            t = type(ev)
            if t is Text:
                k, add = "text", ev.text
            elif t is ToolCallArgs:
                k = self.out_index.get(("p", ev.index))
                if k is None:
                    continue
                add = ev.delta
            elif t is Reasoning:
                k, add = "reasoning", ev.text
                self.reasoning_chars += len(ev.text)
                if self.hide_reasoning:
                    continue
            elif t is ToolCallStart:
                c = self.index(("p", ev.index))
                if c is None:
                    continue
                if kind is not None:
                    out.append(self.gathered(kind, text, opening))
                cid = self.make_id(ev.name, c) if self.make_id else ev.id
                kind, text, opening = c, "", (cid, ev.name)
                continue
            elif t is ToolCallEnd or t is ToolCallError:
                e = self._end_index(ev)
                if e is None:
                    continue
                if kind is not None:
                    out.append(self.gathered(kind, text, opening))
                    kind, text, opening = None, "", None
                out.append(self.ended(e, t is ToolCallEnd))
                continue
            else:  # Markup, anything newer
                continue
            if k == kind:
                text += add
            elif add or type(k) is int:
                if kind is not None:
                    out.append(self.gathered(kind, text, opening))
                kind, text, opening = k, add, None
        if kind is not None:
            out.append(self.gathered(kind, text, opening))
        return out

    def _end_index(self, ev) -> int | None:
        """The output index a ToolCallEnd or ToolCallError ends, if it ends one that went out."""
        if type(ev) is ToolCallError:
            self.errors.append(ev)
            if not ev.incomplete:
                return None
        return self.out_index.get(("p", ev.index)) if ev.index is not None else None


class WholeCalls:
    """Whole delivery: each call is held until it ends; runnable, it goes out as one CallOpened with
    all its arguments and its CallEnded (numbered by the calls delivered); otherwise never. Calls go
    out in the order they started (a native call ends only with the stream)."""

    def __init__(self):
        self.held: dict[tuple[int, int], list] = {}   # (choice, index) -> [id, name, [args], ended?]
        self.order: dict[int, deque] = {}             # choice -> its held calls' keys, as they started
        self.sent: dict[int, int] = {}                # choice -> calls delivered

    def __call__(self, events: list) -> list:
        out = []
        for ev in events:
            t = type(ev)
            if t is CallOpened:
                self.held[ev.choice, ev.index] = [ev.id, ev.name, [ev.arguments], None]
                self.order.setdefault(ev.choice, deque()).append((ev.choice, ev.index))
            elif t is CallArgs:
                self.held[ev.choice, ev.index][2].append(ev.text)
            elif t is CallEnded or t is CallCut:
                self.held[ev.choice, ev.index][3] = t
                out += self._release(ev.choice)
            else:
                out.append(ev)
        return out

    def _release(self, i: int) -> list:
        """The calls of choice i that ended, from the first started on, up to one still open:
        taken off the front of its queue, so that n calls ending cost n steps, not n² (20,000
        native calls, which all end with the stream, held the event loop for seconds)."""
        out = []
        order = self.order[i]
        while order and self.held[order[0]][3] is not None:
            cid, name, parts, how = self.held.pop(order.popleft())
            if how is CallEnded:
                k = self.sent.get(i, 0)
                self.sent[i] = k + 1
                out += [CallOpened(i, k, cid, name, "".join(parts)), CallEnded(i, k)]
        return out
