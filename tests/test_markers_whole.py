"""Markers whole: a thinking marker or answer wrapper made of several tokens (Kimi K3's
`<|open|>think<|sep|>`, Gemma 4's `<|channel>thought`, Inkling's, Solar Open's, a ChatML role
header) is matched, kept and removed as one unit in every reasoning mode, its family known or
not: never a token of it removed and the rest left (`thinkplanthink`)."""
from __future__ import annotations

import pytest

from callsieve import formats as registry
from callsieve.markers import _TOKENS, several_tokens
from callsieve.reasoning import STRIP, SYNTAXES
from helpers import check

registry._load()


def families(*markers: str) -> list:
    """None (auto-detected), then each format whose tokens the markers are made of (forced:
    then those tokens are markup on their own)."""
    toks = {t for m in markers for t in _TOKENS.findall(m)}
    return [None] + sorted(f.name for f in registry.all_formats() if toks & set(f.vocabulary()))


BLOCKS = [(o, c, fam) for t in SYNTAXES if not t.start_only for o in t.opens for c in t.closes
          if several_tokens(o) or several_tokens(c) for fam in families(o, c)]
WRAPPERS = [(w, fam) for w in STRIP if several_tokens(w) for fam in families(w)]


def test_the_families_with_such_markers_are_found():
    # (the mechanism finds them from the declarations: no list to keep up to date)
    found = {o for o, _, _ in BLOCKS} | {c for _, c, _ in BLOCKS} | {w for w, _ in WRAPPERS}
    assert {"<|open|>think<|sep|>", "<|close|>think<|sep|>", "<|channel>thought",
            "<|message_model|><|content_thinking|>", "<|end|><|begin|>assistant",
            "<|open|>response<|sep|>", "<|im_start|>assistant"} <= found


@pytest.mark.parametrize("opener, closer, fam", BLOCKS)
def test_a_thinking_block_of_several_tokens_is_whole_in_every_mode(opener, closer, fam):
    text = f"{opener}plan{closer}answer"
    # inline: the markers stay in the content, whole (not `thinkplanthink`)
    check(text, reasoning_mode="none", format=fam, content=text, reasoning="")
    check(text, reasoning_mode="deepseek-legacy", format=fam, content=text, reasoning="plan")
    for mode in ("auto", "deepseek"):
        check(text, reasoning_mode=mode, format=fam, content="answer", reasoning="plan")
    # thinking turned off: still a thought, never `thought\nplan<channel|>` in the answer
    check(text, format=fam, thinking=False, content="answer", reasoning="plan")


@pytest.mark.parametrize("wrapper, fam", WRAPPERS)
def test_an_answer_wrapper_of_several_tokens_is_removed_whole_in_every_mode(wrapper, fam):
    for mode in ("none", "auto"):
        check(f"Hi {wrapper}there", reasoning_mode=mode, format=fam, content="Hi there")


# ---------------------------------------------------------------------------------------------
# Elements of tokens (issue 31, kimi_k3-16/17): a family whose markers are `<|lead|>WORD attrs<|tail|>`
# has them found from its declaration (markers.elements), Kimi K3's and a made-up one alike.
from callsieve.formats._parts import XTML, Family, Invoke  # noqa: E402
from callsieve.markers import elements  # noqa: E402
from helpers import tools  # noqa: E402

IN, OUT, DOT = "<|in|>", "<|out|>", "<|dot|>"
ACME = Family("acme_elements", f"{IN}calls{DOT}",
              Invoke(prefixes=("",), words=("call", "argument"), names=("tool", "key"), types=("type",),
                     marks=(IN, DOT, OUT, DOT), entities=True),
              closer=f"{OUT}calls{DOT}", own=True, specials=(IN, OUT, DOT))
K3 = next(f for f in registry.all_formats() if f.name == "kimi_k3")
SPELLINGS = [(K3, XTML[0], XTML[2], XTML[1]), (ACME, IN, OUT, DOT)]


def test_the_leads_are_found_from_the_declared_markers():
    assert elements(K3)[0] == {"<|open|>", "<|close|>"}
    assert elements(ACME)[0] == {IN, OUT}
    assert all(elements(f) == (frozenset(), None) for f in registry.all_formats() if f is not K3)


@pytest.mark.parametrize("fam, lead, close, tail", SPELLINGS, ids=["kimi_k3", "made_up"])
@pytest.mark.parametrize("seeded", [True, False])
def test_an_element_is_markup_whole_and_prose_naming_its_token_is_text_whole(fam, lead, close, tail, seeded):
    kw = {"format": fam} if seeded or fam is ACME else {}
    # prose that names the lead token: text whole, never `call, then` with the token removed
    text = f"calls open with {lead}call, then attributes"
    check(text, **kw, content=text)
    check(f"see `{lead}call tool=` here", **kw, content=f"see `{lead}call tool=` here")
    # a whole element outside a call: markup whole, never its word left
    check(f"Done.{close}calls{tail} ok", **kw, content="Done. ok")
    check(f'a {lead}call tool="f" index="1"{tail} b', **kw, content="a  b")
    # prose between the two tokens is no element's attributes: its words stay
    text = f"use {lead}call to start and then {tail} to end"
    assert "call to start and then" in check(text, **kw).content
    # cut by the end after its word (its tail never sent): markup, not `response`
    check(f"Delegating now.{close}response", **kw, content="Delegating now.")
    check(f"Delegating now.{lead}", **kw, content="Delegating now.")


def test_a_call_of_the_made_up_family_still_runs():
    call = (f'{IN}calls{DOT}{IN}call tool="mute" index="1"{DOT}{IN}argument key="room" type="string"{DOT}den'
            f"{OUT}argument{DOT}{OUT}call{DOT}{OUT}calls{DOT}")
    check("Muting." + call, format=ACME, tools=tools("mute"), calls=[("mute", {"room": "den"})], content="Muting.")
