"""Arguments as streamed JSON text.

`Args` writes one call's arguments as JSON text, piece by piece, so that what has been sent can
always be closed into valid JSON (a key or comma is held until its value starts; escapes and
numbers go out whole).  Every body syntax (JSON, XML, Gemma literals, pythonic calls) writes
through it, so "the deltas concatenate to a JSON object" holds by construction.

`value` is a validating, streaming JSON reader over a Reader: it forwards the model's own JSON
text to an Args as it arrives (repairing raw control characters in strings), in linear time.
"""
from __future__ import annotations

import json
import re
from json.encoder import encode_basestring  # C-accelerated, keeps non-ASCII as is

from .reader import Bad, Lane, Reader, Truncated, more, peek, token


class TooLarge(Bad):
    """The call's arguments passed max_call_bytes."""


def escape(text: str) -> str:
    """JSON string body for `text` (no quotes)."""
    return encode_basestring(text)[1:-1]


class Args:
    """One call's arguments, written as JSON text (streamed by the Sieve as it grows)."""

    __slots__ = ("parts", "done", "size", "limit", "closers", "counts", "pending")

    def __init__(self, limit: int | None = None):
        self.parts: list[str] = []     # the JSON text so far; the Sieve sends new parts as deltas
        self.done: list[str] = []      # …and parts already sent, joined by the few hundred
        self.size = 0
        self.limit = limit
        self.closers: list[str] = []   # what closes each open container / string, innermost last
        self.counts: list[int] = []    # members written so far, per open container
        self.pending = ""              # a key or comma, held until its value starts

    def _out(self, s: str) -> None:
        if self.pending:
            s = self.pending + s
            self.pending = ""
        self.parts.append(s)
        self.size += len(s)
        if self.limit is not None and self.size > self.limit:
            raise TooLarge(f"arguments larger than {self.limit} characters")

    def _value(self) -> None:
        if self.closers and self.closers[-1] == "]":
            if self.counts[-1]:
                self.pending += ","
            self.counts[-1] += 1

    # structure
    def begin(self, opener: str) -> None:
        self._value()
        self.closers.append("}" if opener == "{" else "]")
        self.counts.append(0)
        self._out(opener)

    def key(self, name: str) -> None:
        self.pending = ("," if self.counts[-1] else "") + encode_basestring(name) + ":"
        self.counts[-1] += 1

    def end(self) -> None:
        self.pending = ""
        self.counts.pop()
        self._out(self.closers.pop())

    # values
    def scalar(self, json_text: str) -> None:
        self._value()
        self._out(json_text)

    def str_begin(self) -> None:
        self._value()
        self.closers.append('"')
        self._out('"')

    def raw(self, json_piece: str) -> None:
        """Text already escaped for the inside of a JSON string (or any complete JSON tokens)."""
        self._out(json_piece)

    def text(self, piece: str) -> None:
        """Plain text inside the open string."""
        if piece:
            self._out(escape(piece))

    def str_end(self) -> None:
        self._out(self.closers.pop())

    def string(self, s: str) -> None:
        self.scalar(encode_basestring(s))

    def value(self, obj) -> None:
        """A complete Python value (from a literal syntax), written as JSON."""
        self.scalar(json.dumps(obj, ensure_ascii=False))

    # results
    @property
    def open(self) -> bool:
        return bool(self.closers)

    def close_all(self) -> None:
        """Close whatever is open (a cut-off string, object, array): the text becomes valid JSON."""
        self.pending = ""
        if self.closers:
            s = "".join(reversed(self.closers))
            self.closers.clear()
            self.counts.clear()
            limit, self.limit = self.limit, None
            self._out(s)
            self.limit = limit

    def result(self):
        return json.loads("".join(self.done) + "".join(self.parts))

    def take_result(self):
        """The parsed value, for the last time: the pieces go first, so a huge argument is held
        twice at most while it is parsed (its JSON text and its value), not three times."""
        self.done.extend(self.parts)
        self.parts.clear()
        text = "".join(self.done)
        self.done.clear()
        return json.loads(text)

    def compact(self) -> None:
        """Join the parts (all sent) into one string: a long value is not kept as 1e5 objects."""
        self.done.append("".join(self.parts))
        self.parts.clear()


# ---------------------------------------------------------------------------- streaming JSON reader

_STR_STOP = re.compile(r'["\\\x00-\x1f]')
_ESC = re.compile(r'\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})')
_NUM_LOOSE = re.compile(r"[-+0-9.eE]+")
_NUM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\Z")
_WORD = re.compile(r"[A-Za-z]+")
_WORDS = {"true": "true", "false": "false", "null": "null",
          "True": "true", "False": "false", "None": "null"}   # Python spellings: a common slip
MAX_DEPTH = 128


def _reject_constant(name):
    raise ValueError(name)           # NaN / Infinity: Python's json reads them, JSON has none


