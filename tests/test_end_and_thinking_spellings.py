"""Hunt h's end-of-turn and thinking spellings (issue 31): Ling 3's `<|role_end|>` is the glm
family's control token (markup after an answer or a call, never content); a thinking opener's own
closer closes its block, whatever the spelling (K2 V3's `<ifm|think_fast>` … `</ifm|think_fast>`)."""
import pytest

from helpers import check, tools


def test_role_end_after_an_answer_or_a_call_is_markup():
    check("2 + 2 = 4.<|role_end|>", content="2 + 2 = 4.")
    check("<tool_call>now</tool_call><|role_end|>", tools=tools("now"), calls=[("now", {})], content="")
    check("Sure.\n<tool_call>now</tool_call>\n<|role_end|>", tools=tools("now"), calls=[("now", {})],
          content="Sure.")


@pytest.mark.parametrize("effort", ["think", "think_fast", "think_faster"])
def test_each_reasoning_effort_spelling_closes_with_its_own_closer(effort):
    text = (f"<ifm|{effort}>plan</ifm|{effort}><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key>"
            "<ifm|arg_value>Oslo</ifm|arg_value></ifm|tool_call>")
    check(text, tools=tools("get_weather"), reasoning="plan", content="",
          calls=[("get_weather", {"city": "Oslo"})])

