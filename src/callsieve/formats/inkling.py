"""Thinking Machines' Inkling: typed content blocks, a call is
`<|message_model|>NAME<|content_invoke_tool_json|>{"name": NAME, "args": {…}}<|end_message|>`
(docs/syntax.md#inkling).

    <|message_model|><|content_thinking|>need the weather<|end_message|>
    <|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>
    <|message_model|><|content_text|>Checking.<|end_message|><|content_model_end_sampling|>

Sources: vLLM's and SGLang's Inkling parsers (sgl-project/sglang #32861, issue #33181: a
turn that opens with `get_weather<|content_invoke_tool_json|>` leaked the name as content;
eugr/spark-vllm-docker #329: `&quot;` in place of a JSON quote), Modular MAX's Inkling tests
(after detokenization only `<|content_invoke_tool_json|>` survives: `NAME<|content_invoke_tool_json|>{…}`).
The header name is the tool; the JSON's `name` agrees with it (or is missing).  Thinking and
text blocks are thinking markers and answer wrappers (callsieve/reasoning.py).  A name right
before the marker at the start of the content is read with it when tools are declared
(`name_openers`); after prose a bare name cannot be told from the prose and stays content.
"""
import re

from . import MAYBE, NO, YES, Context, Format, Verdict
from ._json import LOOK_MAX, call_object, json_after
from ..reader import Reject, Truncated, peek, startswith, token, until

HEADER, JSON, TEXT, END = ("<|message_model|>", "<|content_invoke_tool_json|>",
                           "<|content_invoke_tool_text|>", "<|end_message|>")
_NAME = re.compile(r"\s*([\w.\-]{1,128})\s*")
_NAME_THEN = re.compile(r"\s*[\w.\-]{0,128}\s*")


def _marker_after_name(look: str, eof: bool) -> Verdict:
    end = _NAME_THEN.match(look).end()  # type: ignore[union-attr]  # (it matches "" too)
    rest = look[end:]
    if rest.startswith(JSON):
        return json_after(rest[len(JSON):], eof)
    return MAYBE if not eof and JSON.startswith(rest) and end < 130 else NO


class Inkling(Format):
    name = "inkling"
    syntax = "json"
    aliases = ("tml_inkling",)
    description = "Inkling <|message_model|>NAME<|content_invoke_tool_json|>{…}<|end_message|>"
    openers = (HEADER, JSON)
    name_openers = True          # `get_weather<|content_invoke_tool_json|>` opening the content
    closer = END
    models = ("inkling*",)
    example = ('<|message_model|>get_weather<|content_invoke_tool_json|>'
               '{"name": "get_weather", "args": {"city": "SF"}}<|end_message|>')

    def decide(self, opener, look, eof, ctx):
        look = look[:LOOK_MAX]
        if opener == JSON:
            return json_after(look, eof)
        if opener == HEADER:
            return _marker_after_name(look, eof)
        return _marker_after_name(look, eof) if _NAME.fullmatch(opener) else NO   # a declared name

    def parse(self, r, ctx, opener):
        name = None
        if opener != JSON:
            if opener != HEADER:
                r.push_front(opener)
            m = yield from token(r, _NAME, 160)
            name = m.group(1) if m else None
            if not (yield from startswith(r, JSON)):
                raise Reject("no tool marker") if (yield from peek(r)) else Truncated("cut off in a header")
        view = ctx if name is None else _Named(ctx, name)
        yield from call_object(r, view)
        yield from startswith(r, END, skip_ws=True)


class _Named:
    """The JSON's own name is the header's (or missing): the header's name is the tool."""

    def __init__(self, ctx: Context, name):
        self._ctx, self._name = ctx, name

    def __getattr__(self, k):
        return getattr(self._ctx, k)

    def check(self, name):
        return self._ctx.check(self._name)

    def start(self, name, id=None):
        return self._ctx.start(self._name, id)
