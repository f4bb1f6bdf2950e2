"""Any known body, in a wrapper no family declares (docs/architecture.md#parts).

`Known(table)` is the body of the parts table: what follows the wrapper's opener is whichever
of `_parts.BODIES`, `SHARED` and `table` (asked in that order) names a declared tool
(`_parts.pick`, which also keeps HTML's elements and a result's wrapper out).  A body added to
the table is read in every unknown wrapper with no more code.

`nested` (a wrapper's shape, formats/wrapped.py's WRAPPER): a wrapper may hold another wrapper
(up to `DEPTH` deep, whitespace between them), the innermost around a known body: Gemini 3
Flash writes `<function_calls>\\n<tool_code>f(a=1)</tool_code>\\n</function_calls>`.  Every
wrapper is then markup of the call, each closer consumed after what it holds.  The innermost
wrapper's word is the one that says whether a call expression or a bare name is a call
(`_parts.says_call`); an outer wrapper that is an HTML element (`<pre>`, which quotes) or a
result's wrapper holds no call.
"""
from __future__ import annotations

import functools
import re

from . import MAYBE, NO, YES, Verdict
from ._json import LOOK_MAX
from ._json_bodies import Addressee
from ._parts import _RESULT, _TOKEN, Body, Family, _closer, _longest, closers, html_element, pick
from ..reader import Reject, Truncated, more, peek, startswith
from ..scan import Shape

DEPTH = 3                              # wrappers inside the outer one, at most


@functools.cache
def family_openers() -> dict[str, tuple]:
    """{the first two characters: ((whole-token opener, its families in the order the registry
    asks them), …)}, longest first (read once, on first use: the registry imports this module)."""
    from . import all_formats
    got: dict[str, list] = {}
    for f in all_formats():
        if not f.shaped and isinstance(f, Family):
            for o in f.openers:
                if isinstance(o, str) and _TOKEN.fullmatch(o) and o not in f.inline:
                    got.setdefault(o, []).append(f)
    heads: dict[str, list] = {}
    for o, fs in got.items():
        heads.setdefault(o[:2], []).append((o, tuple(fs)))
    return {h: tuple(sorted(v, key=lambda e: -len(e[0]))) for h, v in heads.items()}


class Inner(Body):
    """A known family's own block inside a wrapper no family declares: the wrapper bent
    (`<|acme:tool_calls_section_begin|>`, `<｜tool_calls_begin_v2｜>`) around a block that opens
    with one of the family's whole tokens (`<|tool_call_begin|>…`), read by the family itself;
    the wrapper is markup.  The family decides as it would on its own, and its calls run as
    they would (a call to a tool not declared does not), so a block no family reads leaves the
    wrapper text."""

    def _first(self, look: str, eof: bool, ctx):
        """(verdict, opener, family) of the family block at the start of `look`."""
        s = look.lstrip()
        if not s:
            return (NO if eof else MAYBE), None, None
        table = family_openers()
        if len(s) < 2:
            return (MAYBE if not eof and any(h.startswith(s) for h in table) else NO), None, None
        wait = False
        for o, fams in table.get(s[:2], ()):
            if s.startswith(o):
                for f in fams:
                    v = f.decide(o, s[len(o):], eof, ctx)
                    if v == YES:
                        return YES, o, f
                    wait = wait or v == MAYBE
            elif not eof and o.startswith(s):
                wait = True
        return (MAYBE if wait and not eof else NO), None, None

    def spot(self, look, eof, ctx, strict, ends=()):
        return self._first(look, eof, ctx)[0]

    def read(self, r, ctx, opener, ends, value):
        first = True
        while (got := (yield from self._next(r, ctx, first))) is not None:
            inner, fam = got
            yield from peek(r)
            r.pos += len(inner)
            yield from fam.parse(r, ctx, inner)
            first = False
        yield from _closer(r, ends)

    def _next(self, r, ctx, first: bool):
        """(opener, family) of the next family block in the wrapper (several in a row, each
        read by its family: `<calls><tool_call>…</tool_call><tool_call>…</tool_call></calls>`);
        None after the first when none follows."""
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, inner, fam = self._first(view, r.eof or len(view) >= LOOK_MAX, ctx)
            if v == YES:
                return inner, fam
            if v == NO or not (yield from more(r)):
                if not first:
                    return None
                raise Reject("no family's block") if v == NO else Truncated("cut off before a call")


# Known bodies built on the parts in other modules (`_parts.BODIES` cannot import them): a
# harmony header, then JSON (`assistant to=functions.NAME json\n{…}`); a known family's block.
SHARED: tuple[Body, ...] = (Addressee(), Inner())


class Known(Body):
    """One of the known bodies, whichever names a declared tool (decided per block)."""

    def __init__(self, table: tuple[Body, ...] = (), nested: Shape | None = None):
        self.table = SHARED + table
        self.nested = re.compile(nested.pattern) if nested is not None else None
        self.partial = re.compile(f"(?:{nested.prefix})\\Z") if nested is not None else None

    def spot(self, look, eof, ctx, strict, ends=()):
        return pick(look, eof, ctx, "", self.table)[0]

    def within(self, opener, look, eof, ctx, ends=()):
        return self.pick(opener, look, eof, ctx)[0]

    def pick(self, opener: str, look: str, eof: bool, ctx, depth: int = DEPTH) -> tuple[Verdict, Body | None]:
        """`_parts.pick`, or a wrapper inside `opener` around a known body: (YES, a Nested)."""
        v, body = pick(look, eof, ctx, opener, self.table)
        if v != NO or self.nested is None or not depth or html_element(opener) or _RESULT.search(opener):
            return v, body
        s = look[:LOOK_MAX].lstrip()
        m = self.nested.match(s)
        if m is None:
            # (a wrapper's opener still arriving)
            return (MAYBE if not eof and s and self.partial.match(s) else NO), None  # type: ignore[union-attr]
        inner = m.group()
        if inner.endswith(":"):
            return NO, None                    # (a call line or a name prefix is no wrapper of wrappers)
        v, body = self.pick(inner, s[m.end():], eof, ctx, depth - 1)
        if v != YES or body is None:
            return v, None
        return YES, Nested(inner, body)

    def read(self, r, ctx, opener, ends, value):
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, body = self.pick(opener, view, r.eof or len(view) >= LOOK_MAX, ctx)
            if v == YES and body is not None:
                break
            if v == NO or not (yield from more(r)):
                raise Reject("no known body") if v == NO else Truncated("cut off before a call")
        yield from body.read(r, ctx, opener, ends, value)


class Nested(Body):
    """A wrapper, `inner`, around `body` (or around another Nested), inside the block's own
    wrapper: read once or more in a row (`<x><y>f()</y><y>g()</y></x>`), then the outer closer."""

    def __init__(self, inner: str, body: Body):
        self.inner, self.body = inner, body

    def read(self, r, ctx, opener, ends, value):
        mine = _longest(closers(self.inner))
        while (yield from startswith(r, self.inner, skip_ws=True)):
            yield from self.body.read(r, ctx, self.inner, mine, value)
            yield from _closer(r, mine)        # (a body that reads none leaves it)
            yield from peek(r)
        yield from _closer(r, ends)
