"""The benchmarks run (on small inputs) and callsieve's results on their streams are right.

Speed is not asserted here (these machines are shared and noisy): `python -m bench` measures it.
"""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quick_benchmarks_run_and_every_result_is_right():
    p = subprocess.run([sys.executable, "-m", "bench", "--quick"], cwd=ROOT, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    assert "wrong result" not in p.stdout + p.stderr


def test_instruction_counts_compare_row_by_row():
    """`python -m bench --instructions --against REV`: each row's instructions per stream beside
    the revision's, its ratio, and how many rows execute more (valgrind is not run here)."""
    from bench.instructions import rows, table
    names = [name for name, _, _ in rows("hermes/parallel_8")]
    assert "feed hermes/parallel_8/split" in names and all("hermes/parallel_8" in n for n in names)
    out = table({"feed a": 110, "feed b": 90, "feed new": 5}, {"feed a": 100, "feed b": 100}, "0501a44")
    assert "1.100" in out and "0.900" in out and "feed new" not in out     # (a row only one side has)
    assert out.splitlines()[-1] == "2 rows: geometric mean 0.995, 1 execute more instructions, 1 fewer or the same"
