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

from . import MAYBE, NO, YES, Format, Verdict, declared
from ._json import LOOK_MAX, call_array, call_object, names_declared
from ._typed import ANY, STRING, Value, param_kinds
from ._xml import Dialect, Tag, at_mark, block, invoke_dialect, tag_after
from ._xml import call as xml_call
from ..reader import Bad, Reject, Truncated, peek, startswith, token, until_any

VALUES = {"json": ANY, "text": STRING}      # a value encoding: what an untyped value is read as


# ---------------------------------------------------------------------------- wrappers
_PAIRS = (("begin", "end"), ("start", "end"), ("open", "close"))


@functools.lru_cache(maxsize=256)
def closers(opener: str) -> tuple[str, ...]:
    """How a wrapper opened by `opener` is closed, the usual spelling first: a `begin` / `start`
    / `open` word turned into `end` / `close`, else the opener with a slash (`</x>`, `<|/x|>`,
    `</ns|x>`, `[/X]`, `<<</X>>>`), or an `_end` suffix (`<|x_end|>`, DeepSeek's `<｜x▁end｜>`),
    or (an envelope of angle-bracket runs) an `END_` prefix (`<<<END_X>>>`).  A call line
    `[Calling tool: …` ends at `]`."""
    if opener.startswith("[") and opener.endswith(":"):
        return ("]",)                      # a call line, `[Calling tool: NAME(…)]`
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
    # (DeepSeek's fullwidth tokens join words with `▁`)
    for sep in ("▁_" if "▁" in inner or left == "<｜" else "_"):
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
_NAME = re.compile(r"\s*([\w.\-]{1,64})")
_NAME_TOKEN = re.compile(r"\s*[\w.\-]{1,64}")


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

    def spot(self, look: str, eof: bool, ctx, strict: bool, ends: tuple = ()) -> Verdict:
        """`ends`: the closers of a declared family's wrapper (a name-led body may end there:
        a call with no arguments)."""
        raise NotImplementedError

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
    """A name, then JSON arguments: `NAME\\n{…}`, `NAME>{…}`, `NAME {…}`."""

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        if _JSON_AFTER.match(rest):
            return YES
        return MAYBE if not eof and _JSON_AFTER_PREFIX.match(rest) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        name = ctx.check(m.group().strip())
        for sep in (">", ":"):
            if (yield from startswith(r, sep, skip_ws=True)):
                break
        yield from call_object(r, ctx, name=name)
        yield from _closer(r, ends)


_FUNCTION = re.compile(r"""\s*<function=\s*(["']?)([^<>\n]*?)\1\s*>""")
_FUNCTION_BODY = ("<parameter=", "<parameter name=", "</function>")


class Functions(Body):
    """Qwen3-Coder's `<function=NAME><parameter=K>V</parameter></function>`."""

    syntax = "xml"

    def spot(self, look, eof, ctx, strict, ends=()):
        m = _FUNCTION.match(look)
        if m is None:
            rest = look.lstrip()
            return MAYBE if not eof and ("<function=".startswith(rest) or
                                         (rest.startswith("<function=") and ">" not in rest)) else NO
        if strict and not declared(ctx, m.group(2).strip()):
            return NO
        return tag_after(look[m.end():], eof, _FUNCTION_BODY)

    def read(self, r, ctx, opener, ends, value):
        yield from block(r, ctx, _functions(ends, value))


@functools.lru_cache(maxsize=64)
def _functions(ends: tuple, value: str) -> Dialect:
    from .qwen3_coder import FUNCTION, PARAMETER
    return Dialect(call=FUNCTION, call_close=("</function>",), param=PARAMETER,
                   value_close=("</parameter>",), block_close=ends, trim_nl=True,
                   untyped=VALUES[value])


