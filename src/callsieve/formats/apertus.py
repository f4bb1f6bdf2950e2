"""Apertus (Swiss AI): <|tools_prefix|>[{"NAME": {args}}, …]<|tools_suffix|> (docs/syntax.md#apertus).

The tool name is the JSON key.  Reasoning <|inner_prefix|>…<|inner_suffix|> is the reasoning
table's.  A family of known parts, declared with no code (formats/_json_bodies.py: NameKeys).
"""
from ._json_bodies import NameKeys
from ._parts import Family

APERTUS = Family(
    "apertus", "<|tools_prefix|>", NameKeys(), closer="<|tools_suffix|>",
    description="Apertus <|tools_prefix|>[{\"NAME\": {args}}]<|tools_suffix|>",
    models=("apertus*", "swiss-ai-apertus*"),
    specials=("<|tools_suffix|>", "<|assistant_end|>", "<|assistant_start|>", "<|user_start|>", "<|user_end|>"),
    priority=30,
    example='<|tools_prefix|>[{"toggle_lamp": {"room": "attic"}}]<|tools_suffix|>')
