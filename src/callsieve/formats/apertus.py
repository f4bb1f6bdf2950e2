"""Apertus (Swiss AI): <|tools_prefix|>[{"NAME": {args}}, …]<|tools_suffix|> (docs/syntax.md#apertus).

The tool name is the JSON key.  Reasoning <|inner_prefix|>…<|inner_suffix|> is the reasoning
table's.
"""
from ._json import JsonBlock, keyed_calls
from ..reader import startswith


class Apertus(JsonBlock):
    name = "apertus"
    syntax = "json"
    description = "Apertus <|tools_prefix|>[{\"NAME\": {args}}]<|tools_suffix|>"
    openers = ("<|tools_prefix|>",)
    closer = "<|tools_suffix|>"
    models = ("apertus*", "swiss-ai-apertus*")
    specials = ("<|tools_suffix|>", "<|assistant_end|>", "<|assistant_start|>", "<|user_start|>", "<|user_end|>")
    priority = 30
    example = '<|tools_prefix|>[{"toggle_lamp": {"room": "attic"}}]<|tools_suffix|>'

    def parse(self, r, ctx, opener):
        yield from keyed_calls(r, ctx)
        yield from startswith(r, self.closer, skip_ws=True)
