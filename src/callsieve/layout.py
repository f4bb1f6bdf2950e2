"""The output layout: the whitespace at the ends of the content and of each thinking block, where
the content starts, and whether the content's current line is inside code.

Whitespace at the ends of the content, and of each thinking block, is layout, not text.
Trailing whitespace is held (it is invisible: holding it costs no latency) until more text
follows, even across a call, so that `before <call> after` keeps its spacing while
`Checking.\\n\\n<call>` ends as "Checking.".  Right after markup a run of whitespace is judged
whole, however it was chunked (`Lead`).  The content's `inline code` and Markdown fences
(fences.py) say where a marker is quoted rather than written.

A `Layout` holds that state and the moves over it; it sends finished text to `piece(kind, s)` and
layout whitespace to `markup(s)` (the Output's).  Two of its values change which markers matter
(`at_start`: the content started; `rlead`: a thinking block got its first words): the Sieve reads
them after each move (Sieve._watched).  The Sieve drives it, and undoes it with `save()` /
`restore()` when a held call turns out to be a thought.
"""
from __future__ import annotations

from collections import deque
from enum import Enum
from typing import TYPE_CHECKING, Callable

from . import fences, quotes
from .events import Event, Markup, Reasoning, Text

if TYPE_CHECKING:
    from .reasoning import Thought


# What str.isspace() (and so rstrip) treats as whitespace, for a set lookup on the hot path.
_WS = frozenset(c for c in map(chr, range(0x3001)) if c.isspace())


class Lead(Enum):
    """How the whitespace right after the last markup is read."""
    TEXT = "text"        # no markup just before: whitespace is text
    LAYOUT = "layout"    # after a thinking block (or a span of control tokens): layout
    JUDGED = "judged"    # after a call: layout if it holds a newline and whitespace already
    #                      ends the prose before the call (`check. <call>\nMore` reads
    #                      "check. More"), else the prose's own spacing (`before <call> after`)

# `before`'s "last visible character" after a spelled marker (no character prose writes)
QUOTED = "\x00"
# How many pieces of content `said` keeps: enough for its characters whatever the chunking (a
# piece holds at least one visible character).
SAID = 32
_SAID = SAID
# Up to how many characters `prose_before` joins the pieces whole (a piece may be a long text)
_JOINED = 16 * SAID


