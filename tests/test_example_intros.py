"""Property (issue 31): prose that says an example follows keeps the example text; prose that
announces the model's own call does not.

Made-up variants: every registry family's example call (test_property_examples.EXAMPLES) after a
phrase that introduces an example ("for example:", "e.g.", "such as", "looks like this:", in a few
languages) or one that announces a call ("Let me check.", "Calling the tool:"), on the phrase's
line, on the next line or in the next paragraph, with prose after it or ending the turn, in any
chunking.  Introduced and followed by prose: text, whole.  Introduced and ending the turn: the
call (a call ends the turn; nothing after it says it was shown).  Announced: the call, whatever
follows it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import formats
from helpers import chunked, chunkings, feed, summary
from test_property_examples import EXAMPLES, _tools, _visible

INTROS = ["For example:", "For instance,", "Families differ, e.g.", "E.g.", "Tools such as", "It looks like this:",
          "Write it like so:", "The format is:", "The syntax is as follows:", "Here is an example:", "Example:",
          "Por ejemplo:", "Par exemple :", "Zum Beispiel:", "z.B.", "例如：", "比如", "例えば、", "Например:"]
ANNOUNCES = ["Let me check.", "I'll call the tool now:", "Calling the tool:", "Checking the weather for you.",
             "Voy a consultarlo:", "我来查一下：", "OK, running it now,"]
AFTER = {"same line": "{p} {ex} and then the model waits.",
         "next line": "{p}\n{ex}\nand then the model waits.",
         "next paragraph": "{p}\n\n{ex}\n\nThat is the shape of it."}
ENDS = {"same line": "{p} {ex}", "next line": "{p}\n{ex}", "next paragraph": "{p}\n\n{ex}"}
# Whole-turn frames whose example starts with prose of its own: the phrase is not what comes
# right before the call (test_property_examples.LEFT).
FRAMES = {"muse", "gigachat"}
FAMILIES = [(fam, ex, names) for fam, ex, names in EXAMPLES if fam not in FRAMES]
# Families whose calls after prose are examples whenever prose follows them (a bare JSON object, a
# pythonic list: Format.examples, held.Example), announced or not.
SHOWN_BY_PROSE_AFTER = {f.name for f in formats.all_formats() if f.examples}
# Families whose example is a body without its wrapper (an `inline` opener): after a colon and with
# prose after it, it is shown (test_examples_not_calls: `…looks like this:`), announced or not.
BARE_BODIES = {f.name for f in formats.all_formats()
               if f.example and any(f.example.startswith(o) for o in getattr(f, "inline", ()))}


def _calls(msg) -> list:
    return sorted((c.name, str(c.arguments)) for c in msg.tool_calls)


def _alone(ex: str, names: list[str]) -> list:
    return _calls(feed(ex, tools=_tools(names))[0])


@pytest.mark.parametrize("where", list(AFTER))
@pytest.mark.parametrize("phrase", INTROS)
def test_an_introduced_example_with_prose_after_stays_text(phrase, where):
    ran = []
    for fam, ex, names in FAMILIES:
        text = AFTER[where].format(p=phrase, ex=ex)
        for chunks in list(chunkings(text))[:2]:
            msg, _ = feed(text, chunks, tools=_tools(names))
            if msg.tool_calls or msg.incomplete or msg.content != _visible(text):
                ran.append(fam)
                break
    assert ran == []


@pytest.mark.parametrize("where", list(ENDS))
@pytest.mark.parametrize("phrase", ["For example:", "e.g.", "It looks like this:", "例如："])
def test_an_introduced_call_that_ends_the_turn_runs(phrase, where):
    """As it does after prose that announces it."""
    lost, ran = [], 0
    for fam, ex, names in FAMILIES:
        calls = _calls(feed(ENDS[where].format(p=phrase, ex=ex), tools=_tools(names))[0])
        if calls != _calls(feed(ENDS[where].format(p="Let me check.", ex=ex), tools=_tools(names))[0]):
            lost.append(fam)
        ran += bool(calls)
    assert lost == [] and ran >= len(FAMILIES) - 2


@pytest.mark.parametrize("where", ["next line", "next paragraph"])
@pytest.mark.parametrize("phrase", ANNOUNCES)
def test_an_announced_call_runs_with_prose_after_it(phrase, where):
    """The call on a line of its own after prose that announces it runs, prose after it or not (models
    write a line after their call)."""
    lost = []
    for fam, ex, names in FAMILIES:
        if fam in SHOWN_BY_PROSE_AFTER or (fam in BARE_BODIES and phrase[-1] in ":："):
            continue
        for layout in (AFTER[where], ENDS[where]):
            msg, _ = feed(layout.format(p=phrase, ex=ex), tools=_tools(names))
            if _calls(msg) != _alone(ex, names):
                lost.append(fam)
                break
    assert lost == []


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(FAMILIES), st.sampled_from(INTROS + ANNOUNCES), st.sampled_from(list(AFTER)), st.data())
def test_in_any_chunking(case, phrase, where, data):
    fam, ex, names = case
    text = AFTER[where].format(p=phrase, ex=ex)
    whole, _ = feed(text, tools=_tools(names))
    msg, _ = feed(text, data.draw(chunked(text)), tools=_tools(names))
    assert summary(msg) == summary(whole)
    if phrase in INTROS:
        assert whole.tool_calls == [] and whole.content == _visible(text)
