"""Message-bodied parts: calls as messages of a turn, told apart by a header (docs/architecture.md#parts).

- `Headed`: a name, then a content-type token, then the payload up to an end token
  (Inkling's `NAME<|content_invoke_tool_json|>{…}<|end_message|>`);
- `Recipients`: messages after a marker, each addressed on its first line (Functionary v3.2's
  `>>>NAME\\n{json}`, `>>>all\\ntext`, `>>>python\\ncode`), and a name-tag call
  (v3.1's `<function=NAME>{json}</function>`);
- `Channels` (formats/_harmony.py): harmony's channels, recipients and constrain tokens.

Harmony-like messages addressed by recipient around a call wrapper (Muse) are `_parts.Addressed`.
"""
from __future__ import annotations

import html
import re

from . import MAYBE, NO, YES, Context, Prose, ProseLane, Verdict, declared
from ._json import LOOK_MAX, call_object, code_call, json_after
from ._parts import Body
from ._xml import sole_key
from ..reader import Bad, Reader, Reject, Truncated, avoiding, more, peek, peek_raw, startswith, token, until
from ..scan import Matcher


def stream_until(r, stops: Matcher, emit=None, reasoning: bool = False):
    """Pass text on as it comes, up to and through the first of the `stops` markers: to `emit`
    (a parser's own collector), or, with no `emit`, out as prose from inside the block (yielded
    as Prose items, thinking if `reasoning`: see formats.Prose).

    Returns the marker, or None at end of stream (after the rest was passed on).  Only a tail
    that could start a marker is held back; nothing is searched twice.  Each piece is passed on
    right after it is consumed, with the reader where it ends (the Sieve's markup audit counts
    on it).
    """
    eof = False
    while True:
        buf, start = r.buf, r.pos
        m = None if eof else stops.search(buf, start)   # (at the end: the held tail goes too)
        end = len(buf) if eof else m.start() if m is not None else stops.partial(buf, start)
        if end < 0:
            end = len(buf)
        if end > start:
            r.pos = end
            if emit is None:
                yield Prose(buf[start:end], reasoning)
            else:
                emit(buf[start:end])
        if m is not None:
            r.pos = m.end()
            return m.group()
        if eof:
            return None
        lane = None
        if r.pos >= len(buf):
            lane = avoiding(stops.chars, emit) if emit is not None else _prose_lane(stops.chars, reasoning)
        eof = not (yield from more(r, lane))


_PROSE_LANES: dict[tuple[str, bool], ProseLane] = {}


def _prose_lane(chars: str, reasoning: bool) -> ProseLane:
    """The lane for prose that holds none of `chars` (one per kind: it holds no state)."""
    lane = _PROSE_LANES.get((chars, reasoning))
    if lane is None:
        lane = _PROSE_LANES[chars, reasoning] = ProseLane(avoiding(chars, None).accepts, reasoning)
    return lane


_NAME = re.compile(r"\s*([\w.\-]{1,128})\s*")
_NAME_THEN = re.compile(r"\s*[\w.\-]{0,128}\s*")
# A payload whose quotes came out HTML-escaped (`{&quot;name&quot;: …}`, a detokenizer's or a
# server's escaping): never JSON as written, so it is read whole up to its end token, unescaped,
# then as the JSON it stands for.  Its arguments come at once, at the end of the block; a payload
# cut off before its end token is incomplete, one that is not JSON once unescaped is text.
ESCAPED = "{&quot;"
ESCAPED_LIMIT = 1 << 20


class Headed(Body):
    """A name, then a content-type token, then the payload up to `end`:
    `NAME<json>{"name": NAME, "args": {…}}<end>` (the JSON is the whole call object, its name
    the header's or missing: the header's name is the tool), or `NAME<text>TEXT<end>` (the raw
    text is the tool's input, its one parameter).  The `json` token may open a block alone (the
    header before it stripped): the JSON's own name is the tool then."""

    def __init__(self, json: str, text: str, end: str):
        self.json, self.text, self.end = json, text, end

    def _after_name(self, look: str, eof: bool) -> Verdict:
        end = _NAME_THEN.match(look).end()  # type: ignore[union-attr]  # (it matches "" too)
        rest = look[end:]
        if rest.startswith(self.json):
            return json_after(rest[len(self.json):], eof)
        if rest.startswith(self.text) and end:
            return YES
        return MAYBE if not eof and (self.json.startswith(rest) or self.text.startswith(rest)) and end < 130 else NO

    def spot(self, look, eof, ctx, strict, ends=()):
        look = look[:LOOK_MAX]
        m = _NAME.match(look)
        if strict and (m is None or not declared(ctx, m.group(1))):
            return NO
        return self._after_name(look, eof)

    def within(self, opener, look, eof, ctx, ends=()):
        look = look[:LOOK_MAX]
        return json_after(look, eof) if opener == self.json else self._after_name(look, eof)

    def read(self, r, ctx, opener, ends, value):
        name = None
        if opener != self.json:
            m = yield from token(r, _NAME, 160)
            name = m.group(1) if m else None
            if name and (yield from startswith(r, self.text)):
                yield from self._text_call(r, ctx, name)
                return
            if not (yield from startswith(r, self.json)):
                raise Reject("no tool marker") if (yield from peek(r)) else Truncated("cut off in a header")
        view = ctx if name is None else _Named(ctx, name)
        if (yield from startswith(r, ESCAPED, skip_ws=True, consume=False)):
            yield from self._escaped_call(r, view)
            return
        yield from call_object(r, view)
        yield from startswith(r, self.end, skip_ws=True)

    def _text_call(self, r, ctx, name):
        """The raw text, read whole to the end token, as the tool's one parameter (the schema's
        only property).  A tool whose schema does not say which parameter takes it is not run
        (an error: the block is given back as text, as any malformed call is)."""
        name = ctx.check(name)
        text = yield from until(r, self.end, limit=ESCAPED_LIMIT)
        key = sole_key(ctx, name)
        a = ctx.start(name)
        a.begin("{")
        a.key(key)
        a.string(text)
        a.end()
        ctx.end()

    def _escaped_call(self, r, ctx):
        raw = yield from until(r, self.end, limit=ESCAPED_LIMIT)
        inner = Reader()
        inner.push(html.unescape(raw))
        inner.finish()
        try:
            yield from call_object(inner, ctx)
        except Reject:
            raise Reject("an escaped payload that is not a call") from None
        except (Bad, Truncated) as e:
            if not ctx.open:
                raise
            # The payload ended at its end token: what went wrong is inside it, never after it
            # (the stream's rest is not the call's, and may not have come yet).
            ctx.fail(str(e) or type(e).__name__, inner.rest()[:ctx.limit])
            return
        if inner.buf[inner.pos:].strip():
            raise Bad("text after an escaped payload")


