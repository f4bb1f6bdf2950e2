"""Arguments as streamed JSON text.

`Args` writes one call's arguments as JSON text, piece by piece, so that what has been sent can
always be closed into valid JSON (a key or comma is held until its value starts; escapes and
numbers go out whole).  Every body syntax (JSON, XML, Gemma literals, pythonic calls) writes
through it, so "the deltas concatenate to a JSON object" holds by construction.

The text is canonical: compact separators, strings as `quote` writes them (non-ASCII kept, lone
surrogates escaped), numbers as `number` writes them.  It is the text `dumps` gives for the
parsed value, so the argument text is the same whatever the chunking, streamed or not, and the
`max_call_bytes` cut (counted in UTF-8 bytes of that text) falls at the same character.

`value` is a validating, streaming JSON reader over a Reader: it forwards the model's own JSON
text to an Args as it arrives (repairing raw control characters in strings), in linear time.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any
from json.encoder import encode_basestring  # C-accelerated, keeps non-ASCII as is

from .reader import Bad, Lane, Reader, Truncated, more, peek, token


_SURROGATE = re.compile("[\ud800-\udfff]")
_INT = re.compile(r"-?\d+\Z")


def _esc_surrogate(m) -> str:
    return "\\u%04x" % ord(m.group())


def _lone_surrogate(text: str) -> bool:
    """Does non-ASCII `text` hold a lone surrogate?  (Strict UTF-8 encoding refuses exactly
    those, and runs at C speed where a regex scan over a long text does not.)"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def quote(text: str) -> str:
    """`text` as a JSON string: non-ASCII kept, lone surrogates (no UTF-8 for them) escaped."""
    q = encode_basestring(text)
    if text.isascii() or not _lone_surrogate(q):    # (isascii: a flag, no scan)
        return q
    # two code points that make a surrogate pair are one character (as JSON reads "\\ud83d\\ude00")
    q = q.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
    return _SURROGATE.sub(_esc_surrogate, q)


def utf8_len(text: str) -> int:
    """The UTF-8 size of `text` (what `max_call_bytes` counts); a lone surrogate counts 3."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def escape(text: str) -> str:
    """JSON string body for `text` (no quotes): quote()'s, on the hot path of streamed values."""
    if text.isascii():
        return encode_basestring(text)[1:-1]
    return quote(text)[1:-1]


def number(text: str) -> str:
    """A JSON number token in canonical form (Python's json writes it so); Bad if it is none."""
    try:
        if _INT.match(text):
            return str(int(text))
        f = float(text)
    except ValueError:
        raise Bad("invalid number") from None
    if not math.isfinite(f):
        raise Bad("number out of range")        # 1e999: JSON has no infinity
    return repr(f)


def _finite(text: str) -> float:
    f = float(text)
    if not math.isfinite(f):
        raise ValueError("number out of range")
    return f


def _unique(pairs):
    d = dict(pairs)
    if len(d) != len(pairs):
        raise ValueError("duplicate key")
    return d


def _reject_constant(name):
    raise ValueError(name)           # NaN / Infinity: Python's json reads them, JSON has none


# Strict JSON as RFC 8259 has it, and as Args writes it: no NaN / Infinity, no overflowing
# numbers, no duplicate keys (a later one would silently win).
_strict = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite,
                           object_pairs_hook=_unique)
try:                                 # the C encoder, made once (JSONEncoder makes one per call)
    from json.encoder import c_make_encoder as _make  # type: ignore[attr-defined]  # (not in the stubs)
    _c = _make(None, None, encode_basestring, None, ":", ",", False, False, False)

    def _dumps(obj) -> str:
        return "".join(_c(obj, 0))
except (ImportError, TypeError):     # (no C accelerator)
    _encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode

    def _dumps(obj) -> str:
        return _encode(obj)


def loads(text: str):
    """Parse strict JSON text (ValueError otherwise)."""
    return _strict.decode(text)


def dumps(obj) -> str:
    """The canonical JSON text of a value (ValueError for a non-finite number)."""
    return no_lone_surrogates(_dumps(obj))


