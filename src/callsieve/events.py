"""The events a Sieve emits: small frozen dataclasses, as in h11.

Every character fed to a Sieve ends up in exactly one place: a Text or Reasoning event,
or consumed as markup / a call (reported by Markup events when the Sieve is asked for them).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Text:
    """Content for the user."""
    text: str

    def __init__(self, text: str) -> None:
        _SET_TEXT(self, text)          # (see _slot)


@dataclass(frozen=True, slots=True)
class Reasoning:
    """Thinking text, separated from the answer."""
    text: str

    def __init__(self, text: str) -> None:
        _SET_REASONING(self, text)


@dataclass(frozen=True, slots=True)
class ToolCallStart:
    """A call's name is known. `index` counts calls in this stream from 0."""
    index: int
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class ToolCallArgs:
    """A piece of the call's arguments as JSON text; a call's deltas concatenate to one JSON object."""
    index: int
    delta: str

    def __init__(self, index: int, delta: str) -> None:
        _SET_INDEX(self, index)
        _SET_DELTA(self, delta)


@dataclass(frozen=True, slots=True)
class ToolCallEnd:
    """The call is complete; `arguments` is the parsed JSON object of its deltas."""
    index: int
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolCallError:
    """A call, or markup meant as one, went bad.  `raw` is the model's text that could not be
    used, so nothing is silently dropped.  Two cases:

    - `index` a call's (then always `incomplete=True`): the call is not runnable, because its
      arguments were not read whole and valid: cut off by the end of the stream, larger than
      max_call_bytes, or invalid syntax after the name went out (`reason` says which).  This is
      the call's last event: no ToolCallEnd, and it must not be run.  The deltas sent stay as
      they were; `arguments` is what they would be if closed, for a caller who wants it.
    - `index=None`: markup that holds no readable call (special tokens, a block cut off before
      its call started).
    """
    index: int | None
    reason: str
    raw: str
    incomplete: bool = False
    arguments: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Markup:
    """Text consumed as markup or call syntax (only with Sieve(markup=True), for auditing)."""
    text: str


def _slot(cls: type, name: str) -> Any:
    """The setter of a slot of a frozen event.  The hot events (one per chunk of prose, one per
    argument delta) write their slots through it: the __init__ dataclass writes looks
    object.__setattr__ up on every call and then the slot by name, a third of a prose chunk's
    cost in the Sieve.  They stay the same frozen dataclasses (fields, eq, hash, repr,
    match_args, replace, FrozenInstanceError)."""
    return cls.__dict__[name].__set__


_SET_TEXT = _slot(Text, "text")
_SET_REASONING = _slot(Reasoning, "text")
_SET_INDEX, _SET_DELTA = _slot(ToolCallArgs, "index"), _slot(ToolCallArgs, "delta")

Event = Text | Reasoning | ToolCallStart | ToolCallArgs | ToolCallEnd | ToolCallError | Markup
