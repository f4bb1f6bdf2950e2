"""A name prefix in a tag, any word (`<call:NAME{…}/>`, Gemini's; `<tool:NAME(…)/>`, a Python call
expression in a self-closing tag), read alike whatever other format also opens with that prefix
(CWM's `<tool:` label form: markers._Table.shaped gives its block the wrapper shape's formats
too); and MCP-style `server/tool` names in a harmony `to=` header."""
import pytest

from helpers import check, tools

T = tools("f", "terminal")
PREFIXES = ["call", "tool", "tool_call", "fn_call", "invoke"]


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("body", ['f(q="x", n=2)', 'f{q:"x",n:2}', 'f{q:<|"|>x<|"|>,n:2}'])
def test_a_name_prefix_tag_holds_a_call(prefix, body):
    check(f"Sure.\n<{prefix}:{body}/>", tools=T, calls=[("f", {"q": "x", "n": 2})], content="Sure.")


def test_cwm_still_reads_its_own_and_prose_stays_text():
    check("<tool: function>\nterminal ls\n</tool>", tools=T, calls=[("terminal", {"command": "ls"})])
    for text in ("See <tool: any label> here.", '<tool:nope(q="x")/>', 'Write `<tool:f(q="x")/>` to call it.'):
        check(text, tools=T, calls=[], content=text)


MCP = ["srv/search", "github/create-issue", "mcp/fs.read_file", "a/b/c"]
HEADERS = ['<|start|>assistant to=functions.{n}<|channel|>commentary json<|message|>{{"q": "x"}}<|call|>',
           '<|start|>assistant<|channel|>commentary to={n} <|constrain|>json<|message|>{{"q": "x"}}<|call|>',
           '<|channel|>commentary to=functions.{n} <|message|>{{"q": "x"}}<|end|>']


@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("name", MCP)
def test_a_server_slash_tool_name_in_a_harmony_header(header, name):
    check(header.format(n=name), tools=tools(name), calls=[(name, {"q": "x"})], content="")
    check(header.format(n=name + "x"), tools=tools(name), calls=[])
