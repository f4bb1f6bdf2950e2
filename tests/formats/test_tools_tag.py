"""JSON calls in <tools>…</tools>, the ADR's Gemma fallback (docs/syntax.md#tools_tag)."""
from helpers import check


def test_documented_shape_with_list_and_prose():
    check('Fine. <tools>[{"name": "a", "arguments": {"k": "</tools>"}}, {"name": "b", "arguments": {}}]</tools> Bye.',
          content="Fine.  Bye.", calls=[("a", {"k": "</tools>"}), ("b", {})])


def test_tools_tag_in_prose_is_text():
    for text in ("<tools> are listed below.", "Use <tools>\nwisely</tools>", "Use <tools>"):
        check(text, content=text, calls=[])
