"""JSON calls in <tools>…</tools>: the Gemma fallback of ADR 0018 (docs/syntax.md#tools_tag).

The same bodies as <tool_call> (objects, lists, `, ` separators); claimed only when JSON follows.
"""
from ._json import JsonBlock


class ToolsTag(JsonBlock):
    name = "tools_tag"
    syntax = "json"
    description = "JSON call(s) in <tools>…</tools>"
    openers = ("<tools>",)
    closer = "</tools>"
    priority = 20
    example = '<tools>{"name": "get_weather", "arguments": {"city": "Paris"}}</tools>'