def no_lone_surrogates(json_text: str) -> str:
    """JSON text with its lone surrogates escaped: they have no UTF-8, and in JSON text they can
    only stand inside a string, where the escape means the same."""
    if json_text.isascii() or not _lone_surrogate(json_text):     # (isascii: a flag)
        return json_text
    return _SURROGATE.sub(_esc_surrogate, json_text)


class Args:
    """One call's arguments, written as JSON text (streamed by the Sieve as it grows)."""

    __slots__ = ("parts", "done", "size", "limit", "closers", "counts", "keys", "pending", "over",
                 "whole", "refused", "mended")

    def __init__(self, limit: int | None = None):
        self.parts: list[str] = []     # the JSON text so far; the Sieve sends new parts as deltas
        self.done: list[str] = []      # …and parts already sent, joined by the few hundred
        self.size = 0
        self.limit = limit
        self.closers: list[str] = []   # what closes each open container / string, innermost last
        self.counts: list[int] = []    # members written so far, per open container
        self.keys: list[set | None] = []   # the keys of each open object (None for an array)
        self.pending = ""              # a key or comma, held until its value starts
        # Past `limit` nothing more is written (and the structure is no longer tracked), but the
        # parser goes on reading the call, string-aware, to its end: the call is then incomplete.
        self.over = False
        self.whole: tuple[str, Any] | None = None   # (text, value): the arguments went out as one decoded piece
        # (why, raw): a value the call cannot run with (a typed value that does not parse as its
        # type): the arguments are written on, and the call ends not runnable (Calls._finish).
        self.refused: tuple[str, str] | None = None
        # A container closed after a trailing comma (`{"path": [],}`): read as written, but it is
        # also what a cut-off value closed by the wrapper's brace looks like, so such arguments are
        # whole only in a call that closed too (Calls.cut: two repairs never make one call).
        self.mended = False

    def mend(self) -> None:
        """A container closes after a trailing comma (see `mended`)."""
        self.mended = True

    def go_over(self) -> None:
        """Past the limit (a value read elsewhere went over it): nothing more is written."""
        self.over = True

    def passed(self, text: str, n: int) -> None:
        """`text` (`n` UTF-8 bytes), valid inside the open string, is the next part as it is
        (Calls.pass_on, the fast lane)."""
        parts = self.parts
        parts.append(text)
        self.size += n
        if len(parts) >= 256:
            self.compact()

    def decoded(self, json_text: str, value: Any) -> None:
        """A whole value read at once (`value`, decoded): written; if it is all of the
        arguments, they are kept decoded too (`whole`)."""
        first = not self.parts and not self.done
        self.scalar(json_text)
        if first:
            self.whole = (json_text, value)

    def refuse(self, why: str, raw: str) -> None:
        """A value that makes the call not runnable (the first one says why)."""
        if self.refused is None:
            self.refused = (why, raw)

    def _out(self, s: str, cut: bool = False) -> None:
        if self.over:
            return
        if self.pending:
            s = self.pending + s
            self.pending = ""
            cut = False
        n = utf8_len(s)                     # the size is in UTF-8 bytes
        if self.limit is not None and self.size + n > self.limit:
            # Text inside a string is cut at the limit itself (never inside an escape or a
            # character); any other piece is a token that goes out whole or not at all.  The text
            # is canonical, so the cut is the same whatever the chunking.
            if cut:
                s = s[:_safe_cut(s, self.limit - self.size)]
                if s:
                    self.parts.append(s)
                    self.size += utf8_len(s)
            self.over = True
            return
        self.parts.append(s)
        self.size += n

    def _value(self) -> None:
        if self.closers and self.closers[-1] == "]":
            if self.counts[-1]:
                self.pending += ","
            self.counts[-1] += 1

    # structure
    def begin(self, opener: str) -> None:
        if self.over:
            return
        self._value()
        self.closers.append("}" if opener == "{" else "]")
        self.counts.append(0)
        self.keys.append(set() if opener == "{" else None)
        self._out(opener)

    def key(self, name: str) -> None:
        if self.over:
            return
        seen: set = self.keys[-1]  # type: ignore[assignment]  # (key() comes inside an object only)
        if name in seen:
            raise Bad("duplicate key")          # JSON readers would silently keep one of them
        seen.add(name)
        self.pending = ("," if self.counts[-1] else "") + quote(name) + ":"
        self.counts[-1] += 1

    def end(self) -> None:
        if self.over:
            return
        self.pending = ""
        self.counts.pop()
        self.keys.pop()
        self._out(self.closers.pop())

    # values
    def scalar(self, json_text: str) -> None:
        """A complete canonical JSON value (a word, a `number()`, a `dumps()`)."""
        if self.over:
            return
        self._value()
        self._out(json_text)

    def number(self, text: str) -> None:
        self.scalar(number(text))

    def str_begin(self) -> None:
        if self.over:
            return
        self._value()
        self.closers.append('"')
        self._out('"')

    def raw(self, json_piece: str) -> None:
        """Canonical text for the inside of the open string (`escape`d), or complete JSON tokens."""
        self._out(json_piece, bool(self.closers) and self.closers[-1] == '"')

    def text(self, piece: str) -> None:
        """Plain text inside the open string."""
        if piece:
            self._out(escape(piece), True)

    def str_end(self) -> None:
        if self.over:
            return
        self._out(self.closers.pop())

    def string(self, s: str) -> None:
        self.scalar(quote(s))

    def value(self, obj: Any) -> None:
        """A complete Python value (from a literal syntax), written as JSON."""
        try:
            text = dumps(obj)
        except ValueError:
            raise Bad("number out of range") from None
        self.scalar(text)

    def no_arguments(self) -> None:
        """Nothing was written: the call's arguments are {} (whatever the limit)."""
        if not self.parts and not self.done and not self.over:
            self.parts.append("{}")
            self.size += 2

    def take_over(self, other: "Args") -> None:
        """Become `other` (arguments read before their call could start): text and structure."""
        self.parts[:] = other.parts
        self.size, self.over, self.pending = other.size, other.over, other.pending
        self.closers[:] = other.closers
        self.counts[:] = other.counts
        self.keys[:] = other.keys

    # results
    @property
    def open(self) -> bool:
        return bool(self.closers)

    @property
    def complete(self) -> bool:
        """A whole JSON value was written (and nothing was lost to the limit)."""
        return not self.over and not self.closers and bool(self.parts or self.done)

    def closed_copy(self) -> Any:
        """The value the text so far would be if it were closed now (for a cut-off call)."""
        text = "".join(self.done) + "".join(self.parts) + "".join(reversed(self.closers))
        try:
            return loads(text) if text else {}
        except ValueError:
            return {}

    # Args writes only what it has checked (strict, canonical): reading it back needs no checks.
    def result(self) -> Any:
        return json.loads("".join(self.done) + "".join(self.parts))

    def take_result(self) -> Any:
        """The parsed value, for the last time: the pieces go first, so a huge argument is held
        twice at most while it is parsed (its JSON text and its value), not three times."""
        whole, parts = self.whole, self.parts
        if whole is not None and len(parts) == 1 and parts[0] is whole[0] and not self.done:
            # The text is exactly one value's dumps(): its value is the one it was made from
            # (canonical text reads back equal), not parsed a second time.
            parts.clear()
            self.whole = None
            return whole[1]
        self.done.extend(parts)
        parts.clear()
        text = "".join(self.done)
        self.done.clear()
        return json.loads(text)

    def compact(self) -> None:
        """Join the parts (all sent) into one string: a long value is not kept as 1e5 objects."""
        self.done.append("".join(self.parts))
        self.parts.clear()


