"""Property (issue 31): the edges of quoting, both ways.  Quoting that is left open must not swallow
a later real call (a loss), and what closes quoting early must not make an example run.

Each case is made up from every registry family's example call (test_property_examples.EXAMPLES)
and checked at any chunking against a baseline that differs from it only by the quoting at stake:
the unclosed element (or stray backtick) changes nothing after the point where CommonMark ends
it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve.reasoning import ROLE_WORDS
from helpers import chunked, chunkings, feed, summary
from test_property_examples import EXAMPLES, _tools

# Prose that leaves a quoting element open, as a sentence writes it: CommonMark reads it as inline
# HTML in a paragraph (or an HTML block of kind 6, `<blockquote>`), which a blank line ends.
UNCLOSED = {
    "<code>": "Pass the city to <code>get_weather as a string.",
    "<q>": "The docs say <q>call it once per city.",
    "<samp>": "It printed <samp>ok and stopped.",
    "<kbd>": "Press <kbd>Enter to go on.",
    "<pre> in a sentence": "Wrap the output in <pre> tags.",
    "<blockquote> block": "<blockquote>\nA tool is called once per city.",
    "comment in a sentence": "I will check <!-- the cache first.",
    "<code> twice": "Use <code>a</code> or <code>b to pick one.",
}
# Elements that open an HTML block where a line starts with them (CommonMark kinds 1 and 2):
# only their closer ends them, blank lines inside too (a log, a script).
BLOCKS = {
    "<pre>": "<pre>\nlog line one",
    "indented <pre>": "   <pre>\nlog line one",
    "<script>": "<script>\nlet x = 1;",
    "comment": "<!-- note",
    "<pre><code>": "<pre><code>\nx = 1",
}
_CALLING = "Let me check."


def _runs() -> list[tuple[str, str, list[str]]]:
    """The examples that are a call after a paragraph of prose (the baseline of every case)."""
    got = []
    for fam, ex, names in EXAMPLES:
        msg, _ = feed(f"{_CALLING}\n\n{ex}", tools=_tools(names))
        if msg.tool_calls:
            got.append((fam, ex, names))
    return got


RUNS = _runs()


def _calls(msg) -> list:
    return [(c.name, c.arguments) for c in msg.tool_calls]


def test_most_families_run_after_a_paragraph():
    assert len(RUNS) >= 35


@pytest.mark.parametrize("ctx", list(UNCLOSED))
def test_an_unclosed_element_ends_with_its_paragraph(ctx):
    """A later call in its own paragraph runs, as it does with no element before it; on the
    element's own line or the next it is still quoted (text)."""
    lost, ran = [], []
    for fam, ex, names in RUNS:
        base, _ = feed(f"{_CALLING}\n\n{ex}", tools=_tools(names))
        later = f"{UNCLOSED[ctx]}\n\n{ex}"
        same = f"{UNCLOSED[ctx]}\n{ex}\nThat is all."
        for chunks in list(chunkings(later))[:3]:
            msg, _ = feed(later, chunks, tools=_tools(names))
            if _calls(msg) != _calls(base):
                lost.append(fam)
                break
        msg, _ = feed(same, tools=_tools(names))
        if msg.tool_calls or msg.incomplete:
            ran.append(fam)
    assert lost == [] and ran == []


@pytest.mark.parametrize("ctx", list(BLOCKS))
def test_an_html_block_quotes_past_blank_lines(ctx):
    ran = []
    for fam, ex, names in RUNS:
        text = f"{BLOCKS[ctx]}\n\nsecond paragraph\n\n{ex}"
        for chunks in list(chunkings(text))[:3]:
            msg, _ = feed(text, chunks, tools=_tools(names))
            if msg.tool_calls or msg.incomplete:
                ran.append(fam)
                break
    assert ran == []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RUNS), st.sampled_from(list(UNCLOSED) + list(BLOCKS)), st.data())
def test_element_edges_in_any_chunking(case, ctx, data):
    fam, ex, names = case
    lead = UNCLOSED.get(ctx) or BLOCKS[ctx]
    text = f"{lead}\n\n{ex}"
    whole, _ = feed(text, tools=_tools(names))
    msg, _ = feed(text, data.draw(chunked(text)), tools=_tools(names))
    assert summary(msg) == summary(whole)
    assert bool(whole.tool_calls) == (ctx in UNCLOSED)


# ------------------------------------------------------------------ thinking tags as words
# A plain thinking tag (`<think>`, `<thought>`, `<reasoning>`…) after prose and a space on its line
# is a word of the sentence, and so is its closer: the text stays whole in the content.  Where a
# block can start (the turn, a line, glued to text) it opens thinking.
_SENTENCES = ["Models write", "The tag is called", "Wrap the plan in", "Use the tag:", "Tags, such as",
              "模型会写", "BEGIN"]
_AFTER = [" around their plan.", " AFTER END", " and close it with </{w}> later.", ""]


# (`<think>` excepted: reasoning models think again after the answer began, marks._WORD_OPENERS)
WORDS = tuple(w for w in ROLE_WORDS if w != "think")


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(WORDS), st.sampled_from(_SENTENCES), st.sampled_from(_AFTER),
       st.sampled_from([None, False]), st.data())
