"""callsieve as vLLM's and SGLang's parser, checked against the real engines' code: the newest vLLM
(0.34.0) and SGLang (0.5.23) with every check, and vLLM's pinned minimum (0.33.0) with the vLLM checks.

The engines live in their own virtualenvs (bench/peers_setup.sh builds them; .ci/vllm.sh does in CI):
PEERS_VENV (default ~/.cache/callsieve-peers-venv) holds the newest, PEERS_VENV_MIN (default
~/.cache/callsieve-peers-venv-0.33) the minimum.  Each engine's checks (vllm_checks.py,
sglang_checks.py) run there as one subprocess and every check is reported here as a test.  Without
a venv its tests skip, except in CI (CI set): they fail.
"""
import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CACHE = Path.home() / ".cache"
# run name: (venv, the checks' script, the vLLM version that venv must hold or None)
RUNS = {
    "vllm": (Path(os.environ.get("PEERS_VENV") or CACHE / "callsieve-peers-venv"), "vllm", "0.34.0"),
    "sglang": (Path(os.environ.get("PEERS_VENV") or CACHE / "callsieve-peers-venv"), "sglang", None),
    "vllm-0.33": (Path(os.environ.get("PEERS_VENV_MIN") or CACHE / "callsieve-peers-venv-0.33"), "vllm", "0.33.0"),
}


def load(engine):
    """The checks' names: plain data at import, the engine is imported only in the subprocess."""
    spec = importlib.util.spec_from_file_location(f"{engine}_checks", HERE / f"{engine}_checks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CHECKS


_results: dict[str, dict] = {}


def results(run_name: str) -> dict:
    venv, engine, version = RUNS[run_name]
    py = venv / "bin" / "python"
    if not py.exists():
        build = f"VLLM_VERSION={version} " if version else ""
        missing = f"no vLLM/SGLang venv at {venv} (build it: {build}bash bench/peers_setup.sh {venv})"
        if os.environ.get("CI"):
            pytest.fail(missing + "; CI must build it (.ci/vllm.sh)")
        pytest.skip(missing)
    if run_name not in _results:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "VLLM_LOGGING_LEVEL": "ERROR",
               "VLLM_TARGET_DEVICE": "cpu"}   # `vllm serve`'s argument defaults ask for a platform
        if version:
            env["CALLSIEVE_EXPECT_VLLM"] = version      # the checks fail if the venv holds another
        run = subprocess.run([str(py), str(HERE / f"{engine}_checks.py")], capture_output=True, text=True,
                             env=env, timeout=900)
        line = next((l for l in run.stdout.splitlines() if l.startswith("CHECKS-JSON ")), None)
        _results[run_name] = json.loads(line[len("CHECKS-JSON "):]) if line else \
            {"error": f"the {run_name} checks did not run (exit {run.returncode}):\n{run.stderr[-4000:]}"}
    return _results[run_name]


@pytest.mark.parametrize("run_name,name", [(r, n) for r, (_, e, _) in RUNS.items() for n in load(e)])
def test_engine(run_name, name):
    got = results(run_name)
    assert "error" not in got, got.get("error")
    assert name in got, f"{name} was not run"
    if got[name] != "ok":
        pytest.fail(got[name], pytrace=False)
