"""The `[TOOL_CALL]{tool => …, args => {--key value}}` hash form: bare values."""
import json

import pytest

import callsieve

TOOLS = [{"name": "get_weather"}]


@pytest.mark.parametrize("word,value", [
    ("12", 12), ("-0", 0), ("1E5", 100000.0), ("true", True), ("null", None),
    ("007", "007"),          # no JSON number: the word the model wrote
    ("1e999", "1e999"),      # a number JSON cannot hold: the word, not infinity
    ("abc", "abc"),
])
def test_a_bare_value_is_json_only_when_json_can_hold_it(word, value):
    text = "[TOOL_CALL]{tool => \"get_weather\", args => {--city " + word + "}}[/TOOL_CALL]"
    for chunks in ([text], list(text)):
        s = callsieve.Sieve(tools=TOOLS)
        events = [e for c in chunks for e in s.feed(c)] + s.close()
        [end] = [e for e in events if isinstance(e, callsieve.ToolCallEnd)]
        args = "".join(e.delta for e in events if isinstance(e, callsieve.ToolCallArgs))
        assert json.loads(args) == {"city": value} and end.arguments == {"city": value}
        assert args == json.dumps(json.loads(args), ensure_ascii=False, separators=(",", ":"))  # canonical


@pytest.mark.parametrize("text,name,args", [
    # MiniMax M2.7 (openclaw#70331): a Perl single-quoted name, a CLI flag as the key
    ("[TOOL_CALL] {tool => 'get_weather', args => {--city \"Paris\"}} [/TOOL_CALL]", "get_weather", {"city": "Paris"}),
    ("[TOOL_CALL]{ tool=>'get_weather' , args=>{--city 'Oslo' --days 3}}[/TOOL_CALL]", "get_weather",
     {"city": "Oslo", "days": 3}),
    ("[TOOL_CALL]{tool => 'get_weather'}[/TOOL_CALL]", "get_weather", {}),
    ("[TOOL_CALL]{tool => 'get weather', args => {--q 'it''s'}}[/TOOL_CALL]", None, None),   # no such tool
])
def test_a_single_quoted_name_is_the_tool(text, name, args):
    for chunks in ([text], list(text)):
        s = callsieve.Sieve(tools=TOOLS)
        events = [e for c in chunks for e in s.feed(c)] + s.close()
        ends = [e for e in events if isinstance(e, callsieve.ToolCallEnd)]
        content = "".join(e.text for e in events if isinstance(e, callsieve.Text))
        if name is None:
            assert not ends and content == text      # an undeclared name: the block stays text
        else:
            assert [(e.name, e.arguments) for e in ends] == [(name, args)] and content.strip() == ""
