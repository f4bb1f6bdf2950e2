"""The wheel docs/engines.md tells a user to build and copy into vLLM's or SGLang's environment
(`pip wheel . -w dist/`; callsieve is not on PyPI): it carries the engines' plugin entry points, the
CLI and the engine modules, so the engines find callsieve by its entry points alone."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_carries_the_engines_entry_points(tmp_path):
    project = tmp_path / "callsieve"        # a copy: building writes build/ and *.egg-info beside the sources
    project.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, project / name)
    shutil.copytree(ROOT / "src", project / "src", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
                          str(project)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    wheels = list((tmp_path / "dist").glob("callsieve-*-py3-none-any.whl"))
    assert len(wheels) == 1, list((tmp_path / "dist").iterdir())
    with zipfile.ZipFile(wheels[0]) as whl:
        names = set(whl.namelist())
        entry_points = next(whl.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    sections: dict[str, dict[str, str]] = {}
    section = ""
    for line in entry_points.splitlines():
        if line.startswith("["):
            section = line.strip("[]")
        elif "=" in line:
            key, value = (p.strip() for p in line.split("=", 1))
            sections.setdefault(section, {})[key] = value
    assert sections.get("vllm.general_plugins") == {"callsieve": "callsieve.integrations.vllm_plugin:register"}
    assert sections.get("sglang.srt.plugins") == {"callsieve": "callsieve.integrations.sglang_plugin:register"}
    assert sections.get("console_scripts") == {"callsieve": "callsieve.cli:main"}
    for module in ("callsieve/integrations/vllm_plugin.py", "callsieve/integrations/vllm/parsers.py",
                   "callsieve/integrations/sglang_plugin.py", "callsieve/integrations/sglang.py"):
        assert module in names, module
