"""Tencent HY-V3 / V4: <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>
</tool_call></tool_calls>, tokens possibly suffixed like <tool_calls:opensource> (docs/syntax.md#hunyuan_v3)."""
from . import Format
from ._xml import Dialect, Tag, block, tag_after
from .glm import NAME, NAME_END, PAIR

SUFFIXES = ("", ":opensource")


class HunyuanV3(Format):
    name = "hunyuan_v3"
    syntax = "xml"
    aliases = ("hy_v3", "hunyuan_v4")
    description = "Tencent HY-V3 / V4 <tool_calls><tool_call>NAME<tool_sep><arg_key>…"
    openers = tuple(f"<tool_calls{s}>" for s in SUFFIXES)
    closer = "</tool_calls>"
    models = ("hy-v3*", "hy-v4*", "hunyuan-v3*", "hunyuan-v4*")
    example = "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call></tool_calls>"

    body = Dialect(call=Tag(tuple(f"<tool_call{s}>" for s in SUFFIXES), r"<tool_call(?::\w+)?>" + NAME, end=NAME_END),
                   call_close=tuple(f"</tool_call{s}>" for s in SUFFIXES), param=PAIR,
                   value_close=("</arg_value>",), block_close=tuple(f"</tool_calls{s}>" for s in SUFFIXES))

    def closer_for(self, opener):
        return "</" + opener[1:]

    def decide(self, opener, look, eof, ctx):
        # <tool_calls> also opens JSON arrays (Jamba, Hunyuan-A13B) and MiniMax-M1 lines.
        return tag_after(look, eof, tuple(f"<tool_call{x}>" for x in SUFFIXES))

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
