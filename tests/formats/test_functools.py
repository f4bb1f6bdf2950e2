"""functools[…] (Phi-4-mini, FireFunction v2; docs/syntax.md#functools)."""
from callsieve import formats
from helpers import check


def test_documented_example_and_firefunction_leading_space():
    m = check('functools[{"name": "lookup_flight", "arguments": {"code": "FI615"}}]',
              calls=[("lookup_flight", {"code": "FI615"})])
    assert m.format == "functools"
    check('Sure. functools[{"name": "a", "arguments": {"l": [[1], "]"]}}, {"name": "b", "arguments": {}}] Done.',
          content="Sure.  Done.", calls=[("a", {"l": [[1], "]"]}), ("b", {})])


def test_not_calls():
    for text in ("functools[]", "functools[1, 2]", "import functools", "functools[", "from functools import x"):
        check(text, content=text, calls=[])


def test_model_names():
    assert formats.for_model("microsoft/Phi-4-mini-instruct") == "functools"
    assert formats.for_model("fireworks-ai/firefunction-v2") == "functools"
