"""Resumable parsing over a stream: the shared machinery every format's body parser is built from.

A body parser is a generator over a Reader.  When it needs more input it yields (via `more`);
the Sieve pushes the next chunk and resumes it.  The reader keeps only the unconsumed text, and
the primitives here consume as they go, so a long value is never re-scanned or re-copied.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .jsonargs import Args


class Bad(Exception):
    """The text is not valid syntax for this format (at the reader's position)."""
    depth: int | None = None     # brackets that close the call it broke (fallback.resumable)

    def closes_after(self, depth: int) -> None:
        """`depth` brackets close the call it broke: a list can go on after it (fallback.listed)."""
        self.depth = depth


class Truncated(Bad):
    """The stream ended before the syntax was complete."""


class Reject(Exception):
    """This text is not a call (wrong shape, undeclared tool): give it back as text from `at`.

    `broad`: the block was well-formed but of a shape the format does not know; worth the broad
    pass for call-shaped JSON (fallback.py) before it goes out as text.
    """

    def __init__(self, reason: str, at: int | None = None, broad: bool = False):
        super().__init__(reason)
        self.at = at
        self.broad = broad

    def place(self, at: int, keep: bool = False) -> None:
        """The text goes back from `at` (`keep`: unless an inner parser said where already)."""
        if not keep or self.at is None:
            self.at = at


class NotOurs(Reject):
    """The call names no tool of this request (undeclared, or no tool name at all): another
    agent's markup or prose, given back as text with no error (a block of special tokens is
    reported all the same: block.Block._recover)."""


class Reader:
    """The text of one block, pushed chunk by chunk.  `buf[pos:]` is what is not consumed yet.

    Positions are absolute (0 = the first character after the block's opener).  Pushing a chunk
    whose predecessor is consumed copies nothing, so a block that starts in a large text (a
    whole-text parse) reads that text in place; what was pushed is kept (for rewinding and the
    markup audit) as references, compacted every so often so that memory stays near the text size.
    """

    __slots__ = ("buf", "pos", "eof", "blocks", "parts", "start", "base", "end", "keep")
    joins = True                 # Python literals: adjacent strings are one (formats/_pythonic.py)

    def __init__(self):
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.blocks: list[str] = []                 # pushed text, compacted
        self.parts: list[tuple[str, int]] = []      # pushed text not compacted yet: (string, from)
        self.start = 0               # absolute offset of the first pushed character
        self.base = 0                # absolute offset of buf[0]
        self.end = 0                 # absolute offset just past the pushed text
        self.keep = True             # keep what is pushed (False while a call streams: see forget)

    def push(self, text: str, start: int = 0) -> None:
        """Append text[start:] to the input."""
        if self.keep:
            parts = self.parts
            parts.append((text, start))
            if len(parts) >= 256:    # many small chunks: keep one string per 256, not 256 objects
                self.blocks.append("".join([t[i:] for t, i in parts]))
                parts.clear()
        buf, pos = self.buf, self.pos
        if pos >= len(buf):
            self.buf, self.pos, self.base = text, start, self.end - start
        else:
            self.buf, self.pos, self.base = buf[pos:] + text[start:], 0, self.base + pos
        self.end += len(text) - start

    def finish(self) -> None:
        """The stream ended: nothing more will be pushed."""
        self.eof = True

    def skip(self, text: str) -> None:
        """Push `text` and consume it at once (the Sieve passed it on for the parser)."""
        if self.keep:
            parts = self.parts
            parts.append((text, 0))
            if len(parts) >= 256:
                self.blocks.append("".join([t[i:] for t, i in parts]))
                parts.clear()
        self.buf, self.pos, self.base = text, len(text), self.end
        self.end += len(text)

    def forget(self) -> None:
        """Drop what was pushed before the read position: once a call has started nothing goes
        back before it, so a long call is not kept twice (its arguments keep it once)."""
        self.blocks.clear()
        self.parts[:] = [(self.buf, self.pos)] if self.pos < len(self.buf) else []
        self.start = self.at

    def push_front(self, text: str) -> None:
        """Put text (an opener the format wants to read itself) before the unconsumed input."""
        n = len(text)
        if self.pos >= n and self.base + self.pos - n >= self.start and self.buf.startswith(text, self.pos - n):
            # the block's own text, just consumed (a family's block inside a bent wrapper,
            # formats/_known.py's Inner): read again, kept once
            self.pos -= n
            return
        self.buf = text + self.buf[self.pos:]
        self.base = self.base + self.pos - len(text)
        self.pos = 0
        self.start = min(self.start, self.base)
        self.blocks.insert(0, text)

    @property
    def at(self) -> int:
        """Absolute offset of the next unconsumed character."""
        return self.base + self.pos

    def text(self, a: int, b: int | None = None) -> str:
        """The pushed text between absolute offsets a and b."""
        assert a >= self.start, "text() before the text kept (see forget)"
        if a >= self.base and (b is None or b <= self.base + len(self.buf)):
            return self.buf[a - self.base:None if b is None else b - self.base]
        # A range near the end (the text just before where a block ended) is in the last parts:
        # walked back to it, not the whole block joined for a few characters.
        at, tail = self.end, []
        for t, i in reversed(self.parts):
            if at <= a:
                break
            tail.append(t[i:])
            at -= len(t) - i
        if at <= a and at >= self.start:
            text = "".join(reversed(tail))
            return text[a - at:None if b is None else b - at]
        whole = "".join(self.blocks) + "".join([t[i:] for t, i in self.parts])
        return whole[a - self.start:None if b is None else b - self.start]

    def since(self, a: int) -> tuple[str, int]:
        """The pushed text from absolute offset a on, as (string, index) — without copying when
        it is all in the read buffer."""
        if a >= self.base:
            return self.buf, a - self.base
        return self.text(a), 0

    def rewind(self, at: int) -> None:
        assert at >= self.start, "rewind() before the text kept (see forget)"
        if at >= self.base:
            self.pos = at - self.base
        else:
            self.buf, self.base, self.pos = self.text(at), at, 0

    def rest(self) -> str:
        """The unconsumed text (handed back to the scanner when a block ends)."""
        return self.buf[self.pos:]


class Lane:
    """A hint a waiting parser gives the Sieve: a chunk that `accepts` would just go to `sink`,
    so the Sieve may pass it there without resuming the parser.

    This is the fast path for long values (a 100 KB string argument): one regex test and one
    call per chunk instead of resuming a chain of generators.  The parser sees the same input.
    A lane with no sink only waits (a key before its closing quote): such chunks join the
    unread input, up to `room` characters of it, and the parser reads them when it resumes.
    """

    __slots__ = ("accepts", "sink", "args", "room")

    def __init__(self, accepts: Callable[[str], object], sink: Callable[[str], None] | None,
                 args: Args | None = None, room: int = 0):
        self.accepts = accepts    # a compiled regex's .fullmatch: truthy for chunks to pass on
        self.sink = sink          # where such chunks go (None: they wait in the input)
        self.args = args          # the Args the chunks go to as they are (JSON text), if so
        self.room = room          # a waiting lane: how much unread input it may hold


_avoiding: dict = {}


def avoiding(chars: str, sink) -> Lane:
    """A lane for chunks that hold none of `chars` (the characters the parser must look at)."""
    accepts = _avoiding.get(chars)
    if accepts is None:
        accepts = _avoiding[chars] = re.compile("[^" + "".join(map(re.escape, sorted(set(chars)))) + "]*").fullmatch
    return Lane(accepts, sink)


def more(r: Reader, lane: Lane | None = None):
    """Wait for more input; False at end of stream."""
    if r.eof:
        return False
    yield lane
    return True


_WS = re.compile(r"\s*")


def peek(r: Reader):
    """Skip whitespace; return the next character ('' at end of stream) without consuming it."""
    if r.pos < len(r.buf):
        c = r.buf[r.pos]
        if not c.isspace():
            return c
    while True:
        r.pos = _WS.match(r.buf, r.pos).end()  # type: ignore[union-attr]  # \s* always matches
        if r.pos < len(r.buf):
            return r.buf[r.pos]
        if not (yield from more(r)):
            return ""


def peek_raw(r: Reader):
    """The next character without skipping whitespace ('' at end of stream)."""
    while r.pos >= len(r.buf):
        if not (yield from more(r)):
            return ""
    return r.buf[r.pos]


def startswith(r: Reader, literal: str, skip_ws: bool = False, consume: bool = True):
    """Does the unconsumed text start with `literal`?  Waits until it can tell; consumes it if so."""
    if skip_ws:
        yield from peek(r)
    while len(r.buf) - r.pos < len(literal):
        if not r.buf.startswith(literal[: len(r.buf) - r.pos], r.pos):
            return False
        if not (yield from more(r)):
            return False
    if r.buf.startswith(literal, r.pos):
        if consume:
            r.pos += len(literal)
        return True
    return False


def partial_tail(text: str, term: str) -> int:
    """Length of the longest suffix of `text` that is a proper prefix of `term`."""
    for k in range(min(len(term) - 1, len(text)), 0, -1):
        if text.endswith(term[:k]):
            return k
    return 0


def until(r: Reader, term: str, emit=None, limit: int | None = None):
    """Consume through the next `term`; return the text before it (or pass it to `emit` as it comes).

    Text that cannot be part of `term` is consumed at once, so nothing is searched twice.
    Raises Truncated (with what was read as its argument) at end of stream.
    """
    parts = []
    size = 0
    while True:
        buf = r.buf
        i = buf.find(term, r.pos)
        if i >= 0:
            piece = buf[r.pos:i]
            if emit is not None:
                r.pos = i              # emitted text ends where the reader stands (markup audit)
                if piece:
                    emit(piece)
                r.pos = i + len(term)
                return ""
            r.pos = i + len(term)
            parts.append(piece)
            return "".join(parts)
        cut = len(buf) - partial_tail(buf[r.pos:], term)
        if cut > r.pos:
            piece = buf[r.pos:cut]
            r.pos = cut
            size += len(piece)
            if limit is not None and size > limit:
                raise Bad(f"no {term!r} within {limit} characters")
            if emit is not None:
                emit(piece)
            else:
                parts.append(piece)
        lane = None
        if emit is not None and r.pos >= len(r.buf) and limit is None:
            lane = avoiding(term[0], emit)
        if not (yield from more(r, lane)):
            raise Truncated("".join(parts) + r.rest())


def until_any(r: Reader, pattern: re.Pattern, limit: int = 1 << 16):
    """Consume up to (not through) the first match of `pattern`; return (text before, match).

    At end of stream returns (rest, None).  The pattern must match within `limit` characters.
    """
    start = r.pos
    while True:
        m = pattern.search(r.buf, start)
        if m is not None and (m.end() < len(r.buf) or r.eof):
            text = r.buf[r.pos:m.start()]
            r.pos = m.start()
            return text, m
        if len(r.buf) - r.pos > limit:
            raise Bad("marker not found within limit")
        if not (yield from more(r)):
            text = r.buf[r.pos:]
            r.pos = len(r.buf)
            return text, None
        start = r.pos


def token(r: Reader, pattern: re.Pattern, limit: int = 4096):
    """Match `pattern` at the position, waiting while the match runs to the end of the input.

    The pattern must match every non-empty prefix of a valid token (like `\\w+`), so a failed
    match is final.  Returns the match (consumed) or None (nothing consumed).
    """
    while True:
        if r.pos >= len(r.buf) and not r.eof:
            yield from more(r)
            continue
        m = pattern.match(r.buf, r.pos)
        if m is None:
            # Only whitespace so far: most tokens may start with some (`\s*NAME`), and a
            # prefix of them that is only whitespace does not match yet.
            if not r.eof and len(r.buf) - r.pos <= limit and r.buf[r.pos:].isspace():
                yield from more(r)
                continue
            return None
        if m.end() - r.pos > limit:
            # Longer than a token may be: it ends at the limit itself, not wherever the text
            # read so far ends (that would depend on the chunking).
            m = pattern.match(r.buf, r.pos, r.pos + limit)
            if m is None:                # (whitespace past the limit before the token)
                return None
            r.pos = m.end()
            return m
        if m.end() < len(r.buf) or r.eof:
            r.pos = m.end()
            return m
        if not (yield from more(r)):
            continue
