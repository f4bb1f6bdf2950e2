"""`functools[{…}, …]`: Phi-4-mini and FireFunction v2 (docs/syntax.md#functools).

  functools[{"name": "lookup_flight", "arguments": {"code": "FI615"}}]
A plain-text marker (FireFunction writes a space before it: that space is layout).  Claimed
only when a call object follows the `[`; the list ends at its balancing `]`, so lists inside
arguments are safe.  A single call written without the list's brackets (`functools{"name": …}`,
a malformed output vLLM's Phi-4-mini tests feed) is that call: the marker is never content.
"""
from . import Format
from ._json import ahead, call_array, call_object

TAG = "functools["
BARE = "functools{"


class Functools(Format):
    name = "functools"
    syntax = "json"
    aliases = ("phi4", "firefunction")
    description = "functools[{…}, …] (Phi-4-mini, FireFunction v2)"
    openers = (TAG, BARE)
    models = ("phi-4-mini*", "firefunction-v2*", "phi4-mini*")
    priority = 30
    example = 'functools[{"name": "lookup_flight", "arguments": {"code": "FI615"}}]'

    def decide(self, opener, look, eof, ctx):
        return ahead(look, eof, '"') if opener == BARE else ahead(look, eof, "{")

    def parse(self, r, ctx, opener):
        if opener == BARE:
            r.push_front("{")                  # the object's own brace, read by call_object
            yield from call_object(r, ctx)
            return
        r.push_front("[")                      # the list's own bracket, read by call_array
        yield from call_array(r, ctx)
