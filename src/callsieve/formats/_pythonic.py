"""Python call syntax read as literals: `[f(a=1), g(b="x")]` → calls with JSON arguments.

Nothing is evaluated.  Keyword arguments, or one dict holding them all (`exec({"cmd": "ls"})`:
the arguments object written as a literal, as models write JavaScript-style calls); values are Python literals: strings in either
quote style (also triple-quoted, with r/b/u/f prefixes, adjacent strings concatenated) with
their escapes decoded, numbers (`1_000`, `0x1F`, `1.`, `.5`), `True`/`False`/`None` (and the JSON
spellings), dicts, lists and tuples (tuples become JSON arrays), nested.  A bare name as a value
is kept as a string; a call or an operator inside a value is an error.  Strings stream: a long
argument goes out piece by piece, in linear time.
"""
from __future__ import annotations

import json
import math
import re
import unicodedata

from . import Context
from ..jsonargs import Args
from ..reader import Bad, Reader, Reject, Truncated, avoiding, more, peek, peek_raw, startswith, token
from ..fallback import listed, resumable
from ._json import call_object

QUOTES = "'\""                 # the string quotes of Python literals (and of JSON)
from ._literal import NAME, WORDS, bracketed, next_member

_VALID_NAME = re.compile(r"[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*\Z")
_KW = re.compile(r"[A-Za-z_]\w*")
_NUMBER = re.compile(r"[-+]?[\w.]*(?:(?<=[eE])[-+][\w.]*)*")
_DECIMAL = re.compile(r"[-+]?\d+\Z")
_LANG = re.compile(r"[A-Za-z0-9_]*")
_WORD = re.compile(r"[^\W\d][\w.\-]*")      # a bare word as a value: any script's letters (`天气`)
_PREFIXES = {"r", "b", "u", "f", "rb", "br", "fr", "rf"}
_STOP = {"'": re.compile(r"[\\']"), '"': re.compile(r'[\\"]')}
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "a": "\a",
           "\\": "\\", "'": "'", '"': '"', "\n": ""}
_LOW = re.compile(r"\\u([dD][c-fC-F][0-9a-fA-F]{2})")
_ESCAPE = re.compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}\\]{1,80}\}|[0-7]{1,3}|\r\n?|[\s\S])")
_ESCAPE_LEN = {"x": 4, "u": 6, "U": 10, "N": 84, "\r": 3}
MAX_DEPTH = 128


def call(r, ctx: Context):
    """One call `NAME(kw=value, ...)` at the reader (an identifier next).

    Rejected (nothing started) unless it has a valid name followed by `(` and then `)`, a
    first `keyword=` or a dict: `see(below)` in prose is no call.  The call starts at its first
    keyword, or at its dict: the arguments object itself (`exec({"cmd": "ls"})`).
    """
    at = r.at
    m = yield from token(r, NAME, 256)
    if m is None or not _VALID_NAME.match(m.group()):
        raise Reject("not a call", at)
    try:
        name = ctx.check(m.group())
    except Reject as e:
        e.place(at)
        raise
    if (yield from peek(r)) != "(":
        raise Reject("no '(' after the name", at)
    r.pos += 1
    a = None
    c = yield from peek(r)
    if c == "{":
        yield from _dict_call(r, ctx, name)
        return
    try:
        while c != ")":
            k = yield from token(r, _KW, 256)
            if k is None or (yield from peek(r)) != "=" or (yield from startswith(r, "==")):
                if a is None:
                    raise Truncated("cut off in a call") if not c else Reject("not keyword arguments", at)
                raise Truncated("cut off after an argument") if not (yield from peek(r)) else Bad("expected 'name='")
            r.pos += 1
            if a is None:
                a = ctx.start(name)
                a.begin("{")
            a.key(k.group())
            yield from value(r, a)
            c = yield from next_member(r, ")", "a call")
    except Bad as e:
        resumable(e, a)             # (the arguments' `{` stands for the call's parenthesis)
        raise
    r.pos += 1
    if a is None:
        ctx.start(name)             # no arguments: {}
    else:
        a.end()
    ctx.end()


def _dict_call(r, ctx: Context, name: str):
    """The rest of `NAME({...})` (reader at the `{`): the dict is the arguments object, then `)`."""
    r.pos += 1
    a = ctx.start(name)
    a.begin("{")
    try:
        c = yield from peek(r)
        while c != "}":
            if not c:
                raise Truncated("cut off in the arguments")
            yield from _pair(r, a, 1)
            c = yield from next_member(r, "}", "the arguments")
        r.pos += 1
        c = yield from peek(r)
        if c != ")":     # (the object is closed only with the call: a cut `f({…}` never runs)
            raise Truncated("cut off after the arguments") if not c else Bad("expected ')' after the arguments")
    except Bad as e:
        resumable(e, a)
        raise
    r.pos += 1
    a.end()
    ctx.end()


