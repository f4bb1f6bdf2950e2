"""The real-output corpus (tests/real_outputs/cases.py): every case parses to its calls, content and
reasoning, whole and in 1-character, 3-character and random chunkings, auto-detected and with its
family pre-seeded; no markup of any family is left in its content, and every character of the
text comes out once (as content, reasoning or markup).

`python tests/test_real_outputs.py` prints the pass rate per family (before a change, run it
against the old sources to see what the change fixed).
"""
from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from callsieve import Session, formats, parse  # noqa: E402
from helpers import accounted, deltas_ok, feed, split  # noqa: E402
from real_outputs.cases import CASES  # noqa: E402

# Markup no content may hold (unless the case's own expected content quotes it): every
# family's markers, plus the control tokens of the families the corpus covers.
CONTROL = ("<|im_end|>", "<|eot_id|>", "<|eom|>", "<|eot|>", "<|message|>", "<|channel|>", "<|end|>",
           "<|start|>", "<|call|>", "<|content|>", "<|begin|>", "<|calls|>", "<|think|>", "<|end_message|>",
           "<|message_model|>", "<|content_text|>", "<|content_thinking|>", "<|content_model_end_sampling|>",
           "]<]minimax[>[", "</tool_call>", "</invoke>", "</parameter>", "</arg_value>", "<arg_key>",
           "<｜tool▁", "<|tool_call", "[/TOOL_CALL]", "</longcat_", "<longcat_", "</atem:", "<atem:",
           "<tool_call|>", "<|tool_response>", "<|\"|>", "[TOOL_CALLS]", "[ARGS]", "<|python_tag|>",
           "<function=", "</function>", "<|START_ACTION|>", "<|END_ACTION|>")


def _markers():
    out = set(CONTROL)
    for f in formats.all_formats():
        for m in f.openers + f.tool_openers:
            if len(m) > 3 and not m[0].isalnum():
                out.add(m)
        for opener in f.openers:
            c = f.closer_for(opener)
            if c and len(c) > 3:
                out.add(c)
    return sorted(out)


MARKERS = _markers()


def leaks(case, content: str) -> list[str]:
    return [m for m in MARKERS if m in content and m not in case.content]


def chunkings(text: str, seed: int):
    rng = random.Random(seed)
    yield "1 char", split(text, [1])
    yield "3 chars", split(text, [3])
    yield "random", split(text, [rng.randint(1, 12) for _ in range(23)])


def got(msg):
    return ([(c.name, c.arguments) for c in msg.tool_calls], msg.content, msg.reasoning,
            [(c.name, c.arguments) for c in msg.incomplete])


def want(case):
    return (list(case.calls), case.content, case.reasoning, list(case.incomplete))


def check_case(case) -> None:
    kw = {"tools": case.tool_list(), **case.kw}
    whole = parse(case.text, **kw)
    assert got(whole) == want(case), f"{case.id} ({case.bend}): whole text"
    assert not leaks(case, whole.content), f"{case.id}: markup in content {leaks(case, whole.content)}"
    seeded = [None]
    if case.family in formats.names():
        seeded.append(case.family)
    for fam in seeded:
        for label, chunks in chunkings(case.text, hash(case.id) & 0xFFFF):
            session = Session(fam, seeded=True) if fam else None
            msg, evs = feed(case.text, chunks, session=session, **kw)
            assert got(msg) == want(case), f"{case.id}: {label}{', pre-seeded ' + fam if fam else ''}"
            deltas_ok(evs)
    for chunks in ([case.text], split(case.text, [1])):
        _, evs = feed(case.text, chunks, markup=True, **kw)
        accounted(case.text, evs)        # every character is content, reasoning or markup, once


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id, marks=c.marks()) for c in CASES])
def test_real_output(case):
    check_case(case)


def test_the_corpus_is_wide_and_cited():
    fams = Counter(c.family for c in CASES)
    assert len(CASES) >= 200 and len(fams) >= 30, (len(CASES), len(fams))
    assert all(c.source.startswith("https://") for c in CASES)
    assert len({c.id for c in CASES}) == len(CASES), "case ids are unique"


def report() -> dict:
    """Pass rate per family: {family: (passed, total)} (xfail marks ignored)."""
    out: dict = {}
    for c in CASES:
        try:
            check_case(c)
            ok = 1
        except Exception:            # noqa: BLE001 (any failure counts)
            ok = 0
        p, t = out.get(c.family, (0, 0))
        out[c.family] = (p + ok, t + 1)
    return out


if __name__ == "__main__":
    rates = report()
    total = [sum(v[i] for v in rates.values()) for i in (0, 1)]
    for fam, (p, t) in sorted(rates.items()):
        print(f"{fam:22} {p:3}/{t:<3}")
    print(f"{'all':22} {total[0]:3}/{total[1]:<3} ({100 * total[0] / total[1]:.1f} %)")
