"""Calls read by their parts: a wrapper, a body, a value encoding (docs/architecture.md#parts).

A call is written as
- a *wrapper*: the markup around it, `<x>`…`</x>`, `<|x|>`…`<|/x|>`, `<ns|x>`…`</ns|x>`,
  `<｜x｜>`…`<｜/x｜>`, `[X]`…`[/X]`, `<x_begin>`…`<x_end>` (`closers` spells its closer);
- a *body*: what is inside it, one of `BODIES` (a JSON call object or list; a name, then JSON
  arguments; `<function=NAME>` parameters; `<invoke name=NAME>` parameters; a name, then key/value
  tag pairs spelled by their role; a name, then `key=value` lines);
- a *value encoding*: how a tag body writes an argument's value, `"json"` (JSON when it parses,
  else text) or `"text"` (always text); the tool's schema says first either way.

`Family(name, opener, body)` is a format made of known parts: one declaration, no code.
formats/wrapped.py reads a known body inside a wrapper no module declares with these same parts.
Each body streams through the shared readers (`_json`, `_xml`, `_typed`): the name first, then
argument deltas; an undeclared name gives the block back as text (`ctx.check`).
"""
from __future__ import annotations

import functools
import re
from typing import Callable

from . import MAYBE, NO, YES, Format, Handoff, Verdict, _keyed, declared
from ._json import LOOK_MAX, call_array, call_object, names_declared
from ._json import _arguments as arguments_value
from ._typed import ANY, STRING, Value, param_kinds
from ._xml import (_RESULT, ARGS_OPEN, CALLISH, TAG_LIMIT, Dialect, Tag, at_mark, attrs_tag, block, declared_then, fence_open,
                   attribute, attribute_start, followed_by, invoke_dialect, loose, loose_closer, loose_prefix,
                   param_tag, says_call, tag_after)
from ._xml import call as xml_call
from ._xml import value as xml_value
from ..reader import Bad, Reject, Truncated, more, peek, peek_raw, startswith, token, until, until_any
from ..calls import qualified
from ..scan import Matcher
from ._call_line import CONNECTOR, CONNECTOR_PREFIX, arguments, params_after

VALUES = {"json": ANY, "text": STRING}      # a value encoding: what an untyped value is read as


# ---------------------------------------------------------------------------- wrappers
_PAIRS = (("begin", "end"), ("start", "end"), ("open", "close"))


# A special token written with spaces beside its bars, as some detokenizers write one (`<| x |>`,
# `< |x| >`, a closer `<| /x |>`): the same token.  Its spaces matter only to matching; the text
# is kept as written.
_BAR_SPACES = re.compile(r"<( ?)([|｜])( ?)(/?)([^\s<>|｜]+)( ?)([|｜])( ?)>")


def unspaced(token: str) -> str:
    """`token` without the spaces beside its bars (itself when it has none)."""
    m = _BAR_SPACES.fullmatch(token) if " " in token else None
    return f"<{m[2]}{m[4]}{m[5]}{m[7]}>" if m else token


def spacings(token: str, like: str = "") -> tuple[str, ...]:
    """`token` (a special token) spaced as `like` is, then as it is, then in every spacing a
    detokenizer gives one: `<| x |>`, `< |x| >`, a closer's `<|/ x |>`."""
    t, s = _BAR_SPACES.fullmatch(token), _BAR_SPACES.fullmatch(like)
    if t is None:
        return (token,)
    _, left, _, slash, word, _, right, _ = t.groups()
    own = (f"<{s[1]}{left}{s[3]}{slash}{word}{s[6]}{right}{s[8]}>",) if s else ()
    return tuple(dict.fromkeys((*own, token, f"<{left} {slash}{word} {right}>", f"< {left}{slash}{word}{right} >",
                                *((f"<{left}/ {word} {right}>",) if slash else ()))))


@functools.lru_cache(maxsize=256)
def closers(opener: str) -> tuple[str, ...]:
    """How a wrapper opened by `opener` is closed, the usual spelling first: a `begin` / `start`
    / `open` word turned into `end` / `close`, else the opener with a slash (`</x>`, `<|/x|>`,
    `</ns|x>`, `[/X]`, `<<</X>>>`; in a namespaced token also after the namespace, `<|NS|/x|>`,
    `<｜NS｜/x>`), or an `_end` suffix (`<|x_end|>`, DeepSeek's `<｜x▁end｜>`), or (an envelope of
    angle-bracket runs) an `END_` prefix (`<<<END_X>>>`).  A call line `[Calling tool: …` ends at
    `]`; a name prefix in a tag, `<call:` (then `NAME{…}`), closes the tag: `/>` (Gemini's
    self-closing call tag), `>`, or `</call>`."""
    bare = unspaced(opener)
    if bare != opener:                     # a spaced token: its closers, spaced as it is or otherwise
        return tuple(dict.fromkeys(s for c in closers(bare) for s in spacings(c, opener)))
    if opener.startswith("[") and opener.endswith(":"):
        return ("]",)                      # a call line, `[Calling tool: NAME(…)]`
    if opener.startswith("<") and opener.endswith(":"):
        return ("/>", ">", "</" + opener[1:-1] + ">")
    if opener.startswith("<<<") and opener.endswith(">>>"):
        left, inner, right = "<<<", opener[3:-3], ">>>"
    elif opener.startswith("[") and opener.endswith("]"):
        left, inner, right = "[", opener[1:-1], "]"
    elif opener[:2] in ("<|", "<｜") and opener[-2:] in ("|>", "｜>"):
        left, inner, right = opener[:2], opener[2:-2], opener[-2:]
    elif opener.startswith("<") and opener.endswith(">"):
        left, inner, right = "<", opener[1:-1], ">"
    else:
        return ()
    out = []
    low = inner.lower()
    for a, b in _PAIRS:
        i = low.rfind(a)
        if i >= 0:
            word = inner[i:i + len(a)]
            out.append(left + inner[:i] + (b.upper() if word.isupper() else b) + inner[i + len(a):] + right)
    end = "END" if inner.isupper() else "end"
    if left == "<<<":                      # `<<<TOOL_CALL>>>`…`<<<END_TOOL_CALL>>>`
        out.append(left + end + "_" + inner + right)
    out.append(left + "/" + inner + right)
    ns = max(inner.rfind("|"), inner.rfind("｜"))
    if ns > 0:                             # a namespace: the slash after it too (`<|NS|/x|>`)
        out.append(left + inner[:ns + 1] + "/" + inner[ns + 1:] + right)
    # (DeepSeek's fullwidth tokens join words with `▁`)
    for sep in ("▁_" if "▁" in inner or "｜" in opener else "_"):
        out.append(left + inner + sep + end + right)
    return tuple(dict.fromkeys(out))


def _closer(r, ends: tuple):
    """The wrapper's closer, if one of `ends` is next (after whitespace): consumed."""
    c = yield from peek(r)
    if c:
        lit = yield from at_mark(r, ends)
        if lit is not None:
            r.pos += len(lit)


def _longest(ends) -> tuple:
    return tuple(sorted(set(ends), key=lambda m: (-len(m), m)))


# ---------------------------------------------------------------------------- bodies
# A tool's name: what OpenAI allows, and dots (namespaced tools).
# (a namespace before the name, `default_api:NAME`, `server:ns:NAME`, `Group/NAME`: calls.qualified;
# a namespace segment is never empty, so NamedJson's `NAME:{…}` keeps its `:`)
_NAME = re.compile(r"\s*([\w.\-]{1,64}(?:[:/][\w.\-]{0,64}){0,3})")
_NAME_TOKEN = re.compile(r"\s*[\w.\-]{1,64}(?:(?:/|::?)[\w.\-]{1,64}){0,3}")
_QUALIFIED = re.compile(r"\s*[\w.\-]{1,64}(?:(?:/|::?)[A-Za-z_][\w.\-]{0,63}){0,3}")    # (`default_api:NAME`, `Group/NAME`)


def _named(look: str, eof: bool, ctx, strict: bool) -> tuple[Verdict, str]:
    """A name at the start of `look` (a declared tool's when `strict`): (verdict, what follows)."""
    m = _NAME.match(look)
    if m is None:
        return (MAYBE if not eof and not look.strip() else NO), ""
    if m.end() == len(look) and not eof:
        return MAYBE, ""                   # the name may go on
    if strict and not declared(ctx, m.group(1)):
        return NO, ""
    return YES, look[m.end():]


class Body:
    """A body kind: `spot` says whether the text after a wrapper's opener is one (`strict`: and
    names a declared tool, for a wrapper no format declares); `read` streams its calls.
    `worded`: prose writes it too (`search(q="x")`, a bare name), so in a wrapper no format
    declares it is a call only when the wrapper's word says it holds one (`says_call`)."""

    syntax = "json"
    worded = False
    call_tag = False        # its first tag is the wrapper's opener, which it reads itself (KeyValue)
    # The text the body opens with when it says whose it is by its shape alone (`[{"NAME": {`,
    # `{tool => "NAME"`): a server that stripped the wrapper's opener leaves it opening the
    # content, where it is the family's call for a declared tool (`spot` strict; Family.leads).
    shape_lead = ""

    def spot(self, look: str, eof: bool, ctx, strict: bool, ends: tuple = ()) -> Verdict:
        """`ends`: the closers of a declared family's wrapper (a name-led body may end there:
        a call with no arguments)."""
        raise NotImplementedError

    def within(self, opener: str, look: str, eof: bool, ctx, ends: tuple = ()) -> Verdict:
        """The text after `opener`, a family's own wrapper: is it this body?  (By default as
        `spot` says; a body may ask less of it in a wrapper that is the family's.)"""
        return self.spot(look, eof, ctx, False, ends)

    def read(self, r, ctx, opener: str, ends: tuple, value: str):
        raise NotImplementedError
        yield