def _safe_cut(s: str, n: int) -> int:
    """The longest prefix of escaped string text `s`, at most `n` UTF-8 bytes, that ends no
    escape early (its length in characters)."""
    if n <= 0:
        return 0
    if not s.isascii():
        # the characters whose UTF-8 fits in n bytes (escapes are ASCII: the check below holds)
        n = len(s.encode("utf-8", "surrogatepass")[:n].decode("utf-8", "ignore"))
    i = s.rfind("\\", max(0, n - 6), n)
    while i >= 0:
        # Is the backslash at i the start of an escape (not the second half of "\\\\")?
        k = i
        while k > 0 and s[k - 1] == "\\":
            k -= 1
        if (i - k) % 2 == 0:
            width = 6 if s[i + 1:i + 2] == "u" else 2
            return i if i + width > n else n
        i = s.rfind("\\", max(0, n - 6), i)
    return n


# ---------------------------------------------------------------------------- streaming JSON reader

_STR_STOP = re.compile('["\\\\\x00-\x1f\ud800-\udfff]')
_ESC = re.compile(r'\\(?:["\\/bfnrt]|u([0-9a-fA-F]{4}))')
_LOW = re.compile(r'\\u(d[c-fC-F][0-9a-fA-F]{2}|D[c-fC-F][0-9a-fA-F]{2})')
_NUM_LOOSE = re.compile(r"[-+0-9.eE]+")
_NUM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\Z")
_WORD = re.compile(r"[A-Za-z]+")
_WORDS = {"true": "true", "false": "false", "null": "null",
          "True": "true", "False": "false", "None": "null"}   # Python spellings: a common slip
