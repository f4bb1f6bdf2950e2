"""A name, then `key=value` pairs on the name's own line, in any wrapper (hunt p: GLM 4.7's
plain-text calls, mlx-lm's glm47 parser): `<tool_call>NAME a=1 b="x y"</tool_call>`.

Made-up variants of the rule, not the harvested cases: wrappers of several spellings, shell
quoting, schema typing; and what must stay text or never run."""
import pytest

from callsieve import parse
from helpers import check, tools

T = tools("f", get_weather={"city": {"type": "string"}, "days": {"type": "integer"}, "note": {"type": "string"}})

READ = [
    ("<tool_call>f a=1 b=two</tool_call>", [("f", {"a": 1, "b": "two"})]),
    ("<acme_call>f a=1</acme_call>", [("f", {"a": 1})]),
    ("<|acme|>f a=1 b=[1,2]<|/acme|>", [("f", {"a": 1, "b": [1, 2]})]),
    ("[CALL]f a=true b=null[/CALL]", [("f", {"a": True, "b": None})]),
    # a value with blanks in double or single quotes is a string; backslash-quote inside double quotes
    ('<tool_call>f q="two words" r=\'it said "hi"\'</tool_call>', [("f", {"q": "two words", "r": 'it said "hi"'})]),
    ('<tool_call>f q="say \\"hi\\"" p="C:\\tmp"</tool_call>', [("f", {"q": 'say "hi"', "p": "C:\\tmp"})]),
    ('<tool_call>f q="12"</tool_call>', [("f", {"q": "12"})]),
    # the tool's schema types a value, quoted or not
    ('<tool_call>get_weather city=Oslo days="3" note=5</tool_call>',
     [("get_weather", {"city": "Oslo", "days": 3, "note": "5"})]),
    # pairs spread over lines after the name's line, blanks around the closer
    ("<tool_call>f a=1\n  b=2 </tool_call>", [("f", {"a": 1, "b": 2})]),
]


@pytest.mark.parametrize("text,calls", READ, ids=range(len(READ)))
def test_key_value_pairs_on_the_names_line_are_read(text, calls):
    m = check(text, tools=T, calls=calls)
    assert m.content == "" and not m.errors


def test_prose_before_a_call_that_ends_the_turn():
    check('Looking.\n<tool_call>get_weather city="New York" days=2</tool_call>', tools=T,
          calls=[("get_weather", {"city": "New York", "days": 2})], content="Looking.")


STAYS_TEXT = [
    "<tool_call>unknown a=1</tool_call>",            # an undeclared name
    "<tool_call>f is a=1 thing</tool_call>",         # words that are no pairs
    "<tool_call>f a = 1</tool_call>",                # a key not glued to its `=`: prose
    "Write `<tool_call>f a=1</tool_call>` to call it.",   # an example in inline code
]


@pytest.mark.parametrize("text", STAYS_TEXT, ids=range(len(STAYS_TEXT)))
def test_look_alikes_stay_text(text):
    m = check(text, tools=T, calls=[])
    assert m.content == text


def test_a_cut_or_malformed_pair_never_runs():
    cut = parse('<tool_call>f a=1 q="no end', tools=T)
    assert cut.tool_calls == [] and [c.name for c in cut.incomplete] == ["f"]
    for text in ('<tool_call>f q="x"y</tool_call>', "<tool_call>f a=1 b=2 c</tool_call>"):
        bad = parse(text, tools=T)
        assert bad.tool_calls == [] and bad.errors
        assert bad.content == text             # its text is given back, nothing vanishes