class JsonCalls(Body):
    """`{"name": …, "arguments": …}` objects, or a list of them."""

    def spot(self, look, eof, ctx, strict, ends=()):
        text = look.lstrip()
        if text.startswith("["):
            text = text[1:].lstrip()
        if not text:
            return NO if eof else MAYBE
        if text[0] != "{":
            return NO
        return names_declared(text[1:], eof, ctx) if strict else YES

    def read(self, r, ctx, opener, ends, value):
        ends = _longest(ends)
        while True:
            c = yield from peek(r)
            if c and (yield from at_mark(r, ends)) is not None:
                break                          # (a `[/X]` closer is no list of calls)
            if c == "[":
                yield from call_array(r, ctx)
            elif c == "{":
                yield from call_object(r, ctx)
            elif not ctx.block_calls:
                raise Reject("no call in the block") if c else Truncated("cut off before a call")
            else:
                return
            if (yield from peek(r)) == ",":
                r.pos += 1
        yield from _closer(r, ends)


_JSON_AFTER = re.compile(r"[ \t]*(?:>|:|\n)?\s*\{")
_JSON_AFTER_PREFIX = re.compile(r"[ \t]*(?:>|:|\n)?\s*\Z")


class NamedJson(Body):
    """A name, then JSON arguments: `NAME\\n{…}`, `NAME>{…}`, `NAME {…}`.
    `fenced`: the arguments may be in a Markdown ```json fence (DeepSeek-V4-Flash's drift into
    `<｜DSML｜toolcall>NAME` + a fenced object, vllm-project/vllm-ascend#13794)."""

    def __init__(self, fenced: bool = False):
        self.fenced = fenced

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        after, prefix = (_FENCED_AFTER, _FENCED_PREFIX) if self.fenced else (_JSON_AFTER, _JSON_AFTER_PREFIX)
        m = after.match(rest)
        if m is not None:
            if not strict:
                return YES
            # (in a wrapper no format declares: JSON, not `NAME{key:…}`, Gemma's literal body)
            first = rest[m.end():m.end() + LOOK_MAX].lstrip()[:1]
            return YES if first in ('"', "'", "}") and first else MAYBE if not eof and not first else NO
        return MAYBE if not eof and prefix.match(rest[:LOOK_MAX]) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _QUALIFIED, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        name = ctx.check(m.group().strip())
        fenced = False
        if self.fenced:
            yield from peek(r)
            fenced = yield from fence_open(r)
        if not fenced:
            for sep in (">", ":"):
                if (yield from startswith(r, sep, skip_ws=True)):
                    break
        yield from call_object(r, ctx, name=name)
        if fenced:
            yield from startswith(r, "```", skip_ws=True)
        yield from _closer(r, ends)


_FENCED_AFTER = re.compile(r"\s*(?:```(?:json)?\s*)?\{")
_FENCED_PREFIX = re.compile(r"\s*(?:`{1,3}(?:j|js|jso|json)?\s*)?\Z")


_FUNCTION = re.compile(r"""\s*<function=\s*(["']?)([^<>\n]*?)\1\s*>""")
_FUNCTION_BODY = ("<parameter=", "<parameter name=", "<param name=", "</function>")
FUNCTION_START = "<function="
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
PARAMETER = Tag(("<parameter=", "<parameter name="),
                r"""<parameter(?:=\s*|\s+name\s*=\s*)(?P<q>["']?)(?P<key>[^<>\n]*?)(?P=q)\s*>""")
_PARAM_START = "<parameter="
# In a function tag's body, a parameter tag is read by its role: MiMo writes the invoke style's
# `<param name="K">V</param>` there too (apmantza/pi-free#255); a value closes at `</param>` or
# `</parameter>` (either, as a value's closer is only one where the syntax's next tag follows it).
# A tag whose `>` the model dropped ends with its line (`<parameter=path\nREADME.md\n</parameter>`,
# Qwen3.6 through mlx-lm#1881): the name is the line, the value starts on the next, if the line
# names one of the tool's declared parameters (`_xml.call`: a line that names none is no tag).
FUNCTION_PARAMETER = Tag(PARAMETER.starts + ("<param name=",),
                         r"""<(?:parameter(?:=\s*|\s+name\s*=\s*)|param\s+name\s*=\s*)(?P<q>["']?)"""
                         r"""(?P<key>[^<>\n]*?)(?P=q)(?:\s*>|(?P<unclosed>[ \t]*\n))""", end=r">|\n")
# Whole parameter elements, then the function tag (parameters written first); and its prefixes.
_PARAMS_FIRST = re.compile(r"(?:\s*<parameter=[^<>\n]*>(?:(?!</parameter>).)*</parameter>)+\s*<function=", re.S)


class Functions(Body):
    """Qwen3-Coder's `<function=NAME><parameter=K>V</parameter></function>`.

    In a family's own wrapper the function tag alone says it is this body (`within`).  Named
    options, each a quirk a family's real output has (off unless declared):
    - `prose_before`: a line of prose inside the wrapper before the call (Nemotron,
      raullenchai/Rapid-MLX#1031): the opener alone is markup, the prose content, and the call
      is read from its `<function=` (declared `inline`);
    - `params_first`: whole parameter elements before the function tag (MiMo-V2-Flash, vLLM's
      mimov2_flash parser tests): they are that call's parameters."""

    syntax = "xml"

    def __init__(self, prose_before: bool = False, params_first: bool = False):
        self.prose_before, self.params_first = prose_before, params_first

    def spot(self, look, eof, ctx, strict, ends=()):
        m = _FUNCTION.match(look)
        if m is None:
            rest = look.lstrip()
            return MAYBE if not eof and (FUNCTION_START.startswith(rest) or
                                         (rest.startswith(FUNCTION_START) and ">" not in rest)) else NO
        if strict and not declared(ctx, m.group(2).strip()):
            return NO
        return tag_after(look[m.end():], eof, _FUNCTION_BODY)

    def within(self, opener, look, eof, ctx, ends=()):
        found = tag_after(look, eof, (FUNCTION_START,))    # not `{` (Hermes) nor a name (GLM)
        if found is not NO:
            return found
        head = look[:LOOK_MAX].lstrip()
        if self.params_first and head and head[:len(_PARAM_START)] == _PARAM_START[:len(head)]:
            if _PARAMS_FIRST.match(look[:LOOK_MAX]):
                return YES
            return MAYBE if not eof and len(look) < LOOK_MAX else NO
        if _SPACED.match(look):
            return YES
        if not eof and _SPACED_PREFIX.match(look[:LOOK_MAX]):
            return MAYBE
        if not self.prose_before:
            return NO
        prose, bare, rest = look[:LOOK_MAX].partition(FUNCTION_START)
        if prose.lstrip()[:1] in ("{", "["):
            return NO                                     # JSON: Hermes' body
        if not bare and not eof and len(look) < LOOK_MAX:
            cut = prose.rfind("<")                        # (the function tag's start, cut short)
            if cut >= 0 and FUNCTION_START.startswith(prose[cut:]):
                prose = prose[:cut]
            return MAYBE if "<" not in prose else NO
        if "<" in prose or not prose.strip() or not bare:
            return NO
        return self.spot(FUNCTION_START + rest, eof, ctx, False, ends)   # prose, then a call

    def read(self, r, ctx, opener, ends, value):
        d = _functions(ends, value)
        pre: list = []
        if self.params_first and (yield from followed_by(r, 0, (_PARAM_START,), eof_ok=False)):
            pre = yield from _params_first(r, d)
        elif self.prose_before and not (yield from followed_by(r, 0, FUNCTION.starts, eof_ok=False)):
            return                     # prose inside the block: the opener alone is markup
        yield from block(r, ctx, d, pre=pre)


def _params_first(r, d):
    """Parameters written before the function tag (decide saw them whole, then the tag):
    [(key, tag, text)]."""
    out = []
    while (yield from followed_by(r, 0, (_PARAM_START,), eof_ok=False)):
        yield from peek(r)
        tag = yield from param_tag(r, PARAMETER, _PARAM_START, False)
        parts: list[str] = []
        yield from xml_value(r, d, parts.append, strict=True)
        out.append((tag.group("key").strip(), tag, "".join(parts)))
    yield from peek(r)
    return out


@functools.lru_cache(maxsize=64)
def _functions(ends: tuple, value: str) -> Dialect:
    """The Functions body in a block closed by one of `ends`.

    A `</function>` written again after a call's own is skipped as filler between calls
    (warpfront/hipfire#750): it closes nothing, and is no content either; so is the closer of an
    older Qwen wrapper that Qwen3.6 drifts into (`</function_invocation>`, QwenLM/Qwen3.8#178).
    A misspelled closer (`</parameter/>`, `</parameter1>`, `</parameter_function>`, Qwen3.6,
    sgl-project/sglang#27337) is held: the value's own closer makes it text of the value; a
    value the call's closer ends after one is not run (it would hold the typo)."""
    return Dialect(call=FUNCTION, call_close=("</function>",), param=FUNCTION_PARAMETER,
                   value_close=("</parameter>", "</param>"), block_close=ends,
                   fillers=("</function>", "</function_invocation>"),
                   trim_nl=True, suspects=("</parameter",), untyped=VALUES[value])


# (its tags in any namespace: `<ns:invoke …>`, `<ns|invoke …>`, DeepSeek's DSML spelling
# `<｜NS｜invoke …>` / `<|NS|invoke …>`; Muse writes `<atem:invoke …>`)
_NS = r"(?:[A-Za-z_][\w.\-]{0,31}[:|]|[|｜]{1,2}[A-Za-z_][\w.\-]{0,31}[|｜]{1,2})?"
_INVOKE = re.compile(r'\s*<(' + _NS + r')invoke\s+name\s*=\s*"([^"<>\n]*)"\s*>')
_INVOKE_PREFIX = re.compile(r"\s*<(?:[A-Za-z_][\w.\-]{0,31}|[|｜]{1,2}(?:[A-Za-z_][\w.\-]{0,31}[|｜]?)?|" + _NS
                            + r"(?:i(?:n(?:v(?:o(?:k(?:e(?:\s[^<>]*)?)?)?)?)?)?)?)?\Z")


