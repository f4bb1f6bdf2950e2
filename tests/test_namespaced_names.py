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
    "key_value": "<tool_call>{n}<arg_key>city</arg_key><arg_value>Oslo</arg_value></tool_call>",
    "made_up": "<acme_call>{n}<param_key>city</param_key><param_value>Oslo</param_value></acme_call>",
}
NAMES = ("default_api:get_weather", "server:ns:get_weather", "functions.get_weather")


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
