"""Qwen3-Coder / Qwen3.5 XML: <tool_call><function=N><parameter=K>V</parameter></function></tool_call>
(syntax reference: docs/syntax.md#qwen3_coder).

`<tool_call>` is a special token: a server that strips it (or a model that skips it) leaves
`<function=NAME>` first.  That is still a call when a parameter tag (or, for a call without
arguments, `</function>`) follows the function tag (Functionary's `<function=NAME>` is followed
by JSON); a `</tool_call>` after it is consumed.

Nemotron sometimes writes a line of prose inside the block, between `<tool_call>` and the call
(raullenchai/Rapid-MLX#1031).  Prose holding no tag, then a function tag that is a call, makes the
opener markup alone: the prose is content and the call after it is read as the bare function.

MiMo-V2-Flash at times writes a call's parameters before its function tag, inside the block
(`<tool_call>\n<parameter=command>ls</parameter>\n<function=list_files>\n</function>`, vLLM's
mimov2_flash parser tests): whole parameter elements, then the function tag, all within the
look-ahead, are that call's parameters.
"""
import re

from . import MAYBE, NO, YES, Format
from ._xml import LOOK, Dialect, Tag, block, followed_by, param_tag, tag_after, value
from ..reader import peek

BARE = "<function="

# A name may be quoted (`<parameter="command">`, `<function='bash'>`): the quotes are the tag's,
# not the name's (Qwen3.x writes both forms; openvinotoolkit/model_server#4487).
# Inside a block, Step 3.5 also writes a space for the `=` (`<function bash>`, sgl-project/sglang#38893):
# a plain name then `>`, so MiniCPM5's `<function name="…">` is never one.
FUNCTION = Tag(("<function=", "<function "),
               r"""<function(?:=\s*|\s+(?=[\w.\-]+\s*>))(?P<q>["']?)(?P<name>[^>\n]*?)(?P=q)\s*>""")
_SPACED = re.compile(r"\s*<function\s+[\w.\-]+\s*>")
_SPACED_PREFIX = re.compile(r"\s*<(?:f(?:u(?:n(?:c(?:t(?:i(?:o(?:n(?:\s+[\w.\-]*\s*)?)?)?)?)?)?)?)?)?\Z")
# A parameter tag may also be spelled with an attribute (`<parameter name="path">`, as the
# invoke-style syntaxes write it): skipping it as noise ran the call without that argument.
# A name holds no `<`: `<parameter=command=create</parameter>` (the tag's `>` never written,
# QwenLM/Qwen3-Coder#457) is a malformed tag, not a parameter named `command=create</parameter`.
_BODY = ("<parameter=", "<parameter name=", "</function>")
# Whole parameter elements, then the function tag (parameters written first); and its prefixes.
_PARAMS_FIRST = re.compile(r"(?:\s*<parameter=[^<>\n]*>(?:(?!</parameter>).)*</parameter>)+\s*<function=", re.S)
_PARAM_START = "<parameter="
PARAMETER = Tag(("<parameter=", "<parameter name="),
                r"""<parameter(?:=\s*|\s+name\s*=\s*)(?P<q>["']?)(?P<key>[^<>\n]*?)(?P=q)\s*>""")


def dialect(block_close: str) -> Dialect:
    """The Qwen3-Coder body inside a block closed by `block_close` (shared with Seed-OSS).

    A `</function>` written again after a call's own is skipped as filler between calls
    (warpfront/hipfire#750): it closes nothing, and is no content either; so is the closer of an
    older Qwen wrapper that Qwen3.6 drifts into (`</function_invocation>`, QwenLM/Qwen3.8#178).
    A misspelled closer (`</parameter/>`, `</parameter1>`, `</parameter_function>`, Qwen3.6,
    sgl-project/sglang#27337) is held: the value's own closer makes it text of the value; a
    value the call's closer ends after one is not run (it would hold the typo)."""
    return Dialect(call=FUNCTION, call_close=("</function>",), param=PARAMETER,
                   value_close=("</parameter>",), block_close=(block_close,),
                   fillers=("</function>", "</function_invocation>"),
                   trim_nl=True, suspects=("</parameter",))


class Qwen3Coder(Format):
    name = "qwen3_coder"
    syntax = "xml"
    aliases = ("qwen3coder", "qwen35", "qwen3_xml", "nemotron3", "mimo")
    description = "Qwen3-Coder / Qwen3.5 / Nemotron-3 / Step-3.5 / MiMo <function=…><parameter=…> in <tool_call>"
    openers = ("<tool_call>", BARE)
    closer = "</tool_call>"
    models = ("qwen3-coder*", "qwen3.5*", "qwen3.6*", "*nemotron-3*", "step-3.5*", "mimo*")
    example = "<tool_call>\n<function=set_alarm>\n<parameter=minutes>\n45\n</parameter>\n</function>\n</tool_call>"

    body = dialect("</tool_call>")

    def decide(self, opener, look, eof, ctx):
        if opener == BARE:
            # a parameter tag follows the function tag, or its closer (a call without arguments)
            name, gt, rest = look[:LOOK].partition(">")
            if not gt:
                return NO if eof or "\n" in name else tag_after("", eof, _BODY)
            # (a name is one line: what was decided before its `>` came must hold after it)
            return tag_after(rest, eof, _BODY) if name.strip() and "\n" not in name else NO
        found = tag_after(look, eof, ("<function=",))    # not `{` (Hermes) nor a name (GLM)
        if found is not NO:
            return found
        head = look[:LOOK].lstrip()
        if head[:len(_PARAM_START)] == _PARAM_START[:len(head)] and head:
            if _PARAMS_FIRST.match(look[:LOOK]):
                return YES
            return MAYBE if not eof and len(look) < LOOK else NO
        if _SPACED.match(look):
            return YES
        if not eof and _SPACED_PREFIX.match(look[:LOOK]):
            return MAYBE
        prose, bare, rest = look[:LOOK].partition(BARE)
        if prose.lstrip()[:1] in ("{", "["):
            return NO                                     # JSON: Hermes' body
        if not bare and not eof and len(look) < LOOK:
            cut = prose.rfind("<")                        # (the function tag's start, cut short)
            if cut >= 0 and BARE.startswith(prose[cut:]):
                prose = prose[:cut]
            return MAYBE if "<" not in prose else NO
        if "<" in prose or not prose.strip() or not bare:
            return NO
        return self.decide(BARE, rest, eof, ctx)          # prose, then a call (Nemotron)

    def parse(self, r, ctx, opener):
        pre: list = []
        if opener == BARE:
            r.push_front(opener)       # the opener is the call's tag, which holds the name
        elif (yield from followed_by(r, 0, (_PARAM_START,), eof_ok=False)):
            pre = yield from _params_first(r, self.body)
        elif not (yield from followed_by(r, 0, FUNCTION.starts, eof_ok=False)):
            return                     # prose inside the block: the opener alone is markup
        yield from block(r, ctx, self.body, pre=pre)


def _params_first(r, d):
    """Parameters written before the function tag (decide saw them whole, then the tag):
    [(key, tag, text)]."""
    out = []
    while (yield from followed_by(r, 0, (_PARAM_START,), eof_ok=False)):
        yield from peek(r)
        lit = _PARAM_START
        tag = yield from param_tag(r, PARAMETER, lit, False)
        parts: list[str] = []
        yield from value(r, d, parts.append, strict=True)
        out.append((tag.group("key").strip(), tag, "".join(parts)))
    yield from peek(r)
    return out
