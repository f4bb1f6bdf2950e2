"""A bare call object, or a list of them: {"name": …, "arguments"|"parameters": …} (docs/syntax.md#bare_json).

Only as the first thing in the content; after prose only when the object names a declared
tool, so a `{` in prose (code, LaTeX) is released at once.  Calls may be separated by `;`
(Llama 3.x) or commas.  Also llama.cpp's generic JSON (docs/syntax.md#bare_json): {"tool_call": {call}} and
{"tool_calls": [calls]}; its third shape, {"response": "…"}, is the answer and stays content
as it is.  xLAM writes a bare list [{"name", "arguments"}, …]: its model names pre-seed
this format.

A server that drained a wrapper's opening leaves its closer after the calls
(`[{"name": …}]</TOOLCALL>`, ai-dynamo/dynamo#10115): the closer of a JSON-bodied wrapper right
after the calls is the block's markup (`trailers`), never content.

A family of known parts, declared with no code (formats/_json_bodies.py: JsonStart, no wrapper).
"""
from ._json_bodies import JsonStart
from ._parts import Family

_JSON = JsonStart()
# The closers of the wrappers JSON calls are written in (tool_call_tag, tool_calls_array, tools_tag,
# functools, granite, lfm2's JSON form, bracket_tool_calls): one after the calls is theirs.
WRAPPER_CLOSERS = ("</tool_call>", "</tool_calls>", "</TOOLCALL>", "</tools>", "</functools>", "<|/tool_call|>",
                   "<|tool_call_end|>", "[/TOOL_CALLS]")

BARE_JSON = Family(
    "bare_json", (), _JSON, start_bodies={"{": _JSON, "[": _JSON},
    # After prose only `{`: every `[` in code would cost a decision (a bare list after prose is
    # rare; llama.cpp's {"tool_calls": [...]} wrapper is read whole).
    tool_openers=("{",),
    trailers=WRAPPER_CLOSERS,
    examples=True,        # JSON after prose: a call only if it ends the turn (docs/syntax.md#bare_json)
    aliases=("json", "xlam", "generic_json"),
    description="a bare JSON call object or list (first in the content, or naming a declared tool)",
    models=("*xlam*",), priority=90,
    example='{"name": "toggle_lamp", "arguments": {"room": "den"}}')
