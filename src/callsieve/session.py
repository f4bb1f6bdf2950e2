"""Format memory across the turns of one conversation or one served model (ADR 0018)."""
from __future__ import annotations

from dataclasses import replace


class Session:
    """Remembers the format a model uses, so the next turn's Sieve watches it first.

    Memory never locks: every format stays a candidate, and a turn that shows another format
    (a live model swap) replaces the remembered one.  `opens_thinking` says that the prompt of
    a turn whose request does not turn thinking on or off opens a thinking block: read from the
    chat template (`from_template`), or learned when a turn closes a block it never opened.
    `thinking_switch` says that the template reads the request's `enable_thinking` / `thinking`:
    a request that sets it decides (the Sieve's `thinking=` always wins over the session).
    """

    def __init__(self, format: str | None = None, *, seeded: bool = False):
        self.format = format
        self.derived = None                  # a format derived from the chat template (callsieve.derive)
        self.confirmed = False if seeded or format is None else True
        self.opens_thinking = False
        self.thinking_switch = False
        self.history: list[str] = []

    @classmethod
    def for_model(cls, model: str) -> "Session":
        """A session pre-seeded from a served model id (a hint, never a lock)."""
        from . import formats
        return cls(formats.for_model(model or ""), seeded=True)

    @classmethod
    def from_template(cls, template, model: str | None = None) -> "Session":
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
        sess = cls(shape.format, seeded=True)
        sess.derived = derived
        sess.opens_thinking, sess.thinking_switch = shape.opens_thinking, shape.thinking_switch
        return sess

    def record(self, format: str) -> None:
        """A turn confirmed `format` (also "native" when the server returned tool_calls itself)."""
        if format != self.format or not self.confirmed:
            self.history.append(format)
        self.format = format
        self.confirmed = True

    def __repr__(self) -> str:
        state = "confirmed" if self.confirmed else "seeded"
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
