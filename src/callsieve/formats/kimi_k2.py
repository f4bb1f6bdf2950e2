"""Kimi K2: <|tool_calls_section_begin|> … <|tool_calls_section_end|> (docs/syntax.md#kimi_k2).

Per call `<|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{args}<|tool_call_end|>`.
The id `functions.NAME:IDX` goes out verbatim as the call id; the tool name is the id less
`functions.` and `:IDX` (names may hold `-` and `.`).  The section opener may be spelled
singular (<|tool_call_section_begin|>), and a call begin without its section is read too.

Special tokens stripped upstream leave `functions.NAME:IDX{args}`: still unambiguous, so
`functions.` followed by a name, `:`, digits and `{` opens a call too (with tools declared, only
for a declared name).
<|tool_call_begin|> is also an ASCII look-alike of DeepSeek's per-call
token: this format claims it only when <|tool_call_argument_begin|> follows the id, or when
the id is Kimi's own `functions.NAME:IDX` and the JSON follows it directly (a model that left
the argument token out, vllm-project/vllm#31207).
"""
import re

from . import MAYBE, NO, YES, Context, Format, declared
from ._json import LOOK_MAX, call_object, special, special_section
from ..reader import Reject, Truncated, startswith, token, until_any

SECTION = ("<|tool_calls_section_begin|>", "<|tool_call_section_begin|>")
CALL = "<|tool_call_begin|>"
STRIPPED = "functions."
ARG_BEGIN = "<|tool_call_argument_begin|>"
ENDS = ("tool_calls_section_end", "tool_call_section_end")
_STRIPPED_ID = re.compile(r"functions\.[\w.\-]*(?::\d*)?")          # prefix-closed
_STRIPPED_AHEAD = re.compile(r"([\w.\-]+):\d+\s*\{")
_ID_AHEAD = re.compile(r"\s*\S*\Z")                                  # an id has no spaces
_STRIPPED_PREFIX = re.compile(r"[\w.\-]*(?::\d*)?\s*\Z")
_ID_END = re.compile(re.escape(ARG_BEGIN) + r"|\{")
_KIMI_ID = re.compile(r"\s*functions\.[\w.\-]+:\d+\s*")
# The argument token, or a token that ends the call first (its end, the next call, the section's
# end): an id never runs past its own call.
_ARGS_OR_END = re.compile(re.escape(ARG_BEGIN) + r"|<\|tool_calls?_(?:end|begin|section_end)\|>")


def tool_name(call_id: str) -> str:
    """`functions.mute_channel:3` → `mute_channel`."""
    name = call_id.strip().removeprefix("functions.")
    head, colon, idx = name.rpartition(":")
    return head if colon and idx.isdigit() else name


def _call(r, ctx: Context):
    """The id up to <|tool_call_argument_begin|>, or up to the JSON when the id is Kimi's own
    `functions.NAME:IDX` and the token was left out; any other id waits for the token."""
    at = r.at
    before, m = yield from until_any(r, _ID_END, limit=512)
    if m is not None and m.group() == "{" and _KIMI_ID.fullmatch(before):
        cid = before.strip()
    else:
        r.rewind(at)
        before, m = yield from until_any(r, _ARGS_OR_END, limit=512)
        if m is None:
            raise Truncated("cut off in a call id")
        if m.group() != ARG_BEGIN:
            raise Reject(f"no argument token after the call id {before.strip()[:40]!r}")
        r.pos = m.end()
        cid = before.strip()
    yield from call_object(r, ctx, name=tool_name(cid), id=cid)


class KimiK2(Format):
    name = "kimi_k2"
    syntax = "json"
    aliases = ("kimi",)
    description = "Kimi K2 tool-calls section, functions.NAME:IDX ids kept"
    openers = SECTION + (CALL, STRIPPED)
    closer = "<|tool_calls_section_end|>"
    models = ("kimi-k2*",)
    specials = ("<|tool_calls_section_end|>", "<|tool_call_section_end|>", "<|tool_call_end|>", ARG_BEGIN,
                "<|im_assistant|>", "<|im_user|>", "<|im_system|>", "<|im_middle|>")
    priority = 20
    example = ('<|tool_calls_section_begin|><|tool_call_begin|>functions.mute_channel:3'
               '<|tool_call_argument_begin|>{"channel": "ops-pager"}<|tool_call_end|><|tool_calls_section_end|>')

    def closer_for(self, opener):
        return "<|tool_call_section_end|>" if opener == SECTION[1] else self.closer

    def decide(self, opener, look, eof, ctx):
        look = look[:LOOK_MAX]
        if opener == STRIPPED:
            m = _STRIPPED_AHEAD.match(look)
            if m:
                return YES if ctx.tools is None or declared(ctx, m.group(1)) else NO
            return MAYBE if not eof and _STRIPPED_PREFIX.match(look) else NO
        if opener == CALL:                     # the id, then <|tool_call_argument_begin|>
            k = _KIMI_ID.match(look)
            if k and look.startswith("{", k.end()):
                return YES                     # Kimi's own id, the argument token left out
            if k and k.end() == len(look) and look[-1].isspace():
                return NO if eof else MAYBE
            i = look.find("<")
            if not _ID_AHEAD.match(look, 0, len(look) if i < 0 else i):
                return NO
            if i < 0 or ARG_BEGIN.startswith(look[i:]):
                return NO if eof else MAYBE
            return YES if look.startswith(ARG_BEGIN, i) else NO
        return YES

    def parse(self, r, ctx, opener):
        if opener == STRIPPED:
            r.push_front(opener)
            m = yield from token(r, _STRIPPED_ID, 512)
            if m is None or ":" not in m.group():
                raise Reject("not a call id") if not r.eof else Truncated("cut off in a call id")
            yield from call_object(r, ctx, name=tool_name(m.group()), id=m.group())
            return
        if opener == CALL:
            r.push_front(opener)
        elif (yield from startswith(r, STRIPPED, skip_ws=True, consume=False)):
            # A section whose first call lost its begin token (lablup/mlxcel#783): the id opens it.
            yield from _call(r, ctx)
            yield from special(r, ("tool_call_end",))
        yield from special_section(r, ctx, _call, ENDS, stray=True)
