"""MiniCPM5 <function name=…><param name=…> (docs/syntax.md#minicpm5), and the Hermes wrapper sharing its opener."""
import pytest

from callsieve import formats
from helpers import check, tools
from samples_xml import contract

test_contract = contract("minicpm5")


def test_documented_example_with_entities():
    text = 'Translating.\n<function name="translate_text"><param name="text">fish &amp; chips</param><param name="target">pt</param></function>'
    m = check(text, content="Translating.", calls=[("translate_text", {"text": "fish & chips", "target": "pt"})])
    assert m.format == "minicpm5"


def test_self_closing_function_and_empty_param():
    check('<function name="now"/> and <function name="f"><param name="a"/><param name="b">x</param></function>',
          calls=[("now", {}), ("f", {"a": "", "b": "x"})])


def test_cdata_may_hide_the_closers_and_entities_of_every_kind():
    text = ('<function name="run"><param name="code"><![CDATA[if a < b && c: print("</param></function>")]]>'
            '</param><param name="note">&lt;&#65;&#x42;&quot;&apos;&gt; &amp;amp; a & b</param></function>')
    check(text, calls=[("run", {"code": 'if a < b && c: print("</param></function>")',
                                "note": "<AB\"'> &amp; a & b"})])


def test_strings_unless_the_schema_types_the_parameter():
    t = tools(f={"n": {"type": "integer"}, "on": {"type": "boolean"}, "s": {"type": "string"}, "bad": {"type": "integer"}})
    text = ('<function name="f"><param name="n">7</param><param name="on">true</param><param name="s">42</param>'
            '<param name="free">42</param></function>')
    check(text, tools=t, calls=[("f", {"n": 7, "on": True, "s": "42", "free": "42"})])
    # A typed value that does not parse as its type: the call is not runnable (issue 35)
    bad = text.replace('<param name="free">', '<param name="bad">seven</param><param name="free">')
    m = check(bad, tools=t, calls=[])
    assert m.incomplete[0].arguments["bad"] == "seven"


def test_hermes_wrapper_with_json_shares_the_opener():
    check('<function name="get_weather">{"city": "Oslo", "days": [1, 2]}</function>',
          calls=[("get_weather", {"city": "Oslo", "days": [1, 2]})])


def test_first_child_decides():
    f = formats.get("minicpm5")
    o = '<function name="'
    assert f.decide(o, 'x"><param', False, None) == formats.YES
    assert f.decide(o, 'x">\n  {"a"', False, None) == formats.YES
    assert f.decide(o, 'x"/>', False, None) == formats.YES
    assert f.decide(o, 'x">', False, None) == formats.MAYBE
    assert f.decide(o, 'x">hello', False, None) == formats.NO


def test_prose_and_html_examples_stay_text():
    for text in ('<function name="x">hello</function>', 'see <function name="a b', '<function name="x">'):
        assert check(text, calls=[]).content == text


def test_malformed_xml_is_an_error_not_repaired():
    # </param> never comes: the value runs to the end of the stream, so the call is incomplete
    text = '<function name="f"><param name="a">x</function> after'
    m = check(text, calls=[])
    assert m.errors[-1].incomplete and [c.name for c in m.incomplete] == ["f"]


def test_a_param_without_a_name_is_the_tools_one_parameter():
    text = '<function name="search"><param>fjords</param></function>'
    check(text, tools=tools(search={"q": {"type": "string"}}), calls=[("search", {"q": "fjords"})], content="")
    # the schema does not say which parameter: never a call
    check(text, tools=tools(search={"q": {"type": "string"}, "n": {"type": "integer"}}), calls=[], content=text)
    check(text, calls=[], content=text)


ARG_TOOLS = tools(get_weather={"city": {"type": "string"}, "days": {"type": "integer"}})
WRAPPED = {   # a call whose parameter tags sit in an element named for the role; {} marks them
    "minicpm5": '<function name="get_weather">{}</function>',
    "invoke": 'Checking.\n<invoke name="get_weather">{}</invoke>',
    "minimax_m2": '<minimax:tool_call>\n<invoke name="get_weather">{}</invoke>\n</minimax:tool_call>',
    "qwen3_coder": "<tool_call>\n<function=get_weather>{}</function>\n</tool_call>",
}
PARAMS = {"minicpm5": '<param name="city">Paris</param><param name="days">3</param>',
          "invoke": '<parameter name="city">Paris</parameter><parameter name="days">3</parameter>',
          "minimax_m2": '<parameter name="city">Paris</parameter><parameter name="days">3</parameter>',
          "qwen3_coder": "<parameter=city>Paris</parameter><parameter=days>3</parameter>"}


@pytest.mark.parametrize("syntax", sorted(WRAPPED))
@pytest.mark.parametrize("element", ["arguments", "parameters", "args"])
@pytest.mark.parametrize("nl", ["", "\n"])
def test_an_element_holding_the_parameter_tags_is_transparent(syntax, element, nl):
    # Ollama's MiniCPM 5 tests: `<function name="N"><arguments><param …>…</param></arguments>`;
    # the element named for the arguments' role wraps the parameter tags, in any body that has them
    inner = f"{nl}<{element}>{nl}{PARAMS[syntax]}{nl}</{element}>{nl}"
    check(WRAPPED[syntax].replace("{}", inner), tools=ARG_TOOLS,
          calls=[("get_weather", {"city": "Paris", "days": 3})], content="Checking." if syntax == "invoke" else "")


def test_a_parameter_named_like_the_wrapper_is_still_a_parameter():
    # `<input>` holding a value, not parameter tags: the tool's `input` parameter, as before
    check('<invoke name="bash"><input>ls -la</input></invoke>', tools=tools(bash={"input": {"type": "string"}}),
          calls=[("bash", {"input": "ls -la"})], content="")


def test_a_wrapped_call_to_an_undeclared_tool_stays_text():
    text = '<function name="unknown_tool"><arguments><param name="city">Paris</param></arguments></function>'
    check(text, tools=ARG_TOOLS, calls=[], content=text)
