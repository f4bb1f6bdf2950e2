"""Bare JSON calls, llama.cpp's generic JSON and xLAM lists (docs/syntax.md#bare_json)."""
import pytest

from callsieve import formats
from helpers import check, tools


def test_object_and_list_as_the_whole_reply():
    check('{"name": "toggle_lamp", "arguments": {"room": "den"}}', calls=[("toggle_lamp", {"room": "den"})])
    check('[{"name": "rate_movie", "arguments": {"title": "Heat", "stars": 5}}, {"name": "now", "arguments": {}}]',
          calls=[("rate_movie", {"title": "Heat", "stars": 5}), ("now", {})])


def test_llama_cpp_generic_json():
    check('{"tool_call": {"name": "rate_movie", "arguments": {"title": "Ran"}}}', calls=[("rate_movie", {"title": "Ran"})])
    check('{"tool_calls": [{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": [1]}}]}',
          calls=[("a", {}), ("b", {"x": [1]})])
    text = '{"response": "The answer is {\\"name\\": 42}."}'
    check(text, content=text, calls=[])


def test_forced_list_with_parameters_key():
    check('[{"name": "f", "parameters": {"q": "x"}}]', calls=[("f", {"q": "x"})])


def test_json_answers_and_braces_in_prose_are_text():
    for text in ('{"answer": 42}', "[1, 2, 3]", '{"name": "Bob", "age": 3}', "{x: 1}", "Set $\\{x\\}$ {a, b}.",
                 'Use {"name": "f", "arguments": {}} like this.'):
        check(text, content=text, calls=[])


def test_after_prose_only_a_declared_tool():
    text = 'Calling: {"name": "f", "arguments": {"a": 1}}'
    check(text, tools=tools("f"), content="Calling:", calls=[("f", {"a": 1})])
    check(text, tools=tools("g"), content=text, calls=[])


def test_xlam_model_names_pre_seed_it():
    assert formats.for_model("Salesforce/xLAM-2-8b-fc-r") == "bare_json"


def test_first_key_need_not_be_the_name():
    check('{"type": "function", "name": "f", "parameters": {"a": 1}}', calls=[("f", {"a": 1})])
    m = check('{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\\"a\\": 2}"}}',
              calls=[("f", {"a": 2})])
    assert m.tool_calls[0].id == "call_1"
    m = check('[{"tool_call_id": "0", "tool_name": "lookup", "parameters": {"code": "FI615"}}]',
              calls=[("lookup", {"code": "FI615"})])
    assert m.tool_calls[0].id == "0"
    for text in ('{"type": "object", "properties": {"a": {"type": "integer"}}}', '{"id": 3, "name": "x"}'):
        check(text, content=text, calls=[])


def test_a_python_dict_list_as_the_whole_reply():
    # Sarashina with its <|tool_calls|> token stripped (smg-project/smg#1937); and a made-up
    # variant: the arguments first, Python literals, two calls.
    check("[{'name': 'f', 'arguments': {'a': 1}}]", tools=tools("f"), calls=[("f", {"a": 1})])
    check("[{'arguments': {'ok': True, 'x': None}, 'name': 'g'}, {'name': 'f', 'arguments': {}}]",
          tools=tools("f", "g"), calls=[("g", {"ok": True, "x": None}), ("f", {})])
    # a Python list that is no call list stays text; after prose a `[` is no opener
    for text in ("['a', 'b']", "[{'answer': 42}]", "See [{'name': 'f', 'arguments': {}}] here."):
        check(text, tools=tools("f"), content=text, calls=[])


@pytest.mark.parametrize("closer", ["</TOOLCALL>", "</tool_call>", "\n</tool_calls>", " [/TOOL_CALLS]", "<|tool_call_end|>"])
def test_a_drained_wrappers_closer_after_the_calls_is_markup(closer):
    # A server drained the wrapper's opening (ai-dynamo/dynamo#10115): its closer is left after the
    # calls; it is the block's markup, never content.  Elsewhere a plain tag is text.
    T = tools("lookup")
    for calls in ('[{"name": "lookup", "arguments": {"q": "x"}}]', '{"name": "lookup", "arguments": {"q": "x"}}'):
        check(calls + closer, calls=[("lookup", {"q": "x"})], content="", tools=T)
        check(calls + closer + "\nDone.", calls=[("lookup", {"q": "x"})], content="Done.", tools=T)
    if closer.strip().startswith("</"):       # (a special token, `[/TOOL_CALLS]`, is markup anywhere)
        prose = "Close it with " + closer.strip() + " please."
        check(prose, calls=[], content=prose, tools=T)
