"""A tool name behind a namespace, in every body (issue 31, hunt h): Gemini's `default_api:NAME`,
an MCP server's `server:ns:NAME`, OpenAI's `functions.NAME`.  When the whole name is not declared,
its last segment names the declared tool, and that is the name the client gets; an undeclared
last segment is no tool (text, as any undeclared name)."""
import pytest

from callsieve.calls import qualified
from callsieve.formats._parts import Family, KeyValue
from helpers import check, tools

T = tools("get_weather", "ns.fetch")
ACME = Family("acme", "<acme_call>", KeyValue("<param_key>"), value="text")   # a made-up family

BODIES = {
    "json": '<tool_call>{{"name": "{n}", "arguments": {{"city": "Oslo"}}}}</tool_call>',
    "functions": "<tool_call>\n<function={n}>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>",
    "invoke": '<minimax:tool_call><invoke name="{n}"><parameter name="city">Oslo</parameter></invoke></minimax:tool_call>',
    "name_json": '<tool_call>{n}>{{"city": "Oslo"}}</tool_call>',
    "key_value": "<tool_call>{n}<arg_key>city</arg_key><arg_value>Oslo</arg_value></tool_call>",
    "made_up": "<acme_call>{n}<param_key>city</param_key><param_value>Oslo</param_value></acme_call>",
}
NAMES = ("default_api:get_weather", "server:ns:get_weather", "functions.get_weather",
         "Weather/get_weather", "tools/geo::get_weather", "acme.tools/v2:get_weather")


@pytest.mark.parametrize("body", sorted(BODIES))
@pytest.mark.parametrize("name", NAMES)
def test_a_namespaced_name_calls_the_declared_tool_it_ends_in(body, name):
    fmt = ACME if body == "made_up" else None
    check(BODIES[body].format(n=name), tools=T, format=fmt, calls=[("get_weather", {"city": "Oslo"})])


@pytest.mark.parametrize("body", sorted(BODIES))
def test_an_undeclared_last_segment_is_no_call(body):
    fmt = ACME if body == "made_up" else None
    m = check(BODIES[body].format(n="default_api:get_time"), tools=T, format=fmt)
    assert m.tool_calls == []


def test_the_rule():
    assert qualified({"ns.fetch": {}}, "ns.fetch") == "ns.fetch"        # declared whole: itself
    assert qualified({"fetch": {}}, "mcp:ns.fetch") == "fetch"
    assert qualified({"fetch": {}}, "fetch_all") is None
    assert qualified({"fetch": {}}, "mcp:") is None
    assert qualified({"fetch": {}}, ":fetch") is None                 # no namespace before it
    assert qualified({"fetch": {}}, "Web/fetch") == "fetch"


def test_a_name_two_declared_tools_end_is_no_call():
    """`a:b.c` could mean `b.c` or `c`: when both are declared, neither is guessed."""
    both = {"ns.fetch": {}, "fetch": {}}
    assert qualified(both, "mcp:ns.fetch") is None
    assert qualified(both, "ns.fetch") == "ns.fetch"                   # the whole name wins
    assert qualified(both, "mcp/fetch") == "fetch"                     # only one ends it
    m = check('<tool_call>{"name": "mcp:ns.fetch", "arguments": {}}</tool_call>', tools=tools("ns.fetch", "fetch"))
    assert m.tool_calls == []


@pytest.mark.parametrize("name", ["get__weather", "mcp__srv__weather", "get-weather", "get_weather"])
def test_word_characters_are_no_namespace(name):
    """`_`, `__` and `-` are inside names models write: a suffix after them is another name."""
    assert qualified({"weather": {}}, name) is None
    m = check(BODIES["json"].format(n=name), tools=tools("weather"))
    assert m.tool_calls == []


@pytest.mark.parametrize("name", ["Weather/get_weather_by_city", "geo.Weather/get_weather_by_city"])
def test_a_tool_group_before_the_name_in_glm_name_then_json(name):
    """GLM-5.3-Flash's `<tool_call>NAME>{json}` with a `/` tool group, streamed to the end."""
    check(f'<tool_call>{name}>{{"location": "Beijing"}}', tools=tools("get_weather_by_city"),
          calls=[("get_weather_by_city", {"location": "Beijing"})])


FUSED = ("get_weather<|message|>", "get_weather<|call|><|end|>", "default_api:get_weather<｜end▁of▁sentence｜>",
         "get_weather<tool_call|>")


@pytest.mark.parametrize("body", ["json", "invoke"])
@pytest.mark.parametrize("name", FUSED)
def test_a_control_token_fused_onto_a_quoted_name_is_markup(body, name):
    """Muse echoes its header's `<|message|>` into the invoke name (ollama's glimmer_test.go): a
    special token (a bar inside its brackets) ending a quoted name is markup, the rest the name."""
    check(BODIES[body].format(n=name), tools=T, calls=[("get_weather", {"city": "Oslo"})])


@pytest.mark.parametrize("name", ["get_weather<|message|>", "get_weather<b>", "get_weather<|x|>y"])
def test_a_token_fused_onto_an_undeclared_name_or_inside_one_is_no_call(name):
    assert qualified({"get_time": {}}, name) is None
    assert qualified({"get_weather": {}}, name) == ("get_weather" if name.endswith("|>") else None)
    m = check(BODIES["json"].format(n="get_time<|message|>"), tools=T)
    assert m.tool_calls == []
