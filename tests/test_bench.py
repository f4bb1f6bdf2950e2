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
