"""A call region held until the text says what it was: the two kinds of region and `Hold`, the
one owner that starts, judges and ends them.

A call opened inside thinking may be a thought (a `Tentative`), and a call found after prose
only because it names a declared tool may be an example (an `Example`): its events are held, and
the state that reading it as a call changed is saved, until the text decides.  The region was the
call: its events go out as they were.  It was not: its events are dropped, each owner of that
state (the calls, the thinking state, the layout, what the text proved) restores itself, and the
region's text goes out as reasoning (a thought) or content (an example).
"""
from __future__ import annotations

import re
from typing import Callable, NamedTuple, Protocol

from . import marks
from .block import Block
from .events import Event, Markup, Reasoning, Text, ToolCallArgs, ToolCallEnd
from .formats import Format
from .layout import QUOTED, Layout, Output
from .markers import Kind, Table, special
from .reasoning import MAYBE_THINK, OpenThinking, Thinking, Thought
from .scan import Anchor, action
from .sources import PREFIXES, Sources

HEAD = PREFIXES[-1]                    # the characters of a call that say it is no quote
# Markers after which a held Example was the call: what a model writes when its turn ends.
TURN_END = frozenset((Kind.STRIP, Kind.CONTROL, Kind.SPAN))

_VISIBLE = re.compile(r"\S")
# Prose that goes on: a block after a word, `:` or `,` stands in a sentence's middle (after a
# sentence's end, a quote or a symbol, it is the next thing the model did).
_GOES_ON = frozenset(":,;：，")
# Prose that says an example follows: what it ends with (then only whitespace before the block).
# Prose that announces the model's own call ("Let me check.", "Calling the tool:") says no such thing.
_INTRO = re.compile(
    r"(?:\b(?:for example|for instance|e\.\s?g\.|such as|like (?:this|so)|looks like|as follows|examples?"
    r"|(?:format|syntax|shape) is|por ejemplo|par exemple|zum beispiel|z\.\s?b\.|например)"
    r"|例如|比如|例えば|たとえば|예를 들어)\s*[:：,，、]?\s*\Z", re.I)


class Tentative:
    """A call opened inside an open thinking block: a thought, or the call?

    Models do both: Ministral thinks aloud `[THINK]…[TOOL_CALLS]f[ARGS]{…} and more[/THINK]` and
    then makes the real call; Qwen3.5 writes its only call inside a `<think>` it never closes.  A
    call ends the turn (the model waits for its result), so the region from the call opener on is
    read as a call (as always: the opener ends thinking), but its events are held here until the
    text says which it was.  Visible text after the region's calls (anything but whitespace and
    markup), or that thinking block's closer: it was a thought; the held events are dropped, each
    owner's state goes back to `saved`, and the region's text is reasoning, from where the
    thinking goes on.  The end of the stream first (whitespace and end-of-turn tokens at most):
    it was the call, and the held events go out as they were.

    Memory is linear in the region with a small constant: its text is kept as a few joined
    strings (not one object per chunk), and held events of one kind in a row are joined too.
    """

    __slots__ = ("think", "blk", "saved", "mark", "held", "parts", "recent", "size", "run", "small",
                 "run_of", "closer")

    JOIN = 256                         # pieces joined into one string (memory per piece: ~50 bytes)

    def __init__(self, think: OpenThinking, blk: Block, saved: tuple, mark: int, data: str,
                 pos: int):
        self.think = think             # the thinking syntax that was open
        self.blk = blk                 # the block whose opener began the region
        self.saved = saved             # each owner's state just before it (Owner.save)
        self.mark = mark               # held events begin at this index of the current output
        self.held: list = []           # events of earlier feeds, held…
        self.run: list[str] = []       # …and the text of the last ones, while they are of one kind
        self.small: list[str] = []     # (its pieces not joined yet)
        self.run_of: tuple[type, int | None] | None = None   # (event class, call index) of that run
        # The region's text: the opener, then everything received after it (the first a reference
        # into the text it came in, so a whole-text parse slices only the region itself).
        self.parts: list = [blk.written, (data, pos)]
        self.recent: list[str] = []    # chunks received since, joined by JOIN
        self.size = len(blk.written) + len(data) - pos
        # The thinking closed right after the region's calls, all whole (Hold.closed_after):
        # (where in the region's text, the closer).  None: it has not.
        self.closer: tuple[int, str] | None = None

    def closes_at(self, at: int, marker: str) -> None:
        """The thinking closed with `marker` right after the region's calls, `at` characters into
        its text (Hold.closed_after)."""
        self.closer = (at, marker)

    def add(self, text: str) -> None:
        recent = self.recent
        recent.append(text)
        self.size += len(text)
        if len(recent) >= self.JOIN:
            self.parts.append("".join(recent))
            recent.clear()

    def keep(self, out: list[Event]) -> None:
        """End of a feed: its events from `mark` on are held."""
        for ev in out[self.mark:]:
            self._hold(ev)
        del out[self.mark:]
        self.mark = 0

    def _hold(self, ev) -> None:
        cls = type(ev)
        if cls is ToolCallArgs:
            kind, text = (cls, ev.index), ev.delta
        elif cls is Text or cls is Reasoning or cls is Markup:
            kind, text = (cls, None), ev.text
        else:
            kind = None
        if kind is None or kind != self.run_of:
            self._end_run()
            if kind is None:
                self.held.append(ev)
                return
            self.run_of = kind
        small = self.small
        small.append(text)
        if len(small) >= self.JOIN:
            self.run.append("".join(small))
            small.clear()

    def _end_run(self) -> None:
        if self.run_of is not None:
            cls, index = self.run_of
            text = "".join(self.run + self.small)
            self.held.append(cls(text) if index is None else cls(index, text))
            self.run.clear()
            self.small.clear()
            self.run_of = None

    def events(self) -> list[Event]:
        """The held events (those of one kind in a row joined into one)."""
        self._end_run()
        return self.held

    def text(self, tail: int) -> str:
        """The region's text, without the `tail` characters received last (not read yet)."""
        need = self.size - tail
        got = []
        for p in self.parts + self.recent:
            s, i = p if isinstance(p, tuple) else (p, 0)
            if need <= 0:
                break
            piece = s[i:i + need]
            got.append(piece)
            need -= len(piece)
        return "".join(got)


