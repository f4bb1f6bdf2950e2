"""Tencent HY-V3 / V4: <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>
</tool_call></tool_calls>, tokens possibly suffixed like <tool_calls:opensource> (formats.md §2.4)."""
import re

from . import MAYBE, NO, YES, Format
from ._xml import Dialect, Tag, block
from .glm import NAME, NAME_END, PAIR

SUFFIXES = ("", ":opensource")
_NEXT = re.compile(r"\s*(?:<(?:t(?:o(?:o(?:l(?:_(?:c(?:a(?:l(?:l)?)?)?)?)?)?)?)?)?)?\Z")


class HunyuanV3(Format):
    name = "hunyuan_v3"
    aliases = ("hy_v3", "hunyuan_v4")
    description = "Tencent HY-V3 / V4 <tool_calls><tool_call>NAME<tool_sep><arg_key>…"
    openers = tuple(f"<tool_calls{s}>" for s in SUFFIXES)
    closer = "</tool_calls>"
    models = ("hy-v3*", "hy-v4*", "hunyuan-v3*", "hunyuan-v4*", "*hy3*")
    example = "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call></tool_calls>"

    body = Dialect(call=Tag(tuple(f"<tool_call{s}>" for s in SUFFIXES), r"<tool_call(?::\w+)?>" + NAME, end=NAME_END),
                   call_close=tuple(f"</tool_call{s}>" for s in SUFFIXES), param=PAIR,
                   value_close=("</arg_value>",), block_close=tuple(f"</tool_calls{s}>" for s in SUFFIXES))

    def closer_for(self, opener):
        return "</" + opener[1:]

    def decide(self, opener, look, eof, ctx):
        # <tool_calls> also opens JSON arrays (Jamba, Hunyuan-A13B) and MiniMax-M1 lines.
        s = look.lstrip()
        if s.startswith("<tool_call") and len(s) > len("<tool_call") and s[len("<tool_call")] in ">:":
            return YES
        return MAYBE if not eof and _NEXT.match(look) else NO

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
