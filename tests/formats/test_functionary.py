"""Functionary v3.1 <function=NAME>{json}</function> and v3.2 >>>NAME (docs/syntax.md#functionary)."""
from callsieve import formats, parse
from helpers import check, tools


def test_v31_with_prose_and_several_calls():
    m = check('Sure.\n<function=get_weather>{"city": "Paris"}</function>\n<function=now>{}</function>',
              content="Sure.", calls=[("get_weather", {"city": "Paris"}), ("now", {})])
    assert m.format == "functionary"


def test_v31_code_through_the_python_tag():
    check("<|python_tag|>print(1)", tools=tools("python"), calls=[("python", {"code": "print(1)"})])


def test_qwen_xml_function_inside_tool_call_is_not_functionary():
    text = "<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>"
    assert parse(text).format != "functionary"
    for text in ("<function=f> is a tag", "<function=", "<function=f>\n<parameter=a>\n1\n</parameter>\n</function>"):
        assert parse(text).format != "functionary"


def test_v32_calls_text_and_code():
    text = '>>>all\nLet me count.>>>count_words\n{"path": "draft.txt"}\n>>>python\nimport os\nprint("> >")\n\n'
    m = check(text, calls=[("count_words", {"path": "draft.txt"}), ("python", {"code": 'import os\nprint("> >")'})])
    assert m.format == "functionary" and m.content.strip() == "Let me count."


def test_v32_python_prompt_in_prose_is_text():
    for text in (">>> print(1)\n1", "a >>> b", ">>>"):
        check(text, content=text, calls=[])


def test_model_names():
    assert formats.for_model("meetkai/functionary-medium-v3.1") == "functionary"


def test_v31_call_without_arguments_and_v32_all_recipient_first():
    check("<function=now></function>", calls=[("now", {})], content="")
    from callsieve import Session
    check("all\nIt is noon.", session=Session("functionary", seeded=True), content="It is noon.")


def test_v32_all_recipient_first_auto_detected_when_tools_are_declared():
    # the turn's first `>>>` is in the prompt: the content opens with the `all` recipient
    text = 'all\nLet me look.>>>count_words\n{"path": "draft.txt"}'
    check(text, tools=tools("count_words"), content="Let me look.", calls=[("count_words", {"path": "draft.txt"})])
    check("all\nIt is noon.", tools=tools("count_words"), content="It is noon.", calls=[])
    for text in ("all\nof it", "all of them\nyes"):     # no tools: a word of prose
        check(text, content=text, calls=[])
    check("all of them\nyes", tools=tools("count_words"), content="all of them\nyes", calls=[])
