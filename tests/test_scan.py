"""The scanner's parts alone: Matcher and Anchor (scan.py), marker_table (markers.py) and the
block Reader (reader.py)."""
from callsieve import formats as registry
from callsieve.markers import FAMILY_TOKENS, Action, Kind, TableKey, Watching, marker_table
from callsieve.reader import Reader
from callsieve.reasoning import SYNTAXES
from callsieve.scan import Anchor, Matcher

HERMES = registry.get("tool_call_tag")
BARE = registry.get("bare_json")
KIMI = registry.get("kimi_k2")


# ------------------------------------------------------------------ Matcher
def test_search_finds_the_leftmost_then_longest_marker():
    m = Matcher(["<tool", "<tool_call>", "[TOOL_CALLS]", "functools["])
    assert m.search("a <tool_call> b").group() == "<tool_call>"
    assert m.search("a <tool b").group() == "<tool"
    assert m.search("x functools[ <tool_call>").group() == "functools["
    assert m.search("no markers here") is None
    assert m.search("<tool_call>", 1) is None


def test_partial_with_a_text_cache_answers_as_without_it():
    # (scan.partial keeps its last answer for one text: asked at growing starts near the end,
    # as a whole text's markers ask it, it must say what a fresh search says)
    import random
    from callsieve.formats.wrapped import WRAPPER
    m = Matcher(["<tool_call>", "functools[", "<|im_end|>", WRAPPER])
    rng = random.Random(5)
    pieces = ["a ", "<", "<|", "<tool_c", "funct", "<| x |>", "[", "<acme", " ", "x", "|", ">"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        found: dict = {None: text}
        starts = sorted(rng.randint(0, len(text)) for _ in range(8))
        for pos in starts:
            assert m.partial(text, pos, found) == m.partial(text, pos), (text, pos)


def test_partial_finds_a_marker_start_running_to_the_end():
    m = Matcher(["<tool_call>", "functools["])
    assert m.partial("text <tool_c", 0) == 5
    assert m.partial("text funct", 0) == 5
    assert m.partial("text <tool_call", 7) == -1            # before pos: not looked at
    assert m.partial("text", 0) == -1


def test_may_extend_waits_while_a_longer_marker_may_follow():
    m = Matcher(["<|im_end|>", "<|im_end|><|im_start|>"])
    assert m.may_extend("<|im_end|><|im", 0, "<|im_end|>")
    assert not m.may_extend("<|im_end|>x", 0, "<|im_end|>")


def test_first_says_where_a_marker_may_be():
    m = Matcher(["<tool_call>", "functools["])
    assert m.first("plain words") is None
    assert m.first("a <to") is not None                      # a start at the end
    assert m.first("a <b>") is None                          # "<b" starts no marker


def test_a_long_text_is_searched_the_same_with_the_found_cache():
    m = Matcher(["<tool_call>", "</tool_call>", "functools[", "[TOOL_CALLS]"])
    text = ("prose " * 200 + "<tool_call>x</tool_call> funct functools[ ") * 5
    found, pos, with_cache, without = {}, 0, [], []
    while (hit := m.search(text, pos, found)) is not None:
        with_cache.append((hit.start(), hit.group()))
        pos = hit.end()
    pos = 0
    while (hit := m.search(text, pos)) is not None:
        without.append((hit.start(), hit.group()))
        pos = hit.end()
    assert with_cache == without and len(without) == 15


def test_no_markers_match_nothing():
    m = Matcher(["", ""])
    assert m.search("anything") is None and m.partial("anything", 0) == -1


def test_anchor_matches_only_where_it_is_asked():
    a = Anchor(["{", "get_weather", "get"])
    w = Anchor.skip("  \n get_weather(", 0)
    assert w == 4 and a.match("  \n get_weather(", w).group() == "get_weather"
    assert a.match("x{", 0) is None
    assert a.partial("get_wea", 0) and not a.partial("got", 0)
    assert a.may_extend("get", 0, "get")


# ------------------------------------------------------------------ marker_table
def marker_table_of(fmts, at_start, tools, think, reasoning, calls, span=None):
    return marker_table(Watching(fmts, tools, reasoning, calls), TableKey(at_start, think=think, span=span))


def test_the_table_watches_call_openers_and_thinking_markers():
    matcher, actions, anchor, _ = marker_table_of((HERMES,), False, (), None, True, True)
    assert actions["<tool_call>"] == Action(Kind.CALL, (HERMES,))
    assert actions["<think>"].kind is Kind.THINK_OPEN and actions["</think>"].kind is Kind.STRAY_CLOSE
    assert matcher.search("a <tool_call>").group() == "<tool_call>"
    assert anchor is None                                    # not at the start: nothing anchored


def test_start_only_markers_are_anchored_at_the_start():
    _, actions, anchor, _ = marker_table_of((BARE,), True, ("get_weather",), None, True, True)
    assert anchor is not None and "[" in anchor.markers    # a bare JSON list of calls
    assert actions["{"].kind is Kind.CALL and "{" not in anchor.markers   # (declared tools: anywhere)
    assert "Here is my thought process:" in anchor.markers   # Granite's plain-word opener
    _, _, later, _ = marker_table_of((BARE,), False, ("get_weather",), None, True, True)
    assert later is None or "[" not in later.markers


def test_inside_thinking_only_its_closer_matters():
    think = SYNTAXES[0]
    _, actions, _, _ = marker_table_of((HERMES,), False, (), think, True, False)
    assert actions["</think>"] == Action(Kind.THINK_CLOSE, syntax=think)
    assert "<tool_call>" not in actions and "<think>" not in actions


def test_reasoning_off():
    _, actions, _, _ = marker_table_of((HERMES,), False, (), None, False, True)
    assert actions["<tool_call>"].kind is Kind.CALL         # (outside thinking calls are watched)
    # thinking inline: its markers are still one unit each, kept whole in the content (a family's
    # control token inside one is not removed alone)
    assert actions["<think>"] == actions["<|open|>think<|sep|>"] == Action(Kind.KEEP)
    assert actions["<|im_end|>"] == Action(Kind.STRIP)          # end-of-turn tokens: never content


def test_inside_a_span_only_its_end():
    matcher, actions, anchor, _ = marker_table_of((HERMES,), False, (), None, True, True, span="</x>")
    assert actions == {"</x>": Action(Kind.SPAN_END)} and anchor is None
    assert matcher.search("a <tool_call> </x>").group() == "</x>"


def test_a_table_lists_its_family_tokens():
    """Table.tokens: the control and span tokens among the watched markers, read where a block
    given back as written ends (Marks.as_written), without walking every action."""
    tab = marker_table_of((KIMI,), False, (), None, True, True)
    assert tab.tokens and set(tab.tokens) == {m for m, a in tab.actions.items() if a.kind in FAMILY_TOKENS}
    assert "<|tool_calls_section_end|>" in tab.tokens
    assert marker_table_of((HERMES,), False, (), None, True, True).tokens == ()


def test_tables_are_cached_per_state():
    a = marker_table_of((HERMES,), False, (), None, True, True)
    assert marker_table_of((HERMES,), False, (), None, True, True) is a
    assert marker_table_of((HERMES,), True, (), None, True, True) is not a


# ------------------------------------------------------------------ Reader
def test_reader_pushes_and_consumes_in_absolute_positions():
    r = Reader()
    r.push("xx<abc", 2)
    assert r.at == 0 and r.rest() == "<abc"
    r.pos += 2
    r.push("def")
    assert r.at == 2 and r.rest() == "bcdef"
    assert r.text(0) == "<abcdef" and r.text(1, 3) == "ab"
    assert r.since(2) == ("bcdef", 0)


def test_reader_rewinds_to_what_it_kept():
    r = Reader()
    for chunk in ("one ", "two ", "three"):
        r.push(chunk)
        r.pos = len(r.buf)
    r.rewind(4)
    assert r.rest() == "two three" and r.at == 4


def test_reader_forgets_what_is_consumed_and_keeps_the_rest():
    r = Reader()
    r.push("consumed|rest")
    r.pos = 9
    r.forget()
    assert r.text(r.at) == "rest" and r.start == 9


def test_reader_skip_and_push_front():
    r = Reader()
    r.skip("passed on")
    assert r.at == 9 and r.rest() == ""
    r.push("tail")
    r.push_front("<o>")
    assert r.rest() == "<o>tail" and r.at == 6


def test_reader_text_across_many_chunks_is_compacted_and_whole():
    r = Reader()
    chunks = [f"{i}," for i in range(600)]
    for c in chunks:
        r.push(c)
        r.pos = len(r.buf)
    assert len(r.parts) < 256 and r.blocks
    assert r.text(0) == "".join(chunks)
