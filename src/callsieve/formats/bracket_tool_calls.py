"""Mistral's [TOOL_CALLS] in its three variants (formats.md §2.16).

  pre-v11: [TOOL_CALLS] [{"name", "arguments", "id"?}, …]
  v11+:    [TOOL_CALLS]NAME{json}            (one marker per call)
  v13:     [TOOL_CALLS]NAME[ARGS]{json}      (optionally NAME[CALL_ID]id[ARGS]{json})
The block ends where its JSON ends (no closing marker), so arrays inside arguments are safe.
"""
import re

from . import Format
from ._json import call_object, call_sequence
from ..reader import Reject, Truncated, peek, startswith, token

_NAME = re.compile(r"[A-Za-z_][\w.\-]*")
_ID = re.compile(r"[A-Za-z0-9_\-]+")


class BracketToolCalls(Format):
    name = "bracket_tool_calls"
    aliases = ("mistral",)
    description = "Mistral [TOOL_CALLS] (JSON list, NAME{json}, NAME[ARGS]{json})"
    openers = ("[TOOL_CALLS]",)
    models = ("mistral*", "mixtral*", "ministral*", "magistral*", "devstral*", "codestral*")
    priority = 10
    example = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}'

    def parse(self, r, ctx, opener):
        c = yield from peek(r)
        if c in ("[", "{"):
            yield from call_sequence(r, ctx, None)
            return
        m = yield from token(r, _NAME, 256)
        if m is None:
            raise Reject("no call after [TOOL_CALLS]") if c else Truncated("cut off after [TOOL_CALLS]")
        name = ctx.check(m.group())
        cid = None
        if (yield from startswith(r, "[CALL_ID]")):
            idm = yield from token(r, _ID, 64)
            cid = idm.group() if idm else None
        yield from startswith(r, "[ARGS]")
        c = yield from peek(r)
        if c != "{":
            raise Reject("no arguments object") if c else Truncated("cut off before the arguments")
        from ..jsonargs import value
        a = ctx.start(name, cid)
        yield from value(r, a)
        ctx.end()