MAX_DEPTH = 128                  # containers nested deeper than this are an error

NUMBER_MAX = 64                  # a number token is at most this long (longer: an error)

# The fast path must take exactly what the streaming reader takes: JSON (no duplicate
# keys; `dumps` refuses 1e999), and no number token longer than NUMBER_MAX (in a short text, a
# run of number characters that long, even inside a string, sends the value to the streaming
# path).
# Raw control characters in strings (models write them) are read as the streaming reader reads
# them, and dumps() escapes them as it does: strict=False.
_whole = json.JSONDecoder(strict=False, parse_constant=_reject_constant, object_pairs_hook=_unique).raw_decode
_LONG_NUMBER = re.compile("[-+0-9.eE]{%d}" % (NUMBER_MAX + 1)).search


def _short_number(parse):
    def checked(token: str):
        if len(token) > NUMBER_MAX:
            raise ValueError("number too long")
        return parse(token)
    return checked


# On a long text the regex above costs more than the decoding (it stops at every "e" in prose):
# there, each number token is checked as it is read instead (a call per number, not per character).
_whole_long = json.JSONDecoder(strict=False, parse_constant=_reject_constant, object_pairs_hook=_unique,
                               parse_int=_short_number(int), parse_float=_short_number(float)).raw_decode
_LONG = 2048                     # characters from which a value counts as long
_lenient = json.JSONDecoder(strict=False, parse_constant=_reject_constant)


def _levels(obj) -> int:
    """How many containers deep a parsed value nests (0 for a scalar), without recursing."""
    levels, row = 0, [obj] if type(obj) in (dict, list) else []
    while row:
        levels += 1
        nxt: list = []
        for v in row:
            nxt.extend(x for x in (v.values() if type(v) is dict else v) if type(x) in (dict, list))
        row = nxt
    return levels


def value(r: Reader, w: Args, depth: int = 0):
    """Read one JSON value at the reader (after whitespace), writing it to `w` as it arrives."""
    c = yield from peek(r)
    if c in '{["' and depth == 0 and not w.over:
        # Fast path: the whole value is already here (a whole-text parse, or a short value in
        # one chunk) and is strict JSON — C checks it and it goes out as one piece.  Objects,
        # arrays and strings end themselves, so nothing that follows can change them.  It must
        # give what the streaming path below gives: the same canonical text, and the streaming
        # path decides whatever would be cut by a limit (nesting, size).
        buf, pos = r.buf, r.pos
        long = len(buf) - pos > _LONG
        try:
            obj, end = (_whole_long if long else _whole)(buf, pos)
            text = dumps(obj)
        except (ValueError, RecursionError):
            pass
        else:
            if ((c == '"' or buf.count("{", pos, end) + buf.count("[", pos, end) <= MAX_DEPTH
                 or _levels(obj) <= MAX_DEPTH)   # (brackets quoted in strings: count the value's)
                    and (w.limit is None or w.size + utf8_len(w.pending + text) <= w.limit)
                    and (long or _LONG_NUMBER(buf, pos, end) is None)):
                w.decoded(text, obj)
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
        m = yield from token(r, _NUM_LOOSE, NUMBER_MAX)
        if not _NUM.match(m.group()):
            if r.eof and r.pos >= len(r.buf):
                raise Truncated("cut off in a number")
            raise Bad("invalid number")
        w.number(m.group())
    else:
        m = yield from token(r, _WORD, 8)
        if m is None or m.group() not in _WORDS:
            if m is not None:
                r.pos = m.start()    # (a match of the buffer as it is now: a push may have moved it)
            raise Bad("invalid JSON value")
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
            if c == close:              # a trailing comma (`{"a": 1,}`): models write them
                r.pos += 1
                w.mend()
                w.end()
                return
            continue
        if c == close:
            r.pos += 1
            w.end()
            return
        raise Truncated(f"cut off before {close!r}") if c == "" else Bad(f"expected ',' or {close!r}")


