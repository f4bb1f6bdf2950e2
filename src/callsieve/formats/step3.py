"""StepFun Step-3: <｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="N">
<steptml:parameter name="k">v</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>
(docs/syntax.md#step3; underscores, not DeepSeek's ▁).

A family of known parts, declared with no code (formats/_parts.py): the Invoke body with the
`steptml:` prefix, the tokens around each invoke its fillers.  Step DeepResearch wraps the same
invokes in <steptml:toolcall> … </steptml:toolcall> instead.

Bends real output shows (vLLM tests/tool_parsers/test_step3_tool_parser.py): the name written
again after `function<｜tool_sep｜>` (`function<｜tool_sep｜>edit_file\\n<steptml:invoke …>`, where
DeepSeek's layout puts it), skipped since the invoke names the call; and the section token left
out, the call's own `<｜tool_call_begin｜>` opening the block (`lead`: what may stand before the
first invoke).  <steptml:invoke is what is left when a server strips the special tokens around it.
"""
import re

from ._parts import Family, Invoke

WRAPPER, WRAPPER_CLOSER = "<steptml:toolcall>", "</steptml:toolcall>"     # Step DeepResearch
SECTION, CALL_BEGIN, SEP = "<｜tool_calls_begin｜>", "<｜tool_call_begin｜>", "<｜tool_sep｜>"
SECTION_CLOSER = "<｜tool_calls_end｜>"
# What may stand before the first invoke: the call's token, the type word, the separator, a name.
_HEAD = re.compile(rf"\s*(?:{CALL_BEGIN}\s*)?(?:function\s*)?(?:{SEP}\s*)?(?:[\w.\-]{{1,128}}\s*)?")

STEP3 = Family(
    "step3", (SECTION, WRAPPER, "<steptml:invoke", CALL_BEGIN),
    Invoke(prefixes=("steptml:",), fillers=(CALL_BEGIN, "function", SEP, "<｜tool_call_end｜>"),
           filler_tails={SEP: re.compile(r"[\w.\-]{1,128}\s*")}, lead=_HEAD),
    closer={SECTION: SECTION_CLOSER, WRAPPER: WRAPPER_CLOSER, CALL_BEGIN: None},
    own=(WRAPPER, "<steptml:invoke"), inline=("<steptml:invoke",), aliases=("steptml",),
    description="StepFun Step-3 <｜tool_calls_begin｜> with <steptml:invoke>", models=("step3*", "step-3", "step-3-*"),
    # DeepSeek V3's look-alike spellings share the section and call tokens: Step-3 decides first,
    # and claims them only for an XML body (what follows is a <steptml:invoke).
    priority=19,
    specials=(SECTION_CLOSER, "<｜tool_call_end｜>", CALL_BEGIN, SEP),
    example=('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="mute">'
             '<steptml:parameter name="room">den</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>'))
