"""The Sieve: a sans-IO state machine that separates text, reasoning and tool calls in a stream.

Three modes:
  TEXT   - text goes out at once, except a tail that could still be the start of a marker;
  DECIDE - an opener was seen; formats that share it look at what follows (bounded look-ahead);
  BLOCK  - a format's body parser (a generator over a Reader) consumes the block, streaming calls.
The mode is not a variable: TEXT is "no Block", DECIDE is "a Block without a format yet", BLOCK
is "a Block with its format".  The Sieve drives; the owners hold the state and save and
restore it themselves: one block's in a `Block` (block.py), the thinking state in a `Thought`,
the calls in `Calls`, the whitespace and code around the text in a `Layout` and the feed's
events in an `Output` (layout.py).  Each mode hands the text it does not consume to the
next, so every character is looked at a bounded number of times: the cost is linear.
A call opened inside open thinking may be a thought, and one found after prose an example:
its events are held in a `Hold` (held.py) until the text says what it was.  What the text
proved about markup (the format, a span of control tokens) is in `Marks` (marks.py).
The Sieve asks and the owners answer: none calls it back (a format's parser yields the prose
inside its block, a formats.Prose, which the Sieve sends out before it resumes it).  After each
move it reads what the watched markers depend on (a markers.TableKey of the owners' values) and
looks the table up again only when that changed (`_watched`, as h11 compares its states after
each event).
A bug (an unexpected exception) puts the Sieve in a failed state, as h11 does.
"""
from __future__ import annotations

from typing import Iterable, Sequence, TypeAlias

from . import formats as registry
from .calls import Calls
from .events import Text
from .block import RELEASED, WAIT, Block
from .layout import Layout, Lead, Output
from .formats import LOOK_MAX, Prose, ProseLane
from .held import Hold, Release
from .markers import Action, Kind, TableKey, Watching, candidates, marker_table, tables
from .scan import Anchor, action
from .marks import Acts, Marks, quoted
from .watch import Watch
from .reasoning import HOLD, LAST_TOKENS, Thought, check_modes
from .session import Session
from .sources import Sources, sources
from .spelling import Spelling


class SieveFailed(RuntimeError):
    """feed() on a Sieve that failed earlier (an internal error; the events said so)."""
MAX_CALL_BYTES = 4 * 1024 * 1024
_TEXT = Lead.TEXT
_CLOSE = Action(Kind.THINK_CLOSE)
# (An enum member read from its class costs a metaclass lookup: the scan loop reads these.)
_CALL, _KEEP, _THINK_CLOSE, _STRAY_CLOSE = Kind.CALL, Kind.KEEP, Kind.THINK_CLOSE, Kind.STRAY_CLOSE
_THINK_OPEN = Kind.THINK_OPEN
_Next: TypeAlias = "tuple[str, int] | None"     # what a mode hands on: (data, pos), or None (all consumed)