def test_a_thinking_tag_in_a_sentence_is_a_word(word, before, after, thinking, data):
    text = f"{before} <{word}>{after.format(w=word)}"
    kw = {} if thinking is None else {"thinking": thinking}
    whole, _ = feed(text, **kw)
    msg, _ = feed(text, data.draw(chunked(text)), **kw)
    assert summary(msg) == summary(whole)
    assert (whole.content, whole.reasoning) == (text.strip(), "")


@pytest.mark.parametrize("word", ROLE_WORDS)
@pytest.mark.parametrize("lead", ["", "Hello.\n", "Hello.\n\n", "Hello."])
def test_where_a_block_can_start_it_opens_thinking(word, lead):
    text = f"{lead}<{word}>plan it</{word}>Answer."
    for chunks in chunkings(text):
        msg, _ = feed(text, chunks)
        assert msg.reasoning == "plan it" and msg.content.endswith("Answer."), summary(msg)
        assert f"<{word}>" not in msg.content


# ------------------------------------------------------------------ a stray backtick
# CommonMark: a backtick run that no run of the same length closes is literal.  A call after a stray
# backtick in its paragraph runs as it would with no backtick, when the turn ends with it (what the
# text after it would show is not there); a span that closes after the call shows it (text).
STRAYS = {
    "same line": "Use the {t}get_weather tool. {ex}",
    "next line": "Don{t}t worry, checking now.\n{ex}",
    "after a comma": "Run {t}ls, then {ex}",
    "double run": "Type {t}{t}q to stop.\n{ex}",
}
SHOWN = {
    "span closes after it": "Write {t}the call is {ex}{t} and wait.",
    "over lines": "Write {t}the call is\n{ex}\n{t} and wait.",
}
# (whole-turn frames whose example starts with prose of its own are left out, as in test_example_intros)
NO_TICKS = [(fam, ex, names) for fam, ex, names in RUNS if "`" not in ex and fam not in ("muse", "gigachat")]


@pytest.mark.parametrize("ctx", list(STRAYS))
def test_a_stray_backtick_quotes_no_later_call(ctx):
    lost, ran = [], 0
    for fam, ex, names in NO_TICKS:
        base, _ = feed(STRAYS[ctx].format(t="", ex=ex), tools=_tools(names))
        ran += bool(base.tool_calls)
        text = STRAYS[ctx].format(t="`", ex=ex)
        for chunks in list(chunkings(text))[:3]:
            msg, _ = feed(text, chunks, tools=_tools(names))
            if _calls(msg) != _calls(base):
                lost.append(fam)
                break
    assert lost == [] and ran >= len(NO_TICKS) - 2


@pytest.mark.parametrize("ctx", list(SHOWN))
def test_a_call_in_a_span_that_closes_stays_text(ctx):
    ran = []
    for fam, ex, names in NO_TICKS:
        text = SHOWN[ctx].format(t="`", ex=ex)
        for chunks in list(chunkings(text))[:3]:
            msg, _ = feed(text, chunks, tools=_tools(names))
            if msg.tool_calls or msg.incomplete or msg.content != text:
                ran.append(fam)
                break
    assert ran == []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NO_TICKS), st.sampled_from(list(STRAYS) + list(SHOWN)), st.data())
def test_backtick_edges_in_any_chunking(case, ctx, data):
    fam, ex, names = case
    text = {**STRAYS, **SHOWN}[ctx].format(t="`", ex=ex)
    whole, _ = feed(text, tools=_tools(names))
    msg, _ = feed(text, data.draw(chunked(text)), tools=_tools(names))
    assert summary(msg) == summary(whole)
    if ctx in SHOWN:
        assert whole.tool_calls == [] and whole.content == text


def test_a_mentioned_tag_leaves_a_prompt_opened_block_its_closer():
    """Thinking the prompt opened (not known to the Sieve) mentions `<think>` in a sentence: its
    closer on a line of its own still ends that block (the mention makes only closers that stand
    as words text: in a sentence, or right after the opener)."""
    text = "I could wrap it in <thought> tags. Done.\n</thought>\n\nThe answer is 4."
    for chunks in chunkings(text):
        msg, _ = feed(text, chunks, thinking=True)
        assert (msg.reasoning, msg.content) == ("I could wrap it in <thought> tags. Done.", "The answer is 4."), summary(msg)
    for text in ("Wrap it in <thought></thought> tags.", "Use <thought> and </thought> around it.", "Hello. <reasoning>plan</reasoning>Answer."):
        for chunks in chunkings(text):
            assert feed(text, chunks)[0].content == text


def test_think_after_the_answer_began_is_thinking_again():
    """`<think>` is the reasoning models' own token: after prose on its line it opens thinking
    again (interleaved thinking), never a word left in the answer."""
    text = "Sure. <think>Check the unit.</think> It is 4."
    for chunks in chunkings(text):
        msg, _ = feed(text, chunks)
        assert (msg.reasoning, msg.content) == ("Check the unit.", "Sure. It is 4."), summary(msg)