# (its tags in any namespace: `<ns:invoke …>`, `<ns|invoke …>`; Muse writes `<atem:invoke …>`)
_NS = r"(?:[A-Za-z_][\w.\-]{0,31}[:|])?"
_INVOKE = re.compile(r'\s*<(' + _NS + r')invoke\s+name\s*=\s*"([^"<>\n]*)"\s*>')
_INVOKE_PREFIX = re.compile(r"\s*<(?:[A-Za-z_][\w.\-]{0,31}|" + _NS
                            + r"(?:i(?:n(?:v(?:o(?:k(?:e(?:\s[^<>]*)?)?)?)?)?)?)?)?\Z")


class Invoke(Body):
    """MiniMax's `<invoke name="NAME"><parameter name="K">V</parameter></invoke>`, its tags in
    any namespace (`<ns:invoke …><ns:parameter …>…</ns:parameter></ns:invoke>`)."""

    syntax = "xml"

    def spot(self, look, eof, ctx, strict, ends=()):
        m = _INVOKE.match(look)
        if m is None:
            return MAYBE if not eof and _INVOKE_PREFIX.match(look[:200]) else NO
        if strict and not declared(ctx, m.group(2)):
            return NO
        ns = m.group(1)
        return tag_after(look[m.end():], eof, (f"<{ns}parameter", f"</{ns}invoke>"))

    def read(self, r, ctx, opener, ends, value):
        m = _INVOKE.match(r.buf, r.pos)         # (spot saw the whole tag: it is in the buffer)
        yield from block(r, ctx, _invoke(ends, value, m.group(1) if m else ""))


@functools.lru_cache(maxsize=64)
def _invoke(ends: tuple, value: str, ns: str = "") -> Dialect:
    return invoke_dialect(prefixes=(ns,), block_close=ends, untyped=VALUES[value])


# Key/value tags are known by their role, not their spelling: a tag whose word ends in `key`
# (`<arg_key>`, `<param_key>`, `<ns|arg_key>`, `<|arg_key|>`), its value tag the same with
# `value`, an optional type tag between them the same with `type`.
_KEY_TAG = re.compile(r"<(?:[|｜]|[A-Za-z_][\w.\-]{0,31}[|:])?[A-Za-z_]{0,24}?key[|｜]?>")
_TAG_PREFIX = re.compile(r"<[^<>\n]{0,40}\Z")


class KeyValue(Body):
    """A name, then key/value tag pairs: `NAME<arg_key>K</arg_key><arg_value>V</arg_value>`.
    `key` is the key tag's spelling; the value and type tags are spelled after it by role."""

    syntax = "xml"

    def __init__(self, key: str = "<arg_key>", value: str | None = None, type: str | None = None,
                 trim_nl: bool = True):
        i = key.rfind("key")
        self.key = key
        self.value = value or key[:i] + "value" + key[i + 3:]
        self.type = type or key[:i] + "type" + key[i + 3:]
        self.trim_nl = trim_nl        # a newline at each end of a value is layout, not value

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        return tag_after(rest, eof, (self.key, *ends))

    @staticmethod
    def seen(look: str, eof: bool, ctx) -> tuple[Verdict, KeyValue | None]:
        """A declared tool's name, then a key tag of any spelling: (YES, the body it spells)."""
        v, rest = _named(look, eof, ctx, True)
        if v != YES:
            return v, None
        rest = rest.lstrip()
        m = _KEY_TAG.match(rest)
        if m is not None:
            return YES, KeyValue(m.group())
        return (MAYBE if not eof and (not rest or _TAG_PREFIX.match(rest)) else NO), None

    def read(self, r, ctx, opener, ends, value):
        r.push_front(opener)               # the wrapper's opener is the call tag's start
        yield from block(r, ctx, _key_value(opener, ends, self.key, self.value, self.type, value, self.trim_nl))


def _alt(literals) -> str:
    return "(?:" + "|".join(re.escape(x) for x in _longest(literals)) + ")"


