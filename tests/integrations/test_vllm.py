"""callsieve as vLLM's parser, checked against the real vLLM 0.33 code.

vLLM lives in its own virtualenv (bench/peers_setup.sh builds it; .ci/vllm.sh does in CI), so the
checks run there as one subprocess (vllm_checks.py) and each check is reported here as a test.
Without that venv the tests skip, except in CI (CI set), where they fail.
"""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
VENV = Path(os.environ.get("PEERS_VENV") or Path.home() / ".cache" / "callsieve-peers-venv")
PY = VENV / "bin" / "python"

spec = importlib.util.spec_from_file_location("vllm_checks", HERE / "vllm_checks.py")
checks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checks)   # plain data at import: vLLM is imported only in the subprocess


def vllm_missing() -> str | None:
    if not PY.exists():
        return f"no vLLM venv at {VENV} (build it: bash bench/peers_setup.sh)"
    return None


@pytest.fixture(scope="module")
def results():
    missing = vllm_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing + "; CI must build it (.ci/vllm.sh)")
        pytest.skip(missing)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "VLLM_LOGGING_LEVEL": "ERROR"}
    run = subprocess.run([str(PY), str(HERE / "vllm_checks.py")], capture_output=True, text=True,
                         env=env, timeout=600)
    line = next((l for l in run.stdout.splitlines() if l.startswith("CHECKS-JSON ")), None)
    assert line, f"the vLLM checks did not run (exit {run.returncode}):\n{run.stderr[-4000:]}"
    return json.loads(line[len("CHECKS-JSON "):])


@pytest.mark.parametrize("name", checks.CHECKS)
def test_vllm(results, name):
    assert name in results, f"{name} was not run"
    if results[name] != "ok":
        pytest.fail(results[name], pytrace=False)
