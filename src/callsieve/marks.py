"""What the text so far settled about markup (`Marks`), and what a marker that opens no call
does (`act`) or whether it is quoted instead (`quoted`)."""
from __future__ import annotations

from .layout import Layout, Lead, Output
from .markers import family, vocabulary
from .reasoning import Thought

# Markers that `inline code` quotes (in the content): call openers and thinking markers.
_QUOTABLE = frozenset(("call", "think_open", "stray_close", "control", "span"))
# Markers that a fenced code block quotes: call openers and control tokens, and thinking markers
# (a ```xml block showing `</think>`: issue 35).  (Inside thinking only inline code quotes its
# closer: a fence the thinking never closed would hold the whole answer in it.)
_FENCED = frozenset(("call", "control", "span", "think_open", "stray_close"))
# Markers that a blockquote, indented code or <pre> quotes: call openers and control tokens.
_BLOCKED = frozenset(("call", "control", "span"))
# A family's control tokens (end-of-turn tokens are not among them: never content, anywhere).
_CONTROL = frozenset(("control", "span"))


class Marks:
    """Beyond the calls and the thinking state: the format forced or proved by a block in this
    turn (and so the family whose control tokens are markup, never content), a span of control
    tokens being read as markup, and the ends of a block given back as written (its control
    tokens are text up to one of them)."""

    __slots__ = ("format", "detected", "span", "verbatim", "family", "vocab", "_fmts", "_seed",
                 "_derived")

    def __init__(self, fmts: tuple, forced: str | None, session=None):
        self.format = forced            # the format forced, or the first one proved
        self.detected: str | None = None  # the format a block proved last
        self.span: str | None = None    # inside a span of control tokens: its closer
        self.verbatim: tuple | None = None
        self.family: tuple = ()         # the formats detected or pre-seeded…
        self.vocab: frozenset = frozenset()  # …and their control tokens
        self._fmts = fmts
        self._seed = getattr(session, "seed", None)
        self._derived = getattr(session, "derived", None)
        self.known()

    def save(self) -> tuple:
        """What reading a region as a call changes here (see held.Hold)."""
        return self.format, self.detected, self.span, self.verbatim

    def restore(self, state: tuple) -> None:
        self.format, self.detected, self.span, self.verbatim = state
        self.known()

    def known(self) -> bool:
        """The families whose control tokens are all markup: the format forced or detected in
        this turn, the one the session was made with, the one derived from its chat template
        (never what other turns recorded: a shared session's answers change no other's).
        True if that changed."""
        names = {n for n in (self.format, self.detected, self._seed) if n}
        fam = family(self._fmts, names, self._derived)
        if fam == self.family:
            return False
        self.family, self.vocab = fam, vocabulary(fam)
        return True

    def record(self, session, verdict) -> None:
        """The stream ended: `session` learns the format a block proved, and what the thinking
        showed (`verdict`: Thought.verdict)."""
        if self.detected:
            session.record(self.detected)
        session.observe(verdict)

    def as_written(self, ends: tuple[str, ...], actions: dict) -> None:
        """A block that holds no call (an undeclared tool's: no fabricated calls; prose spelling
        the markup) goes back as written, its control tokens too, up to its closer (`ends`: the
        block's, or the family's end of message; `actions`: the watched markers' {marker:
        action}), or until a later block holds a call: the user sees it whole."""
        # (a run of the family's closers that ends in one, markers.tails, ends it too)
        ends = tuple(m for m, a in actions.items() if a[0] in _CONTROL and ends and m.endswith(ends))
        if ends:
            self.verbatim = ends

    def enter_span(self, closer: str | None) -> None:
        """A span of control tokens opens, read as markup up to `closer` (None: it closed)."""
        self.span = closer

    def end_verbatim(self) -> None:
        """A block held a call: a block given back as written before it is over no longer is."""
        self.verbatim = None

    def written(self, kind: str, marker: str) -> bool:
        """Inside a block given back as written (verbatim is set): is this marker (of `kind`) a
        control token, so text (and, if it is one of the block's ends, the last)?"""
        if kind not in _CONTROL:
            return False
        if marker in (self.verbatim or ()):
            self.verbatim = None
        return True

    def proved(self, name: str) -> bool:
        """A block of format `name` proved it (a call, or prose in its own syntax).  True if
        the watched markers change."""
        changed = self.detected != name
        if changed:
            self.detected = name
            self.known()
        if self.format is None:
            self.format = name
        return changed


def quoted(kind: str, marker: str, th: Thought, lay: Layout) -> bool:
    """Inside `inline code` or a fenced code block a marker is quoted, not written: "use
    `<tool_call>`", "for example `{"name": "get_weather", …}`", "close it with `</think>`",
    a ``` block showing a call; so is a call or control token in a blockquote, an indented code
    block or `<pre>` (quotes.py: a file the model read, quoted back).  (A fence that is itself a call is fenced_json's, decided
    where the fence opens.)  Inside thinking only its closer can be quoted, in `inline code`."""
    if th.inside:
        # Thinking about its own markup: "only messages after it keep the `</think>` block".
        return kind == "think_close" and lay.rquoting and marker[0] != "`"
    return ((kind in _FENCED and lay.fenced) or (kind in _BLOCKED and lay.blocked)
            or (kind in _QUOTABLE and lay.quoting and marker[0] != "`"))


def act(kind: str, arg, marker: str, marks: Marks, th: Thought, lay: Layout, out: Output,
        calls: int) -> None:
    """A thinking marker, a span of control tokens, an answer wrapper: markup, and what it
    changes (`calls`: how many calls started so far)."""
    if kind == "think_open":
        _write(marker, True, th, lay, out)
        th.opened(arg)
        lay.thought_opens()
    elif kind == "think_close":
        lay.thought_ends()
        _write(marker, True, th, lay, out)
        lay.after_markup(th.closed())
    elif kind == "span":
        # A made-up tool result: markup up to its closer (or the end of the stream).  (A Lead
        # other than TEXT keeps chunks off feed's fast path, which would make them Text.)
        _write(marker, False, th, lay, out)
        marks.enter_span(arg)
        lay.after_markup(Lead.JUDGED)
    elif kind == "span_end":
        _write(marker, False, th, lay, out)
        marks.enter_span(None)
        lay.after_markup(Lead.LAYOUT)
    elif kind == "stray_close":
        # The prompt opened the thinking block (or thinking is off and the model closes it
        # anyway): the marker is dropped.
        evidence = not calls and lay.ended_line()
        _write(marker, True, th, lay, out)
        lay.after_markup(th.stray(evidence))
    else:   # an answer wrapper
        _write(marker, False, th, lay, out)


def _write(marker: str, thinking: bool, th: Thought, lay: Layout, out: Output) -> None:
    # deepseek-legacy keeps thinking inline in content, markers included
    if th.legacy and thinking:
        lay.text(marker)
    else:
        out.markup(marker)
