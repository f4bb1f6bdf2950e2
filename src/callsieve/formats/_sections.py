"""The JSON-bodied parts: calls as JSON behind a marker, and sections of calls (docs/architecture.md#parts).

The bodies here are what the families of "JSON behind markers" are made of, each a `Body` of
formats/_parts.py that a `Family` declares with named options (a family's quirk is an option,
never code of its own):
- `JsonAfter`: call objects or lists after a marker, perhaps after header words;
- `JsonStart`: a bare call object or list, as the first thing in the content (or naming a
  declared tool after prose);
- `NameKeys`: calls keyed by the tool's name, `[{"NAME": {args}}]`;
- `Recipient`: a recipient header, then a list of calls or a named tool's arguments;
- `Fenced`: calls in a Markdown ```json fence, perhaps after a heading line.
Each reads through the shared JSON reader (formats/_json.py): the name first, then argument deltas.
"""
from __future__ import annotations

import re

from . import LOOK_MAX, MAYBE, NO, YES, declared
from ._json import ahead, bare_calls, call_ahead, call_array, call_object, call_sequence, keyed_calls
from ._parts import Body, closers, trailer
from ..reader import Reject, Truncated, peek_raw, startswith, token


def own_closer(opener: str, ends: tuple) -> str | None:
    """The closer of the block `opener` opened, among the family's `ends`: the one spelled after
    the opener (`<longcat_tool_call>` … `</longcat_tool_call>`), else the family's first."""
    return next((c for c in closers(opener) if c in ends), ends[0] if ends else None)


def _head(r, parts):
    """Read header `parts` (as `ahead` takes them: a literal, or alternatives, "" for none)."""
    for part in parts:
        for alt in sorted(part if isinstance(part, tuple) else (part,), key=len, reverse=True):
            if alt and (yield from startswith(r, alt, skip_ws=True)):
                break


class JsonAfter(Body):
    """Call objects (or lists of them, several separated by whitespace or `seps`) after a marker,
    up to the block's closer, which is optional; claimed only when JSON follows.  Options:
    - `again`: the opener written twice (`<tool_call>\\n<tool_call>\\n{…`) is markup too, once;
    - `end`: a closer read when written, for a family that declares none (llama.cpp's
      `</function_call>` after Granite-20b's `<function_call>`, GigaChat's `</s>`);
    - `head`: words between the marker and the JSON (GigaChat's `function call<|role_sep|>`),
      in `ahead`'s terms (a literal, or alternatives with "" for an optional one);
    - `one`: a single call object, not a sequence; `named`: its first key must be `"name"`;
    - `opened`: the marker ends with the JSON's own bracket (`functools[`, `functools{`): it is
      given back to the JSON reader, and one list (or object) is read."""

    def __init__(self, again: bool = True, end: str | None = None, head: tuple = (), one: bool = False,
                 named: bool = False, opened: bool = False, seps: str = ","):
        self.again, self.end, self.head, self.one, self.named = again, end, head, one, named
        self.opened, self.seps = opened, seps

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        if self.opened:
            return ahead(look, eof, '"' if opener.endswith("{") else "{")
        parts = ((opener, ""),) if self.again and opener else ()
        first = "{" if self.one else ("{", "[")
        return ahead(look, eof, *parts, *self.head, first, *(('"name"',) if self.named else ()))

    def read(self, r, ctx, opener, ends, value):
        if self.opened:
            r.push_front(opener[-1])           # the list's (or object's) own bracket
            yield from (call_object(r, ctx) if opener.endswith("{") else call_array(r, ctx))
            return
        if self.again:
            yield from startswith(r, opener, skip_ws=True)
        yield from _head(r, self.head)
        if self.one:
            yield from call_object(r, ctx)
            if self.end:
                yield from startswith(r, self.end, skip_ws=True)
            return
        yield from call_sequence(r, ctx, own_closer(opener, ends) or self.end, seps=self.seps)


class JsonStart(Body):
    """A bare call object or list, its opener (`{`, `[`) the JSON's own: as the first thing in
    the content when its first key is a call's, after prose only when it names a declared tool.
    Calls may be separated by `;` (Llama 3.x) or commas."""

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("{", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        return call_ahead(opener, look, eof, ctx)

    def read(self, r, ctx, opener, ends, value):
        yield from bare_calls(r, ctx, opener)


class NameKeys(JsonAfter):
    """Calls keyed by the tool's name, `[{"NAME": {args}}, …]` (Apertus), or one such object;
    several keys in one object are several calls.  Claimed as JsonAfter claims its JSON."""

    def read(self, r, ctx, opener, ends, value):
        yield from keyed_calls(r, ctx)
        closer = own_closer(opener, ends)
        if closer:
            yield from startswith(r, closer, skip_ws=True)


_IDENT = re.compile(r"[A-Za-z_][\w.\-]*")
_EOL = re.compile(r"[ \t]*\r?\n?")
_RECIPIENT = re.compile(r"([A-Za-z_][\w.\-]*)[ \t]*\r?\n\s*([\[{])")
_RECIPIENT_PREFIX = re.compile(r"[A-Za-z_][\w.\-]*(?:[ \t]*(?:\r?\n\s*)?)?\Z|\Z")


class Recipient(Body):
    """A recipient on the marker's line, the calls on the next: `listed` (HyperCLOVA X's
    `function_call`), then a JSON list of calls; or a declared tool's name, then its arguments
    object."""

    def __init__(self, listed: str):
        self.listed = listed

    def spot(self, look, eof, ctx, strict, ends=()):
        look = look[:LOOK_MAX]
        m = _RECIPIENT.match(look)
        if m:
            if m.group(1) == self.listed:
                return YES
            return YES if m.group(2) == "{" and declared(ctx, m.group(1)) else NO
        return MAYBE if not eof and _RECIPIENT_PREFIX.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _IDENT, 256)
        if m is None:
            raise Reject("no recipient") if (yield from peek_raw(r)) else Truncated("cut off after the header")
        yield from token(r, _EOL, 8)
        if m.group() == self.listed:
            yield from call_sequence(r, ctx, None)
        else:
            yield from call_object(r, ctx, name=ctx.check(m.group()))


__all__ = ["JsonAfter", "JsonStart", "NameKeys", "Recipient", "own_closer", "trailer"]
