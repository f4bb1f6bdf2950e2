"""Gemma-style literals: `call:NAME{key:value,...}` with bare keys and strings between a delimiter.

Gemma 4 delimits strings with the <|"|> token, FunctionGemma with <escape>; numbers, booleans,
null, nested objects and lists are as in JSON.  Converted to JSON text while it streams: a long
string value goes out piece by piece.  Inside a delimited string nothing is syntax (a raw `"`,
`,`, `}` or the block's closing marker are plain text); only the delimiter ends it, and only where
what follows it can follow a value (`,` `}` `]` or the end): Gemma 4 also writes the token for a
literal `"` inside a value (`sql(<|"|><|"|><|"|> SELECT …`).

Bends real models write, read as the syntax they mean: 'single-quoted' strings and keys,
`key=value`, a string whose opening delimiter was left out (`q:Tokyo<|"|>`), Python-style
arguments in parentheses (`call:NAME(key: "v", n: 2)`), several `call:` in one block, a bare
`:` or `-` in place of the first `call:` or before it, and the comma between two members left out
after a delimited string (`city:<escape>NYC<escape>unit:<escape>C<escape>`: a bare key, its `:` and
the delimiter right after the string's end start the next member, not literal quotes), a name
behind a namespace (`call:default_api:NAME{…}`: `resolved`), and a JSON call object in the
wrapper whose strings are quoted with the delimiter (`object_call`).
"""
from __future__ import annotations

import re

from . import Context, properties
from ._typed import convert, param_kinds
from ..calls import qualified
from ..jsonargs import Args, key, string
from ..reader import Bad, Reject, Truncated, more, peek, startswith, token, until

NAME = re.compile(r"[A-Za-z_][\w.\-]*")             # a function name (dotted, dashed)
# A bare key runs to its ':' and may hold spaces (`key with space:1`); it never spans a line.
_KEY = re.compile(r"[^:={}()\[\],<\"'\n]+")
_NUM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\Z")
_BARE = {"}": re.compile(r"[^,}\]<]+"), ")": re.compile(r"[^,)\]<]+")}
_WS = re.compile(r"\s*")
_GLUED_KEY = re.compile(r"[A-Za-z_][\w.\-]{0,63}:")     # a member right after a string, no comma
_GLUED_PREFIX = re.compile(r"[A-Za-z_][\w.\-]{0,63}\Z")
WORDS = {"true": "true", "false": "false", "null": "null", "True": "true", "False": "false",
         "None": "null"}                                # JSON and Python spellings of the constants


def next_member(r, close: str, where: str):
    """After a member of a bracketed sequence: consume a ',' if there is one and return the next
    character (`close` when the sequence ends here)."""
    c = yield from peek(r)
    if c == ",":
        r.pos += 1
        c = yield from peek(r)
    elif c != close:
        raise Truncated(f"cut off in {where}") if not c else Bad(f"expected ',' or {close!r} in {where}")
    return c


def bracketed(r, a: Args, opener: str, close: str, member, where: str):
    """A bracketed sequence (reader at its bracket), written to `a` as a JSON `opener`…:
    `member()` is a generator reading one member; commas between, a trailing one allowed."""
    r.pos += 1
    a.begin(opener)
    c = yield from peek(r)
    while c != close:
        if not c:
            raise Truncated(f"cut off in {where}")
        yield from member()
        c = yield from next_member(r, close, where)
    r.pos += 1
    a.end()


def ahead(r, skip: int = 0):
    """The next non-blank character `skip` characters past the reader, not consumed ('' at the
    end of the stream)."""
    while True:
        i = _WS.match(r.buf, r.pos + skip).end() if r.pos + skip <= len(r.buf) else len(r.buf)  # type: ignore[union-attr]  # \s* always matches
        if i < len(r.buf):
            return r.buf[i]
        if not (yield from more(r)):
            return ""


# The string delimiter tokens of the literal families (each Literal body adds its own): a string
# quoted with any of them is a string in every literal body.
QUOTES: set[str] = set()


