"""StepFun Step-3: <｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="N">
<steptml:parameter name="k">v</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>
(docs/syntax.md#step3; underscores, not DeepSeek's ▁).

Step DeepResearch wraps the same invokes in <steptml:toolcall> … </steptml:toolcall> instead.

Bends real output shows (vLLM tests/tool_parsers/test_step3_tool_parser.py): the name written
again after `function<｜tool_sep｜>` (`function<｜tool_sep｜>edit_file\n<steptml:invoke …>`, where
DeepSeek's layout puts it), skipped since the invoke names the call; and the section token left
out, the call's own `<｜tool_call_begin｜>` opening the block.
"""
import re

from . import MAYBE, NO, YES, Format
from ._xml import LOOK, block, invoke_dialect

WRAPPER, WRAPPER_CLOSER = "<steptml:toolcall>", "</steptml:toolcall>"     # Step DeepResearch
SECTION, CALL_BEGIN, SEP = "<｜tool_calls_begin｜>", "<｜tool_call_begin｜>", "<｜tool_sep｜>"
# What may stand before the first invoke: the call's token, the type word, the separator, a name.
_HEAD = re.compile(rf"\s*(?:{CALL_BEGIN}\s*)?(?:function\s*)?(?:{SEP}\s*)?(?:[\w.\-]{{1,128}}\s*)?")
_HEAD_CHARS = re.compile(r"[\s\w.\-<>｜:]*")

class Step3(Format):
    name = "step3"
    syntax = "xml"
    aliases = ("steptml",)
    description = "StepFun Step-3 <｜tool_calls_begin｜> with <steptml:invoke>"
    # <steptml:invoke is what is left when a server strips the special tokens around it.
    openers = (SECTION, WRAPPER, "<steptml:invoke", CALL_BEGIN)
    closer = "<｜tool_calls_end｜>"
    models = ("step3*", "step-3", "step-3-*")
    # DeepSeek V3's look-alike spellings share the section and call tokens: Step-3 decides first,
    # and claims them only for an XML body (what follows is a <steptml:invoke).
    priority = 19
    specials = ("<｜tool_calls_end｜>", "<｜tool_call_end｜>", "<｜tool_call_begin｜>", "<｜tool_sep｜>")
    example = ('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="mute">'
               '<steptml:parameter name="room">den</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>')

    # The tokens around each <steptml:invoke> are skipped between calls.
    body = invoke_dialect(prefixes=("steptml:",), block_close=("<｜tool_calls_end｜>", WRAPPER_CLOSER),
                          fillers=(CALL_BEGIN, "function", "<｜tool_sep｜>", "<｜tool_call_end｜>"),
                          filler_tails={"<｜tool_sep｜>": re.compile(r"[\w.\-]{1,128}\s*")})

    def closer_for(self, opener):
        if opener == CALL_BEGIN:
            return None
        return WRAPPER_CLOSER if opener == WRAPPER else self.closer

    def decide(self, opener, look, eof, ctx):
        if opener not in (SECTION, CALL_BEGIN):
            return YES
        s = look[:LOOK]
        i = s.find("<steptml:invoke")
        if i >= 0:
            return YES if _HEAD.fullmatch(s, 0, i) else NO
        return MAYBE if not eof and len(s) < LOOK and _HEAD_CHARS.fullmatch(s) else NO

    def parse(self, r, ctx, opener):
        if opener in ("<steptml:invoke", CALL_BEGIN):
            r.push_front(opener)
        yield from block(r, ctx, self.body)