_NAMESPACED = re.compile(r"<[A-Za-z][\w.-]*:[A-Za-z][\w.-]*>?")


def own_token(opener: str, fmt: Format) -> bool:
    """Is `opener` a token no sentence writes: a special token (`<|tool_call|>`), or a family's
    own namespaced wrapper (`<minimax:tool_call>`, `<seed:tool_call>`: declared by `fmt`, not a
    shape any wrapper matches)?  Its block is a call wherever it stands, mid-line between two
    spaces too; a plain word tag (`<invoke …>`, `<tool_call>`) inside a sentence may be an example."""
    return special(opener) or (_NAMESPACED.fullmatch(opener) is not None and opener in fmt.openers)


class Example(Tentative):
    """A call that markup found after prose only because it names a declared tool (a bare
    `{"name": …}`, GigaChat's `function call`: Format.examples): the call only if it ends the
    turn, that is if nothing but whitespace, end-of-turn tokens, a call wrapper's closer whose
    opener a server stripped (`</tool_call>`) or further calls follow it.  Prose after it
    ("…to the tool, but I did not send it") says it was an example, and its text is content.
    Its events are held until that is known (a streamed call cannot be taken back)."""

    __slots__ = ("ended", "quick", "checked", "sentence", "gap", "shown", "spelled", "fenced")
    NO_THINKING = Thinking("example", (), ())
    CALL, EXAMPLE, WAIT, NEXT = "call", "example", "wait", "next"

    def __init__(self, blk: Block, saved: tuple, mark: int, data: str, pos: int,
                 quick: bool = False, sentence: bool = False, shown: bool = False, spelled: bool = False,
                 fenced: bool = False):
        super().__init__(self.NO_THINKING, blk, saved, mark, data, pos)
        # Opened by a code fence (Format.fences): its call is the call only if its fence closes
        # and the turn ends there; a wrapper's closer after it is no server's stripped opener
        # (`{…}</tool_call>` quoted in a fence stays quoted).
        self.fenced = fenced
        # Opened right after a marker spelled with ordinary tokens (spelling.py): quoted markup,
        # text whatever follows it.
        self.spelled = spelled
        self.ended = False             # its block has ended: the next visible thing decides
        # Held only until its block ends, for the quote check (Hold.quotes): True; None once
        # its first characters were checked (Hold.unquoted); False: an example.
        self.quick: bool | None = quick
        self.checked = 0               # how many of its first characters the quote check looked up
        # Opened inside a sentence (prose and a space before it on its line): an example only if
        # the sentence goes on after a space on the same line; glued text or a line break after
        # it say it was the call (`pre<call>post`, a parser's test).
        self.sentence = sentence
        # Held because the text shows a block as an example (Hold.claimed), in a family whose
        # calls are not held otherwise: a block in it that ran no call is given back as usual.
        self.shown = shown or sentence
        self.gap = ""                  # the whitespace seen after its block (up to a line break)

    def end(self) -> None:
        """Its block ended: what follows decides (after)."""
        self.ended = True

    def spaced(self, ws: str) -> None:
        """Whitespace `ws` came after its block (up to a line break: what a sentence mark needs)."""
        if self.sentence and "\n" not in self.gap:
            self.gap += ws

    def prefixes(self) -> list[str]:
        """The quote check (Hold.unquoted): the region's first n characters, for each n of
        PREFIXES received since the last check.  After the last (HEAD) the region is held to its
        block's end, a quote maybe (`quick` None)."""
        got = []
        for n in PREFIXES:
            if self.checked < n <= self.size:
                self.checked = n
                got.append(self.text(self.size - n))
        if self.checked >= HEAD:
            self.quick = None
        return got

    def after(self, data: str, q: int, eof: bool, closers: tuple[str, ...], table: Table,
              quoted: Callable[[Kind, str], bool] = lambda kind, marker: False, settled: bool = True) -> str:
        """What data[q:] (its first non-blank character on) says of the held call: CALL (an
        end-of-turn token, a wrapper's closer), EXAMPLE (prose), NEXT (another call's marker:
        its block decides), or WAIT (a marker may still be arriving).  A marker that `quoted`
        says is quoted (in `inline code`: Hold.quoted) goes out as text: prose, so EXAMPLE,
        whatever its kind; decided here, at the marker, so that the rest of a whole text and the
        next chunk of a stream see the same thing.  Whether it is quoted depends on the
        whitespace before it (a line break ends inline code): not `settled` (that whitespace not
        written yet), a marker WAITs for it to go out first, as a stream split there would."""
        if self.sentence and (not self.gap or "\n" in self.gap):
            return self.CALL
        matcher = table.matcher
        rest = data[q:q + 64]
        wait = False
        for c in () if self.fenced else closers:
            if rest.startswith(c):
                return self.CALL
            wait = wait or (not eof and c.startswith(rest))
        m = matcher.search(data, q)
        if m is not None and m.start() == q and not eof and matcher.may_extend(data, q, m.group()):
            return self.WAIT          # (`<|channel>` may still become `<|channel>thought`)
        if m is not None and m.start() == q:
            if not settled:
                return self.WAIT
            kind = action(table.actions, m.group()).kind
            if quoted(kind, m.group()):
                return self.EXAMPLE
            if kind in TURN_END and not (self.fenced and kind is not Kind.STRIP):
                return self.CALL        # (a family's control token after a fence's call: quoted too)
            if kind is Kind.CALL:
                return self.NEXT
        elif wait or (not eof and matcher.partial(data, q) == q):
            return self.WAIT
        return self.EXAMPLE


