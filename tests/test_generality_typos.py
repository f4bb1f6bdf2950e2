"""Markup typos, generated (issue 31, wave 6): ONE character of ONE delimiter of ONE tag of a known
family's call corrupted, the way fresh harvests show models do it (hunts l, o: a Qwen3-Coder
`<parameter=path` with its `>` dropped, a MiniMax-M3 invoke with its `<` dropped, an envelope
missing its left half, a `</parameter` cut, `<function name>` for `<function=name>`).

Every registered family whose example call is tag markup (the same examples as
tests/test_generality_bends.py's bent axis: an opener, a body and the family's closer, read whole
with its tools declared) is corrupted at every tag of the example, by every typo that applies:

- `drop_left` / `drop_right`: the tag's `<` (`[`) or `>` (`]`) dropped;
- `drop_slash`: a closer's `/` dropped (`</x>` -> `<x>`);
- `double_left` / `double_right`: a delimiter doubled (`<<x>`, `<x>>`);
- `space_left` / `space_right`: a space inside the tag after `<` or before `>`;
- `misspelled`: a closer's name with one letter dropped (`</paramter>`).

Each variant, with its tools declared, whole and in two chunkings, has one of three outcomes:
**read** (the calls as written, the same in every chunking), **refused** (no call runs, and every
character the model wrote is the content, the reasoning or the detected family's markup: nothing
vanishes; the name is in the content) or **wrong** (a call ran with other arguments, a call ran
in one chunking and not another, text vanished).  Wrong is a bug, always: the test asserts there
is none.  Read / refused is the measure docs/generality.md quotes
(`python tests/test_generality_typos.py` prints it, per typo and per family).
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "src"))

from callsieve import parse  # noqa: E402
from helpers import accounted, feed, split, summary  # noqa: E402
from test_generality_bends import KNOWN_WRAPPERS  # noqa: E402

# A tag of the markup: `<x>`, `</x>`, `<|x|>`, `<x=y>`, `<invoke name="f">`, `[X]`, `[/X]`.
TAG = re.compile(r"<[^<>\n]{1,80}>|\[/?[A-Z][A-Z_]*\]")
TYPOS = ("drop_left", "drop_right", "drop_slash", "double_left", "double_right", "space_left",
         "space_right", "misspelled")


def _closer(tag: str) -> bool:
    return tag[1:2] == "/" or tag[1:3] in ("|/", "｜/")


def typo(tag: str, kind: str) -> str | None:
    """`tag` with the typo `kind`, or None when it does not apply (no slash to drop)."""
    left, inner, right = tag[0], tag[1:-1], tag[-1]
    if kind == "drop_left":
        return inner + right
    if kind == "drop_right":
        return left + inner
    if kind == "double_left":
        return left + tag
    if kind == "double_right":
        return tag + right
    if kind == "space_left":
        return f"{left} {inner}{right}"
    if kind == "space_right":
        return f"{left}{inner} {right}"
    if not _closer(tag):
        return None
    if kind == "drop_slash":
        return tag.replace("/", "", 1)
    word = re.search(r"[A-Za-z_]{4,}", tag)             # (the closer's name; a letter off its middle)
    if kind == "misspelled" and word:
        w = word.group()
        return tag[:word.start()] + w[:len(w) // 2] + w[len(w) // 2 + 1:] + tag[word.end():]
    return None


def variants():
    """(family, typo, text, tools, calls) of every tag of every known example, every typo."""
    for fam, opener, inner, closer, tools, calls in KNOWN_WRAPPERS:
        text = opener + inner + closer
        for m in TAG.finditer(text):
            for kind in TYPOS:
                bent = typo(m.group(), kind)
                if bent is not None:
                    yield fam, kind, text[:m.start()] + bent + text[m.end():], tools, calls


def outcome(text: str, tools, calls) -> str:
    """'read', 'refused' or 'wrong' (see the module's doc)."""
    whole = parse(text, tools=tools)
    runs = [(c.name, c.arguments) for c in whole.tool_calls]
    for chunks in (split(text, [1, 3]), split(text, [5, 2, 7])):
        msg, _ = feed(text, chunks, tools=tools)
        if summary(msg) != summary(whole):
            return "wrong"
        _, evs = feed(text, chunks, tools=tools, markup=True)
        try:
            accounted(text, evs)
        except AssertionError:
            return "wrong"
    if runs == calls:
        return "read"
    if not runs and calls[0][0] in whole.content:
        return "refused"
    return "wrong"


VARIANTS = list(variants())


@pytest.mark.parametrize("kind", TYPOS)
def test_a_typo_in_a_tag_never_runs_a_wrong_call_nor_loses_text(kind):
    """Whatever the typo, the call runs as written or not at all, every character kept."""
    wrong = [(fam, text) for fam, k, text, tools, calls in VARIANTS
             if k == kind and outcome(text, tools, calls) == "wrong"]
    assert not wrong, wrong[:5]


def sweep() -> None:
    by_kind: dict[str, Counter] = {k: Counter() for k in TYPOS}
    by_fam: dict[str, Counter] = {}
    for fam, kind, text, tools, calls in VARIANTS:
        got = outcome(text, tools, calls)
        by_kind[kind][got] += 1
        by_fam.setdefault(fam, Counter())[got] += 1
        if got == "wrong" or "-v" in sys.argv:
            print(f"  {got:8} {fam:16} {kind:12} {text!r}")
    total: Counter = sum(by_kind.values(), Counter())
    for name, c in [*by_kind.items(), *sorted(by_fam.items()), ("all", total)]:
        n = sum(c.values())
        print(f"{name:20} read {c['read']:4} / {n:<4} ({100 * c['read'] / max(n, 1):5.1f} %)"
              f"  refused {c['refused']:4}  wrong {c['wrong']}")


if __name__ == "__main__":
    sweep()
