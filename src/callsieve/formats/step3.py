"""StepFun Step-3: <｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="N">
<steptml:parameter name="k">v</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>
(docs/syntax.md#step3; underscores, not DeepSeek's ▁).

Step DeepResearch wraps the same invokes in <steptml:toolcall> … </steptml:toolcall> instead.
"""
from . import Format
from ._xml import block, invoke_dialect

WRAPPER, WRAPPER_CLOSER = "<steptml:toolcall>", "</steptml:toolcall>"     # Step DeepResearch

class Step3(Format):
    name = "step3"
    syntax = "xml"
    aliases = ("steptml",)
    description = "StepFun Step-3 <｜tool_calls_begin｜> with <steptml:invoke>"
    # <steptml:invoke is what is left when a server strips the special tokens around it.
    openers = ("<｜tool_calls_begin｜>", WRAPPER, "<steptml:invoke")
    closer = "<｜tool_calls_end｜>"
    models = ("step3*", "step-3", "step-3-*")
    specials = ("<｜tool_calls_end｜>", "<｜tool_call_end｜>", "<｜tool_call_begin｜>", "<｜tool_sep｜>")
    example = ('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="mute">'
               '<steptml:parameter name="room">den</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>')

    # The tokens around each <steptml:invoke> are skipped between calls.
    body = invoke_dialect(prefixes=("steptml:",), block_close=("<｜tool_calls_end｜>", WRAPPER_CLOSER),
                          fillers=("<｜tool_call_begin｜>", "function", "<｜tool_sep｜>", "<｜tool_call_end｜>"))

    def closer_for(self, opener):
        return WRAPPER_CLOSER if opener == WRAPPER else self.closer

    def parse(self, r, ctx, opener):
        if opener == "<steptml:invoke":
            r.push_front(opener)
        yield from block(r, ctx, self.body)
