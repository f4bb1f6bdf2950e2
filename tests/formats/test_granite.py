"""Granite 3.x <|tool_call|> + JSON list, no closer (docs/syntax.md#granite)."""
from callsieve import formats, parse
from helpers import check

EX = '<|tool_call|>[{"name": "resize_image", "arguments": {"id": "img-7", "width": 640}}]'


def test_documented_example_with_prose_before():
    m = check("Resizing. " + EX, content="Resizing.", calls=[("resize_image", {"id": "img-7", "width": 640})])
    assert m.format == "granite"


def test_bare_list_without_the_marker():
    text = EX.removeprefix("<|tool_call|>")
    assert parse(text, format="granite").tool_calls[0].name == "resize_image"
    check(text, calls=[("resize_image", {"id": "img-7", "width": 640})])


def test_gemma_drift_spelling_is_not_granite():
    assert parse("<|tool_call|>call:f{a:1}<tool_call|>").format != "granite"
    check("<|tool_call|> is Granite's marker", content="<|tool_call|> is Granite's marker", calls=[])
    check("<|tool_call|>", content="", calls=[])                  # alone at the end: markup


def test_model_names():
    assert formats.for_model("ibm-granite/granite-3.3-8b-instruct") == "granite"
    assert formats.for_model("granite-4.0-h-small") == "tool_call_tag"


def test_phi4_mini_closes_the_list():
    # its template asks for <|tool_call|>[…]<|/tool_call|>; the closer is markup, never content
    text = 'Sure.<|tool_call|>[{"name": "f", "arguments": {"a": 1}}]<|/tool_call|>'
    check(text, calls=[("f", {"a": 1})], content="Sure.")
