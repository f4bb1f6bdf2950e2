"""A name line then a labelled arguments line (`_json_bodies.Labelled`): ReAct's `Action:` /
`Action Input:`, Qwen-Agent's `✿FUNCTION✿:` / `✿ARGS✿:`: one body, each family a declaration of
its labels.  Read for a declared tool, in any chunking, as the turn's end; an undeclared name, a
step a transcript quotes (a result after it), a fence or inline code: text."""
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent.parent))

from callsieve import parse  # noqa: E402
from helpers import accounted, deltas_ok, feed, split, summary  # noqa: E402

LABELS = {"react": ("Action:", "Action Input:"), "qwen_agent": ("✿FUNCTION✿:", "✿ARGS✿:")}


def tools(*names):
    return [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in names]


def step(fam, name, args, gap=" ", line="\n"):
    first, second = LABELS[fam]
    return f"{first}{gap}{name}{line}{second}{gap}{json.dumps(args)}"


NAMES = st.from_regex(r"[a-z][a-z_]{2,12}", fullmatch=True)
ARGS = st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True),
                       st.integers(-99, 99) | st.text("ab ✿:\n{}", max_size=6) | st.booleans(), max_size=3)


@pytest.mark.parametrize("fam", sorted(LABELS))
@settings(max_examples=30, deadline=None)
@given(name=NAMES, args=ARGS, more=st.lists(st.tuples(NAMES, ARGS), max_size=2),
       gap=st.sampled_from([" ", "  ", "\t", ""]), line=st.sampled_from(["\n", "\r\n", "\n  "]),
       sizes=st.lists(st.integers(1, 7), min_size=1, max_size=6))
def test_steps_are_calls_in_any_chunking(fam, name, args, more, gap, line, sizes):
    calls = [(name, args), *more]
    text = "\n".join(step(fam, n, a, gap, line) for n, a in calls)
    if fam == "qwen_agent":
        text += "\n✿RESULT✿"           # (its stop word, left in by the server: markup)
    declared = tools(*dict.fromkeys(n for n, _ in calls))
    whole = parse(text, tools=declared)
    assert [(c.name, c.arguments) for c in whole.tool_calls] == calls and whole.content == "", summary(whole)
    msg, evs = feed(text, split(text, sizes), tools=declared)
    assert summary(msg) == summary(whole)
    deltas_ok(evs)
    _, evs = feed(text, split(text, sizes), tools=declared, markup=True)
    accounted(text, evs)


@pytest.mark.parametrize("fam", sorted(LABELS))
def test_prose_before_a_step_is_the_content(fam):
    text = "Let me check the weather.\n" + step(fam, "get_weather", {"city": "Paris"})
    for chunks in ([text], split(text, [3])):
        msg, _ = feed(text, chunks, tools=tools("get_weather"))
        assert [(c.name, c.arguments) for c in msg.tool_calls] == [("get_weather", {"city": "Paris"})]
        assert msg.content.strip() == "Let me check the weather.", summary(msg)


@pytest.mark.parametrize("fam,after", [("react", "\nObservation: 22 C"), ("qwen_agent", "\n✿RESULT✿: 22 C\n✿RETURN✿: It is 22 C."),
                                       ("qwen_agent", "\nSo that is how a call looks.")])
def test_a_step_followed_by_its_result_or_prose_is_a_transcript_s_text(fam, after):
    text = step(fam, "get_weather", {"city": "Paris"}) + after
    for chunks in ([text], split(text, [2, 5])):
        msg, _ = feed(text, chunks, tools=tools("get_weather"))
        assert not msg.tool_calls and msg.content == text, summary(msg)


@pytest.mark.parametrize("fam", sorted(LABELS))
@pytest.mark.parametrize("how", ["undeclared", "no tools", "fenced", "quoted", "no object", "label missing"])
def test_look_alikes_stay_text(fam, how):
    text = step(fam, "get_weather", {"city": "Paris"})
    declared = tools("get_weather")
    if how == "undeclared":
        declared = tools("other")
    elif how == "no tools":
        declared = None
    elif how == "fenced":
        text = f"The format:\n```\n{text}\n```\nThat is all."
    elif how == "quoted":
        text = f"Write `{text.replace(chr(10), ' ')}` on one line."
    elif how == "no object":
        text = text.split("{")[0] + "Paris"
    else:
        text = text.replace(LABELS[fam][1], "Then:")
    for chunks in ([text], split(text, [1, 4])):
        msg, _ = feed(text, chunks, tools=declared)
        assert not msg.tool_calls and msg.content == text, (how, summary(msg))
