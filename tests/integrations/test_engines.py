"""callsieve as vLLM's and SGLang's parser, checked against the real vLLM 0.33 and SGLang 0.5.23 code.

The engines live in their own virtualenv (bench/peers_setup.sh builds it; .ci/vllm.sh does in CI), so
each engine's checks (vllm_checks.py, sglang_checks.py) run there as one subprocess and every check
is reported here as a test.  Without that venv the tests skip, except in CI (CI set): they fail.
"""
import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
VENV = Path(os.environ.get("PEERS_VENV") or Path.home() / ".cache" / "callsieve-peers-venv")
PY = VENV / "bin" / "python"
ENGINES = ("vllm", "sglang")


def load(engine):
    """The checks' names: plain data at import, the engine is imported only in the subprocess."""
    spec = importlib.util.spec_from_file_location(f"{engine}_checks", HERE / f"{engine}_checks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CHECKS


_results: dict[str, dict] = {}


def results(engine: str) -> dict:
    if not PY.exists():
        missing = f"no vLLM/SGLang venv at {VENV} (build it: bash bench/peers_setup.sh)"
        if os.environ.get("CI"):
            pytest.fail(missing + "; CI must build it (.ci/vllm.sh)")
        pytest.skip(missing)
    if engine not in _results:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "VLLM_LOGGING_LEVEL": "ERROR",
               "VLLM_TARGET_DEVICE": "cpu"}   # `vllm serve`'s argument defaults ask for a platform
        run = subprocess.run([str(PY), str(HERE / f"{engine}_checks.py")], capture_output=True, text=True,
                             env=env, timeout=600)
        line = next((l for l in run.stdout.splitlines() if l.startswith("CHECKS-JSON ")), None)
        _results[engine] = json.loads(line[len("CHECKS-JSON "):]) if line else \
            {"error": f"the {engine} checks did not run (exit {run.returncode}):\n{run.stderr[-4000:]}"}
    return _results[engine]


@pytest.mark.parametrize("engine,name", [(e, n) for e in ENGINES for n in load(e)])
def test_engine(engine, name):
    got = results(engine)
    assert "error" not in got, got.get("error")
    assert name in got, f"{name} was not run"
    if got[name] != "ok":
        pytest.fail(got[name], pytrace=False)
