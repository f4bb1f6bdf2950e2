"""What an attacker pays: prose that repeats what looks like the start of a call, whole-text parse.

Each attack repeats one short unit of prose that a scanner must look at (a special token spaced
beside its bars, a one-bar tag, an HTML link while tools are declared): it is text, never a call,
and every repetition is a candidate the readers try and turn down.  The cost is linear (the
sieve doubling bench checks that); this measures how heavy each repetition is, in CPU µs and in
Python function calls (cProfile), so a mechanism that tries more per candidate shows here.

    python -m bench.attacks [--quick]

Reported, not asserted (the machines are shared); a wrong answer (a call, or content that is not
the text) is a failure of `python -m bench`.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import time

import callsieve

from . import streams as S

# name: (the unit repeated, what it tries); each unit is prose a user may well send
ATTACKS = {
    "spaced_bars": ("a < |b| then <| x |> and < |y| > more. ",
                    "special tokens spaced beside their bars: each a wrapper tried"),
    "one_bar_tags": ("text <|x> more ", "one-bar tags (`<|x>`): each a wrapper tried"),
    "html_links": ('see <a href="https://example.com/p">the page</a> here. ',
                   "HTML links, tools declared: each tag a tool_attrs candidate"),
}


def _best(text: str, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        t = time.process_time()
        callsieve.parse(text, tools=S.TOOLS)
        best = min(best, time.process_time() - t)
    return best


def _calls(text: str) -> int:
    prof = cProfile.Profile()
    prof.enable()
    callsieve.parse(text, tools=S.TOOLS)
    prof.disable()
    return pstats.Stats(prof).total_calls      # type: ignore[attr-defined]


def run(quick: bool = False, runs: int = 3, progress=print) -> list[dict]:
    reps = 400 if quick else 4000
    rows = []
    for name, (unit, what) in ATTACKS.items():
        text = unit * reps
        msg = callsieve.parse(text, tools=S.TOOLS)          # (also the warm-up)
        ok = not msg.tool_calls and msg.content == text.strip()
        s = _best(text, max(runs, 1))
        row = {"attack": name, "unit": unit, "what": what, "reps": reps, "us_per_rep": s / reps * 1e6,
               "calls_per_rep": _calls(text) / reps, "ok": ok}
        progress(f"  attack {name:<14} {reps} reps: {row['us_per_rep']:7.1f} µs, "
                 f"{row['calls_per_rep']:6.1f} Python calls a repetition  {'ok' if ok else 'WRONG'}")
        rows.append(row)
    return rows


def render(rows: list[dict]) -> list[str]:
    """Markdown rows for bench/RESULTS.md."""
    L = ["", "**What an attacker pays** (bench/attacks.py; `parse(text, tools=...)` of one unit of prose "
         "repeated, CPU time best of runs and Python calls (cProfile), per repetition):", "",
         "| attack | unit | repetitions | µs | Python calls | right |", "|---|---|---:|---:|---:|:-:|"]
    L += [f"| {r['attack']} | `{r['unit'].strip().replace('|', chr(92) + '|')}` | {r['reps']:,} | {r['us_per_rep']:.1f} | "
          f"{r['calls_per_rep']:.0f} | {'✓' if r['ok'] else '✗'} |" for r in rows]
    return L


def wrong(rows: list[dict]) -> list[str]:
    """An attack read as a call, or its text not given back as content."""
    return [f"attack {r['attack']}: not the text as content" for r in rows if not r["ok"]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    rows = run(ap.parse_args(argv).quick)
    return 1 if wrong(rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
