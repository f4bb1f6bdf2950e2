"""CanIToolCall, the field's neutral conformance suite, run on callsieve (in-process, seconds).

    from bench.conformance import measure
    cases = measure()          # {fixture id: Case(family, tags, status, detail)}

`python -m bench --conformance` writes the matrix into bench/RESULTS.md; tests/test_conformance.py
fails on any fixture that passed in the committed baseline (bench/conformance/baseline.json).
The adapter itself is in `adapter.py` and also runs under the suite's own CLI.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "baseline.json")
SUITE_VERSION = "0.1.1"
# One delta, one character per delta, and random groups of 1..8 and 1..64 characters.
STRATEGIES = ("one", "token", *(f"rand:{s}:8" for s in range(1, 6)), "rand:6:64")


@dataclass(frozen=True)
class Case:
    family: str
    tags: tuple[str, ...]
    status: str                 # pass, soft_pass, fail, error
    detail: str = ""            # the first failing check, for the report
    streams_agree: bool = True  # every chunking gave the whole-text result


def _detail(case) -> str:
    bad = [c for c in case.checks if c.status.value != "pass"]
    if case.harness_error:
        return case.harness_error.splitlines()[-1]
    if not bad:
        return ""
    worst = next((c for c in bad if c.status.value == "fail"), bad[0])
    return f"{worst.check}[{worst.strategy}]: {worst.detail or ''}"[:400]


def measure(families=None, ids=None, adapter=None) -> dict[str, Case]:
    """Replay every fixture (or those of `families` / whose id is in `ids`) through callsieve
    (the library; or `adapter`, e.g. a client of the proxy: bench/conformance/proxy.py)."""
    from canitoolcall.adapters.worker import replay
    from canitoolcall.chunking import ChunkStrategy
    from canitoolcall.fixtures import load_fixtures
    from canitoolcall.runner import evaluate, family_for

    from bench.conformance.adapter import CallsieveAdapter

    adapter = adapter or CallsieveAdapter()
    strategies = [ChunkStrategy.parse(s) for s in STRATEGIES]
    cache: dict = {}
    out = {}
    for fx in load_fixtures(None, families=list(families) if families else None):
        if ids is not None and fx.id not in ids:
            continue
        fam = family_for(fx, cache)
        case = evaluate(fx, fam, replay(adapter, fx, fam, strategies))
        agree = all(c.status.value == "pass" for c in case.checks
                    if c.check in ("stream_equals_nonstream", "split_invariance"))
        out[fx.id] = Case(fx.family, tuple(fx.tags), case.status.value, _detail(case), agree)
    return out


def suite_version() -> str:
    import canitoolcall
    return canitoolcall.__version__


def load_baseline(path: str = BASELINE) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_baseline(cases: dict[str, Case], path: str = BASELINE) -> None:
    """The committed baseline: the suite's version and every fixture's status."""
    data = {"canitoolcall": suite_version(), "strategies": list(STRATEGIES),
            "status": {k: cases[k].status for k in sorted(cases)}}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
