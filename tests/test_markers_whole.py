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
