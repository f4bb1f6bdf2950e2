"""Mistral's three [TOOL_CALLS] variants and their call ids (docs/syntax.md#bracket_tool_calls)."""
import re

from callsieve import Sieve, ToolCallArgs, ToolCallEnd, ToolCallStart, parse
from helpers import check, tools

NINE = re.compile(r"[A-Za-z0-9]{9}\Z")


def test_v13_documented_example_arrays_in_arguments_do_not_close_it():
    text = 'Booking.[TOOL_CALLS]schedule_meeting[ARGS]{"day": "Fri", "attendees": ["ops", "qa"]}'
    m = check(text, content="Booking.", calls=[("schedule_meeting", {"day": "Fri", "attendees": ["ops", "qa"]})])
    assert NINE.match(m.tool_calls[0].id)


def test_v13_call_id_segment_is_kept():
    m = parse('[TOOL_CALLS]f[CALL_ID]a1B2c3D4e[ARGS]{"x": 1}[TOOL_CALLS]g[CALL_ID]Zz9Yy8Xx7[ARGS]{}')
    assert [(c.name, c.id) for c in m.tool_calls] == [("f", "a1B2c3D4e"), ("g", "Zz9Yy8Xx7")]


def test_v11_name_then_json_one_marker_per_call():
    m = check('[TOOL_CALLS]f{"x": [1, [2]]}[TOOL_CALLS]g{}', calls=[("f", {"x": [1, [2]]}), ("g", {})])
    assert all(NINE.match(c.id) for c in m.tool_calls)


def test_pre_v11_list_ids_before_the_arguments_are_kept_later_ones_come_too_late():
    text = ('[TOOL_CALLS] [{"name": "f", "arguments": {"a": "]"}, "id": "abc123XYZ"}, '
            '{"name": "g", "arguments": {}}, {"id": "q1w2e3r4t", "name": "h", "arguments": {"b": 2}}]')
    m = check(text, calls=[("f", {"a": "]"}), ("g", {}), ("h", {"b": 2})])
    ids = [c.id for c in m.tool_calls]
    assert NINE.match(ids[0]) and ids[0] != "abc123XYZ" and NINE.match(ids[1]) and ids[2] == "q1w2e3r4t"


def test_list_arguments_stream_as_they_are_written():
    s = Sieve()
    evs = s.feed('[TOOL_CALLS] [{"name": "write", "arguments": {"text": "' + "x" * 30)
    start = [e for e in evs if isinstance(e, ToolCallStart)]
    assert start and NINE.match(start[0].id), "the call starts as soon as its arguments do"
    assert "".join(e.delta for e in evs if isinstance(e, ToolCallArgs)) == '{"text":"' + "x" * 30
    evs += s.feed('"}, "id": "late12345"}]') + s.close()
    assert [e.arguments for e in evs if isinstance(e, ToolCallEnd)] == [{"text": "x" * 30}]


def test_pre_v11_list_cut_off_is_incomplete_not_a_call():
    m = check('[TOOL_CALLS] [{"name": "f", "arguments": {"a": [1, 2', calls=[])
    assert [(c.name, c.arguments) for c in m.incomplete] == [("f", {"a": [1, 2]})]
    assert m.errors and m.errors[0].incomplete


def test_special_tokens_stripped_list_is_recognised_at_the_start_only():
    check(' [{"name": "f", "arguments": {"a": 1}}]', calls=[("f", {"a": 1})])


def test_special_tokens_stripped_name_then_json_opening_the_content():
    # Without [TOOL_CALLS], `NAME{json}` is a call only as the first thing and for a declared tool.
    text = 'schedule_meeting{"day": "Fri"}'
    check(text, tools=tools("schedule_meeting"), content="", calls=[("schedule_meeting", {"day": "Fri"})])
    check(text, content=text, calls=[])
    check("Sure. " + text, tools=tools("schedule_meeting"), calls=[])


def test_marker_without_a_call_is_text_and_reported():
    m = check("[TOOL_CALLS] nothing here", content="[TOOL_CALLS] nothing here", calls=[])
    assert m.errors and m.errors[0].index is None
    # alone at the end of the output, a special token is a call the end of the stream cut off
    m = check("Sure.[TOOL_CALLS]", content="Sure.", calls=[])
    assert m.errors[0].index is None and "cut off" in m.errors[0].reason


def test_list_variant_repeated_marker_starts_a_second_block():
    text = '[TOOL_CALLS] [{"name": "f", "arguments": {}}][TOOL_CALLS] [{"name": "g", "arguments": {"a": [1]}}]'
    check(text, content="", calls=[("f", {}), ("g", {"a": [1]})])


def test_the_token_written_twice_and_a_closer():
    check('[TOOL_CALLS][TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}', calls=[("get_weather", {"city": "Paris"})], content="")
    check('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[/TOOL_CALLS]', calls=[("get_weather", {"city": "Paris"})], content="")
