"""A wrapper's closer with its `>` written twice (`</tool_call>>`, a slip models make): after a
whole call the run of `>` is the closer's markup, in any chunking, whatever the wrapper (a known
family's, a made-up one, a special token) and the body; a `>` the model wrote apart from it
(`</tool_call> >`, a quoted `a > b`) stays text, and a call quoted in a sentence stays text."""
import pytest

from helpers import check

from callsieve import parse

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
WRAPPERS = (("<tool_call>", "</tool_call>"), ("<zq_call>", "</zq_call>"), ("<|zq_call|>", "<|/zq_call|>"),
            ("<｜zq｜>", "<｜/zq｜>"))
BODIES = ('{"name": "f", "arguments": {"a": 1}}', "\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n",
          '<invoke name="f"><parameter name="a">1</parameter></invoke>')


@pytest.mark.parametrize("opener,closer", WRAPPERS)
@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("extra", [">", ">>"])
@pytest.mark.parametrize("after", ["", "\nDone.", " and x > y."])
def test_a_doubled_closing_bracket_after_a_whole_call_is_markup(opener, closer, body, extra, after):
    """The message is the one the closer written once gives (a made-up wrapper between two
    paragraphs is judged as it is then: a text given back keeps its `>`), and ending the
    turn, the call runs."""
    text = "Sure.\n" + opener + body + closer + extra + after
    once = parse("Sure.\n" + opener + body + closer + after, tools=TOOLS)
    calls = [(c.name, c.arguments) for c in once.tool_calls]
    check(text, tools=TOOLS, content=once.content if calls else text, calls=calls)   # (text: all of it)
    if not after:
        assert [(c.name, c.arguments) for c in once.tool_calls] == [("f", {"a": 1})]


@pytest.mark.parametrize("extra", [">", ">>"])
def test_a_family_closer_doubled_is_markup(extra):
    text = '<minimax:tool_call><invoke name="f"><parameter name="a">1</parameter></invoke></minimax:tool_call>' + extra
    check(text, tools=TOOLS, calls=[("f", {"a": 1})], content="")


@pytest.mark.parametrize("after", [" >", "\n> quoted"])
def test_a_bracket_apart_from_the_closer_stays_text(after):
    text = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>' + after
    check(text, tools=TOOLS, calls=[("f", {"a": 1})], content=after.strip())


def test_a_call_quoted_in_a_sentence_stays_text_doubled_or_not():
    for closer in ("</tool_call>", "</tool_call>>"):
        text = 'a <tool_call>{"name": "f", "arguments": {"a": 1}}' + closer + " b"
        check(text, tools=TOOLS, calls=[], content=text)
