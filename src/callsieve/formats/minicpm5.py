"""MiniCPM5: <function name="N"><param name="K">V</param></function> or self-closing, real XML; also the
Hermes wrapper <function name="N">{json}</function> that shares the opener (docs/syntax.md#minicpm5).

A family of known parts, declared with no code (formats/_parts.py): the Invoke body spelled
`function` / `param`, with no wrapper (the call's tag opens the block: `inline`), one call, real
XML (entities and CDATA decoded; malformed nesting is an error, never repaired), values strings
unless the schema types them (and the text is JSON of that type).  A `<param>` without a name is
the tool's one parameter.  A detokenizer may drop the space token before an attribute
(`<functionname="N">`, `<paramname="K">`) or leave it as the byte-level marker Ġ (U+0120): both
are that space (vLLM's MiniCPM5 parser tests).
"""
from ._parts import Family, Invoke

OPENER = '<function name="'
OPENERS = (OPENER, '<functionname="', '<function\u0120name="')
# What stands before an attribute: blanks, Ġ, or nothing right after the tag's name.
_SPACE = r"(?:[\s\u0120]+|(?<=<function)|(?<=<param))"

MINICPM5 = Family(
    "minicpm5", (), Invoke(prefixes=("",), words=("function", "param"), types=(), space=_SPACE, xml=True,
                           selfclose=True, nameless=True, one=True),
    closer="</function>", value="text", inline=OPENERS, aliases=("minicpm", "function_name"),
    description='MiniCPM5 <function name="…"><param name="…">…</param></function> (and Hermes JSON inside)',
    models=("minicpm5*", "minicpm-5*"),
    example='<function name="translate_text"><param name="text">fish &amp; chips</param></function>')
