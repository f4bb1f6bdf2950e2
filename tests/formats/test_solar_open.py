"""Solar Open's `<|tool_calls|>` token, and the other body written after it (docs/syntax.md#solar_open)."""
from helpers import check, tools

SOLAR = ('<|tool_calls|><|tool_call:begin|>c1<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Paris"}'
         '<|tool_call:end|><|calls|>')


def test_solar_calls_still_read():
    check("Checking." + SOLAR, tools=tools("get_weather"), content="Checking.", calls=[("get_weather", {"city": "Paris"})])


def test_a_list_of_calls_after_the_token():
    # Sarashina's Python-dict list (smg-project/smg#1937), and made-up variants: a JSON list, one
    # Python dict with no list, the section's own closer after it.
    T = tools("f", "g")
    check("<|tool_calls|>[{'name': 'f', 'arguments': {'a': 'x', 'b': False}}]", tools=T,
          calls=[("f", {"a": "x", "b": False})])
    check('<|tool_calls|>[{"name": "f", "arguments": {}}, {"name": "g", "arguments": {"n": 1}}]', tools=T,
          calls=[("f", {}), ("g", {"n": 1})])
    check("Now. <|tool_calls|>{'name': 'g', 'arguments': {'n': [1, 2]}}<|calls|> Done.", tools=T,
          content="Now.  Done.", calls=[("g", {"n": [1, 2]})])


def test_undeclared_or_cut_lists_are_not_run():
    check("<|tool_calls|>[{'name': 'rm', 'arguments': {}}]", tools=tools("f"), calls=[])
    check("<|tool_calls|>[{'name': 'f', 'arguments': {'a': 'x", tools=tools("f"), calls=[])
