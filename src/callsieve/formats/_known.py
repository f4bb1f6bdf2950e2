"""Any known body, in a wrapper no family declares (docs/architecture.md#parts).

`Known(table)` is the body of the parts table: what follows the wrapper's opener is whichever
of `_parts.BODIES`, `SHARED` and `table` (asked in that order) names a declared tool
(`_parts.pick`, which also keeps HTML's elements and a result's wrapper out).  A body added to
the table is read in every unknown wrapper with no more code.
"""
from __future__ import annotations

from . import NO, YES
from ._json import LOOK_MAX
from ._json_bodies import Addressee
from ._parts import Body, pick
from ..reader import Reject, Truncated, more

# Known bodies built on the parts in other modules (`_parts.BODIES` cannot import them): a
# harmony header, then JSON (`assistant to=functions.NAME json\n{…}`).
SHARED: tuple[Body, ...] = (Addressee(),)


class Known(Body):
    """One of the known bodies, whichever names a declared tool (decided per block)."""

    def __init__(self, table: tuple[Body, ...] = ()):
        self.table = SHARED + table

    def spot(self, look, eof, ctx, strict, ends=()):
        return pick(look, eof, ctx, "", self.table)[0]

    def within(self, opener, look, eof, ctx, ends=()):
        return pick(look, eof, ctx, opener, self.table)[0]

    def read(self, r, ctx, opener, ends, value):
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, body = pick(view, r.eof or len(view) >= LOOK_MAX, ctx, opener, self.table)
            if v == YES and body is not None:
                break
            if v == NO or not (yield from more(r)):
                raise Reject("no known body") if v == NO else Truncated("cut off before a call")
        yield from body.read(r, ctx, opener, ends, value)
