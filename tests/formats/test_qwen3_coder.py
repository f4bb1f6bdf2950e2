"""Qwen3-Coder / Qwen3.5 XML in <tool_call> (docs/syntax.md#qwen3_coder)."""
import callsieve
import pytest
from callsieve import Sieve, ToolCallArgs, ToolCallError, ToolCallStart
from helpers import check, feed, split, summary, tools


def call(name, *params, nl="\n"):
    body = "".join(f"<parameter={k}>{nl}{v}{nl}</parameter>{nl}" for k, v in params)
    return f"<tool_call>{nl}<function={name}>{nl}{body}</function>{nl}</tool_call>"


def test_documented_example_with_prose_around():
    text = "On it.\n" + call("set_alarm", ("label", "feed the cat"), ("minutes", "45")) + "\nDone."
    m = check(text, content="On it.\nDone.", calls=[("set_alarm", {"label": "feed the cat", "minutes": 45})])
    assert m.format == "qwen3_coder"


def test_several_calls_and_zero_argument_call():
    text = call("a", ("x", "1")) + "\n" + call("now") + "\nthen " + call("b", ("y", "two words"))
    check(text, calls=[("a", {"x": 1}), ("now", {}), ("b", {"y": "two words"})])


def test_several_functions_in_one_block():
    text = "<tool_call>\n<function=a>\n</function>\n<function=b>\n<parameter=k>\nv\n</parameter>\n</function>\n</tool_call>"
    check(text, calls=[("a", {}), ("b", {"k": "v"})])


def test_nested_and_unicode_arguments():
    text = call("plan", ("steps", '[{"do": "grüßen", "n": [1, 2]}]'), ("who", "日本 — naïve ✓"),
                ("opts", '{"deep": {"x": null}}'))
    check(text, calls=[("plan", {"steps": [{"do": "grüßen", "n": [1, 2]}], "who": "日本 — naïve ✓",
                                 "opts": {"deep": {"x": None}}})])


def test_closing_markers_quoted_inside_a_code_value():
    code = 'print("</parameter>")\nx = "</function>"\ny = "</tool_call>"'
    text = call("run", ("code", code), ("lang", "py")) + " after"
    check(text, content="after", calls=[("run", {"code": code, "lang": "py"})])


def test_one_leading_and_trailing_newline_are_syntax_the_rest_is_value():
    text = "<tool_call>\n<function=w>\n<parameter=t>\n\n  indented\n\n</parameter>\n</function>\n</tool_call>"
    check(text, calls=[("w", {"t": "\n  indented\n"})])
    # no newlines at all (Seed-style spacing) is accepted too
    check(call("w", ("t", "x y"), nl=""), calls=[("w", {"t": "x y"})])


def test_missing_closing_parameter_ends_at_next_parameter_or_function():
    text = "<tool_call>\n<function=f>\n<parameter=a>\none\n<parameter=b>\n2\n</function>\n</tool_call>"
    check(text, calls=[("f", {"a": "one", "b": 2})])


def test_duplicated_closing_parameter():
    text = "<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</parameter>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>"
    check(text, calls=[("f", {"a": "x", "b": "y"})])


def test_missing_function_and_tool_call_closers():
    check("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</tool_call> ok",
          content="ok", calls=[("f", {"a": 1})])
    check("<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\nok",
          content="ok", calls=[("f", {"a": "x"})])


def test_text_between_tags_inside_a_call_is_dropped():
    # (words and layout; text that may be arguments keeps the call from running: test_hunyuan_v3)
    text = "<tool_call>\n<function=f>\nnoise\n<parameter=a>\nx\n</parameter>\nmore noise\n</function>\n</tool_call>"
    check(text, calls=[("f", {"a": "x"})])


def test_truncated_value_is_incomplete_with_an_error():
    text = "Sure.\n<tool_call>\n<function=write>\n<parameter=path>\na.txt\n</parameter>\n<parameter=body>\nhello wor"
    m = check(text, calls=[], incomplete=[("write", {"path": "a.txt", "body": "hello wor"})])
    assert m.content.strip() == "Sure."
    assert m.errors and isinstance(m.errors[0], ToolCallError) and m.errors[0].incomplete


