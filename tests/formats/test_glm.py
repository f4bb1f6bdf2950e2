"""GLM-4.5 / 4.7 <arg_key> / <arg_value> (docs/syntax.md#glm)."""
import callsieve
from helpers import check, tools
from samples_xml import contract

test_contract = contract("glm")


def test_documented_example_glm47_no_newlines():
    text = ("Playing.<tool_call>play_song<arg_key>title</arg_key><arg_value>Blue Train</arg_value>"
            "<arg_key>shuffle</arg_key><arg_value>false</arg_value></tool_call>")
    m = check(text, content="Playing.", calls=[("play_song", {"title": "Blue Train", "shuffle": False})])
    assert m.format == "glm"


def test_glm45_newlines_after_name_and_tags():
    text = ("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n"
            "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>\n<tool_call>now\n</tool_call>")
    check(text, calls=[("get_weather", {"city": "Paris", "days": 3}), ("now", {})])


def test_inline_zero_argument_call_is_kept():
    check("Checking. <tool_call>get_time</tool_call> b", calls=[("get_time", {})])
    # (inside a sentence, `a <tool_call>get_time</tool_call> b`, it is an example: test_examples_not_calls)


def test_names_with_dots_and_dashes_and_nothing_leaks_into_them():
    check("<tool_call>ns.fetch-page\n<arg_key>url</arg_key><arg_value>http://x.y/</arg_value></tool_call>",
          calls=[("ns.fetch-page", {"url": "http://x.y/"})])


def test_schema_resolution_anyof_ref_enum():
    t = [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "$defs": {"Level": {"enum": [1, 2, 3]}},
        "properties": {"level": {"$ref": "#/$defs/Level"}, "zip": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                       "mode": {"enum": ["on", "off"]}}}}}]
    text = ("<tool_call>f<arg_key>level</arg_key><arg_value>2</arg_value><arg_key>zip</arg_key>"
            "<arg_value>01234</arg_value><arg_key>mode</arg_key><arg_value>on</arg_value></tool_call>")
    check(text, tools=t, calls=[("f", {"level": 2, "zip": "01234", "mode": "on"})])


def test_interleaved_thinking_blocks():
    text = "<think>first</think><tool_call>a</tool_call><think>second</think>Done."
    check(text, reasoning="firstsecond", content="Done.", calls=[("a", {})])


def test_opener_shared_with_hermes_and_qwen3_coder_decided_by_what_follows():
    assert check('<tool_call>{"name": "f", "arguments": {}}</tool_call>', calls=[("f", {})]).format == "tool_call_tag"
    assert check("<tool_call>f</tool_call>", calls=[("f", {})]).format == "glm"
    g = callsieve.formats.get("glm")
    assert g.decide("<tool_call>", "get_wea", False, None) == callsieve.formats.MAYBE
    assert g.decide("<tool_call>", "get_weather\n<arg_", False, None) == callsieve.formats.MAYBE
    assert g.decide("<tool_call>", "get_weather\n<arg_key>", False, None) == callsieve.formats.YES
    assert g.decide("<tool_call>", "is a tag", False, None) == callsieve.formats.NO
    assert g.decide("<tool_call>", "\n<function=f>", False, None) == callsieve.formats.NO


def test_prose_mentioning_the_tag_stays_text():
    for text in ("Use <tool_call> tags.", "<tool_call>a b c", "<tool_call>name then prose"):
        assert check(text, calls=[]).content == text


def test_value_holding_its_own_closer_and_the_call_closer():
    v = 'x = "</arg_value>" + "</tool_call>"'
    check(f"<tool_call>run<arg_key>code</arg_key><arg_value>{v}</arg_value></tool_call>",
          tools=tools(run={"code": {"type": "string"}}), calls=[("run", {"code": v})])


def test_a_value_missing_its_opener_is_read_up_to_its_closer():
    check("<tool_call>search<arg_key>query</arg_key>hi</arg_value></tool_call>",
          calls=[("search", {"query": "hi"})], content="")
    check("<tool_call>search<arg_key>q</arg_key>hi</arg_value><arg_key>n</arg_key><arg_value>2</arg_value></tool_call>",
          calls=[("search", {"q": "hi", "n": 2})], content="")


def test_a_value_missing_both_its_tags_never_runs():
    for text in ("<tool_call>search<arg_key>flag</arg_key>tru</tool_call>",
                 "<tool_call>search<arg_key>flag</arg_key>tru"):
        m = check(text, format="glm", calls=[])
        assert not m.tool_calls and m.errors


