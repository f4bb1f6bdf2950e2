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
from callsieve.sources import Sources

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


_CALL = '<tool_call>\n{"name": "run", "arguments": {"command": "ls %d"}}\n</tool_call>\n'
# A tool's output that holds calls and JSON (what the request gives the quote check to index).
_FILE = "".join('{"line": %d, "text": "<b>[x]</b>"}\n' % i + _CALL % i for i in range(20000))


def _calls_quoted(n: int) -> str:
    out, i = [], 0
    while sum(map(len, out)) < n:
        out.append(_CALL % (i * 7919 % 40000))     # half of them stand in the file: quotes
        i += 1
    return "".join(out)[:n]


CASES = {"backtick_run": _backticks, "backticks_after_prose": _prose_backticks,
         "fence_opening_run": _fence_line, "blockquoted_calls": _quoted_lines,
         "calls_with_the_request_given": _calls_quoted}


def _time(text: str, chunk: int, quotes=None) -> float:
    best = float("inf")
    for _ in range(3):
        s = Sieve(tools=TOOLS, quotes=quotes)
        t = time.process_time()
        for i in range(0, len(text), chunk):
            s.feed(text[i:i + chunk])
        s.close()
        best = min(best, time.process_time() - t)
    return best


def run(quick: bool = False, progress=print) -> list[dict]:
    n = 1 << (15 if quick else 19)
    rows = []
    quotes = Sources([_FILE])
    for name, make in CASES.items():
        q = quotes if name == "calls_with_the_request_given" else None
        for chunk in (16, 1 << 30):
            a, b = _time(make(n), chunk, q), _time(make(2 * n), chunk, q)
            row = {"case": name, "chunk": "whole" if chunk > n else chunk, "n": n,
                   "s_n": round(a, 3), "s_2n": round(b, 3), "ratio": round(b / a, 2) if a else None}
            progress(f"  {name:<24} chunk={row['chunk']!s:<6} n={n}: {a:.3f} s, 2n: {b:.3f} s, "
                     f"ratio {row['ratio']}")
            rows.append(row)
    # the request's index: built once per request, linear in its texts
    m = n * 4
    big = _FILE * (2 * m // len(_FILE) + 1)
    a, b = _index(big[:m]), _index(big[:2 * m])
    progress(f"  {'request_index':<24} {m} chars: {a:.3f} s, 2x: {b:.3f} s, ratio {b / a if a else 0:.2f}")
    rows.append({"case": "request_index", "n": m, "s_n": round(a, 3), "s_2n": round(b, 3),
                 "ratio": round(b / a, 2) if a else None})
    return rows


def render(rows: list[dict]) -> list[str]:
    """Markdown rows for bench/RESULTS.md."""
    L = ["", "**The Sieve on adversarial input** (issue 35; bench/sieve_doubling.py; CPU time, best of 3; "
         "×2n = t(2n) ÷ t(n): 2 is linear, 4 quadratic):", "", "| case | chunk | n | s at n | ×2n |",
         "|---|---|---:|---:|---:|"]
    L += [f"| {r['case']} | {r.get('chunk', '-')} | {r['n']:,} | {r['s_n']:.3f} | {r['ratio']} |" for r in rows]
    return L


def wrong(rows: list[dict]) -> list[str]:
    """A case far from linear (a ratio near 4 is quadratic; timing noise stays well below 3)."""
    return [f"sieve doubling {r['case']} ({r.get('chunk', '-')}): x{r['ratio']} at 2n" for r in rows
            if r.get("ratio") and r["ratio"] > 3.0 and r["s_2n"] > 0.05]


def _index(text: str) -> float:
    # (best of 7: one build takes ~0.04 s on the quick size, where one noisy sample on a shared
    # machine read as x3.7 at 2n and failed the quick bench's linearity check)
    best = float("inf")
    for _ in range(7):
        t = time.process_time()
        Sources([text])
        best = min(best, time.process_time() - t)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small inputs (a smoke run)")
    run(ap.parse_args(argv).quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
