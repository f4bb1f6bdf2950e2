"""One block, from its opener to its end (`Block`).

A Block is DECIDE until a format claims it (`choose`), then BLOCK: the format's body parser (a
generator over a Reader) reads it, and `drive` resumes that parser and picks how a block that
went wrong is read to its end (fallback.py).  The Sieve asks a Block, never the other way round.
"""
from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Literal

from .events import ToolCallError
from .fallback import broad_pass, cut_block, salvage
from .formats import LOOK_MAX, MAYBE, YES, Body, Format, Handoff, Prose, ProseLane
from .formats._xml import stray_closer
from .jsonargs import utf8_len
from .markers import special, starts_special, whole_tag
from .reader import Bad, Lane, NotOurs, Reader, Reject, Truncated

if TYPE_CHECKING:
    from .calls import Calls
    from .events import Event
    from .layout import Output

class Wait(Enum):
    """choose's answer when the formats need more text to decide (an enum: mypy narrows it)."""
    WAIT = "wait"


WAIT = Wait.WAIT
RELEASED = -1                          # drive: the block holds no call (its text is text)

_ROOM = 64                             # how far back its closer is looked for
_ENDS = (">", "]")                     # an opener's last delimiter, written twice by a slip


class Block:
    """One block, from its opener to its end: all its state in one place."""

    __slots__ = ("opener", "written", "cands", "look", "fmt", "reader", "gen", "lane",
                 "fallback", "cut", "unread", "why", "spoke", "mk", "mk_opener", "ended", "closer", "_ends")

    def __init__(self, opener: str, cands: tuple, written: str | None = None):
        self.opener = opener           # the marker that opened it, as its formats read it
        self.written = written or opener   # …and as it was written (a garbled spelling of it)
        self.cands = cands             # formats that share that marker (DECIDE)
        self.look = ""                 # text after the opener, held while they decide
        self.fmt: Format | None = None   # the format that claimed it (None: still DECIDE)
        self.reader: Reader | None = None
        self.gen: Body | None = None     # the format's body parser
        self.lane: Lane | None = None    # where plain chunks may go directly (see reader.Lane)
        self.fallback = self.cut = self.unread = False   # how it is being read when it went wrong
        self.why: Exception | None = None                 # why its own parser gave up, first
        # Content or reasoning went out from inside it (a channel of harmony, muse's to=self):
        # like a call, that text cannot be taken back, so the block is never given back as text.
        self.spoke = False
        self.mk, self.mk_opener = 0, False                # markup audit: accounted up to here
        self.ended: int | None = None    # where its parser ended it, while `stray` waits
        self.closer: str | None = None   # the claiming format's closer for its opener (claim)
        self._ends: tuple | None = None  # ends(), once a format claimed it

    def pass_on(self, text: str, calls: Calls, out: Output) -> list[Event] | ProseLane | None:
        """Inside a long value, a chunk the parser would only pass on (see reader.Lane): passed
        on directly, returning the feed's events, or, in a lane for prose, the ProseLane (the
        chunk is prose the parser would have yielded: the Sieve sends it out); None if the
        parser must see it."""
        lane, r = self.lane, self.reader
        if lane is None or r is None or not text or not lane.accepts(text):
            return None
        sink = lane.sink
        if sink is None and type(lane) is not ProseLane:
            # it only waits: nothing happens until the parser's turn
            if len(r.buf) - r.pos + len(text) > lane.room:
                return None
            r.push(text)
            return []
        if r.pos < len(r.buf):
            return None
        if lane.args is not None and lane.args is calls.args:
            ev = calls.pass_on(text)
            if ev is not None:
                r.skip(text)
                return [ev]
        a = calls.args
        if a is not None and a.limit is not None and a.size + utf8_len(text) > a.limit:
            return None
        r.skip(text)
        if sink is None:               # prose: the Sieve sends it out (Sieve._from_block)
            assert type(lane) is ProseLane
            return lane
        events = out.begin()
        sink(text)
        calls.flush()
        out.flush()
        return events

    # ------------------------------------------------------------------ DECIDE
    def resume(self, data: str, pos: int) -> tuple[str, int]:
        """The text to decide on: what was held while the formats waited (wait), then data[pos:]."""
        if self.look:
            data, pos, self.look = self.look + data[pos:], 0, ""
        elif self.fmt is None and self.opener[-1:] in _ENDS:
            # Nothing after the opener yet: its last delimiter written again (`<tool_call>>`,
            # `[TOOL_CALL]]`) or after a space (`<tool_call >`, its garbled spelling `<tool_call `
            # matched) is the opener's, markup when a call follows, text with it when none does.
            end, right = pos, self.opener[-1]
            while end < len(data) and data[end] == right:
                end += 1
            self.written += data[pos:end]
            pos = end
        return data, pos

    def wait(self, rest: str) -> None:
        """The formats need more than `rest` (the text after the opener) to decide: it is held."""
        self.look = rest

    def choose(self, view: str, final: bool, calls: Calls) -> Format | Literal[Wait.WAIT] | None:
        """The first format that says YES to `view` (the text after the opener), WAIT while one
        says MAYBE and more may come, or None (no format's: a false start)."""
        if not view and not final and self.opener[-1:] in _ENDS:
            return WAIT                # (its last delimiter may follow again, the opener's: resume)
        for f in self.cands:
            v = f.decide(self.opener, view, final, calls)
            if v == YES:
                return f
            if v == MAYBE and not final:
                return WAIT
        return None

    def unclaimed(self, rest: str | None, calls: Calls, out: Output) -> int | None:
        """No format claimed the block (`rest`: at the end of the stream, what followed the
        opener, at most LOOK_MAX characters; None before the end).  A call the end cut off
        (cut_at_end): its opener and what followed are markup and an error says so; returns how
        much of `rest` that consumed.  Else special-token markup that holds no call is reported
        (its text stays text) and None returned."""
        o = self.opener
        if all(f.shaped for f in self.cands):
            return None                # any tag opened it: no format's markup, plain text
        if rest is not None and len(rest) < LOOK_MAX and self.cut_at_end(rest, calls.at_start, calls):
            raw = "" if rest.isspace() else rest
            out.markup(self.written + raw)
            calls.push(ToolCallError(None, f"cut off by the end of the stream after {o!r}", raw))
            return len(raw)
        if special(o):
            calls.push(ToolCallError(None, f"no call after {o!r}", ""))
        return None

    def cut_at_end(self, rest: str, at_start: bool, calls: Calls) -> bool:
        """No format claimed it and the stream ended `rest` after the opener: was it a call
        the end cut off?  A special token alone at the end, or a tag (`<tool_call>`) that is the
        whole content (a tag after prose may be prose), the opener written again counting as
        itself (`<tool_call>\n<tool_call>`, signalnine/q27#32); or special-token markup that a
        format would have read on, had the stream not ended (`<｜tool▁calls▁begin｜>
        <｜tool▁call▁begin｜>get_wea`): never content."""
        o = self.opener
        if special(o) or (at_start and whole_tag(o)):
            if not rest.replace(o, "").strip():
                return True
        return (special(o) and starts_special(rest)
                and any(f.decide(o, rest, False, calls) == MAYBE for f in self.cands))

    def claim(self, fmt: Format, calls: Calls) -> None:
        """`fmt` reads the block from here (BLOCK)."""
        self.fmt = fmt
        # (asked at every block end, and twice when a block is given back: derived once here)
        self.closer = fmt.closer_for(self.opener)
        self._ends = None
        self.reader = Reader()
        calls.reading(self.reader)
        self.gen = fmt.parse(self.reader, calls, self.opener)

    # ------------------------------------------------------------------ BLOCK
    def push(self, data: str, pos: int, eof: bool) -> None:
        """data[pos:] arrived for the parser (`eof`: and the stream ended)."""
        r = self.reader
        assert r is not None, "push() before claim()"
        if pos < len(data):
            r.push(data, pos)
        if eof:
            r.finish()

    def since(self, at: int) -> tuple[str, int]:
        """The block's text from `at` on (what goes back to the scanner), as (string, index)."""
        r = self.reader
        assert r is not None, "since() before claim()"
        return r.since(at)

    def drive(self, calls: Calls, eof: bool) -> int | Prose | None:
        """Resume the parser on what was pushed.  Returns None while it waits for more, the
        position where the block ended, RELEASED (it holds no call), or the Prose it yielded
        (to go out before the Sieve drives it on: formats.Prose)."""
        r, gen = self.reader, self.gen
        assert r is not None and gen is not None, "drive() before claim()"
        self.lane = None
        if self.ended is not None:
            return self.ended
        while True:
            try:
                lane = gen.send(None)
                if lane is not None:
                    if type(lane) is Prose:
                        return lane
                    if type(lane) is Handoff:  # (formats.Handoff: drive the other parser on)
                        self.gen = gen = lane.gen
                        continue
                self.lane = lane
                if not eof:
                    return None
                raise Truncated("parser waited at end of stream")
            except StopIteration:
                return r.at
            except (Reject, Bad) as e:
                again = self._recover(r, e, calls)
                if again is None:
                    if calls.block_calls or self.spoke:
                        return e.at if isinstance(e, Reject) and e.at is not None else r.at
                    return RELEASED
                self.gen = gen = again

    def stray(self, at: int, calls: Calls, eof: bool) -> int | None:
        """The block ended at `at` after its calls ran, without its closer: where its closer
        should stand (after blanks), a closer of another spelling (a typo, another family's,
        `</tool_calls>` for `</tool_call>`), or one the end of the stream cut (`</acme_call`),
        is its markup (`_xml.stray_closer` says which): returns where the block ends then (None:
        wait for more text).  Prose after a call (`</b>`, a sentence) stays text."""
        r, closer = self.reader, self.closer
        if r is None or not closer or not calls.block_ran or (at >= r.end and eof):
            return at
        ends = self.ends()
        i = at - r.base
        if (r.buf.endswith(closer, 0, i) if len(closer) <= i <= len(r.buf)
                else 0 <= i < len(closer) and r.text(max(r.start, at - len(closer)), at) == closer):
            # its closer was just read (the common case; the buffer may begin after it)
            return at if closer[-1] != ">" else self._doubled(at, eof)
        back = max(map(len, ends), default=0) + _ROOM // 4   # (the closer and the blanks after it)
        if r.text(max(r.start, at - back), at).rstrip().endswith(ends):
            return at                      # its closer was read
        if self.ended is None and at > r.start and r.text(at - 1, at) in ("[", "<"):
            at -= 1                        # (a reader took its `[` for another list of calls)
        rest = r.text(at, min(r.end, at + 2 * _ROOM))
        if eof and len(rest.strip()) > 2 and closer.startswith(rest.strip()):
            return at + len(rest)          # its own closer, cut by the end of the stream
        n = stray_closer(rest, eof)
        if n is None:
            self.ended = at                # what follows decides
            return None
        return at + n

    def _doubled(self, at: int, eof: bool) -> int | None:
        """After its closer (`</tool_call>`), its `>` written again (`</tool_call>>`, a slip
        models make) is its markup, the run of them: where the block ends then (None: the
        text ends there, what follows decides)."""
        r = self.reader
        assert r is not None
        i = at - r.base
        if 0 <= i < len(r.buf) and r.buf[i] != ">":
            return at                  # (the common case: something else follows it)
        rest = r.text(at, min(r.end, at + _ROOM))
        n = len(rest) - len(rest.lstrip(">"))
        if n == len(rest) and not eof and n < _ROOM:
            self.ended = at
            return None
        return at + n

    def _recover(self, r: Reader, e: Exception, calls) -> Body | None:
        """The parser gave up (`e`): the parser that reads the block to its end instead, or
        None (it ends here, after its calls, or holds none)."""
        fmt, closer = self.fmt, self.closer
        assert fmt is not None
        if calls.open:
            a = calls.args
            return salvage(r, calls, closer or "\n", e, None if a is not None and a.over else calls.ended_at)
        if calls.block_calls or self.spoke:
            if isinstance(e, Truncated) and not self.unread:
                # Cut off after its calls: the rest is a call that never got written.
                self.unread = True
                return cut_block(r, calls, closer, self.opener)
            return None
        cut = isinstance(e, Truncated) or self.cut
        if self.why is None:
            self.why = e
        # No call in this block.  If it was well-formed but of a shape the format does not
        # know (or cut off by the end of the stream), a broad pass looks for calls in it.
        broad = cut or (isinstance(e, Reject) and e.broad)
        # (a format with a closer; not for an opener whose block has none: tool_code's `=`)
        if broad and fmt.closer and closer and not self.fallback:
            self.fallback, self.cut = True, cut
            r.rewind(0)
            return broad_pass(r, calls, closer)
        if cut and not self.unread:
            # A call cut off by the end of the stream before it started: never content.
            self.unread = True
            r.rewind(0)
            return cut_block(r, calls, closer, self.opener)
        # A block its format took that holds no readable call (a body no parser reads, an object
        # with no name): reported, with what its own parser found wrong first (the broad pass
        # only says it found none); its text goes back to the text, so nothing is lost, and the
        # client is told.  A call to no tool of the request (NotOurs) is another agent's markup
        # or prose, and a code fence prose's before a call's: no error, unless special tokens
        # (an undeclared tool, prose quoting the token) opened it.
        why = self.why or e
        if special(self.opener) or not (isinstance(why, NotOurs) or self.opener in fmt.fences):
            calls.push(ToolCallError(None, f"{why or 'no call'} after {self.opener!r}", ""))
        return None

    def audit(self, out: Output, emitted: int = 0, at: int | None = None) -> None:
        """The markup audit (markup=True): the block's text (its opener first) not accounted for
        yet goes out as markup, up to `at` (default: the reader's position less the `emitted`
        characters that go out as text right after)."""
        r = self.reader
        if r is None:
            return
        end = (r.at if at is None else at) - emitted
        out.markup(("" if self.mk_opener else self.written) + r.text(self.mk, end))
        self.mk_opener = True
        self.mk = end + emitted

    def spoken(self) -> None:
        """Content or reasoning went out from inside it (see `spoke`)."""
        self.spoke = True

    def bound(self, calls: Calls) -> None:
        """Memory: the block's text is kept (see `given`), except a call over max_call_bytes: while
        it is read to its end, what it consumed is dropped at each feed (forget keeps what is not
        read yet, so the text after that call is kept whatever the chunking: a later error's)."""
        r, a = self.reader, calls.args
        if r is not None and a is not None and a.over and calls.open:
            r.forget()

    def given(self, calls: Calls, at: int) -> str | None:
        """The block ended at `at`, its calls started but none ran (each went bad: a duplicate
        key, invalid JSON, an inner closer missing), and it said nothing: its text, opener first, which goes
        back as content (nothing the model wrote vanishes; the errors say what was wrong).
        None when a call ran, or it spoke, or the end of the stream cut it off (a call that
        max_tokens cut is reported, never content: docs/guarantees.md), or a call went over
        max_call_bytes (its text is not kept: `bound`; the same whatever the chunking)."""
        r = self.reader
        if (not calls.block_calls or calls.block_ran or calls.block_over or calls.block_cut
                or self.spoke or r is None):
            return None
        return self.written + r.text(0, at)

    def ends(self) -> tuple:
        """Where a block of its formats (the one that claimed it, else its candidates) ends:
        its closer, or the family's end-of-message tokens."""
        if self._ends is not None:
            return self._ends
        ends: set[str] = set()
        for f in ((self.fmt,) if self.fmt is not None else self.cands):
            closer = f.closer_for(self.opener)
            ends.update((closer,) if closer else f.ends)
        if self.fmt is None:
            return tuple(ends)
        self._ends = tuple(ends)
        return self._ends