def test_text_after_a_values_closer_makes_the_call_malformed_and_gives_its_text_back():
    # A value closer followed by text, then the call's closer (IQuest Q1 in SGLang's detector, HY-V4's
    # strict validator): the closer was the value's, not quoted in it; the call is not runnable and
    # its text is the content.  A closer quoted inside a value (its own closer comes later) stays value.
    T = tools("lookup", "echo")
    for text in ("<tool_call>lookup<arg_key>q</arg_key><arg_value>tides</arg_value> and also</tool_call>",
                 "<tool_call>lookup<arg_key>q</arg_key><arg_value>tides</arg_value>oops</tool_call>",
                 "<zz_call>lookup<arg_key>q</arg_key><arg_value>tides</arg_value>~</zz_call>"):
        m = callsieve.parse(text, tools=T)
        assert m.tool_calls == [] and m.content == text, text
        assert [c.name for c in m.incomplete] == ["lookup"] and m.errors
    check("<tool_call>echo<arg_key>text</arg_key><arg_value>write </arg_value> to close</arg_value></tool_call>",
          calls=[("echo", {"text": "write </arg_value> to close"})], content="", tools=T)
    check("<tool_call>lookup<arg_key>q</arg_key><arg_value>tides</arg_value>\n</tool_call>",
          calls=[("lookup", {"q": "tides"})], content="", tools=T)


def test_a_key_with_no_value_gives_the_block_back_once_its_closer_came():
    # `<arg_key>k</arg_key>` then the call's closer (HY-V4's strict validator): malformed, never
    # "cut off"; the block is the content, in every chunking.  Cut off for real, it is not content.
    T = tools("lookup")
    for text in ("<tool_call>lookup<arg_key>q</arg_key></tool_call>",
                 "<tool_call>lookup\n<arg_key>q</arg_key>\n</tool_call>",
                 "<zz_call>lookup<arg_key>q</arg_key></zz_call>",
                 "<tool_call>lookup<arg_key>q</arg_key><arg_value>x</arg_value><arg_key>n</arg_key></tool_call>"):
        check(text, calls=[], content=text, tools=T)
    assert callsieve.parse("<tool_call>lookup<arg_key>q</arg_key>", tools=T).content == ""


def test_a_value_written_as_one_json_string_is_that_string():
    # HyperCLOVA X SEED Think writes every <arg_value> as JSON (vLLM's tests); made-up variants:
    # escapes, a string schema among others, glued tags, no schema
    T = tools(note={"title": {"type": "string"}, "body": {"type": "string"}, "n": {"type": "integer"},
                    "tag": {"anyOf": [{"type": "string"}, {"type": "integer"}]}})
    check('<tool_call>note\n<arg_key>title</arg_key>\n<arg_value>"Seoul \\"Gangnam\\""</arg_value>\n<arg_key>n</arg_key>\n'
          '<arg_value>3</arg_value>\n<arg_key>body</arg_key>\n<arg_value> "line 1\\nline 2 \\u00e9" </arg_value>\n</tool_call>',
          tools=T, calls=[("note", {"title": 'Seoul "Gangnam"', "n": 3, "body": "line 1\nline 2 é"})])
    check('<tool_call>note<arg_key>tag</arg_key><arg_value>"42"</arg_value></tool_call>', tools=T,
          calls=[("note", {"tag": "42"})])
    check('<tool_call>note<arg_key>x</arg_key><arg_value>"Busan"</arg_value></tool_call>', calls=[("note", {"x": "Busan"})])
    # the same body under other spellings, in a wrapper no module declares
    check('<zz_call>note<param_key>title</param_key><param_value>"x y"</param_value></zz_call>', tools=T,
          calls=[("note", {"title": "x y"})])
    check('<|tool_call|>note\n<ns|arg_key>title</ns|arg_key>\n<ns|arg_value>"Ulsan"</ns|arg_value>\n<|/tool_call|>',
          tools=T, calls=[("note", {"title": "Ulsan"})])


def test_a_value_that_is_not_exactly_one_json_string_stays_raw():
    T = tools(note={"title": {"type": "string"}})
    for raw in ('Seoul', '"a" and "b"', '"unclosed', 'say "hi"', '"bad \\q escape"', '""x'):
        check(f'<tool_call>note<arg_key>title</arg_key><arg_value>{raw}</arg_value></tool_call>', tools=T,
              calls=[("note", {"title": raw})])


def test_a_family_whose_values_are_text_keeps_the_quotes():
    # the value encoding decides: `value="text"` writes every value as raw text
    from callsieve.formats._parts import Family, KeyValue
    acme = Family("acme_text", "<acme_call>", KeyValue("<param_key>"), value="text", own=True)
    check('<acme_call>note<param_key>title</param_key><param_value>"Seoul"</param_value></acme_call>',
          tools=tools("note"), format=acme, calls=[("note", {"title": '"Seoul"'})])
