"""Pythonic call lists: Llama 3.2 / 4, ToolACE, OLMo 3 (docs/syntax.md#pythonic).

    [find_recipe(dish="mole", vegan=False), send_sms(to="+354000", body="ready")]
    <|python_start|>[f(a=1)]<|python_end|>                         Llama 4
    <function_calls>\nf(a=1)\ng(b='x')\n</function_calls>          OLMo 3 (one call per line)

A bare `[` opens a block only as the first thing in the content, and only when a call follows
(`[name(` then `)` or `keyword=`): a markdown link `[text](url)` or a list `[1, 2]` is text.
So does a declared tool's name there, when a call follows (OLMo 3's lines without their
`<function_calls>` wrapper).
After prose a list opens a block only at the start of a line and when its first call names a
declared tool (Llama 4 writes "To find out, I will first get the date.\n\n[get_date(), …]");
like a bare JSON call after prose, it is the call only if it ends the turn, else an example
(Format.examples).  Only `\n[` is watched there: every `[` in prose or code would cost a decision.
Arguments are Python literals converted to JSON as they stream (formats/_pythonic.py).

A family of known parts, declared with no code (formats/_code.py): the Python body in Llama 4's
and OLMo 3's wrappers (OLMo's holds calls or a list, never an XML `<invoke>`: the body's
`within`), and three leads that are the list's own first text: `[` (`start_inline`), `\n[`
(`tool_inline`, a declared tool's), a declared name (`name_inline`).  Neither a lead nor the
family has one closer: a bare list ends with its last call.
"""
from ._code import Python, call_follows
from ._parts import Family

__all__ = ["PYTHONIC", "call_follows"]

LINE = "\n["                      # a list at the start of a line, after prose

PYTHONIC = Family(
    "pythonic", ("[", "<|python_start|>", "<function_calls>"), Python(),
    closer={"[": None, "<|python_start|>": "<|python_end|>", "<function_calls>": "</function_calls>"},
    own=("<|python_start|>",), start_inline=("[",), tool_inline=(LINE,),
    name_inline=True,        # OLMo 3 without its wrapper: a declared NAME(kw=…) opening the content
    examples=True,           # a list after prose: the call only if it ends the turn
    aliases=("llama3.2", "llama4", "olmo3", "toolace", "python_list"),
    description="Python call lists [f(a=1), g(b='x')] (Llama 3.2 / 4, ToolACE, OLMo 3)",
    models=("llama-3.2*", "llama-4*", "toolace*", "olmo-3*", "olmo3*"), priority=40,
    example='[find_recipe(dish="mole", vegan=False), send_sms(to="+354000", body="ready")]')
