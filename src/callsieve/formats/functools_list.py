"""`functools[{…}, …]`: Phi-4-mini and FireFunction v2 (docs/syntax.md#functools).

  functools[{"name": "lookup_flight", "arguments": {"code": "FI615"}}]
A plain-text marker (FireFunction writes a space before it: that space is layout).  Claimed
only when a call object follows the `[`; the list ends at its balancing `]`, so lists inside
arguments are safe.  A single call written without the list's brackets (`functools{"name": …}`,
a malformed output vLLM's Phi-4-mini tests feed) is that call: the marker is never content.

A family of known parts, declared with no code (formats/_json_bodies.py: the marker ends with the
JSON's own bracket, JsonAfter's `opened`).
"""
from ._json_bodies import JsonAfter
from ._parts import Family

TAG = "functools["
BARE = "functools{"

FUNCTOOLS = Family(
    "functools", (TAG, BARE), JsonAfter(opened=True), closer={TAG: None, BARE: None},
    aliases=("phi4", "firefunction"),
    description="functools[{…}, …] (Phi-4-mini, FireFunction v2)",
    models=("phi-4-mini*", "firefunction-v2*", "phi4-mini*"),
    priority=30,
    example='functools[{"name": "lookup_flight", "arguments": {"code": "FI615"}}]')
