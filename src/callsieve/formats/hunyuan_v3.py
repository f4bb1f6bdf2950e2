"""Tencent HY-V3 / V4: <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>
</tool_call></tool_calls>, every tag possibly suffixed, as Hy3's template writes them all:
<tool_calls:opensource>, <arg_key:opensource> … </arg_value:opensource> (docs/syntax.md#hunyuan_v3).

A family of known parts, declared with no code (formats/_parts.py): a section wrapper around
GLM's layout (KeyValue with its `glued` slips), each call in its own `<tool_call>` tag, every tag
with or without the suffix.  <tool_calls> also opens JSON arrays (Jamba, Hunyuan-A13B) and
MiniMax-M1 lines: this family claims it only when a call tag follows."""
from ._parts import Family, KeyValue

SUFFIXES = ("", ":opensource")
_SECTIONS = tuple(f"<tool_calls{s}>" for s in SUFFIXES)
_CLOSERS = tuple(f"</tool_calls{s}>" for s in SUFFIXES)

HUNYUAN_V3 = Family(
    "hunyuan_v3", _SECTIONS, KeyValue(trim_nl=False, glued=True, call="<tool_call>", suffixes=SUFFIXES),
    closer=dict(zip(_SECTIONS, _CLOSERS)), aliases=("hy_v3", "hunyuan_v4"),
    description="Tencent HY-V3 / V4 <tool_calls><tool_call>NAME<tool_sep><arg_key>…",
    models=("hy-v3*", "hy-v4*", "hunyuan-v3*", "hunyuan-v4*"),
    # (Hy3-preview's template writes them without the suffix: `<｜hy_eos｜>`)
    specials=tuple(f"<｜{t}{sfx}｜>" for t in ("hy_eos", "hy_begin_of_sentence", "hy_pad", "hy_Assistant",
                                               "hy_User", "reasoning_mode") for sfx in SUFFIXES) + _CLOSERS,
    spans=tuple((f"<tool_response{s}>", f"</tool_response{s}>") for s in SUFFIXES),
    example="<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call></tool_calls>")
