"""A call object in doubled braces after a call marker, `{{"name": …, "arguments": {…}}}`: a
template's escaped `{{` copied into the output (hunt q: Qwen2.5 in sgl-project/sglang#3960).  The
inner object is the call, read as any call object (a declared name, whole); the outer brace is its
wrapper.  In prose, an undeclared name, an object that is no call, or one cut by the stream's end,
nothing runs and the text stays."""
import pytest

from callsieve import parse
from helpers import check, tools

T = tools("ping", get_weather={"city": {"type": "string"}, "days": {"type": "integer"}})
CALL = '{{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}}}'
WANT = [("get_weather", {"city": "Oslo", "days": 2})]

WRAPPERS = [
    lambda b: f"<tool_call>\n{b}\n</tool_call>",
    lambda b: f"<tool_call>{b}</tool_call>",
    lambda b: f"<tool_calls>[{b}]</tool_calls>",
    lambda b: f"<TOOLCALL>[{b}]</TOOLCALL>",
    lambda b: f"<|tool_call_start|>[{b}]<|tool_call_end|>",
    lambda b: f"[TOOL_CALLS][{b}]",
]
BODIES = [
    CALL,
    '{ {"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}} }',
    '{{\n  "name": "get_weather",\n  "arguments": {"city": "Oslo", "days": 2}\n}}',
    '{{"arguments": {"city": "Oslo", "days": 2}, "name": "get_weather"}}',
]


@pytest.mark.parametrize("wrap", WRAPPERS, ids=range(len(WRAPPERS)))
@pytest.mark.parametrize("body", BODIES, ids=range(len(BODIES)))
def test_a_call_in_doubled_braces_runs(wrap, body):
    m = check("Checking.\n" + wrap(body), tools=T, calls=WANT)
    assert m.content == "Checking." and not m.errors


def test_the_outer_closing_brace_left_out():
    m = check('<tool_call>{{"name": "ping", "arguments": {}}</tool_call>', tools=T, calls=[("ping", {})])
    assert m.content == ""


@pytest.mark.parametrize("text", [
    '<tool_call>{{"name": "rm_rf", "arguments": {"path": "/"}}}</tool_call>',      # undeclared
    '<tool_call>{{"city": "Oslo"}}</tool_call>',                                    # no call
    'In a Jinja template write {{"name": "get_weather", "arguments": {}}} to escape braces.',  # prose
])
def test_no_call_and_the_text_stays(text):
    m = check(text, tools=T, calls=[])
    assert "{{" in m.content


def test_cut_by_the_end_of_the_stream_is_not_runnable():
    m = parse('<tool_call>{{"name": "get_weather", "arguments": {"city": "Os', tools=T)
    assert m.tool_calls == []
