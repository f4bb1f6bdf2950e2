"""Property tests that attack the promises: hostile mixes of every family's markers, reasoning
before start-of-content forms, declared names sharing prefixes, tiny limits, deep nesting, odd
numbers, cut-offs and broken tool lists.  For each input the *whole* message (content,
reasoning, calls, incomplete calls, errors) must be the same fed whole, one character at a time
and in random chunks; every delta sequence must be strict canonical JSON; every character must
come out once as text, reasoning or markup; and nothing may hang (a per-input alarm).

`python tests/fuzz.py --minutes 30` runs them for as long as asked (docs/fuzzing.md).
"""
import signal

from hypothesis import given
from hypothesis import strategies as st

from callsieve import Markup, Reasoning, Sieve, Text
from callsieve.reasoning import SYNTAXES
from corpus import NEAR_MISSES, SAMPLES
from helpers import chunked, deltas_ok, feed, same_characters, summary

PER_INPUT_S = 30          # a hang guard, not a speed check: any input is done in milliseconds

THINK = ["<think>", "</think>", "[THINK]", "[/THINK]", "<|channel>thought", "<channel|>",
         "Here is my thought process:", "Here is my response:", "<answer>", "</answer>"]
START_FORMS = ['{"name": "f", "arguments": {"a": 1}}', 'f{"a": 1}', "mute{}", 'mute_channel{"r": 1}',
               "[f(a=1)]", "analysis", "final", "commentary to=functions.f json{}", "f\n{}",
               '[{"name": "get_weather", "arguments": {}}]', ">>>f\n{}"]
ODD = ["1e999", "-1e999", "NaN", "Infinity", "-0", "1E5", "0.10", '"\\ud83d"', '"\\ud83d\\ude00"',
       '"\\u00e9\\/"', "1" * 70, '{"a": 1, "a": 2}', "[" * 140 + "]" * 140, "[" * 1200, "truefalse",
       '"\\x"', '"a\nb"', "\x00", "\ud800"]
TOOL_LISTS = [None, ["f", "get_weather"], ["mute", "mute_channel", "f", "f_x"], ["run", "x|y", "a.b"],
              ["get_weather", "run", "write", "schedule", "check_stock", "book_table", "list_files"]]

words = st.sampled_from(["Sure", "the", " ", "\n", ".", "日本", "ok", "`", "call", "<", "{", "["])
prose = st.lists(words, max_size=8).map("".join)
marker_noise = st.text(alphabet="<>[]{}|`\"':_/=,.\\ntolcaTOLCA｜▁ \n", max_size=24)


@st.composite
def hostile(draw):
    """(text, Sieve keyword arguments)."""
    parts = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 6))
        if kind == 0:
            parts.append(draw(prose))
        elif kind == 1:
            parts.append(draw(st.sampled_from(THINK)))
        elif kind == 2:
            parts.append(draw(st.sampled_from(START_FORMS)))
        elif kind == 3:
            parts.append(draw(st.sampled_from(SAMPLES))[1])
        elif kind == 4:
            parts.append(draw(st.sampled_from(NEAR_MISSES)))
        elif kind == 5:
            parts.append(draw(marker_noise))
        else:
            sample = draw(st.sampled_from(SAMPLES))[1]
            odd = draw(st.sampled_from(ODD))
            parts.append(sample.replace('"Paris"', odd).replace("4", odd, 1))
    text = "".join(parts)
    if draw(st.booleans()):                     # cut off anywhere, as by max_tokens
        text = text[:draw(st.integers(0, len(text)))]
    kw = {}
    names = draw(st.sampled_from(TOOL_LISTS))
    if names is not None:
        kw["tools"] = [{"type": "function", "function": {"name": n}} for n in names]
    if draw(st.booleans()):
        kw["max_call_bytes"] = draw(st.sampled_from([0, 1, 5, 17, 64, 300]))
    kw["thinking"] = draw(st.sampled_from([None, None, True, False]))
    kw["reasoning"] = draw(st.sampled_from(["auto", "auto", "none", "deepseek-legacy"]))
    if draw(st.integers(0, 4)) == 0:
        kw["strict"] = False
    kw["calls_in_reasoning"] = draw(st.sampled_from(["hold", "hold", "hold", True, False]))
    return text, kw