def test_a_value_cut_off_is_never_ended_for_it():
    # Issue 18: the deltas of a cut-off call stay as they were.  A typed value being held (`4`
    # may be `42`) is not written; a string value that was streaming is not closed by a `"`.
    m = check("<tool_call>\n<function=f>\n<parameter=s>\nok\n</parameter>\n<parameter=n>\n4", calls=[],
              incomplete=[("f", {"s": "ok"})])
    assert m.errors[-1].incomplete
    text = "<tool_call>\n<function=f>\n<parameter=s>\nok\n</parameter>\n<parameter=path>\n/data/x"
    for chunks in ([text], list(text)):
        msg, evs = feed(text, chunks)
        assert "".join(e.delta for e in evs if isinstance(e, ToolCallArgs)) == '{"s":"ok","path":"/data/x'
        assert msg.incomplete[0].arguments == {"s": "ok", "path": "/data/x"}


def test_json_arguments_inside_function_tag():
    # llama.cpp accepts the Hermes body wrapped in <function=N>: keep it.
    check('<tool_call>\n<function=f>{"a": [1, "</function>"]}</function>\n</tool_call>', calls=[("f", {"a": [1, "</function>"]})])


def test_unclosed_function_cut_off_is_reported_not_content():
    # A block cut off by the end of the stream before any parameter: a call that never got
    # written.  It is reported (index None), never shown as content.
    text = "<tool_call>\n<function=write>\n"
    m = check(text, calls=[], incomplete=[])
    assert m.content == "" and m.errors[0].index is None and "cut off" in m.errors[0].reason


def test_schema_typed_values():
    t = tools(f={"code": {"type": "string"}, "n": {"type": "integer"}, "on": {"type": "boolean"},
                 "ratio": {"type": "number"}, "tags": {"type": "array"}, "none": {"type": "null"},
                 "maybe": {"anyOf": [{"type": "integer"}, {"type": "null"}]}})
    text = call("f", ("code", "42"), ("n", "7"), ("on", "True"), ("ratio", "0.5"), ("tags", '["a"]'),
                ("none", "null"), ("maybe", "null"))
    check(text, tools=t, calls=[("f", {"code": "42", "n": 7, "on": True, "ratio": 0.5, "tags": ["a"],
                                       "none": None, "maybe": None})])


def test_without_schema_json_if_it_parses_else_string():
    text = call("f", ("a", "42"), ("b", "true"), ("c", "42 apples"), ("d", "{not json"), ("e", "null"))
    check(text, calls=[("f", {"a": 42, "b": True, "c": "42 apples", "d": "{not json", "e": None})])


def test_a_long_string_value_streams_before_its_closing_tag():
    s = Sieve(tools=tools(f={"body": {"type": "string"}}))
    evs = s.feed("<tool_call>\n<function=f>\n<parameter=body>\nline one\nline two")
    assert any(isinstance(e, ToolCallStart) for e in evs)
    sent = "".join(e.delta for e in evs if isinstance(e, ToolCallArgs))
    assert sent.startswith('{"body": "line one') or sent.startswith('{"body":"line one'), sent
    evs = s.feed(" and more")
    assert "".join(e.delta for e in evs if isinstance(e, ToolCallArgs)) == " and more"
    evs = s.feed("\n</parameter>\n</function>\n</tool_call>") + s.close()
    assert [e.arguments for e in evs if hasattr(e, "arguments")] == [{"body": "line one\nline two and more"}]


def test_untyped_text_streams_once_it_cannot_be_json():
    s = Sieve()
    evs = s.feed("<tool_call>\n<function=f>\n<parameter=msg>\nhello the")
    assert "".join(e.delta for e in evs if isinstance(e, ToolCallArgs)).endswith("hello the")


def test_opener_shared_with_hermes_json_and_glm():
    hermes = '<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>'
    assert check(hermes, calls=[("f", {"a": 1})]).format == "tool_call_tag"
    glm = "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>"
    assert check(glm, calls=[("f", {"a": 1})]).format == "glm"
    assert check(call("f", ("a", "1")), calls=[("f", {"a": 1})]).format == "qwen3_coder"


def test_calls_inside_reasoning_without_closing_think():
    text = "<think>Let me check.\n" + call("f", ("a", "x"))
    m = check(text, calls=[("f", {"a": "x"})])
    assert m.reasoning == "Let me check."


