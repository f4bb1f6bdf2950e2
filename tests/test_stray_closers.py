"""A family's closers left with no open block are its markup (issue 31, hunt h): a server that
drained a block's opening, or a model echoing one, leaves `</parameter></function></tool_call>`
after the answer.  A run of two or more of a family's closing tags (as its blocks end, glued or
one per line) and each of its special-token closers (`</｜DSML｜invoke>`) are markup, with no
family detected yet; a lone plain closer, or a run quoted in code, stays text, and a block given
back as written keeps its closers."""
import pytest

from callsieve.formats._parts import Family, Functions
from helpers import check, tools

T = tools("run")
TAILS = {
    "qwen3_coder": "</parameter></function></tool_call>",
    "minimax_m2": "</parameter>\n</invoke>\n</minimax:tool_call>",
    "seed_oss": "</function></seed:tool_call>",
    "deepseek_dsml": "</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>",
    "dsml_one": "</｜DSML｜invoke>",
}


@pytest.mark.parametrize("family", sorted(TAILS))
def test_a_familys_closers_after_the_answer_are_markup(family):
    check("Done, it is running." + TAILS[family], tools=T, calls=[], content="Done, it is running.")
    check("Done, it is running.\n" + TAILS[family] + "\n", tools=T, calls=[], content="Done, it is running.")


def test_a_made_up_familys_closing_run_is_markup_and_a_lone_closer_text():
    acme = Family("acme", "<acme_call>", Functions(),
                  example="<acme_call><function=f><parameter=a>1</parameter></function></acme_call>")
    check("Done.</parameter></function></acme_call>", tools=T, format=acme, content="Done.")
    check("Done.</function>\n</acme_call>", tools=T, format=acme, content="Done.")


def test_quoted_or_lone_closers_stay_text():
    for text in ("Close it with `</parameter></function></tool_call>` and stop.",
                 "The value ends at </parameter> there."):
        check(text, tools=T, calls=[], content=text)


def test_a_block_given_back_keeps_its_closers():
    block = "<tool_call>\n<function=nope>\n<parameter=a>\nx\n</parameter>\n</function>\n</tool_call>"
    m = check(block, tools=T, calls=[])
    assert m.content == block
