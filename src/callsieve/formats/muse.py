"""Muse (Muse Glimmer, "Onyx ATEM"): harmony-like messages addressed by recipient, calls in
`<atem:function_calls>` (docs/syntax.md#muse).

     to=self<|message|>I should look it up.<|eom|><|start|>assistant to=get_weather<|message|>
    <atem:function_calls>
    <atem:invoke name="get_weather">
    <atem:parameter name="city">Paris</atem:parameter>
    </atem:invoke>
    </atem:function_calls>

Sources: the Muse Glimmer chat template (its tool instructions spell the `<atem:…>` block),
SGLang-JAX's MuseGlimmerDetector, and agents' sanitizers of leaked output
(`to=self<|message|>…<|eom|><|start|>assistant to=spawn_subagent<|message|><atem:function_calls>…`).
The prompt ends `<|start|>assistant`, so the output starts with ` to=RECIPIENT<|message|>`:
`to=self` is thinking, `to=user` the answer, any other recipient a tool, whose message is the
call block.  Messages end with `<|eom|>` (the turn with `<|eot|>` or `<|end_of_text|>`); the
next one starts `<|start|>assistant to=…`.  Values are bare text ("lists and objects in JSON"),
typed by the schema as in every XML-like family.  A recipient is read only where a header may
stand: at the start of the content, or after `<|start|>assistant`.
"""
import re

from . import MAYBE, NO, YES, Format
from ._xml import LOOK, block, invoke_dialect
from .harmony import stream_until
from ..reader import Reject, Truncated, peek, startswith, token, until
from ..scan import Matcher

START, MESSAGE, CALLS = "<|start|>assistant", "<|message|>", "<atem:function_calls>"
HARMONY_START = "<|start|>"
ENDS = ("<|eom|>", "<|eot|>", "<|end_of_text|>", "<|call|>")
_PROSE_END = Matcher(ENDS + (START,))
_RECIPIENT = re.compile(r"\s*[\w.\-]{1,128}\s*")
_HEADER = re.compile(r"\s*[\w.\-]{1,128}\s*<\|message\|>")
_HEADER_PREFIX = re.compile(r"\s*[\w.\-]{0,128}\s*(?:<(?:\|(?:m(?:e(?:s(?:s(?:a(?:g(?:e(?:\|)?)?)?)?)?)?)?)?)?)?\Z")

BODY = invoke_dialect(prefixes=("atem:",), block_close=("</atem:function_calls>",))


class Muse(Format):
    name = "muse"
    syntax = "xml"
    aliases = ("muse_glimmer", "atem")
    description = "Muse to=NAME<|message|><atem:function_calls> (messages joined by <|eom|>)"
    openers = (CALLS, HARMONY_START)     # <|start|> is harmony's too: `assistant to=NAME<|message|>` is ours
    start_openers = ("to=",)
    priority = 5
    closer = "</atem:function_calls>"
    models = ("muse*",)
    example = (' to=self<|message|>Look it up.<|eom|><|start|>assistant to=get_weather<|message|>'
               '<atem:function_calls>\n<atem:invoke name="get_weather">\n'
               '<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n</atem:function_calls>')

    def decide(self, opener, look, eof, ctx):
        if opener == CALLS:
            return YES
        look = look[:LOOK]
        if opener == HARMONY_START:
            head = "assistant to="
            if len(look) < len(head):
                return MAYBE if not eof and head.startswith(look) else NO
            if not look.startswith(head) or look[len(head):].startswith("functions."):
                return NO
            look = look[len(head):]
        if _HEADER.match(look):
            return YES
        return MAYBE if not eof and _HEADER_PREFIX.match(look) else NO

    def parse(self, r, ctx, opener):
        if opener == CALLS:
            yield from block(r, ctx, BODY, name_of=glued_key(ctx))
            yield from _end(r)
            return
        if opener == HARMONY_START:
            yield from startswith(r, "assistant to=")
        while True:
            m = yield from token(r, _RECIPIENT, 160)
            if m is None or not (yield from startswith(r, MESSAGE)):
                raise Reject("not a header") if not ctx.block_calls else Truncated("cut off in a header")
            rcpt = m.group().strip()
            if rcpt in ("self", "user"):
                emit = ctx.reasoning if rcpt == "self" else ctx.content
                end = yield from stream_until(r, _PROSE_END, emit)
                if end is None:
                    return
                if end != START:
                    if not (yield from startswith(r, START, skip_ws=True)):
                        return
            else:
                if not (yield from startswith(r, CALLS, skip_ws=True)):
                    raise Reject("a tool message without a call block") if (yield from peek(r)) \
                        else Truncated("cut off before the call block")
                yield from block(r, ctx, BODY, name_of=glued_key(ctx))
                yield from _end(r)
                if not (yield from startswith(r, START, skip_ws=True)):
                    return
            if not (yield from startswith(r, " to=")) and not (yield from startswith(r, "to=", skip_ws=True)):
                raise Truncated("cut off in a header") if not (yield from peek(r)) else Reject("not a header")


def _end(r):
    for e in ENDS:
        if (yield from startswith(r, e, skip_ws=True)):
            return


def glued_key(ctx):
    """An invoke tag's name; or (tool, key) when the model swallowed the first parameter's tag
    and glued its name onto the tool's (`<atem:invoke name="read.filePath">/tmp/a</atem:parameter>`,
    vllm #51655): a name that is not declared but whose head is, the rest the key.  Its value
    then has only its closer, which it must have (it never runs without)."""
    def name_of(tag):
        name = tag.group("name")
        tools = ctx.tools or {}
        if not tools or name in tools:
            return name
        heads = [t for t in tools if name.startswith(t + ".") and len(name) > len(t) + 1]
        if not heads:
            return name
        head = max(heads, key=len)
        return head, name[len(head) + 1:]
    return name_of