def test_format_named_explicitly_and_undeclared_tool():
    text = call("f", ("a", "x"))
    assert callsieve.parse(text, format="qwen3_coder").tool_calls[0].arguments == {"a": "x"}
    m = check(text, tools=tools("other"), calls=[])
    assert m.content == text


def test_model_patterns():
    from callsieve.formats import for_model
    assert for_model("Qwen/Qwen3-Coder-30B-A3B-Instruct") == "qwen3_coder"
    assert for_model("qwen3.5-27b") == "qwen3_coder"
    assert for_model("NVIDIA-Nemotron-3-Nano-30B") == "qwen3_coder"


from samples_xml import contract  # noqa: E402

test_contract = contract("qwen3_coder")


def test_decisions_never_look_past_the_sieves_bound_whatever_the_chunking():
    # Past 256 characters of look-ahead nothing is decided, so every chunking agrees (text).
    for text in ("<tool_call>" + "a" * 300 + "</tool_call>", '<function name="' + "a" * 300 + '"/>'):
        assert check(text, calls=[]).content == text
    # The <tool_call> opener decides nothing; the bare function tag after the spaces is a call of
    # its own (without arguments), read as if the opener were not there.
    text = "<tool_call>" + " " * 300 + "<function=f>\n</function></tool_call>"
    m = check(text, calls=[("f", {})])
    assert m.content == "<tool_call>"


BARE_CALL = "<function=glob>\n<parameter=pattern>\n**/*.md\n</parameter>\n</function>"


def test_a_function_tag_without_its_tool_call_opener_is_still_a_call():
    text = "I will list them.\n\n" + BARE_CALL + "\n</tool_call>\n<tool_call>\n" + BARE_CALL + "\n</tool_call>"
    m = check(text, tools=tools("glob"), calls=[("glob", {"pattern": "**/*.md"})] * 2)
    assert m.content.strip() == "I will list them."
    assert m.format == "qwen3_coder"


def test_a_bare_function_tag_followed_by_json_stays_functionary():
    m = check('<function=f>{"a": 1}</function>', calls=[("f", {"a": 1})])
    assert m.format == "functionary"


def test_a_bare_function_tag_in_prose_is_text():
    for text in ("Use <function=NAME> to name it.", "<function=f>\nthen some words</function>"):
        check(text, content=text, calls=[])


def test_a_bare_function_tag_without_parameters_is_a_call():
    check("<function=now>\n</function>", calls=[("now", {})], content="")
    check("Checking.\n<function=now>\n</function>\n</tool_call>", calls=[("now", {})], content="Checking.")


def test_a_parameter_tag_spelled_with_a_name_attribute_is_read():
    # skipped as noise, it ran the call without that argument
    text = '<tool_call>\n<function=bash>\n<parameter name="command">\nls -la\n</parameter>\n</function>\n</tool_call>'
    check(text, calls=[("bash", {"command": "ls -la"})], content="", tools=tools("bash"))


def test_a_quoted_parameter_name_loses_its_quotes():
    text = "<tool_call>\n<function='bash'>\n<parameter=\"command\">\npwd\n</parameter>\n</function>\n</tool_call>"
    check(text, calls=[("bash", {"command": "pwd"})], content="", tools=tools("bash"))


def test_a_compact_body_keeps_a_values_own_newlines():
    # MiMo-V2.6 (vllm-project/vllm#58019): no newline after the function tag, so none is layout
    T = tools(write={"path": {"type": "string"}, "content": {"type": "string"}})
    check("<tool_call><function=write><parameter=path>a.py</parameter><parameter=content>\nx = 1\n\n"
          "</parameter></function></tool_call>", tools=T, calls=[("write", {"path": "a.py", "content": "\nx = 1\n\n"})])
    # laid out on lines, one newline at each end is the template's
    check("<tool_call>\n<function=write>\n<parameter=content>\n\nx = 1\n\n</parameter>\n</function>\n</tool_call>",
          tools=T, calls=[("write", {"content": "\nx = 1\n"})])


