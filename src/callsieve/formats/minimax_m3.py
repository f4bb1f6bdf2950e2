"""MiniMax-M3: the namespace token `]<]minimax[>[` before every tag, a parameter is a tag named
after it (docs/syntax.md#minimax_m3).

    ]<]minimax[>[<tool_call>
    ]<]minimax[>[<invoke name="read_file">]<]minimax[>[<path>src/main.rs]<]minimax[>[</path>
    ]<]minimax[>[<start_line>130]<]minimax[>[</start_line>]<]minimax[>[</invoke>
    ]<]minimax[>[</tool_call>

Sources: MiniMax-AI/MiniMax-M3 issue #31 (raw output leaked into content), the M3 parsers of
AMD's and other gateways ("every tag is prefixed by the ns_token").  Not minimax_m2: M2's
`<minimax:tool_call>` wraps `<parameter name=…>` tags.

The namespace token is markup wherever it stands between tags; a value runs to its own closing
tag `</NAME>` (the token right before it is dropped), typed by the declared schema, else read
as JSON when it is JSON (`<limit>6</limit>` → 6).  Objects and lists are elements, as the
template's `to_xml` writes them: `NS<meta>NS<level>2NS</level>NS</meta>` is {"level": 2},
`NS<tags>NS<item>a NS</item>NS<item>bNS</item>NS</tags>` a list (a string-typed parameter is
never read so).  Real outputs drop the token here and there
(`<tool_call>` bare, `</path>` bare): each tag is read with or without it.  The `<tool_call>`
opener is shared with Hermes, Qwen3-Coder and GLM: this format claims it only when the token
follows, or `<invoke name=` with the token in its tags.
"""
import re

from . import MAYBE, NO, YES, Context, Format
from ._typed import ANY, STRING, Value, param_kinds
from ._xml import LOOK, Tag, at_mark, attrs_tag, followed_by, param_tag
from ..reader import Bad, Reject, Truncated, more, peek, startswith, until

NS = "]<]minimax[>["
INVOKE = Tag(("<invoke",), attrs_tag("<invoke", {"name": "name"}))
# A tag is named by its key, whatever the key is (`<-A>3</-A>` for grep's -A, vllm-project/vllm-ascend#12815).
KEY = r"[^\s<>/\"'=]{1,128}"
PARAM = Tag(("<",), rf"<(?P<key>{KEY})\s*>", limit=256)
INVOKE_NAME = '<invoke name="'
_AFTER_TAG = (NS, INVOKE_NAME)
_AFTER_CLOSE = (NS, "</")
MAX_DEPTH = 64
_CHILD = re.compile(re.escape(NS) + rf"<{KEY}\s*>")


def _skip(r):
    """Whitespace and namespace tokens."""
    while True:
        yield from peek(r)
        if not (yield from startswith(r, NS)):
            return


class _Trim:
    """A value's text, less the namespace token written right before its closing tag."""

    def __init__(self, emit):
        self.emit, self.held = emit, ""

    def __call__(self, piece):
        text = self.held + piece
        k = next((k for k in range(min(len(NS), len(text)), 0, -1) if text.endswith(NS[:k])), 0)
        self.held = text[len(text) - k:] if k else ""
        if len(text) > k:
            self.emit(text[:len(text) - k])

    def end(self):
        if self.held and self.held != NS:
            self.emit(self.held)


def _nested_ahead(r):
    """Does a nested element (`NS<key>`) start the value?  The template writes objects as
    elements named by their keys and lists as `<item>` elements, each after the token."""
    while True:
        rest = r.buf[r.pos:r.pos + len(NS) + 130]
        if _CHILD.match(rest):
            return True
        if not (NS.startswith(rest) or rest.startswith(NS + "<")) or "\n" in rest \
                or ">" in rest[len(NS):] or len(rest) > len(NS) + 129:
            return False
        if not (yield from more(r)):
            return False


def _leaf(r, a, key, kinds):
    """A bare-text value up to `</key>` (the token before it dropped), typed by `kinds`.

    `</key>` closes the value when the token stands right before it, or when the token or a
    closing tag follows it (or the end of the stream): `x = "</code>"` in a value is text.
    """
    v = Value(a, ANY if kinds is None else kinds)
    trim = _Trim(v.feed)
    close = f"</{key}>"
    while True:
        yield from until(r, close, emit=trim)
        if trim.held == NS or (yield from followed_by(r, 0, _AFTER_CLOSE)):
            break
        trim(close)
    trim.end()
    v.end()


