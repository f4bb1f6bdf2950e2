"""Schema-typed values (formats/_typed.py): type resolution, conversion, streaming, linear cost."""
import json

import pytest

from callsieve.formats._typed import ANY, STRING, Value, convert, kinds
from callsieve.jsonargs import Args


@pytest.mark.parametrize("schema,want", [
    ({"type": "string"}, {"string"}),
    ({"type": ["integer", "null"]}, {"integer", "null"}),
    ({"anyOf": [{"type": "number"}, {"type": "boolean"}]}, {"number", "boolean"}),
    ({"oneOf": [{"$ref": "#/$defs/Mode"}, {"type": "null"}]}, {"string", "null"}),
    ({"$ref": "#/definitions/Point"}, {"object"}),
    ({"enum": ["a", "b"]}, {"string"}),
    ({"enum": [1, 2.5, None]}, {"integer", "number", "null"}),
    ({"const": True}, {"boolean"}),
    ({"properties": {"x": {}}}, {"object"}),
    ({"items": {"type": "string"}}, {"array"}),
    ({}, None),
    ({"anyOf": [{"type": "string"}, {}]}, None),
    ({"$ref": "#/$defs/Missing"}, None),
    ("not a schema", None),
])
def test_kinds(schema, want):
    root = {"$defs": {"Mode": {"enum": ["fast", "slow"]}},
            "definitions": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}}}}
    got = kinds(schema, root)
    assert (set(got) if got is not None else None) == want


def test_ref_cycles_terminate():
    root = {"$defs": {"A": {"$ref": "#/$defs/A"}}}
    assert kinds({"$ref": "#/$defs/A"}, root) is None


def write(text, allowed, pieces=None, trim_nl=False):
    """Feed `text` to a Value (in `pieces`, default one char at a time); the written JSON."""
    a = Args()
    a.begin("{")
    a.key("v")
    v = Value(a, allowed, trim_nl)
    for p in (pieces if pieces is not None else list(text)):
        v.feed(p)
    v.end()
    a.end()
    return json.loads("".join(a.parts))["v"]


@pytest.mark.parametrize("text,allowed,want", [
    ("42", STRING, "42"),
    ("42", frozenset({"integer"}), 42),
    ("42.0", frozenset({"integer"}), 42),
    ("4.5", frozenset({"number"}), 4.5),
    ("True", frozenset({"boolean"}), True),
    ("false", frozenset({"boolean", "null"}), False),
    ("None", frozenset({"null"}), None),
    ('{"a": [1, {"b": "</x>"}]}', frozenset({"object"}), {"a": [1, {"b": "</x>"}]}),
    ("[1, 2]", frozenset({"array", "string"}), [1, 2]),
    ("[1, 2", frozenset({"array", "string"}), "[1, 2"),
    ("abc", frozenset({"integer"}), "abc"),            # kept rather than lost
    ("true", frozenset({"string", "integer"}), "true"),
    ("7", frozenset({"string", "integer"}), 7),
    ("42", ANY, 42),
    ("  -3e2 ", ANY, -300.0),
    ("42 apples", ANY, "42 apples"),
    ("nullable", ANY, "nullable"),
    ("null", ANY, None),
    ('"quoted"', ANY, "quoted"),
    ("NaN", ANY, "NaN"),
    ("", ANY, ""),
    ("", frozenset({"integer"}), ""),
    ("tr ue", ANY, "tr ue"),
])
def test_values(text, allowed, want):
    assert write(text, allowed) == want
    assert write(text, allowed, [text] if text else []) == want


def test_convert_reports_string_readings():
    assert convert("x", ANY) == (False, None)
    assert convert("3", frozenset({"number"})) == (True, 3)


def test_exactly_one_leading_and_trailing_newline_are_syntax():
    assert write("\nabc\n", STRING, trim_nl=True) == "abc"
    assert write("\n\nabc\n\n", STRING, trim_nl=True) == "\nabc\n"
    assert write("\n\n", STRING, trim_nl=True) == ""
    assert write("ab\n\ncd", STRING, ["ab\n", "\n", "cd"], trim_nl=True) == "ab\n\ncd"
    assert write("\n7\n", frozenset({"integer"}), trim_nl=True) == 7


def streamed(allowed, pieces):
    """What a Value has written after each piece (then the final JSON)."""
    a = Args()
    a.begin("{")
    a.key("v")
    v = Value(a, allowed)
    seen = []
    for p in pieces:
        v.feed(p)
        seen.append("".join(a.parts))
    v.end()
    a.end()
    return seen, json.loads("".join(a.parts))["v"]


def test_strings_stream_as_they_come():
    # 't' may begin true; 'tex' begins no JSON value: a string from then on
    seen, v = streamed(ANY, ["t", "ex", "t", " 4"])
    assert seen == ["{", '{"v":"tex', '{"v":"text', '{"v":"text 4'] and v == "text 4"
    seen, v = streamed(STRING, ["4", "2"])
    assert seen == ['{"v":"4', '{"v":"42'] and v == "42"