def _other_quote(r, quote: str):
    """The delimiter token of another literal family, if one is next (consumed), else ""."""
    for q in sorted(QUOTES - {quote}):
        if (yield from startswith(r, q)):
            return q
    return ""


def _delimited(r, a: Args, quote: str, close: str):
    """A string after its opening `quote` (consumed), to its closing one; True when the next
    member follows it with its comma left out."""
    a.str_begin()
    while True:                   # nothing but the delimiter ends the string…
        yield from until(r, quote, emit=a.text)
        nxt = yield from ahead(r)
        if nxt in ",}]" or nxt == close or (nxt == "<" and not (yield from _quote_next(r, quote))):
            break
        if (yield from _glued_member(r, quote)):
            a.str_end()
            return True           # the next member follows, its comma left out
        a.text('"')               # …where a value may end: else it is a literal `"`
    a.str_end()
    return False


def _quote_next(r, quote: str):
    """Is the delimiter next, after blanks (nothing consumed)?"""
    while True:
        i = _WS.match(r.buf, r.pos).end()  # type: ignore[union-attr]  # \s* always matches
        rest = r.buf[i:i + len(quote)]
        if len(rest) == len(quote) or not quote.startswith(rest):
            return rest == quote
        if not (yield from more(r)):
            return False


def _glued_member(r, quote: str):
    """Does a member (`key:` then the delimiter) start right at the reader?  Nothing consumed."""
    while True:
        buf, i = r.buf, r.pos
        m = _GLUED_KEY.match(buf, i)
        if m is not None:
            rest = buf[m.end():m.end() + len(quote)]
            if rest == quote:
                return True
            if len(rest) == len(quote) or not quote.startswith(rest):
                return False
        elif i < len(buf) and not _GLUED_PREFIX.match(buf, i):
            return False
        if not (yield from more(r)):
            return False


def literal_call(r, ctx: Context, quote: str, closer: str):
    """`call:NAME{literal}` (or the drift spellings `call:NAME({json})`, `call:NAME(key: v)`),
    several in a row, then `closer` if present.

    The call starts only once the literal proves to be one (`{}` or a first `key:`), so prose
    that merely spells the opener and `call:` never becomes a call.
    """
    named = yield from startswith(r, "call:", skip_ws=True)
    # A bare ':' or '-' written for `call:` (`<|tool_call>:NAME{…}`, vLLM #54778), or before it
    # (`<|tool_call>:call:NAME{…}`).
    if not named and ((yield from startswith(r, ":")) or (yield from startswith(r, "-"))):
        named = True
        yield from startswith(r, "call:")
    while True:
        m = yield from token(r, NAME, 256)
        if m is None:
            c = yield from peek(r)
            if not named and c == "{":        # a JSON call object in the wrapper
                yield from object_call(r, ctx, quote)
                yield from startswith(r, closer, skip_ws=True)
                return
            # JSON of another shape (a list) is worth the Sieve's broad pass
            raise Reject("no function name", broad=not named and c == "[")
        name = m.group()
        positional = False
        while (yield from startswith(r, ":")):     # a namespace: `call:google:mcp:create-pdf{…}`
            if (yield from startswith(r, BEGIN_ARG, skip_ws=True, consume=False)):
                positional = True                  # `call:NAME:` then its values in blocks
                break
            seg = yield from token(r, NAME, 256)
            if seg is None:
                raise Reject("no function name after a namespace")
            name += ":" + seg.group()
        name = ctx.check(resolved(ctx, name))
        if positional:
            yield from _positional(r, ctx, name)
            if not (yield from startswith(r, "call:", skip_ws=True)):
                break
            continue
        c = yield from peek(r)
        paren = c == "(" and (yield from ahead(r, 1)) == "{"
        if paren:                         # `({json})`: the parentheses only wrap the object
            r.pos += 1
            c = yield from peek(r)
        if c not in "{(" or not c:
            raise Reject("no argument object") if c else Truncated("cut off after the name")
        yield from obj(r, lambda: ctx.start(name), quote, close="}" if c == "{" else ")")
        ctx.end()
        if paren:
            yield from startswith(r, ")", skip_ws=True)
        yield from startswith(r, ",", skip_ws=True)
        if not (yield from startswith(r, "call:", skip_ws=True)):    # another call in the block
            break
    if closer:                            # (a block opened by a lead may have none)
        yield from startswith(r, closer, skip_ws=True)


