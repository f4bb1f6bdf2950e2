"""`\\n` written out (a backslash, then n) between a call's name and its first key tag is layout,
as the newline it stands for (hunt p: SGLang's Ling 3 detector and vLLM's GLM parser allow it),
in GLM's own wrapper and in any wrapper whose body is a name then key/value tags."""
import pytest

from helpers import check, tools

T = tools("f", "get_time")
BS = "\\"

READ = [
    f"<tool_call>f{BS}n<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>",
    f"<tool_call>f{BS}n{BS}n<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>",
    f"<tool_call>f{BS}n\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>",
    f"<zz_call>f{BS}n<arg_key>a</arg_key><arg_value>1</arg_value></zz_call>",
    f"<|acme|>f{BS}n<p_key>a</p_key><p_value>1</p_value><|/acme|>",
]


@pytest.mark.parametrize("text", READ, ids=range(len(READ)))
def test_an_escaped_newline_after_the_name_is_layout(text):
    m = check(text, tools=T, calls=[("f", {"a": 1})])
    assert m.content == ""


def test_an_escaped_newline_inside_a_value_is_the_values():
    check(f"<tool_call>f{BS}n<arg_key>a</arg_key><arg_value>x{BS}ny</arg_value></tool_call>", tools=T,
          calls=[("f", {"a": f"x{BS}ny"})])


@pytest.mark.parametrize("text", [
    f"<tool_call>nope{BS}n<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>",   # undeclared
    f"<tool_call>f{BS}t<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>",      # not a newline
])
def test_look_alikes_are_no_call(text):
    m = check(text, tools=T)
    assert m.tool_calls == [] and m.content == text
