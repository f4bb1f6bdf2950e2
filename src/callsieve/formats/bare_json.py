"""A bare call object, or a list of them: {"name": …, "arguments"|"parameters": …} (formats.md §2.31).

Only as the first thing in the content; after prose only when the object names a declared
tool, so a `{` in prose (code, LaTeX) is released at once.  Calls may be separated by `;`
(Llama 3.x) or commas.
"""
import re

from . import MAYBE, NO, YES, Format
from ._json import call_sequence

_CALL_KEY = re.compile(r'\s*(?:\[\s*\{\s*)?"(?:name|function|tool_name|tool_call|tool_calls)"\s*:')
_KEY_PREFIX = re.compile(r'\s*(?:\[\s*(?:\{\s*)?)?(?:"[a-z_]{0,10}(?:"\s*)?)?\Z')
_NAMED = re.compile(r'\s*"name"\s*:\s*"([^"\\]*)"')
_NAMED_PREFIX = re.compile(r'\s*(?:"(?:n(?:a(?:m(?:e(?:"\s*(?::\s*(?:"[^"\\]*)?)?)?)?)?)?)?)?\Z')


class BareJson(Format):
    name = "bare_json"
    aliases = ("json",)
    description = "a bare JSON call object or list (first in the content, or naming a declared tool)"
    start_openers = ("{", "[")
    tool_openers = ("{",)
    models = ("*xlam*",)
    priority = 90
    example = '{"name": "toggle_lamp", "arguments": {"room": "den"}}'

    def decide(self, opener, look, eof, ctx):
        if ctx.at_start:
            if _CALL_KEY.match(look if opener == "{" else "[" + look):
                return YES
            return MAYBE if not eof and _KEY_PREFIX.match(look if opener == "{" else "[" + look) else NO
        m = _NAMED.match(look)
        if m:
            return YES if ctx.tools and m.group(1) in ctx.tools else NO
        return MAYBE if not eof and _NAMED_PREFIX.match(look) else NO

    def parse(self, r, ctx, opener):
        r.push_front(opener)
        yield from call_sequence(r, ctx, None, loose=True, seps=",;")
