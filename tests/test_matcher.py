"""Finding markers (scan.Matcher) and what is watched in a scanner state (markers.marker_table),
each alone: which marker is found in which text, a marker's start at the end of a chunk held as
a possible start, the cheap first test, and the table's entries for named families."""
import random

import pytest

from callsieve import formats
from callsieve.markers import Action, Kind, TableKey, Watching, candidates, elements, marker_table
from callsieve.reasoning import SYNTAXES
from callsieve.scan import Matcher

MARKERS = ["<tool_call>", "<think>", "<thinking>", "functools[", "[TOOL_CALLS]",
           "<|channel>thought", "<|channel>thought\n"]


def syntax(name):
    return next(s for s in SYNTAXES if s.name == name)


def found(m, text, pos=0, memo=None):
    hit = m.search(text, pos, memo)
    return None if hit is None else (hit.start(), hit.group())


@pytest.mark.parametrize("text, want", [
    ("no markup here", None),
    ("a <tool_call> b <think>", (2, "<tool_call>")),          # the leftmost
    ("x <thinking>", (2, "<thinking>")),                      # the longest at one position
    ("x <think>ing", (2, "<think>")),
    ("a <|channel>thought x", (2, "<|channel>thought")),      # a marker inside a longer one
    ("a <|channel>thought\nx", (2, "<|channel>thought\n")),
    ("use functools.partial, then functools[", (28, "functools[")),   # a word marker
    ("fun functools", None),                                  # its first letters are not it
    ("<tool_call", None),                                     # not whole yet
    ("text [TOOL_CALLS][", (5, "[TOOL_CALLS]")),
])
def test_search_finds_the_leftmost_longest_whole_marker(text, want):
    assert found(Matcher(MARKERS), text) == want


def test_search_from_a_position_skips_what_is_before_it():
    m = Matcher(MARKERS)
    text = "<think>a</think><tool_call>"
    assert found(m, text, 1) == (16, "<tool_call>")


@pytest.mark.parametrize("text, start", [
    ("Hello <tool_c", 6),
    ("Hello <", 6),
    ("Hello <thinki", 6),
    ("see functoo", 4),
    ("Hello <x", -1),
    ("Hello <tool_call>", -1),                # a whole marker is no possible start
    ("Hello", -1),
])
def test_partial_is_where_a_marker_may_start_at_the_end_of_the_text(text, start):
    assert Matcher(MARKERS).partial(text, 0) == start


def test_partial_looks_at_or_after_the_position_only():
    m = Matcher(MARKERS)
    assert m.partial("ab <tool", 3) == 3 and m.partial("ab <tool", 4) == -1


@pytest.mark.parametrize("text, near", [
    ("plain words, no sign", False),
    ("a < b", False),                         # "<" then a character no marker has next
    ("if a fox", False),                      # an "f" that is not "fun" of functools[
    ("full", False),
    ("a <th", True),                          # the first three characters of a marker
    ("a <", True),                            # fewer, at the end: still arriving
    ("fu", True),
    ("the fun part", True),                   # (the test is cheap, not exact: search decides)
    ("[", True),
])
def test_first_tells_a_chunk_that_holds_no_marker_from_one_that_may(text, near):
    assert (Matcher(MARKERS).first(text) is not None) is near


def test_a_marker_shorter_than_the_test_is_near_whole():
    m = Matcher(["[", "[TOOL_CALLS]"])
    assert m.first("a [1, 2]") is not None and m.first("a (1, 2)") is None


def test_first_never_misses_a_marker_or_its_start():
    m = Matcher(MARKERS)
    for marker in MARKERS:
        for k in range(1, len(marker) + 1):
            assert m.first("prose " + marker[:k]) is not None, marker[:k]


def test_the_search_memo_gives_the_answer_a_fresh_search_gives():
    rng = random.Random(7)
    words = ["lorem ", "ipsum ", "<b> ", "fun ", "[x] ", "f", "<", "\n"] * 3 + MARKERS
    text = "".join(rng.choice(words) for _ in range(3000))      # long: the memo's path
    m = Matcher(MARKERS)
    memo: dict = {}
    pos, seen = 0, 0
    while (hit := found(m, text, pos, memo)) is not None:       # marker after marker, as a scan
        assert hit == found(m, text, pos) and hit[0] >= pos
        pos, seen = hit[0] + len(hit[1]), seen + 1
    assert found(m, text, pos) is None and seen > 50
    for pos in rng.sample(range(len(text)), 200):               # and in any order, one memo
        assert found(m, text, pos, memo) == found(m, text, pos)


def test_a_whole_marker_that_begins_a_longer_one_may_extend():
    m = Matcher(MARKERS)
    text = "a <|channel>thought"
    s = text.index("<")
    assert m.may_extend(text, s, "<|channel>thought")          # a newline may still come
    assert not m.may_extend(text + " x", s, "<|channel>thought")
    assert not m.may_extend("<tool_call>", 0, "<tool_call>")


def test_no_markers_finds_nothing():
    m = Matcher(["", ""])                     # (an empty marker would match everywhere)
    assert m.search("<tool_call>", 0) is None and m.first("<") is None
    assert m.partial("<tool", 0) == -1


