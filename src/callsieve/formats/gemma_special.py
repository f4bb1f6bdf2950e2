"""Gemma 4: <|tool_call>call:NAME{key:<|"|>text<|"|>,n:4}<tool_call|> (formats.md §2.23)."""
import re

from . import Format
from ._literal import obj
from ..reader import Reject, Truncated, peek, startswith, token

_NAME = re.compile(r"[A-Za-z_][\w.\-]*")


def literal_call(r, ctx, quote: str, closer: str):
    """`call:NAME{literal}` then `closer` (shared with FunctionGemma)."""
    yield from startswith(r, "call:", skip_ws=True)
    m = yield from token(r, _NAME, 256)
    if m is None:
        raise Reject("no function name")
    name = ctx.check(m.group())
    c = yield from peek(r)
    paren = c == "("                       # drift spelling: call:name({json})
    if paren:
        r.pos += 1
        c = yield from peek(r)
    if c != "{":
        raise Reject("no argument object") if c else Truncated("cut off after the name")
    a = ctx.start(name)
    yield from obj(r, a, quote)
    ctx.end()
    if paren:
        yield from startswith(r, ")", skip_ws=True)
    yield from startswith(r, closer, skip_ws=True)


class GemmaSpecial(Format):
    name = "gemma_special"
    aliases = ("gemma4", "gemma")
    description = "Gemma 4 special tokens with its literal syntax"
    openers = ("<|tool_call>",)
    closer = "<tool_call|>"
    models = ("gemma-4*", "gemma4*", "gemma*")
    priority = 10
    example = '<|tool_call>call:book_table{name:<|"|>Ana<|"|>,party:4}<tool_call|>'

    def parse(self, r, ctx, opener):
        yield from literal_call(r, ctx, '<|"|>', self.closer)
