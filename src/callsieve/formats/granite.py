"""Granite 3.x: <|tool_call|> then a JSON list of calls, no closer (docs/syntax.md#granite).

  Sure.<|tool_call|>[{"name": "resize_image", "arguments": {"id": "img-7", "width": 640}}]
A bare list (no marker) also occurs: recognised as the first thing in the output.  Gemma 4's
drift spelling is the same string followed by `call:NAME{…}`: this format claims <|tool_call|>
only when JSON follows (gemma_special claims it before `call:`).  Granite 4 uses <tool_call>.
Phi-4-mini, told by its template to write `<|tool_call|>[…]<|/tool_call|>`, closes the list with
`<|/tool_call|>`: consumed when it follows, optional like the missing closer of Granite.

A family of known parts, declared with no code (formats/_json_bodies.py).
"""
from ._json_bodies import JsonAfter, JsonStart
from ._parts import Family

TAG = "<|tool_call|>"
CLOSER = "<|/tool_call|>"          # Phi-4-mini's

GRANITE = Family(
    "granite", TAG, JsonAfter(again=False), closer=CLOSER, start_bodies={"[": JsonStart()},
    aliases=("granite3",),
    description="Granite 3.x <|tool_call|>[{…}] (Phi-4-mini: then <|/tool_call|>)",
    models=("granite-3*", "granite3*"),
    specials=("<|start_of_role|>", "<|end_of_role|>"),
    priority=91,            # a bare `[` is bare_json's when no format is named
    example='<|tool_call|>[{"name": "resize_image", "arguments": {"id": "img-7", "width": 640}}]')
