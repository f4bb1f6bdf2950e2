"""Whatever the chunking, the same message: made-up special tokens spelled as detokenizers and
slips bend them (spaced beside either bar, one bar, a namespace, full-width bars) around a known
body, before prose, or cut by the end of the stream, read whole, one character at a time and in
random chunks, give one message.  (`< | w | >` around a call was read whole but not one
character at a time: the scanner's prefix of a spaced token stopped at `< | w ` and let the
`<` go as text before the bar that made it a token arrived.)"""
from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import chunked, feed, split, summary
from test_generality import callish

from callsieve.formats import _known

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
BODIES = ('{"name": "f", "arguments": {"a": 1}}', "<function=f><parameter=a>1</parameter></function>",
          'f\n{"a": 1}', '[{"name": "f", "arguments": {"a": 1}}]')
TAILS = ("", " and then some words.", "\nDone.", " ")

_words = st.text(string.ascii_lowercase + "_", min_size=2, max_size=9).map(lambda w: "z" + w.strip("_")).filter(
    lambda w: not callish(w) and not _known.unbent(f"<|{w}|>"))
_gap = st.sampled_from(("", " "))


@st.composite
def token_pair(draw) -> tuple[str, str]:
    """A made-up special token and its closer, bent: spaces beside the bars (any of four
    places), one bar, a namespace, a full-width bar, the closer spaced otherwise or `_end`."""
    w, bar = draw(_words), draw(st.sampled_from("|｜"))
    ns = draw(st.sampled_from(("", "acme|", "acme:")))
    if draw(st.booleans()):                                         # one bar: `<|w>`
        return f"<{bar}{ns}{w}>", f"<{bar}/{ns}{w}>"
    a, b, c, d = (draw(_gap) for _ in range(4))
    opener = f"<{a}{bar}{b}{ns}{w}{c}{bar}{d}>"
    a, b, c, d = (draw(_gap) for _ in range(4)) if draw(st.booleans()) else (a, b, c, d)
    inner = draw(st.sampled_from((f"/{ns}{w}", f"{ns}{w}_end")))
    return opener, f"<{a}{bar}{b}{inner}{c}{bar}{d}>"


def _same(text: str, chunks: list[str]) -> None:
    whole = summary(feed(text, tools=TOOLS)[0])
    assert summary(feed(text, split(text, [1]), tools=TOOLS)[0]) == whole, "one character at a time"
    assert summary(feed(text, chunks, tools=TOOLS)[0]) == whole, chunks


@settings(max_examples=120, deadline=None)
@given(st.data(), token_pair(), st.sampled_from(BODIES), st.sampled_from(("", "Sure. ", "Sure.\n")),
       st.sampled_from(TAILS), st.booleans())
def test_a_bent_token_around_a_call_is_one_message_in_any_chunking(data, pair, body, lead, tail, closed):
    opener, closer = pair
    text = lead + opener + body + (closer if closed else "") + tail
    _same(text, data.draw(chunked(text)))


@settings(max_examples=80, deadline=None)
@given(st.data(), token_pair(), st.sampled_from(("if x ", "a ", "")),
       st.sampled_from((" then f is called", " b | c", "\nf and more", "")))
def test_a_bent_token_in_prose_is_one_message_in_any_chunking(data, pair, lead, tail):
    opener, _ = pair
    text = lead + opener + tail + " " + opener
    _same(text, data.draw(chunked(text)))


def test_a_token_spaced_beside_both_bars_is_a_wrapper_one_character_at_a_time():
    """The spellings read as wrappers whole (`< | w | >`, `<| w | >`, `<|w | >`, …) are read so
    one character at a time too: the call runs, the tokens are markup."""
    for opener, closer in (("< | zq | >", "< | /zq | >"), ("< | zq | >", "< |/zq| >"), ("<|zq | >", "<|/zq | >"),
                           ("<| zq| >", "<| /zq| >"), ("< ｜ zq ｜ >", "< ｜ zq_end ｜ >")):
        for body in BODIES:
            text = "Sure. " + opener + body + closer
            for chunks in ([text], split(text, [1]), split(text, [2])):
                msg = feed(text, chunks, tools=TOOLS)[0]
                assert [(c.name, c.arguments) for c in msg.tool_calls] == [("f", {"a": 1})], (text, chunks[:3])
                assert msg.content == "Sure.", (text, msg.content)
