"""MiniCPM5: <function name="N"><param name="K">V</param></function> or self-closing, real XML; also the
Hermes wrapper <function name="N">{json}</function> that shares the opener (docs/syntax.md#minicpm5).

A detokenizer may drop the space token before an attribute (`<functionname="N">`, `<paramname="K">`)
or leave it as the byte-level marker Ġ (U+0120): both are that space (vLLM's MiniCPM5 parser tests).
"""
import re

from . import MAYBE, NO, YES, Format
from ._typed import STRING
from ._xml import LOOK, Dialect, Tag, attrs_tag, block, tag_after

OPENER = '<function name="'
OPENERS = (OPENER, '<functionname="', '<function\u0120name="')
# What stands before an attribute: blanks, Ġ, or nothing right after the tag's name.
_SPACE = r"(?:[\s\u0120]+|(?<=<function)|(?<=<param))"
_TAG = re.compile(r'[^"<>\n]+"(?:\s+[\w:.-]+\s*=\s*"[^"]*")*\s*(?P<empty>/)?>')
_CHILDREN = ("<param", "</function>", "{")


class MiniCPM5(Format):
    name = "minicpm5"
    syntax = "xml"
    aliases = ("minicpm", "function_name")
    description = 'MiniCPM5 <function name="…"><param name="…">…</param></function> (and Hermes JSON inside)'
    openers = OPENERS
    closer = "</function>"
    models = ("minicpm5*", "minicpm-5*")
    example = '<function name="translate_text"><param name="text">fish &amp; chips</param></function>'

    # Real XML: entities and CDATA are decoded; malformed nesting is an error, never repaired.
    # Values are strings unless the schema types them (and the text is JSON of that type).
    body = Dialect(call=Tag(("<function",), attrs_tag("<function", {"name": "name"}, selfclose=True, space=_SPACE)),
                   call_close=("</function>",),
                   # (a <param> without a name is the tool's one parameter: _xml.sole_key)
                   param=Tag(("<param",), attrs_tag("<param", {}, {"name": "key"}, selfclose=True, space=_SPACE)),
                   value_close=("</param>",), many=False, xml=True, lenient=False, untyped=STRING)

    def decide(self, opener, look, eof, ctx):
        # Check the first child: <param …>, </function>, a JSON object (Hermes), or self-closing.
        look = look[:LOOK]
        m = _TAG.match(look)
        if m is None:
            undecided = ">" not in look and "<" not in look and "\n" not in look.partition('"')[0]
            return MAYBE if undecided and not eof else NO
        if m.group("empty"):
            return YES
        return tag_after(look[m.end():], eof, _CHILDREN)

    def parse(self, r, ctx, opener):
        r.push_front(opener)          # the opener is the start of the call's tag
        yield from block(r, ctx, self.body)
