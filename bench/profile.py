"""Where the time goes: profile callsieve on one benchmark stream.

    python -m bench.profile hermes/call_100k/split          # cProfile (standard library), top functions
    python -m bench.profile prose_10k --top 25 --repeat 20
    python -m bench.profile dense                           # parse() on text dense with calls
    python -m bench.profile prose10m                        # parse() on 10 MB of prose

The stream is fed `--repeat` times (after one warm-up run) so that the profile is about the steady
state, not imports and regex compilation.  For a sampling profile with line numbers, run the same
stream under py-spy:  py-spy record -r 2000 -o out.svg -- python -m bench.profile STREAM --plain
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import sys

import callsieve

from . import streams as S


def workload(name: str):
    if name in ("dense", "prose10m"):
        text = S.dense_calls(2 * 1024 * 1024)[0] if name == "dense" else S.big_prose(10 * 1024 * 1024)
        return name, lambda: callsieve.parse(text, tools=S.TOOLS)
    recs = [r for r in S.peer_streams() + S.xml_streams() if re.search(name, r["id"])]
    if not recs:
        raise SystemExit(f"no stream matches {name!r}")
    chunks = recs[0]["chunks"]

    def run():
        s = callsieve.Sieve(tools=S.TOOLS)
        for c in chunks:
            s.feed(c)
        s.close()
    return recs[0]["id"], run


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("stream", help="regex over stream ids (first match), or 'dense' / 'prose10m'")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--sort", default="tottime", choices=["tottime", "cumulative", "ncalls"])
    ap.add_argument("--plain", action="store_true", help="no profiler: just run (for py-spy)")
    a = ap.parse_args(argv)
    sid, run = workload(a.stream)
    run()                                       # warm-up: imports, regex compilation, caches
    if a.plain:
        for _ in range(a.repeat):
            run()
        return 0
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(a.repeat):
        run()
    prof.disable()
    print(f"# {sid}, {a.repeat} runs", file=sys.stderr)
    pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats(a.sort).print_stats(a.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
