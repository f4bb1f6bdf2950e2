"""A format built from a chat template's own markup (callsieve.templates.derive finds it by rendering).

`Markup` is what the renders showed: a section around the calls (optional), and one call as a
sequence of literals and fields — NAME, ID (the call id the template writes), ARGS (a JSON object
of arguments), CALL (a JSON object holding the name and arguments), or PARAMS (key/value tags,
then `Markup.params` says which).  `Derived` reads that markup with the shared primitives, so a
derived family streams and fails exactly as a hand-written one: arguments stream as they
arrive, a closer quoted inside a JSON string ends nothing, an undeclared tool gives the block back
as text, a cut-off call is incomplete.  Whitespace around literals is layout (optional).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import MAYBE, NO, YES, Format
from ._json import LOOK_MAX, call_object, call_sequence, json_after
from ._xml import Dialect, Tag, block
from ..reader import Reject, Truncated, more, startswith, token

NAME, ID, ARGS, CALL, PARAMS = "\x00NAME", "\x00ID", "\x00ARGS", "\x00CALL", "\x00PARAMS"
FIELDS = (NAME, ID, ARGS, CALL, PARAMS)


@dataclass(frozen=True)
class Markup:
    call: tuple                   # literals and FIELDS, in order; literals stripped, never empty
    section_open: str = ""
    section_close: str = ""
    sep: str = ""                 # between two calls (beside whitespace)
    params: tuple = ()            # PARAMS: (key open, key close + value open, value close); the
                                  # middle one may be (start, end) with attributes between
    trim_nl: bool = False         # PARAMS: values written on lines of their own
    xml: bool = False             # PARAMS: the template quotes markup in a value as XML does
                                  # (`<![CDATA[…]]>`, `&lt;`): read as XML text


def _ws(lit: str) -> str:
    """A regex for a literal whose inner whitespace may vary."""
    return r"\s*".join(re.escape(p) for p in lit.split())


class Derived(Format):
    syntax = "json"
    priority = 0            # the template's own markup decides before the registry's guesses

    def __init__(self, markup: Markup | None = None, name: str = "derived"):
        if markup is None:      # (the registry scans only public modules; this one is never registered)
            return
        self.markup, self.name = markup, name
        m = markup
        first = m.call[0]
        self.openers = (m.section_open or first,)
        self.closer = m.section_close or (m.call[-1] if m.call[-1] not in FIELDS else None)
        self.description = "derived from the chat template: " + self.example_text()
        self.example = ""
        if PARAMS in m.call:
            self.syntax = "xml"
            self.dialect = self._dialect()

    def knows(self, tokens: tuple[str, ...]) -> None:
        """The chat template's own special tokens: markup, never content (Format.specials)."""
        self.specials = tokens

    def example_text(self) -> str:
        m = self.markup
        return m.section_open + "".join({NAME: "NAME", ID: "ID", ARGS: "{args}", CALL: "{call}",
                                         PARAMS: "K=V…"}.get(p, p) for p in m.call) + m.section_close

    def _dialect(self) -> Dialect:
        """PARAMS calls are XML-like: the call is a tag holding the name, then key/value tags."""
        m = self.markup
        i = m.call.index(PARAMS)
        head, tail = m.call[:i], m.call[i + 1:]
        k_open, k_close, v_close = m.params
        name_end = next((p for p in head[head.index(NAME) + 1:] if p not in FIELDS), None)
        pattern = r"\s*".join(r"(?P<name>[^<>\n]+?)" if p == NAME else r"\S*?" if p in FIELDS
                               else _ws(p) for p in head)
        if name_end is None:               # the name ends at a line's end or at the first key
            pattern += r"\s*"
            end = rf"(?={re.escape(k_open)})|\n"
        else:
            end = _ws(name_end)
        call = Tag((head[0],), pattern, end=end)
        if isinstance(k_close, tuple):       # attributes between a fixed start and end
            k_end = _ws(k_close[1])
            k_close = _ws(k_close[0]) + r"[^<>]*?" + k_end
        else:
            k_close = k_end = _ws(k_close)
        param = Tag((k_open,), _ws(k_open) + r"\s*(?P<key>.*?)\s*" + k_close, end=k_end)
        closes = tuple(p for p in tail if p not in FIELDS)
        # a call's closers after the first (`</function></tool_call>`) are skipped as fillers
        return Dialect(call=call, call_close=closes[:1], param=param, value_close=(v_close,),
                       block_close=(m.section_close,) if m.section_close else (), trim_nl=m.trim_nl, xml=m.xml,
                       fillers=tuple(dict.fromkeys((*closes[1:], *([m.sep] if m.sep else ())))))

    def field_end(self, after) -> str | None:
        """The literal that ends a name or id field, from the parts `after` it: the next literal;
        `{` when JSON arguments follow it directly (`NAME\n{…}`: only whitespace between); key/value
        tags begin with their key's opener."""
        for p in after:
            if p in (ARGS, CALL):
                return "{"
            if p == PARAMS:
                return self.markup.params[0]
            if p not in FIELDS:
                return p
        return None

    # -- deciding: what follows the opener is the start of the template's call ----------------
    def decide(self, opener, look, eof, ctx):
        m = self.markup
        if m.call == (CALL,):
            return json_after(look, eof)
        rest = look[:LOOK_MAX]
        parts = m.call if m.section_open else m.call[1:]
        for p in parts:
            rest = rest.lstrip()
            if p in FIELDS:
                if p in (ARGS, CALL):
                    return YES if rest.startswith("{") else (MAYBE if not rest and not eof else NO)
                if p == PARAMS:
                    return YES
                lit = self.field_end(parts[parts.index(p) + 1:]) or "{"
                i = rest.find(lit)
                if i < 0:
                    # not yet: a field on one line, or one line then the start of its literal
                    # (`NAME\n<arg_k`, `NAME\n```js`: the template's layout puts it on the next line)
                    _, nl, below = rest.partition("\n")
                    return NO if eof or len(rest) >= LOOK_MAX or (nl and not lit.startswith(below.strip())) else MAYBE
                if p == NAME and not rest[:i].strip():
                    return NO
                rest = rest[i:]
                continue
            if rest.startswith(p):
                rest = rest[len(p):]
            elif p.startswith(rest) and not eof:
                return MAYBE
            else:
                return NO
        return YES

    # -- reading ----------------------------------------------------------------------------
    def parse(self, r, ctx, opener):
        m = self.markup
        if not m.section_open:
            r.push_front(opener)               # the opener is the first call's own
        if PARAMS in m.call:
            yield from block(r, ctx, self.dialect)
            if m.section_close and not m.sep:
                yield from startswith(r, m.section_close, skip_ws=True)
            return
        if m.call == (CALL,):
            yield from call_sequence(r, ctx, m.section_close or None)
            return
        first = m.call[0]
        n = 0
        while True:
            if not (yield from startswith(r, first, skip_ws=True)):
                if n == 0:
                    c = r.buf[r.pos:r.pos + 1]
                    raise Reject("no call in the block") if c or r.eof else Truncated("cut off before a call")
                break
            yield from self._call(r, ctx, m.call[1:])
            n += 1
            if m.sep:
                yield from startswith(r, m.sep, skip_ws=True)
        if m.section_close:
            yield from startswith(r, m.section_close, skip_ws=True)

    def _call(self, r, ctx, parts):
        name = cid = None
        for i, p in enumerate(parts):
            if p not in FIELDS:
                if not (yield from startswith(r, p, skip_ws=True)):
                    if ctx.open or ctx.block_calls:
                        return                  # a call's closer may be missing
                    raise Reject(f"expected {p!r}") if not r.eof else Truncated(f"cut off before {p!r}")
                continue
            if p in (NAME, ID):
                nxt = self.field_end(parts[i + 1:])
                text = yield from _field(r, nxt)
                if p == NAME:
                    name = ctx.check(text)
                else:
                    cid = text
            elif p == ARGS:
                if name is None:
                    raise Reject("arguments before a name")
                yield from call_object(r, ctx, name=name, id=cid)
            elif p == CALL:
                yield from call_object(r, ctx, id=cid)


_FIELD = re.compile(r"\s*[^\s{<\[]*")


def _field(r, until_lit):
    """A name or id: the text up to `until_lit` (or up to whitespace / `{` when none follows)."""
    if until_lit is None or until_lit == "{":
        m = yield from token(r, _FIELD, 256)
        text = m.group() if m else ""
    else:
        buf_start = r.pos
        while True:
            i = r.buf.find(until_lit, r.pos)
            if i >= 0 and i - r.pos <= 256:
                text = r.buf[r.pos:i]
                r.pos = i
                break
            if len(r.buf) - buf_start > 256 + len(until_lit):
                raise Reject("no name where one was expected")
            if r.eof:
                raise Truncated("cut off in a name")
            yield from more(r)
    text = text.strip()
    if not text:
        raise Reject("empty name")
    return text
