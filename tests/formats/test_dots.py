"""dots.llm <dots_function_call> (docs/syntax.md#dots)."""
from helpers import check
from samples_xml import contract

test_contract = contract("dots")


def test_invoke_xml_inside_the_wrapper():
    text = 'Sure.<dots_function_call><invoke name="toggle_lamp"><parameter name="room">attic</parameter></invoke></dots_function_call>'
    m = check(text, content="Sure.", calls=[("toggle_lamp", {"room": "attic"})])
    assert m.format == "dots"


def test_json_call_inside_the_wrapper():
    check('<dots_function_call>{"name": "toggle_lamp", "arguments": {"room": "attic"}}</dots_function_call> ok',
          content="ok", calls=[("toggle_lamp", {"room": "attic"})])


def test_several_invokes_in_one_wrapper():
    text = ('<dots_function_call><invoke name="a"><parameter name="x">1</parameter></invoke>\n'
            '<invoke name="b"></invoke></dots_function_call>')
    check(text, calls=[("a", {"x": 1}), ("b", {})])