class _Named:
    """The JSON's own name is the header's (or missing): the header's name is the tool."""

    def __init__(self, ctx: Context, name):
        self._ctx, self._name = ctx, name

    def __getattr__(self, k):
        return getattr(self._ctx, k)

    def check(self, name):
        return self._ctx.check(self._name)

    def start(self, name, id=None):
        return self._ctx.start(self._name, id)


_IDENT = re.compile(r"[A-Za-z_][\w.\-]*")
_IDENT_PREFIX = r"[A-Za-z_][\w.\-]*"


class Recipients(Body):
    """Messages after `mark`, each addressed on its first line: `MARK NAME\\n{json}` is a call
    with JSON arguments, `MARK <text>\\nTEXT` plain content (up to the next mark), `MARK
    <code>\\nCODE` a call to `code` with {"code": CODE}.  A `tag` opener reads a name-tag call
    instead, `<tag>NAME>{json}<tag_end>` (`NAME><tag_end>`: a call with no arguments).
    A mark is a call only before a name and a newline (a Python prompt `>>> x` is prose); a
    lead (the first mark in the prompt) is the name, or `text` then a newline, itself."""

    def __init__(self, mark: str, text: str = "all", code: str = "python", tag: str = "", tag_end: str = ""):
        self.mark, self.text, self.code, self.tag, self.tag_end = mark, text, code, tag, tag_end
        self.ahead = re.compile(rf"(?:{re.escape(text)}|{re.escape(code)})\n|{_IDENT_PREFIX}\n\s*\{{")
        self.prefix = re.compile(rf"{_IDENT_PREFIX}(?:\n\s*)?\Z|\Z")
        self.tag_ahead = re.compile(rf"{_IDENT_PREFIX}>\s*\{{")      # (`NAME></function>`: qwen3_coder's)
        # (the end tag cut before its `>`: a whole `NAME></function>` is Qwen3-Coder's)
        self.tag_prefix = re.compile(rf"(?:{_IDENT_PREFIX}(?:>\s*(?:{_prefixes(tag_end[:-1])})?)?)?\Z")

    def spot(self, look, eof, ctx, strict, ends=()):
        if look.startswith(self.text + "\n"):       # (the text recipient, its mark in the prompt)
            return YES if ctx.tools else NO
        look = look[:LOOK_MAX]
        if strict and not ((m := _IDENT.match(look)) and declared(ctx, m.group())):
            return NO
        if self.ahead.match(look):
            return YES
        return MAYBE if not eof and self.prefix.match(look) else NO

    def within(self, opener, look, eof, ctx, ends=()):
        full, prefix = (self.tag_ahead, self.tag_prefix) if opener == self.tag else (self.ahead, self.prefix)
        look = look[:LOOK_MAX]
        if full.match(look):
            return YES
        return MAYBE if not eof and prefix.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _IDENT, 256)
        if m is None:
            raise Reject("no function name") if (yield from peek_raw(r)) else Truncated("cut off after the marker")
        name = m.group()
        if opener == self.tag:
            yield from startswith(r, ">")
            if (yield from startswith(r, self.tag_end, skip_ws=True)):     # a call without arguments
                ctx.start(ctx.check(name))
                ctx.end()
                return
            yield from call_object(r, ctx, name=ctx.check(name))
            yield from startswith(r, self.tag_end, skip_ws=True)
            return
        yield from startswith(r, "\n")
        if name == self.text:
            return                              # the text after it is content, up to the next mark
        if name == self.code:
            yield from code_call(r, ctx, (self.code,), (self.mark,))
            return
        yield from call_object(r, ctx, name=ctx.check(name))


def _prefixes(literal: str) -> str:
    """A regex for every non-empty prefix of `literal`."""
    out = ""
    for ch in reversed(literal):
        out = re.escape(ch) + ("(?:" + out + ")?" if out else "")
    return out
