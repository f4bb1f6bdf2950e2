"""Doubling the Sieve's adversarial inputs at most doubles their time (issue 35: a run of
backticks took 76 s for 1 MiB, quadratic in the fence tracking).

`python -m bench.sieve_doubling [--quick]` times each case at n and 2n characters (CPU time,
best of 3) and prints the ratio; a linear cost gives ~2, a quadratic one ~4.  Reported, not
asserted (the machines are shared and noisy): a ratio over ~2.2 is worth a profile.
"""
from __future__ import annotations

import argparse
import time

from callsieve import Sieve

TOOLS = [{"type": "function", "function": {"name": "run", "parameters": {"type": "object"}}}]


def _backticks(n: int) -> str:
    return "`" * n


def _prose_backticks(n: int) -> str:
    return "See " + "`" * n


def _fence_line(n: int) -> str:
    return "Code:\n```" + "`" * n + "\nx\n"


def _quoted_lines(n: int) -> str:
    line = '> [TOOL_CALLS]run[ARGS]{"command": "ls"}\n'
    return (line * (n // len(line) + 1))[:n]


CASES = {"backtick_run": _backticks, "backticks_after_prose": _prose_backticks,
         "fence_opening_run": _fence_line, "blockquoted_calls": _quoted_lines}


def _time(text: str, chunk: int) -> float:
    best = float("inf")
    for _ in range(3):
        s = Sieve(tools=TOOLS)
        t = time.process_time()
        for i in range(0, len(text), chunk):
            s.feed(text[i:i + chunk])
        s.close()
        best = min(best, time.process_time() - t)
    return best


def run(quick: bool = False, progress=print) -> list[dict]:
    n = 1 << (15 if quick else 19)
    rows = []
    for name, make in CASES.items():
        for chunk in (16, 1 << 30):
            a, b = _time(make(n), chunk), _time(make(2 * n), chunk)
            row = {"case": name, "chunk": "whole" if chunk > n else chunk, "n": n,
                   "s_n": round(a, 3), "s_2n": round(b, 3), "ratio": round(b / a, 2) if a else None}
            progress(f"  {name:<24} chunk={row['chunk']!s:<6} n={n}: {a:.3f} s, 2n: {b:.3f} s, "
                     f"ratio {row['ratio']}")
            rows.append(row)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small inputs (a smoke run)")
    run(ap.parse_args(argv).quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
