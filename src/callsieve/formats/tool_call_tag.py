"""Hermes / Qwen JSON calls: <tool_call>{"name": …, "arguments": {…}}</tool_call> (docs/syntax.md#tool_call_tag).

Also what fine-tunes write inside the wrapper: several objects, separated by whitespace or `, `,
or a `[…]` list of them; `arguments` as an object or as a JSON-encoded string.  LongCat-Flash
spells the wrapper <longcat_tool_call>…</longcat_tool_call>.  Step-Audio 2 writes a type line, the
name, then the JSON arguments: `<tool_call>function\nNAME\n{…}</tool_call>` (vLLM's step_audio_2
parser): the type word is read after the opener (JsonAfter's `typed`), the rest a name then JSON
(NamedJson).  The opener is shared with Qwen3-Coder XML and GLM: this format claims the block only
when JSON follows.  The call ends where its JSON ends, so a </tool_call> quoted inside a string
ends nothing; the closer is optional.

A family of known parts, declared with no code (formats/_json_bodies.py): JSON calls after a marker.
"""
from ._json import json_after
from ._json_bodies import JsonAfter
from ._parts import Family, NamedJson

__all__ = ["TOOL_CALL_TAG", "json_after"]


TOOL_CALL_TAG = Family(
    "tool_call_tag", ("<tool_call>", "<longcat_tool_call>"), JsonAfter(typed=("function\n", NamedJson())),
    closer={"<tool_call>": "</tool_call>", "<longcat_tool_call>": "</longcat_tool_call>"},
    aliases=("hermes", "qwen", "qwen25", "longcat"),
    description="Hermes / Qwen2.5 / Qwen3 JSON in <tool_call> (LongCat: <longcat_tool_call>)",
    models=("hermes*", "qwen2.5*", "qwen2-*", "qwen3-*", "qwen3", "qwq*", "granite-4*", "ernie-4.5*",
            "longcat*", "trinity*", "*hermes*"),
    priority=10,
    example='<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>')
