"""Cohere Command R7B / Command A: <|START_ACTION|>[…]<|END_ACTION|> (docs/syntax.md#command_r).

  <|START_THINKING|>Look it up.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0",
  "tool_name": "lookup_flight", "parameters": {"code": "FI615"}}]<|END_ACTION|>
`tool_call_id` is kept as the call id.  Command R / R+'s plain tool-use mode writes
`Action: ```json\n[{"tool_name": …, "parameters": …}]\n```` as the first thing: the word is
the template's markup, the fence is read as fenced_json reads it.  The thinking markers are the reasoning table's, and
<|START_RESPONSE|> / <|END_RESPONSE|> (and stray <|START_TEXT|> / <|END_TEXT|>) are stripped
from the content there.
"""
from . import MAYBE, NO
from ._json import JsonBlock
from ..reader import startswith
from .fenced_json import FencedJson

ACTION = "Action:"
_FENCE = FencedJson()


class CommandR(JsonBlock):
    name = "command_r"
    syntax = "json"
    aliases = ("command_r7b", "command_a", "cohere")
    description = "Cohere Command R7B / A <|START_ACTION|>[{tool_call_id, tool_name, parameters}]<|END_ACTION|>"
    openers = ("<|START_ACTION|>",)
    start_openers = (ACTION,)
    closer = "<|END_ACTION|>"
    models = ("command-r7b*", "command-a*", "c4ai-command-r7b*", "c4ai-command-a*")
    specials = ("<|END_OF_TURN_TOKEN|>", "<|START_OF_TURN_TOKEN|>", "<|CHATBOT_TOKEN|>", "<|USER_TOKEN|>",
                "<|SYSTEM_TOKEN|>", "<|END_ACTION|>")
    spans = (("<|START_TOOL_RESULT|>", "<|END_TOOL_RESULT|>"),)
    priority = 30
    example = ('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "lookup_flight", '
               '"parameters": {"code": "FI615"}}]<|END_ACTION|>')

    def closer_for(self, opener):
        return _FENCE.closer if opener == ACTION else super().closer_for(opener)

    def decide(self, opener, look, eof, ctx):
        if opener != ACTION:
            return super().decide(opener, look, eof, ctx)
        rest = look.lstrip(" ")
        if not rest.startswith("```"):
            return MAYBE if not eof and "```".startswith(rest) else NO
        return _FENCE.decide("```", rest[3:], eof, ctx)

    def parse(self, r, ctx, opener):
        if opener != ACTION:
            yield from super().parse(r, ctx, opener)
            return
        yield from startswith(r, "```", skip_ws=True)
        yield from _FENCE.parse(r, ctx, "```")