def test_a_compact_body_is_laid_out_as_its_first_value():
    # rtp-llm's Qwen3-Coder tests glue `<tool_call><function=…><parameter=…>` yet write each value
    # `\n…\n`: the first value's leading newline says the body is laid out, so each value's end
    # newlines are layout (made-up variants: typed, several values, text around, an inner newline)
    T = tools(run={"cmd": {"type": "string"}, "n": {"type": "integer"}, "note": {"type": "string"}})
    check("Sure.\n<tool_call><function=run><parameter=cmd>\nls -l\n</parameter><parameter=n>\n2\n</parameter>"
          "<parameter=note>\nline 1\nline 2\n\n</parameter></function></tool_call> done", tools=T,
          calls=[("run", {"cmd": "ls -l", "n": 2, "note": "line 1\nline 2\n"})], content="Sure.\n done")
    check("<function=run><parameter=note>\n\nindented\n</parameter></function>", tools=T,
          calls=[("run", {"note": "\nindented"})])
    # the first value written bare: the body is compact, a later value's newlines are its own
    check("<tool_call><function=run><parameter=n>3</parameter><parameter=note>\nhi\n</parameter></function>"
          "</tool_call>", tools=T, calls=[("run", {"n": 3, "note": "\nhi\n"})])


def test_a_value_closed_by_a_tag_named_after_its_parameter():
    # the slip of anthropics/claude-code#83088 in this syntax (made up): `</path>` for `</parameter>`
    T = tools(write={"path": {"type": "string"}, "body": {"type": "string"}})
    check("<tool_call>\n<function=write>\n<parameter=path>\na.txt\n</path>\n<parameter=body>\nhi\n</parameter>\n"
          "</function>\n</tool_call>", tools=T, calls=[("write", {"path": "a.txt", "body": "hi"})])


def test_parameters_written_before_the_function_tag():
    # MiMo-V2-Flash (vllm's mimov2_flash tests), and a made-up variant with two and a typed one
    T = tools(run={"cmd": {"type": "string"}, "n": {"type": "integer"}})
    check("<tool_call>\n<parameter=cmd>ls</parameter>\n<parameter=n>\n3\n</parameter>\n<function=run>\n</function>\n"
          "</tool_call>", tools=T, calls=[("run", {"cmd": "ls", "n": 3})])
    check("<tool_call><parameter=cmd>ls</parameter><function=run><parameter=n>2</parameter></function></tool_call>",
          tools=T, calls=[("run", {"cmd": "ls", "n": 2})])
    # no function tag after them, or an undeclared one: no call
    for text in ("<tool_call>\n<parameter=cmd>ls</parameter>\n</tool_call>",
                 "<tool_call>\n<parameter=cmd>ls</parameter>\n<function=rm>\n</function>\n</tool_call>"):
        assert not check(text, tools=T).tool_calls


def test_the_one_parameters_opener_left_out():
    # MiMo-v2.6 through a freeform tool (lidge-jun/opencodex#5499); a made-up multi-line variant
    T = tools(exec={"input": {"type": "string"}})
    check("<tool_call><function=exec>print({'a': 1})\n</parameter></function></tool_call>", tools=T,
          calls=[("exec", {"input": "print({'a': 1})"})])
    check("<tool_call>\n<function=exec>\nline 1\nline 2\n</parameter>\n</function>\n</tool_call>", tools=T,
          calls=[("exec", {"input": "line 1\nline 2"})])
    # two parameters: which one it would be is unknown, so the call is not run
    T2 = tools(exec={"input": {"type": "string"}, "cwd": {"type": "string"}})
    assert not check("<tool_call><function=exec>print(1)\n</parameter></function></tool_call>", tools=T2).tool_calls


def test_a_mangled_parameter_opener_is_no_value_of_the_sole_parameter():
    # the property test of runnable calls found `parameter=path>` (its `<` lost) taken for the text
    # of a left-out opener: the call ran with a parameter the model never wrote as one
    T = tools(rm={"path": {"type": "string"}})
    text = "I will clean up.\n<tool_call>\n<function=rm>\nparameter=path>\n1\n</parameter>\n</function>\n</tool_call>"
    m = callsieve.parse(text, tools=T)
    assert m.tool_calls == [] and "parameter=path>" in m.content   # not run, its text given back
    for mangled in ("<parameterpath>", "<parameter path>", "parameter_path:"):
        m = callsieve.parse(text.replace("parameter=path>", mangled), tools=T)
        assert m.tool_calls == [], mangled
    # the opener truly left out, for a one-parameter tool, still reads (MiMo's bend)
    m = callsieve.parse("<tool_call>\n<function=rm>\n/tmp/x\n</parameter>\n</function>\n</tool_call>", tools=T)
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("rm", {"path": "/tmp/x"})]


