"""Cohere Command R7B / Command A: <|START_ACTION|>[…]<|END_ACTION|> (docs/syntax.md#command_r).

  <|START_THINKING|>Look it up.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0",
  "tool_name": "lookup_flight", "parameters": {"code": "FI615"}}]<|END_ACTION|>
`tool_call_id` is kept as the call id.  Command R / R+'s plain tool-use mode writes
`Action: ```json\n[{"tool_name": …, "parameters": …}]\n````, first or after a sentence: the word is
the template's markup, a heading of the fence read as fenced_json reads it, and like any fence the
call only where the turn ends with it (`fences`, `examples`).  The thinking markers are the reasoning table's, and
<|START_RESPONSE|> / <|END_RESPONSE|> (and stray <|START_TEXT|> / <|END_TEXT|>) are stripped
from the content there.  Citations (`<co>words</co: 0:[1]>`) in the answer and the thinking are
annotation spans (annotations.py): their tags are markup, the words text.  The thinking and
response openers are Cohere's alone: writing one shows the family (`signs`).

A family of known parts, declared with no code (formats/_json_bodies.py: JsonAfter, and Fenced
after the `Action:` heading).
"""
from ._json_bodies import FENCE, Fenced, JsonAfter
from ._parts import Family
from ..annotations import Annotation, Tag

ACTION = "Action:"
START = "<|START_ACTION|>"
# Citations around words of the answer or the thinking: Command A's `<co>words</co: 0:[1,2],1:[3]>`
# (a tool call's index, then its results'), Command R's grounded `<co: 0>words</co: 0>`.
CLOSE = Tag("</co: ", r"[\d:\[\], ]", 64, ">")
CITATIONS = (Annotation(Tag("<co>"), CLOSE), Annotation(Tag("<co: ", r"[\d, ]", 32, ">"), CLOSE))

COMMAND_R = Family(
    "command_r", START, JsonAfter(), closer={START: "<|END_ACTION|>", ACTION: FENCE},
    bodies={ACTION: Fenced(gap=" *")}, fences=(ACTION,), examples=True,
    aliases=("command_r7b", "command_a", "cohere"),
    description="Cohere Command R7B / A <|START_ACTION|>[{tool_call_id, tool_name, parameters}]<|END_ACTION|>",
    models=("command-r7b*", "command-a*", "c4ai-command-r7b*", "c4ai-command-a*"),
    specials=("<|END_OF_TURN_TOKEN|>", "<|START_OF_TURN_TOKEN|>", "<|CHATBOT_TOKEN|>", "<|USER_TOKEN|>",
              "<|SYSTEM_TOKEN|>", "<|END_ACTION|>"),
    spans=(("<|START_TOOL_RESULT|>", "<|END_TOOL_RESULT|>"),),
    annotations=CITATIONS, signs=("<|START_THINKING|>", "<|START_RESPONSE|>"),
    priority=30,
    example=('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "lookup_flight", '
             '"parameters": {"code": "FI615"}}]<|END_ACTION|>'))
