"""JSON calls in <tools>…</tools>: the Gemma fallback of ADR 0018 (docs/syntax.md#tools_tag).

The same bodies as <tool_call> (objects, lists, `, ` separators); claimed only when JSON follows.
A family of known parts, declared with no code (formats/_json_bodies.py).
"""
from ._json_bodies import JsonAfter
from ._parts import Family

TOOLS_TAG = Family(
    "tools_tag", "<tools>", JsonAfter(), closer="</tools>",
    description="JSON call(s) in <tools>…</tools>", priority=20,
    example='<tools>{"name": "get_weather", "arguments": {"city": "Paris"}}</tools>')
