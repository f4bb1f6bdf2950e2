"""JSON calls in <tool_calls>…</tool_calls> or <TOOLCALL>…</TOOLCALL> (docs/syntax.md#tool_calls_array).

  Jamba, Hunyuan-A13B, Apriel:  <tool_calls>[{"name": …, "arguments": {…}}, …]</tool_calls>
  MiniMax-M1:                   <tool_calls>\\n{"name": …, "arguments": {…}}\\n{…}\\n</tool_calls>
  Nemotron V2:                  <TOOLCALL>[{"name": …, "arguments": {…}}]</TOOLCALL>
Prose before.  Tencent HY-V3 also opens with <tool_calls> but follows it with <tool_call>
(hunyuan_v3): this format claims the block only when JSON follows.  Hunyuan's <answer>
wrapper and Apriel's <thinking> are handled by the reasoning table.
A family of known parts, declared with no code (formats/_json_bodies.py).
"""
from ._json_bodies import JsonAfter
from ._parts import Family

TOOL_CALLS_ARRAY = Family(
    "tool_calls_array", ("<tool_calls>", "<TOOLCALL>"), JsonAfter(),
    closer={"<tool_calls>": "</tool_calls>", "<TOOLCALL>": "</TOOLCALL>"},
    aliases=("jamba", "hunyuan_a13b", "apriel", "minimax_m1", "nemotron_v2"),
    description="JSON list (or lines) in <tool_calls>…</tool_calls> / <TOOLCALL>…</TOOLCALL>",
    models=("jamba*", "ai21-jamba*", "hunyuan-a13b*", "apriel*", "minimax-m1*", "*nemotron-nano-*v2*",
            "*nemotron-h-*"),
    priority=30,
    example='<tool_calls>[{"name": "track_parcel", "arguments": {"code": "ZX4471"}}]</tool_calls>')