def _element(r, a, key, depth=0):
    """The elements of an object (children named by their keys) or a list (`<item>` children)
    up to `</key>` (consumed)."""
    if depth > MAX_DEPTH:
        raise Bad("elements nested too deep")
    opened = None
    while True:
        yield from _skip(r)
        if (yield from startswith(r, f"</{key}>")):
            break
        if not (yield from peek(r)):
            raise Truncated("cut off in a value")
        tag = (yield from PARAM.read(r, "<")) if (yield from startswith(r, "<", consume=False)) else None
        if tag is None:
            raise Bad("text where an element was expected")
        k = tag.group("key")
        if opened is None:
            opened = "[" if k == "item" else "{"
            a.begin(opened)
        if opened == "{":
            a.key(k)
        if (yield from _nested_ahead(r)):
            yield from _element(r, a, k, depth + 1)
        else:
            yield from _leaf(r, a, k, None)
    if opened is None:
        a.string("")
    else:
        a.end()


def _call(r, ctx: Context, name):
    a = None
    while True:
        yield from _skip(r)
        lit = yield from at_mark(r, ("</tool_call>", "</invoke>", "<"))
        if lit == "</invoke>":
            r.pos += len(lit)
            break
        if lit != "<":               # the block's closer, or the end: the call's closer is missing
            if lit is None and not (yield from peek(r)):
                raise Truncated("cut off in a call")
            if lit is None:
                raise Bad("text where a parameter was expected") if a is not None else Reject("no parameter")
            break
        tag = yield from param_tag(r, PARAM, lit, a is not None)
        key = tag.group("key")
        if a is None:
            a = ctx.start(name)
            a.begin("{")
        a.key(key)
        kinds = param_kinds(ctx, name, key)
        if kinds != STRING and (yield from _nested_ahead(r)):
            yield from _element(r, a, key)
        else:
            yield from _leaf(r, a, key, kinds)
    if a is None:
        ctx.start(name)
    else:
        a.end()
    ctx.end()


class MinimaxM3(Format):
    name = "minimax_m3"
    syntax = "xml"
    aliases = ("minimax3",)
    description = "MiniMax-M3 ]<]minimax[>[<tool_call> with <invoke name=…> and <NAME>value</NAME>"
    openers = (NS + "<tool_call>", NS + "<invoke", "<tool_call>")
    closer = "</tool_call>"
    models = ("minimax-m3*",)
    priority = 15
    example = (']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="read_file">]<]minimax[>[<path>notes.md'
               ']<]minimax[>[</path>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>')

    def decide(self, opener, look, eof, ctx):
        if opener == NS + "<tool_call>":
            return YES
        look = look[:LOOK]
        if opener == NS + "<invoke":
            rest = look.lstrip()
            if not rest:
                return NO if eof else MAYBE
            if not rest.startswith("name="):
                return MAYBE if not eof and "name=".startswith(rest) else NO
            return YES
        rest = look.lstrip()                    # bare <tool_call>: the token next, or an invoke
        if rest.startswith(NS):                 # whose tags carry it (MiniMax-M2's have none)
            return YES
        if rest.startswith(INVOKE_NAME):
            return YES if NS in rest else (MAYBE if not eof else NO)
        return MAYBE if not eof and any(t.startswith(rest) for t in _AFTER_TAG) else NO

    def parse(self, r, ctx, opener):
        if opener.endswith("<invoke"):
            r.push_front("<invoke")
        n = 0
        while True:
            yield from _skip(r)
            lit = yield from at_mark(r, ("</tool_call>", "<invoke"))
            if lit == "</tool_call>":
                r.pos += len(lit)
                return
            if lit is None:
                if n:
                    return
                raise Truncated("no call in the block") if not (yield from peek(r)) else Reject("no call")
            at = r.at
            tag = yield from INVOKE.read(r, lit)
            if tag is None:
                raise Reject("malformed invoke tag", at)
            try:
                name = ctx.check(tag.group("name"))
            except Reject as e:
                e.place(at)
                raise
            yield from _call(r, ctx, name)
            n += 1
