"""Qwen3-Coder / Qwen3.5 XML: <tool_call><function=N><parameter=K>V</parameter></function></tool_call>
(syntax reference: docs/syntax.md#qwen3_coder).

A family of known parts, declared with no code (formats/_parts.py): the `<tool_call>` wrapper
around the Functions body, JSON values.  Its quirks are the body's named options:

`<tool_call>` is a special token: a server that strips it (or a model that skips it) leaves
`<function=NAME>` first (`inline`).  That is still a call when a parameter tag (or, for a call
without arguments, `</function>`) follows the function tag (Functionary's `<function=NAME>` is
followed by JSON); a `</tool_call>` after it is consumed.

Nemotron sometimes writes a line of prose inside the block, between `<tool_call>` and the call
(raullenchai/Rapid-MLX#1031): `prose_before`.  MiMo-V2-Flash at times writes a call's parameters
before its function tag, inside the block (`<tool_call>\n<parameter=command>ls</parameter>\n
<function=list_files>\n</function>`, vLLM's mimov2_flash parser tests): `params_first`.
"""
from ._parts import FUNCTION, FUNCTION_START, PARAMETER, Family, Functions

__all__ = ["FUNCTION", "PARAMETER", "QWEN3_CODER"]

QWEN3_CODER = Family(
    "qwen3_coder", "<tool_call>", Functions(prose_before=True, params_first=True),
    closer="</tool_call>", inline=(FUNCTION_START,),
    aliases=("qwen3coder", "qwen35", "qwen3_xml", "nemotron3", "mimo"),
    description="Qwen3-Coder / Qwen3.5 / Nemotron-3 / Step-3.5 / MiMo <function=…><parameter=…> in <tool_call>",
    models=("qwen3-coder*", "qwen3.5*", "qwen3.6*", "*nemotron-3*", "step-3.5*", "mimo*"),
    example="<tool_call>\n<function=set_alarm>\n<parameter=minutes>\n45\n</parameter>\n</function>\n</tool_call>")
