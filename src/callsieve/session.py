"""Format memory across the turns of one conversation or one served model (ADR 0018)."""
from __future__ import annotations

from dataclasses import replace


class Session:
    """Remembers the format a model uses, so the next turn's Sieve watches it first.

    Memory never locks: every format stays a candidate, and a turn that shows another format
    (a live model swap) replaces the remembered one.  The remembered format is only watched
    first: it never changes what a turn's text parses to.  `opens_thinking` says that the prompt
    of a turn whose request does not turn thinking on or off opens a thinking block: read from
    the chat template (`from_template`), or learnt from answers, bounded and reversible (see
    `observe`; `learn=False` for a Session that several clients share).
    `thinking_switch` says that the template reads the request's `enable_thinking` / `thinking`:
    a request that sets it decides (the Sieve's `thinking=` always wins over the session).
    """

    LEARN_AFTER = 2        # turns in a row that show the prompt opened thinking, to learn it
    HISTORY_MAX = 16       # formats kept in `history` (the latest)

    def __init__(self, format: str | None = None, *, seeded: bool = False, learn: bool = True):
        self.format = format
        # The format it was made with (pre-seeded from a model id or a template, or given): its
        # family's control tokens are markup from the first turn.  What answers record changes
        # only which format is watched first, never this.
        self.seed = format
        self.derived = None                  # a format derived from the chat template (callsieve.derive)
        self.tokens: tuple = ()              # the special tokens its chat template writes: markup
        self.confirmed = False if seeded or format is None else True
        self.opens_thinking = False
        self.thinking_switch = False
        # The whitespace the chat template writes between a turn's content and its first call
        # (derive.call_separator); None when not known (no template, or it writes no such thing).
        self.call_sep: str | None = None
        # The chat template, when it can be rendered: the thinking a request's switches ask for
        # is what its generation prompt ends in with them (`prompt_opens`).
        self.template = None
        self._opens: dict[str, bool | None] = {}
        self.templated = False               # from_template: the thinking is known, not guessed
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

    @classmethod
    def from_template(cls, template, model: str | None = None, *, learn: bool = True) -> "Session":
        """A session pre-seeded from a model's chat template, before its first turn: the format
        from the tool-call markup the template writes (else from `model`'s name; a hint, never a
        lock) and whether its generation prompt opens thinking.  `template` is the template text
        (Jinja, or Ollama's Go), Hugging Face's list form, or a whole tokenizer_config.json dict.

        With jinja2 installed (the `template` extra) a Jinja template is rendered: the format is
        the one that reads the template's own rendered calls back (or one derived from that
        markup, `derived`), and the thinking is what the rendered generation prompt ends in.
        Without it, or for a template that cannot be rendered, the template is read."""
        from .template import inspect
        shape, derived = inspect(template, model), None
        rendered = _rendered(template, shape.format)
        if rendered is not None:                 # (a template whose calls no format reads keeps the hint)
            found, derived = rendered
            shape = replace(found, format=found.format or shape.format)
        sess = cls(shape.format, seeded=True, learn=learn)
        sess._read(template, shape, derived, rendered is not None)
        return sess

    def _read(self, template, shape, derived, rendered: bool) -> None:
        """What from_template read of `template`: its `shape`, the format `derived` from its
        markup, and (`rendered`: it renders) its separator and itself."""
        from .template import template_tokens
        self.derived = derived
        self.tokens = template_tokens(template)
        self.opens_thinking, self.thinking_switch = shape.opens_thinking, shape.thinking_switch
        if rendered:
            self.call_sep = _separator(template)
            self.template = template
        self.templated = True

    OPENS_MAX = 32         # the switch settings whose prompt is remembered (`prompt_opens`)

    def prompt_opens(self, switches: dict) -> bool | None:
        """Does the generation prompt end inside a thinking block under these template variables
        (a request's `chat_template_kwargs`, its `reasoning_effort`)?  Found by rendering the
        template with them, so every switch it reads counts (`enable_thinking`, `thinking`,
        Hy3's `reasoning_effort`, `thinking_mode` …) and no other; None without a template
        that renders."""
        if self.template is None:
            return None
        import json
        try:
            key = json.dumps(switches, sort_keys=True)
        except (TypeError, ValueError):
            return None
        if key not in self._opens:
            from .derive import opens_under
            if len(self._opens) >= self.OPENS_MAX:
                self._opens.pop(next(iter(self._opens)))
            self._opens[key] = opens_under(self.template, switches)
        return self._opens[key]

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
        unlearns it.  A template's word (`from_template`) is never unlearnt by answers."""
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


def _rendered(template, hint):
    """callsieve.derive's answer for a Jinja template, or None (no jinja2, a Go template, or one
    that cannot be rendered)."""
    from . import render
    from .template import chat_template_of
    text = chat_template_of(template.get("chat_template") if isinstance(template, dict) else template)
    if "{%" not in text or not render.available():
        return None
    from .derive import shape
    try:
        return shape(template, hint)
    except Exception:        # rendering is a bonus: a template it trips on is read instead
        return None


def _separator(template) -> str | None:
    from .derive import call_separator
    try:
        return call_separator(template)
    except Exception:        # (as in _rendered: a bonus, never a failure)
        return None