class Layout:
    """The layout state of one stream's output (see the module's docstring)."""

    __slots__ = ("th", "markup", "piece", "at_start", "lead", "gap", "ws", "rws",
                 "rlead", "rseen", "ticks", "rticks", "fence", "code", "quote", "settled", "named", "said")

    def __init__(self, th: Thought, markup: Callable[[str], None],
                 piece: Callable[[type[Text] | type[Reasoning], str], None]):
        self.th = th                   # the stream's Thought (how thinking text is kept)
        self.markup = markup           # markup(s): layout whitespace (a Markup event if asked)
        self.piece = piece             # piece(Text or Reasoning, s): text that goes out
        self.at_start = True           # nothing but whitespace has gone out as content
        self.lead = Lead.TEXT          # how whitespace after the last markup is read…
        self.gap = ""                  # …and that whitespace, not judged yet
        self.ws = ""                   # content's trailing whitespace, not out yet
        self.rws = ""                  # the thinking block's trailing whitespace, not out yet
        self.rlead = True              # nothing but whitespace in this thinking block yet
        self.rseen = False             # an earlier thinking block of the turn had words
        self.ticks = quotes.SPAN_OUT   # is the content inside `inline code` (quotes.code_span)
        self.rticks = quotes.SPAN_OUT  # the same for the thinking block
        self.fence = fences.OUTSIDE    # the content's Markdown code fence (fences.py)
        self.code = False              # a backtick was written in the content (code, a fence)
        self.quote = quotes.OUTSIDE    # a blockquote, indented code, <pre> (quotes.py)
        self.settled = False           # quotes.settled(self.quote), kept with it (calm asks per chunk)
        self.named: tuple[str, ...] = ()   # closers of thinking tags written as words (mention)
        # The content's last pieces, each ending in a visible character (the last one's is what
        # `before` says; enough of them for `prose_before` whatever the chunking)
        self.said: deque[str] = deque(maxlen=_SAID)

    def save(self) -> tuple:
        return (self.at_start, self.lead, self.gap, self.ws, self.rws, self.rlead, self.rseen, self.ticks,
                self.rticks, self.fence, self.code, self.quote, self.named, tuple(self.said))

    def restore(self, state: tuple) -> None:
        (self.at_start, self.lead, self.gap, self.ws, self.rws, self.rlead, self.rseen, self.ticks,
         self.rticks, self.fence, self.code, self.quote, self.named, said) = state
        self.said = deque(said, maxlen=_SAID)
        self.settled = quotes.settled(self.quote)

    # ------------------------------------------------------------------ questions
    @property
    def quoting(self) -> bool:
        """Is the content inside `inline code` opened on its current line?"""
        return quotes.in_code(self.ticks)

    def spanning(self, midline: bool = False) -> bool:
        """Is the content inside `inline code` opened on this line or an earlier line of its
        paragraph (a span may hold line endings: CommonMark); `midline`: with text before on
        the current line?"""
        return quotes.in_code(self.ticks, True) and not (midline and self.ticks[3])

    @property
    def rquoting(self) -> bool:
        """Is the thinking block's current line inside `inline code` opened on it?"""
        return quotes.in_code(self.rticks)

    @property
    def fenced(self) -> bool:
        """Is the content inside a fenced code block?"""
        return bool(self.fence[0])

    def blocked(self, marker: str) -> bool:
        """Is `marker`, written now in the content, inside a blockquote, indented code or `<pre>`?"""
        return quotes.inside_at(self.quote, marker)

    @property
    def calm(self) -> bool:
        """Can content with no backtick and no newline skip `prose`'s bookkeeping for `spaced`
        (the content's current line can no longer be a fence, and ends in no backtick run that
        the next character ends, and whose quoting is known: quotes.settled)?"""
        return (self.fence[1] is None and (self.ticks is quotes.SPAN_OUT or quotes.span_settled(self.ticks))
                and self.settled)

    def starting(self) -> bool:
        """Are we at the start of the content?  Forms recognised only there (bare JSON, a
        declared name, harmony's channel words…) count where the content starts: nothing but
        whitespace has gone out as content, and no thinking block is open.  This depends on
        the message so far, never on where a chunk begins."""
        return self.at_start and not self.th.inside

    def ended_line(self) -> bool:
        """Does the content written so far end in held whitespace holding a newline (where the
        prompt's own thinking block would end, before a stray closer)?"""
        return not self.code and not self.at_start and "\n" in self.ws

    def quoted_markup(self) -> None:
        """A marker spelled with ordinary tokens (a quoted file or page, spelling.py) just went out
        as content: `before` says so (QUOTED) until the next visible character."""
        if self.lead is Lead.TEXT and not self.at_start:
            self.said.append(QUOTED)

    def in_sentence(self) -> bool:
        """Does content written now stand in a sentence: after prose and a space on its line (not
        at the start of the content or of a line, not right after markup, not glued to a word)?"""
        ws = self.ws
        return bool(ws) and not self.at_start and self.lead is Lead.TEXT and "\n" not in ws

    def mention(self, opener: str) -> None:
        """A thinking tag `<word>` went out as a word of the content (marks.quoted): its closer
        `</word>` is a word too in this turn, not the end of a block the prompt opened."""
        closer = "</" + opener[1:]
        if closer not in self.named:
            self.named += (closer,)

    def prose_before(self) -> str:
        """The content's last SAID characters or more (whatever the chunking), its whitespace held
        after them included: what the prose right before a marker says ("" at the start)."""
        if self.at_start:
            return ""
        said = self.said
        if sum(map(len, said)) <= _JOINED:     # (the common case, short pieces: joined in C)
            return "".join(said)[-SAID:] + self.ws
        got, n = [], 0
        for piece in reversed(said):           # (from the end: a piece may be a whole long text)
            got.append(piece[-SAID:])
            n += len(got[-1])
            if n >= SAID:
                break
        return "".join(reversed(got))[-SAID:] + self.ws

    def loose_span(self) -> bool:
        """Inside inline code, did the span begin with a word (`the…`, `get_weather …`), as a stray
        backtick in prose does, rather than with markup (`<tool_call>…`, `[TOOL_CALLS]…`: a call
        shown)?  Read from the last SAID characters: a span opened before them counts as markup."""
        text = self.prose_before()
        i = text.rfind("`")
        return 0 <= i < len(text) - 1 and text[i + 1].isalnum()

    def mentioned(self, closer: str) -> bool:
        """Is `closer`, whose opener went out as a word (mention), a word too where it stands: in a
        sentence, or on that opener's line, not far after it (`<think></think>`, `<think>plan</think>`)?"""
        if self.in_sentence():
            return True
        tail = self.prose_before()
        i = tail.rfind("<" + closer[2:])
        return i >= 0 and "\n" not in tail[i:]

    def before(self) -> str:
        """What the prose just before a marker ends with: its last visible character and the
        whitespace held after it ("" at the start, or when markup came last)."""
        if self.at_start or self.lead is not Lead.TEXT or not self.said:
            return ""
        return self.said[-1][-1] + self.ws

    # ------------------------------------------------------------------ moves
    def after_markup(self, lead: Lead) -> None:
        """Markup went out: the whitespace right after it is read by `lead`."""
        self.lead = lead

    def content(self, s: str) -> None:
        """Content `s` (not empty) goes out, as written after whatever markup came last."""
        # (layout whitespace too: it ends lines; each state read only where it can change, as
        # in `prose`)
        if self.fence[1] is not None or "\n" in s:
            self.fence = fences.after(self.fence, s)
        if "\n" in s or "<" in s or not self.settled:
            self.quote = q = quotes.after(self.quote, s)
            self.settled = quotes.settled(q)
        if self.lead is not Lead.TEXT:
            # The whole whitespace run after markup is judged, however it was chunked.
            t = s.lstrip()
            gap = self.gap + s[:len(s) - len(t)]
            if not t:
                self.gap = gap
                return
            self.gap = ""
            if gap and (self.lead is Lead.LAYOUT or (self.ws and "\n" in gap)):
                self.markup(gap)
                s = t
            else:
                s = gap + t
            self.lead = Lead.TEXT
        self.text(s)

    def end_gap(self) -> None:
        """A whitespace run after markup that markup (or the end) follows: layout."""
        if self.gap:
            self.markup(self.gap)
            self.gap = ""

    def text(self, s: str, thought: bool = False) -> None:
        """Content out (`thought`: thinking kept inline, reasoning="none" or legacy).  Its leading
        whitespace is layout; trailing whitespace is held until more content follows (and is
        layout at the end of the stream)."""
        if self.at_start:
            body = s.lstrip()
            if len(body) != len(s):
                self.markup(s[:len(s) - len(body)])
                s = body
            if not s:
                return
        if self.rws and not thought:       # content after thinking: the thinking block ended
            self.thought_ends()
        self.wrote(s)
        body = s.rstrip()
        if len(body) == len(s):
            if self.ws:
                s, self.ws = self.ws + s, ""
            self.said.append(s)
            self.piece(Text, s)
        elif body:
            body = self.ws + body if self.ws else body
            self.said.append(body)
            self.piece(Text, body)
            self.ws = s[len(s.rstrip()):]
        else:
            self.ws += s

    def prose(self, text: str) -> list:
        """Plain prose on the Sieve's fast path (no markup just before, the content started, no
        thinking open): `content` and `text` for that case, inline, in one call (the hot path).
        Returns its event, if any goes out now."""
        t = self.ticks
        if "`" in text or (t is not quotes.SPAN_OUT and (not quotes.span_settled(t) or (t[0] and "\n" in text))):
            self.wrote(text)               # (a backtick that starts no marker, ends a run or a line in code)
        if self.fence[1] is not None or "\n" in text:
            self.fence = fences.after(self.fence, text)
        if "\n" in text or "<" in text or not self.settled:
            self.quote = q = quotes.after(self.quote, text)
            self.settled = quotes.settled(q)
        return self.spaced(text)

    def spaced(self, text: str) -> list:
        """`prose` when it changes nothing but the whitespace held (text with no backtick and no
        newline, on a line that can no longer be a fence: see calm), the commonest case."""
        if text[-1] in _WS:
            body = text.rstrip()
            if not body:
                self.ws += text
                return []
            ws, self.ws = self.ws, text[len(body):]
            text = ws + body
            self.said.append(text)
            return [Text(text)]
        if self.ws:
            text = self.ws + text
            self.ws = ""
        self.said.append(text)
        return [Text(text)]

    def wrote(self, s: str) -> None:
        """Content `s` was written (out, or held if whitespace): whether a line is inside
        `inline code`, and whether the content has started."""
        if "`" in s or self.ticks is not quotes.SPAN_OUT:     # (else it stays SPAN_OUT)
            self.ticks = quotes.code_span(self.ticks, s)
        if not self.code and "`" in s:
            self.code = True
        if self.at_start and not s.isspace():
            self.at_start = False

    def thought(self, s: str) -> None:
        """Thinking text, by the reasoning mode: separated, inline (none), or both (legacy).
        A thinking block's leading and trailing whitespace is layout (`<think>\\nplan\\n</think>`)."""
        th = self.th
        self.rticks = quotes.code_span(self.rticks, s)
        if not th.separated or th.legacy:
            self.text(s, True)
        if not th.separated:
            return
        if self.rlead:
            body = s.lstrip()
            if len(body) != len(s):
                if self.rseen:
                    # A later block's leading whitespace parts its words from the earlier
                    # block's (Inkling's `…weather.<|end_message|>…<|content_thinking|> Tokyo`):
                    # text, or the reasoning would glue two thoughts into one word.
                    self.piece(Reasoning, s[:len(s) - len(body)])
                elif not th.legacy:
                    self.markup(s[:len(s) - len(body)])
                s = body
            if not s:
                return
            self.rlead = False             # (inside thinking, its openers are no longer markup)
        body = s.rstrip()
        if not body:
            self.rws += s
            return
        self.piece(Reasoning, self.rws + body if self.rws else body)
        self.rws = s[len(body):]
        self.rseen = True

    def thought_opens(self) -> None:
        """A thinking block opened: its leading whitespace is layout."""
        self.rlead = True
        self.rticks = quotes.SPAN_OUT

    def thought_ends(self) -> None:
        """The thinking block ends (its closer, a call opener, the content, the end): its held
        trailing whitespace was layout."""
        if self.rws:
            if not self.th.legacy:
                self.markup(self.rws)
            self.rws = ""
        self.rlead = True

    def end(self) -> None:
        """The end of the stream: held whitespace (after markup, at the content's end) is layout."""
        self.end_gap()
        self.thought_ends()
        if self.ws:
            self.markup(self.ws)
            self.ws = ""


