"""An end-of-sequence token that is also prose (`</s>`: sentencepiece's end, HTML's strikethrough
closer) is markup where it ends the stream on a line of its own or right after markup (ERNIE 4.5's
`…</tool_call>\\n</s>` and `…</response>\\n</s>`, transformers' test_chat_parsing, hunt l); inside a
line (`<s>$10</s>`), before more text, or quoted in code it is text (reasoning.LAST_TOKENS)."""
import pytest

from helpers import check, tools

T = tools(get_weather={"city": {"type": "string"}})
CALL = ('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>',
        [("get_weather", {"city": "Oslo"})])


@pytest.mark.parametrize("gap", ["\n", "\n\n", "\n  "])
def test_after_an_answers_last_line(gap):
    check(f"It is sunny in Oslo.{gap}</s>", content="It is sunny in Oslo.", calls=[])


@pytest.mark.parametrize("gap", ["", "\n", " \n"])
def test_after_a_call(gap):
    body, calls = CALL
    check(f"Checking.\n{body}{gap}</s>", tools=T, content="Checking.", calls=calls)
    check(f"{body}{gap}</s>", tools=T, content="", calls=calls)


@pytest.mark.parametrize("wrapper", [("<response>\n", "\n</response>"), ("<answer>", "</answer>")])
def test_after_an_answer_wrapper_and_prompt_opened_thinking(wrapper):
    o, c = wrapper
    check(f"Greet back.\n</think>\n\n{o}Hello there!{c}\n</s>", thinking=True, reasoning="Greet back.",
          content="Hello there!")


def test_alone():
    check("</s>", content="")


@pytest.mark.parametrize("text", ["The old price was <s>$10</s>", "Struck: <s>a</s>\nNew: b",
                                  "Line one\n</s>\nLine two", "Close it with `</s>`", "```html\n<s>x</s>\n```",
                                  "Ends with</s>"])
def test_inside_a_line_before_more_text_or_quoted_it_is_text(text):
    check(text, content=text.strip(), calls=[])
