"""A call named by a `<name>` element, its parameters either the invoke body's or tags named by
their keys (DeepSeek V4 Flash's `<function><name>read_file</name><path>…</path></function>`,
issue 31's hunt h): the Element body, in any family that declares it (a made-up one here)."""
import pytest

from callsieve.formats._parts import Element, Family, Invoke
from helpers import check, feed, split, summary, tools

ACME = Family("acme_el", "<acme_call>", Element(Invoke(prefixes=("",))))
T = tools("get_weather")


def test_parameters_as_tags_named_by_their_keys():
    for text in ("<acme_call><name>get_weather</name><city>Oslo</city><days>3</days></acme_call>",
                 "<acme_call>\n<name>get_weather</name>\n<city>Oslo</city>\n<days>3</days>\n</acme_call>"):
        check(text, tools=T, format=ACME, calls=[("get_weather", {"city": "Oslo", "days": 3})], content="")


def test_the_invoke_bodys_parameters_still_read():
    text = ('<acme_call><name>get_weather</name><parameter name="city">Oslo</parameter></invoke>'
            "</acme_call>")
    check(text, tools=T, format=ACME, calls=[("get_weather", {"city": "Oslo"})])


def test_an_undeclared_name_is_text():
    text = "<acme_call><name>get_time</name><city>Oslo</city></acme_call>"
    m = check(text, tools=T, format=ACME, calls=[])
    assert "get_time" in m.content


def test_deepseek_v4_flash_element_with_key_named_tags():
    check("<function>\n<name>read_file</name>\n<path>/tmp/a.md</path>\n</function>", tools=tools("read_file"),
          calls=[("read_file", {"path": "/tmp/a.md"})], content="")


# Made-up MCP-style names (`server/tool`): the element names them as declared, in every body layout.
MCP = ["srv/search", "github/create-issue", "mcp/fs.read_file", "a/b/c"]


def test_a_server_slash_tool_name_in_the_element():
    for name in MCP:
        for text in (f"<acme_call><name>{name}</name><q>x</q></acme_call>",
                     f'<acme_call>\n<name> {name} </name>\n<parameter name="q">x</parameter></invoke>\n</acme_call>'):
            check(text, tools=tools(name), format=ACME, calls=[(name, {"q": "x"})], content="")
        check(f"<function>\n<name>{name}</name>\n<q>x</q>\n</function>", tools=tools(name),
              calls=[(name, {"q": "x"})], content="")
        # undeclared: text, as any name
        text = f"<acme_call><name>{name}x</name><q>x</q></acme_call>"
        assert f"{name}x" in check(text, tools=tools(name), format=ACME, calls=[]).content


# The invoke body's parameters with no `</invoke>`, then the element's own closer (a free model's
# `<function><name>MyTool</name><parameter name="q">…</parameter></function>`, hunt o): the closer
# is the call's markup, in every wrapper and layout, prose on both sides kept.
def test_the_elements_closer_after_invoke_parameters_is_markup():
    params = '<parameter name="city">Oslo</parameter>{sep}<parameter name="days">3</parameter>'
    for sep in ("", "\n"):
        body = "<name>get_weather</name>" + sep + params.format(sep=sep) + sep
        for text, fmt in ((f"<acme_call>{sep}{body}</acme_call>", ACME), (f"<function>{sep}{body}</function>", None)):
            kw = {"format": fmt} if fmt else {}
            check(f"Checking.\n{text}\nDone.", tools=T, calls=[("get_weather", {"city": "Oslo", "days": 3})],
                  content="Checking.\nDone.", **kw)


# The name and arguments elements by their role, in the spellings agents' text protocols use.
_NAMES = ("name", "tool_name", "function_name", "tool", "function", "call_name")
_ARGS = ("arguments", "args", "input", "parameters", "tool_args", "tool_input", "params", "tool_arguments", "call_args")


@pytest.mark.parametrize("wrap", ["tool_call", "tool_use", "acme_invoke"])
@pytest.mark.parametrize("name_tag", _NAMES)
@pytest.mark.parametrize("args_tag", _ARGS)
def test_name_and_arguments_elements_by_their_role(wrap, name_tag, args_tag):
    """`<tool_name>f</tool_name><tool_args>{…}</tool_args>` (or key-named tags in it): the call
    as written, in any chunking; never the name alone with its arguments left in the content (a
    call that runs without its arguments), never the arguments element taken for a parameter."""
    want = [("f", {"a": 1})]
    for args in ('{"a": 1}', "\n<a>1</a>\n"):     # (JSON, or tags named by their keys)
        text = f"<{wrap}>\n<{name_tag}>f</{name_tag}>\n<{args_tag}>{args}</{args_tag}>\n</{wrap}>"
        for chunks in ([text], split(text, [1]), split(text, [4, 2])):
            m, _ = feed(text, chunks, tools=tools("f"))
            assert [(c.name, c.arguments) for c in m.tool_calls] == want and m.content == "", summary(m)
    for alike, t in ((text, tools("g")), (f"For example:\n```\n{text}\n```\nDone.", tools("f"))):
        m, _ = feed(alike, split(alike, [3]), tools=t)
        assert not m.tool_calls and "f" in m.content, summary(m)
