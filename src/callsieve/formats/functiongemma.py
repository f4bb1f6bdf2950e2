"""FunctionGemma: <start_function_call>call:NAME{k:<escape>text<escape>,n:2}<end_function_call>
(docs/syntax.md#functiongemma): Gemma's literal syntax with <escape> as the string delimiter.

A family of known parts, declared with no code (formats/_code.py): the Literal body, quoted by
`<escape>`, in its own wrapper.
"""
from ._code import Literal
from ._parts import Family

FUNCTIONGEMMA = Family(
    "functiongemma", "<start_function_call>", Literal("<escape>"), closer="<end_function_call>", own=True,
    aliases=("function_gemma",), description="FunctionGemma <start_function_call>call:NAME{…}<end_function_call>",
    models=("functiongemma*",), priority=10,
    # Its template's other tokens: a model writes the tool result's opener after its call (the
    # turn's end for it), at times the made-up result too.
    specials=("<end_of_turn>", "<start_function_response>"),
    spans=(("<start_function_response>", "<end_function_response>"),),
    example="<start_function_call>call:send_sms{to:<escape>+354000<escape>,urgent:false}<end_function_call>")
