"""Harmony's recipient header at the start of the output (the prompt ended `<|start|>assistant`)
in a namespace other than `functions.` (hunt k): the declared tool it names (calls.qualified),
its header tokens markup; an undeclared one is no call."""
import pytest

from helpers import check, tools

T = tools("get_weather")
PAYLOAD = '{"city": "Oslo"}'


@pytest.mark.parametrize("recipient", ["functions.get_weather", "tools.get_weather", "mcp:get_weather",
                                       "acme/v2:get_weather", "get_weather"])
@pytest.mark.parametrize("header", ["<|channel|>commentary json<|message|>", " <|constrain|>json<|message|>",
                                    "<|channel|>commentary<|message|>"])
def test_a_leading_recipient_in_any_namespace_is_the_declared_tool(recipient, header):
    check(f" to={recipient}{header}{PAYLOAD}<|call|>", tools=T, calls=[("get_weather", {"city": "Oslo"})],
          content="")


@pytest.mark.parametrize("text", [" to=tools.get_time<|channel|>commentary json<|message|>{}<|call|>",
                                  " to=town<|channel|> is far"])
def test_an_undeclared_recipient_is_no_call(text):
    assert check(text, tools=T).tool_calls == []
