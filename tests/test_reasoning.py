"""Reasoning: thinking separated from the answer while streaming, for every thinking syntax."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from callsieve import Reasoning, Session, Sieve, Text, ToolCallStart, parse, quotes
from helpers import check, feed, split

CALL = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'


@pytest.mark.parametrize("open_, close", [
    ("<think>", "</think>"), ("[THINK]", "[/THINK]"), ("<seed:think>", "</seed:think>"),
    ("◁think▷", "◁/think▷"), ("<|channel>thought\n", "<channel|>"),
    ("<|START_THINKING|>", "<|END_THINKING|>"), ("<thinking>", "</thinking>"), ("<mm:think>", "</mm:think>"),
    ("<|inner_prefix|>", "<|inner_suffix|>"), ("<|think:start|>", "<|think:end|>"),
])
def test_every_thinking_syntax(open_, close):
    text = f"{open_}Let me think.\nStep 1.{close}\n\nThe answer is 4."
    check(text, reasoning="Let me think.\nStep 1.", content="The answer is 4.", calls=[])


def test_granite_plain_text_markers_only_at_the_start():
    text = "Here is my thought process: add them. Here is my response: 4"
    check(text, reasoning="add them.", content="4")
    prose = "Sure. Here is my thought process: nothing special."
    check(prose, content=prose, reasoning="")


def test_command_response_wrapper_is_removed():
    text = "<|START_THINKING|>Easy.<|END_THINKING|><|START_RESPONSE|>It is 4.<|END_RESPONSE|>"
    check(text, reasoning="Easy.", content="It is 4.")


def test_answer_wrapper_is_removed():
    check("<think>hm</think>\n<answer>Paris</answer>", reasoning="hm", content="Paris")


@pytest.mark.parametrize("mode,content,reasoning", [
    ("none", "<think>hm</think>Hi", ""),
    ("auto", "Hi", "hm"),
    ("deepseek", "Hi", "hm"),
    ("deepseek-legacy", "<think>hm</think>Hi", "hm"),
])
def test_modes(mode, content, reasoning):
    msg = parse("<think>hm</think>Hi", reasoning=mode)
    assert (msg.content, msg.reasoning) == (content, reasoning)
    streamed, _ = feed("<think>hm</think>Hi", split("<think>hm</think>Hi", [2]), reasoning=mode)
    assert (streamed.content, streamed.reasoning) == (content, reasoning)


def test_prompt_opened_thinking():
    text = "First, the sum.</think>It is 4."
    check(text, thinking=True, reasoning="First, the sum.", content="It is 4.")
    # without the prior, the text before a stray close cannot be taken back: the marker is dropped
    assert parse(text).content == "First, the sum.It is 4."


@pytest.mark.parametrize("thought", [
    "Only the last turn keeps the `<think>...</think>` block.",     # the pair in inline code
    "Close it with `</think>` later.",
    "Split on ``</think>`` (two backticks).",
])
def test_a_closer_quoted_in_inline_code_does_not_end_thinking(thought):
    check(thought + "\n</think>\n\nAnswer.", thinking=True, reasoning=thought, content="Answer.")
    check("<think>" + thought + "</think>Answer.", reasoning=thought, content="Answer.")


def test_a_fence_in_thinking_is_not_inline_code():
    # (a call drafted with a ```json body, as DeepSeek writes it: the closer after it is real)
    thought = "Draft:\n```json\n{}\n``` no."
    check(thought + "</think>Answer.", thinking=True, reasoning=thought, content="Answer.")
    check("Code `x` done.</think>Answer.", thinking=True, reasoning="Code `x` done.", content="Answer.")


@pytest.mark.parametrize("wrapper", ["response", "answer"])
def test_an_answer_wrapper_ends_the_thinking_the_prompt_opened(wrapper):
    # (the closer was a special token the server skipped: ERNIE 4.5 Thinking, Hunyuan)
    text = f"Define it.\n\n<{wrapper}>\nIt is a lock.\n</{wrapper}>\n"
    check(text, thinking=True, reasoning="Define it.", content="It is a lock.")
    # outside thinking it is only stripped: no evidence that the prompt opens thinking
    sess = Session()
    for _ in range(Session.LEARN_AFTER + 1):
        assert parse(f"Sure.\n<{wrapper}>\n42\n</{wrapper}>", session=sess).content.split() == ["Sure.", "42"]
    assert not sess.opens_thinking
    # inside a block the model opened itself, it is the thought's words
    check(f"<think>Wrap it in <{wrapper}> tags.</think>Done.", reasoning=f"Wrap it in <{wrapper}> tags.",
          content="Done.")


def test_inline_code_is_read_by_backtick_runs_under_any_chunking():
    # "`<`" closes its code span: the call after it is a call (found split per character, where
    # the prose fast path once skipped the text that ends a backtick run)
    text = '`<`<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
    check(text, content="`<`", calls=[("get_weather", {"city": "Paris"})])


def test_thinking_off_a_block_the_model_writes_anyway_is_reasoning():
    # Policy (docs/reasoning.md): thinking turned off by the request, the model thinks anyway
    # (Hunyuan, Qwen3): the block is a thought, never answer text with tags in it.
    check("<think>x</think>Answer", thinking=False, content="Answer", reasoning="x")
    check("<|channel>thought\nplan<channel|>Answer", thinking=False, content="Answer", reasoning="plan")
    # "none" keeps every marker in the content, whatever the request said
    kept = parse("<think>x</think>Answer", thinking=False, reasoning="none")
    assert (kept.content, kept.reasoning) == ("<think>x</think>Answer", "")


@pytest.mark.parametrize("block", ["<think>\n\n</think>\n\n", "<think></think>", "<|channel>thought\n<channel|>"])
def test_thinking_off_an_empty_block_first_is_markup(block):
    # the template's own no-think block, written by the model: no thought, and no content
    check(block + "Answer", thinking=False, content="Answer", reasoning="")
    # anywhere else a block can open too (a line's start): a thinking block is never
    # answer text with tags in it, as with thinking on (the policy of docs/reasoning.md); after a
    # word and a space the tags are words of the sentence (test_thinking_role_words)
    check("Say\n<think></think> Answer", thinking=False, content="Say\nAnswer", reasoning="")


def test_session_learns_that_the_template_opens_thinking():
    # Two turns in a row that close, on a line of their own, a block they never opened teach it.
    sess = Session()
    for _ in range(Session.LEARN_AFTER):
        assert not sess.opens_thinking
        msg = parse("Reasoning here.\n</think>\n\nAnswer.", session=sess)
        assert msg.content == "Reasoning here.\nAnswer."         # (the stray marker is dropped)
    assert sess.opens_thinking and sess.learnt
    msg = parse("More reasoning.\n</think>\n\nSecond answer.", session=sess)
    assert (msg.reasoning, msg.content) == ("More reasoning.", "Second answer.")
    # one turn that never closes the block says otherwise: unlearnt (a call made inside it is
    # Qwen3.5's way, and says nothing)
    parse("Plan.\n" + CALL, session=sess)
    assert sess.opens_thinking
    assert parse("Just an answer.", session=sess).reasoning == "Just an answer."
    assert not sess.opens_thinking and not sess.learnt
    assert parse("Just an answer.", session=sess).content == "Just an answer."


@pytest.mark.parametrize("answer", [
    "Close the block with `</think>`.", "Use </think> to close it.", "Like this:\n```\n</think>\n```",
    "Done. " + CALL + "\n</think>\n", "`x`\n</think>\nok", "</think>at the very start",
    "<think>a</think>b\n</think>\nc",
])
def test_a_closer_in_prose_code_or_after_a_call_teaches_nothing(answer):
    sess = Session()
    for _ in range(3):
        parse(answer, session=sess)
    assert not sess.opens_thinking and sess.evidence == 0
    assert parse("Hello!", session=sess).content == "Hello!"


def test_a_closer_in_inline_code_is_text():
    for text in ("Close the block with `</think>`.", "Open it with `<think>` first.", "Write `[/THINK]` there."):
        check(text, content=text, reasoning="")


def test_a_template_s_word_is_never_unlearnt_by_answers():
    from callsieve.templates import seed_session
    sess = seed_session("{% if add_generation_prompt %}{{ '<｜Assistant｜><think>\\n' }}{% endif %}")
    assert sess.opens_thinking and not sess.learnt
    for _ in range(3):
        parse("An answer that never closes.", session=sess)
    assert sess.opens_thinking


def test_call_opener_ends_reasoning_implicitly():
    check("<think>I should call f." + CALL, reasoning="I should call f.", content="", calls=[("f", {"a": 1})])
    text = "<think>I should call f." + CALL + "Done."
    check(text, calls_in_reasoning=True, reasoning="I should call f.", content="Done.", calls=[("f", {"a": 1})])


def test_close_and_call_opener_in_one_chunk():
    s = Sieve()
    evs = s.feed("<think>plan") + s.feed("</think>" + CALL) + s.close()
    assert "".join(e.text for e in evs if isinstance(e, Reasoning)) == "plan"
    assert [e.name for e in evs if isinstance(e, ToolCallStart)] == ["f"]
    assert not [e for e in evs if isinstance(e, Text)]


def test_calls_in_reasoning_can_be_kept_as_reasoning():
    text = "<think>maybe " + CALL + " no</think>Answer"
    msg = parse(text, calls_in_reasoning=False)
    assert msg.tool_calls == [] and msg.reasoning == "maybe " + CALL + " no" and msg.content == "Answer"


# A call written inside an open thinking block is held: the block's closer makes it a thought,
# the end of the stream makes it the call.
MINISTRAL = ('[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more[/THINK]'
             '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}')


def test_a_call_thought_aloud_inside_thinking_is_reasoning():
    check(MINISTRAL, reasoning='Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more',
          content="", calls=[("special_function", {"arg1": 1})])
    check(MINISTRAL, thinking=True, content="", calls=[("special_function", {"arg1": 1})])
    msg = parse(MINISTRAL)
    assert msg.tool_calls[0].id and len(msg.tool_calls) == 1
    check("<think>maybe " + CALL + " no</think>Answer", reasoning="maybe " + CALL + " no",
          content="Answer", calls=[])


def test_a_call_inside_thinking_that_never_closes_is_the_call():
    # Qwen3.5: the template opens <think>; the model calls from inside it and stops.
    text = ("Need to inspect the current directory.\n<tool_call>\n<function=run>\n<parameter=command>\n"
            "pwd\n</parameter>\n</function>\n</tool_call>")
    check(text, thinking=True, reasoning="Need to inspect the current directory.", content="",
          calls=[("run", {"command": "pwd"})])
    check("<think>I should call f." + CALL + " \n<|im_end|>\n", reasoning="I should call f.", content="",
          calls=[("f", {"a": 1})])


def test_text_after_a_call_inside_thinking_says_it_was_a_thought():
    # A call ends the turn: a model that writes on after it, in the thinking block that was
    # open, thought it aloud (even if that block never closes).
    check("<think>I should call f." + CALL + " Done.", reasoning="I should call f." + CALL + " Done.",
          content="", calls=[])
    # what follows is thinking again: a closer ends it, a later call is held in its turn
    check("<think>maybe " + CALL + " or " + CALL, reasoning="maybe " + CALL + " or", content="",
          calls=[("f", {"a": 1})])
    check("<think>maybe " + CALL + " [1, 2] hm</think>ok", reasoning="maybe " + CALL + " [1, 2] hm",
          content="ok", calls=[])


def test_a_call_inside_thinking_is_held_until_it_is_decided():
    s = Sieve()
    first = s.feed("<think>plan ") + s.feed(CALL[:30]) + s.feed(CALL[30:]) + s.feed("\n")
    assert [type(e) for e in first] == [Reasoning] and s.in_reasoning
    last = s.close()                                   # never closed: it was the call
    assert [type(e).__name__ for e in last] == ["ToolCallStart", "ToolCallArgs", "ToolCallEnd"]
    assert not s.in_reasoning
    s = Sieve()
    evs = s.feed("<think>plan " + CALL[:30]) + s.feed(CALL[30:] + " \n")
    assert [type(e) for e in evs] == [Reasoning] and s.in_reasoning
    evs += s.feed("then")                              # the first visible text decides: a thought
    assert [type(e) for e in evs] == [Reasoning, Reasoning] and s.in_reasoning
    assert "".join(e.text for e in evs) == "plan " + CALL + " \nthen"
    evs = s.feed(" more") + s.feed("</think>Hi")
    assert evs == [Reasoning(" more"), Text("Hi")]


def test_a_closer_quoted_inside_the_held_call_does_not_decide():
    call = '<tool_call>{"name": "f", "arguments": {"a": "</think>"}}</tool_call>'
    check("<think>x " + call, reasoning="x", content="", calls=[("f", {"a": "</think>"})])
    check("<think>x " + call + " y</think>ok", reasoning="x " + call + " y", content="ok", calls=[])


def test_after_a_thought_the_real_calls_count_from_zero():
    msg = parse("<think>try " + CALL + " no</think>" + CALL + CALL)
    assert [c.name for c in msg.tool_calls] == ["f", "f"] and msg.format == "tool_call_tag"
    s = Sieve()
    evs = s.feed("<think>try " + CALL + "</think>") + s.feed(CALL) + s.close()
    assert [e.index for e in evs if isinstance(e, ToolCallStart)] == [0]
    msg = parse("<think>try " + CALL + "</think>Just words.")
    assert msg.format is None and msg.content == "Just words."     # a thought proves no format


def test_a_held_call_cut_off_by_the_end_is_incomplete():
    msg = parse('<think>x <tool_call>{"name": "f", "arguments": {"a": ')
    assert msg.tool_calls == [] and [c.name for c in msg.incomplete] == ["f"]


def test_calls_in_reasoning_true_streams_the_call_at_once():
    s = Sieve(calls_in_reasoning=True)
    evs = s.feed("<think>plan " + CALL)
    assert any(isinstance(e, ToolCallStart) for e in evs)
    assert len(parse(MINISTRAL, calls_in_reasoning=True).tool_calls) == 2
    with pytest.raises(ValueError):
        Sieve(calls_in_reasoning="later")


def test_cut_off_thinking_stays_reasoning():
    check("<think>still thinking about", reasoning="still thinking about", content="")


def test_empty_thinking_block_adds_nothing():
    s = Sieve()
    evs = s.feed("<think></think>") + s.feed("Hi") + s.close()
    assert evs == [Text("Hi")]
    check("<|channel>thought\n<channel|>Hi", content="Hi", reasoning="")


def test_reasoning_streams_as_it_is_written():
    s = Sieve()
    s.feed("<think>")
    assert s.feed("one ") == [Reasoning("one")]       # its space waits: the block may end here
    assert s.feed("two") == [Reasoning(" two")]
    assert s.feed("</th") == []
    assert s.feed("ink>ok") == [Text("ok")]


def test_marker_fused_with_first_words():
    s = Sieve()
    assert s.feed("<think>Okay so") == [Reasoning("Okay so")]


def test_several_thinking_blocks_concatenate():
    check("<think>a</think>x<think>b</think>y", reasoning="ab", content="xy")


THINK = st.sampled_from([("<think>", "</think>"), ("[THINK]", "[/THINK]"), ("<seed:think>", "</seed:think>"),
                         ("<|channel>thought\n", "<channel|>")])
WORDS = st.lists(st.sampled_from(["a", "b c", "<", "think", "/", "\n", "é", " ", ">"]), max_size=8).map("".join)


@given(THINK, WORDS, WORDS, st.booleans(), st.data())
def test_any_chunking_of_reasoning(markers, thought, answer, with_call, data):
    open_, close = markers
    if close in thought or "<" in answer:
        return
    text = open_ + "T" + thought + close + "A" + answer + (CALL if with_call else "")
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=20)))
    chunks = [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]
    msg, _ = feed(text, chunks)
    assert msg.reasoning == ("T" + thought).rstrip()     # a block's trailing whitespace: layout
    # (an answer whose last line is a blockquote or indented code quotes the call: issue 35)
    quoted = with_call and quotes.inside(quotes.after(quotes.OUTSIDE, "A" + answer))
    assert msg.content == ("A" + answer + (CALL if quoted else "")).rstrip()   # and the content's
    assert len(msg.tool_calls) == int(with_call and not quoted)


def test_kimi_k3_channels():
    text = "<|open|>think<|sep|>Check the pager.<|close|>think<|sep|><|open|>response<|sep|>Muted.<|close|>response<|sep|>"
    check(text, reasoning="Check the pager.", content="Muted.")


def test_reasoning_only_harmony_turn_still_records_its_format():
    sess = Session()
    msg = parse("<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>final<|message|>Hi.<|return|>",
                session=sess)
    assert (msg.reasoning, msg.content, msg.format) == ("Think.", "Hi.", "harmony")
    assert sess.format == "harmony"


def test_prompt_opened_thinking_and_a_model_that_writes_its_own_opener():
    # The template opened <think>; a model that writes it again wrote markup (and says the syntax).
    check("<think>\nplan</think>answer", thinking=True, reasoning="plan", content="answer")
    check("[THINK]plan[/THINK]answer", thinking=True, reasoning="plan", content="answer")
    # once reasoning has gone out, an opener is the model's text again
    check("plan <think> here</think>ok", thinking=True, reasoning="plan <think> here", content="ok")


# A call written inside thinking, from every family of the property-test corpus: a thought when
# visible text follows it in that block (then nothing waits longer than the marker hold), the
# call when only whitespace or end-of-turn tokens do.
from callsieve import formats as registry  # noqa: E402
from callsieve.formats import LOOK_MAX  # noqa: E402
from callsieve.reasoning import END_TOKENS, STRIP, SYNTAXES  # noqa: E402
from corpus import SAMPLES  # noqa: E402
from helpers import chunked, summary  # noqa: E402

# The longest marker: the most a possible marker's start is held back (the "marker hold").
MARKER_MAX = max(map(len, [*END_TOKENS, *STRIP, *(m for t in SYNTAXES for m in t.opens + t.closes),
                           *(o for f in registry.all_formats() for o in f.openers + f.start_openers)]))

PAIRS = st.sampled_from([("<think>", "</think>"), ("[THINK]", "[/THINK]"), ("<seed:think>", "</seed:think>"),
                         ("<|channel>thought\n", "<channel|>")])
TAILS = st.sampled_from(["", "\n", " \n<|im_end|>", "<|im_end|>\n", "\n\n"])
FILL = "The user wants the weather, so I compare the two cities once more. " * 8


def _stall_after(chunks, after: int, **kw) -> int:
    """The most characters past offset `after` fed in a row with no event coming out."""
    s, fed, run, worst = Sieve(**kw), 0, 0, 0
    for c in chunks:
        evs = s.feed(c)
        past = max(0, fed + len(c) - max(after, fed))
        fed += len(c)
        run = 0 if evs else run + past
        worst = max(worst, run)
    return worst


@given(st.sampled_from(SAMPLES), PAIRS, WORDS, st.data())
def test_text_after_a_call_in_thinking_makes_it_a_thought_at_once(sample, pair, words, data):
    open_, close = pair
    head = open_ + "Plan: I could write "
    text = head + sample[1] + " but first" + words + " let me think. " + FILL + close + "Answer."
    chunks = data.draw(st.one_of(st.just(list(text)), chunked(text)))
    msg, _ = feed(text, chunks)
    assert _no_end_tokens(msg) == _no_end_tokens(feed(text, calls_in_reasoning=False)[0])   # never a call
    # Nothing after the call waits longer than the marker hold (a chunk that starts an opener
    # waits for the look-ahead that tells formats apart, at most LOOK_MAX).
    assert _stall_after(list(text), len(head) + len(sample[1])) <= MARKER_MAX
    assert _stall_after(chunks, len(head) + len(sample[1])) <= LOOK_MAX


def _no_end_tokens(msg):
    """(A thought's text is reasoning as written: end-of-turn tokens in it included.)"""
    content, reasoning, *rest = summary(msg)
    for t in END_TOKENS:
        reasoning = reasoning.replace(t, "")
    return content, reasoning, *rest


@given(st.sampled_from(SAMPLES), PAIRS, TAILS, st.data())
def test_a_call_in_a_thinking_block_that_never_closes_is_the_call(sample, pair, tail, data):
    text = pair[0] + "plan " + sample[1] + tail
    msg, _ = feed(text, data.draw(chunked(text)))
    assert summary(msg) == summary(feed(text, calls_in_reasoning=True)[0])     # as if streamed at once
