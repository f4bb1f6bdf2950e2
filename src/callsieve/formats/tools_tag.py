"""JSON calls in <tools>…</tools>: the Gemma fallback of ADR 0018 (docs/syntax.md#tools_tag).

The same bodies as <tool_call> (objects, lists, `, ` separators); claimed only when JSON follows.
A family of known parts, declared with no code (formats/_sections.py).
"""
from ._parts import Family
from ._sections import JsonAfter

TOOLS_TAG = Family(
    "tools_tag", "<tools>", JsonAfter(), closer="</tools>",
    description="JSON call(s) in <tools>…</tools>", priority=20,
    example='<tools>{"name": "get_weather", "arguments": {"city": "Paris"}}</tools>')
