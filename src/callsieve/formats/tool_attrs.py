"""A call whose arguments are its tag's attributes (docs/syntax.md#tool_attrs).

`<tool name="bash" command="ls -la" cwd="/repo" />` (a tag whose words say a call, the tool named by
its `name` attribute), `<bash command="ls -la" />` (the declared tool's own tag), either with an
empty body instead (`…></tool>`), and `<tool name="bash"><command>ls</command></tool>` (the tool
named by the attribute, one child tag per parameter, as formats/tool_tag.py reads them): agent
harnesses prompt models so, and models write it unasked (can1357/oh-my-pi#8837).

Read only for a declared tool whose declared parameters hold every attribute (and that names every
required one; a tool declared with no parameters' schema takes them as written); values typed by
the schema.  `<NAME />`, a declared tool's tag with no attribute, is a call with no arguments, as
`<NAME></NAME>` is (tool_tag).  Any other tag with attributes (HTML in prose) stays
text; after prose the call is held as an example until the turn ends (`examples`), as every shaped
wrapper's is.  The opener is a Shape, any tag word then a blank (`<tool `, `<bash `): no list.
"""
from __future__ import annotations

import re

from . import LOOK_MAX, MAYBE, NO, YES, declared, parameters
from . import _keyed
from ._parts import _HTML, Body, Family, closers
from ._typed import convert, param_kinds
from ._xml import attribute, attribute_start, attributes_of, says_call
from ..reader import Reject, more, peek, startswith
from ..scan import Shape

_ATTR = attribute()
# The rest of the tag after its word and a blank: attributes, then `/>` (`empty`) or `>`.
_HEAD = re.compile(rf"((?:\s*{_ATTR})*)\s*(?P<empty>/)?>")
_HEAD_PREFIX = re.compile(rf"(?:\s*{_ATTR})*\s*(?:{attribute_start()}|/)?")
_CHILD = re.compile(r"<([A-Za-z_][\w.\-]*)\s*>")
# The attributes that name the tool in a tag whose word says a call (`<tool name="bash" …>`).
NAMING = ("name", "tool", "function")

# HTML as prose writes it (`<a href=…>`, `<img src=…>`, `<div class=…>`, `<span style=…>`): one of
# HTML's presentational elements, then one of HTML's own attributes.  The shape never matches it,
# so HTML prose costs no more with tools declared than without (each tag was a candidate asked
# and turned down).  A tool named after such an element (`a`, `div`) with a parameter named
# after such an attribute (`href`, `class`) is the one call this gives up; elements a tool may
# well be named after (`<time …>`, `<code …>`, `<input …>`: _TOOL_LIKE) are candidates still.
_TOOL_LIKE = frozenset("""address article aside body button caption code del details dialog fieldset figure
    footer form head header html input label legend listing main mark menu nav noscript object optgroup
    option output param picture plaintext ruby script section select style summary table template textarea
    time title video xmp""".split())
_HTML_ATTRS = """href src class style id alt title width height align valign color bgcolor border colspan rowspan
    rel target lang dir face size cellpadding cellspacing role srcset loading""".split()
# (the first lookahead, a short word then a blank, turns down `<tool_call>` or `<b>` at once: the
# alternation runs only at a tag with attributes, so text with tags scans as fast as before)
_PROSE_HTML = (r"(?=[A-Za-z][A-Za-z0-9]{0,9}+\s)"
               rf"(?i:{'|'.join(sorted(_HTML - _TOOL_LIKE, key=lambda w: (-len(w), w)))})\s+"
               rf"(?i:(?:{'|'.join(sorted(_HTML_ATTRS, key=lambda w: (-len(w), w)))})|(?:data|aria)-[\w\-]+)\s*=")
_HTML_HEAD = re.compile(_PROSE_HTML)
OPENER = Shape(
    "attribute tag", {"<": rf"<(?!{_PROSE_HTML})[A-Za-z_][\w.:\-]{{0,47}}\s"}, r"<(?:[A-Za-z_][\w.:\-]{0,47})?",
    r"<(?:[A-Za-z_]|\Z)", 49, "a tag with attributes: <tool name=NAME k=v />, <NAME k=v />")


