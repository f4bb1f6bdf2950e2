"""Functionary (MeetKai) v3.1 and v3.2 (docs/syntax.md#functionary).

  v3.1: <function=NAME>{json}</function>      (code: <|python_tag|>, read by llama3_json)
  v3.2: >>>NAME\\n{json}  per call;  >>>all\\nTEXT is plain content;  >>>python\\nCODE is a call
        to `python` with {"code": CODE}
At the top level `<function=` is Functionary's (Qwen3-Coder's `<function=` sits inside
<tool_call>): claimed when `NAME>` and then `{` follow.  `>>>` is claimed only before a name and
a newline (a Python prompt `>>> x` is prose); text and code run to the next `>>>`.  `>>>` is a
plain-text marker.
The first `>>>` of a v3.2 turn is often in the prompt: output that starts `NAME\\n{json}` with
NAME a declared tool is recognised without it, and so is `all\\n` (the recipient of the text after
it) when tools are declared: a first line that is only `all` in a tool-calling turn is
Functionary's recipient, never content, auto-detected too.  Without tools it stays text.
"""
ALL = "all\n"
import re

from . import MAYBE, NO, YES, Format
from ._json import LOOK_MAX, call_object, code_call
from ..reader import Reject, Truncated, peek_raw, startswith, token

V31 = "<function="
V32 = ">>>"
_NAME = re.compile(r"[A-Za-z_][\w.\-]*")
_V31_AHEAD = re.compile(r"[A-Za-z_][\w.\-]*>\s*\{")     # (`NAME></function>`: qwen3_coder's)
_V31_PREFIX = re.compile(r"(?:[A-Za-z_][\w.\-]*(?:>\s*(?:<(?:/(?:f(?:u(?:n(?:c(?:t(?:i(?:o(?:n)?)?)?)?)?)?)?)?)?)?)?)?\Z")
_V32_AHEAD = re.compile(r"(?:all|python)\n|[A-Za-z_][\w.\-]*\n\s*\{")
_V32_PREFIX = re.compile(r"[A-Za-z_][\w.\-]*(?:\n\s*)?\Z|\Z")


class Functionary(Format):
    name = "functionary"
    syntax = "json"
    aliases = ("functionary_v3", "functionary_v31", "functionary_v32")
    description = "Functionary v3.1 <function=NAME>{json}</function>, v3.2 >>>NAME\\n{json}"
    openers = (V31, V32)
    name_openers = True      # the turn's first >>> is in the prompt: NAME\n{json} opens the content
    start_openers = (ALL,)   # and `all\n` (tools declared)
    closer = None
    models = ("functionary*",)
    priority = 30
    start_specials = ("all\n",)   # the v3.2 recipient of plain text, its `>>>` in the prompt
    example = '<function=count_words>{"path": "draft.txt"}</function>'

    def decide(self, opener, look, eof, ctx):
        if opener == ALL:
            return YES if ctx.tools else NO
        if opener not in (V31, V32):                 # a declared tool's name, its >>> in the prompt
            look = opener + look
        full, prefix = (_V31_AHEAD, _V31_PREFIX) if opener == V31 else (_V32_AHEAD, _V32_PREFIX)
        look = look[:LOOK_MAX]
        if full.match(look):
            return YES
        return MAYBE if not eof and prefix.match(look) else NO

    def parse(self, r, ctx, opener):
        if opener not in (V31, V32):
            r.push_front(opener)
        m = yield from token(r, _NAME, 256)
        if m is None:
            raise Reject("no function name") if (yield from peek_raw(r)) else Truncated("cut off after the marker")
        name = m.group()
        if opener == V31:
            yield from startswith(r, ">")
            if (yield from startswith(r, "</function>", skip_ws=True)):     # a call without arguments
                ctx.start(ctx.check(name))
                ctx.end()
                return
            yield from call_object(r, ctx, name=ctx.check(name))
            yield from startswith(r, "</function>", skip_ws=True)
            return
        yield from startswith(r, "\n")
        if name == "all":
            return                              # the text after it is content, up to the next >>>
        if name == "python":
            yield from code_call(r, ctx, ("python",), (V32,))
            return
        yield from call_object(r, ctx, name=ctx.check(name))
