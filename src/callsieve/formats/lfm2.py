"""LFM2 / LFM2.5 (Liquid): <|tool_call_start|>[f(a=1)]<|tool_call_end|> (docs/syntax.md#lfm2).

The list is pythonic (formats/_pythonic.py, dotted names such as Calendar.add_event) or, when
the system prompt asks for JSON, a JSON list of {"name", "arguments"} objects.  A runtime that
strips the special tokens leaves a bare list: at the start of the content the `pythonic` format
reads it; elsewhere it stays content.

A family of known parts, declared with no code (formats/_code.py): the Python body in its
own `<|tool_call_start|>` wrapper.
"""
from ._code import Python
from ._parts import Family

LFM2 = Family(
    "lfm2", "<|tool_call_start|>", Python(), closer="<|tool_call_end|>", own=True,
    aliases=("liquid", "lfm"), description="LFM2 <|tool_call_start|>[pythonic or JSON list]<|tool_call_end|>",
    models=("lfm2*", "lfm-2*"), priority=10,
    specials=("<|tool_call_end|>", "<|tool_list_start|>", "<|tool_list_end|>", "<|im_start|>"),
    spans=(("<|tool_response_start|>", "<|tool_response_end|>"),),
    example='<|tool_call_start|>[toggle_lamp(room="attic", on=True)]<|tool_call_end|>')
