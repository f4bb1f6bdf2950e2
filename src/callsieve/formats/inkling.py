"""Thinking Machines' Inkling: typed content blocks, a call is
`<|message_model|>NAME<|content_invoke_tool_json|>{"name": NAME, "args": {…}}<|end_message|>`
(docs/syntax.md#inkling).

    <|message_model|><|content_thinking|>need the weather<|end_message|>
    <|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>
    <|message_model|><|content_text|>Checking.<|end_message|><|content_model_end_sampling|>

Sources: vLLM's and SGLang's Inkling parsers (sgl-project/sglang #32861, issue #33181: a
turn that opens with `get_weather<|content_invoke_tool_json|>` leaked the name as content;
eugr/spark-vllm-docker #329: `&quot;` in place of a JSON quote), Modular MAX's Inkling tests
(after detokenization only `<|content_invoke_tool_json|>` survives: `NAME<|content_invoke_tool_json|>{…}`),
smg-project/smg #2116 (`<|content_invoke_tool_text|>`, the text mode: the raw text is the tool's
input, read as its one parameter).
The header name is the tool; the JSON's `name` agrees with it (or is missing).  Thinking and
text blocks are thinking markers and answer wrappers (callsieve/reasoning.py).  A name right
before the marker at the start of the content is read with it when tools are declared
(`name_openers`); after prose a bare name cannot be told from the prose and stays content.
"""
import html
import re

from . import MAYBE, NO, YES, Context, Format, Verdict
from ._json import LOOK_MAX, call_object, json_after
from ._xml import sole_key
from ..reader import Bad, Reader, Reject, Truncated, peek, startswith, token, until

HEADER, JSON, TEXT, END = ("<|message_model|>", "<|content_invoke_tool_json|>",
                           "<|content_invoke_tool_text|>", "<|end_message|>")
_NAME = re.compile(r"\s*([\w.\-]{1,128})\s*")
_NAME_THEN = re.compile(r"\s*[\w.\-]{0,128}\s*")


def _marker_after_name(look: str, eof: bool) -> Verdict:
    end = _NAME_THEN.match(look).end()  # type: ignore[union-attr]  # (it matches "" too)
    rest = look[end:]
    if rest.startswith(JSON):
        return json_after(rest[len(JSON):], eof)
    if rest.startswith(TEXT) and end:
        return YES
    return MAYBE if not eof and (JSON.startswith(rest) or TEXT.startswith(rest)) and end < 130 else NO


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
        return _marker_after_name(opener + look, eof) if _NAME.fullmatch(opener) else NO   # a declared name

    def parse(self, r, ctx, opener):
        name = None
        if opener != JSON:
            if opener != HEADER:
                r.push_front(opener)
            m = yield from token(r, _NAME, 160)
            name = m.group(1) if m else None
            if name and (yield from startswith(r, TEXT)):
                yield from _text_call(r, ctx, name)
                return
            if not (yield from startswith(r, JSON)):
                raise Reject("no tool marker") if (yield from peek(r)) else Truncated("cut off in a header")
        view = ctx if name is None else _Named(ctx, name)
        if (yield from startswith(r, ESCAPED, skip_ws=True, consume=False)):
            yield from _escaped_call(r, view)
            return
        yield from call_object(r, view)
        yield from startswith(r, END, skip_ws=True)


# A payload whose quotes came out HTML-escaped (`{&quot;name&quot;: …}`, a detokenizer's or a
# server's escaping): never JSON as written, so it is read whole up to its end marker, unescaped,
# then as the JSON it stands for.  Its arguments come at once, at the end of the block; a payload
# cut off before its end marker is incomplete, one that is not JSON once unescaped is text.
ESCAPED = "{&quot;"
ESCAPED_LIMIT = 1 << 20


def _text_call(r, ctx, name):
    """The raw-text mode, `NAME<|content_invoke_tool_text|>TEXT<|end_message|>`: the text is the
    tool's input, its one parameter (the schema's only property); read whole to the end marker.
    A tool whose schema does not say which parameter takes it is not run (an error: the block is
    given back as text, as any malformed call is)."""
    name = ctx.check(name)
    text = yield from until(r, END, limit=ESCAPED_LIMIT)
    key = sole_key(ctx, name)
    a = ctx.start(name)
    a.begin("{")
    a.key(key)
    a.string(text)
    a.end()
    ctx.end()


def _escaped_call(r, ctx):
    raw = yield from until(r, END, limit=ESCAPED_LIMIT)
    inner = Reader()
    inner.push(html.unescape(raw))
    inner.finish()
    try:
        yield from call_object(inner, ctx)
    except Reject:
        raise Reject("an escaped payload that is not a call") from None
    except (Bad, Truncated) as e:
        if not ctx.open:
            raise
        # The payload ended at its end marker: what went wrong is inside it, never after it
        # (the stream's rest is not the call's, and may not have come yet).
        ctx.fail(str(e) or type(e).__name__, inner.rest()[:ctx.limit])
        return
    if inner.buf[inner.pos:].strip():
        raise Bad("text after an escaped payload")


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
