"""Granite-20b-functioncalling: <function_call> {json} per call, no closer (docs/syntax.md#granite_20b)."""
from callsieve import formats, parse
from helpers import check


def test_documented_example_and_newline_separated_calls():
    text = ('Let me look.<function_call> {"name": "search_notes", "arguments": {"tag": "kelp"}}\n'
            '<function_call> {"name": "now", "arguments": {}}')
    m = check(text, content="Let me look.", calls=[("search_notes", {"tag": "kelp"}), ("now", {})])
    assert m.format == "granite_20b"


def test_hermes_style_closing_tag_is_read():
    check('<function_call>{"name": "f", "arguments": {"s": "</function_call>"}}</function_call> ok', content="ok",
          calls=[("f", {"s": "</function_call>"})])


def test_olmo_function_calls_and_prose_are_not_this_format():
    assert parse("<function_calls>\nf(a=1)\n</function_calls>").format != "granite_20b"
    check("<function_call> is a tag", content="<function_call> is a tag", calls=[])
    assert parse("<function_call>").errors        # alone: a call cut off, never the answer


def test_model_names():
    assert formats.for_model("ibm-granite/granite-20b-functioncalling") == "granite_20b"