class Release(NamedTuple):
    """What a region that was no call leaves to go out, in this order (the Sieve sends it:
    Sieve._play): `thought` as reasoning (a Tentative's text); then its thinking's `closer` acts
    (it came after the region: the answer starts); then `text` as the thinking state says (what
    followed that closer, or an Example's whole text)."""
    thought: str | None = None
    closer: str | None = None
    text: str = ""


class Owner(Protocol):
    def save(self) -> tuple: ...
    def restore(self, state: tuple) -> None: ...


class Calls(Owner, Protocol):
    block_cut: bool
    def started_since(self, state: tuple) -> bool: ...
    def failed_since(self, state: tuple) -> bool: ...
    def ran_since(self, state: tuple) -> bool: ...


class Hold:
    """The region held (`region`: None, a Tentative or an Example) and how it ends.

    `owners[0]` are the calls (a thought is a region in which a call started).  Hold sends no
    text out itself: a move that ends a region as no call returns its `Release`, which the
    Sieve sends out."""

    __slots__ = ("region", "_out", "_owners", "quotes", "_th", "_lay", "shown")

    def __init__(self, out: Output, owners: tuple[Calls, *tuple[Owner, ...]],
                 quotes: Sources | None = None):
        self.region: Tentative | None = None
        # The turn showed a call as an example (text after it said so): it is documenting calls,
        # so a fenced call later in it is one more example, even at its end (amd/gaia#1430).
        self.shown = False
        self.quotes = quotes           # the request's texts: a call written in one is a quote
        self._out = out
        self._owners = owners
        # (read only, for `quoted`: the thinking state and the layout among the owners)
        self._th = next((o for o in owners if isinstance(o, Thought)), None)
        self._lay = next((o for o in owners if isinstance(o, Layout)), None)

    def claimed(self, th: Thought, hold_thinking: bool, blk: Block, fmt: Format, at_start: bool,
                data: str, pos: int, before: str = "") -> None:
        """`fmt` claimed `blk` (nothing held yet): a call opened inside thinking is held
        (`hold_thinking`: calls_in_reasoning is HOLD), one of a format with examples opened
        after prose (not `at_start`) by a tool's own opener or by a fence (a fence quotes code:
        at the start of the content too, it is a call only if the turn ends with it), and, with
        the request's texts given, any call until its block ends (is its text one of theirs?).

        Any family's block is an example too when the text shows it (`before`: the content's
        last visible character and the whitespace after it, "" after markup): a body written
        without its wrapper (an `inline` opener) that prose introduces (`…looks like this:`),
        with prose after it; a block whose opener is not the family's own token (own_token:
        those are never prose) written inside a sentence (after a word, `:` or `,`), `…you would write <invoke …>…</invoke>
        and wait` (after a sentence's end, `Texting now. <call> Sent.`, it is the next thing the
        model did); any block after prose that says an example follows (`for example:`, `e.g.`:
        _INTRO), special tokens' too.  And a block opened in inline code that may be a stray
        backtick (marks.quoted left it to us): what follows it decides."""
        if before == "<" and self._lay is not None:
            # a `<` glued before the opener (a slipped opener's doubled delimiter, `Write
            # <<tool_call>…`): where the block stands is what the prose before that `<` says
            rest = self._lay.prose_before()[:-1]
            body = rest.rstrip()
            if body:
                before = body[-1] + rest[len(body):]
        shown = not at_start and not th.inside and before[:1] not in ("", "\n")
        if th.inside and hold_thinking:
            self.start(th.open, blk, data, pos)
        elif not th.inside and self._lay is not None and self._lay.spanning():
            # inside inline code that may never close (a stray backtick: marks.quoted): a call only
            # if nothing shows it as one, the span's closing backticks or prose after it
            self.start(None, blk, data, pos)
        elif shown and before[0] == QUOTED:
            # right after a marker spelled with ordinary tokens (a quoted file or page): quoted
            # markup: text, whatever follows it (block_ended)
            self.start(None, blk, data, pos, spelled=True)
        elif self.shown and blk.opener in fmt.fences:
            self.start(None, blk, data, pos, spelled=True)     # one more example: text
        elif fmt.examples and ((not at_start and (fmt.shaped or blk.opener in fmt.tool_openers))
                               or blk.opener in fmt.fences):
            self.start(None, blk, data, pos, fenced=blk.opener in fmt.fences)
        elif before and before[0] != QUOTED and not th.inside and self.introduced():
            # prose that says an example follows ("for example:", "e.g.", "looks like this:"):
            # prose after the block says it was one, even a special token's; the turn's end, the call
            self.start(None, blk, data, pos, shown=True)
        elif shown and before[0] == ":" and blk.opener in getattr(fmt, "inline", ()):
            self.start(None, blk, data, pos, shown=True)
        elif (shown and before[1:] and "\n" not in before and (before[0].isalnum() or before[0] in _GOES_ON)
              and not own_token(blk.opener, fmt)):
            self.start(None, blk, data, pos, sentence=True)
        elif hold_thinking and th.unknown and not at_start:
            # After prose, nothing saying whether the prompt opened thinking: the call may be a
            # draft inside it, which a later closer with no opener would show (MAYBE_THINK).
            self.start(MAYBE_THINK, blk, data, pos)
        elif self.quotes is not None:
            self.start(None, blk, data, pos, quick=True)

    def introduced(self) -> bool:
        """Does the content right before the block say an example follows (_INTRO)?"""
        lay = self._lay
        return lay is not None and _INTRO.search(lay.prose_before()) is not None

    def start(self, think: OpenThinking | None, blk: Block, data: str, pos: int,
              quick: bool = False, sentence: bool = False, shown: bool = False, spelled: bool = False,
              fenced: bool = False) -> None:
        """A region begins at `blk`'s opener, its text data[pos:] on: inside the thinking
        syntax `think` (a Tentative), or after prose (`think` None: an Example; `quick`: held
        only for the quote check)."""
        self._out.flush()
        saved = tuple(o.save() for o in self._owners)
        mark = len(self._out.events)
        self.region = (Example(blk, saved, mark, data, pos, quick, sentence, shown, spelled, fenced) if think is None
                       else Tentative(think, blk, saved, mark, data, pos))

    # ------------------------------------------------------------------ questions
    @property
    def thinking(self) -> bool:
        """Is a call written inside thinking held (its text may be reasoning)?"""
        return self.region is not None and not isinstance(self.region, Example)

    def call_held(self) -> bool:
        """Is a call held in thinking (the region has started one)?  (An Example is decided by
        what follows it: after_example.)"""
        r = self.region
        return (type(r) is Tentative and r.think is not MAYBE_THINK
                and self._owners[0].started_since(r.saved[0]))

    def ended_example(self) -> Example | None:
        """The held Example whose block has ended (what follows it decides), if any."""
        r = self.region
        return r if type(r) is Example and r.ended else None

    def closes(self, marker: str) -> bool:
        """Does `marker` close the thinking block the held call was written in?"""
        r = self.region
        return r is not None and marker in r.think.closes

    def closed_after(self, marker: str, tail: int) -> bool:
        """The held call's thinking block closes with `marker` (the `tail` characters received
        last not read yet).  Policy (docs/reasoning.md): if the region's calls are complete,
        runnable and to declared tools, and only whitespace came between them and the closer,
        the closer decides nothing yet: the turn goes on held, and ends as the call if it then
        writes no answer (Kimi K2 Thinking, Qwen3.5 end their thinking with their call); any
        visible text or another call after it makes it a thought (`thought`).  True if so."""
        r = self.region
        if type(r) is not Tentative or r.closer is not None or not self._owners[0].ran_since(r.saved[0]):
            return False
        if r.think is MAYBE_THINK and self._spoke_after_calls(r):
            return False
        r.closes_at(r.size - tail, marker)
        return True

    def _spoke_after_calls(self, r: Tentative) -> bool:
        """Did visible text come after the region's last call (it does not decide a MAYBE_THINK
        region at once: see closed_after)?"""
        self._out.flush()
        visible = False
        for ev in r.events() + self._out.events[r.mark:]:
            if type(ev) is ToolCallEnd:
                visible = False
            elif type(ev) is Text and not ev.text.isspace():
                visible = True
        return visible

    def after_close(self) -> bool:
        """Is a call held whose thinking closed right after it (closed_after)?"""
        r = self.region
        return type(r) is Tentative and r.closer is not None

    # ------------------------------------------------------------------ how it ends
    def was_call(self) -> None:
        """The region was the call (or held none): its events go out as they were."""
        r, self.region = self.region, None
        if r is not None:
            self._out.flush()
            self._out.insert(r.mark, r.events())

    def forget(self) -> None:
        """The region is dropped as it is, nothing restored (the Sieve failed: see Sieve._fail)."""
        self.region = None

    def _undo(self) -> Tentative:
        """The region was no call: its events are dropped and the state is as before it."""
        r, self.region = self.region, None
        assert r is not None
        self._out.flush()
        self._out.drop(r.mark)
        for owner, state in zip(self._owners, r.saved):
            owner.restore(state)
        return r

    def thought(self, tail: int) -> Release:
        """The region was a thought: its text (the call's markup too), without the `tail`
        characters received last, is reasoning; up to its thinking's closer, if that came
        (closed_after), which then ends the thinking, and what follows is the answer's."""
        r = self._undo()
        text = r.text(tail)
        if r.closer is None:
            return Release(text)
        at, marker = r.closer
        return Release(text[:at], marker, text[at + len(marker):])

    def example(self, tail: int) -> Release:
        """The region was an example: its text (the call's markup too) is content."""
        self.shown = True
        return Release(text=self._undo().text(tail))

    @staticmethod
    def visible(data: str, pos: int, end: int) -> int:
        """Prose data[pos:end] goes out next, after a held call: where its first visible
        character is, at which the call was a thought (whitespace is layout and decides
        nothing); -1: none."""
        m = _VISIBLE.search(data, pos, end)
        return -1 if m is None else m.start()

    def next_block(self, call: bool, tail: int) -> Release | None:
        """Markup right after a held Example: a further call ends it as a call; a false start
        (`<tool_call>` in prose) is prose, and makes it an example."""
        if call:
            self.was_call()
            return None
        return self.example(tail)

    def after_example(self, example: Example, data: str, pos: int, eof: bool,
                      closers: tuple[str, ...], table: Table) -> tuple[int, bool, Release | None]:
        """What follows a held Example's block (data[pos:], not yet scanned) decides it, at its
        first non-blank character: prose makes it an example; an end-of-turn token the call;
        another marker decides in next_block; whitespace, or a marker still arriving, waits.
        Returns where scanning goes on (past the region's text, if it is released), whether
        the rest is held until the next chunk (the start of a marker: the whitespace before
        it, data[pos:at], goes out as layout for now), and the region's Release, if any."""
        q = Anchor.skip(data, pos)
        example.spaced(data[pos:q])
        if q >= len(data):
            return pos, False, None          # whitespace so far (the end decides in close)
        verdict = example.after(data, q, eof, closers, table, self.quoted, settled=q == pos or eof)
        if verdict is Example.CALL:
            self.was_call()
        if verdict is Example.CALL or verdict is Example.NEXT:
            return pos, False, None
        if verdict is Example.WAIT:
            return q, True, None
        return q, False, self.example(len(data) - q)   # (the whitespace before q is the region's)

    def quoted(self, kind: Kind, marker: str) -> bool:
        """Would `marker` (of `kind`), written now, be quoted (marks.quoted: `inline code`, a
        fence, a blockquote), so text?"""
        th, lay = self._th, self._lay
        return th is not None and lay is not None and marks.quoted(kind, marker, th, lay)

    def unquoted(self) -> None:
        """End of a feed: a call held only for the quote check whose first characters stand
        nowhere in the request's texts is no quote: it goes out now and streams on (checked
        once, at HEAD characters: a long call is not held to its end)."""
        r = self.region
        if type(r) is Example and r.quick and not r.ended and self.quotes is not None:
            # first at 16 characters (most calls are no quote: they go out without waiting for
            # 64), then at 64 (a quote's first 16 characters may be a real call's too)
            quotes = self.quotes
            if not all(quotes.may_start(head) for head in r.prefixes()):
                self.was_call()

    def judges(self, blk: Block) -> bool:
        """Is `blk` the block of a held Example (a fence, JSON after prose)?  Then what follows it
        says what it was (block_ended): a call in it that went bad makes it an example, its text
        content with no error, not a call given back."""
        r = self.region
        return type(r) is Example and r.blk is blk and r.quick is False and not r.shown

    def block_ended(self, blk: Block, eof: bool, tail: int) -> Release | None:
        """`blk` ended (`tail`: the characters received after its end).  If it began the held
        region and its text stands in the request's (`quotes`), it was a quote: text (or a
        thought, in thinking).  If it began the held Example, what follows it decides
        (after_example); but a call in it that went bad (a key no call has, two names) before
        the stream's end, or at its end but not cut by it, says it was no call: its text is
        content, whole.  (A call the end cut off stays one: it says the turn was cut.)  An Example held only for the quote check
        was the call."""
        r = self.region
        if r is None or r.blk is not blk:
            return None
        # (a format may have read the whitespace after its block, looking for more calls)
        if self.quotes is not None and self.quotes.has(r.text(tail).rstrip()):
            # a quote: content, or reasoning inside a thinking block known to be open (a call held
            # only because the prompt may have opened one, MAYBE_THINK, is quoted in the answer)
            thinking = type(r) is not Example and r.think is not MAYBE_THINK
            return (self.thought if thinking else self.example)(tail)
        if type(r) is Example and r.spelled:
            return self.example(tail)
        if type(r) is Example:
            r.end()
            if r.sentence:             # (whitespace its format read, looking for more calls)
                text = r.text(tail)
                r.spaced(text[len(text.rstrip()):])
            if r.quick is not False:   # (held for the quote check only: a bad call stays one)
                self.was_call()
            elif self._owners[0].failed_since(r.saved[0]) and not (eof and self._owners[0].block_cut):
                # (a call that went bad as the stream ended, not cut by it, is no call either:
                # `call:f{a:[1}` ending the turn is text, whole)
                return self.example(tail)
        return None
