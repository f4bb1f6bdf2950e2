"""DeepSeek V3.2 / V4 / V4.1 DSML (syntax reference: docs/syntax.md#deepseek_dsml).

V3.2 `<｜DSML｜function_calls>`, V4 `<｜DSML｜tool_calls>`, V4.1 `<｜DSML｜ calls>` (the prefix
token, a space, then the tag name: every tag of V4.1 is spelled so); inside, per call
`<｜DSML｜invoke name="N">` … `</｜DSML｜invoke>` (or self-closing `<｜DSML｜invoke name="N"/>`
for a call without arguments), per argument `<｜DSML｜parameter name="K" string="true|false">V
</｜DSML｜parameter>`.

DeepSeek-V4-Flash-0731 also drifts into `<｜DSML｜toolcall>NAME` and the arguments as JSON in a
```json fence, DeepSeek V3's layout (vllm-project/vllm-ascend#13794): one call.  And V4-Flash
leaks an element-style call: `<function>`, `<name>NAME</name>`, then the invoke's parameters and
DSML closers (adolfousier/opencrabs#419): read, with tools declared, for a declared name.
"""
import re

from . import MAYBE, NO, YES, Format
from ._json import ahead, call_object
from ._xml import LOOK, block, declared_then, fence_open, invoke_dialect, tag_after
from ._xml import call as invoke_body
from ..reader import Reject, peek, startswith, token, until
from .deepseek_v3 import OUTPUTS, TOKENS

# The prefix token, with V4.1's space after it; tags also come without it (a server that
# strips special tokens), mixed, with an ASCII bar, or with doubled bars and a space (DeepSeek
# V4 on chat.deepseek.com: `<｜｜DSML｜｜ invoke …>`, diegosouzapw/OmniRoute#13930), or with the
# double vertical line U+2016 for the bar (`<‖DSML‖invoke …>`, lsdefine/GenericAgent#804): every
# bar look-alike a detokenizer or a model gives the token.
DSML = ("｜DSML｜", "｜DSML｜ ", "|DSML|", "|DSML| ", "｜｜DSML｜｜ ", "｜｜DSML｜｜", "‖DSML‖", "‖DSML‖ ")
PREFIXES = DSML + ("",)
SECTIONS = ("function_calls", "tool_calls", "calls")
# Without ｜DSML｜ only the longer section names open a block: `<calls>` is too common a word.
SECTION_TAGS = tuple(f"{p}{s}" for p in DSML for s in SECTIONS) + SECTIONS[:2]
BARE = "<｜DSML｜invoke"
TOOLCALL = tuple(f"<{p}toolcall>" for p in DSML)
_NAME = re.compile(r"[A-Za-z_][\w.\-]*")
_TOOLCALL_HEAD = re.compile(r"\s*[A-Za-z_][\w.\-]*\s*(?:```(?:json)?\s*)?\{")
ELEMENT = "<function>"
_ELEMENT_NAME = re.compile(r"\s*<name>\s*([\w.\-]{1,128})\s*</name>\s*")
_ELEMENT_PREFIX = re.compile(r"\s*(?:<(?:n(?:a(?:m(?:e(?:>\s*[\w.\-]{0,128}\s*(?:<(?:/(?:n(?:a(?:m(?:e)?)?)?)?)?)?)?)?)?)?)?)?")
_TOOLCALL_PREFIX = re.compile(r"\s*(?:[A-Za-z_][\w.\-]*\s*(?:`{1,3}(?:j|js|jso|json)?\s*)?)?")


class DeepseekDsml(Format):
    name = "deepseek_dsml"
    syntax = "xml"
    aliases = ("dsml", "deepseek_v32", "deepseek_v4")
    description = "DeepSeek V3.2 / V4 / V4.1 DSML <｜DSML｜function_calls> / <｜DSML｜tool_calls> / <｜DSML｜ calls>"
    # Without ｜DSML｜ (a server that strips it), the section tags are OLMo's and HY's too:
    # they count only before an <invoke.
    openers = tuple(f"<{t}>" for t in SECTION_TAGS) + TOOLCALL
    closer = "</｜DSML｜function_calls>"
    models = ("deepseek-v3.2*", "deepseek-v4*")
    specials = TOKENS
    spans = OUTPUTS
    example = ('<｜DSML｜function_calls><｜DSML｜invoke name="rate_movie"><｜DSML｜parameter name="stars" '
               'string="false">4</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>')

    # An invoke without its section (sgl-project/sglang#40236): the fullwidth token is markup only.
    tool_openers = (BARE, ELEMENT)

    # A closing tag with the DSML token that is none of the syntax's (`</｜DSML｜parametr>`,
    # ggml-org/llama.cpp#28612) is a misspelled closer unless the value's own closer follows.
    body = invoke_dialect(prefixes=PREFIXES, block_close=tuple(f"</{t}>" for t in SECTION_TAGS),
                          selfclose=True, suspects=tuple(f"</{p}" for p in DSML))

    def closer_for(self, opener):
        return None if opener in (BARE, ELEMENT) or opener in TOOLCALL else "</" + opener[1:]

    def decide(self, opener, look, eof, ctx):
        if opener == ELEMENT:
            return declared_then(look, eof, ctx, _ELEMENT_NAME, _ELEMENT_PREFIX,
                                 self.body.param.starts + self.body.call_close)
        if opener in TOOLCALL:
            if _TOOLCALL_HEAD.match(look):
                return YES
            return MAYBE if not eof and _TOOLCALL_PREFIX.fullmatch(look[:LOOK]) else NO
        if opener == BARE:
            return ahead(look, eof, "name", "=", '"')
        if "DSML" in opener:
            return YES
        return tag_after(look, eof, tuple(f"<{p}invoke" for p in PREFIXES))

    def parse(self, r, ctx, opener):
        if opener == ELEMENT:
            yield from until(r, "<name>", limit=64)
            name = ctx.check((yield from until(r, "</name>", limit=256)).strip())
            yield from invoke_body(r, ctx, self.body, name)
            for closer in self.body.block_close:      # the section's closer, if written
                if (yield from startswith(r, closer, skip_ws=True)):
                    break
            return
        if opener in TOOLCALL:
            yield from _fenced_call(r, ctx)
            return
        if opener == BARE:
            r.push_front(opener)
        yield from block(r, ctx, self.body)


def _fenced_call(r, ctx):
    """NAME, then its JSON arguments, perhaps in a ```json fence (the `toolcall` drift)."""
    yield from peek(r)                           # (past the blanks before the name)
    m = yield from token(r, _NAME, 256)
    if m is None:
        raise Reject("no tool name")
    name = ctx.check(m.group())
    yield from peek(r)
    fenced = yield from fence_open(r)
    yield from call_object(r, ctx, name=name)
    if fenced:
        yield from startswith(r, "```", skip_ws=True)
