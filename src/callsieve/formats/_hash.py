"""The hash call body: `{tool => "NAME", args => {--key "value"}}` (docs/syntax.md#tool_call_hash).

The name may be a JSON string, a Perl single-quoted one (`'NAME'`) or a bare word.
Arguments are `--key "value"` pairs (a `:` or `=>` after the key, and `,` between pairs, are
tolerated), `key => value` pairs, or a JSON object.  Quoted values are JSON strings; bare ones are
JSON scalars when they read as one (`3`, `true`), else strings.  A JSON call object stands for
one too.  Stray extra `}` before the closer are dropped.
"""
import math
import re

from . import MAYBE, NO, YES, declared
from ._json import LOOK_MAX, call_object, json_after
from ._parts import Body
from ..jsonargs import key as json_key, value as json_value
from ..reader import Bad, Reject, Truncated, more, peek, startswith, token

_HEAD = re.compile(r'\s*\{\s*tool\s*=>')
_JSON_HEAD = re.compile(r'\s*\{\s*"')
_NAMED = re.compile(r"""\s*\{\s*tool\s*=>\s*(["']?)([\w.\-]{1,64})\1[\s,]""")
_NAMED_PREFIX = re.compile(r"""\s*\{\s*tool\s*=>\s*(?:["']?[\w.\-]{0,64}["']?)?\Z""")
_HEAD_PREFIX = re.compile(r'\s*(?:\{\s*(?:t(?:o(?:o(?:l(?:\s*=?)?)?)?)?)?)?\Z')
_WORD = re.compile(r"[A-Za-z_][\w.\-]*")
_BARE = re.compile(r"""[^\s,}"']+""")
# A bare word is JSON only when it is a JSON literal or number token (then written canonically:
# `-0` is 0, `1E5` is 100000.0); anything else, `007` or a number JSON cannot hold (`1e999`), is the
# string the model wrote.
_WORDS = frozenset(("true", "false", "null"))
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_ARROW = "=>"
_SINGLE = re.compile(r"[^']*")


def _after_brace(r):
    """The first non-blank character after the `{` at the reader (nothing consumed)."""
    while True:
        rest = r.buf[r.pos + 1:].lstrip()
        if rest or not (yield from more(r)):
            return rest[:1]


def _word(r, what):
    m = yield from token(r, _WORD, 256)
    if m is None:
        raise Truncated(f"cut off before {what}") if not (yield from peek(r)) else Bad(f"expected {what}")
    return m.group()


def _quoted(r):
    """A single-quoted string at the reader (Perl's `'exec'`, as MiniMax M2.7 writes a hash):
    its text, raw (no escapes)."""
    r.pos += 1
    m = yield from token(r, _SINGLE, 1 << 16)
    if not (yield from startswith(r, "'")):
        raise Truncated("cut off in a string")
    return m.group()


def _pairs(r, a):
    """`--key "value"` / `key => value` pairs up to the closing `}` (consumed)."""
    a.begin("{")
    while True:
        c = yield from peek(r)
        if c == "}":
            r.pos += 1
            break
        if c == ",":
            r.pos += 1
            continue
        if not c:
            raise Truncated("cut off in the arguments")
        yield from startswith(r, "--")
        k = (yield from json_key(r)) if c == '"' else (yield from _word(r, "a key"))
        yield from peek(r)
        if not (yield from startswith(r, _ARROW)) and not (yield from startswith(r, ":")):
            yield from startswith(r, "=")
        a.key(k)
        c = yield from peek(r)
        if c in '"{[':
            yield from json_value(r, a)
        elif c == "'":
            a.string((yield from _quoted(r)))
        else:
            m = yield from token(r, _BARE, 4096)
            if m is None:
                raise Truncated("cut off before a value") if not c else Bad("expected a value")
            v = m.group()
            if v in _WORDS:
                a.scalar(v)
            elif _NUMBER.fullmatch(v) and math.isfinite(float(v)):
                a.number(v)
            else:
                a.string(v)
    a.end()


class Hash(Body):
    """`{tool => "NAME", args => {…}}`, or a JSON call object, up to the wrapper's closer."""

    syntax = "literal"

    shape_lead = "{"

    def spot(self, look, eof, ctx, strict, ends=()):
        look = look[:LOOK_MAX]
        if strict:          # (its wrapper stripped: a declared tool's name in the header says so)
            m = _NAMED.match(look)
            if m is not None:
                return YES if declared(ctx, m.group(2)) else NO
            return MAYBE if not eof and (_HEAD_PREFIX.match(look) or _NAMED_PREFIX.match(look)) else NO
        if _HEAD.match(look):
            return YES
        if not eof and _HEAD_PREFIX.match(look):
            return MAYBE
        # (a JSON call object: its first key's quote right after the brace, so that no later
        # character can change what was decided)
        return json_after(look, eof) if _JSON_HEAD.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        c = yield from peek(r)
        if c != "{":
            raise Reject("no call") if c else Truncated("cut off before a call")
        at = r.at
        if (yield from _after_brace(r)) == '"':      # a JSON call object
            yield from call_object(r, ctx)
        else:
            r.pos += 1
            yield from peek(r)                       # (`{ tool =>`: blanks are layout)
            if (yield from _word(r, "tool")) != "tool" or not (yield from startswith(r, _ARROW, skip_ws=True)):
                raise Reject("not a tool => header", at)
            c = yield from peek(r)
            name = (yield from json_key(r)) if c == '"' else (yield from _quoted(r)) if c == "'" \
                else (yield from _word(r, "a tool name"))
            try:
                name = ctx.check(name)
            except Reject as e:
                e.place(at)
                raise
            a = ctx.start(name)
            c = yield from peek(r)
            if c == ",":
                r.pos += 1
                c = yield from peek(r)
            if c != "}":
                if (yield from _word(r, "args")) not in ("args", "arguments") or \
                        not (yield from startswith(r, _ARROW, skip_ws=True)):
                    raise Bad("expected args =>")
                c = yield from peek(r)
                if c != "{":
                    raise Truncated("cut off before the arguments") if not c else Bad("expected '{'")
                if (yield from _after_brace(r)) == '"':   # {"key": …}: a JSON object
                    yield from json_value(r, a)
                else:
                    r.pos += 1
                    yield from _pairs(r, a)
            c = yield from peek(r)
            if c != "}":
                raise Truncated("cut off before the call's end") if not c else Bad("expected '}'")
            r.pos += 1
            ctx.end()
        for _ in range(2):                           # stray braces
            if (yield from peek(r)) != "}":
                break
            r.pos += 1
        for closer in ends:
            if (yield from startswith(r, closer, skip_ws=True)):
                break
