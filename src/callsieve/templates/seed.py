"""A Session seeded from a model's chat template, and the template asked again per request.

The Session (callsieve.session) is the core's memory; this is where a template fills it: the
format (what reads the template's own calls, else the hint its model name gives), the special
tokens it writes, whether its generation prompt opens thinking, and the whitespace it writes
before a call.  Rendering needs jinja2 (the `template` extra); without it, or for a template it
trips on, the template is read instead (`read.inspect`).
"""
from __future__ import annotations

import json
from dataclasses import replace

from ..formats import Format
from ..session import Session
from .derive import call_separator, opens_under, shape
from .read import Shape, chat_template_of, inspect, template_tokens
from .render import available


def seed_session(template, model: str | None = None, *, learn: bool = True) -> Session:
    """A session pre-seeded from a model's chat template, before its first turn: the format
    from the tool-call markup the template writes (else from `model`'s name; a hint, never a
    lock) and whether its generation prompt opens thinking.  `template` is the template text
    (Jinja, or Ollama's Go), Hugging Face's list form, or a whole tokenizer_config.json dict.

    With jinja2 installed (the `template` extra) a Jinja template is rendered: the format is
    the one that reads the template's own rendered calls back (or one derived from that
    markup, `Session.derived`), and the thinking is what the rendered generation prompt ends
    in.  Without it, or for a template that cannot be rendered, the template is read."""
    found = inspect(template, model)
    rendered = _rendered(template, found.format)
    derived = None
    if rendered is not None:                 # (a template whose calls no format reads keeps the hint)
        shown, derived = rendered
        found = replace(shown, format=shown.format or found.format)
    return Session(found.format, seeded=True, learn=learn, derived=derived, tokens=template_tokens(template),
                   opens_thinking=found.opens_thinking, thinking_switch=found.thinking_switch,
                   call_sep=_separator(template) if rendered is not None else None,
                   template=template if rendered is not None else None, templated=True)


def prompt_opens(session: Session, switches: dict) -> bool | None:
    """Does the generation prompt of `session`'s template end inside a thinking block under these
    template variables (a request's `chat_template_kwargs`, its `reasoning_effort`)?  Found by
    rendering the template with them, so every switch it reads counts (`enable_thinking`,
    `thinking`, Hy3's `reasoning_effort`, `thinking_mode` …) and no other; None without a
    template that renders.  The session remembers each setting's answer (bounded)."""
    if session.template is None:
        return None
    try:
        key = json.dumps(switches, sort_keys=True)
    except (TypeError, ValueError):
        return None
    known, opens = session.opened(key)
    if not known:
        opens = opens_under(session.template, switches)
        session.remember_opened(key, opens)
    return opens


def _rendered(template, hint: str | None) -> tuple[Shape, Format | None] | None:
    """derive.shape's answer for a Jinja template, or None (no jinja2, a Go template, or one
    that cannot be rendered)."""
    text = chat_template_of(template.get("chat_template") if isinstance(template, dict) else template)
    if "{%" not in text or not available():
        return None
    try:
        return shape(template, hint)
    except Exception:        # rendering is a bonus: a template it trips on is read instead
        return None


def _separator(template) -> str | None:
    try:
        return call_separator(template)
    except Exception:        # (as in _rendered: a bonus, never a failure)
        return None
