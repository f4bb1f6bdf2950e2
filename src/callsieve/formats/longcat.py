"""LongCat-Flash XML calls: <longcat_tool_call>NAME<longcat_arg_key>K</longcat_arg_key>
<longcat_arg_value>V</longcat_arg_value></longcat_tool_call> (docs/syntax.md#longcat_xml).

The GLM-4.5 layout under LongCat's own tag names, as the LongCat-Flash-Thinking / Omni chat
templates write it; sources: mlx-lm's `tool_parsers/longcat.py` (the regexes
`<longcat_arg_key>(.*?)</longcat_arg_key>\\s*<longcat_arg_value>(.*?)</longcat_arg_value>`)
and vLLM's LongcatFlash parser.  The JSON spelling (<longcat_tool_call>{"name": …}) is
tool_call_tag's: the opener is shared, this format claims it when a name and an arg tag follow.
Values are bare text typed by the declared schema, as GLM's.
"""
from . import Format
from ._xml import Dialect, Tag, block
from .glm import name_after

_NAME = r"\s*(?P<name>[^<>\s]+?)\s*"
_PAIR = Tag(("<longcat_arg_key>",), r"<longcat_arg_key>\s*(?P<key>.*?)\s*</longcat_arg_key>\s*<longcat_arg_value>",
            end="<longcat_arg_value>")


class LongcatXml(Format):
    name = "longcat_xml"
    syntax = "xml"
    aliases = ("longcat_flash_xml",)
    description = "LongCat-Flash <longcat_tool_call>NAME<longcat_arg_key>…<longcat_arg_value>…"
    openers = ("<longcat_tool_call>",)
    closer = "</longcat_tool_call>"
    example = ("<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n"
               "<longcat_arg_value>Beijing</longcat_arg_value>\n</longcat_tool_call>")

    body = Dialect(call=Tag(("<longcat_tool_call>",), r"<longcat_tool_call>" + _NAME,
                            end=r"(?=<longcat_arg_key>|</longcat_tool_call)|\n"),
                   call_close=("</longcat_tool_call>",), param=_PAIR,
                   value_close=("</longcat_arg_value>",), many=False)

    def decide(self, opener, look, eof, ctx):
        return name_after(look, eof, ("<longcat_arg_key>", "</longcat_tool_call>"))

    def parse(self, r, ctx, opener):
        r.push_front(opener)
        yield from block(r, ctx, self.body)
