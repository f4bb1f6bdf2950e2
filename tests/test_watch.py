"""TEXT mode's receive state (watch.Watch) alone: where the next marker is, the tail it holds when
a chunk ends in a marker's possible start, and that it only answers (the Sieve sends the prose)."""
from callsieve import formats
from callsieve.markers import Kind, Table, TableKey, Watching, candidates, marker_table
from callsieve.scan import Matcher
from callsieve.watch import Watch


def watching(at_start=False, tools=(), forced="hermes"):
    """A Watch on the markers of one scanner state (`forced` None: every family's)."""
    fmts = candidates(formats.get(forced) if forced else None, None)[0]
    w = Watch()
    w.set(marker_table(Watching(fmts, tools), TableKey(at_start=at_start)))
    return w


def cut(w, data, pos=0, eof=False):
    at, m = w.cut(data, pos, w.search(data, pos), eof)
    return at, None if m is None else m.group()


def test_set_watches_a_table_and_its_fast_test():
    w = watching()
    assert w.first("plain prose") is None and w.first("a <tool_call>") is not None
    assert w.tab.actions["<tool_call>"].kind is Kind.CALL


def test_take_puts_the_held_tail_before_the_next_chunk():
    w = watching()
    assert w.take("abc", 1) == ("abc", 1)     # nothing held: the chunk as it is
    w.held = "<tool_"
    assert w.take("xcall>", 1) == ("<tool_call>", 0) and w.held == ""


def test_the_search_memo_is_for_one_text_only():
    w = watching()
    text = "x" * 600 + "<tool_call>"            # long: the memo is used
    data, pos = w.take(text, 0)
    assert w.search(data, pos).start() == 600
    other = "y" * 700 + "<think>"
    data, pos = w.take(other, 0)
    m = w.search(data, pos)
    assert (m.start(), m.group()) == (700, "<think>")   # not the last text's answer


def test_plain_prose_goes_out_whole():
    w = watching()
    assert w.plain("a sentence with <b>tags</b> and fun") == "a sentence with <b>tags</b> and fun"
    assert w.held == ""


def test_plain_holds_a_possible_marker_start_at_the_end():
    w = watching()
    assert w.plain("see the <tool_c") == "see the "
    assert w.held == "<tool_c"
    assert w.plain("ar is red") == "<tool_car is red"   # it was not one: out it goes
    assert w.held == ""


def test_plain_declines_a_chunk_that_completes_a_marker_and_keeps_what_it_held():
    w = watching()
    w.plain("text <tool")
    assert w.plain("_call>{") is None
    assert w.held == "<tool"                  # untouched: the scan takes it from here


def test_plain_declines_while_a_marker_counts_only_at_the_start():
    w = watching(at_start=True)
    # an anchored marker (Granite's `Here is my thought process:`) may be what comes first
    assert w.plain("no markup") is None


def test_cut_at_a_whole_marker():
    w = watching()
    assert cut(w, "Hi <tool_call>{") == (3, "<tool_call>")
    assert cut(w, "Hi <tool_call>{", 1) == (3, "<tool_call>")


def test_cut_before_a_possible_start_at_the_end_of_the_chunk():
    w = watching()
    assert cut(w, "Hi there <tool_ca") == (9, None)
    assert cut(w, "Hi there <tool_ca", eof=True) == (17, None)   # at the end: all prose
    assert cut(w, "no markup at all") == (16, None)


def test_cut_waits_while_a_whole_marker_may_still_grow():
    w = watching()
    # `<|channel>thought` is whole, and the start of `<|channel>thought\n` (Gemma 4)
    assert cut(w, "a <|channel>thought") == (2, None)
    assert cut(w, "a <|channel>thought\n") == (2, "<|channel>thought\n")
    assert cut(w, "a <|channel>thought", eof=True) == (2, "<|channel>thought")


def test_cut_holds_a_longer_marker_that_begins_before_the_one_found():
    w = Watch()
    w.set(Table(Matcher(["<｜DSML｜invoke", "｜DSML｜"]), {}, None))
    # `<｜DSML｜` may be the start of `<｜DSML｜invoke`, not "<" and then `｜DSML｜`
    assert cut(w, "a <｜DSML｜") == (2, None)
    assert cut(w, "a <｜DSML｜", eof=True) == (3, "｜DSML｜")
    assert cut(w, "a <｜DSML｜ x") == (3, "｜DSML｜")


def test_prose_end_is_at_the_marker_or_a_possible_start():
    w = watching()
    data = "words <think> more"
    assert w.prose_end(data, 0, w.search(data, 0), False) == 6
    data = "words <thi"
    assert w.prose_end(data, 0, None, False) == 6
    assert w.prose_end(data, 0, None, True) == len(data)


def test_a_start_only_marker_is_looked_for_after_leading_whitespace_only():
    w = watching(at_start=True, tools=("get_weather", "get_weather_v2"), forced=None)
    assert cut(w, '  [{"name": "get_weather"}]') == (2, "[")
    assert cut(w, "  get_weather(") == (2, "get_weather")
    # `get_weather` may still become `get_weather_v2`: hold from where it starts
    assert cut(w, "  get_weather") == (2, None)
    assert cut(w, "say [1]", eof=True) == (7, None)      # not first: prose


def test_it_only_answers_what_it_holds_is_set_by_plain_and_take():
    w = watching()
    w.held = "<tool_c"
    data = "a <tool_ca"
    m = w.search(data, 0)
    assert w.prose_end(data, 0, m, False) == 2 and cut(w, data) == (2, None)
    assert w.held == "<tool_c"                # the caller decides what it holds next
