"""Property tests: whatever the chunking, the same result; every character accounted for once."""
from functools import reduce

from hypothesis import given
from hypothesis import strategies as st

from callsieve import Markup, Reasoning, Session, Text
from callsieve.reasoning import END_TOKENS, STRIP
from corpus import NEAR_MISSES, SAMPLES
from helpers import chunked, deltas_ok, feed, same_characters, summary

# Formats that emit prose from inside their blocks: markup accounting is then checked as a multiset.
UNORDERED = {"harmony"}


# Prose built from words and the characters markers are made of, but no whole marker.
WORDS = ["Sure", "the", "call", "tool", "name", "naïve", "— ✓", "日本", "x", "\n", " ", ".", ","]
prose = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)
noisy = st.text(alphabet="<>[]{}|`\"':_/=tolcaTOLCA \n", max_size=30)
# Control tokens of the families (docs/syntax.md#control-tokens): markup wherever they stand, so
# the calls around them are the same; every character still accounted for once.
CONTROLS = ["<|END_OF_TURN_TOKEN|>", "<|end▁of▁sentence|>", "<tool_call|>", "<|sep|>", "[/TOOL_CALLS]",
            "<|tool_call_end|>", "<｜tool▁outputs▁end｜>", "<|channel>", "<｜hy_eos:opensource｜>", "<|end|>"]


# Formats whose call is a Markdown fence: followed by prose, a quoted example (issue 35).
FENCES = {"fenced_json", "tool_code"}


@st.composite
def stream(draw, with_noise=False):
    """(text, expected calls, formats) from prose, near-misses and real calls of every family."""
    parts, calls, fmts = [], [], set()
    for _ in range(draw(st.integers(1, 4))):
        parts.append(draw(prose))
        if draw(st.booleans()):
            parts.append(" " + draw(st.sampled_from(NEAR_MISSES)) + " ")
        if with_noise and draw(st.booleans()):
            parts.append(draw(noisy))
        if draw(st.integers(0, 3)) == 0:
            parts.append(draw(st.sampled_from(CONTROLS)))
        if draw(st.booleans()):
            fmt, text, expected = draw(st.sampled_from(SAMPLES))
            parts.append("\n" + text + "\n")
            calls += expected
            fmts.add(fmt)
            if fmt in FENCES:
                break                  # (a fence is the call only where the turn ends with it)
    return "".join(parts), calls, fmts


def _check_invariants(text, chunks, fmts, **kw):
    whole, whole_evs = feed(text, **kw)
    msg, evs = feed(text, chunks, **kw)
    assert summary(msg) == summary(whole)
    deltas_ok(evs)
    _, evs = feed(text, chunks, markup=True, **kw)
    got = "".join(e.text for e in evs if isinstance(e, (Text, Reasoning, Markup)))
    same_characters(got, text, ordered=not fmts & UNORDERED)
    return whole


@given(st.data())
def test_any_chunking_same_message_and_every_character_once(data):
    text, calls, fmts = data.draw(stream())
    chunks = data.draw(chunked(text))
    whole = _check_invariants(text, chunks, fmts)
    assert [(c.name, c.arguments) for c in whole.tool_calls] == calls


@given(st.data())
def test_invariants_hold_on_noisy_text(data):
    # Arbitrary marker-ish noise: the calls found may differ from the plan, the invariants may not.
    text, _, fmts = data.draw(stream(with_noise=True))
    chunks = data.draw(chunked(text))
    _check_invariants(text, chunks, fmts)
    _check_invariants(text, chunks, fmts, tools=[{"name": "get_weather"}, {"name": "run"}])


@given(st.text(max_size=200), st.data())
def test_arbitrary_text_never_loses_a_character(text, data):
    chunks = data.draw(chunked(text))
    _check_invariants(text, chunks, set())


@given(st.sampled_from(SAMPLES), st.data())
def test_each_sample_one_character_at_a_time(sample, data):
    fmt, text, expected = sample
    msg, evs = feed(text, list(text))
    assert [(c.name, c.arguments) for c in msg.tool_calls] == expected
    assert msg.format == fmt
    deltas_ok(evs)


BARE = ['{"name": "get_weather", "arguments": {"city": "Paris", "days": [1, 2]}}',
        '[{"name": "get_weather", "arguments": {}}, {"name": "run", "parameters": {"cmd": "ls }"}}]',
        '{"name": "run", "parameters": {"cmd": "a;b"}}; {"name": "run", "parameters": {"cmd": "c"}}']


