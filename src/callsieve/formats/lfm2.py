"""LFM2 / LFM2.5 (Liquid): <|tool_call_start|>[f(a=1)]<|tool_call_end|> (docs/syntax.md#lfm2).

The list is pythonic (formats/_pythonic.py, dotted names such as Calendar.add_event) or, when
the system prompt asks for JSON, a JSON list of {"name", "arguments"} objects.  A runtime that
strips the special tokens leaves a bare list: at the start of the content the `pythonic` format
reads it; elsewhere it stays content.
"""
from . import Format
from ._pythonic import calls


class Lfm2(Format):
    name = "lfm2"
    syntax = "literal"
    aliases = ("liquid", "lfm")
    description = "LFM2 <|tool_call_start|>[pythonic or JSON list]<|tool_call_end|>"
    openers = ("<|tool_call_start|>",)
    closer = "<|tool_call_end|>"
    models = ("lfm2*", "lfm-2*")
    specials = ("<|tool_call_end|>", "<|tool_list_start|>", "<|tool_list_end|>", "<|im_start|>")
    spans = (("<|tool_response_start|>", "<|tool_response_end|>"),)
    priority = 10
    example = '<|tool_call_start|>[toggle_lamp(room="attic", on=True)]<|tool_call_end|>'

    def parse(self, r, ctx, opener):
        yield from calls(r, ctx, self.closer)
