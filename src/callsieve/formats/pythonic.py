"""Pythonic call lists: Llama 3.2 / 4, ToolACE, OLMo 3 (docs/syntax.md#pythonic).

    [find_recipe(dish="mole", vegan=False), send_sms(to="+354000", body="ready")]
    <|python_start|>[f(a=1)]<|python_end|>                         Llama 4
    <function_calls>\nf(a=1)\ng(b='x')\n</function_calls>          OLMo 3 (one call per line)

A bare `[` opens a block only as the first thing in the content, and only when a call follows
(`[name(` then `)` or `keyword=`): a markdown link `[text](url)` or a list `[1, 2]` is text.
So does a declared tool's name there, when a call follows (OLMo 3's lines without their
`<function_calls>` wrapper).
After prose a list opens a block only at the start of a line and when its first call names a
declared tool (Llama 4 writes "To find out, I will first get the date.\n\n[get_date(), …]");
like a bare JSON call after prose, it is the call only if it ends the turn, else an example
(Format.examples).  Only `\n[` is watched there: every `[` in prose or code would cost a decision.
Arguments are Python literals converted to JSON as they stream (formats/_pythonic.py).
"""
import re

from . import MAYBE, NO, YES, Format, Verdict, declared
from ._pythonic import calls
from ..events import ToolCallError
from ..fallback import rest_of_block
from ..reader import Bad, Truncated

_CLOSERS = {"<|python_start|>": "<|python_end|>", "<function_calls>": "</function_calls>"}
# After '[': a call with a keyword argument or none; MAYBE while the text is a prefix of one.
_CALL = re.compile(r"\s*[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*\s*\(\s*(?:\)|[A-Za-z_]\w*\s*=(?!=))")
# (every prefix of what _CALL matches, the space before the parenthesis included)
_CALL_PREFIX = re.compile(r"\s*(?:[A-Za-z_][\w.\-]*(?:\s*(?:\(\s*(?:[A-Za-z_]\w*\s*)?)?)?)?\Z")
_FIRST_NAME = re.compile(r"\s*([A-Za-z_][\w.\-]*)")
LINE = "\n["                      # a list at the start of a line, after prose


def call_follows(look: str, eof: bool, lead: str = "") -> Verdict:
    """YES if a pythonic call starts `look` (after `lead`), MAYBE on a prefix of one, else NO."""
    if look.startswith(lead) or lead.startswith(look):
        rest = look[len(lead):] if look.startswith(lead) else ""
        m = _CALL.match(rest)
        # (`k(a=` at the end of the look is no call yet: `k(a==` is a comparison)
        if m and (eof or m.end() < len(rest)):
            return YES
        if m:
            return MAYBE
        if not eof and _CALL_PREFIX.match(rest):
            return MAYBE
    return NO


class Pythonic(Format):
    name = "pythonic"
    syntax = "literal"
    aliases = ("llama3.2", "llama4", "olmo3", "toolace", "python_list")
    description = "Python call lists [f(a=1), g(b='x')] (Llama 3.2 / 4, ToolACE, OLMo 3)"
    openers = ("<|python_start|>", "<function_calls>")
    start_openers = ("[",)
    tool_openers = (LINE,)
    examples = True          # a list after prose: the call only if it ends the turn
    name_openers = True      # OLMo 3 without its wrapper: a declared NAME(kw=…) opening the content
    models = ("llama-3.2*", "llama-4*", "toolace*", "olmo-3*", "olmo3*")
    priority = 40
    example = '[find_recipe(dish="mole", vegan=False), send_sms(to="+354000", body="ready")]'

    def closer_for(self, opener):
        return _CLOSERS.get(opener)

    def decide(self, opener, look, eof, ctx):
        if opener == "[":
            return call_follows(look, eof)
        if opener == LINE:
            v = call_follows(look, eof)
            m = _FIRST_NAME.match(look) if v == YES else None
            return NO if v == YES and (m is None or not declared(ctx, m.group(1))) else v
        if opener not in _CLOSERS:               # a declared tool's name
            return call_follows(opener + look, eof)
        if opener == "<function_calls>":
            # OLMo's wrapper holds calls or a list; an XML <invoke> dialect is someone else's
            s = look.lstrip()
            if not s:
                return NO if eof else MAYBE
            return call_follows(s, eof, "[") if s[0] == "[" else call_follows(s, eof)
        return YES

    def parse(self, r, ctx, opener):
        if opener not in _CLOSERS:               # `[` or a declared name: part of the calls
            r.push_front(opener.lstrip("\n"))   # (a line opener's newline is not the list's)
        closer = self.closer_for(opener)
        try:
            yield from calls(r, ctx, closer)
        except Bad as e:
            # A wrapper whose list went bad after its calls (`<|python_start|>[foo(x=1])]<|python_end|>`):
            # the rest up to the wrapper's closer is no prose; it is reported, never content.
            if closer is None or isinstance(e, Truncated) or ctx.open or not ctx.block_calls:
                raise
            raw = yield from rest_of_block(r, closer, ctx.limit)
            ctx.push(ToolCallError(None, str(e), raw))
