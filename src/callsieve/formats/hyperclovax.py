"""HyperCLOVA X SEED Think: a ` -> tool/function_call` recipient header, then a JSON list of calls
(docs/syntax.md#hyperclovax).

     -> tool/function_call
    [{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>

Sources: vLLM's hyperclovax_seed_think_14b tool parser and its tests.  The header is the
recipient written after the assistant's role (`<|im_start|>assistant -> tool/function_call`);
calls follow on the next line, `arguments` or `parameters`.  The abbreviated form names the tool
in the header, `-> tool/NAME` then the bare arguments object: read only for a declared tool.
"""
import re

from . import LOOK_MAX, MAYBE, NO, YES, Format, declared
from ._json import call_object, call_sequence
from ..reader import Reject, Truncated, peek_raw, token

HEADER = "-> tool/"
LIST = "function_call"
_NAME = re.compile(r"[A-Za-z_][\w.\-]*")
_EOL = re.compile(r"[ \t]*\r?\n?")
_AHEAD = re.compile(r"([A-Za-z_][\w.\-]*)[ \t]*\r?\n\s*([\[{])")
_PREFIX = re.compile(r"[A-Za-z_][\w.\-]*(?:[ \t]*(?:\r?\n\s*)?)?\Z|\Z")


class HyperClovaX(Format):
    name = "hyperclovax"
    syntax = "json"
    aliases = ("hyperclova",)
    description = "HyperCLOVA X -> tool/function_call\\n[{…}] (or -> tool/NAME\\n{args})"
    openers = (HEADER,)
    closer = None
    models = ("hyperclovax*", "*hyperclova*")
    example = ' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seoul"}}]'

    def decide(self, opener, look, eof, ctx):
        look = look[:LOOK_MAX]
        m = _AHEAD.match(look)
        if m:
            if m.group(1) == LIST:
                return YES
            return YES if m.group(2) == "{" and declared(ctx, m.group(1)) else NO
        return MAYBE if not eof and _PREFIX.match(look) else NO

    def parse(self, r, ctx, opener):
        m = yield from token(r, _NAME, 256)
        if m is None:
            raise Reject("no recipient") if (yield from peek_raw(r)) else Truncated("cut off after the header")
        yield from token(r, _EOL, 8)
        if m.group() == LIST:
            yield from call_sequence(r, ctx, None)
        else:
            yield from call_object(r, ctx, name=ctx.check(m.group()))
