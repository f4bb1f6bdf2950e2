"""Cohere Command R7B / Command A (docs/syntax.md#command_r)."""
from callsieve import formats
from helpers import check

EX = ('<|START_THINKING|>Look it up.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": '
      '"lookup_flight", "parameters": {"code": "FI615"}}]<|END_ACTION|>')


def test_documented_example_keeps_tool_call_id():
    m = check(EX, reasoning="Look it up.", content="", calls=[("lookup_flight", {"code": "FI615"})])
    assert m.tool_calls[0].id == "0" and m.format == "command_r"


def test_several_actions_and_ids():
    text = ('<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "a", "parameters": {}},\n'
            '    {"tool_call_id": "1", "tool_name": "b", "parameters": {"q": "<|END_ACTION|>"}}\n]<|END_ACTION|>')
    m = check(text, calls=[("a", {}), ("b", {"q": "<|END_ACTION|>"})])
    assert [c.id for c in m.tool_calls] == ["0", "1"]


def test_response_wrapper_is_content():
    check("<|START_THINKING|>Easy.<|END_THINKING|><|START_RESPONSE|>Paris.<|END_RESPONSE|>",
          reasoning="Easy.", content="Paris.", calls=[])


def test_model_names():
    assert formats.for_model("CohereForAI/c4ai-command-r7b-12-2024") == "command_r"
    assert formats.for_model("command-a-reasoning-08-2025") == "command_r"


def test_command_r_plus_action_then_a_fenced_list():
    text = 'Action: ```json\n[{"tool_name": "lookup_flight", "parameters": {"code": "FI615"}}]\n```'
    check(text, calls=[("lookup_flight", {"code": "FI615"})], content="")
    check("Action: none needed.", calls=[], content="Action: none needed.")


def test_cohere_turn_tokens_and_tool_results_are_markup():
    check("It is on time.<|END_OF_TURN_TOKEN|>", content="It is on time.")
    check(EX + "<|START_TOOL_RESULT|>[{\"ok\": 1}]<|END_TOOL_RESULT|>Done.", content="Done.",
          calls=[("lookup_flight", {"code": "FI615"})], reasoning="Look it up.")