class Sieve:
    """Feed model output chunk by chunk; get Text, Reasoning and tool-call events as soon as known."""

    def __init__(self, tools: Sequence[dict | str] | None = None,
                 format: "str | registry.Format | None" = None, reasoning: str = "auto",
                 session: Session | None = None, *, thinking: bool | None = None,
                 strict: bool = True, calls_in_reasoning: bool | str = HOLD,
                 max_call_bytes: int = MAX_CALL_BYTES, markup: bool = False,
                 quotes: Iterable[str] | str | Sources | None = None,
                 response_template: dict | None = None,
                 special_tokens: Iterable[str] | None = None) -> None:
        check_modes(reasoning, calls_in_reasoning)
        self.session = session
        if response_template is not None:
            # a checkpoint's declared output format: its calls are read as it says, streamed
            if format is not None:
                raise ValueError("give a format or a response_template, not both")
            from .formats._response import response_format
            format = response_format(response_template)
        # a format name, or a Format instance (one derived from a chat template: callsieve.templates.derive)
        self._forced = format if isinstance(format, registry.Format) else registry.get(format) if format else None
        # the candidate formats, and the closing tags of their call wrappers (after a held
        # Example: not prose)
        self._fmts, self._closers = candidates(self._forced, session)
        self._o = Output(markup)
        self._calls = Calls(self._o.push, tools, strict, max_call_bytes)
        self._proved = 0                   # calls.count when the last drive's calls were noted
        self._tool_names = tuple(sorted(self._calls.tools or ()))
        self._o.first(self._calls.flush)          # (a call's deltas go out before markup)
        # A call written inside thinking: True, a call at once; False, reasoning text; HOLD, held
        # until text after it or the thinking's closer (a thought) or the stream's end (the call):
        # see held.Hold.
        self._calls_in_reasoning = calls_in_reasoning
        self._marks = Marks(self._fmts, self._forced.name if self._forced else None, session)
        self._blk: Block | None = None # the block being decided or read (None: TEXT mode)
        self._watch = Watch()          # what TEXT mode looks for and holds
        self._th = Thought(reasoning, thinking, session)
        self._lay = Layout(self._th, self._o.markup, self._o.piece)
        self._acts = Acts(self._marks, self._th, self._lay, self._o, self._calls)
        # The request's texts (its user messages and tool results): a call written in one of
        # them is a quote, text (sources.py).
        self._hold = Hold(self._o, (self._calls, self._th, self._lay, self._marks), sources(quotes))
        # What the markers watched depend on: fixed for the stream (the template's own special
        # tokens too), and the owners' values (TableKey), compared after each move (_watched).
        self._fixed = Watching(self._fmts, self._tool_names, self._th.separated,
                               bool(calls_in_reasoning), getattr(session, "tokens", ()))
        self._tables = tables(self._fixed)
        self._key: tuple = ()
        self._closed = False
        self._failed: str | None = None    # why the Sieve failed (an exception), if it did
        self._prose = self._calm = False   # the fast paths' flags (see _settle)
        # `special_tokens`: the texts the model's tokenizer has as special tokens, from a caller
        # that sees token ids (an engine): such a marker is markup only as its token (spelling.py)
        self._spell = Spelling(special_tokens) if special_tokens else None
        if self._spell is not None:
            # (each feed tells the channel first; a Sieve without it keeps the test off feed's
            # fast paths, where it cost 3 % of a prose chunk)
            self.feed = self._feed_spelled  # type: ignore[method-assign]
        self._watched()

    @property
    def format(self) -> str | None:
        """The format forced, or the first one a block of this stream proved (None: none yet)."""
        return self._marks.format

    # ------------------------------------------------------------------ public API
    def feed(self, text: str, special: Iterable[int] | None = None) -> list:
        """Give the next chunk of model output; returns the events now known.  `special` (with
        `special_tokens`): the offsets in `text` where a special token's text starts ([]: none
        does; None: not known, its markers count as written)."""
        if self._closed:
            self._refuse()
        try:
            if self._calm and self._watch.first(text) is None and text:
                # The common case: prose with no character a marker can start with, no backtick,
                # no newline (see _settle): only its trailing whitespace is held (Layout.spaced).
                return self._lay.spaced(text)
            plain = None
            if self._prose and (((w := self._watch).held == "" and w.first(text) is None)
                                or (plain := w.plain(text)) is not None):
                # Prose with some of those but no marker (see Watch.plain, which says what of
                # it goes out now): the layout's bookkeeping (Layout.prose).
                if plain is not None:
                    text = plain
                lay = self._lay
                out = lay.prose(text) if text else []
                self._calm = w.held == "" and lay.calm
                return out
        except Exception as e:                 # a bug: see _fail
            self._o.begin()                # (the fast paths return their own list: the events
            return self._fail(e)           # of earlier feeds went out already)
        before = self._o.events        # (a failure before this feed's output list exists)
        try:
            blk = self._blk
            if blk is not None and blk.lane is not None and self._hold.region is None:
                passed = blk.pass_on(text, self._calls, self._o)
                if type(passed) is ProseLane:  # (harmony's final channel, say)
                    out = self._o.begin()
                    self._from_block(passed.reasoning, text)
                    self._calls.flush()
                    self._o.flush()
                    return out
                if passed is not None:
                    return passed              # (still in the block: the flags stay False)
            out = self._feed(blk, text)
            if self._blk is None or self._prose:
                self._settle()                 # (in a block with the flags down they stay down)
            return out
        except Exception as e:                 # a bug: see _fail
            if self._o.events is before:   # the events of earlier feeds went out already
                self._o.begin()
            return self._fail(e)

    def _feed_spelled(self, text: str, special: Iterable[int] | None = None) -> list:
        """feed() with the token channel (special_tokens given): the offsets noted first."""
        if self._closed:
            self._refuse()
        assert self._spell is not None
        self._spell.feed(text, special)
        return Sieve.feed(self, text)

    def _settle(self) -> None:
        """The fast paths' flags, after a feed that may have changed the state (only feed and
        close change it).  _prose: TEXT mode with nothing open or held, the content started,
        no markup just before; _calm: also no marker's possible start held back, and no line
        that may still be a fence (Layout.calm)."""
        lay = self._lay
        self._prose = p = (self._blk is None and self._th.open is None and lay.lead is _TEXT
                           and not lay.at_start and self._hold.region is None)
        self._calm = p and self._watch.held == "" and lay.calm

    def _feed(self, blk: Block | None, text: str) -> list:
        """feed() off its fast paths: the text goes through the modes (_run)."""
        out = self._o.begin()
        tent = self._hold.region
        if tent is not None:
            tent.add(text)
        if text:
            if blk is not None and blk.fmt is not None:
                # Inside a block (the common case within a call): straight to its parser.
                blk.push(text, 0, False)
                nxt = self._drive(blk, False)
                if nxt is not None:            # (the block ended: see _run)
                    self._watched()
                    self._run(*nxt, False)
            else:
                self._run(text, 0, False)
            self._calls.flush()
            self._o.flush()
        tent = self._hold.region
        if tent is not None:
            self._hold.unquoted()
            if self._blk is None:              # (in a block, _run looks when it ends)
                self._watched()
            tent = self._hold.region
            if tent is not None:
                tent.keep(out)
        return out

    def _refuse(self):
        if self._failed is not None:
            raise SieveFailed(f"this Sieve failed earlier ({self._failed}); start a new one")
        raise RuntimeError("feed() after close()")

    @property
    def in_reasoning(self) -> bool:
        """Is a thinking block open (the text now goes to Reasoning), or a call written inside
        one held until it is known to be a thought or the call?"""
        return self._th.inside or self._hold.thinking

    def close(self) -> list:
        """End of stream: flush held text; a call whose arguments never closed is incomplete."""
        if self._closed or self._failed is not None:
            return []
        before = self._o.events
        try:
            return self._close()
        except Exception as e:
            if self._o.events is before:
                self._o.begin()
            return self._fail(e)

    def _fail(self, err: Exception) -> list:
        """An unexpected exception (a bug, never bad input): as h11 does, go to a failed state.
        The open call ends incomplete, what was held goes out, and further feeds are refused."""
        self._failed = f"{type(err).__name__}: {err}"
        self._prose = self._calm = False
        try:
            self._hold.was_call()              # what was held goes out as it was
        except Exception:
            self._hold.forget()
        out = self._o.events
        try:
            self._o.flush()                    # text already out of the parser goes first
        except Exception:
            self._o.pend.clear()
        blk = self._blk
        r = blk.reader if blk is not None else None
        self._calls.broke("internal error: " + self._failed, r.rest() if r is not None else "")
        held = self._watch.release() + (blk.written + blk.look if blk is not None and blk.fmt is None else "")
        if held:
            out.append(Text(held))
        self._blk = None
        self._closed = True
        return out

    def _close(self) -> list:
        out = self._o.begin()
        self._prose = self._calm = False
        self._run("", 0, True)
        held = self._watch.release()       # a special token cut by the end (watch.cut_token)
        if held:
            if quoted(Kind.CONTROL, held, self._th, self._lay) or (
                    self._marks.verbatim is not None and self._marks.written(Kind.CONTROL, held)) or (
                    held in LAST_TOKENS and not self._line_starts()):
                self._emit(held)           # in code it is quoted, in a block given back written,
                #                            an end token inside a line (`<s>old</s>`): text
            else:
                self._o.markup(held)
        self._lay.end()
        self._calls.flush()
        self._o.flush()
        self._hold.was_call()              # a call held inside thinking that never closed
        self._closed = True
        if self.session is not None:
            self._marks.record(self.session, self._th.verdict(self._calls.count, not self._lay.at_start))
        return out

    def _line_starts(self) -> bool:
        """Does the content's next text start a line (nothing yet, a line ended, or markup just
        before)?  Where an end token that is also prose (LAST_TOKENS) may end the stream."""
        lay = self._lay
        return lay.at_start or lay.ended_line() or lay.lead is not Lead.TEXT

    # ------------------------------------------------------------------ plumbing
    def _emit(self, s: str) -> None:
        """Text that goes out as content or reasoning, by the current thinking state."""
        if not s:
            return
        if self._marks.span is not None:   # inside a span of control tokens: markup
            self._o.markup(s)
            return
        calls = self._calls
        if calls.args is not None:         # (a call's deltas go out first; none open: nothing to send)
            calls.flush()
        if self._th.to_reasoning:
            self._lay.thought(s)
        else:
            self._lay.content(s)

    def _play(self, r: Release | None) -> None:
        """A held region was no call: its text goes out (held.Release), as reasoning, then (a
        thought whose thinking's closer came after it) the closer acts, the answer starts, and
        the rest goes out as the thinking state says."""
        if r is None:
            return
        if r.thought is not None:
            self._lay.thought(r.thought)
        if r.closer is not None:
            self._acts.think_close(_CLOSE, r.closer)
        self._emit(r.text)

    def _from_block(self, reasoning: bool, s: str) -> None:
        """Content or reasoning from inside a block (harmony's final or analysis channel), which
        its parser yielded right after consuming it (a formats.Prose, or a chunk of its
        ProseLane).  Prose in a format's own syntax proves the format; the block's text before
        it is markup."""
        if not s:
            return
        self._note_format(force=True)
        self._calls.flush()
        blk = self._blk
        if blk is not None:
            blk.spoken()
            if self._o.markup_on:
                blk.audit(self._o, len(s))
        if reasoning:
            self._lay.thought(s)
        else:
            self._lay.text(s)

    def _run(self, data: str, pos: int, eof: bool) -> None:
        # Each mode consumes what it can of data[pos:] and hands (data, pos) on: positions, not
        # slices, so a whole-text parse never copies the rest of the text.
        # TEXT mode reads the markers watched: after a move of another mode they are looked at
        # again (_watched; TEXT mode's own moves, in _scan).
        nxt: _Next = (data, pos)
        while nxt is not None:
            data, pos = nxt
            blk = self._blk
            if blk is None:
                nxt = self._scan(data, pos, eof)
                continue
            if blk.fmt is None:
                nxt = self._decide(blk, data, pos, eof)
            else:
                blk.push(data, pos, eof)
                nxt = self._drive(blk, eof)
            if self._blk is None:
                self._watched()

    # ------------------------------------------------------------------ TEXT
    def _watched(self) -> bool:
        """The markers that matter now, after a move (h11's _respond_to_state_changes): the
        owners' values they depend on (a TableKey) are compared with the last ones, and the table
        is looked up again only when they changed.  True if the table changed.  No owner says
        when: a new value the table depends on is a new field of TableKey, read here."""
        lay, marks, r = self._lay, self._marks, self._hold.region
        key = (lay.at_start, lay.rlead, self._th.open, r.think if r is not None else None,
               marks.family, marks.span)
        if key == self._key:
            return False
        self._key = key = TableKey._make(key)
        watch = self._watch
        tab = marker_table(self._fixed, key, self._tables)
        if tab is watch.tab:
            return False
        watch.set(tab)
        return True

    def _scan(self, data: str, pos: int, eof: bool) -> _Next:
        watch = self._watch
        data, pos = watch.take(data, pos)
        hold = self._hold
        example = hold.ended_example() if hold.region is not None else None
        if example is not None:
            spell, q = self._spell, Anchor.skip(data, pos)
            if spell is not None and spell.spelled(data, q):
                # A closer or token spelled with ordinary tokens after it: prose, so an example
                self._play(hold.example(len(data) - q))
                pos = q
            else:
                at, wait, released = hold.after_example(example, data, pos, eof, self._closers, watch.tab)
                if wait:                       # the start of a marker, maybe
                    self._emit(data[pos:at])   # (whitespace: held as layout for now)
                    self._watched()
                    watch.hold(data[at:])
                    return None
                self._play(released)
                pos = at
            self._watched()
        while True:
            if hold.region is not None and hold.call_held():
                # Prose up to the next marker (or a marker's possible start) goes out next: if
                # it is visible, the held call before it was a thought (see held.Hold).
                i = hold.visible(data, pos, watch.prose_end(data, pos, watch.search(data, pos), eof))
                if i >= 0:
                    self._emit(data[pos:i])
                    self._play(hold.thought(len(data) - i))
                    pos = i
                    self._watched()
                    continue
            at, m = watch.find(data, pos, eof)
            if at > pos:
                self._emit(data[pos:at])
                # What went out may change what is watched (the content started, a fresh
                # thinking block got its first words): then search again with the new markers.
                if self._watched() and m is not None:
                    pos = at
                    continue
            if m is None:
                watch.hold(data[at:])          # (the start of a marker, maybe)
                return None
            s, pos, marker = at, m.end(), m.group()
            spell = self._spell
            if spell is not None and not spell.as_token(marker, len(data) - s):
                # Spelled with ordinary tokens (a quoted file or page): text, and so is what
                # follows it (the scanned text ends where the stream does: spelling.py)
                self._emit(marker)
                if not self._th.to_reasoning:
                    self._lay.quoted_markup()  # (a block right after it is quoted too: held.Hold)
                self._watched()
                continue
            a = action(watch.tab.actions, marker)
            kind = a.kind
            marks = self._marks
            if marks.verbatim is not None and marks.written(kind, marker):
                self._emit(marker)             # inside a block given back as written
            elif kind is _KEEP:            # a marker of several tokens, kept whole as text
                self._emit(marker)
            elif quoted(kind, marker, self._th, self._lay):
                i = hold.visible(data, s, pos) if hold.call_held() else -1
                if i >= 0:                     # visible text after a held call: a thought
                    self._emit(data[s:i])
                    self._play(hold.thought(len(data) - i))
                    pos = i
                else:
                    self._emit(marker)
                    if kind is _THINK_OPEN:    # (a thinking tag written as a word: its closer too)
                        self._lay.mention(marker)
            elif kind is _CALL:
                if hold.after_close():     # a call after the thinking that closed on a held one:
                    self._play(hold.thought(len(data) - s))    # that one was its draft
                self._blk = Block(a.canon or marker, a.fmts, marker)
                self._calls.enter(self._lay.starting())
                return data, pos
            else:
                if (kind is _THINK_CLOSE or kind is _STRAY_CLOSE) and hold.closes(marker):
                    # The thinking block that a held call was written in closes: it was a
                    # thought, unless the call was whole and ended the block (Hold.closed_after:
                    # then what follows decides).
                    if not hold.closed_after(marker, len(data) - s):
                        self._play(hold.thought(len(data) - s))
                    a = _CLOSE
                self._acts.act(a, marker)
            self._watched()

    # ------------------------------------------------------------------ DECIDE
    def _decide(self, blk: Block, data: str, pos: int, eof: bool) -> _Next:
        data, pos = blk.resume(data, pos)
        # Formats see at most LOOK_MAX characters, and must decide once they have them, so the
        # choice is the same whatever the chunking.
        view, final = data[pos:pos + LOOK_MAX], eof or len(data) - pos >= LOOK_MAX
        chosen = blk.choose(view, final, self._calls)
        if chosen is WAIT:
            blk.wait(data[pos:])
            return None
        hold = self._hold
        if hold.ended_example() is not None:
            self._play(hold.next_block(chosen is not None, len(blk.written) + len(data) - pos))
        if chosen is None:
            return self._false_start(blk, data, pos, eof)
        blk.claim(chosen, self._calls)
        self._lay.end_gap()
        th = self._th
        if hold.region is None:
            hold.claimed(th, self._calls_in_reasoning == HOLD, blk, chosen, self._calls.at_start,
                         data, pos, self._lay.before())
        # A call opener ends thinking implicitly; if the block turns out to hold no call,
        # _release puts the thinking state back.
        th.call_opened()
        return data, pos

    def _false_start(self, blk: Block, data: str, pos: int, eof: bool) -> _Next:
        """No format claimed the block: its opener is text after all, or markup (a special
        token of a known family, never content)."""
        self._blk = None
        cut = blk.unclaimed(data[pos:pos + LOOK_MAX] if eof else None, self._calls, self._o)
        if cut is not None:
            return data, pos + cut
        if self._hold.call_held():       # visible text after a held call: a thought
            self._play(self._hold.thought(len(blk.written) + len(data) - pos))
        o = blk.written
        if len(o) > 1 and o[0] == "\n":
            # A line opener (pythonic's `\n[`): its newline is text; the rest may start another
            # marker (`\n[TOOL_CALL]`), so it is scanned again.
            self._emit("\n")
            if pos >= len(o) and data.startswith(o, pos - len(o)):   # (no copy of a whole text's rest)
                return data, pos - len(o) + 1
            return o[1:] + data[pos:], 0
        if o in self._marks.vocab:
            self._o.markup(o)
        else:
            self._emit(o)
            self._watched()
            self._marks.as_written(blk.ends(), self._watch.tab.tokens)
        return data, pos

    # ------------------------------------------------------------------ BLOCK
    def _drive(self, blk: Block, eof: bool) -> _Next:
        """Resume the block's parser on what was pushed; handle how it ends."""
        calls = self._calls
        a = calls.args
        if a is not None and a.over and not self._o.markup_on:
            blk.bound(calls)               # (the markup audit keeps every block's text)
        at = blk.drive(calls, eof)
        while type(at) is Prose:        # (it goes out before the parser reads on)
            self._from_block(at.reasoning, at.text)
            at = blk.drive(calls, eof)
        if calls.count != self._proved:    # a call started: it proves the block's format
            self._proved = calls.count
            self._note_format()
        if at is not None and at != RELEASED:
            at = blk.stray(at, calls, eof)     # (a closer of another spelling: markup)
        if at is None:
            return None
        return self._release(blk) if at == RELEASED else self._end_block(blk, at, eof)

    def _note_format(self, force: bool = False) -> None:
        """A block proved its format (a call, or prose in the format's own syntax)."""
        blk = self._blk
        if blk is not None and blk.fmt is not None and (force or self._calls.block_calls):
            self._marks.proved(blk.fmt.name)

    def _end_block(self, blk: Block, at: int, eof: bool) -> _Next:
        self._note_format()
        given = blk.given(self._calls, at)
        if given is not None and not self._hold.judges(blk):
            return self._give_back(blk, given, at, eof)
        if self._o.markup_on:
            blk.audit(self._o, 0, at)
        rest = blk.since(at)
        if self._calls.block_calls:
            self._lay.after_markup(Lead.JUDGED)
            self._marks.end_verbatim()         # (a block given back before it is over)
        self._blk = None
        self._play(self._hold.block_ended(blk, eof, len(rest[0]) - rest[1]))
        return rest

    def _give_back(self, blk: Block, text: str, at: int, eof: bool) -> _Next:
        """The block ran no call (its errors are out): its text goes back as content, once, in
        order (or as reasoning, if the thinking its opener ended goes on)."""
        rest = blk.since(at)
        hold = self._hold
        if hold.region is not None and hold.region.blk is blk:
            hold.was_call()                    # it held no runnable call: nothing to decide
        self._th.released()
        self._play(self._hold.block_ended(blk, eof, len(rest[0]) - rest[1]))
        self._blk = None
        self._emit(text)
        return rest

    def _release(self, blk: Block) -> _Next:
        """No call in this block: its opener goes out as text; the rest is scanned again, as
        written (see Marks.as_written)."""
        self._th.released()
        rest = blk.since(0)          # the text after the opener (a format may have read it too)
        hold = self._hold
        if hold.region is not None:
            if hold.region.blk is blk:
                hold.was_call()              # no call after all: nothing to decide
            elif hold.call_held():           # visible text after a held call: a thought
                self._blk = None
                self._play(hold.thought(len(blk.written) + len(rest[0]) - rest[1]))
        self._blk = None
        self._emit(blk.written)
        self._watched()
        self._marks.as_written(blk.ends(), self._watch.tab.tokens)
        return rest
