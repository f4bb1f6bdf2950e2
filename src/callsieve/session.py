"""Format memory across the turns of one conversation or one served model (ADR 0018).

Plain memory: what a model's turns (and, before them, its chat template) said about its format
and its thinking.  A Session renders and derives nothing: reading a chat template is
callsieve.templates' (`seed_session` makes a Session from one, `prompt_opens` renders it under
a request's switches), above the core; the core only reads what a Session holds.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .formats import Format


class Session:
    """Remembers the format a model uses, so the next turn's Sieve watches it first.

    Memory never locks: every format stays a candidate, and a turn that shows another format
    (a live model swap) replaces the remembered one.  The remembered format is only watched
    first: it never changes what a turn's text parses to.  `opens_thinking` says that the prompt
    of a turn whose request does not turn thinking on or off opens a thinking block: read from
    the chat template (callsieve.templates.seed_session), or learnt from answers, bounded and
    reversible (see `observe`; `learn=False` for a Session that several clients share).
    `thinking_switch` says that the template reads the request's `enable_thinking` / `thinking`:
    a request that sets it decides (the Sieve's `thinking=` always wins over the session).

    The keyword arguments after `learn` are what a chat template said (set by seed_session;
    `templated=True` marks a Session made from a template).
    """

    LEARN_AFTER = 2        # turns in a row that show the prompt opened thinking, to learn it
    HISTORY_MAX = 16       # formats kept in `history` (the latest)
    OPENS_MAX = 32         # the switch settings whose prompt is remembered (`opened`)

    def __init__(self, format: str | None = None, *, seeded: bool = False, learn: bool = True,
                 derived: Format | None = None, tokens: tuple = (), opens_thinking: bool = False,
                 thinking_switch: bool = False, call_sep: str | None = None,
                 template: str | list | dict | None = None, templated: bool = False):
        self.format = format
        # The format it was made with (pre-seeded from a model id or a template, or given): its
        # family's control tokens are markup from the first turn.  What answers record changes
        # only which format is watched first, never this.
        self.seed = format
        self.derived = derived               # a Format derived from the chat template (formats/_derived.py)
        self.tokens = tokens                 # the special tokens its chat template writes: markup
        self.confirmed = False if seeded or format is None else True
        self.opens_thinking = opens_thinking
        self.thinking_switch = thinking_switch
        # The whitespace the chat template writes between a turn's content and its first call;
        # None when not known (no template, or it writes no such thing).
        self.call_sep = call_sep
        # The chat template, when it can be rendered: the thinking a request's switches ask for
        # is what its generation prompt ends in with them (callsieve.templates.prompt_opens,
        # whose answers are remembered here: `opened`).
        self.template = template
        self._opens: dict[str, bool | None] = {}
        self.templated = templated           # made from a template: the thinking is known, not guessed
        self.history: list[str] = []
        # Learning opens_thinking from answers (see observe).  Off for a Session that several
        # clients share (the proxy's): one client's answer must not change another's.
        self.learn = learn
        self.learnt = False    # opens_thinking came from answers, not from a template
        self.evidence = 0      # turns in a row whose answer closed a block the prompt opened

    @classmethod
    def for_model(cls, model: str, *, learn: bool = True) -> "Session":
        """A session pre-seeded from a served model id (a hint, never a lock)."""
        from . import formats
        return cls(formats.for_model(model or ""), seeded=True, learn=learn)

    def opened(self, key: str) -> tuple[bool, bool | None]:
        """(known, opens): what was remembered of the generation prompt under one setting of the
        template's switches (`key`: their JSON, see callsieve.templates.prompt_opens)."""
        return key in self._opens, self._opens.get(key)

    def remember_opened(self, key: str, opens: bool | None) -> None:
        """Remember what the prompt does under `key`; the oldest of OPENS_MAX settings goes."""
        if key not in self._opens and len(self._opens) >= self.OPENS_MAX:
            self._opens.pop(next(iter(self._opens)))
        self._opens[key] = opens

    def record(self, format: str) -> None:
        """A turn confirmed `format` (also "native" when the server returned tool_calls itself)."""
        if format != self.format or not self.confirmed:
            self.history.append(format)
            del self.history[:-self.HISTORY_MAX]
        self.format = format
        self.confirmed = True

    def observe(self, opened: bool | None) -> None:
        """A turn (whose request did not turn thinking on or off) ended.  `opened`: its answer
        showed that the prompt opened a thinking block (it closed one it never opened, as the
        first thing it wrote, on a line of its own, before any code or call), or showed that it
        did not (it answered with no such closer; or, started in reasoning by what was learnt,
        it never closed the block); None: it showed neither.
        `LEARN_AFTER` turns in a row that showed it teach it; one turn that shows otherwise
        unlearns it.  A template's word (`templated`) is never unlearnt by answers."""
        if opened is None or not self.learn:
            return
        if opened:
            self.evidence += 1
            if self.evidence >= self.LEARN_AFTER and not self.opens_thinking:
                self.opens_thinking = self.learnt = True
        else:
            self.evidence = 0
            if self.learnt:
                self.opens_thinking = self.learnt = False

    def __repr__(self) -> str:
        state = "confirmed" if self.confirmed else "seeded"
        state += ", learnt" if self.learnt else ""
        switch = ", thinking_switch=True" if self.thinking_switch else ""
        return f"Session(format={self.format!r}, {state}, opens_thinking={self.opens_thinking}{switch})"