_KEYED_PARAM = re.compile(r"<[A-Za-z_][\w.\-]{0,63}\s*>")
_KEYED_PARAM_PREFIX = re.compile(r"<[A-Za-z_][\w.\-]{0,63}\s*|<")


class Invoke(Body):
    """MiniMax's `<invoke name="NAME"><parameter name="K">V</parameter></invoke>`, its tags in
    any namespace (`<ns:invoke …><ns:parameter …>…</ns:parameter></ns:invoke>`).

    A family declares its tag prefixes (`prefixes`; default: the namespace the first tag is
    written in), and named options, each a quirk of a family's real output:
    - `selfclose`: `<invoke name="N"/>` is a call without arguments (DeepSeek DSML);
    - `slip`: a value whose closer is missing and that ends in a suspect closing tag is not run
      (the slip would be part of the value), unless the value's own closer follows: without a
      prefix any closing tag (`…</content>`, named after the parameter: the invoke syntax's
      known slip, anthropics/claude-code#83088), else one of the prefix (a misspelled closer,
      `</｜DSML｜parametr>`, ggml-org/llama.cpp#28612);
    - `fillers` / `filler_tails`: tokens written around each invoke, skipped between calls
      (Step-3's `<｜tool_call_begin｜>function<｜tool_sep｜>`; `_xml.Dialect`);
    - `lead`: a regex of what may stand before the first invoke in the family's wrapper
      (Step-3's call token, type word, separator and name written again); without it an invoke
      tag of the declared prefixes must come first.

    The same body in other spellings (an element named by an attribute, its parameters named by
    an attribute): `words` (the call's and the parameter's tag words), `names` (the attributes
    that name them), `types` (optional attributes that type a value), `marks` (how a tag is
    written: ANGLE `<w …>`…`</w>`, or Kimi K3's XTML `<|open|>w …<|sep|>`…`<|close|>w<|sep|>`),
    `dotted`: a name that is not declared but whose head is, with a dot, is that tool and its
    first parameter's key: the model swallowed the parameter's tag and glued its name onto the
    tool's (`<atem:invoke name="read.filePath">/tmp/a</atem:parameter>`, vllm #51655); its value
    then has only its closer, which it must have.
    `space` (a regex of what stands before an attribute: MiniCPM5's detokenizer drops it or
    writes Ġ), `xml` (real XML: entities and CDATA decoded, no lenient ends), `entities`
    (attributes XML-escaped, values raw: Kimi K3), `json_calls` (a JSON call object may
    stand for an invoke: dots.llm writes either), `nameless` (a parameter tag without a name is
    the tool's one parameter, `_xml.sole_key`), `one` (the call's tag is the whole block: one
    call, closed by its own closer)."""

    syntax = "xml"

    def __init__(self, prefixes: tuple[str, ...] | None = None, selfclose: bool = False, slip: bool = False,
                 fillers: tuple[str, ...] = (), filler_tails: dict | None = None, lead: re.Pattern | None = None,
                 words: tuple[str, str] = ("invoke", "parameter"), names: tuple[str, str] = ("name", "name"),
                 types: tuple[str, ...] = ("string", "type"), marks: tuple[str, str, str, str] = ("<", ">", "</", ">"),
                 space: str | None = None, xml: bool = False, entities: bool = False, nameless: bool = False,
                 one: bool = False, dotted: bool = False, json_calls: bool = False):
        self.prefixes, self.selfclose, self.slip = prefixes, selfclose, slip
        self.json_calls = json_calls
        self.fillers, self.filler_tails, self.lead = fillers, filler_tails, lead
        self.words, self.names, self.types, self.marks, self.space = words, names, types, marks, space
        self.xml, self.entities, self.nameless, self.one, self.dotted = xml, entities, nameless, one, dotted
        self.spelled = (words, names, types, marks, space, xml, entities, nameless, one) != (
            ("invoke", "parameter"), ("name", "name"), ("string", "type"), ANGLE, None, False, False, False, False)
        self._dialects: dict = {}

    def spot(self, look, eof, ctx, strict, ends=()):
        if self.prefixes is not None:
            return self._spot_declared(look, eof, ctx, strict)
        m = _INVOKE.match(look)
        if m is None:
            return MAYBE if not eof and _INVOKE_PREFIX.match(look[:200]) else NO
        if strict and not declared(ctx, m.group(2)):
            return NO
        ns = m.group(1)
        rest = look[m.end():]
        inner = _args_inner(rest)
        if inner is None and not eof:
            return MAYBE
        inner = rest if inner is None else inner
        if inner is not rest and tag_after(inner, eof, (f"<{ns}parameter",)) is not NO:
            return tag_after(inner, eof, (f"<{ns}parameter",))
        return tag_after(rest, eof, (f"<{ns}parameter", f"</{ns}invoke>"))

    def _spot_declared(self, look, eof, ctx, strict):
        """An invoke tag of the declared prefixes (its name a declared tool's when `strict`),
        then a parameter tag or the invoke's closer (or, with `selfclose`, the tag closed)."""
        d = self.dialect(())
        m = d.call.pattern.match(look.lstrip())
        if m is None:
            rest = look[:LOOK_MAX].lstrip()
            undecided = any(t.startswith(rest) or (rest.startswith(t) and ">" not in rest and "\n" not in rest)
                            for t in d.call.starts)
            return MAYBE if not eof and undecided else NO
        if strict and not declared(ctx, m.group("name")):
            return NO
        if m.groupdict().get("empty"):
            # (an empty call, unless attributes beside its name would be dropped: the arguments
            # as attributes are formats/tool_attrs.py's, read only when they are parameters)
            return NO if len(_ATTR_KEYS.findall(m.group())) > 1 else YES
        rest = look.lstrip()[m.end():]
        inner = _args_inner(rest)
        if inner is None and not eof:
            return MAYBE                        # (an arguments element's tag, cut short)
        inner = rest if inner is None else inner
        if inner is not rest and tag_after(inner, eof, d.param.starts) is not NO:
            return tag_after(inner, eof, d.param.starts)
        v = tag_after(rest, eof, d.param.starts + d.call_close + (("{",) if d.json_args else ()))
        if v == NO and strict and "</invoke>" in d.call_close:
            # parameters as tags named after them (MiniMax-M3's body without its token): _xml.call
            return tag_after(rest, eof, ("<",)) if _KEYED_PARAM.match(rest.lstrip()) or eof else (
                MAYBE if _KEYED_PARAM_PREFIX.fullmatch(rest.lstrip()[:LOOK_MAX]) else NO)
        return v

    def within(self, opener, look, eof, ctx, ends=()):
        if self.prefixes is None:
            return self.spot(look, eof, ctx, False, ends)
        tags = tuple(f"<{p}invoke" for p in self.prefixes)
        if self.lead is None:
            return tag_after(look, eof, tags)
        s = look[:LOOK_MAX]
        found = [i for i in (s.find(t) for t in tags) if i >= 0]
        if found:
            return YES if self.lead.fullmatch(s, 0, min(found)) else NO
        return MAYBE if not eof and len(s) < LOOK_MAX and _LEAD_CHARS.fullmatch(s) else NO

    def read(self, r, ctx, opener, ends, value):
        if self.prefixes is None:
            m = _INVOKE.match(r.buf, r.pos)     # (spot saw the whole tag: it is in the buffer)
            yield from block(r, ctx, _invoke(ends, value, m.group(1) if m else ""))
        else:
            yield from block(r, ctx, self.dialect(ends, value), name_of=dotted_key(ctx) if self.dotted else None)

    def dialect(self, ends: tuple, value: str = "json") -> Dialect:
        """The Dialect of this body's declared prefixes in a block closed by one of `ends`."""
        d = self._dialects.get((ends, value))
        if d is None:
            prefixes = self.prefixes or ("",)
            suspects = (tuple(f"</{p}" for p in prefixes if p) or ("</",)) if self.slip else ()
            if self.spelled:
                d = self._spelled(prefixes, ends, suspects, value)
            else:
                d = invoke_dialect(prefixes=prefixes, block_close=ends, selfclose=self.selfclose, suspects=suspects,
                                   fillers=self.fillers, filler_tails=self.filler_tails, untyped=VALUES[value],
                                   json_calls=self.json_calls)
            self._dialects[(ends, value)] = d
        return d

    def _spelled(self, prefixes, ends, suspects, value) -> Dialect:
        o, c, eo, ec = self.marks
        alt = "(?:" + "|".join(re.escape(p) for p in prefixes) + ")"
        close = re.escape(c)
        space = self.space or r"\s+"

        def tag(word, required, optional):
            return Tag(tuple(f"{o}{p}{word}" for p in prefixes),
                       attrs_tag(re.escape(o) + alt + word, required, optional, close=close,
                                 selfclose=self.selfclose, space=space), end=close)
        key = {self.names[1]: "key"}
        call = tag(self.words[0], {self.names[0]: "name"}, None)
        param = tag(self.words[1], {} if self.nameless else key,
                    {**(key if self.nameless else {}), **{t: t for t in self.types}})
        return Dialect(call=call, call_close=tuple(f"{eo}{p}{self.words[0]}{ec}" for p in prefixes), param=param,
                       value_close=tuple(f"{eo}{p}{self.words[1]}{ec}" for p in prefixes),
                       block_close=() if self.one else ends, fillers=self.fillers, filler_tails=self.filler_tails,
                       many=not self.one, xml=self.xml, lenient=not self.xml, attr_entities=self.entities,
                       suspects=suspects, untyped=VALUES[value], json_calls=self.json_calls)


_ATTR_KEYS = re.compile(r"""[\w:.-]+\s*=\s*["']""")
ANGLE = ("<", ">", "</", ">")                       # how an attribute-tag body's tags are written
XTML = ("<|open|>", "<|sep|>", "<|close|>", "<|sep|>")      # …and Kimi K3's