def test_a_number_or_word_is_held_until_it_ends():
    seen, v = streamed(ANY, ["12", "3"])
    assert seen == ["{", "{"] and v == 123
    seen, v = streamed(frozenset({"boolean", "string"}), ["fal", "se"])
    assert seen == ["{", "{"] and v is False


def test_long_values_cost_linear_time():
    # Linear by construction (no timing here: speed is measured in bench/): once a value can only
    # be a string, each piece goes straight to the arguments; nothing is held and re-joined.
    a = Args()
    a.begin("{")
    a.key("v")
    v = Value(a, ANY, trim_nl=True)
    pieces = ["word\n"] * 40000
    for i, p in enumerate(pieces):
        v.feed(p)
        if i > 100:
            assert v.mode == "str" and not v.held, "a decided string is not held back"
    n_parts = len(a.parts)
    v.feed("more")
    assert len(a.parts) == n_parts + 1, "one piece in, one piece out: no re-copy"
    v.end()
    a.end()
    assert a.result()["v"] == "word\n" * 39999 + "word" + "\n" + "more"


@pytest.mark.parametrize("text,want", [
    ("{'k': 'v', 'n': [1, True, None]}", {"k": "v", "n": [1, True, None]}),   # a Python literal
    ('"{\\"k\\": 1}"', {"k": 1}),                                             # a JSON string of one
    ("\"{'k': 1}\"", {"k": 1}),
    # JSON escaped once too often, the string's own quotes left out (GLM-4.7 / 5.x): read unescaped
    ('{\\"k\\": 1}', {"k": 1}),
    ('[{\\"id\\": \\"1\\", \\"path\\": \\"C:\\\\\\\\tmp\\"}]', [{"id": "1", "path": "C:\\tmp"}]),
    ('{\\"say\\": \\"a \\\\\\"q\\\\\\" b\\", \\"n\\": [1, {\\"m\\": null}]}', {"say": 'a "q" b', "n": [1, {"m": None}]}),
])
def test_an_object_written_as_python_or_as_a_string_is_read_when_no_string_is_allowed(text, want):
    assert convert(text, frozenset({"object" if text.lstrip('"')[0] == "{" else "array"})) == (True, want)
    assert convert(text, frozenset({"object", "string"})) == (False, None)     # a string may be meant: kept
    assert convert("{'k': foo()}", frozenset({"object"})) == (False, None)             # never evaluated
    assert convert('{\\"k\\": \\"{\\\\\\"j\\\\\\": 1}\\"}', frozenset({"object"})) == (True, {"k": '{"j": 1}'}), \
        "unescaped once, never twice: an inner JSON string stays a string"


# ------------------------------------------------------------------ values that cannot run (issue 35)
def _qwen(params: str) -> str:
    return f"<tool_call>\n<function=run>\n<parameter=command>ls</parameter>\n{params}</function>\n</tool_call>"


def test_a_typed_value_that_does_not_parse_as_its_type_makes_the_call_not_runnable():
    from helpers import check, tools
    t = tools(run={"command": {"type": "string"}, "is_background": {"type": "boolean"},
                   "n": {"type": "integer"}})
    for value, kind in (("tru", "boolean"), ("yes please", "boolean"), ("seven", "integer")):
        key = "n" if kind == "integer" else "is_background"
        m = check(_qwen(f"<parameter={key}>\n{value}\n</parameter>\n"), tools=t, calls=[])
        (call,) = m.incomplete
        assert call.arguments == {"command": "ls", key: value}      # what the model wrote
        assert kind in m.errors[0].reason
    check(_qwen("<parameter=is_background>\ntrue\n</parameter>\n"), tools=t,
          calls=[("run", {"command": "ls", "is_background": True})])


def test_a_near_miss_literal_for_an_undeclared_parameter_runs_no_more_than_in_json():
    from callsieve import parse
    from helpers import check, tools
    t = tools(run={"command": {"type": "string"}})
    for value in ("tru", "fals", "nul", "Tru", "Fals", "Non"):
        check(_qwen(f"<parameter=force>\n{value}\n</parameter>\n"), tools=t, calls=[])
        json_call = '<tool_call>{"name": "run", "arguments": {"command": "ls", "force": %s}}</tool_call>' % value
        assert parse(json_call, tools=t).tool_calls == []        # (the same call in JSON)
    # a word that is no literal is the string it reads as; a declared string is any text
    for value in ("truck", "no", "fa"):
        check(_qwen(f"<parameter=force>\n{value}\n</parameter>\n"), tools=t,
              calls=[("run", {"command": "ls", "force": value})])
    check(_qwen("<parameter=command>\ntru\n</parameter>\n").replace("<parameter=command>ls</parameter>\n", ""),
          tools=t, calls=[("run", {"command": "tru"})])
