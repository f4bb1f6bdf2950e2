"""Granite-20b-functioncalling: `<function_call> {json}` per call, no closer (docs/syntax.md#granite_20b).

  Let me search.<function_call> {"name": "search_notes", "arguments": {"tag": "kelp"}}
Calls are newline-separated, each behind its own marker; prose may precede.  llama.cpp's Hermes
variant closes the wrapper with </function_call>: read when present (JsonAfter's `end`).  OLMo 3's
<function_calls> shares the prefix; this format claims the marker only when JSON follows it.
A family of known parts, declared with no code (formats/_json_bodies.py).
"""
from ._json_bodies import JsonAfter
from ._parts import Family

GRANITE_20B = Family(
    "granite_20b", "<function_call>", JsonAfter(end="</function_call>"), closer={"<function_call>": None},
    aliases=("granite20b", "function_call_tag"),
    description="Granite-20b-functioncalling <function_call> {json}, one marker per call",
    models=("granite-20b-functioncalling*", "granite-20b-function*"),
    priority=30,
    example='<function_call> {"name": "search_notes", "arguments": {"tag": "kelp"}}')
