"""A tag wrapper written with its `>` garbled (Qwen 3.7 / 3.8 through ModelScope writes
`<tool_call| {…}</tool_call`, oh-my-pi#10376; hunt l): `<TAG|` or `<TAG ` opens the block `<TAG>`
opens, read by the same formats, and is markup when a call follows; the family's closer written
`</TAG|>` or `</TAG >` (or cut by the end of the stream) is its markup too.  With no call after it,
in prose, quoted in code, or naming an undeclared tool, the garbled tag is text as written."""
import pytest

from helpers import check, tools

T = tools(get_weather={"city": {"type": "string"}})
CALL = [("get_weather", {"city": "Oslo"})]
JSON = '{"name": "get_weather", "arguments": {"city": "Oslo"}}'
BODIES = {   # a family's tag, and a body it reads
    "tool_call": JSON,
    "tool_call ": "\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n",
    "minimax:tool_call": '\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n',
    "seed:tool_call": "\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n</function>\n",
}


@pytest.mark.parametrize("tag", sorted(BODIES))
@pytest.mark.parametrize("garble", ["|", " ", "| "])
@pytest.mark.parametrize("close", ["</{t}>", "</{t}|>", "</{t} >", "</{t}|", "</{t}"])
def test_a_garbled_opener_and_closer_around_a_known_body(tag, garble, close):
    t = tag.strip()
    text = f"Checking the weather.\n<{t}{garble}{BODIES[tag]}{close.format(t=t)}"
    check(text, tools=T, calls=CALL, content="Checking the weather.")


@pytest.mark.parametrize("text", ["Wrap the call in a <tool_call| tag, then stop.",
                                  "The <tool_call element opens a call.",
                                  "Write `<tool_call| " + JSON + "</tool_call|>` to call it.",
                                  '<tool_call| {"name": "other_tool", "arguments": {}}</tool_call|>'])
def test_with_no_call_of_a_declared_tool_after_it_the_garbled_tag_is_text(text):
    check(text, tools=T, calls=[], content=text)
