"""Tencent HY-V3 / V4: <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>
</tool_call></tool_calls>, every tag possibly suffixed, as Hy3's template writes them all:
<tool_calls:opensource>, <arg_key:opensource> … </arg_value:opensource> (docs/syntax.md#hunyuan_v3)."""
from . import Format
from ._xml import Dialect, Tag, block, tag_after
from .glm import NAME, NAME_END

SUFFIXES = ("", ":opensource")
_SFX = r"(?::opensource)?"


def _tags(name: str) -> tuple:
    return tuple(f"<{name}{s}>" for s in SUFFIXES)


BLOCK_CLOSE = _tags("/tool_calls")
PAIR = Tag(_tags("arg_key"), rf"<arg_key{_SFX}>\s*(?P<key>(?:(?!</arg_key).)*?)\s*</arg_key{_SFX}>\s*"
           rf"(?P<opened><arg_value{_SFX}>)?", end=rf"</arg_key{_SFX}>\s*(?:<arg_value{_SFX}>|(?=[^\s<]))")


class HunyuanV3(Format):
    name = "hunyuan_v3"
    syntax = "xml"
    aliases = ("hy_v3", "hunyuan_v4")
    description = "Tencent HY-V3 / V4 <tool_calls><tool_call>NAME<tool_sep><arg_key>…"
    openers = _tags("tool_calls")
    closer = "</tool_calls>"
    models = ("hy-v3*", "hy-v4*", "hunyuan-v3*", "hunyuan-v4*")
    # (Hy3-preview's template writes them without the suffix: `<｜hy_eos｜>`)
    specials = tuple(f"<｜{t}{sfx}｜>" for t in ("hy_eos", "hy_begin_of_sentence", "hy_pad", "hy_Assistant",
                                                  "hy_User", "reasoning_mode")
                     for sfx in SUFFIXES) + BLOCK_CLOSE
    spans = tuple((f"<tool_response{s}>", f"</tool_response{s}>") for s in SUFFIXES)
    example = "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call></tool_calls>"

    body = Dialect(call=Tag(_tags("tool_call"), rf"<tool_call{_SFX}>" + NAME, end=NAME_END),
                   call_close=_tags("/tool_call"), param=PAIR,
                   value_close=_tags("/arg_value"), block_close=BLOCK_CLOSE)

    def closer_for(self, opener):
        return "</" + opener[1:]

    def decide(self, opener, look, eof, ctx):
        # <tool_calls> also opens JSON arrays (Jamba, Hunyuan-A13B) and MiniMax-M1 lines.
        return tag_after(look, eof, _tags("tool_call"))

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
