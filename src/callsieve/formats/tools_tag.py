"""JSON calls in <tools>…</tools>: the Gemma fallback of ADR 0018 (formats.md §1.1).

The same bodies as <tool_call> (objects, lists, `, ` separators); claimed only when JSON follows.
"""
from ._json import JsonBlock


class ToolsTag(JsonBlock):
    name = "tools_tag"
    description = "JSON call(s) in <tools>…</tools>"
    openers = ("<tools>",)
    closer = "</tools>"
    priority = 20
    example = '<tools>{"name": "get_weather", "arguments": {"city": "Paris"}}</tools>'
