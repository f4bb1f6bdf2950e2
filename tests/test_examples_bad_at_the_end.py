"""A call after prose is held as an example until the turn ends (Format.examples).  One that goes
bad (brackets that do not match, a key no call has) is no call, even when the stream ends right
there: its text is content, whole, in every chunking (hunt p: OpenVINO's Gemma 4 contract test of a
malformed bare call).  Only a call the end of the stream cut off stays one (the turn was cut)."""
import pytest

from helpers import check, tools

T = tools("f", "question")

BAD = [
    "prefix\ncall:question{questions:[1,2}",
    "prefix\ncall:question{questions:[1,2}\nand more words",
    'Sure.\n{"name": "f", "arguments": {"a": [1}}',
    'Sure.\n{"name": "f", "arguments": {"a": 1}, "weird": 2}',
]


@pytest.mark.parametrize("text", BAD, ids=range(len(BAD)))
def test_a_held_call_that_went_bad_is_text_whole(text):
    m = check(text, tools=T, calls=[], content=text)
    assert not m.incomplete


CUT = [
    ("prefix\ncall:question{questions:[1,2", "prefix"),
    ('Sure.\n{"name": "f", "arguments": {"a": [1', "Sure."),
]


@pytest.mark.parametrize("text,content", CUT, ids=range(len(CUT)))
def test_a_held_call_the_end_cut_off_stays_an_incomplete_call(text, content):
    m = check(text, tools=T, calls=[], content=content)
    assert [c.name for c in m.incomplete] in (["question"], ["f"])
