"""Calls keyed by the tool's name, `{"NAME": {args}}`, in any family's block of call objects, and
the value an envelope around the arguments, `{"NAME": {"id": …, "args": {…}}}` (hunt p: llama.cpp's
auto-parser test of function-as-key JSON tools).  An envelope only where the tool's schema says its
first key is no parameter: with no schema, or a parameter of that name, the value is the arguments."""
import pytest

from callsieve import parse
from helpers import check, tools

T = tools("ping", get_user={"id": {"type": "string"}},
          get_weather={"city": {"type": "string"}, "days": {"type": "integer"}})
BARE = tools("f")

READ = [
    ('<tool_calls>[{"get_weather": {"city": "Oslo", "days": 2}}]</tool_calls>', T,
     [("get_weather", {"city": "Oslo", "days": 2})]),
    ('<tool_calls>[{"get_weather": {"id": "call-1", "args": {"city": "Oslo"}}}]</tool_calls>', T,
     [("get_weather", {"city": "Oslo"})]),
    ('<tool_calls>[{"get_weather": {"call_id": "c9", "type": "function", "arguments": {"days": 3}}}]</tool_calls>', T,
     [("get_weather", {"days": 3})]),
    ('<tool_calls>[{"get_weather": {"input": {"city": "Rome"}}}]</tool_calls>', T, [("get_weather", {"city": "Rome"})]),
    # two members, two calls; Apertus' own wrapper, an envelope in it
    ('<tool_calls>[{"get_weather": {"city": "Oslo"}, "ping": {}}]</tool_calls>', T,
     [("get_weather", {"city": "Oslo"}), ("ping", {})]),
    ('<|tools_prefix|>[{"get_weather": {"id": "x", "args": {"city": "Lima"}}}]<|tools_suffix|>', T,
     [("get_weather", {"city": "Lima"})]),
    # the schema declares `id`: the object is the arguments
    ('<tool_calls>[{"get_user": {"id": "42"}}]</tool_calls>', T, [("get_user", {"id": "42"})]),
    # no schema: the arguments as written
    ('<|tools_prefix|>[{"f": {"id": "c1", "args": {"a": 1}}}]<|tools_suffix|>', BARE,
     [("f", {"id": "c1", "args": {"a": 1}})]),
]


@pytest.mark.parametrize("text,tls,calls", READ, ids=range(len(READ)))
def test_name_keyed_calls_and_envelopes(text, tls, calls):
    m = check(text, tools=tls, calls=calls)
    assert m.content == "" and not m.errors


def test_an_undeclared_name_key_is_no_call_and_its_text_stays():
    text = '<tool_calls>[{"delete_all": {"path": "/"}}]</tool_calls>'
    m = parse(text, tools=T)
    assert m.tool_calls == [] and m.content == text


def test_name_keyed_json_in_prose_is_text():
    text = 'Send {"get_weather": {"city": "Oslo"}} to the tool, then wait.'
    check(text, tools=T, calls=[], content=text)
