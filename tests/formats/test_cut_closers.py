"""A closing tag cut short under a family's namespace is that closer (`_xml.closers`): DeepSeek
V4's quantised weights write `</｜DSML｜inv>` for `</｜DSML｜invoke>` every time
(ml-explore/mlx-lm's test_deepseek_dsml_close_tag, hunt l).  Any cut of three letters or more, of
the call's or a value's closer, in every spelling of the namespace; never a tag without one, never
a cut shorter than three letters, never a misspelling that is no cut."""
import pytest

from helpers import check, tools

SPELLINGS = ["｜DSML｜", "|DSML|", "｜GCML｜", "｜DSML｜ ", "‖DSML‖"]
WEATHER = tools(get_weather={"city": {"type": "string"}, "days": {"type": "integer"}})


def block(ns, call_close="invoke", value_close="parameter"):
    return (f'<{ns}tool_calls>\n<{ns}invoke name="get_weather">\n'
            f'<{ns}parameter name="city" string="true">Oslo</{ns}{value_close}>\n'
            f'<{ns}parameter name="days" string="false">3</{ns}parameter>\n'
            f'</{ns}{call_close}>\n</{ns}tool_calls>')


@pytest.mark.parametrize("ns", SPELLINGS)
@pytest.mark.parametrize("cut", ["inv", "invo", "invok"])
def test_the_call_closer_cut_short(ns, cut):
    check("Checking.\n" + block(ns, call_close=cut), tools=WEATHER, content="Checking.",
          calls=[("get_weather", {"city": "Oslo", "days": 3})])


@pytest.mark.parametrize("ns", SPELLINGS[:2])
@pytest.mark.parametrize("cut", ["par", "param", "paramete"])
def test_a_value_closer_cut_short(ns, cut):
    check(block(ns, value_close=cut), tools=WEATHER, calls=[("get_weather", {"city": "Oslo", "days": 3})])


def test_two_calls_each_closed_by_a_cut_tag():
    ns = "｜DSML｜"
    one = f'<{ns}invoke name="get_weather">\n<{ns}parameter name="city" string="true">{{}}</{ns}parameter>\n</{ns}inv>\n'
    text = f"<{ns}tool_calls>\n" + one.format("Oslo") + one.format("Rome") + f"</{ns}tool_calls>"
    check(text, tools=WEATHER, calls=[("get_weather", {"city": "Oslo"}), ("get_weather", {"city": "Rome"})])


@pytest.mark.parametrize("cut", ["in", "invoek", "i"])
def test_no_cut_of_three_letters_is_no_closer(cut):
    m = check(block("｜DSML｜", call_close=cut), tools=WEATHER)
    assert m.tool_calls == []


def test_without_a_namespace_a_cut_tag_is_nobody_s_closer():
    text = ('<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</inv>\n'
            '</minimax:tool_call>')
    m = check(text, tools=WEATHER)
    assert m.tool_calls == []