def _nothing() -> None:
    pass


class Output:
    """The events of the current feed, in order, and the text not yet in an event (consecutive
    text of one kind goes out as one event, joined once: linear)."""

    __slots__ = ("events", "pend", "kind", "markup_on", "before")

    def __init__(self, markup: bool):
        self.events: list = []         # the current feed's events
        self.pend: list[str] = []      # text not yet in an event…
        self.kind: type[Text] | type[Reasoning] = Text   # …and its kind
        self.markup_on = markup        # Markup events asked for (the audit: markup=True)
        self.before: Callable[[], object] = _nothing   # what must go out before markup (a call's deltas)

    def begin(self) -> list:
        """A feed (or the close) begins: its events go into a new list, returned."""
        self.events = []
        return self.events

    def first(self, before: Callable[[], object]) -> None:
        """What must go out before markup (the open call's deltas: Calls.flush)."""
        self.before = before

    def push(self, ev: Event) -> None:
        """Every event goes out through here, after the text pending before it."""
        if self.pend:
            self.flush()
        self.events.append(ev)

    def flush(self) -> None:
        pend = self.pend
        if pend:
            self.events.append(self.kind(pend[0] if len(pend) == 1 else "".join(pend)))
            pend.clear()

    def insert(self, at: int, events: list) -> None:
        """Events held since index `at` of this feed's go out there (a held region was the call)."""
        self.events[at:at] = events

    def drop(self, at: int) -> None:
        """The events from index `at` on are dropped (a held region was no call)."""
        del self.events[at:]

    def piece(self, kind: type[Text] | type[Reasoning], s: str) -> None:
        if kind is not self.kind and self.pend:
            self.flush()
        self.kind = kind
        self.pend.append(s)

    def markup(self, s: str) -> None:
        if self.markup_on and s:
            self.before()
            self.push(Markup(s))
