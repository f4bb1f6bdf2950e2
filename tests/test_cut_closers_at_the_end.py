"""A closer cut by the end of the stream after its word is markup, as the whole closer would be
(watch.cut_token; oh-my-pi#10376's `…}</tool_call`, hunt l): never its start left in the content.
Only a closer watched now (a family's, a drained block's), only at the very end; a plain tag's
start (`</b`, `</div`) and the same letters followed by more text stay text."""
import pytest

from helpers import check, tools

T = tools(get_weather={"city": {"type": "string"}})
CALL = [("get_weather", {"city": "Oslo"})]
BLOCKS = {
    "hermes": ('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n', "</tool_call>"),
    "qwen3_coder": ("<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n",
                    "</tool_call>"),
    "minimax": ('<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n'
                '</invoke>\n', "</minimax:tool_call>"),
    "seed": ("<seed:tool_call>\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n</function>\n",
             "</seed:tool_call>"),
}


def cuts(closer):
    """Every cut of `closer` after three letters of its word, short of the whole."""
    return [closer[:n] for n in range(5, len(closer))]


@pytest.mark.parametrize("family", sorted(BLOCKS))
def test_every_cut_of_the_closer_at_the_end_is_markup(family):
    body, closer = BLOCKS[family]
    for cut in cuts(closer):
        check("Checking Oslo.\n" + body + cut, tools=T, calls=CALL, content="Checking Oslo.")


@pytest.mark.parametrize("tail", ["</b", "</div", "</p"])
def test_a_plain_tags_start_at_the_end_stays_text(tail):
    check("Bold ends with " + tail, tools=T, content="Bold ends with " + tail, calls=[])


def test_the_letters_of_a_closer_followed_by_more_text_stay_text():
    body, _ = BLOCKS["hermes"]
    check(body + "</tool_callers are fine", tools=T, calls=CALL, content="</tool_callers are fine")
