"""InternLM2 / 2.5, Intern-S1: <|action_start|><|plugin|> {json} <|action_end|> (docs/syntax.md#internlm).

  Searching.<|action_start|><|plugin|>\\n{"name": "search_notes", "parameters": {"tag": "fjord"}}<|action_end|>
Prose before; one call per action in most parsers (several objects are read if present).
The code interpreter's <|action_start|><|interpreter|> is not a function call: left as text.
"""
from ._json import JsonBlock


class InternLM(JsonBlock):
    name = "internlm"
    syntax = "json"
    aliases = ("internlm2", "intern_s1")
    description = "InternLM <|action_start|><|plugin|>{json}<|action_end|>"
    openers = ("<|action_start|><|plugin|>",)
    closer = "<|action_end|>"
    models = ("internlm*", "intern-s1*")
    specials = ("<|action_start|>", "<|plugin|>", "<|interpreter|>", "<|im_start|>")
    priority = 30
    example = '<|action_start|><|plugin|>\n{"name": "search_notes", "parameters": {"tag": "fjord"}}<|action_end|>'