def call_list(r, ctx: Context):
    """`[call, call, ...]` at the reader ('[' next); JSON call objects may stand in a list too."""
    r.pos += 1
    c = yield from peek(r)
    if c == "]":
        raise Reject("empty list")
    while c != "]":
        yield from listed(r, ctx, call_object(r, ctx) if c == "{" else call(r, ctx), QUOTES)
        c = yield from next_member(r, "]", "a list of calls")
    r.pos += 1


def calls(r, ctx: Context, closer: str | None):
    """Calls inside a wrapper: lists, single calls one per line (OLMo 3), JSON call objects,
    separated by whitespace, `,` or `;`, possibly in a Markdown fence (MiniCPM3 writes
    ```python\nf(a=1)\n``` inside LFM2's tokens); then the optional `closer`."""
    fenced = False
    while True:
        c = yield from peek(r)
        if c == "`" and (yield from startswith(r, "```")):
            if not fenced:
                yield from token(r, _LANG, 32)
            fenced = not fenced
            continue
        if c == "[":
            yield from call_list(r, ctx)
        elif c == "{" or c.isalpha() or c == "_":
            yield from listed(r, ctx, call_object(r, ctx) if c == "{" else call(r, ctx), QUOTES)
        elif ctx.block_calls == 0:
            raise Truncated("cut off before a call") if not c else Reject("no call in block")
        else:
            break
        c = yield from peek(r)
        if c in (",", ";") and c:
            r.pos += 1
    if closer:
        yield from startswith(r, closer, skip_ws=True)


# ---------------------------------------------------------------------------------------- values

def value(r, a: Args, depth: int = 0):
    """One Python literal at the reader (after whitespace), written to `a` as JSON."""
    if depth > MAX_DEPTH:
        raise Bad("nested too deeply")
    c = yield from peek(r)
    if c in ("'", '"'):
        yield from strings(r, a, False)
    elif c in ("[", "("):
        yield from sequence(r, a, depth, "]" if c == "[" else ")")
    elif c == "{":
        yield from mapping(r, a, depth)
    elif c and (c.isdigit() or c in "-+."):
        m = yield from token(r, _NUMBER, 128)
        a.number(number(m.group(), r))
    elif c.isalpha() or c == "_":
        m = yield from token(r, _WORD, 4096)
        if m is None:                # (a letter \w does not take: `ǅ`, a combining start)
            raise Bad(f"expected a value at {c!r}")
        word = m.group()
        nxt = yield from peek_raw(r)
        if nxt in ("'", '"') and word.lower() in _PREFIXES:
            yield from strings(r, a, "r" in word.lower())
        elif word in WORDS:
            a.scalar(WORDS[word])
        elif (yield from peek(r)) == "(":
            raise Bad(f"an expression, not a literal: {word}(")
        else:
            a.string(word)         # a bare name: kept as a string rather than lost
    elif not c:
        raise Truncated("cut off where a value was expected")
    else:
        raise Bad(f"expected a value at {c!r}")


class _Apart(Reader):
    """A reader on which adjacent string literals are not one string (see literal)."""
    __slots__ = ()
    joins = False


def literal(text: str, join: bool = True):
    """The whole of `text` read as one Python literal (never evaluated), as a Python value;
    ValueError if it is not one.  `join=False`: adjacent strings (`"a" "b"`) are an error, not
    Python's one string, for text that is only Python-like (a JSON object a model mistyped)."""
    r = Reader() if join else _Apart()
    r.push(text)
    r.finish()
    a = Args()
    try:
        for _ in value(r, a):                 # at the end of the stream it never waits
            raise ValueError("not a whole literal")
    except Bad as e:
        raise ValueError(str(e)) from None
    if r.buf[r.pos:].strip():
        raise ValueError("text after the literal")
    return a.result()


def number(text: str, r=None) -> str:
    """A Python number literal as JSON number text."""
    t = text.replace("_", "")
    try:
        return str(int(t, 0) if not _DECIMAL.match(t) else int(t, 10))   # 010: a plain number
    except ValueError:
        pass
    try:
        f = float(t)
    except ValueError:
        if r is not None and r.eof and r.pos >= len(r.buf):
            raise Truncated(text) from None
        raise Bad(f"invalid number {text!r}") from None
    if not math.isfinite(f):
        raise Bad(f"not a JSON number: {text!r}")
    return repr(f)


