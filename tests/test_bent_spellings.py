"""A special token spaced beside its bars or written with one bar (`<| zz |>`, `< |zz| >`, `<|zz>`)
whose word is no known family's and says no call (formats/_known.py, `_bent_spelling_of_nothing`):
prose writes these shapes, so such a token is decided from what follows it before any known
body is asked.  Made-up words × spellings: around a known body (JSON, function tags, a declared
name then JSON) it is still a wrapper, the call read and the wrapper markup, in any chunking; before
prose it is text, whole; and prose that repeats it asks no body at all (what an attacker pays:
bench/attacks.py)."""
import random

import pytest

from helpers import check, split
from test_generality import _word, callish

import callsieve
from callsieve.formats import _known

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
SPELLINGS = ("<| {w} |>", "< |{w}| >", "<|{w}| >", "<｜ {w} ｜>", "< | {w} | >", "<|{w} | >")
CLOSERS = {"<| {w} |>": "<| /{w} |>", "< |{w}| >": "< |/{w}| >", "<|{w}| >": "<|/{w}|>",
           "<｜ {w} ｜>": "<｜ /{w} ｜>", "< | {w} | >": "< | /{w} | >", "<|{w} | >": "<|/{w} | >"}
BODIES = ('{"name": "f", "arguments": {"a": 1}}', "<function=f><parameter=a>1</parameter></function>",
          'f\n{"a": 1}')


def _words(n: int, seed: int) -> list[str]:
    rng, out = random.Random(seed), []
    while len(out) < n:
        w = _word(rng)
        if not callish(w) and not _known.unbent(f"<|{w}|>"):
            out.append(w)
    return out


@pytest.mark.parametrize("word", _words(4, 7))
@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("body", BODIES)
def test_a_spaced_token_of_no_family_around_a_known_body_is_its_wrapper(word, spelling, body):
    text = "Sure. " + spelling.format(w=word) + body + CLOSERS[spelling].format(w=word)
    check(text, tools=TOOLS, calls=[("f", {"a": 1})], content="Sure.")


@pytest.mark.parametrize("word", _words(4, 11))
@pytest.mark.parametrize("spelling", (*SPELLINGS, "<|{w}>", "<｜{w}>"))
def test_such_a_token_before_prose_is_text(word, spelling):
    text = f"if x {spelling.format(w=word)} then f is called, {spelling.format(w=word)}\nf and more"
    check(text, tools=TOOLS, calls=[], content=text)


@pytest.mark.parametrize("unit", ["a < |b| > c ", "see <|x> here ", "<| note |> so then ", "<｜tip> and "])
def test_prose_repeating_such_a_token_asks_no_body(unit, monkeypatch):
    asked = []
    real = _known.pick
    monkeypatch.setattr(_known, "pick", lambda *a, **k: asked.append(a[3] if len(a) > 3 else "") or real(*a, **k))
    text = unit * 50
    msg = callsieve.parse(text, tools=TOOLS)
    assert msg.content == text.strip() and not msg.tool_calls
    assert asked == []
    for chunks in (split(text, [1]), split(text, [5, 3])):
        s = callsieve.Sieve(tools=TOOLS)
        for c in chunks:
            s.feed(c)
        s.close()
    assert asked == []
