"""A call in a Markdown fence: ```json\n{…}\n```, or on the fence's line (docs/syntax.md#fenced_json).

Real code samples live in fences too: only a fence whose JSON has the shape of a call (and,
with tools declared, a declared name) is a call; anything else goes out as text unchanged.

A heading line that only labels the call (`**Tool Call:**`, RWKV's template, vllm's rwkv tool
parser tests; `**Function Call:**` alike) is markup when a call fence follows it at once; before
anything else it stays text.

A family of known parts, declared with no code (formats/_json_bodies.py: Fenced).
"""
from ._json_bodies import FENCE, Fenced
from ._parts import Family

HEADINGS = ("**Tool Call:**", "**Tool call:**", "**Function Call:**", "**Function call:**")

FENCED_JSON = Family(
    "fenced_json", (FENCE, *HEADINGS), Fenced(), closer=FENCE,
    # A fence is also how a model quotes code: its call is the call only where the turn ends
    # with it (held.Hold, held.Example); followed by prose it was an example, fence (and its
    # heading) and all.
    fences=(FENCE, *HEADINGS), examples=True,
    aliases=("fenced",), description="JSON call(s) in a ```json (or ```xml) fence",
    models=("qwen2.5-coder*",), priority=30,
    example='```json\n{"name": "list_files", "arguments": {"dir": "/srv"}}\n```')