BEGIN_ARG, END_ARG = "BEGIN_ARG:", "END_ARG"


def _positional(r, ctx: Context, name: str):
    """`call:NAME:` then one `BEGIN_ARG:` … `END_ARG` block per value, in the order of the
    declared tool's parameters (Gemma 4 under Continue, ollama/ollama#18275): each value the
    block's text (one newline on each side is layout), typed by its parameter's schema.  More
    values than the tool has parameters, or a tool whose parameters are not declared, is no
    call: nothing says which value is which."""
    props = properties(ctx, name)
    keys = list(props) if props is not None else []
    a = None
    n = 0                                    # values read
    while (yield from startswith(r, BEGIN_ARG, skip_ws=True)):
        if n == len(keys):
            raise Reject("more positional values than parameters") if a is None else Bad("more values than parameters")
        if a is None:
            a = ctx.start(name)
            a.begin("{")
        key = keys[n]
        n += 1
        a.key(key)
        try:
            text = yield from until(r, END_ARG, limit=1 << 20)
        except Truncated as e:               # cut off in a value: the call is incomplete with it
            a.string(_layout(e.args[0] if e.args and isinstance(e.args[0], str) else ""))
            raise
        text = _layout(text)
        typed, obj = convert(text, param_kinds(ctx, name, key))
        a.value(obj) if typed else a.string(text)
    if a is None:
        raise Reject("no positional value")
    a.end()
    ctx.end()


def _layout(text: str) -> str:
    """A block's value less the newline on each side of it (the block's layout)."""
    return text[text.startswith("\n"):len(text) - text.endswith("\n")] if text else text


def resolved(ctx: Context, name: str) -> str:
    """The tool a qualified name means: `default_api:file_incident` or `server:ns:tool` (Gemini's
    and MCP's namespaces before the name) is the declared tool its last segment names, when the
    whole name is not declared itself (calls.qualified: the rule of every body)."""
    tool = qualified(ctx.tools, name) if ctx.tools is not None else None
    return name if tool is None else tool


_NAME_KEYS = ("name",)
_ARGS_KEYS = ("arguments", "parameters", "args")


def _member_key(r, quote: str):
    """An object's key at the reader: "quoted", 'quoted', delimited by `quote`, or bare."""
    c = yield from peek(r)
    if c == '"':
        return (yield from key(r))
    if c == "'":
        r.pos += 1
        return (yield from until(r, "'", limit=4096))
    if (yield from startswith(r, quote)):
        return (yield from until(r, quote, limit=4096))
    m = yield from token(r, _KEY, 4096)
    if m is None:
        raise Reject(f"expected a key at {c!r}", broad=True) if c else Truncated("cut off in a key")
    return m.group().strip()


def object_call(r, ctx: Context, quote: str):
    """A JSON call object in a literal wrapper (reader at its '{'), `{"name": …, "arguments":
    {…}}`, its strings quoted with `"` or with the delimiter (Gemma 4's JSON variant writes
    `{"city": <|"|>London<|"|>}`, some turns quote every key so).  The name comes first; the
    arguments stream through the literal reader, which reads both quotings.  Any other shape is
    left to the Sieve's broad pass for call-shaped JSON."""
    r.pos += 1
    k = yield from _member_key(r, quote)
    if k not in _NAME_KEYS or (yield from peek(r)) != ":":
        raise Reject("not a call object", broad=True)
    r.pos += 1
    c = yield from peek(r)
    if c not in "\"'" and not (yield from _quote_next(r, quote)):
        raise Reject("not a call object", broad=True)
    name = yield from _member_key(r, quote)
    if (yield from next_member(r, "}", "a call object")) == "}":
        r.pos += 1
        args = ctx.start(resolved(ctx, name))
        args.no_arguments()
        ctx.end()
        return
    k = yield from _member_key(r, quote)
    if k not in _ARGS_KEYS or (yield from peek(r)) != ":":
        raise Reject("not a call object", broad=True)
    r.pos += 1
    if (yield from peek(r)) != "{":           # arguments as a JSON string: the broad pass reads it
        raise Reject("arguments not an object", broad=True)
    yield from obj(r, ctx.start(resolved(ctx, name)), quote, 1)
    ctx.end()                       # whole once its arguments closed, as in the JSON formats
    # Members after the arguments (an `id`, a `type`) are read past, to the object's end.
    while (yield from next_member(r, "}", "a call object")) != "}":
        yield from _member_key(r, quote)
        if (yield from peek(r)) != ":":
            raise Bad("expected ':' in a call object")
        r.pos += 1
        yield from val(r, Args(), quote, 1)
    r.pos += 1


