"""A family's closers left with no open block are its markup (issue 31, hunt h): a server that
drained a block's opening, or a model echoing one, leaves `</parameter></function></tool_call>`
after the answer.  A run of two or more of a family's closing tags (as its blocks end, glued or
one per line; short of the wrapper's closer, one per line), each of its special-token closers
(`</｜DSML｜invoke>`) and each closer whose name is not one plain word (`</dots_function_call>`,
`</arg_value>`) where it ends its line or the stream are markup, with no family detected yet (hunt k); a lone plain-word closer
(`</parameter>`, `</b>`, `</content>`), or any of them quoted in code, stays text, and a block
given back as written keeps its closers, a block nested in it too."""
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


ACME = Family("acme", "<acme_call>", Functions(),
              example="<acme_call><function=f><parameter=a>1</parameter></function></acme_call>")


@pytest.mark.parametrize("closer, fmt", [("</dots_function_call>", None), ("</minimax:tool_call>", None),
                                          ("</arg_value>", None), ("</acme_call>", ACME)])
def test_a_lone_closer_that_is_no_plain_word_is_markup(closer, fmt):
    kw = {"format": fmt} if fmt else {}
    check("some text " + closer, tools=T, calls=[], content="some text", **kw)
    check("Done.\n" + closer + "\n", tools=T, calls=[], content="Done.", **kw)
    check("Done.\n" + closer + "\nNext step.", tools=T, calls=[], content="Done.\nNext step.", **kw)
    if fmt is None:                                # (a forced family's own closer is its markup)
        prose = f"Close it with {closer} please."  # mid-sentence: a word of the sentence
        check(prose, tools=T, calls=[], content=prose)


@pytest.mark.parametrize("run", ["</parameter>\n</invoke>\n", "</parameter>\n</function>\n",
                                 "</parameter>\n</function>\n</acme_call>"])
def test_a_run_short_of_the_wrappers_closer_one_per_line_is_markup(run):
    kw = {"format": ACME} if "acme" in run else {}
    check("Done.\n" + run, tools=T, calls=[], content="Done.", **kw)


@pytest.mark.parametrize("text", [
    "Use </b> to end the bold text.", "The tag </content> ends the section.",
    "Close it with `</dots_function_call>` and stop.", "Write `</arg_value>` after the value.",
    "Like this:\n```xml\n</parameter>\n</invoke>\n</minimax:tool_call>\n```\nThat is all.",
    "The block ends `</parameter></function>` here.", "a lone </parameter>\nstays as it was"])
def test_closer_look_alikes_stay_text(text):
    check(text, tools=T, calls=[], content=text)


def test_a_block_given_back_keeps_the_closers_of_a_block_nested_in_it():
    # `<arg_key>` opens a block of its own (typed pairs): given back inside the outer one, the
    # outer one's closer is still its text.
    block = "<tool_call>nope <arg_key>a</arg_key> <arg_value>1</arg_value> </tool_call>"
    check(block, tools=T, calls=[], content=block)
    check("Text. " + block + " More.", tools=T, calls=[], content="Text. " + block + " More.")


def test_with_no_tools_declared_no_call_was_drained_and_closers_are_the_prose():
    for text in ("Done.\n</parameter>\n</invoke>\n", "some text </dots_function_call>",
                 "Done.</parameter></function></tool_call>"):
        check(text, calls=[], content=text.rstrip())
