"""A call in a Markdown fence: ```json\n{…}\n```, or on the fence's line (docs/syntax.md#fenced_json).

Real code samples live in fences too: only a fence whose JSON has the shape of a call (and,
with tools declared, a declared name) is a call; anything else goes out as text unchanged.

A heading line that only labels the call (`**Tool Call:**`, RWKV's template, vllm's rwkv tool
parser tests; `**Function Call:**` alike) is markup when a call fence follows it at once; before
anything else it stays text.
"""
import re

from . import MAYBE, NO, YES, Format
from ._json import LOOK_MAX, call_sequence
from ..reader import startswith, token

_LANGS = ("", "json", "xml", "tool_call", "tool_code", "json5")
_LANG = re.compile(r"[A-Za-z_0-9]*[ \t]*")
# The call on the fence's own line (```json {"name": …} ```, nicoalbanese/ai-sdk-fundamentals#4)
_INLINE = re.compile(r'\{\s*"|\[\s*\{')
_INLINE_PREFIX = re.compile(r"[{\[]\s*\Z")
FENCE = "```"
HEADINGS = ("**Tool Call:**", "**Tool call:**", "**Function Call:**", "**Function call:**")
_BLANK = re.compile(r"[ \t]*(?:\n[ \t]*){0,2}")   # (a blank line at most)


class FencedJson(Format):
    name = "fenced_json"
    syntax = "json"
    aliases = ("fenced",)
    description = "JSON call(s) in a ```json (or ```xml) fence"
    openers = (FENCE, *HEADINGS)
    # A fence is also how a model quotes code: its call is the call only where the turn ends
    # with it (held.Hold, held.Example); followed by prose it was an example, fence (and its
    # heading) and all.
    fences = openers
    examples = True
    closer = FENCE
    models = ("qwen2.5-coder*",)
    priority = 30
    example = '```json\n{"name": "list_files", "arguments": {"dir": "/srv"}}\n```'

    def decide(self, opener, look, eof, ctx):
        look = look[:LOOK_MAX]
        if opener != FENCE:                       # a heading: a call fence on the next line
            fence = _BLANK.match(look).end()  # type: ignore[union-attr]  # (a `*` pattern: always matches)
            rest = look[fence:]
            if not rest.startswith(FENCE):
                return MAYBE if not eof and FENCE.startswith(rest) else NO
            return self.decide(FENCE, look[fence + 3:], eof, ctx)
        lang = _LANG.match(look).end()  # type: ignore[union-attr]  # (a `*` pattern: always matches)
        if look[lang:lang + 1] in ("{", "[") and look[:lang].strip().lower() in _LANGS:
            if _INLINE.match(look, lang):
                return YES
            if not eof and _INLINE_PREFIX.match(look, lang):
                return MAYBE
        nl = look.find("\n")
        if nl < 0:
            return MAYBE if not eof and len(look) < 24 and _LANG.fullmatch(look) else NO
        if look[:nl].strip().lower() not in _LANGS:
            return NO
        body = look[nl + 1:].lstrip()
        if body:
            return YES if body[0] in "{[" else NO
        return NO if eof else MAYBE

    def parse(self, r, ctx, opener):
        if opener != FENCE:
            yield from token(r, _BLANK, 64)
            yield from startswith(r, FENCE)        # (decide saw it)
        yield from token(r, _LANG, 64)
        yield from call_sequence(r, ctx, None, loose=True)   # code samples live in fences too
        yield from startswith(r, "```", skip_ws=True)
