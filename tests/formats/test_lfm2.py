"""LFM2 / LFM2.5: <|tool_call_start|>[pythonic or JSON list]<|tool_call_end|> (docs/syntax.md#lfm2)."""
from callsieve import formats, parse
from helpers import check, tools
from samples_literal import long_string_streams

S, E = "<|tool_call_start|>", "<|tool_call_end|>"


def test_documented_example_with_prose_around():
    text = "Turning it on. " + S + '[toggle_lamp(room="attic", on=True)]' + E + " Done."
    m = check(text, content="Turning it on.  Done.", calls=[("toggle_lamp", {"room": "attic", "on": True})])
    assert m.format == "lfm2"


def test_several_calls_in_one_list_and_in_several_blocks_with_zero_argument_calls():
    text = S + "[a(x=1), now(), Calendar.add_event(title='Stand-up', at={'h': 9, 'm': 30})]" + E + "\n" + S + "[b()]" + E
    check(text, calls=[("a", {"x": 1}), ("now", {}), ("Calendar.add_event", {"title": "Stand-up", "at": {"h": 9, "m": 30}}),
                       ("b", {})])


def test_json_list_when_the_system_prompt_forces_json():
    text = S + '[{"name": "toggle_lamp", "arguments": {"room": "attic"}}, {"name": "now", "arguments": {}}]' + E
    check(text, calls=[("toggle_lamp", {"room": "attic"}), ("now", {})])


def test_nested_unicode_and_python_literals():
    text = S + "[plan(who='日本 — naïve ✓', steps=[('a', None), {'ok': False}], n=-2.5e3)]" + E
    check(text, calls=[("plan", {"who": "日本 — naïve ✓", "steps": [["a", None], {"ok": False}], "n": -2500.0})])


def test_closing_marker_quoted_inside_a_string():
    value = "<|tool_call_end|> ] ) ,"
    check(S + "[say(text=" + repr(value) + ")]" + E + " ok", content="ok", calls=[("say", {"text": value})])


def test_truncated_call_is_incomplete():
    m = check("Ok. " + S + "[f(a='hal", calls=[], incomplete=[("f", {"a": "hal"})])
    assert m.errors[-1].incomplete
    check(S + "[f(a=1)]", calls=[("f", {"a": 1})])          # end marker missing


def test_long_string_argument_streams():
    long_string_streams(S + "[save(text='", "')]" + E, "text")


def test_auto_detected_named_and_model_patterns():
    text = S + "[f(a=1)]" + E
    assert parse(text).format == "lfm2"
    assert [(c.name, c.arguments) for c in parse(text, format="lfm2").tool_calls] == [("f", {"a": 1})]
    for model in ("lfm2-1.2b", "LFM2.5-1.2B-Thinking", "lfm-2-8b"):
        assert formats.for_model(model) == "lfm2", model


def test_stripped_markers_leave_a_list_read_only_where_a_list_can_be_a_call():
    # a runtime that strips the special tokens leaves the bare list: first in the content it is a
    # pythonic call list; after prose it stays content
    assert [(c.name, c.arguments) for c in parse("[toggle_lamp(room='attic')]").tool_calls] == \
        [("toggle_lamp", {"room": "attic"})]
    text = "I will call [toggle_lamp(room='attic')] now."
    check(text, content=text, calls=[])


def test_block_without_a_call_is_text_and_undeclared_tools_are_text():
    for text in [S + "no calls here" + E, "The markers are " + S + " and " + E + "."]:
        check(text, content=text, calls=[])
    text = S + "[rm_rf(path='/')]" + E
    check(text, tools=tools("f"), content=text, calls=[])


def test_calls_in_a_python_fence_inside_the_tokens():
    # MiniCPM3's template writes the pythonic call in a ```python fence between LFM2's tokens.
    text = '<|tool_call_start|>\n```python\nlookup_city(city="Paris",days=3)\n```\n<|tool_call_end|>'
    check(text, content="", calls=[("lookup_city", {"city": "Paris", "days": 3})])
