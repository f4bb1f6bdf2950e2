"""Calls whose parameters are tags named after them, every tag perhaps after a namespace token
(MiniMax-M3: `NS<invoke name="N">NS<path>src/main.rs NS</path>NS</invoke>`; docs/syntax.md#minimax_m3).

The reader of the `_parts.Keyed` body.  The namespace token is markup wherever it stands between
tags; a value runs to its own closing tag `</NAME>` (the token right before it is dropped), typed
by the declared schema, else read as JSON when it is JSON (`<limit>6</limit>` → 6).  Objects and
lists are elements, as MiniMax-M3's template's `to_xml` writes them: `NS<meta>NS<level>2NS</level>NS</meta>`
is {"level": 2}, `NS<tags>NS<item>a NS</item>NS<item>bNS</item>NS</tags>` a list (a string-typed
parameter is never read so).  Real outputs drop the token here and there (`<tool_call>` bare,
`</path>` bare): each tag is read with or without it.
"""
import functools
import re

from . import Context, parameters
from ._typed import ANY, STRING, Value, kinds, param_kinds
from ._xml import Tag, at_mark, attrs_tag, followed_by, param_tag
from ..reader import Bad, Reject, Truncated, more, peek, startswith, until

INVOKE = Tag(("<invoke",), attrs_tag("<invoke", {"name": "name"}))
# The invoke tag with its `<` dropped after the namespace token (`NS invoke name="N">`, MiniMax-M3
# through vllm-gaudi#1724): read where an invoke is expected in a namespaced block, never elsewhere.
HEADLESS = Tag(("invoke name=",), attrs_tag("invoke", {"name": "name"}, space=r"\s+"))
# A tag is named by its key, whatever the key is (`<-A>3</-A>` for grep's -A, vllm-project/vllm-ascend#12815).
KEY = r"[^\s<>/\"'=]{1,128}"
PARAM = Tag(("<",), rf"<(?P<key>{KEY})\s*>", limit=256)
# The invoke syntax's own parameter tag among tags named after the parameters: a model that mixes
# the two (claude-agent-sdk-typescript#345) wrote each value once; both are read.
NAMED = Tag(("<parameter ",), attrs_tag("<parameter", {"name": "key"}))
NAME_TAG = re.compile(r"<[A-Za-z_][\w.\-]{0,63}>")       # a tool's own tag, `<read_file>` (Tagged)
INVOKE_NAME = '<invoke name="'
MAX_DEPTH = 64


@functools.lru_cache(maxsize=8)
def _child(ns: str) -> re.Pattern:
    return re.compile(re.escape(ns) + rf"<{KEY}\s*>")


def _skip(r, ns):
    """Whitespace and namespace tokens."""
    while True:
        yield from peek(r)
        if not ns or not (yield from startswith(r, ns)):
            return


class _Trim:
    """A value's text, less the namespace token written right before its closing tag."""

    def __init__(self, emit, ns):
        self.emit, self.held, self.ns = emit, "", ns

    def __call__(self, piece):
        text = self.held + piece
        ns = self.ns
        k = next((k for k in range(min(len(ns), len(text)), 0, -1) if text.endswith(ns[:k])), 0)
        self.held = text[len(text) - k:] if k else ""
        if len(text) > k:
            self.emit(text[:len(text) - k])

    def end(self):
        if self.held and self.held != self.ns:
            self.emit(self.held)


def _nested_ahead(r, ns):
    """Does a nested element (`NS<key>`) start the value?  The template writes objects as
    elements named by their keys and lists as `<item>` elements, each after the token."""
    while True:
        rest = r.buf[r.pos:r.pos + len(ns) + 130]
        if _child(ns).match(rest):
            return True
        if not (ns.startswith(rest) or rest.startswith(ns + "<")) or "\n" in rest \
                or ">" in rest[len(ns):] or len(rest) > len(ns) + 129:
            return False
        if not (yield from more(r)):
            return False


