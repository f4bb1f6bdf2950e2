"""GigaChat 3: a plain-text trigger after the message separator (docs/syntax.md#gigachat).

  Checking.<|message_sep|>\\n\\nfunction call<|role_sep|>\\n{"name": "water_plants", "arguments": {"zone": "roof"}}
then an optional </s>.  One call per message.  Some builds write <|function_call|>{json}.
The trigger phrase is ordinary text that streams in pieces: <|message_sep|> opens the block
and the phrase is checked after it.  Special tokens stripped upstream leave `function call`
then the JSON on the next line: with tools declared, that opens a call too (the object must
name a declared tool).
"""
from . import Format
from ._json import ahead, call_object
from ..reader import startswith

SEP = "<|message_sep|>"
PHRASE = "function call"
ROLE_SEP = "<|role_sep|>"


class GigaChat(Format):
    name = "gigachat"
    syntax = "json"
    aliases = ("gigachat3",)
    description = "GigaChat 3 <|message_sep|> function call<|role_sep|> {json}"
    openers = (SEP, "<|function_call|>")
    tool_openers = (PHRASE,)
    examples = True       # JSON after prose: a call only if it ends the turn (docs/syntax.md#bare_json)
    models = ("gigachat*",)
    priority = 30
    example = 'Checking.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "water_plants", "arguments": {"zone": "roof"}}'

    def decide(self, opener, look, eof, ctx):
        if opener == SEP:
            return ahead(look, eof, PHRASE, (ROLE_SEP, ""), "{")
        if opener == PHRASE:
            return ahead(look, eof, (ROLE_SEP, ""), '{', '"name"')
        return ahead(look, eof, "{")

    def parse(self, r, ctx, opener):
        if opener == SEP:
            yield from startswith(r, PHRASE, skip_ws=True)
        yield from startswith(r, ROLE_SEP, skip_ws=True)
        yield from call_object(r, ctx)
        yield from startswith(r, "</s>", skip_ws=True)
