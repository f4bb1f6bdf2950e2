"""JSON calls in <tools>…</tools>: the Gemma fallback of ADR 0018 (formats.md §1.1).

The same bodies as <tool_call> (objects, lists, `, ` separators); claimed only when JSON follows.
"""
from . import Format
from ._json import call_sequence, json_after


class ToolsTag(Format):
    name = "tools_tag"
    description = "JSON call(s) in <tools>…</tools>"
    openers = ("<tools>",)
    closer = "</tools>"
    priority = 20
    example = '<tools>{"name": "get_weather", "arguments": {"city": "Paris"}}</tools>'

    def decide(self, opener, look, eof, ctx):
        return json_after(look, eof)

    def parse(self, r, ctx, opener):
        yield from call_sequence(r, ctx, self.closer)
