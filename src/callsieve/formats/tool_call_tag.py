"""Hermes / Qwen JSON calls: <tool_call>{"name": …, "arguments": {…}}</tool_call> (formats.md §2.1)."""
import re

from . import MAYBE, NO, YES, Format
from ._json import call_sequence

_JSON_NEXT = re.compile(r"\s*[\[{]")


def json_after(look: str, eof: bool) -> int:
    """YES if a JSON object or list follows (whitespace allowed), MAYBE while only whitespace."""
    if _JSON_NEXT.match(look):
        return YES
    return MAYBE if look.isspace() or not look and not eof else NO


class ToolCallTag(Format):
    name = "tool_call_tag"
    aliases = ("hermes", "qwen", "qwen25", "longcat")
    description = "Hermes / Qwen2.5 / Qwen3 JSON in <tool_call> (LongCat: <longcat_tool_call>)"
    openers = ("<tool_call>", "<longcat_tool_call>")
    closer = "</tool_call>"
    models = ("hermes*", "qwen2.5*", "qwen2-*", "qwen3-*", "qwen3", "qwq*", "granite-4*", "ernie-4.5*",
              "longcat*", "trinity*", "*hermes*")
    priority = 10
    example = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'

    def closer_for(self, opener):
        return "</" + opener[1:]

    def decide(self, opener, look, eof, ctx):
        return json_after(look, eof)

    def parse(self, r, ctx, opener):
        yield from call_sequence(r, ctx, self.closer_for(opener))
