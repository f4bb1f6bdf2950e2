"""Functionary (MeetKai) v3.1 and v3.2 (docs/syntax.md#functionary).

  v3.1: <function=NAME>{json}</function>      (code: <|python_tag|>, read by llama3_json)
  v3.2: >>>NAME\\n{json}  per call;  >>>all\\nTEXT is plain content;  >>>python\\nCODE is a call
        to `python` with {"code": CODE}
At the top level `<function=` is Functionary's (Qwen3-Coder's `<function=` sits inside
<tool_call>): claimed when `NAME>` and then `{` follow.  `>>>` is claimed only before a name and
a newline (a Python prompt `>>> x` is prose); text and code run to the next `>>>`.  `>>>` is a
plain-text marker.
The first `>>>` of a v3.2 turn is often in the prompt: output that starts `NAME\\n{json}` with
NAME a declared tool is recognised without it, and so is `all\\n` (the recipient of the text after
it) when tools are declared: a first line that is only `all` in a tool-calling turn is
Functionary's recipient, never content, auto-detected too.  Without tools it stays text.

A family of known parts, declared with no code (formats/_channels.py): the Recipients body after
`>>>` (its `<function=` opener a name-tag call), its leads `all\n` and a declared name.
"""
from ._channels import Recipients
from ._parts import Family

ALL = "all\n"
V31 = "<function="
V32 = ">>>"

FUNCTIONARY = Family(
    "functionary", (V31, V32), Recipients(V32, tag=V31, tag_end="</function>"), closer={V31: None, V32: None},
    start_inline=(ALL,),     # `all\n` (tools declared)
    name_inline=True,        # the turn's first >>> is in the prompt: NAME\n{json} opens the content
    syntax="json", aliases=("functionary_v3", "functionary_v31", "functionary_v32"),
    description="Functionary v3.1 <function=NAME>{json}</function>, v3.2 >>>NAME\\n{json}",
    models=("functionary*",), priority=30,
    start_specials=("all\n",),   # the v3.2 recipient of plain text, its `>>>` in the prompt
    example='<function=count_words>{"path": "draft.txt"}</function>')
