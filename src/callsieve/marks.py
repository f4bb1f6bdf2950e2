"""What the text so far settled about markup (`Marks`), what a marker that opens no call does
(`Acts`: a handler per kind) and whether a marker is quoted instead (`quoted`)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Callable

from .layout import Layout, Lead, Output
from .markers import FAMILY_TOKENS, Action, Kind, family, frames_turn, vocabulary
from .reasoning import PREFIXED, ROLE_WORDS, SYNTAXES, Thought, is_prefixed, prefixed

if TYPE_CHECKING:
    from .calls import Calls
    from .formats import Format
    from .session import Session

# Markers that `inline code` quotes (in the content): call openers and thinking markers.
_QUOTABLE = frozenset((Kind.CALL, Kind.THINK_OPEN, Kind.STRAY_CLOSE, Kind.CONTROL, Kind.SPAN, Kind.ANNOTATION))
# Markers that inline code opened on an earlier line of the paragraph quotes wherever they stand;
# a thinking marker only after text on its line (a stray backtick must not make the `</think>` that
# starts a later line text, and the answer reasoning; `…{…}<|end_message|>` shows a call).
_SPANNED = _QUOTABLE - {Kind.THINK_OPEN, Kind.STRAY_CLOSE}
# Markers that a fenced code block quotes: call openers and control tokens, and thinking markers
# (a ```xml block showing `</think>`: issue 35).  (Inside thinking only inline code quotes its
# closer: a fence the thinking never closed would hold the whole answer in it.)
_FENCED = frozenset((Kind.CALL, Kind.CONTROL, Kind.SPAN, Kind.THINK_OPEN, Kind.STRAY_CLOSE, Kind.ANNOTATION))
# Markers that a blockquote, indented code, a table row, <pre> or <code> quotes: call openers,
# control tokens and thinking markers (Inkling's calls end with its thinking closer).
_BLOCKED = frozenset((Kind.CALL, Kind.CONTROL, Kind.SPAN, Kind.THINK_OPEN, Kind.STRAY_CLOSE))
_THINK_CLOSE = Kind.THINK_CLOSE         # (a member read from its class costs a metaclass lookup)
_THINK_OPEN, _STRAY_CLOSE, _CALL = Kind.THINK_OPEN, Kind.STRAY_CLOSE, Kind.CALL
# Thinking openers that are plain words in a tag: one opens a block where a block can start (the
# turn, a line, right after markup) or glued to text (`x<think>b</think>y`: interleaved thinking);
# after prose and a space on its line it is a word of the sentence ("models write <thought> around
# their plan", "BEGIN <think> AFTER END"), and so is its closer after it in a sentence too, or on
# the opener's line (`<think></think>`; on a line of its own it still ends a block the prompt
# opened: Layout.mentioned).  A family's
# own token (`<seed:think>`, `[THINK]`, `<|channel>thought`) is no word: it opens thinking anywhere.
# Nor is `<think>`, the reasoning models' own token: they think again after the answer began,
# `Sure. <think>…</think> It is 4.` (MiniMax-M2's interleaved thinking; vLLM's composition asks
# for it: tests/integrations/vllm_checks.py), and a thought shown as text leaks the most.
_WORD_OPENERS = frozenset(f"<{w}>" for w in ROLE_WORDS if w != "think")
# A prefixed role word (`<deepseek_thought>`: reasoning.PREFIXED_TAG) is a word in a sentence too;
# a family's own prefixed token (`<seed:think>`, `<mm:think>`) is not.
_OWN_OPENERS = frozenset(o for t in SYNTAXES for o in t.opens)


class Marks:
    """Beyond the calls and the thinking state: the format forced or proved by a block in this
    turn (and so the family whose control tokens are markup, never content), a span of control
    tokens being read as markup, and the ends of a block given back as written (its control
    tokens are text up to one of them)."""

    __slots__ = ("format", "detected", "span", "verbatim", "family", "vocab", "_fmts", "_seed",
                 "_derived", "_signs", "_ends_of", "_ends_in")

    def __init__(self, fmts: tuple[Format, ...], forced: str | None, session: Session | None = None):
        self.format = forced            # the format forced, or the first one proved
        self.detected: str | None = None  # the format a block proved last
        self.span: str | None = None    # inside a span of control tokens: its closer
        self.verbatim: tuple | None = None
        self.family: tuple[Format, ...] = ()   # the formats detected or pre-seeded…
        self.vocab: frozenset = frozenset()  # …and their control tokens
        self._fmts = fmts
        self._seed = getattr(session, "seed", None)
        self._derived = getattr(session, "derived", None)
        self._signs = signs(fmts)
        # (as_written's ends per block closer, for the one marker table they were read from: a
        # cache, not state; a run of made-up openers would walk every watched marker each time)
        self._ends_of: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._ends_in: tuple[str, ...] | None = None
        self.known()

    def save(self) -> tuple:
        """What reading a region as a call changes here (see held.Hold)."""
        return self.format, self.detected, self.span, self.verbatim

    def restore(self, state: tuple) -> None:
        self.format, self.detected, self.span, self.verbatim = state
        self.known()

    def known(self) -> None:
        """The families whose control tokens are all markup: the format forced or detected in
        this turn, the one the session was made with, the one derived from its chat template
        (never what other turns recorded: a shared session's answers change no other's)."""
        names = {n for n in (self.format, self.detected, self._seed) if n}
        fam = family(self._fmts, names, self._derived)
        if fam != self.family:
            self.family, self.vocab = fam, vocabulary(fam)

    def record(self, session: Session, verdict: bool | None) -> None:
        """The stream ended: `session` learns the format a block proved, and what the thinking
        showed (`verdict`: Thought.verdict)."""
        if self.detected:
            session.record(self.detected)
        session.observe(verdict)

    def as_written(self, ends: tuple[str, ...], tokens: tuple[str, ...]) -> None:
        """A block that holds no call (an undeclared tool's: no fabricated calls; prose spelling
        the markup) goes back as written, its control tokens too, up to its closer (`ends`: the
        block's, or the family's end of message; `tokens`: the watched markers' control and span
        tokens, markers.Table.tokens), or until a later block holds a call: the user sees it whole."""
        # (a run of the family's closers that ends in one, markers.tails, ends it too)
        # (and a closer watched where it ends its line, `</invoke>\n`)
        if tokens is not self._ends_in:
            self._ends_in, self._ends_of = tokens, {}
        found = self._ends_of.get(ends)
        if found is None:
            found = self._ends_of[ends] = tuple(
                m for m in tokens if ends and m.rstrip("\n").endswith(ends))
        ends = found
        if ends:
            # A block given back inside one given back (`<longcat_arg_key>` is an opener too) is
            # nested in it: its ends first, then "" and the outer block's, which still count.
            self.verbatim = ends + ("",) + self.verbatim if self.verbatim else ends

    def enter_span(self, closer: str | None) -> None:
        """A span of control tokens opens, read as markup up to `closer` (None: it closed)."""
        self.span = closer

    def end_verbatim(self) -> None:
        """A block held a call: a block given back as written before it is over no longer is."""
        self.verbatim = None

    def written(self, kind: Kind, marker: str) -> bool:
        """Inside a block given back as written (verbatim is set): is this marker (of `kind`) a
        control token, so text (and, if it is one of the block's ends, the last)?"""
        if kind not in FAMILY_TOKENS:
            return False
        v = self.verbatim or ()
        if marker in v:                    # (the block it ends is over; an outer one is not)
            rest = v[v.index(marker):]
            self.verbatim = rest[rest.index("") + 1:] if "" in rest else None
            return True
        # (a token that frames a turn is no block's: markup, given back or not)
        return not frames_turn(marker)

    def signed(self, marker: str) -> None:
        """`marker` was written as markup: if it is a family's sign (a token only that family
        writes: Cohere's `<|START_THINKING|>`), it proves that family as a call would."""
        name = self._signs.get(marker)
        if name is not None:
            self.proved(name)

    def proved(self, name: str) -> None:
        """A block of format `name` proved it (a call, or prose in its own syntax)."""
        if self.detected != name:
            self.detected = name
            self.known()
        if self.format is None:
            self.format = name


@functools.lru_cache(maxsize=64)
def signs(fmts: tuple) -> dict[str, str]:
    """{token: the name of the one format among `fmts` that declares it a sign (Format.signs)}."""
    return {t: f.name for f in reversed(fmts) for t in getattr(f, "signs", ())}


def quoted(kind: Kind, marker: str, th: Thought, lay: Layout) -> bool:
    """Inside `inline code` or a fenced code block a marker is quoted, not written: "use
    `<tool_call>`", "for example `{"name": "get_weather", …}`", "close it with `</think>`",
    a ``` block showing a call; so is a call or control token in a blockquote, an indented code
    block or `<pre>` (quotes.py: a file the model read, quoted back).  (A fence that is itself a call is fenced_json's, decided
    where the fence opens.)  Inline code may span lines (CommonMark): a call opener on a later line
    of its paragraph is quoted too (and a control token; a thinking marker only after text on its line).  Inside thinking only its closer can be quoted, in
    `inline code` opened on its line.

    A call opener in inline code whose span began with a word ("use the `search tool. <tool_call>…":
    Layout.loose_span) is not decided here: CommonMark reads a backtick run that no run closes as
    literal, which only the text after it shows; its block is held (held.Hold.claimed: a backtick or
    prose after it, an example; the turn's end, the call).  A span that began with markup shows it."""
    if th.inside:
        # Thinking about its own markup: "only messages after it keep the `</think>` block".
        return kind is _THINK_CLOSE and lay.rquoting and marker[0] != "`"
    if kind is _THINK_OPEN and (marker in _WORD_OPENERS or marker not in _OWN_OPENERS and is_prefixed(marker)) \
            and lay.in_sentence():
        return True
    if kind is _STRAY_CLOSE and lay.named and marker in lay.named and lay.mentioned(marker):
        return True
    return ((kind in _FENCED and lay.fenced) or (kind in _BLOCKED and lay.blocked(marker))
            or (kind in _QUOTABLE and marker[0] != "`" and (lay.quoting or lay.spanning(kind not in _SPANNED))
                and not (kind is _CALL and lay.loose_span())))


class Acts:
    """What a marker that opens no call does: a thinking marker, a span of control tokens, an
    answer wrapper or control token is markup, and changes the owners' state.  One handler per
    Kind (`act`); a call opener and a marker kept as text are the Sieve's (they change modes)."""

    __slots__ = ("marks", "th", "lay", "out", "calls")

    def __init__(self, marks: Marks, th: Thought, lay: Layout, out: Output, calls: Calls):
        self.marks, self.th, self.lay, self.out, self.calls = marks, th, lay, out, calls

    def act(self, action: Action, marker: str) -> None:
        """`marker`, watched with `action`, was written (not quoted): it acts (and, a family's
        sign, proves the family: Marks.signed)."""
        _HANDLERS[action.kind](self, action, marker)
        self.marks.signed(marker)

    def think_open(self, action: Action, marker: str) -> None:
        syntax = action.syntax
        assert syntax is not None
        self._write(marker, True)
        self.th.opened(prefixed(marker) if syntax is PREFIXED else syntax)
        self.lay.thought_opens()

    def think_close(self, action: Action, marker: str) -> None:
        lay = self.lay
        lay.thought_ends()
        self._write(marker, True)
        lay.after_markup(self.th.closed())

    def span(self, action: Action, marker: str) -> None:
        """A made-up tool result: markup up to its closer (or the end of the stream).  (A Lead
        other than TEXT keeps chunks off feed's fast path, which would make them Text.)"""
        self._write(marker, False)
        self.marks.enter_span(action.closer)
        self.lay.after_markup(Lead.JUDGED)

    def span_end(self, action: Action, marker: str) -> None:
        self._write(marker, False)
        self.marks.enter_span(None)
        self.lay.after_markup(Lead.LAYOUT)

    def stray_close(self, action: Action, marker: str) -> None:
        """The prompt opened the thinking block (or thinking is off and the model closes it
        anyway): the marker is dropped."""
        lay = self.lay
        evidence = not self.calls.count and lay.ended_line()
        self._write(marker, True)
        lay.after_markup(self.th.stray(evidence))

    def markup(self, action: Action, marker: str) -> None:
        """An answer wrapper, an end-of-turn or control token: markup, nothing else."""
        self._write(marker, False)

    def _write(self, marker: str, thinking: bool) -> None:
        # deepseek-legacy keeps thinking inline in content, markers included
        if self.th.legacy and thinking:
            self.lay.text(marker)
        else:
            self.out.markup(marker)


_HANDLERS: dict[Kind, Callable[[Acts, Action, str], None]] = {
    Kind.THINK_OPEN: Acts.think_open, Kind.THINK_CLOSE: Acts.think_close,
    Kind.STRAY_CLOSE: Acts.stray_close, Kind.SPAN: Acts.span, Kind.SPAN_END: Acts.span_end,
    Kind.STRIP: Acts.markup, Kind.CONTROL: Acts.markup, Kind.ANNOTATION: Acts.markup,
}
