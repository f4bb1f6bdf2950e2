"""Cohere Command R7B / Command A (docs/syntax.md#command_r)."""
import pytest

from callsieve import formats
from helpers import check, tools

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


FLIGHT = '[{"tool_name": "lookup_flight", "parameters": {"code": "FI615"}}]'


@pytest.mark.parametrize("prose", ["I'll look it up.\n", "Checking the flight now:\n\n", "Sure.  \n"])
@pytest.mark.parametrize("body", [FLIGHT, '{"tool_name": "lookup_flight", "parameters": {"code": "FI615"}}'])
def test_the_action_heading_after_prose_is_markup_when_its_fence_ends_the_turn(prose, body):
    # Command R writes a sentence first at times (Ollama's commandr parser tests): the heading
    # and its fence are the call's markup wherever the fenced call ends the turn
    check(prose + "Action: ```json\n" + body + "\n```", tools=tools("lookup_flight"),
          calls=[("lookup_flight", {"code": "FI615"})], content=prose.strip())


def test_an_action_fence_followed_by_prose_is_an_example():
    text = "Write it as\nAction: ```json\n" + FLIGHT + "\n```\nand the tool runs."
    check(text, tools=tools("lookup_flight"), calls=[], content=text)
    # the word in a sentence, or a heading with no fence after it, is text
    for text in ("The Action: taken was none.", "Plan.\nAction: later, maybe."):
        check(text, tools=tools("lookup_flight"), calls=[], content=text)


def test_cohere_turn_tokens_and_tool_results_are_markup():
    check("It is on time.<|END_OF_TURN_TOKEN|>", content="It is on time.")
    check(EX + "<|START_TOOL_RESULT|>[{\"ok\": 1}]<|END_TOOL_RESULT|>Done.", content="Done.",
          calls=[("lookup_flight", {"code": "FI615"})], reasoning="Look it up.")


CITED = ("<|START_THINKING|>This is a rainbow <co>emoji: 🌈</co: 0:[1]><|END_THINKING|>\n<|START_RESPONSE|>foo "
         "<co>bar</co: 0:[1,2],1:[3,4]> and <co: 2>baz</co: 2>.<|END_RESPONSE|>")


def test_citation_tags_are_markup_their_words_text_in_the_answer_and_the_thinking():
    # vLLM's tests/tool_parsers/test_cohere_command_tool_parser.py (cmd3/cmd4 citations), and Command R's
    # grounded spelling; the thinking opener shows the family, so no session is needed
    m = check(CITED, reasoning="This is a rainbow emoji: 🌈", content="foo bar and baz.", calls=[])
    assert m.format == "command_r"
    # forced, with tools declared (a tag-shaped wrapper is watched too: each shape keeps its own action)
    check(CITED, format="command_r", tools=tools("lookup_flight"), reasoning="This is a rainbow emoji: 🌈",
          content="foo bar and baz.", calls=[])
    check(CITED.replace("<|START_THINKING|>", "").replace("<|END_THINKING|>", ""), format="command_r",
          content="This is a rainbow emoji: 🌈\nfoo bar and baz.")


def test_a_citation_tag_without_its_pair_is_markup_and_no_word_vanishes():
    check("<|START_RESPONSE|>It is <co>on time, and the gate is B12.", content="It is on time, and the gate is B12.")
    check("<|START_RESPONSE|>It is on time</co: 0:[1]>, gate B12.", content="It is on time, gate B12.")
    # what only starts like a tag is text, as written, whatever the chunking
    for text in ("a <co:x> b", "a <co: 1 b", "a </co: 0:[1] b", "a <cob> b", "a <co", "x </co:"):
        check("<|START_RESPONSE|>" + text, content=text, calls=[])


def test_citation_tags_are_text_in_other_families_and_when_quoted():
    # no Cohere token: `<co>` is prose (another family's answer, a page about the syntax)
    check("Wrap it as <co>fact</co: 0:[1]> in Cohere's answers.",
          content="Wrap it as <co>fact</co: 0:[1]> in Cohere's answers.")
    check("<think>a <co>b</co: 0:[1]></think>c <co>d</co: 1:[2]>", reasoning="a <co>b</co: 0:[1]>",
          content="c <co>d</co: 1:[2]>")
    # Cohere's answer quoting the tag in inline code: text
    check("<|START_RESPONSE|>Write `<co>` before and `</co: 0:[1]>` after.",
          content="Write `<co>` before and `</co: 0:[1]>` after.")


def test_a_call_after_cited_thinking_still_runs():
    text = ('<|START_THINKING|>The docs say <co>FI615 is late</co: 0:[0]>.<|END_THINKING|><|START_ACTION|>'
            '[{"tool_call_id": "0", "tool_name": "lookup_flight", "parameters": {"code": "FI615"}}]<|END_ACTION|>')
    check(text, reasoning="The docs say FI615 is late.", content="", calls=[("lookup_flight", {"code": "FI615"})],
          tools=tools("lookup_flight"))


def test_citations_and_a_call_in_an_unknown_wrapper_each_keep_their_reading():
    # Two shapes in one table (the tag-shaped wrapper of formats/wrapped.py, the citation closer):
    # each match takes its own shape's action
    text = ('<|START_THINKING|>Look <co>it</co: 0:[1]> up.<|END_THINKING|><|START_RESPONSE|>foo <co>bar</co: 0:[1,2]>.'
            '\n<acme_call>{"name": "lookup_flight", "arguments": {"code": "FI615"}}</acme_call>')
    check(text, tools=tools("lookup_flight"), reasoning="Look it up.", content="foo bar.",
          calls=[("lookup_flight", {"code": "FI615"})])
