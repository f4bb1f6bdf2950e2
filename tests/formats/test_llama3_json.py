"""Llama 3.x JSON calls: <|python_tag|>, `;`-separated, "parameters" (docs/syntax.md#llama3_json)."""
from callsieve import formats, parse
from helpers import check, tools

EX = ('<|python_tag|>{"name": "check_stock", "parameters": {"sku": "KX-88"}}; '
      '{"name": "check_stock", "parameters": {"sku": "KX-91"}}')
CALLS = [("check_stock", {"sku": "KX-88"}), ("check_stock", {"sku": "KX-91"})]


def test_documented_example():
    assert check(EX, calls=CALLS).format == "llama3_json"


def test_without_the_tag_at_the_start_of_the_output():
    text = EX.removeprefix("<|python_tag|>")
    check(text, calls=CALLS)
    assert parse(text, format="llama3_json").format == "llama3_json"
    assert [c.arguments for c in parse(text, format="llama3_json").tool_calls] == [a for _, a in CALLS]


def test_semicolons_inside_strings_and_the_type_key():
    check('<|python_tag|>{"type": "function", "name": "sql", "parameters": {"q": "a; b; {c}"}}<|eom_id|>',
          calls=[("sql", {"q": "a; b; {c}"})])


def test_json_answer_and_json_after_prose_are_not_calls():
    for text in ('{"temperature": 21}', 'The result: {"name": "x", "parameters": {}}'):
        check(text, content=text, calls=[])
        check(text, format="llama3_json", content=text, calls=[])


def test_built_in_tools_are_read_as_literals():
    check('<|python_tag|>brave_search.call(query="weather in \\"Oslo\\"")<|eom_id|>',
          calls=[("brave_search", {"query": 'weather in "Oslo"'})])
    check("<|python_tag|>wolfram_alpha.call(query='solve x^2 = 2')", calls=[("wolfram_alpha", {"query": "solve x^2 = 2"})])
    check('<|python_tag|>brave_search.call(query="x")', tools=tools("other"),
          content='<|python_tag|>brave_search.call(query="x")', calls=[])


def test_raw_code_for_the_code_interpreter():
    code = 'import math\nprint(math.sqrt(2))  # "<|eom" is not the end'
    check(f"<|python_tag|>{code}\n<|eom_id|>", calls=[("code_interpreter", {"code": code})])
    check(f"<|python_tag|>\n{code}\n", tools=tools("python"), calls=[("python", {"code": code})])


def test_model_names():
    assert formats.for_model("meta-llama/Llama-3.1-8B-Instruct") == "llama3_json"
    assert formats.for_model("Meta-Llama-3.3-70B-Instruct") == "llama3_json"
