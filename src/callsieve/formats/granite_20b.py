"""Granite-20b-functioncalling: `<function_call> {json}` per call, no closer (docs/syntax.md#granite_20b).

  Let me search.<function_call> {"name": "search_notes", "arguments": {"tag": "kelp"}}
Calls are newline-separated, each behind its own marker; prose may precede.  llama.cpp's Hermes
variant closes the wrapper with </function_call>: read when present.  OLMo 3's
<function_calls> shares the prefix; this format claims the marker only when JSON follows it.
"""
from ._json import JsonBlock, call_sequence


class Granite20b(JsonBlock):
    name = "granite_20b"
    syntax = "json"
    aliases = ("granite20b", "function_call_tag")
    description = "Granite-20b-functioncalling <function_call> {json}, one marker per call"
    openers = ("<function_call>",)
    models = ("granite-20b-functioncalling*", "granite-20b-function*")
    priority = 30
    example = '<function_call> {"name": "search_notes", "arguments": {"tag": "kelp"}}'

    def parse(self, r, ctx, opener):
        yield from call_sequence(r, ctx, "</function_call>")
