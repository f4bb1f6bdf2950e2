"""Gemma-style literals: {key:value,...} with bare keys and strings between a delimiter token.

Gemma 4 delimits strings with <|"|>, FunctionGemma with <escape>; numbers, booleans, null,
nested objects and lists are as in JSON.  Converted to JSON text while it streams.
"""
from __future__ import annotations

import re

from ..jsonargs import Args, string
from ..reader import Bad, Truncated, peek, startswith, token, until

_KEY = re.compile(r"[^\s:{}\[\],<\"]+")
_NUM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\Z")
_BARE = re.compile(r"[^,}\]<]+")
_WORDS = {"true": "true", "false": "false", "null": "null", "True": "true", "False": "false",
          "None": "null"}


def obj(r, a: Args, quote: str, depth: int = 0):
    """A literal object at the reader ('{' next), written to `a`."""
    r.pos += 1
    a.begin("{")
    c = yield from peek(r)
    while c != "}":
        if not c:
            raise Truncated("cut off in an object")
        if c == '"':
            k = yield from _json_key(r)
        elif (yield from startswith(r, quote)):
            k = yield from until(r, quote, limit=4096)
        else:
            m = yield from token(r, _KEY, 4096)
            if m is None:
                raise Bad(f"expected a key at {r.buf[r.pos:r.pos + 20]!r}")
            k = m.group()
        c = yield from peek(r)
        if c != ":":
            raise Truncated("cut off after a key") if not c else Bad("expected ':'")
        r.pos += 1
        a.key(k)
        yield from val(r, a, quote, depth + 1)
        c = yield from peek(r)
        if c == ",":
            r.pos += 1
            c = yield from peek(r)
        elif c and c != "}":
            raise Bad("expected ',' or '}'")
    r.pos += 1
    a.end()


def val(r, a: Args, quote: str, depth: int):
    if depth > 128:
        raise Bad("nested too deeply")
    c = yield from peek(r)
    if c == "{":
        yield from obj(r, a, quote, depth)
    elif c == "[":
        r.pos += 1
        a.begin("[")
        c = yield from peek(r)
        while c != "]":
            if not c:
                raise Truncated("cut off in a list")
            yield from val(r, a, quote, depth + 1)
            c = yield from peek(r)
            if c == ",":
                r.pos += 1
                c = yield from peek(r)
            elif c and c != "]":
                raise Bad("expected ',' or ']'")
        r.pos += 1
        a.end()
    elif c == '"':
        yield from string(r, a)
    elif c == quote[0] and (yield from startswith(r, quote)):
        a.str_begin()
        yield from until(r, quote, emit=a.text)   # a raw " inside is plain text
        a.str_end()
    elif not c:
        raise Truncated("cut off where a value was expected")
    else:
        m = yield from token(r, _BARE, 1 << 16)
        if m is None:
            raise Bad(f"expected a value at {r.buf[r.pos:r.pos + 20]!r}")
        word = m.group().strip()
        if word in _WORDS:
            a.scalar(_WORDS[word])
        elif _NUM.match(word):
            a.scalar(word)
        else:
            a.string(word)      # an unquoted word: keep it as a string rather than lose it


def _json_key(r):
    from ..jsonargs import key
    return (yield from key(r))