@given(st.sampled_from(BARE), prose, st.data())
def test_bare_json_first_in_the_content_any_chunking(call, after, data):
    text = "  " + call + "\n" + after
    chunks = data.draw(chunked(text))
    msg = _check_invariants(text, chunks, set())
    assert msg.tool_calls and msg.format in ("bare_json", "llama3_json")


@given(st.sampled_from(BARE[:1]), prose, prose, st.data())
def test_bare_json_after_prose_only_for_a_declared_tool(call, before, after, data):
    text = "Sure. " + before + " " + call + " " + after
    chunks = data.draw(chunked(text))
    declared = _check_invariants(text, chunks, set(), tools=[{"name": "get_weather"}])
    # ...and only when it ends the turn: prose after it makes it an example (a separator of
    # a call list right after it is still the call's)
    example = bool(after.strip().removeprefix(",").strip())
    assert [c.name for c in declared.tool_calls] == ([] if example else ["get_weather"])
    if example:
        assert declared.content == text.strip()
    other = _check_invariants(text, chunks, set(), tools=[{"name": "run"}])
    assert other.tool_calls == [] and other.content == text.strip()   # its ends are layout


QUOTABLE = [s for s in SAMPLES if s[0] != "fenced_json"]     # (fenced_json's syntax is the fence)


@given(st.sampled_from(QUOTABLE), prose, st.sampled_from(["```", "~~~", "````", "```xml", "~~~ text"]),
       st.booleans(), prose, st.data())
def test_a_call_quoted_in_a_fence_is_never_made(sample, before, fence, closed, after, data):
    _, call, _ = sample
    close = "\n" + fence.split(" ")[0].removesuffix("xml") + "\n" + after if closed else ""
    text = before + "\n" + fence + "\n" + call + close
    chunks = data.draw(chunked(text))
    for kw in ({}, {"tools": [{"name": "get_weather"}, {"name": "run"}, {"name": "schedule"}]}):
        msg = _check_invariants(text, chunks, set(), **kw)
        assert msg.tool_calls == [] and msg.incomplete == []
        # (end-of-turn tokens and answer wrappers are never content, quoted or not)
        assert msg.content == reduce(lambda t, m: t.replace(m, ""), END_TOKENS + STRIP, text).strip()


GRANITE = ("Here is my thought process:", "Here is my response:")


@given(prose, st.one_of(st.sampled_from(SAMPLES).map(lambda s: s[1]), prose, st.just("functions.f:0{}")),
       prose, st.sampled_from([None, True]), st.sampled_from(["hold", True, False]), st.data())
def test_granite_plain_word_thinking_any_chunking(thought, call, answer, thinking, held, data):
    # Plain-word markers (and a call written between them) decide alike however the text is cut.
    text = GRANITE[0] + thought + call + GRANITE[1] + answer
    chunks = data.draw(chunked(text))
    _check_invariants(text, chunks, set(), thinking=thinking, calls_in_reasoning=held)


@given(st.text(alphabet="`~ \nab\t", max_size=60), st.data())
def test_the_fence_state_is_the_same_whatever_the_chunking(text, data):
    from callsieve import fences
    one = fences.OUTSIDE
    for c in text:
        one = fences.after(one, c)
    cut = fences.OUTSIDE
    for c in data.draw(chunked(text)):
        cut = fences.after(cut, c)
    assert cut == one == fences.after(fences.OUTSIDE, text)


# State across requests: a Session shared by clients (the proxy's: learn=False) carries only the
# format watched first.  Whatever one client's answers hold (stray closers anywhere, calls in any
# format), another client's answer parses exactly as with a fresh Session.
STRAY = ["</think>", "\n</think>\n\n", "</thinking>", "[/THINK]", "`</think>`", "```\n</think>\n```\n", "<think>"]


@given(st.lists(st.tuples(stream(with_noise=True), st.sampled_from(STRAY), prose), min_size=1, max_size=4),
       stream(), st.booleans())
def test_one_clients_answers_never_change_anothers(answers, other, learn):
    shared = Session(learn=False)
    for (text, _, _), stray, more in answers:                # client A
        feed(more + stray + text, session=shared)
        feed("Reasoning.\n</think>\n\n" + text, session=shared)
    text, _, _ = other                                       # client B
    assert summary(feed(text, session=shared)[0]) == summary(feed(text, session=Session(learn=False))[0])
    assert not shared.opens_thinking
    # a Session of one conversation may learn, but never from one answer alone
    own = Session(learn=learn)
    feed("Reasoning.\n</think>\n\n" + text, session=own)
    assert summary(feed(text, session=own)[0]) == summary(feed(text, session=Session())[0])
