"""Meta's CWM: `<tool: function>`, then the tool's name and its raw argument text, then `</tool>`
(docs/syntax.md#cwm); the short form names the tool as the label, `<tool: python CODE </tool>`.

    <tool: function>
    terminal find . -name "*.py"
    </tool>

Sources: vLLM's cwm and csm tool parser tests.  The argument is the raw text after the name,
its surrounding whitespace layout, given as the tool's `command`.  With tools declared, only for
a declared tool; the label form only then: `<tool:` also starts prose ("<tool: any label>").
"""
import re

from . import LOOK_MAX, MAYBE, NO, YES, Format, declared
from ._typed import STRING, Value
from ..reader import Reject, Truncated, token, until

OPENER, FULL = "<tool:", "<tool: function>"
CLOSER = "</tool>"
KEY = "command"
# ` function>` then the name on the next line, or the name as the label; then the raw text.
_HEAD = re.compile(r"[ \t]*(?:function>\s*)?([A-Za-z_][\w.\-]*)(?=\s)")
_HEAD_PREFIX = re.compile(r"[ \t]*(?:f(?:u(?:n(?:c(?:t(?:i(?:o(?:n(?:>\s*)?)?)?)?)?)?)?)?)?[\w.\-]*\Z")


class Cwm(Format):
    name = "cwm"
    syntax = "literal"
    description = "CWM <tool: function>\\nNAME raw argument text\\n</tool>"
    openers = (FULL,)             # the full form says it is a call: with no tools declared too
    tool_openers = (OPENER,)
    closer = CLOSER
    models = ("cwm*",)
    example = '<tool: function>\nterminal echo hi\n</tool>'

    def decide(self, opener, look, eof, ctx):
        if opener == FULL:
            look = "function>" + look
        look = look[:LOOK_MAX]
        m = _HEAD.match(look)
        if m:
            return YES if declared(ctx, m.group(1)) or (ctx.tools is None and opener == FULL) else NO
        return MAYBE if not eof and _HEAD_PREFIX.match(look) else NO

    def parse(self, r, ctx, opener):
        if opener == FULL:
            r.push_front("function>")
        m = yield from token(r, _HEAD, 512)
        if m is None:
            raise Reject("no tool name") if not r.eof else Truncated("cut off before the tool name")
        name = ctx.check(m.group(1))
        # (the call starts at its end: one cut off before `</tool>` is no call, as in the XML bodies)
        raw = yield from until(r, CLOSER, limit=1 << 20)
        a = ctx.start(name)
        a.begin("{")
        a.key(KEY)
        v = Value(a, STRING)
        v.feed(raw.strip())
        v.end()
        a.end()
        ctx.end()