def sequence(r, a: Args, depth: int, close: str):
    """A list or tuple (reader at its bracket), as a JSON array."""
    yield from bracketed(r, a, "[", close, lambda: value(r, a, depth + 1), "a list")


def mapping(r, a: Args, depth: int):
    """A dict (reader at '{'), as a JSON object; keys that are not strings become their JSON text."""
    yield from bracketed(r, a, "{", "}", lambda: _pair(r, a, depth + 1), "a dict")


def _pair(r, a: Args, depth: int):
    w = Args(limit=4096)
    yield from value(r, w, depth)
    if w.over:
        raise Bad("a dict key too long")
    k = w.result()
    c = yield from peek(r)
    if c != ":":
        raise Truncated("cut off after a key") if not c else Bad("expected ':' in a dict")
    r.pos += 1
    a.key(k if isinstance(k, str) else json.dumps(k))
    yield from value(r, a, depth)


def strings(r, a: Args, raw: bool):
    """A string literal (reader at its quote), and any adjacent ones: one JSON string."""
    a.str_begin()
    while True:
        yield from _string_body(r, a, raw)
        c = yield from peek(r)
        if c not in ("'", '"') or not r.joins:
            break
        raw = False
    a.str_end()


def _string_body(r, a: Args, raw: bool):
    q = r.buf[r.pos]
    triple = yield from startswith(r, q * 3)
    if not triple:
        r.pos += 1
    stop = _STOP[q].search
    while True:
        buf = r.buf
        m = stop(buf, r.pos)
        if m is None:
            a.text(buf[r.pos:])
            r.pos = len(buf)
            if not (yield from more(r, avoiding("\\" + q, a.text))):    # plain chunks may go straight to a
                raise Truncated("cut off in a string")
            continue
        i = m.start()
        a.text(buf[r.pos:i])
        r.pos = i
        if buf[i] == q:
            if not triple:
                r.pos = i + 1
                return
            if len(buf) - i < 3 and not r.eof:
                yield from more(r)
                continue
            if buf.startswith(q * 3, i):
                r.pos = i + 3
                return
            a.text(q)
            r.pos = i + 1
            continue
        if not _escape(r, a, raw, buf, i):
            yield from more(r)             # the whole escape is not in the buffer yet


def _escape(r, a: Args, raw: bool, buf: str, i: int) -> bool:
    """The escape at `buf[i]` (a backslash), decoded into `a` and consumed; False (nothing
    consumed) while the rest of it may still come."""
    need = 2 if raw or i + 1 >= len(buf) else _ESCAPE_LEN.get(buf[i + 1], 4 if buf[i + 1] in "01234567" else 2)
    if len(buf) - i < need and not r.eof:
        if not (i + 1 < len(buf) and buf[i + 1] == "N" and "}" in buf[i:]):
            return False
    if len(buf) - i < 2:
        raise Truncated("cut off in an escape")
    if raw:
        a.text(buf[i:i + 2])        # a raw string keeps the backslash (and an escaped quote)
        r.pos = i + 2
        return True
    e = _ESCAPE.match(buf, i)
    assert e is not None            # a backslash and a character: [\s\S] matches
    esc = e.group()
    if esc[1] == "u" and len(esc) == 6 and 0xD800 <= int(esc[2:], 16) < 0xDC00:
        # A high surrogate: its low half may follow, and the pair is one character (what
        # JSON makes of the two escapes too, so the text stays canonical).
        if len(buf) - e.end() < 6 and not r.eof:
            return False
        low = _LOW.match(buf, e.end())
        if low is not None:
            hi, lo = int(esc[2:], 16), int(low.group(1), 16)
            a.text(chr(0x10000 + ((hi - 0xD800) << 10) + lo - 0xDC00))
            r.pos = low.end()
            return True
    r.pos = e.end()
    _decode(esc, a)
    return True


def _decode(esc: str, a: Args) -> None:
    k = esc[1]
    if k in _SIMPLE or k == "\r":
        a.text(_SIMPLE.get(k, ""))
    elif k in "xuU" and len(esc) > 2:
        cp = int(esc[2:], 16)
        if 0xD800 <= cp <= 0xDFFF:
            a.raw("\\u%04x" % cp)       # a surrogate half: JSON pairs it with its partner
        elif cp > 0x10FFFF:
            a.text(esc)
        else:
            a.text(chr(cp))
    elif k in "01234567":
        a.text(chr(int(esc[1:], 8)))
    elif k == "N" and len(esc) > 2:
        try:
            a.text(unicodedata.lookup(esc[3:-1]))
        except KeyError:
            a.text(esc)
    else:
        a.text(esc)                     # an unknown escape keeps its backslash, as in Python
