"""GigaChat 3: a plain-text trigger after the message separator (docs/syntax.md#gigachat).

  Checking.<|message_sep|>\\n\\nfunction call<|role_sep|>\\n{"name": "water_plants", "arguments": {"zone": "roof"}}
then an optional </s>.  One call per message.  Some builds write <|function_call|>{json}.
The trigger phrase is ordinary text that streams in pieces: <|message_sep|> opens the block
and the phrase is checked after it.  Special tokens stripped upstream leave `function call`
then the JSON on the next line: with tools declared, that opens a call too (the object's first
key must be `"name"`; the object must name a declared tool).

A family of known parts, declared with no code (formats/_json_bodies.py: JSON after header words).
"""
from ._json_bodies import JsonAfter
from ._parts import Family

SEP = "<|message_sep|>"
PHRASE = "function call"
ROLE_SEP = "<|role_sep|>"
FUNCTION_CALL = "<|function_call|>"

GIGACHAT = Family(
    "gigachat", (SEP, FUNCTION_CALL), JsonAfter(again=False, one=True, end="</s>"),
    closer={SEP: None, FUNCTION_CALL: None},
    bodies={SEP: JsonAfter(again=False, head=(PHRASE, (ROLE_SEP, "")), one=True, end="</s>")},
    tool_bodies={PHRASE: JsonAfter(again=False, head=((ROLE_SEP, ""),), one=True, named=True, end="</s>")},
    examples=True,        # JSON after prose: a call only if it ends the turn (docs/syntax.md#bare_json)
    aliases=("gigachat3",),
    description="GigaChat 3 <|message_sep|> function call<|role_sep|> {json}",
    models=("gigachat*",), priority=30,
    example='Checking.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "water_plants", "arguments": {"zone": "roof"}}')
