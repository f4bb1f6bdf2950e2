"""Instructions per stream of every feed row, counted under valgrind's callgrind.

    python -m bench --instructions                  # this tree's rows
    python -m bench --instructions --against REV    # and the same rows on a git revision

On a shared machine a row's time moves +-30 % between runs, more than the change one wants to
see; the instructions a stream executes are exact (the same run twice gives the same count).
Each row runs in one process: a warm stream first (tables built), the collector emptied and
frozen (the process's own objects stay out of the rows' collections: whether a full
collection falls inside a row otherwise depends on everything allocated before it), then N
streams between two dumps (`--dump-after=time_sleep`).  The bench's streams and feed loop are
this tree's; only the library under test changes with --against (a temporary worktree of REV).
Instructions are not time (a cache miss costs more than an add), but a row that executes more
of them for the same stream does more work.
"""
from __future__ import annotations

import glob
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rows(only: str = "") -> list[tuple[str, dict, object]]:
    """(row name, stream, derived format or None) of every feed row the bench measures."""
    from . import streams as S
    derived = S.derived_formats()
    out = []
    for rec in S.peer_streams() + S.xml_streams():
        if only and not re.search(only, rec["id"]):
            continue
        out.append((f"feed {rec['id']}", rec, None))
        fmt = derived.get(rec["format"])
        if fmt is not None:
            out.append((f"derived {rec['id']}", rec, fmt))
    return out


def child(n: int, only: str, names_file: str) -> None:
    """Run under callgrind: every row, a dump before and after its n streams."""
    import gc

    from .feedbench import feed_once
    names = []
    for name, rec, fmt in rows(only):
        feed_once(rec["chunks"], fmt=fmt)       # warm: the tables built
        gc.collect()
        gc.freeze()
        time.sleep(0)                           # dump: the warm stream and the gap
        for _ in range(n):
            feed_once(rec["chunks"], fmt=fmt)
        time.sleep(0)                           # dump: this row's n streams
        names.append(name)
    with open(names_file, "w", encoding="utf-8") as f:
        f.write("\n".join(names))


def count(src: str, n: int, only: str, work: str) -> dict[str, int]:
    """{row: instructions per stream} with the library in `src` (a tree's src directory)."""
    out, names = os.path.join(work, "cg.out"), os.path.join(work, "names.txt")
    # (the scripts' directory is listed at start-up: run from a fixed, empty one)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((src, ROOT)), PYTHONHASHSEED="0")
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-after=time_sleep", f"--callgrind-out-file={out}",
                    sys.executable, "-m", "bench.instructions", "--child", str(n), only, names],
                   cwd=work, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    totals = []
    for path in sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1])):
        with open(path, encoding="utf-8", errors="replace") as f:
            totals.append(next(int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:"))))
        os.remove(path)
    with open(names, encoding="utf-8") as f:
        row_names = f.read().split("\n")
    # dumps alternate: (the warm stream and the gap), (the row's n streams)
    return {name: round(total / n) for name, total in zip(row_names, totals[1::2])}


def table(ours: dict[str, int], theirs: dict[str, int] | None, against: str) -> str:
    if theirs is None:
        return "\n".join([f"{'row':48} {'instructions':>14}"] + [f"{k:48} {v:>14,}" for k, v in ours.items()])
    lines = [f"{'row':48} {against[:12]:>14} {'this tree':>14} {'ratio':>7}"]
    ratios = []
    for k, v in ours.items():
        if k in theirs:
            r = v / theirs[k]
            ratios.append(r)
            lines.append(f"{k:48} {theirs[k]:>14,} {v:>14,} {r:>7.3f}")
    if ratios:
        geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
        slower = sum(r > 1.0 for r in ratios)
        lines.append(f"{len(ratios)} rows: geometric mean {geo:.3f}, {slower} execute more instructions, "
                     f"{len(ratios) - slower} fewer or the same")
    return "\n".join(lines)


def main(only: str = "", against: str | None = None, n: int = 3) -> int:
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="callsieve-ir-") as work:
        ours = count(os.path.join(ROOT, "src"), n, only, work)
        theirs = None
        if against:
            tree = os.path.join(work, "tree")
            subprocess.run(["git", "worktree", "add", "--detach", "-q", tree, against], cwd=ROOT, check=True)
            try:
                theirs = count(os.path.join(tree, "src"), n, only, work)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT, check=False)
    print(table(ours, theirs, against or ""))
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(int(sys.argv[2]), sys.argv[3], sys.argv[4])