PAIRS = [(o, c) for t in SYNTAXES if not t.start_only for o in t.opens for c in t.closes]


@st.composite
def calls_in_thinking(draw):
    """Calls written inside thinking blocks, closed (a thought) or never (the call), with the
    block's closer quoted inside the arguments, more blocks and calls after: (text, kwargs)."""
    opener, closer = draw(st.sampled_from(PAIRS))
    prompt = draw(st.booleans())                  # the template opened the block
    parts = [] if prompt else [opener]
    for _ in range(draw(st.integers(1, 7))):
        kind = draw(st.integers(0, 5))
        if kind <= 1:
            parts.append(draw(prose))
        elif kind == 2:
            parts.append(draw(st.sampled_from(SAMPLES))[1])
        elif kind == 3:
            sample = draw(st.sampled_from(SAMPLES))[1]
            parts.append(sample.replace("Paris", closer).replace("4", opener, 1))
        elif kind == 4:
            parts.append(closer)
        else:
            parts.append(draw(st.sampled_from([opener, closer + opener] + THINK)))
    text = "".join(parts)
    if draw(st.booleans()):
        text = text[:draw(st.integers(0, len(text)))]
    kw = {"thinking": True if prompt else draw(st.sampled_from([None, True])),
          "calls_in_reasoning": draw(st.sampled_from(["hold", "hold", True, False])),
          "reasoning": draw(st.sampled_from(["auto", "auto", "deepseek-legacy"]))}
    names = draw(st.sampled_from(TOOL_LISTS))
    if names is not None:
        kw["tools"] = [{"type": "function", "function": {"name": n}} for n in names]
    return text, kw


class _Hang(Exception):
    pass


def _alarm(*_):
    raise _Hang("no answer within the per-input bound: a hang")


def check_everything(text, chunks, kw):
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(PER_INPUT_S)
    try:
        whole, _ = feed(text, **kw)
        want = summary(whole)
        for ch in (list(text), chunks):
            msg, evs = feed(text, ch, **kw)
            assert summary(msg) == want, f"{ch[:8]}…"
            deltas_ok(evs)
        if kw.get("reasoning") != "deepseek-legacy":      # (legacy copies thinking into content)
            _, evs = feed(text, chunks, markup=True, **kw)
            got = "".join(e.text for e in evs if isinstance(e, (Text, Reasoning, Markup)))
            harmony = any(w in text for w in ("<|channel|>", "<|start|>", "analysis", "final", "commentary"))
            same_characters(got, text, ordered=not harmony)   # harmony moves prose out of its blocks
        for call in whole.tool_calls + whole.incomplete:
            assert isinstance(call.arguments, dict)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@given(hostile(), st.data())
def test_hostile_streams_keep_every_promise(case, data):
    text, kw = case
    check_everything(text, data.draw(chunked(text, 30)), kw)


@given(calls_in_thinking(), st.data())
def test_calls_inside_thinking_keep_every_promise(case, data):
    text, kw = case
    check_everything(text, data.draw(chunked(text, 30)), kw)


bad_names = st.one_of(st.just(""), st.integers(), st.none(), st.text(max_size=3), st.just("a b"),
                      st.just("x" * 300), st.just("<tool_call>"), st.just("[TOOL_CALLS]"), st.just("f"))
tool_entry = st.one_of(
    bad_names.map(lambda n: {"type": "function", "function": {"name": n}}),
    bad_names.map(lambda n: {"name": n}),
    st.just({"type": "function", "function": "f"}), st.just({"type": "function"}), st.integers(),
    st.just({"type": "function", "function": {"name": "g", "parameters": [1]}}))


@given(st.lists(tool_entry, max_size=5), hostile())
def test_a_broken_tool_list_is_a_value_error_or_works(tool_list, case):
    text, kw = case
    kw["tools"] = tool_list
    try:
        Sieve(**kw)
    except ValueError:
        return                                           # refused, clearly
    check_everything(text, [text[:3], text[3:]], kw)
