"""A value whose own closer the model left out, ended by the call's closer on the next line
(`…<|tool_arg:value|>Seoul\\n<|tool_call:end|>`: hunt r, vLLM's Solar Open 2 reasoning tests): the
line break before the call's closer is the template's layout between tags, as it is before the
next parameter's tag (vllm-project/vllm#54838), never the value's.  A mechanism of the key/value
tag reader (formats/_xml.py), so it holds in every syntax that reads values leniently; newlines
inside the value stay, and a value the stream cut is still not runnable."""
import pytest

from callsieve import parse
from helpers import check, tools

T = tools(get_weather={"city": {"type": "string"}, "note": {"type": "string"}})
G = "｜DSML｜"

# Each syntax: a call with one value `v` whose closer is missing, then the call's closer on the
# next line.
SYNTAXES = {
    "solar_open2": lambda v: f"<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>{v}\n"
                             "<|tool_call:end|>",
    "glm": lambda v: f"<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>{v}\n</tool_call>",
    "minimax_m2": lambda v: f'<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">{v}\n'
                            "</invoke>\n</minimax:tool_call>",
    "dsml": lambda v: f'<{G}tool_calls>\n<{G}invoke name="get_weather">\n<{G}parameter name="city" string="true">'
                      f"{v}\n</{G}invoke>\n</{G}tool_calls>",
    "seed_oss": lambda v: f"<seed:tool_call>\n<function=get_weather>\n<parameter=city>{v}\n</function>\n"
                          "</seed:tool_call>",
    "qwen3_coder": lambda v: f"<tool_call>\n<function=get_weather>\n<parameter=city>\n{v}\n</function>\n</tool_call>",
}
VALUES = ["Seoul", "São Paulo, SP", "line one\nline two", "x"]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
@pytest.mark.parametrize("syntax", sorted(SYNTAXES))
def test_the_newline_before_the_calls_closer_is_layout(syntax, value):
    m = check("Checking.\n" + SYNTAXES[syntax](value), tools=T, calls=[("get_weather", {"city": value})])
    assert m.content == "Checking."


@pytest.mark.parametrize("syntax", ["solar_open2", "glm", "minimax_m2", "dsml"])
def test_a_second_value_closed_the_same_way(syntax):
    # the first value ended by the next parameter's tag, the second by the call's closer
    text = SYNTAXES[syntax]("Oslo")
    first_key = {"solar_open2": "<|tool_arg:start|>city", "glm": "<arg_key>city", "minimax_m2": '<parameter name="city"',
                 "dsml": f'<{G}parameter name="city"'}[syntax]
    i = text.index(first_key)
    second = text[i:].split("Oslo\n")[0].replace("city", "note")
    text = text.replace("Oslo\n", "Oslo\n" + second + "cold\n", 1)
    check(text, tools=T, calls=[("get_weather", {"city": "Oslo", "note": "cold"})])


@pytest.mark.parametrize("syntax", ["solar_open2", "glm", "minimax_m2", "dsml"])
def test_a_value_the_stream_cut_is_still_not_runnable(syntax):
    text = SYNTAXES[syntax]("Seoul")
    m = parse(text[: text.index("Seoul") + 3], tools=T)
    assert m.tool_calls == []