def obj(r, a, quote: str, depth: int = 0, close: str = "}"):
    """A literal object at the reader ('{' next, or '(' for Python-style arguments up to `close`),
    written to `a`.

    `a` is an Args, or a function returning one: it is then called once the object proves to be
    a literal (after `{}` or its first `key:`); a malformed start raises Reject, not Bad.
    """
    r.pos += 1
    lazy = not isinstance(a, Args)
    if not lazy:
        a.begin("{")
    c = yield from peek(r)
    while c != close:
        if not c:
            raise Truncated("cut off in an object")
        if c == '"':
            k = yield from key(r)
        elif c == "'":
            r.pos += 1
            k = yield from until(r, "'", limit=4096)
        elif (yield from startswith(r, quote)):
            k = yield from until(r, quote, limit=4096)
        else:
            m = yield from token(r, _KEY, 4096)
            if m is None:
                raise (Reject if lazy else Bad)(f"expected a key at {c!r}")
            k = m.group().rstrip()
        c = yield from peek(r)
        if c not in ":=" or not c:
            raise Truncated("cut off after a key") if not c else (Reject if lazy else Bad)("expected ':'")
        r.pos += 1
        if lazy:
            a, lazy = a(), False
            a.begin("{")
        a.key(k)
        glued = yield from val(r, a, quote, depth + 1, close)
        c = (yield from peek(r)) if glued else (yield from next_member(r, close, "an object"))
    r.pos += 1
    if lazy:
        a = a()
        a.begin("{")
    a.end()


def val(r, a: Args, quote: str, depth: int, close: str = "}"):
    if depth > 128:
        raise Bad("nested too deeply")
    c = yield from peek(r)
    if c == "{":
        yield from obj(r, a, quote, depth)
    elif c == "[":
        yield from bracketed(r, a, "[", "]", lambda: val(r, a, quote, depth + 1), "a list")
    elif c == '"':
        yield from string(r, a)
    elif c == "'":
        r.pos += 1
        a.str_begin()
        yield from until(r, "'", emit=a.text)
        a.str_end()
    elif c == quote[0] and (yield from startswith(r, quote)):
        return (yield from _delimited(r, a, quote, close))
    elif not c:
        raise Truncated("cut off where a value was expected")
    elif c == "<" and (other := (yield from _other_quote(r, quote))):
        # a string quoted with another literal family's token (FunctionGemma's `<escape>` read
        # as Gemma 4's `call:`): the token says it is a string; it ends the string it opened
        return (yield from _delimited(r, a, other, close))
    else:
        m = yield from token(r, _BARE[close], 1 << 16)
        if m is None:
            raise Bad(f"expected a value at {c!r}")
        word = m.group().strip()
        if (yield from startswith(r, quote)):
            # a string whose opening delimiter was left out, or written with its `<` dropped
            # (`to:escape>+354000<escape>`: what is left of the delimiter is no text of the value)
            a.string(word[len(quote) - 1:] if word.startswith(quote[1:]) else word)
        elif word in WORDS:
            a.scalar(WORDS[word])
        elif _NUM.match(word):
            a.number(word)
        else:
            a.string(word)      # an unquoted word: keep it as a string rather than lose it