PARAM_TOOLS = tools(read_file={"path": {"type": "string"}, "limit": {"type": "integer"}})


@pytest.mark.parametrize("wrap", [("", "", ""), ("<tool_call>\n", "\n</tool_call>", ""), ("Reading it.\n", "", "Reading it.")])
@pytest.mark.parametrize("sep", ["\n", ""])
def test_a_function_body_with_invoke_style_param_tags(wrap, sep):
    # MiMo writes `<param name="K">V</param>` inside `<function=NAME>` (apmantza/pi-free#255): a
    # parameter tag read by its role, its value closed by its own tag's word, typed by the schema
    pre, post, content = wrap
    body = (f'<function=read_file>{sep}<param name="path">src/a.py</param>{sep}'
            f'<parameter=limit>40</parameter>{sep}</function>')
    check(pre + body + post, tools=PARAM_TOOLS, calls=[("read_file", {"path": "src/a.py", "limit": 40})],
          content=content)


def test_an_html_param_tag_inside_a_value_is_text_of_the_value():
    value = '<object><param name="movie" value="x"></param></object>'
    text = f"<tool_call>\n<function=read_file>\n<parameter=path>\n{value}\n</parameter>\n</function>\n</tool_call>"
    check(text, tools=PARAM_TOOLS, calls=[("read_file", {"path": value})], content="")


def test_param_tags_named_in_prose_stay_text():
    text = 'Use <function=read_file> then <param name="path"> to read a file.'
    check(text, tools=PARAM_TOOLS, calls=[], content=text)


# A parameter tag whose `>` the model dropped (`<parameter=path\nREADME.md\n</parameter>`, Qwen3.6
# through mlx-lm#1881, hunt o) ends with its line: in any parameter of the call, in Qwen3-Coder's
# wrapper, bare, and in Seed-OSS's; typed by the schema; a value of several lines kept whole.
DROPPED_T = tools(write_file={"path": {"type": "string"}, "content": {"type": "string"}, "mode": {"type": "integer"}})


@pytest.mark.parametrize("wrap", [("<tool_call>\n", "\n</tool_call>"), ("", ""), ("<seed:tool_call>\n", "\n</seed:tool_call>")])
@pytest.mark.parametrize("dropped", [{"path"}, {"content"}, {"mode"}, {"path", "content", "mode"}])
def test_a_parameter_tag_missing_its_angle_bracket_ends_with_its_line(wrap, dropped):
    values = {"path": "a/b.py", "content": "x = 1\ny = 2", "mode": "644"}
    params = "".join(f"<parameter={k}{'' if k in dropped else '>'}\n{v}\n</parameter>\n" for k, v in values.items())
    text = f"Writing it.\n{wrap[0]}<function=write_file>\n{params}</function>{wrap[1]}"
    check(text, tools=DROPPED_T, content="Writing it.",
          calls=[("write_file", {"path": "a/b.py", "content": "x = 1\ny = 2", "mode": 644})])


def test_a_tag_missing_its_angle_bracket_on_one_line_stays_malformed():
    # `<parameter=command=create</parameter>` (QwenLM/Qwen3-Coder#457): no line ends the name
    text = "<tool_call>\n<function=write_file>\n<parameter=command=create</parameter>\n</function>\n</tool_call>"
    check(text, tools=DROPPED_T, calls=[])


@pytest.mark.parametrize("name", ["pth", "dr0", "path2", "content x"])
def test_a_tag_missing_its_angle_bracket_names_a_declared_parameter_or_runs_no_call(name):
    # The line is taken for a parameter's name only when the tool declares it: a corrupted name
    # (`<parameter=dr0` for `dry_run>`) is no tag, so the call does not run with a parameter the
    # model never meant; its text is not lost (in the content or the error).
    text = f"Writing it.\n<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter={name}\n1\n</parameter>\n</function>\n</tool_call>"
    m, _ = feed(text, split(text, [3]), tools=DROPPED_T)
    assert not m.tool_calls, summary(m)
    assert name in m.content + "".join(e.raw or "" for e in m.errors), summary(m)