def _call(ctx, word: str, attrs: dict[str, str]) -> tuple[str, dict[str, str]] | None:
    """(the tool, its arguments) the tag `word` with `attrs` writes, or None: the tool is the
    tag's word, or the naming attribute of a tag whose word says a call, and is declared; every
    other attribute is one of its declared parameters (when it declares them)."""
    if declared(ctx, word) and not (says_call(word) and any(k in attrs for k in NAMING)):
        tool, args = word, attrs
    else:
        named = [k for k in NAMING if k in attrs]
        if not says_call(word) or len(named) != 1 or not declared(ctx, attrs[named[0]]):
            return None
        tool, args = attrs[named[0]], {k: v for k, v in attrs.items() if k != named[0]}
    schema = parameters(ctx, tool) or {}
    props = schema.get("properties") if isinstance(schema, dict) else None
    # (a tool declared with no parameters' schema: nothing to check its attributes against)
    if props is not None and (not isinstance(props, dict) or any(k not in props for k in args)):
        return None
    return tool, args


def _complete(ctx, tool: str, args: dict) -> bool:
    """Does `args` name every parameter the tool's schema requires?"""
    schema = parameters(ctx, tool) or {}
    required = schema.get("required") if isinstance(schema, dict) else None
    return not isinstance(required, list) or all(k in args for k in required)


def _word(opener: str) -> str:
    """The tag's word: `<tool ` as written, or a garbled opener's canon (`<tool_call>` for `<tool_call `)."""
    return opener[1:].rstrip().rstrip(">|")


class Attributed(Body):
    """A call tag whose attributes are the arguments (see the module)."""

    syntax = "xml"

    def spot(self, look, eof, ctx, strict, ends=()):
        return NO                      # (the tag's word is the opener: see `within`)

    def within(self, opener, look, eof, ctx, ends=()):
        word = _word(opener)
        if not says_call(word) and not declared(ctx, word):
            # (decided from the tag's word, before its attributes are read: neither a declared
            # tool's own tag nor one that may name one, `_call`; HTML in prose, `<a href=…>`)
            return NO
        if _HTML_HEAD.match(opener[1:] + look[:64]):
            return NO                  # (HTML as prose writes it, the shape's rule: a chunk cut it short)
        look = look[:LOOK_MAX]
        m = _HEAD.match(look)
        if m is None:
            return MAYBE if not eof and len(look) < LOOK_MAX and _HEAD_PREFIX.fullmatch(look) else NO
        attrs = attributes_of(m.group(1))
        found = _call(ctx, word, attrs) if attrs is not None else None
        if found is None:
            return NO
        tool, args = found
        if m.group("empty"):
            return YES if _complete(ctx, tool, args) else NO
        rest = look[m.end():].lstrip()
        close = f"</{word}>"
        if rest.startswith(close):
            return YES if _complete(ctx, tool, args) else NO
        if not args and (c := _CHILD.match(rest)) is not None:
            return YES if c.group(1) in (parameters(ctx, tool) or {}).get("properties", {}) else NO
        undecided = close.startswith(rest) or (not args and re.fullmatch(r"<[\w.\-]*\s*", rest))
        return MAYBE if not eof and undecided else NO

    def read(self, r, ctx, opener, ends, value):
        word = _word(opener)
        while (m := _HEAD.match(r.buf, r.pos)) is None:
            if not (yield from more(r)):
                raise Reject("a tag's attributes cut off")
        r.pos = m.end()
        attrs = attributes_of(m.group(1))
        found = _call(ctx, word, attrs) if attrs is not None else None
        if found is None:
            raise Reject("no declared tool with these attributes as parameters")
        tool, args = found
        name = ctx.check(tool)
        close = f"</{word}>"
        if not m.group("empty") and not args:
            yield from _keyed.tagged(r, ctx, name, close)      # child tags, one per parameter
        else:
            a = ctx.start(name)
            a.begin("{")
            for k, v in args.items():
                a.key(k)
                typed, obj = convert(v, param_kinds(ctx, name, k))
                a.value(obj) if typed else a.string(v)
            a.end()
            ctx.end()
            if m.group("empty"):
                return
            yield from peek(r)
        if close in ends:
            return                     # (the block's own closer, `</tool_call>`: the block's to take)
        if not (yield from startswith(r, close, skip_ws=True)):
            raise Reject(f"no {close} after the call's tag")


TOOL_ATTRS = Family(
    "tool_attrs", (), Attributed(), closer=closers, tool_openers=(OPENER,), shaped=True, examples=True,
    priority=97, description="a call tag whose attributes are its arguments: <tool name=NAME k=\"v\" />, <NAME k=\"v\" />",
    example='<tool name="get_weather" city="Paris" />')
