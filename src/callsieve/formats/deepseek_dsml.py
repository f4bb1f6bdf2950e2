"""DeepSeek V3.2 / V4 / V4.1 DSML, and GigaChat 3.5's GCML (syntax reference: docs/syntax.md#deepseek_dsml).

V3.2 `<｜DSML｜function_calls>`, V4 `<｜DSML｜tool_calls>`, V4.1 `<｜DSML｜ calls>` (the prefix
token, a space, then the tag name: every tag of V4.1 is spelled so); inside, per call
`<｜DSML｜invoke name="N">` … `</｜DSML｜invoke>` (or self-closing `<｜DSML｜invoke name="N"/>`
for a call without arguments), per argument `<｜DSML｜parameter name="K" string="true|false">V
</｜DSML｜parameter>`.

A family of known parts, declared with no code (formats/_parts.py): section wrappers around the
Invoke body under the DSML prefixes (`selfclose`, and `slip`: a closing tag with the DSML token
that is none of the syntax's, `</｜DSML｜parametr>`, ggml-org/llama.cpp#28612, is a misspelled
closer unless the value's own closer follows).  An invoke without its section
(sgl-project/sglang#40236) is read with tools declared.  DeepSeek-V4-Flash-0731 also drifts into
`<｜DSML｜toolcall>NAME` and the arguments as JSON in a ```json fence, DeepSeek V3's layout
(vllm-project/vllm-ascend#13794): one call (NamedJson, `fenced`).  And V4-Flash leaks an
element-style call: `<function>`, `<name>NAME</name>`, then the invoke's parameters and DSML
closers (adolfousier/opencrabs#419): read, with tools declared, for a declared name (Element).
"""
from ._parts import Element, Family, Invoke, NamedJson
from .deepseek_v3 import OUTPUTS, TOKENS

# The prefix token, with V4.1's space after it; tags also come without it (a server that
# strips special tokens), mixed, with an ASCII bar, or with doubled bars and a space (DeepSeek
# V4 on chat.deepseek.com: `<｜｜DSML｜｜ invoke …>`, diegosouzapw/OmniRoute#13930), or with the
# double vertical line U+2016 for the bar (`<‖DSML‖invoke …>`, lsdefine/GenericAgent#804), or
# each of its pieces spaced out, as a detokenizer that joins tokens with spaces writes it
# (`< | DSML | invoke …>`, NousResearch/hermes-agent#15473): every bar look-alike and spacing a
# detokenizer or a model gives the token.
# The namespace is a part of the wrapper: GigaChat 3.5 writes the same body under its own token,
# `<｜GCML｜tool_calls>` (vLLM's gigachat35 parser), and every bar spelling applies to each.
NAMESPACES = ("DSML", "GCML")


def _spellings(ns: str) -> tuple[str, ...]:
    return (f"｜{ns}｜", f"｜{ns}｜ ", f"|{ns}|", f"|{ns}| ", f"｜｜{ns}｜｜ ", f"｜｜{ns}｜｜", f"‖{ns}‖", f"‖{ns}‖ ",
            f" | {ns} | ", f" ｜ {ns} ｜ ")


DSML = tuple(p for ns in NAMESPACES for p in _spellings(ns))
SECTIONS = ("function_calls", "tool_calls", "calls")
# Without ｜DSML｜ only the longer section names open a block: `<calls>` is too common a word; and
# they are OLMo's and HY's too: they count only before an <invoke (the body's `within`).
SECTION_TAGS = tuple(f"<{p}{s}>" for p in DSML for s in SECTIONS) + tuple(f"<{s}>" for s in SECTIONS[:2])
INVOKE = Invoke(prefixes=DSML + ("",), selfclose=True, slip=True)
BARE, ELEMENT, TOOLCALL = "<｜DSML｜invoke", "<function>", tuple(f"<{p}toolcall>" for p in DSML[:8])

DEEPSEEK_DSML = Family(
    "deepseek_dsml", SECTION_TAGS, INVOKE,
    closer={**{t: "</" + t[1:] for t in SECTION_TAGS}, **dict.fromkeys((BARE, ELEMENT) + TOOLCALL)},
    own=tuple(t for t in SECTION_TAGS if any(ns in t for ns in NAMESPACES)), tool_inline=(BARE,),
    bodies=dict.fromkeys(TOOLCALL, NamedJson(fenced=True)), tool_bodies={ELEMENT: Element(INVOKE)},
    aliases=("dsml", "deepseek_v32", "deepseek_v4"),
    description="DeepSeek V3.2 / V4 / V4.1 DSML <｜DSML｜function_calls> / <｜DSML｜tool_calls> / <｜DSML｜ calls>",
    models=("deepseek-v3.2*", "deepseek-v4*"), specials=TOKENS, spans=OUTPUTS,
    example=('<｜DSML｜function_calls><｜DSML｜invoke name="rate_movie"><｜DSML｜parameter name="stars" '
             'string="false">4</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>'))