_whole = json.JSONDecoder(parse_constant=_reject_constant).raw_decode
_lenient = json.JSONDecoder(strict=False)


def value(r: Reader, w: Args, depth: int = 0):
    """Read one JSON value at the reader (after whitespace), writing it to `w` as it arrives."""
    c = yield from peek(r)
    if c in '{["' and depth == 0:
        # Fast path: the whole value is already here (a whole-text parse, or a short value in
        # one chunk) and is strict JSON — C checks it and it goes out as one piece.  Objects,
        # arrays and strings end themselves, so nothing that follows can change them.
        try:
            end = _whole(r.buf, r.pos)[1]
        except ValueError:
            pass
        else:
            w.scalar(r.buf[r.pos:end])
            r.pos = end
            return
    if c == '"':
        yield from string(r, w)
    elif c == "{" or c == "[":
        if depth >= MAX_DEPTH:
            raise Bad("JSON nested too deeply")
        yield from container(r, w, depth)
    elif c == "" :
        raise Truncated("end of stream where a JSON value was expected")
    elif c in "-0123456789":
        m = yield from token(r, _NUM_LOOSE, 64)
        if not _NUM.match(m.group()):
            if r.eof and r.pos >= len(r.buf):
                raise Truncated(m.group())
            raise Bad(f"invalid number {m.group()!r}")
        w.scalar(m.group())
    else:
        at = r.pos
        m = yield from token(r, _WORD, 8)
        if m is None or m.group() not in _WORDS:
            r.pos = at
            raise Bad(f"invalid JSON value at {r.buf[at:at + 20]!r}")
        w.scalar(_WORDS[m.group()])


def container(r: Reader, w: Args, depth: int):
    close = "}" if r.buf[r.pos] == "{" else "]"
    w.begin(r.buf[r.pos])
    r.pos += 1
    c = yield from peek(r)
    if c == close:
        r.pos += 1
        w.end()
        return
    while True:
        if close == "}":
            if c != '"':
                raise Truncated("cut off in an object") if c == "" else Bad("expected a key")
            w.key((yield from key(r)))
            c = yield from peek(r)
            if c != ":":
                raise Truncated("cut off after a key") if c == "" else Bad("expected ':'")
            r.pos += 1
        yield from value(r, w, depth + 1)
        c = yield from peek(r)
        if c == ",":
            r.pos += 1
            c = yield from peek(r)
            continue
        if c == close:
            r.pos += 1
            w.end()
            return
        raise Truncated(f"cut off before {close!r}") if c == "" else Bad(f"expected ',' or {close!r}")


_KEY = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def key(r: Reader, limit: int = 4096):
    """Read a whole (short) JSON string and return it decoded."""
    while True:
        m = _KEY.match(r.buf, r.pos)
        if m is not None:
            r.pos = m.end()
            k = m.group()
            if "\\" not in k:
                return k[1:-1]
            try:
                return _lenient.decode(k)
            except ValueError as e:
                raise Bad(f"invalid string: {e}") from None
        if len(r.buf) - r.pos > limit:
            raise Bad("key too long")
        if not (yield from more(r)):
            raise Truncated("cut off in a key")


# A chunk that is only string characters and complete escapes (no closing quote, no raw control
# character, no escape cut in two): the Sieve may pass it straight on (see reader.Lane).
_PLAIN_STRING = re.compile(r'(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*').fullmatch

_CTRL = {chr(i): "\\u%04x" % i for i in range(32)}
_CTRL.update({"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"})


def string(r: Reader, w: Args):
    """Stream a JSON string value (reader at its opening quote) into `w`."""
    r.pos += 1
    w.str_begin()
    stop = _STR_STOP.search
    lane = Lane(_PLAIN_STRING, w.raw, w)
    while True:
        buf = r.buf
        m = stop(buf, r.pos)
        if m is None:
            if r.pos < len(buf):
                w.raw(buf[r.pos:])
                r.pos = len(buf)
            if not (yield from more(r, lane)):
                raise Truncated("cut off in a string")
            continue
        i = m.start()
        if i > r.pos:
            w.raw(buf[r.pos:i])
        c = buf[i]
        if c == '"':
            r.pos = i + 1
            w.str_end()
            return
        if c == "\\":
            e = _ESC.match(buf, i)
            if e is not None:
                w.raw(e.group())
                r.pos = e.end()
            elif len(buf) - i < 6 and not r.eof:
                r.pos = i
                yield from more(r)
            elif len(buf) - i < 2:
                r.pos = len(buf)
                raise Truncated("cut off in an escape")
            else:
                # An escape JSON does not have (\' or \x): keep both characters literally.
                w.raw("\\\\" + escape(buf[i + 1]))
                r.pos = i + 2
        else:
            w.raw(_CTRL[c])     # a raw control character: models write them; JSON wants them escaped
            r.pos = i + 1


def read(r: Reader):
    """Read one whole JSON value and return it as a Python object."""
    w = Args()
    yield from value(r, w)
    return w.result()