_KEY = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
KEY_MAX = 4096
# A chunk with no quote or backslash cannot end a key: it waits in the input (reader.Lane).
_KEY_WAIT = Lane(re.compile(r'[^"\\]*').fullmatch, None, room=KEY_MAX)


def key(r: Reader, limit: int = KEY_MAX):
    """Read a whole (short) JSON string and return it decoded."""
    lane = _KEY_WAIT if limit == KEY_MAX else None
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
        if not (yield from more(r, lane)):
            raise Truncated("cut off in a key")


# A chunk that is only string characters and escapes already in canonical form (no closing
# quote, no raw control character, no escape cut in two): the Sieve may pass it straight on
# (see reader.Lane).
_PLAIN_STRING = re.compile('(?:[^"\\\\\x00-\x1f\ud800-\udfff]|\\\\["\\\\bfnrt])*').fullmatch
_CANONICAL_RUN = re.compile('[^"\\\\\x00-\x1f\ud800-\udfff]*(?:\\\\["\\\\bfnrt][^"\\\\\x00-\x1f\ud800-\udfff]*)*').match
_CANON = {'"': '\\"', "\\": "\\\\", "/": "/", "b": "\\b", "f": "\\f", "n": "\\n", "r": "\\r", "t": "\\t"}

_CTRL = {chr(i): "\\u%04x" % i for i in range(32)}
_CTRL.update({"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"})


def string(r: Reader, w: Args):
    """Stream a JSON string value (reader at its opening quote) into `w`."""
    r.pos += 1
    w.str_begin()
    stop = _STR_STOP.search
    run = _CANONICAL_RUN
    lane = Lane(_PLAIN_STRING, w.raw, w)
    while True:
        buf = r.buf
        # What is already canonical (plain characters, the escapes JSON writes so) goes out as
        # one piece, however many escapes it holds; the loop below sees only what must change.
        j = run(buf, r.pos).end()  # type: ignore[union-attr]  # (a `*` pattern: always matches)
        if j > r.pos:
            w.raw(buf[r.pos:j])
            r.pos = j
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
            if not _escape(r, w, buf, i):
                yield from more(r)           # the rest of the escape is still arriving
        else:
            # A raw control character (models write them; JSON wants them escaped), or a lone
            # surrogate (no UTF-8 for it).
            w.raw(_CTRL.get(c) or "\\u%04x" % ord(c))
            r.pos = i + 1


def _escape(r: Reader, w: Args, buf: str, i: int) -> bool:
    """Write the escape at buf[i] (a backslash) in canonical form and consume it; or False, the
    reader left at it, when its end may still arrive.  (Out of `string`'s loop: the escapes
    JSON writes canonically never come here, they go out with the run around them.)"""
    e = _ESC.match(buf, i)
    if e is None:
        if len(buf) - i < 6 and not r.eof:
            r.pos = i
            return False
        if len(buf) - i < 2:
            r.pos = len(buf)
            raise Truncated("cut off in an escape")
        # An escape JSON does not have (\' or \x): keep both characters literally.
        w.raw("\\\\" + escape(buf[i + 1]))
        r.pos = i + 2
        return True
    if e.group(1) is None:
        w.raw(_CANON[buf[i + 1]])
        r.pos = e.end()
        return True
    cp = int(e.group(1), 16)
    end = e.end()
    if 0xD800 <= cp < 0xDC00:
        if len(buf) - end < 6 and not r.eof:
            r.pos = i                     # the low half may still come
            return False
        low = _LOW.match(buf, end)
        if low is not None:
            cp = 0x10000 + ((cp - 0xD800) << 10) + int(low.group(1), 16) - 0xDC00
            end = low.end()
    w.raw(escape(chr(cp)))
    r.pos = end
    return True