def _leaf(r, a, key, kinds, ns, close: str | None = None):
    """A bare-text value up to `</key>` (or `close`; the token before it dropped), typed by `kinds`.

    `</key>` closes the value when the token stands right before it, or when the token or a
    closing tag follows it (or the end of the stream): `x = "</code>"` in a value is text.
    """
    v = Value(a, ANY if kinds is None else kinds)
    trim = _Trim(v.feed, ns)
    close = close or f"</{key}>"
    while True:
        yield from until(r, close, emit=trim)
        if trim.held == ns or (yield from followed_by(r, 0, (ns, "</"))):
            break
        trim(close)
    trim.end()
    v.end()


def _part(schema, k: str, listed: bool):
    """The schema of an element's child `k`: the list's `items`, or the object's property `k`
    (None when the schema does not say)."""
    if not isinstance(schema, dict):
        return None
    sub = schema.get("items") if listed else (schema.get("properties") or {}).get(k)
    return sub if isinstance(sub, dict) else None


def _element(r, a, key, ns, depth=0, schema=None, root=None):
    """The elements of an object (children named by their keys) or a list (`<item>` children)
    up to `</key>` (consumed).  `schema`: the element's own schema, whose properties (or items)
    type its children's values as the parameter's schema types a parameter's (`root`: the
    tool's parameters, for `$ref`s)."""
    if depth > MAX_DEPTH:
        raise Bad("elements nested too deep")
    opened = None
    while True:
        yield from _skip(r, ns)
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
        sub = _part(schema, k, opened == "[")
        sub_kinds = kinds(sub, root) if sub is not None else None
        if sub_kinds != STRING and (yield from _nested_ahead(r, ns)):
            yield from _element(r, a, k, ns, depth + 1, sub, root)
        else:
            yield from _leaf(r, a, k, sub_kinds, ns)
    if opened is None:
        a.string("")
    else:
        a.end()


def _call(r, ctx: Context, name, ns, close):
    a = None
    while True:
        yield from _skip(r, ns)
        lit = yield from at_mark(r, (close, "</invoke>", "<"))
        if lit == "</invoke>":
            r.pos += len(lit)
            break
        if lit != "<":               # the block's closer, or the end: the call's closer is missing
            if lit is None and not (yield from peek(r)):
                raise Truncated("cut off in a call")
            if lit is None:
                raise Bad("text where a parameter was expected") if a is not None else Reject("no parameter")
            break
        named = (yield from at_mark(r, NAMED.starts)) is not None
        tag = (yield from NAMED.read(r, NAMED.starts[0])) if named else (yield from param_tag(r, PARAM, lit, a is not None))
        if tag is None:
            raise Bad("a malformed parameter tag")
        key = tag.group("key")
        if a is None:
            a = ctx.start(name)
            a.begin("{")
        a.key(key)
        kinds = param_kinds(ctx, name, key)
        if named:
            yield from _leaf(r, a, key, kinds, ns, "</parameter>")
        elif kinds != STRING and (yield from _nested_ahead(r, ns)):
            yield from _element(r, a, key, ns, schema=ctx.schema(name, key), root=parameters(ctx, name))
        else:
            yield from _leaf(r, a, key, kinds, ns)
    if a is None:
        ctx.start(name)
    else:
        a.end()
    ctx.end()


def block(r, ctx: Context, ns: str, close: str):
    """Invokes up to the block's closer `close` (consumed), or until what follows is not one."""
    n = 0
    while True:
        yield from _skip(r, ns)
        lit = yield from at_mark(r, (close, "<invoke") + HEADLESS.starts * bool(ns))
        if lit == close:
            r.pos += len(lit)
            return
        if lit is None:
            if n:
                return
            raise Truncated("no call in the block") if not (yield from peek(r)) else Reject("no call")
        at = r.at
        tag = yield from (INVOKE if lit == "<invoke" else HEADLESS).read(r, lit)
        if tag is None:
            raise Reject("malformed invoke tag", at)
        try:
            name = ctx.check(tag.group("name"))
        except Reject as e:
            e.place(at)
            raise
        yield from _call(r, ctx, name, ns, close)
        n += 1


def tagged(r, ctx: Context, name: str, close: str):
    """One call whose parameters are tags named after them, written inside the tool's own tag
    (`<NAME><path>a</path></NAME>`: _json_bodies.Tagged), up to its closer `close` (not consumed)."""
    yield from _call(r, ctx, name, "", close)
