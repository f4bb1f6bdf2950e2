"""Property (issue 31): an example never runs.  Every registry family's example call
(Format.example), placed in the quoting contexts users write (inline code on one line or several,
double backticks; fences of backticks or tildes, with or without a language, indented, inside a
list item or a blockquote; HTML `<code>`, `<pre>`, `<samp>`, `<blockquote>` and comments; a blockquote; an indented code block; a
Markdown table cell; after "for example:", "e.g." or "like this:" with prose after it; inside a
JSON string; inside an XML attribute), with its tools declared and in any chunking: no call runs
(none completes, none is left incomplete) and every character stays in the content.

The same example alone is a call (test_each_example_alone_is_a_call): what keeps it text is the
context around it, nothing else."""
from __future__ import annotations

import html
import json
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import formats
from callsieve.reasoning import END_TOKENS, STRIP
from helpers import chunked, chunkings, feed, summary


def _examples() -> list[tuple[str, str, list[str]]]:
    """(family, its example, the names of the calls it makes alone): the examples that are calls."""
    got = []
    for f in formats.all_formats():
        if not f.example:
            continue
        msg, _ = feed(f.example)
        names = sorted({c.name for c in msg.tool_calls})
        if names:
            got.append((f.name, f.example, names))
    return got


EXAMPLES = _examples()


def _tools(names: list[str]) -> list[dict]:
    return [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in names]


def _lines(ex: str, prefix: str) -> str:
    return "\n".join(prefix + x for x in ex.split("\n"))


def _inline(ex: str, ticks: str) -> str | None:
    if "`" in ex:
        return None
    return f"Write {ticks}{ex}{ticks} to make the call, then wait."


# Each context: the example placed in it, or None where the context cannot hold it.
CONTEXTS = {
    "inline": lambda ex: None if "\n" in ex else _inline(ex, "`"),
    "inline, several lines": lambda ex: _inline("the call is\n" + ex if "\n" not in ex else ex, "`"),
    "inline, double backticks": lambda ex: _inline(ex, "``"),
    "``` fence": lambda ex: f"Like this:\n```\n{ex}\n```\nThat is all.",
    "```json fence": lambda ex: f"Like this:\n```json\n{ex}\n```\nThat is all.",
    "```xml fence at the start": lambda ex: f"```xml\n{ex}\n```\nThat is the syntax.",
    "~~~ fence": lambda ex: f"Like this:\n~~~\n{ex}\n~~~\nThat is all.",
    "indented fence": lambda ex: f"Like this:\n   ```\n{ex}\n   ```\nThat is all.",
    "fence in a list item": lambda ex: f"Steps:\n1. Write:\n   ```\n{_lines(ex, '   ')}\n   ```\n2. Wait.",
    "fence in a blockquote": lambda ex: f"> Like this:\n> ```\n{_lines(ex, '> ')}\n> ```\n\nThat is all.",
    "<code>": lambda ex: f"Write <code>{html.escape(ex, quote=False)}</code> to call it.",
    "<code> unescaped": lambda ex: f"Write <code>{ex}</code> to call it.",
    "<pre>": lambda ex: f"Like this:\n<pre>{ex}</pre>\nThat is all.",
    "<pre><code>": lambda ex: f'<pre><code class="x">{ex}</code></pre>\nThat is all.',
    "<samp>, <kbd>": lambda ex: f"It printed <samp>{ex}</samp>; type <kbd>y</kbd> to go on.",
    "<blockquote> element": lambda ex: f"<blockquote>\n{ex}\n</blockquote>\nThat is all.",
    "HTML comment": lambda ex: f"Note:\n<!-- {ex} -->\nThat is all.",
    "blockquote": lambda ex: f"The docs say:\n\n{_lines(ex, '> ')}\n\nThat is all.",
    "indented code": lambda ex: f"Like this:\n\n{_lines(ex, '    ')}\n\nThat is all.",
    "table cell": lambda ex: None if "\n" in ex else f"| syntax | note |\n|---|---|\n| {ex} | the call |\n\nDone.",
    "after 'for example:'": lambda ex: f"For example: {ex} and then the model waits.",
    "after 'e.g.'": lambda ex: f"Families differ, e.g. {ex} is one of them.",
    "after 'like this:' on its own line": lambda ex: f"It looks like this:\n{ex}\nand then the model waits.",
    "in a JSON string": lambda ex: '{"syntax": ' + json.dumps(ex) + ', "family": "x"}',
    "in an XML attribute": lambda ex: f'<doc syntax="{html.escape(ex)}" family="x"/> is the entry.',
}

CASES = [(ctx, fam) for ctx, place in CONTEXTS.items() for fam, ex, _ in EXAMPLES if place(ex) is not None]
_BY_FAMILY = {fam: (ex, names) for fam, ex, names in EXAMPLES}


def _visible(text: str) -> str:
    """The content a quoted example leaves: all of it, but end-of-turn tokens (never content)."""
    return reduce(lambda t, m: t.replace(m, ""), END_TOKENS + STRIP, text).strip()


def _check(msg, text: str) -> None:
    assert msg.tool_calls == [] and msg.incomplete == [], summary(msg)
    assert msg.content == _visible(text), (msg.content, msg.reasoning)


def test_each_example_alone_is_a_call():
    assert len(EXAMPLES) >= 40
    for fam, ex, names in EXAMPLES:
        msg, _ = feed(ex, tools=_tools(names))
        assert msg.tool_calls, fam


# Contexts where some family's example still runs or loses text: which families, and why
# (docs/guarantees.md).  Exact: a family that starts to pass is taken off the list.
LEFT = {
    "in an XML attribute": ({"bracket_tool_calls"}, "a marker inside an attribute's value is read (attributes "
                            "are not tracked in prose)"),
    # Whole-turn frames whose example starts with prose of its own ("Checking.<|message_sep|>…"): the
    # call follows that prose, not the phrase that introduced the example.
    **{ctx: ({"muse", "gigachat"}, "an example that is a whole turn, prose first, hides the phrase that introduced it")
       for ctx in ("after 'for example:'", "after 'e.g.'", "after 'like this:' on its own line")},
}


def _failures(ctx: str, chunkings_per_case: int = 3) -> list[str]:
    place, got = CONTEXTS[ctx], []
    for fam, ex, names in EXAMPLES:
        text = place(ex)
        if text is None:
            continue
        for chunks in list(chunkings(text))[:chunkings_per_case]:
            msg, _ = feed(text, chunks, tools=_tools(names))
            if msg.tool_calls or msg.incomplete or msg.content != _visible(text):
                got.append(fam)
                break
    return got


@pytest.mark.parametrize("ctx", list(CONTEXTS))
def test_every_familys_example_in_a_quoting_context_stays_text(ctx):
    assert set(_failures(ctx)) == LEFT.get(ctx, (set(), ""))[0]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([c for c in CASES if c[1] not in LEFT.get(c[0], (set(), ""))[0]]), st.data())
def test_in_any_chunking(case, data):
    ctx, fam = case
    ex, names = _BY_FAMILY[fam]
    text = CONTEXTS[ctx](ex)
    whole, _ = feed(text, tools=_tools(names))
    msg, _ = feed(text, data.draw(chunked(text)), tools=_tools(names))
    assert summary(msg) == summary(whole)
    _check(whole, text)