@functools.lru_cache(maxsize=64)
def _key_value(opener: str, ends: tuple, key: str, val: str, typ: str, value: str, trim_nl: bool) -> Dialect:
    """The Dialect of a name then key/value tags inside the wrapper `opener` … one of `ends`."""
    # The call's tag: the wrapper's opener and the name, which ends at the first key tag, at the
    # end of its line, or (no arguments) at the wrapper's closer.
    call = Tag((opener,), re.escape(opener) + r"\s*(?P<name>[^<>\n]+?)\s*",
               end=rf"(?={_alt((key, *ends))})|\n")
    k_close, t_close, v_close = closers(key), closers(typ), closers(val)
    param = Tag((key,), re.escape(key) + r"\s*(?P<key>[^<>]*?)\s*" + _alt(k_close)
                + rf"\s*(?:{re.escape(typ)}\s*(?P<type>[^<>]*?)\s*{_alt(t_close)}\s*)?" + re.escape(val),
                end=re.escape(val))
    return Dialect(call=call, call_close=ends, param=param, value_close=v_close,
                   trim_nl=trim_nl, untyped=VALUES[value])


_LINES = re.compile(r"[ \t]*\n\s*[\w.\-]{1,64}[ \t]*=")
_LINES_PREFIX = re.compile(r"[ \t]*(?:\n\s*(?:[\w.\-]{1,64}[ \t]*)?)?\Z")


class KeyEquals(Body):
    """A name on its line, then one `key=value` line per argument."""

    syntax = "xml"

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        if _LINES.match(rest):
            return YES
        return MAYBE if not eof and _LINES_PREFIX.match(rest) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        name = ctx.check(m.group().strip())
        stop = re.compile(r"\n|" + _alt(ends))
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
            if k is None or not (yield from startswith(r, "=", skip_ws=True)):
                if a is None:
                    raise Reject("not a key=value line", r.at)
                raise Bad("not a key=value line")
            key = k.group().strip()
            if a is None:
                a = ctx.start(name)
                a.begin("{")
            a.key(key)
            text, _ = yield from until_any(r, stop)
            found = param_kinds(ctx, name, key)
            v = Value(a, VALUES[value] if found is None else found)
            v.feed(text.strip())
            v.end()
        if a is None:
            ctx.start(name)
        else:
            a.end()
        ctx.end()


_SPECIAL = re.compile(r"\s*<[|｜][^<>|｜\n]{1,48}[|｜]>")
_SPECIAL_PREFIX = re.compile(r"\s*<(?:[|｜][^<>|｜\n]{0,48}(?:[|｜]>?)?)?")
_PARAMS = ("<parameter=", "<parameter name=")


class Framed(Body):
    """A frame in the harmony style, in any namespace: a name, then header tokens, then the
    arguments as JSON or as `<parameter=K>` tags, up to the frame's next token:
    `<|x:begin_tool_name:x|>NAME<|x:end_tool_name:x|><|x:msg|>{…}<|x:end|>`."""

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        n = 0
        while (m := _SPECIAL.match(rest)) is not None:
            rest, n = rest[m.end():], n + 1
        if not n:
            return MAYBE if not eof and _SPECIAL_PREFIX.fullmatch(rest) else NO
        if rest.lstrip().startswith("{"):
            return YES
        if not eof and _SPECIAL_PREFIX.fullmatch(rest):
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
    """Skip up to `most` special tokens (`<|…|>`) at the reader."""
    for _ in range(most):
        at = r.at
        m = yield from token(r, _SPECIAL_PREFIX, 64)
        if m is None or not m.group().endswith(">"):
            r.rewind(at)
            return


@functools.lru_cache(maxsize=4)
def _framed(value: str) -> Dialect:
    """`<parameter=K>V</parameter>` tags up to the frame's next special token."""
    from .qwen3_coder import FUNCTION, PARAMETER
    return Dialect(call=FUNCTION, call_close=(), param=PARAMETER, value_close=("</parameter>",),
                   block_close=("<|", "<｜"), trim_nl=True, untyped=VALUES[value])


_PAREN_JSON = re.compile(r"\s*\(\s*\{")
_PAREN_KW = re.compile(r"\s*\(\s*(?:\)|[A-Za-z_]\w*\s*=(?!=))")
_PAREN_PREFIX = re.compile(r"\s*(?:\(\s*(?:[A-Za-z_]\w*\s*)?)?\Z")


