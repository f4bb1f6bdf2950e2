"""Hermes / Qwen JSON in <tool_call> and LongCat's spelling (docs/syntax.md#tool_call_tag)."""
from callsieve import parse
from helpers import check, tools


def test_documented_example():
    text = ('On it.\n<tool_call>\n{"name": "convert_currency", "arguments": {"amount": 250, "from": "ISK", '
            '"to": "CHF"}}\n</tool_call>')
    m = check(text, content="On it.", calls=[("convert_currency", {"amount": 250, "from": "ISK", "to": "CHF"})])
    assert m.format == "tool_call_tag"


def test_fine_tunes_put_several_objects_or_a_list_in_one_wrapper():
    calls = [("a", {"x": 1}), ("b", {})]
    for body in ('{"name": "a", "arguments": {"x": 1}}\n{"name": "b", "arguments": {}}',
                 '{"name": "a", "arguments": {"x": 1}}, {"name": "b", "arguments": {}}',
                 '[{"name": "a", "arguments": {"x": 1}}, {"name": "b", "arguments": {}}]'):
        check(f"<tool_call>\n{body}\n</tool_call>", calls=calls)


def test_arguments_as_a_json_encoded_string():
    text = '<tool_call>{"name": "f", "arguments": "{\\"q\\": \\"</tool_call>\\", \\"n\\": [1]}"}</tool_call>'
    check(text, calls=[("f", {"q": "</tool_call>", "n": [1]})])
    m = check('<tool_call>{"name": "f", "arguments": ""}</tool_call>', calls=[("f", {})])
    assert not m.errors


def test_arguments_string_that_is_not_json_is_no_runnable_call():
    text = '<tool_call>{"name": "f", "arguments": "not json"}</tool_call> after'
    m = check(text, calls=[], content=text)      # the block ran no call: its text is content
    assert m.errors and [c.name for c in m.incomplete] == ["f"]


def test_longcat_spelling():
    # (after a sentence's end: inside one, `Sure <…> ok`, a block is an example)
    check('Sure. <longcat_tool_call>{"name": "f", "arguments": {"a": "</tool_call>"}}</longcat_tool_call> ok',
          content="Sure.  ok", calls=[("f", {"a": "</tool_call>"})])


def test_unclosed_wrapper_at_end_of_stream_is_still_a_call():
    check('<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n', calls=[("f", {"a": 1})])


def test_other_keys_ids_and_parameters_spelling():
    m = check('<tool_call>{"id": "call_7", "type": "function", "name": "f", "parameters": {"k": true}, "x": 1}</tool_call>',
              calls=[("f", {"k": True})])
    assert m.tool_calls[0].id == "call_7"
    check('<tool_call>{"type": "function", "function": {"name": "g", "arguments": {}}}</tool_call>', calls=[("g", {})])


def test_shared_opener_xml_and_glm_bodies_are_not_this_format():
    assert parse("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>").format != "tool_call_tag"
    assert parse("<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>").format != "tool_call_tag"
    check("I wrote <tool_call> in a sentence.", content="I wrote <tool_call> in a sentence.", calls=[])


def test_after_reasoning_and_an_answer_wrapper():
    text = '<think>Need rates.</think><response>Checking.</response><tool_call>{"name": "f", "arguments": {}}</tool_call>'
    check(text, reasoning="Need rates.", content="Checking.", calls=[("f", {})])


def test_one_undeclared_call_among_declared_ones():
    text = ('<tool_call>{"name": "f", "arguments": {}}</tool_call>\n'
            '<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>')
    m = check(text, tools=tools("f"), calls=[("f", {})])
    assert '"rm_rf"' in m.content


def test_a_type_line_before_the_name_and_json_arguments():
    # Step-Audio 2 (vLLM's step_audio_2 parser): `function`, the name, then the JSON arguments, each
    # on its own line inside <tool_call>; an undeclared name or prose there is text.
    T = tools("forecast", "clock")
    check('<tool_call>function\nforecast\n{"city": "Oslo", "days": [1, 2]}</tool_call>',
          calls=[("forecast", {"city": "Oslo", "days": [1, 2]})], content="", tools=T)
    check('Both.<tool_call>function\nforecast\n{"city": "Oslo"}</tool_call>\n<tool_call>function\nclock\n{}</tool_call>',
          calls=[("forecast", {"city": "Oslo"}), ("clock", {})], content="Both.", tools=T)
    for text in ('<tool_call>function\nelsewhere\n{"a": 1}</tool_call>', "<tool_call>function\nis a word here.</tool_call>"):
        check(text, calls=[], content=text, tools=T)