# ---------------------------------------------------------------------------- marker_table

def table(fmts=None, at_start=False, tools=(), think=None, reasoning=True, calls=True, fresh=False,
          held=None, family=(), span=None, extra=()):
    """The table of one state (`calls`: call openers watched inside thinking too)."""
    fmts = fmts if fmts is not None else candidates(None, None)[0]
    return marker_table(Watching(fmts, tools, reasoning, calls, extra),
                        TableKey(at_start, fresh, think, held, family, span))


def test_a_family_opener_is_a_call_of_that_family():
    hermes = formats.get("hermes")
    _, actions, _, _ = table(candidates(hermes, None)[0])
    assert actions["<tool_call>"] == Action(Kind.CALL, (hermes,))
    assert actions["<think>"] == Action(Kind.THINK_OPEN, syntax=syntax("think"))
    assert actions["</think>"] == Action(Kind.STRAY_CLOSE, syntax=syntax("think"))   # closes nothing open
    assert actions["<|im_end|>"] == Action(Kind.STRIP)


def test_every_family_that_opens_with_a_marker_is_tried_on_it():
    _, actions, _, _ = table()
    names = {f.name for f in actions["<tool_call>"].fmts}
    assert formats.get("hermes").name in names and "qwen3_coder" in names
    assert [f.name for f in actions["<|tool_calls_section_begin|>"].fmts] == ["kimi_k2"]


def test_a_bare_brace_counts_only_at_the_start_of_the_content():
    matcher, actions, anchor, _ = table(at_start=True)
    assert "{" in anchor.markers and "{" not in matcher.markers   # never searched for in text
    assert "bare_json" in {f.name for f in actions["{"].fmts}
    matcher, actions, anchor, _ = table(at_start=False)
    assert "{" not in actions and (anchor is None or "{" not in anchor.markers)


def test_declared_tool_names_are_openers_at_the_start_only():
    _, actions, anchor, _ = table(at_start=True, tools=("get_weather",))
    assert "get_weather" in anchor.markers
    assert "pythonic" in {f.name for f in actions["get_weather"].fmts}
    assert "get_weather" not in table(at_start=False, tools=("get_weather",)).actions


def test_inside_thinking_only_its_closer_and_end_tokens_are_watched():
    think = syntax("think")
    matcher, actions, anchor, _ = table(think=think, calls=False)
    assert actions["</think>"] == Action(Kind.THINK_CLOSE, syntax=think)
    assert {a.kind for a in actions.values()} == {Kind.THINK_CLOSE, Kind.STRIP}
    assert "<tool_call>" not in matcher.markers and anchor is None


def test_without_calls_or_reasoning_their_markers_are_not_watched():
    _, actions, _, _ = table(think=syntax("think"), calls=False)   # (outside thinking: always)
    assert all(a.kind is not Kind.CALL for a in actions.values())
    _, actions, _, _ = table(think=syntax("think"))
    assert actions["<tool_call>"].kind is Kind.CALL
    _, actions, _, _ = table(reasoning=False)
    assert all(a.kind not in (Kind.THINK_OPEN, Kind.STRAY_CLOSE) for a in actions.values())
    assert actions["<tool_call>"].kind is Kind.CALL


def test_a_familys_plain_closer_is_markup_once_the_family_is_known():
    hermes = formats.get("hermes")
    assert "</tool_call>" not in table().actions        # prose may write a plain tag
    assert table(family=(hermes,)).actions["</tool_call>"] == Action(Kind.CONTROL)
    # a special token is markup whatever the family
    assert table().actions["<|tool_call_end|>"] == Action(Kind.CONTROL)


def test_inside_a_span_only_its_end_is_watched():
    matcher, actions, anchor, _ = table(span="</tool_response>")
    assert matcher.markers == ["</tool_response>"] and anchor is None
    assert actions == {"</tool_response>": Action(Kind.SPAN_END)}


def test_a_state_is_built_once():
    assert table(at_start=True, tools=("f",)) is table(at_start=True, tools=("f",))


def test_a_far_reaching_shape_is_a_marker_start_past_the_near_window():
    """A family's element of tokens with attributes may run far before it closes (Kimi K3's
    `<|close|>WORD a="…" …<|sep|>`): Matcher looks for such a shape's start on its own, over its
    own reach, and the answer is the leftmost start either way."""
    _, shape = elements(formats.get("kimi_k3"))
    assert shape is not None and shape.reach > 256
    m = Matcher(("<tool_call>", shape))
    attrs = " ".join(f'a{i}="{"x" * 100}"' for i in range(5))
    element = "<|close|>response " + attrs            # cut before its `<|sep|>`: still arriving
    assert len(element) > 256
    for before in ("prose ", "prose <tool_c ", "x" * 2000 + " "):
        text = before + element
        assert m.partial(text, 0) == len(before)
        assert m.partial(text, len(before) + 1) == -1        # (past its `<`: no start left)
    assert m.partial("prose <tool_c", 0) == 6              # the near window still answers alone
    assert m.partial(element + "! Done", 0) == -1           # no start runs to the end: none
    tail = element + "<|s"                                  # both windows have a start: the leftmost
    assert m.partial(tail, 0) == 0
