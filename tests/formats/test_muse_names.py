"""Muse (Glimmer / ATEM) headers and invoke names as the model fumbles them (ollama's
glimmer_test.go, hunt k): any recipient word is a header, a dotted name is the glued-parameter
repair only when its tail is a parameter of the tool, else the namespace rule (calls.qualified)."""
import pytest

from helpers import check

READ = {"read": {"type": "object", "properties": {"path": {"type": "string"}}}}
TOOLS = [{"type": "function", "function": {"name": n, "parameters": p}} for n, p in READ.items()]


def atem(name, params='<atem:parameter name="path">go.mod</atem:parameter>\n'):
    return f'<atem:function_calls>\n<atem:invoke name="{name}">\n{params}</atem:invoke>\n</atem:function_calls>'


@pytest.mark.parametrize("recipient", ["atem:function_calls", "read", "tools/read", "x:y.z", "functions_v2:read"])
def test_any_recipient_word_is_a_header(recipient):
    check(f" to={recipient}<|message|>" + atem("read") + "<|eom|>", tools=TOOLS, format="muse",
          calls=[("read", {"path": "go.mod"})], content="")


@pytest.mark.parametrize("name", ["read.read", "tools.read", "ns:read", "read<|message|>", "read.read<|call|>"])
def test_a_namespace_or_a_fused_token_before_parameters_is_the_tool(name):
    check(" to=read<|message|>" + atem(name) + "<|eom|>", tools=TOOLS, format="muse",
          calls=[("read", {"path": "go.mod"})], content="")


def test_a_dotted_parameter_is_still_the_glued_repair():
    """`read.path`: `path` is a parameter of `read`, so its tag was swallowed (vllm #51655)."""
    check(' to=read<|message|><atem:function_calls>\n<atem:invoke name="read.path">go.mod</atem:parameter>\n'
          '</atem:invoke>\n</atem:function_calls><|eom|>', tools=TOOLS, format="muse",
          calls=[("read", {"path": "go.mod"})], content="")


@pytest.mark.parametrize("name", ["write.read.x", "read<b>", "write<|message|>"])
def test_an_undeclared_name_stays_text(name):
    m = check(" to=user<|message|>" + atem(name) + "<|eot|>", tools=TOOLS, format="muse")
    assert m.tool_calls == []