class Mark(Body):
    """A frame token of a family's turn (Kimi K3's `<|open|>message role="assistant"<|sep|>`):
    markup that holds no call; `attrs`: what ends its attributes, consumed with them."""

    syntax = "xml"

    def __init__(self, attrs: str | None = None):
        self.attrs = attrs

    def spot(self, look, eof, ctx, strict, ends=()):
        # With attributes, only attributes up to their end: prose that quotes the head
        # (`<|open|>message then words`) is text, not a frame the end of the stream cut off.
        return YES if self.attrs is None else attributes(look, eof, self.attrs)

    def read(self, r, ctx, opener, ends, value):
        if self.attrs is not None:
            yield from until(r, self.attrs, limit=TAG_LIMIT)


# (the shared attribute grammar, _xml.attribute; a frame token's values hold no markup, one line)
_FRAME_BAR = "<>\n"
_ATTR = r"\s+" + attribute(_FRAME_BAR)
_ATTRS = re.compile(rf"(?:{_ATTR})*\s*")
_ATTRS_OPEN = re.compile(rf'(?:{_ATTR})*(?:\s+{attribute_start(_FRAME_BAR)})?\s*\Z')


def attributes(look: str, eof: bool, end: str) -> Verdict:
    """Is `look`, after the head of a tag (`<|open|>message`), its attributes (`k="v"`…) then
    `end`?  Prose that quotes the head (`<|open|>message then words`) is not: it stays text,
    never a tag the end of the stream cut off (issue 31)."""
    m = _ATTRS.match(look)                 # (always: every part of it is optional)
    rest = look[m.end():] if m else look
    if rest.startswith(end):
        return YES
    return MAYBE if not eof and (end.startswith(rest) or _ATTRS_OPEN.match(look)) else NO


def dotted_key(ctx):
    """An invoke tag's name; or (tool, key) when the name is a declared tool's, a dot and a key
    (Invoke's `dotted`)."""
    def name_of(tag):
        name = tag.group("name")
        tools = ctx.tools or {}
        if not tools or name in tools:
            return name
        heads = [t for t in tools if name.startswith(t + ".") and len(name) > len(t) + 1]
        if not heads:
            return name
        head = max(heads, key=len)
        key = name[len(head) + 1:]
        if key not in ((tools[head] or {}).get("properties") or {}) and qualified(tools, name) is not None:
            # A namespace before a declared tool (`read.read`: the tool's own name as its
            # namespace) and no parameter of the head: the namespace rule every body reads.
            return name
        return head, key
    return name_of


_LEAD_CHARS = re.compile(r"[\s\w.\-<>｜|:]*")       # what a lead may be made of, while it may go on


@functools.lru_cache(maxsize=64)
def _invoke(ends: tuple, value: str, ns: str = "") -> Dialect:
    return invoke_dialect(prefixes=(ns,), block_close=ends, untyped=VALUES[value])


# The elements that name a call and hold its arguments, by their role: a tag word that ends in a
# name word (`<name>`, `<tool_name>`, `<function_name>`, `<tool>`, `<function>`) or an arguments
# word (`<arguments>`, `<tool_args>`, `<tool_input>`, `<params>`…), perhaps after a word of its own.
_NAME_ROLE = r"(?:[a-z]{1,16}_)?(?:name|tool|function)"
_ARGS_ROLE = r"(?:[a-z]{1,16}_)?(?:arguments|args|input|parameters|params)"
_NAME_ELEMENT, _ARGS_ELEMENT = re.compile(f"<{_NAME_ROLE}>"), re.compile(f"<{_ARGS_ROLE}>")
_TAG_HEAD = re.compile(r"<[a-z_]{0,34}>?")      # a tag or its start (prefix-closed, as `token` wants)
_ELEMENT_NAME = re.compile(rf"\s*<{_NAME_ROLE}>\s*([\w.\-/:]{{1,128}})\s*</{_NAME_ROLE}>\s*")   # (`/`: an MCP `server/tool`)
_ELEMENT_PREFIX = re.compile(r"\s*(?:<(?:[a-z_]{1,34}(?:>\s*[\w.\-/:]{0,128}\s*(?:<(?:/[a-z_]{0,34})?)?)?)?)?")


def _element(r, role: re.Pattern):
    """The tag next (after blanks) if it is an element of `role`: consumed, returned; else None,
    nothing consumed."""
    yield from peek(r)
    m = yield from token(r, _TAG_HEAD, 40)
    if m is None:
        return None
    if role.fullmatch(m.group()):
        return m.group()
    r.pos = m.start()
    return None


# The element that holds a call's arguments object, by its role (`<arguments>{…}</arguments>`).
_ARGS_TAGS = ARGS_OPEN


def _args_inner(rest: str) -> str | None:
    """What follows an element that holds the call's parameter tags, named for that role
    (`<arguments><param name=…>…</param></arguments>`, Ollama's MiniCPM 5 tests): the element is
    transparent, its tags skipped as junk between the call's tags.  `rest` itself when it opens
    no such element; None while it may still be one's tag."""
    s = rest.lstrip()
    for t in _ARGS_TAGS:
        if s.startswith(t):
            return s[len(t):]
    if s and len(s) < len(_ARGS_TAGS[0]) and any(t.startswith(s) for t in _ARGS_TAGS) and not s.startswith("<p"):
        return None
    return rest


class Element(Body):
    """A call named by an element, `<name>NAME</name>` (after an opener such as `<function>`),
    then the parameters and closers of an Invoke body: DeepSeek V4-Flash leaks it
    (adolfousier/opencrabs#419); or then its arguments object in an element named for that role,
    `<arguments>{…}</arguments>` (agents' `<tool_use>` text protocols,
    sheawinkler/hermes-agent-ultra#277).  Read for a declared name only, in any wrapper
    (formats/wrapped.py) as after DeepSeek's `<function>`."""

    syntax = "xml"

    def __init__(self, invoke: Invoke):
        self.invoke = invoke

    def spot(self, look, eof, ctx, strict, ends=()):
        d = self.invoke.dialect(ends)
        return declared_then(look, eof, ctx, _ELEMENT_NAME, _ELEMENT_PREFIX, d.param.starts + d.call_close + ("<",))

    def read(self, r, ctx, opener, ends, value):
        d = self.invoke.dialect(ends, value)
        if (yield from _element(r, _NAME_ELEMENT)) is None:
            raise Reject("no name element")
        name = (yield from until(r, "</", limit=256)).strip()
        yield from until(r, ">", limit=40)     # (its closer's word)
        name = ctx.check(name)
        tag = yield from _element(r, _ARGS_ELEMENT)
        if tag is not None and (yield from peek(r)) == "<":
            # the arguments element holding tags named by their keys (`<a>1</a>`): the Keyed
            # body's, up to its closer, then the wrapper's
            yield from _keyed._call(r, ctx, name, "", "</" + tag[1:])
            for close in ("</" + tag[1:],) + (closers(opener) or ("</function>",))[:1]:
                yield from startswith(r, close, skip_ws=True)
            return
        if tag is not None:                    # the arguments object, JSON, in its own element
            yield from arguments_value(r, ctx.start(name))    # (an object, a JSON string, a dict)
            ctx.end()
            for close in ("</" + tag[1:],) + (closers(opener) or ("</function>",))[:1]:
                yield from startswith(r, close, skip_ws=True)
            return
        if (yield from at_mark(r, ("<parameter=",))) is not None:
            # The Functions body's parameters (`<parameter=K>`), up to `</function>`: a Qwen3-Coder
            # call whose `<function=NAME>` came out as a name element (scouzi1966/maclocal-api#141).
            outer = tuple(closers(opener)[:1])
            yield from xml_call(r, ctx, _functions(outer, value), name)
            for close in outer:
                yield from startswith(r, close, skip_ws=True)
            return
        if (yield from at_mark(r, d.param.starts + d.call_close)) is None:
            # Not the invoke's parameters: tags named by their keys (`<path>…</path>`), the
            # Keyed body's, up to the element's own closer (`</function>`).
            close = (closers(opener) or ("</function>",))[0]
            yield from _keyed._call(r, ctx, name, "", close)
            yield from startswith(r, close, skip_ws=True)
            return
        yield from xml_call(r, ctx, d, name)
        # The element's own closer (`</function>`), if written: the invoke's parameters end
        # before it, and it is the call's markup, never content (N.E.K.O's free-model leaks).
        yield from startswith(r, (closers(opener) or ("</function>",))[0], skip_ws=True)
        for closer in d.block_close:           # the section's closer, if written
            if (yield from startswith(r, closer, skip_ws=True)):
                break


class Keyed(Body):
    """`<invoke name="NAME">`, then one tag per parameter named after it (`<path>…</path>`),
    objects and lists as nested elements, every tag perhaps after a namespace token `ns`
    (MiniMax-M3's `]<]minimax[>[`, markup wherever it stands between tags): the reader is
    formats/_keyed.py.  In the family's wrapper it is this body when the token follows, or an
    invoke tag whose tags carry it (MiniMax-M2's have none)."""

    syntax = "xml"

    def __init__(self, ns: str = ""):
        self.ns = ns

    def spot(self, look, eof, ctx, strict, ends=()):
        rest = look[:LOOK_MAX].lstrip()
        if self.ns and rest.startswith(self.ns):
            rest = rest[len(self.ns):]
        if not rest.startswith("<invoke"):
            return MAYBE if not eof and "<invoke".startswith(rest) else NO
        rest = rest[len("<invoke"):].lstrip()
        if not rest:
            return NO if eof else MAYBE
        if not rest.startswith("name="):
            return MAYBE if not eof and "name=".startswith(rest) else NO
        return YES

    def within(self, opener, look, eof, ctx, ends=()):
        rest = look[:LOOK_MAX].lstrip()
        if self.ns and rest.startswith(self.ns):
            return YES
        if rest.startswith(_keyed.INVOKE_NAME):
            return YES if self.ns and self.ns in rest else (MAYBE if not eof else NO)
        return MAYBE if not eof and any(t.startswith(rest) for t in (self.ns, _keyed.INVOKE_NAME) if t) else NO

    def read(self, r, ctx, opener, ends, value):
        yield from _keyed.block(r, ctx, self.ns, ends[0])


