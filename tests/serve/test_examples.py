"""The examples run after the install the README shows beside them, and say what they promise."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_library_example_runs_from_a_clone():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"## The library\n\n```python\n(.*?)```", readme, re.S).group(1)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "ToolCallEnd(index=0, name='get_weather', arguments={'city': 'Paris'})" in p.stdout


def test_serve_client_streams_a_tool_call_through_the_proxy(real_proxy):
    p = subprocess.run([sys.executable, str(ROOT / "examples" / "serve_client.py"), real_proxy],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    lines = p.stdout.splitlines()
    assert "slow" in lines[0]                                  # said up front, before the wait
    name = next(i for i, line in enumerate(lines) if "tool call 0: get_weather" in line)
    pieces = [line for line in lines[name + 1:] if "arguments +=" in line]
    assert pieces and re.match(r"\[ *\d+\.\d s\]", pieces[0])  # each piece printed when it came
    assert "finish_reason: tool_calls" in p.stdout
