"""InternLM2 / 2.5, Intern-S1: <|action_start|><|plugin|> {json} <|action_end|> (docs/syntax.md#internlm).

  Searching.<|action_start|><|plugin|>\\n{"name": "search_notes", "parameters": {"tag": "fjord"}}<|action_end|>
Prose before; one call per action in most parsers (several objects are read if present).
The code interpreter's <|action_start|><|interpreter|> is not a function call: left as text.
A family of known parts, declared with no code (formats/_json_bodies.py).
"""
from ._json_bodies import JsonAfter
from ._parts import Family

INTERNLM = Family(
    "internlm", "<|action_start|><|plugin|>", JsonAfter(), closer="<|action_end|>",
    aliases=("internlm2", "intern_s1"),
    description="InternLM <|action_start|><|plugin|>{json}<|action_end|>",
    models=("internlm*", "intern-s1*"),
    specials=("<|action_start|>", "<|plugin|>", "<|interpreter|>", "<|im_start|>"),
    priority=30,
    example='<|action_start|><|plugin|>\n{"name": "search_notes", "parameters": {"tag": "fjord"}}<|action_end|>')