class Addressed(Body):
    """Harmony-like messages addressed by recipient (Muse): `to=RECIPIENT` `message`, then the
    message up to one of `ends`; the next one starts `start` then ` to=`.  The `thinking`
    recipient's message is reasoning, the `answer` recipient's content, any other recipient is a
    tool, whose message is a `calls` wrapper around the `inner` body.  A header is read only
    where one may stand: at the start of the content (`to=`), or after `start` (the opener being
    its first token; a recipient that starts `other` is another family's: harmony's `functions.`)."""

    syntax = "xml"

    def __init__(self, inner: Body, calls: str, start: str, message: str, ends: tuple[str, ...],
                 thinking: str = "self", answer: str = "user", other: str = ""):
        self.inner, self.calls, self.start, self.message, self.ends = inner, calls, start, message, ends
        self.thinking, self.answer, self.other = thinking, answer, other
        self.header = re.compile(_RECIPIENT.pattern + re.escape(message))
        self.prose_end = Matcher(ends + (start,))

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("to=", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        look = look[:LOOK_MAX]
        if opener != "to=":
            head = self.start[len(opener):] + " to="
            if len(look) < len(head):
                return MAYBE if not eof and head.startswith(look) else NO
            if not look.startswith(head) or (self.other and look[len(head):].startswith(self.other)):
                return NO
            look = look[len(head):]
        if self.header.match(look):
            return YES
        m = _RECIPIENT.match(look)
        rest = look[m.end():] if m else look          # (it matches "" too)
        return MAYBE if not eof and len(rest) < len(self.message) and self.message.startswith(rest) else NO

    def read(self, r, ctx, opener, ends, value):
        if opener != "to=":
            yield from startswith(r, self.start[len(opener):] + " to=")
        while True:
            m = yield from token(r, _RECIPIENT, 160)
            if m is None or not (yield from startswith(r, self.message)):
                raise Reject("not a header") if not ctx.block_calls else Truncated("cut off in a header")
            rcpt = m.group().strip()
            if rcpt in (self.thinking, self.answer):
                from ._channels import stream_until    # (_channels imports the parts)
                end = yield from stream_until(r, self.prose_end, reasoning=rcpt == self.thinking)
                if end is None:
                    return
                if end != self.start and not (yield from startswith(r, self.start, skip_ws=True)):
                    return
            else:
                if not (yield from startswith(r, self.calls, skip_ws=True)):
                    raise Reject("a tool message without a call block") if (yield from peek(r)) \
                        else Truncated("cut off before the call block")
                yield from self.inner.read(r, ctx, self.calls, ends, value)
                yield from trailer(r, self.ends)
                if not (yield from startswith(r, self.start, skip_ws=True)):
                    return
            if not (yield from startswith(r, " to=")) and not (yield from startswith(r, "to=", skip_ws=True)):
                raise Truncated("cut off in a header") if not (yield from peek(r)) else Reject("not a header")


# A recipient is any word a model addresses, a namespace or a `:` suffix included (Muse writes
# the call wrapper's own name, ` to=atem:function_calls<|message|>`, ollama's glimmer_test.go).
_RECIPIENT = re.compile(r"\s*[\w.\-:/]{1,128}\s*")


# Key/value tags are known by their role, not their spelling: a tag whose word ends in `key`
# (`<arg_key>`, `<param_key>`, `<ns|arg_key>`, `<|arg_key|>`), its value tag the same with
# `value`, an optional type tag between them the same with `type`.
_KEY_TAG = re.compile(r"<(?:[|｜]|[A-Za-z_][\w.\-]{0,31}[|:])?[A-Za-z_]{0,24}?key[|｜]?>")
_TAG_PREFIX = re.compile(r"<[^<>\n]{0,40}\Z")


class KeyValue(Body):
    """A name, then key/value tag pairs: `NAME<arg_key>K</arg_key><arg_value>V</arg_value>`.
    `key` is the key tag's spelling; the value and type tags are spelled after it by role.

    Named options, each a quirk of a family's real output (docs/syntax.md#glm):
    - `glued`: GLM's slips: the first key glued to the name, its key tag left out
      (`<tool_call>grep_toolpattern</arg_key>`, split on the longest declared tool name; or after
      a space or a second wrapper opener), a key tag or closer written twice, a value's opener
      left out (then the value must have its closer), a type tag between key and value, the name
      ended by HY-V3's `<tool_sep>`;
    - `call`: the call's own tag inside a section wrapper that holds several calls (HY-V3's
      `<tool_call>` in `<tool_calls>`; default: the wrapper's opener is the call's tag, one call);
    - `suffixes`: every tag may also be spelled with one of these before its `>` (HY-V3's
      `<arg_key:opensource>`)."""

    syntax = "xml"

    def __init__(self, key: str = "<arg_key>", value: str | None = None, type: str | None = None,
                 trim_nl: bool = True, glued: bool = False, call: str | None = None,
                 suffixes: tuple[str, ...] = ("",)):
        i = key.rfind("key")
        self.key = key
        self.value = value or key[:i] + "value" + key[i + 3:]
        self.type = type or key[:i] + "type" + key[i + 3:]
        self.trim_nl = trim_nl        # a newline at each end of a value is layout, not value
        self.glued, self.call, self.suffixes = glued, call, suffixes
        self.call_tag = call is None

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        return tag_after(rest, eof, (self.key, *ends))

    def within(self, opener, look, eof, ctx, ends=()):
        if self.call is not None:                  # a section: the call's own tag follows
            return tag_after(look, eof, _suffixed(self.call, self.suffixes))
        if not self.glued:
            return self.spot(look, eof, ctx, False, ends)
        return _glued_within(look, eof, opener, (self.key, *ends, closers(self.key)[0], closers(self.value)[0]),
                             closers(self.key)[0])

    @staticmethod
    def seen(look: str, eof: bool, ctx) -> tuple[Verdict, KeyValue | None]:
        """A declared tool's name, then a key tag of any spelling: (YES, the body it spells)."""
        v, rest = _named(look, eof, ctx, True)
        if v != YES:
            return v, None
        rest = _ESCAPED_NL.sub("", rest, count=1).lstrip()     # (`\n` written out: layout)
        m = _KEY_TAG.match(rest)
        if m is not None:
            return YES, KeyValue(m.group())
        return (MAYBE if not eof and (not rest or rest == "\\" or _TAG_PREFIX.match(rest)) else NO), None

    def read(self, r, ctx, opener, ends, value):
        if self.call is None:              # the wrapper's opener is the call tag's start:
            if r.at - len(opener) >= max(r.start, r.base) and r.buf.startswith(opener, r.pos - len(opener)):
                r.rewind(r.at - len(opener))   # read in this block (a nested wrapper's): again
            else:
                r.push_front(opener)
        if self.glued:
            d = _glued(self.call or opener, ends, self.key, self.value, self.type, self.suffixes,
                       self.call is not None, self.trim_nl, value)
            yield from block(r, ctx, d, name_of=split_glued(ctx))
            return
        yield from block(r, ctx, _key_value(opener, ends, self.key, self.value, self.type, value, self.trim_nl))


_ESCAPED_NL = re.compile(r"\A(?:\\n)+")


def _suffixed(tag: str, suffixes: tuple) -> tuple[str, ...]:
    """`tag` spelled with each of `suffixes` before its `>`."""
    return tuple(tag[:-1] + s + ">" for s in suffixes)


def _rx(tag: str, suffixes: tuple) -> str:
    """A regex for `tag` spelled with any of `suffixes` before its `>`."""
    sfx = [s for s in suffixes if s]
    return re.escape(tag[:-1]) + ("(?:" + "|".join(map(re.escape, sfx)) + ")?" if sfx else "") + ">"


_SEP_TAG = r"<tool_sep(?::\w+)?>"      # HY-V3 ends the name with it: `<tool_call>NAME<tool_sep>`


@functools.lru_cache(maxsize=32)
def _glued(call: str, ends: tuple, key: str, val: str, typ: str, suffixes: tuple, section: bool,
           trim_nl: bool, value: str) -> Dialect:
    """The Dialect of the GLM layout (`KeyValue(glued=True)`): calls opened by `call`, each
    closed by its closer, in a section closed by one of `ends` (`section`), else each in its
    own wrapper closed by one of `ends`."""
    k_close, v_close, t_close = closers(key)[0], closers(val)[0], closers(typ)[0]
    call_close = _suffixed(closers(call)[0], suffixes) if section else ends
    K, KC, V, T, TC, C = (_rx(t, suffixes) for t in (key, k_close, val, typ, t_close, call))
    # The name runs from the call tag to a newline, <tool_sep>, a key tag or the call's closer, or
    # to a stray value closer (`<tool_call>f</arg_value></tool_call>`: a call with no arguments that
    # closes a value it never opened; the closer is dropped as text between the call's tags).
    # A name may be followed by `\n` written out (backslash, n: an escaped newline the model spelled,
    # as vLLM's and SGLang's GLM / Ling 3 parsers allow): layout, like the newline it stands for.
    name = r"\s*(?P<name>[^<>\s]+?)(?:\\n)*\s*(?:" + _SEP_TAG + ")?"
    # A newline ends the name only right after it: one after a glued key's closer (or after other
    # whitespace) may still be followed by that key's value tag, and what the tag is must not
    # depend on whether the chunk ended there.
    name_end = (_SEP_TAG + r"|(?=" + re.escape(key[:-1]) + "[:>]|" + "|".join(re.escape(c[:-1]) for c in call_close)
                + "|" + _rx(v_close, suffixes) + r")|(?<![>\s])\n")
    # a closer written twice (`</arg_key></arg_key>`) is one; so is one with its `<` or `>` doubled
    key_close = rf"(?:{loose_closer(k_close) if not suffixes[1:] else '<?' + KC + '>?'}\s*)+"
    # the value's opener where it is expected, right after the key: one delimiter may be garbled
    V_AT = "(?:" + V + "|" + loose(val) + ")"
    V_AT_TAG = "(?:" + V + "|" + loose(val, ahead=False) + ")"      # (in a Tag's pattern)
    # a value written right after the key's closer, its opener left out: once what follows can
    # no longer be a garbled opener (`arg_v` may still become `arg_value>`)
    # (nor a value that would begin with `>`: a doubled one, `</arg_key>>`, may yet be followed
    # by the value's opener after a line break)
    LEFT_OUT = rf"(?=[^\s<>])(?!{loose_prefix(val)})"
    # The glued key may also follow the name after a space (`<tool_call>browser_action task</arg_key>`,
    # vllm#47190) or after a second call tag written for the key tag (getsigit/sigit#95).
    glued = r"\s*(?P<glued>[^<>\s]+?(?:(?:[ \t]+|" + C + r")[^<>\s]+)?)" + key_close + rf"(?P<opened>{V_AT_TAG})?"
    glued_end = key_close + rf"(?:{V_AT}|{LEFT_OUT})"
    # A value whose opener was left out (`<arg_key>q</arg_key>hi</arg_value>`) is read up to its
    # own closer, which it must then have (`opened` unmatched: no lenient end).  So is a key
    # opener written twice (`<arg_key><arg_key>path</arg_key>`, vllm-project/vllm#54971).  A typed
    # variant writes the value's type between the key and the value: a string type keeps it text.
    typed = rf"(?:{T}\s*(?P<type>[^<>]*?)\s*{TC}\s*)?"
    pair = Tag(_suffixed(key, suffixes),
               rf"(?:{K}>?\s*)+(?P<key>(?:(?!{re.escape(k_close[:-1])}).)*?)\s*" + key_close + typed
               + rf"(?P<opened>{V_AT_TAG})?",
               end=key_close + rf"(?:{T}[^<>]*{TC}\s*)?(?:{V_AT}|{LEFT_OUT})")
    call_tag = Tag(_suffixed(call, suffixes), C + "(?:" + name + "|" + glued + ")", end=name_end + "|" + glued_end)
    return Dialect(call=call_tag, call_close=call_close, param=pair, value_close=_suffixed(v_close, suffixes),
                   block_close=ends if section else (), many=section, trim_nl=trim_nl, untyped=VALUES[value],
                   json_strings=value == "json")


_IDENT = re.compile(r"\s*[A-Za-z_][\w.\-]*")


def _glued_within(look: str, eof: bool, opener: str, after: tuple, k_close: str) -> Verdict:
    """In a GLM-layout wrapper: a name (perhaps ended by `<tool_sep>`, HY-V3's), then one of
    `after` (a key tag, the call's closer, a stray closer); or a name, a separator (blanks, or
    the `opener` written again) and a key glued to its closer `k_close`."""
    look = look[:LOOK_MAX]
    m = _IDENT.match(look)
    if m is None:
        return MAYBE if not eof and not look.strip() else NO
    end = m.end()
    while look.startswith("\\n", end):          # `\n` written out after the name: layout
        end += 2
    if not eof and look[end:] == "\\":
        return MAYBE
    sep = _SEP.match(look, end)
    if sep is not None:
        end = sep.end()
    elif not eof and len(look) > end + 1 and "<tool_sep".startswith(look[end:end + 9]):
        return MAYBE
    if end < len(look):
        found = tag_after(look[end:], eof, after)
        if found is not NO:
            return found
    elif not eof:
        return MAYBE
    rest = look[end:]
    sep = _SPLIT.match(rest)
    if sep is not None and (sep.group()[0] != "<" or sep.group() == opener):
        key = _KEY_CHARS.match(rest, sep.end())
        tail = rest[key.end():]  # type: ignore[union-attr]  # (it matches "" too)
        if key.end() > sep.end() and tail.startswith(k_close):  # type: ignore[union-attr]
            return YES
        return MAYBE if not eof and k_close.startswith(tail) else NO
    return MAYBE if not eof and rest and opener.startswith(rest) else NO


_KEY_CHARS = re.compile(r"[^<>\s]*")
_SEP = re.compile(_SEP_TAG)


def split_glued(ctx):
    """A call tag's name, or (name, key) when its first key is glued to it: the longest declared
    tool name the glued text starts with, the rest the key (Reject when none fits)."""
    def name_of(tag):
        glued = tag.groupdict().get("glued")
        if glued is None:
            return tag.group("name")
        parts = _SPLIT.split(glued)
        if len(parts) == 2:                   # NAME KEY: the name must be a declared tool's
            name, key = parts
            if not declared(ctx, name):
                raise Reject("a key glued to an undeclared name")
            return name, key
        names = sorted((n for n in (ctx.tools or ()) if glued.startswith(n) and len(n) < len(glued)),
                       key=len, reverse=True)
        if not names:
            raise Reject("a key glued to an undeclared name")
        return names[0], glued[len(names[0]):]
    return name_of


_SPLIT = re.compile(r"[ \t]+|<[^<>\s]*>")


def _alt(literals) -> str:
    return "(?:" + "|".join(re.escape(x) for x in _longest(literals)) + ")"


@functools.lru_cache(maxsize=64)
def _key_value(opener: str, ends: tuple, key: str, val: str, typ: str, value: str, trim_nl: bool) -> Dialect:
    """The Dialect of a name then key/value tags inside the wrapper `opener` … one of `ends`."""
    # The call's tag: the wrapper's opener and the name, which ends at the first key tag, at the
    # end of its line, or (no arguments) at the wrapper's closer.
    call = Tag((opener,), re.escape(opener) + r"\s*(?P<name>[^<>\n]+?)(?:\\n)*\s*",
               end=rf"(?={_alt((key, *ends))})|\n")
    k_close, t_close, v_close = closers(key), closers(typ), closers(val)
    # (a tag between a key and its value one delimiter off is that tag: `_xml.loose`)
    param = Tag((key,), re.escape(key) + r">?\s*(?P<key>[^<>]*?)\s*" + "(?:" + "|".join(map(loose_closer, k_close))
                + rf")\s*(?:{re.escape(typ)}\s*(?P<type>[^<>]*?)\s*{_alt(t_close)}\s*)?" + loose(val, ahead=False),
                end=loose(val))
    return Dialect(call=call, call_close=ends, param=param, value_close=v_close,
                   trim_nl=trim_nl, untyped=VALUES[value], json_strings=value == "json")


_LINES = re.compile(r"[ \t]*\n\s*[\w.\-]{1,64}[ \t]*=")
_LINES_PREFIX = re.compile(r"[ \t]*(?:\n\s*(?:[\w.\-]{1,64}[ \t]*)?)?\Z")
# Pairs on the name's own line, `NAME a=1 b="x y"` (GLM 4.7's plain-text calls, mlx-lm's glm47
# parser): each key glued to its `=`, a value with blanks quoted as a shell quotes it.
_INLINE = re.compile(r"[ \t]+[\w.\-]{1,64}=")
_INLINE_PREFIX = re.compile(r"[ \t]+[\w.\-]{0,64}\Z")
_QUOTED_END = {'"': re.compile(r'["\\]'), "'": re.compile("'")}


class KeyEquals(Body):
    """A name, then `key=value` pairs: one line per pair after the name's line, or on the name's
    own line, separated by blanks, a value holding blanks in shell quotes (`"…"`, `'…'`; a quoted
    value is a string unless the tool's schema types it)."""

    syntax = "xml"

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        if _LINES.match(rest) or _INLINE.match(rest):
            return YES
        return MAYBE if not eof and (_LINES_PREFIX.match(rest) or _INLINE_PREFIX.match(rest[:LOOK_MAX])) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        name = ctx.check(m.group().strip())
        inline = (yield from peek_raw(r)) in (" ", "\t")
        stop = re.compile((r"\s|" if inline else r"\n|") + _alt(ends))
        a = None
        while True:
            c = yield from peek(r)
            if not c:
                if a is None:
                    raise Truncated("cut off in a call")
                raise Truncated("cut off before the end of the call")
            lit = yield from at_mark(r, _longest(ends))
            if lit is not None:
                r.pos += len(lit)
                break
            k = yield from token(r, _NAME_TOKEN, 256)
            if k is None or not (yield from startswith(r, "=", skip_ws=not inline)):
                if a is None:
                    raise Reject("not a key=value line", r.at)
                raise Bad("not a key=value line")
            key = k.group().strip()
            if a is None:
                a = ctx.start(name)
                a.begin("{")
            a.key(key)
            found = param_kinds(ctx, name, key)
            q = (yield from peek_raw(r)) if inline else ""
            if q in _QUOTED_END:
                r.pos += 1
                text = yield from _quoted(r, q)
                kind = STRING if found is None else found
                after = yield from peek_raw(r)
                if after and not after.isspace() and (yield from at_mark(r, _longest(ends))) is None:
                    raise Bad("text after a quoted value")
            else:
                text, _ = yield from until_any(r, stop)
                text, kind = text.strip(), VALUES[value] if found is None else found
            v = Value(a, kind)
            v.feed(text)
            v.end()
        if a is None:
            ctx.start(name)
        else:
            a.end()
        ctx.end()


def _quoted(r, q: str):
    """A shell-quoted value's text, its opening quote consumed: up to the closing quote
    (consumed); in double quotes a backslash before `"` or a backslash stands for that character
    (one before any other is the value's own, `"C:\\tmp"`)."""
    out = []
    while True:
        text, m = yield from until_any(r, _QUOTED_END[q])
        out.append(text)
        if m is None:
            raise Truncated("cut off in a quoted value")
        r.pos += 1
        if m.group() == q:
            return "".join(out)
        c = yield from peek_raw(r)              # (after a backslash)
        if not c:
            raise Truncated("cut off in a quoted value")
        if c in '"\\':
            out.append(c)
            r.pos += 1
        else:
            out.append("\\")


_SPECIAL = re.compile(r"\s*<[|｜][^<>|｜\n]{1,48}[|｜]>")
_SPECIAL_PREFIX = re.compile(r"\s*<(?:[|｜][^<>|｜\n]{0,48}(?:[|｜]>?)?)?")
_PARAMS = ("<parameter=", "<parameter name=")
# A content-type word between header tokens (harmony's `<|constrain|>json<|message|>`, PLaMo 3's
# `<|plamo:constrain|>json<|plamo:msg|>`): a word, then a token; and every prefix of one.
_TYPED = re.compile(r"[A-Za-z]{1,16}<[|｜][^<>|｜\n]{1,48}[|｜]>")
_TYPED_PREFIX = re.compile(r"[A-Za-z]{1,16}(?:<(?:[|｜][^<>|｜\n]{0,48}(?:[|｜]>?)?)?)?")


class Framed(Body):
    """A frame in the harmony style, in any namespace: a name, then header tokens, then the
    arguments as JSON or as `<parameter=K>` tags, up to the frame's next token:
    `<|x:begin_tool_name:x|>NAME<|x:end_tool_name:x|><|x:msg|>{…}<|x:end|>`."""

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        n = 0
        while (m := _SPECIAL.match(rest) or (_TYPED.match(rest) if n else None)) is not None:
            rest, n = rest[m.end():], n + 1
        if not n:
            return MAYBE if not eof and _SPECIAL_PREFIX.fullmatch(rest) else NO
        if rest.lstrip().startswith("{"):
            return YES
        if not eof and (_SPECIAL_PREFIX.fullmatch(rest) or _TYPED_PREFIX.fullmatch(rest)):
            return MAYBE
        return tag_after(rest, eof, _PARAMS)

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        name = ctx.check(m.group().strip())
        yield from _specials(r)
        if (yield from peek(r)) == "{":
            yield from call_object(r, ctx, name=name)
        else:
            yield from xml_call(r, ctx, _framed(value), name)
        at = r.at
        yield from _specials(r, 1)             # the frame's end token
        if r.at > at:
            yield from _closer(r, ends)        # (and the wrapper's closer, when it has one)


def _specials(r, most: int = 64):
    """Skip up to `most` special tokens (`<|…|>`) at the reader, and a content-type word between
    two of them."""
    for i in range(most):
        at = r.at
        m = yield from token(r, _SPECIAL_PREFIX, 64)
        if (m is None or not m.group().endswith(">")) and i:
            r.rewind(at)
            m = yield from token(r, _TYPED_PREFIX, 80)
            if m is not None and not _TYPED.fullmatch(m.group()):
                m = None
        if m is None or not m.group().endswith(">"):
            r.rewind(at)
            return


@functools.lru_cache(maxsize=4)
def _framed(value: str) -> Dialect:
    """`<parameter=K>V</parameter>` tags up to the frame's next special token."""
    return Dialect(call=FUNCTION, call_close=(), param=PARAMETER, value_close=("</parameter>",),
                   block_close=("<|", "<｜"), trim_nl=True, untyped=VALUES[value])


_PAREN_JSON = re.compile(r"\s*\(\s*\{")
_PAREN_KW = re.compile(r"\s*\(\s*(?:\)|[A-Za-z_]\w*\s*=(?!=))")
_PAREN_PREFIX = re.compile(r"\s*(?:\(\s*(?:[A-Za-z_]\w*\s*)?)?\Z")


_PRINT = "print("


class Called(Body):
    """A name, then its arguments in parentheses: a JSON object, `NAME({"a": 1})`, or Python
    keywords, `NAME(a=1, b="x")` (the pythonic reader's: then more calls may follow, one per
    line); vllm-mlx's Qwen3 call line is `[Calling tool: NAME({…})]`.  A Python call may be
    wrapped in `print(…)`, as Google's examples write it (Gemini's
    `<tool_code>print(default_api.NAME(a=1))</tool_code>`)."""

    worded = True

    def spot(self, look, eof, ctx, strict, ends=()):
        head = look[:LOOK_MAX].lstrip()
        if head.startswith(_PRINT):
            look = head[len(_PRINT):]
            if not _NAME.match(look) and (eof or look.strip()):
                return NO
        elif not eof and head and _PRINT.startswith(head):
            return MAYBE
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        if _PAREN_JSON.match(rest) or _PAREN_KW.match(rest):
            return YES
        return MAYBE if not eof and _PAREN_PREFIX.match(rest) else NO

    def read(self, r, ctx, opener, ends, value):
        yield from peek(r)                       # (the name's leading blanks)
        at = r.at
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        if (yield from startswith(r, "(", skip_ws=True)) and (yield from peek(r)) == "{":
            yield from call_object(r, ctx, name=ctx.check(m.group().strip()))
            if not (yield from startswith(r, ")", skip_ws=True)):
                raise Bad("expected ')'") if (yield from peek(r)) else Truncated("cut off before ')'")
        else:
            r.rewind(at)
            yield from _python_lines(r, ctx, _longest(ends))
        yield from _closer(r, ends)


def _python_lines(r, ctx, ends: tuple):
    """Python calls, one per line, each perhaps in `print(…)`, up to one of `ends` or what is no
    call (the first is one: `spot` said so)."""
    from ._pythonic import call as python_call
    first = True
    while True:
        c = yield from peek(r)
        if not c or (yield from at_mark(r, ends)) is not None:
            return                       # (a `[/X]` closer is no list of calls)
        at = r.at
        printed = yield from startswith(r, _PRINT)
        if not first and not (yield from _call_next(r)):
            r.rewind(at)
            return
        yield from python_call(r, ctx)
        if printed and not (yield from startswith(r, ")", skip_ws=True)):
            raise Bad("expected ')'") if (yield from peek(r)) else Truncated("cut off before ')'")
        first = False


def _call_next(r):
    """Does a Python call start at the reader (`NAME(` then `)` or a keyword)?  Nothing consumed."""
    from ._code import call_follows
    while True:
        look = r.buf[r.pos:r.pos + LOOK_MAX]
        v = call_follows(look, r.eof or len(look) >= LOOK_MAX)
        if v != MAYBE:
            return v == YES
        if not (yield from more(r)):
            return call_follows(look, True) == YES


# HTML's own elements are never a made-up call wrapper: a model writing HTML writes them, and
# some of them quote what they hold (`<pre>`, `<code>`, `<blockquote>`: quotes.py), so a call
# written in one is shown, not made.
_HTML = frozenset("""a abbr address article aside b bdi bdo big blockquote body br button caption center cite code
    col dd del details dfn dialog div dl dt em fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 head
    header hr html i iframe img input ins kbd label legend li listing main mark menu nav noscript object ol
    optgroup option output p param picture plaintext pre q rp rt ruby s samp script section select small span
    strike strong style sub summary sup table tbody td template textarea tfoot th thead time title tr tt u ul
    var video xmp""".split())
_TAG_WORD = re.compile(r"<\s*([A-Za-z][A-Za-z0-9]*)[\s>]")


def html_element(opener: str) -> bool:
    """Is `opener` the start tag of one of HTML's own elements (`<pre>`, `<div class=x>`)?"""
    m = _TAG_WORD.match(opener)
    return m is not None and m.group(1).lower() in _HTML


class Bare(Body):
    """A declared name alone before the wrapper's closer: a call with no arguments, unless
    parameter markup follows the closer (then those are its arguments, or it is no call); or
    the name, a connecting phrase and JSON arguments, `NAME with arguments: {…}` (formats/_call_line.py)."""

    worded = True

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        if CONNECTOR.match(rest):
            return YES
        head = rest.lstrip()
        if any(head.startswith(e) for e in ends):
            return YES
        if not eof and (any(e.startswith(head) for e in ends) or CONNECTOR_PREFIX.match(rest[:LOOK_MAX])):
            return MAYBE
        return NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        name = ctx.check(m.group().strip())
        if (yield from token(r, CONNECTOR, 64)) is not None:
            yield from call_object(r, ctx, name=name)
            if (yield from peek(r)) and (yield from at_mark(r, ends)) is None:
                raise Bad("text after the arguments, before the wrapper's closer")
            yield from _closer(r, ends)
            return
        yield from _closer(r, ends)
        found = yield from params_after(r)
        if found is not None:
            yield from arguments(r, ctx, name, value, found)
            return
        ctx.start(name)
        ctx.end()


# The bodies a wrapper no format declares may hold, in the order they are asked.
BODIES: tuple[Body, ...] = (JsonCalls(), Functions(), Invoke(), NamedJson(), KeyEquals(), Framed(), Called(),
                            Element(Invoke()))
BARE = Bare()


def pick(look: str, eof: bool, ctx, opener: str = "", bodies: tuple = ()) -> tuple[Verdict, Body | None]:
    """Which known body (of BODIES and `bodies`) follows an unknown wrapper's opener (naming a
    declared tool): (YES, it), MAYBE while more text may tell, or (NO, None)."""
    look = look[:LOOK_MAX]
    if html_element(opener):
        return NO, None                          # `<pre>`, `<div>`: HTML, never a call's wrapper
    callish = says_call(opener)
    if opener.startswith("[") and opener.endswith(":") and not callish:
        return NO, None                          # `[Note: …]` is prose
    wait = False
    v, kv = KeyValue.seen(look, eof, ctx)
    if v == YES:
        return YES, kv
    wait = v == MAYBE
    for body in BODIES + bodies:
        if body.worded and not callish:
            continue
        v = body.spot(look, eof, ctx, True)
        if v == YES:
            return YES, body
        wait = wait or v == MAYBE
    if callish and not wait:                     # (a longer body may still follow the name)
        v = BARE.spot(look, eof, ctx, True, closers(opener))
        if v == YES:
            return YES, BARE
        wait = wait or v == MAYBE
    return (MAYBE if wait and not eof else NO), None


# ---------------------------------------------------------------------------- declared families
class Family(Format):
    """A format made of known parts, declared in one line:

        Family("acme", "<acme_call>", KeyValue("<param_key>"), value="text")

    `opener`: the wrapper's opener, or several (the first is the usual one; none for a family that
    opens only at the start of the content, `start_bodies`: bare_json); `closer`: its
    closer (default: spelled by `closers` from each opener), or {opener: closer} for openers
    closed otherwise (None: no closer), or a function spelling each opener's closers (`closers`:
    a wrapper known only by its shape); `body`: a Body; `value`: the value encoding of a tag body
    (a key of VALUES).  A wrapper is told apart from another family's by what follows it
    (`Body.within`), unless it is `own`: openers (True: all of them) that no other family writes,
    where a malformed body is this family's error, never another's call.
    `inline`: openers that are the start of the body's own first tag (`<function=`, `<invoke
    name="`): a server stripped the wrapper, and the opener is read as the body's first tag;
    `tool_inline` the same, only with tools declared and for a declared tool (it opens a block
    after prose too).  `bodies`: {opener: Body} for openers whose block holds another known
    body (a family's drift into another layout); `tool_bodies` the same, opening only with tools
    declared, for a declared tool.  `glued`: {opener: tag} for openers a provider glued from the
    wrapper and the first call's tag by dropping the tokens between them (Kimi K3's
    `<|open|>toolscall`): read as the wrapper, then `tag`.  `start_bodies`: like `bodies`, for
    openers that count only as the first thing in the content.  `trailers`: tokens that end the
    family's message after a block of the main body (Muse's `<|eom|>`): one, after whitespace,
    is the block's.
    `start_inline`: openers that are the body's first text and count only as the first thing in
    the content (a bare `[` before a pythonic list); `name_inline`: a declared tool's name opening
    the content is the body's first text (a server stripped every marker before it).  Such a lead
    closes as `closer` says for it (a dict entry, or the family's closer); with none, the block
    ends with the body.  An opener listed first among `opener` sets the family's `closer` even
    when it is a lead (None: the family has no one closer).
    Any other keyword is a Format attribute (`models`, `specials`,
    `description`, `aliases`, `priority`, `example`…)."""

    from_parts = True

    def __init__(self, name: str, opener: str | tuple[str, ...], body: Body,
                 closer: str | dict | Callable[[str], tuple[str, ...]] | None = None, value: str = "json", *,
                 own: bool | tuple = (),
                 inline: tuple[str, ...] = (), tool_inline: tuple[str, ...] = (),
                 bodies: dict | None = None, tool_bodies: dict | None = None, glued: dict | None = None,
                 start_bodies: dict | None = None, trailers: tuple[str, ...] = (),
                 start_inline: tuple[str, ...] = (), name_inline: bool = False, **attrs):
        if value not in VALUES:
            raise ValueError(f"value encoding {value!r}: one of {', '.join(VALUES)}")
        listed = (opener,) if isinstance(opener, str) else tuple(opener)
        # A body whose shape says whose it is (`Body.shape_lead`), in a family whose closer is a
        # distinctive token: its opener stripped, the body opening the content is the call, for
        # a declared tool, its closer markup (Apertus' `[{"NAME": {…}}]<|tools_suffix|>`).
        stripped = (body.shape_lead,) if body.shape_lead and isinstance(closer, str) and _CLOSER_TOKEN.fullmatch(closer) else ()
        # (an inline opener may be listed among the wrappers, for the order the docs show)
        wrappers = tuple(o for o in listed if o not in inline and o not in start_inline)
        self.name, self.body, self.value = name, body, value
        self.bodies = {**(bodies or {}), **(tool_bodies or {}), **(start_bodies or {})}
        self.start_openers = tuple(start_bodies or ()) + tuple(start_inline) + stripped
        self.trailers = trailers
        self.glued = glued or {}
        anywhere = tuple(o for o in listed if o not in start_inline)
        self.openers = tuple(dict.fromkeys(anywhere + tuple(self.glued) + tuple(inline) + tuple(bodies or ())))
        self.tool_openers = tuple(tool_inline) + tuple(tool_bodies or ())
        self.strict_bodies = frozenset(tool_bodies or ())
        self.inline, self.strict = frozenset(inline + tool_inline + start_inline + stripped), frozenset(tool_inline + stripped)
        # name_inline: the name is the body's own first text (pushed back to it); a body that reads
        # the name from its opener itself (NameArgs) sets only the Format attribute `name_openers`
        self.name_openers = self.name_lead = name_inline
        self.leads = frozenset(start_inline + stripped)      # (and a declared name, which is no opener)
        self.own = frozenset(wrappers if own is True else own or ())
        self.spell = closer if callable(closer) else None
        given = closer if isinstance(closer, dict) else {}
        if isinstance(closer, str):
            ends: tuple = (closer,)
        else:
            ends = tuple(c for o in wrappers for c in ((given[o],) if o in given else closers(o)) if c)
        self.closes = _longest(ends)
        first = ends[0] if ends else None
        self.closer = (closer if isinstance(closer, str) else given[listed[0]] if listed and listed[0] in given
                       else given.get(wrappers[0], first) if wrappers else first)
        self._closer_of = given
        self.syntax = body.syntax
        self.description = f"{(self.openers + self.start_openers + (name,))[0]} {type(body).__name__} {self.closer}"
        for k, v in attrs.items():
            setattr(self, k, v)
        self.known = frozenset(self.openers + self.start_openers + self.tool_openers)
        # wrapper tokens a model may write twice (`<|tool_call|><|tool_call|>{…}`): one opener
        self.doubles = frozenset(o for o in wrappers if o not in self.glued and _TOKEN.fullmatch(o))

    def closer_for(self, opener):
        if self.spell is not None:
            ends = self.spell(opener)
            return ends[0] if ends else None
        return self._closer_of.get(opener, self.closer)

    def decide(self, opener, look, eof, ctx, bent: bool = False):
        """`bent`: `opener` stood for a bent spelling of it (_known.unbent), which no family owns:
        what follows decides, as after a shared opener."""
        if opener in self.doubles:
            rest = look.lstrip()
            if rest.startswith(opener):          # the opener again: what follows decides
                return self.decide(opener, rest[len(opener):], eof, ctx, bent)
            if rest and not eof and len(rest) < len(opener) and opener.startswith(rest):
                return MAYBE
        if opener in self.glued:
            # the head of its glued tag (`<|open|>toolscall`): its attributes, then a token
            return attributes(look, eof, "<")
        if opener in self.own and not bent and not (opener in self.inline and opener[-1].isalnum()):
            # (the head of the body's first tag, `<steptml:invoke`, claims what its body
            # spots: prose that quotes the head is text, not a tag the end of the stream cut)
            return YES
        if opener in self.bodies:
            body = self.bodies[opener]
            if opener in self.strict_bodies:
                return body.spot(look, eof, ctx, True, self.closes)
            return body.within(opener, look, eof, ctx, self.closes)
        if opener in self.inline or self.named(opener):
            return self.body.spot(opener + look, eof, ctx, opener in self.strict, self.closes)
        return self.body.within(opener, look, eof, ctx, self.closes)

    def named(self, opener: str) -> bool:
        """Is `opener` a declared tool's name opening the content (`name_inline`)?"""
        return self.name_lead and opener not in self.known

    def parse(self, r, ctx, opener):
        body = self.bodies.get(opener, self.body)
        named = self.named(opener)
        if (opener in self.inline or named or opener in self.glued or self.spell is not None
                or (self.trailers and body is self.body) or opener in self.doubles):
            return self._parse(r, ctx, opener, body, bool(named))
        # The body's reader itself, with no generator of Family's around it: every chunk of the
        # block resumes one frame fewer.
        return body.read(r, ctx, opener, self.closes, self.value)

    def _parse(self, r, ctx, opener, body, named):
        ends = self.closes if self.spell is None else _longest(self.spell(opener))
        if opener in self.inline or named:
            # the opener is the start of the body's first tag (a line opener's newline is not)
            r.push_front(opener.lstrip("\n"))
            if (opener in self.leads or named) and self.closer_for(opener) is None:
                ends = ()                  # a lead with no closer: the block ends with the body
        elif opener in self.glued:
            r.push_front(self.glued[opener])
        elif opener in self.doubles and again(r, opener) is None:
            yield from repeated(r, opener)
        if named and body.call_tag:
            # (the name's call tag was stripped with it: the body reads it as the wrapper's)
            opener = self.openers[0]
        if not (self.trailers and body is self.body):
            # (the body's reader drives the block from here: no frame of this one around it)
            yield Handoff(body.read(r, ctx, opener, ends, self.value))
            return
        yield from body.read(r, ctx, opener, ends, self.value)
        yield from trailer(r, self.trailers)


# A whole special or tag token (`<|tool_call|>`, `<｜tool▁calls▁begin｜>`, `<tool_call>`, `[TOOL_CALL]`)
_TOKEN = re.compile(r"<[^<>\s]+>|\[[A-Z_]+\]")
_CLOSER_TOKEN = re.compile(r"<[^<>\s]+>|\[/?[A-Z_]+\]")
_SPACE = re.compile(r"\s*")


def repeated(r, opener: str):
    """The opener written again after the one that opened the block (whitespace between it),
    as often as it is, consumed: the doubled token is markup, one opener."""
    while again(r, opener) is None and (yield from more(r)):
        pass


def again(r, opener: str) -> bool | None:
    """The opener written again, as often as the text at hand has it, consumed: False when what
    follows is something else, None when it may still be the opener (more text decides).
    (A plain function: the commonest case, no doubled opener, costs no generator.)"""
    while True:
        j = _SPACE.match(r.buf, r.pos).end()  # type: ignore[union-attr]  # (\s* always matches)
        rest = r.buf[j:j + len(opener)]
        if rest == opener:
            r.pos = j + len(opener)
        else:
            return None if opener.startswith(rest) else False


def trailer(r, tokens: tuple):
    """One of `tokens`, after whitespace, consumed (nothing when none is next)."""
    for t in tokens:
        if (yield from startswith(r, t, skip_ws=True)):
            return
