"""A thinking block is read by its role, whatever word of it the model writes (hunt l, issue 31):
`<think>`, `<thinking>`, `<thought>` (Poolside Laguna), `<reasoning>` (Reka Flash 3) open a block
whose own closer ends it; it goes to the reasoning when thinking was asked for, when nothing was
said and when thinking was turned off (a block written anyway is never tags in the answer), and
stays in the content whole with `reasoning="none"`.  A tag that names no role stays text."""
import pytest

from callsieve.reasoning import ROLE_WORDS
from helpers import check, tools

WEATHER = tools("get_weather")
GLM_CALL = ("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>",
            [("get_weather", {"city": "Oslo"})])
HERMES_CALL = ('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>',
               [("get_weather", {"city": "Oslo"})])


def test_the_role_words_are_the_ones_models_ship():
    assert {"think", "thinking", "thought", "reasoning"} <= set(ROLE_WORDS)


@pytest.mark.parametrize("word", ROLE_WORDS)
@pytest.mark.parametrize("layout", ["{o}{r}{c}\n{a}", "{o}\n{r}\n{c}\n\n{a}", "{o}{r}{c}{a}"])
def test_a_block_then_an_answer(word, layout):
    text = layout.format(o=f"<{word}>", c=f"</{word}>", r="Weigh both options.", a="Take the train.")
    check(text, reasoning="Weigh both options.", content="Take the train.", calls=[])


@pytest.mark.parametrize("word", ROLE_WORDS)
@pytest.mark.parametrize("call", [GLM_CALL, HERMES_CALL], ids=["glm", "hermes"])
@pytest.mark.parametrize("thinking", [None, True, False])
def test_a_block_then_a_call_in_every_request_mode(word, call, thinking):
    body, calls = call
    kw = {} if thinking is None else {"thinking": thinking}
    check(f"<{word}>Need the forecast.</{word}>\n{body}", tools=WEATHER, reasoning="Need the forecast.",
          content="", calls=calls, **kw)


@pytest.mark.parametrize("word", ROLE_WORDS)
def test_a_prompt_opened_block_closed_by_its_own_closer(word):
    check(f"Check the sky first.</{word}>\nIt is clear.", thinking=True, reasoning="Check the sky first.",
          content="It is clear.")


@pytest.mark.parametrize("word", ROLE_WORDS)
def test_kept_whole_in_the_content_when_reasoning_is_not_separated(word):
    text = f"<{word}>Weigh it.</{word}>\nDone."
    check(text, reasoning_mode="none", content=text, reasoning="")


@pytest.mark.parametrize("tag", ["plan", "thoughts_log", "reason_code", "notes"])
def test_a_tag_that_names_no_role_stays_text(tag):
    text = f"<{tag}>Weigh it.</{tag}>\nDone."
    check(text, content=text, reasoning="")


# Several thinking blocks in one turn (Inkling writes one per thought; Gemma 4 and models that
# think between calls reopen theirs): a later block's leading whitespace, as written, parts its
# words from the earlier block's; the first block's is layout, and blocks written glued stay glued.
BLOCKS = [("<think>", "</think>"), ("<thought>", "</thought>"), ("[THINK]", "[/THINK]"),
          ("<|channel>thought\n", "<channel|>"),
          ("<|message_model|><|content_thinking|>", "<|end_message|>")]


@pytest.mark.parametrize("opener,closer", BLOCKS)
@pytest.mark.parametrize("gap,joined", [(" ", "Weigh it. Then act."), ("\n", "Weigh it.\nThen act."),
                                        ("", "Weigh it.Then act.")])
def test_a_later_block_keeps_the_whitespace_that_parts_its_words(opener, closer, gap, joined):
    text = f"{opener}\nWeigh it.\n{closer}{opener}{gap}Then act.{closer}Done."
    check(text, reasoning=joined, content="Done.")
