"""Gemma 3's ```tool_code fences: Python calls in a Markdown fence (docs/syntax.md#tool_code).

    ```tool_code
    get_weather(city="Tokyo", unit="celsius")
    ```

Sources: Google's Gemma function-calling guide and the prompts it made common (a ```tool_code
block for the call, ```tool_output for the result), vllm-mlx #622 / #623 (Gemma falls back to
this form under long prompts), aisuite #339 (the same fences from Gemma behind Ollama).  One
call per line (or a `[f(…), g(…)]` list), `print(…)` around a call and the `default_api.`
namespace of Google's examples are read too.  The fence is the call's syntax, not a quotation:
it is consumed whole.  Other fences (```python with code) are not this format; `tool_code`
fences whose body is no call (`x = 1`) are text.

Without the fence, Gemma also writes the call as an assignment opening its answer, often with
the `print` the prompt's examples show after it (vllm-mlx #623):

    tool_code = get_weather(city="London")
    print(tool_code)

That is read as the call (the `print(tool_code)` line with it) only as the first thing in the
content and only when a call follows the `=`; elsewhere it is text.
"""
import re

from . import MAYBE, NO, YES, Format, Verdict
from ._json import LOOK_MAX, View
from ._pythonic import call, call_list
from .pythonic import call_follows
from ..reader import Reject, Truncated, peek, startswith, token

_LANG = re.compile(r"tool_code[ \t]*\n?")
_PRINT = "print("
ASSIGN = "tool_code"
_EQ = re.compile(r"[ \t]*=?[ \t]*")
_ASSIGN = re.compile(r"[ \t]*=[ \t]*")
_ASSIGN_PREFIX = re.compile(r"[ \t]*(?:=[ \t]*)?\Z")
_ECHO = "print(tool_code)"


def _call_ahead(body: str, eof: bool) -> Verdict:
    if body.startswith("["):                   # a Llama-style list of calls in the fence
        return call_follows(body[1:], eof)
    if body.startswith(_PRINT):
        return call_follows(body[len(_PRINT):], eof)
    if _PRINT.startswith(body) and not eof:
        return MAYBE
    return call_follows(body, eof)


class ToolCode(Format):
    name = "tool_code"
    syntax = "literal"
    aliases = ("gemma3", "gemma3_tool_code")
    description = "Gemma 3 ```tool_code fences holding Python calls"
    openers = ("```",)
    start_openers = (ASSIGN,)
    closer = "```"
    fences = ("```",)          # a fence quotes code too: the call only if the turn ends with it
    examples = True
    models = ("gemma-3-*", "gemma3*")
    priority = 29              # before fenced_json, which shares the fence and wants JSON
    example = '```tool_code\nget_weather(city="Tokyo", unit="celsius")\n```'

    def closer_for(self, opener):
        return self.closer if opener != ASSIGN else None

    def decide(self, opener, look, eof, ctx):
        look = look[:LOOK_MAX]
        if opener == ASSIGN:
            m = _ASSIGN.match(look)
            if m is None:
                return MAYBE if not eof and _ASSIGN_PREFIX.match(look) else NO
            return call_follows(look[m.end():], eof)
        head = "tool_code"
        if len(look) < len(head):
            return MAYBE if not eof and head.startswith(look) else NO
        if not look.startswith(head):
            return NO
        nl = look.find("\n")
        if nl < 0:
            return MAYBE if not eof and not look[len(head):].strip() else NO
        if look[len(head):nl].strip():
            return NO
        body = look[nl + 1:].lstrip()
        if not body:
            return NO if eof else MAYBE
        return _call_ahead(body, eof)

    def parse(self, r, ctx, opener):
        view = View(ctx, rename=lambda n: n.removeprefix("default_api."))
        if opener == ASSIGN:
            yield from token(r, _EQ, 64)
            yield from call(r, view)
            yield from startswith(r, _ECHO, skip_ws=True)
            return
        yield from token(r, _LANG, 64)
        while True:
            c = yield from peek(r)
            if c == "`":
                break
            if not c:
                if ctx.block_calls:
                    return
                raise Truncated("cut off before a call")
            if c == "[":
                yield from call_list(r, view)
                continue
            wrapped = yield from startswith(r, _PRINT)
            if not (c.isalpha() or c == "_"):
                if ctx.block_calls:
                    return
                raise Reject("no call in the fence")
            yield from call(r, view)
            if wrapped:
                yield from startswith(r, ")", skip_ws=True)
        yield from startswith(r, "```", skip_ws=True)