class Called(Body):
    """A name, then its arguments in parentheses: a JSON object, `NAME({"a": 1})`, or Python
    keywords, `NAME(a=1, b="x")` (the pythonic reader's); vllm-mlx's Qwen3 call line is
    `[Calling tool: NAME({…})]`."""

    worded = True

    def spot(self, look, eof, ctx, strict, ends=()):
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
            from ._pythonic import call as python_call
            r.rewind(at)
            yield from python_call(r, ctx)
        yield from _closer(r, ends)


# A wrapper whose own word says it holds a call (`<acme_tool_call>`, `[Calling tool:`): a
# declared name alone in it is a call with no arguments, and `NAME(a=1)` a call; in any other tag
# (`<b>search</b>`, `<code>search(q="x")</code>`) they are prose.  A call line (a bracket, then
# words and a colon) is a wrapper only with such a word.  A result's wrapper
# (`<tool_result>`, `<function_output>`) holds what a call returned, never a call.
CALLISH = re.compile(r"tool|call|function|invoke", re.I)
_RESULT = re.compile(r"result|response|output|return|error", re.I)


def says_call(opener: str) -> bool:
    return CALLISH.search(opener) is not None and _RESULT.search(opener) is None


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
    """A declared name alone before the wrapper's closer: a call with no arguments."""

    worded = True

    def spot(self, look, eof, ctx, strict, ends=()):
        v, rest = _named(look, eof, ctx, strict)
        if v != YES:
            return v
        rest = rest.lstrip()
        if any(rest.startswith(e) for e in ends):
            return YES
        return MAYBE if not eof and any(e.startswith(rest) for e in ends) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME_TOKEN, 256)
        if m is None:
            raise Reject("no name") if not r.eof else Truncated("cut off before a name")
        ctx.start(ctx.check(m.group().strip()))
        ctx.end()
        yield from _closer(r, ends)


# The bodies a wrapper no format declares may hold, in the order they are asked.
BODIES: tuple[Body, ...] = (JsonCalls(), Functions(), Invoke(), NamedJson(), KeyEquals(), Framed(), Called())
BARE = Bare()


def pick(look: str, eof: bool, ctx, opener: str = "") -> tuple[Verdict, Body | None]:
    """Which known body follows an unknown wrapper's opener (naming a declared tool): (YES, it),
    MAYBE while more text may tell, or (NO, None)."""
    look = look[:LOOK_MAX]
    if html_element(opener):
        return NO, None                          # `<pre>`, `<div>`: HTML, never a call's wrapper
    callish = says_call(opener)
    if opener.endswith(":") and not callish:
        return NO, None                          # `[Note: …]` is prose
    wait = False
    v, kv = KeyValue.seen(look, eof, ctx)
    if v == YES:
        return YES, kv
    wait = v == MAYBE
    for body in BODIES:
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

    `opener`: the wrapper's opener (its closer spelled by `closers`, or given); `body`: a Body;
    `value`: the value encoding of a tag body (a key of VALUES); any other keyword is a Format
    attribute (`models`, `specials`, `description`…)."""

    def __init__(self, name: str, opener: str, body: Body, closer: str | None = None,
                 value: str = "json", **attrs):
        if value not in VALUES:
            raise ValueError(f"value encoding {value!r}: one of {', '.join(VALUES)}")
        self.name, self.body, self.value = name, body, value
        self.openers = (opener,)
        self.closes = _longest((closer,) if closer else closers(opener))
        self.closer = closer or closers(opener)[0]
        self.syntax = body.syntax
        self.description = f"{opener} {type(body).__name__} {self.closer}"
        for k, v in attrs.items():
            setattr(self, k, v)

    from_parts = True

    def decide(self, opener, look, eof, ctx):
        return self.body.spot(look, eof, ctx, False, self.closes)

    def parse(self, r, ctx, opener):
        yield from self.body.read(r, ctx, opener, self.closes, self.value)
