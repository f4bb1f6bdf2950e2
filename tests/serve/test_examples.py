"""The examples run after the install the README shows beside them, and say what they promise."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import httpx

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
    assert len(pieces) > 1 and re.match(r"\[ *\d+\.\d s\]", pieces[0])  # piece by piece, each when it came
    assert "finish_reason: tool_calls" in p.stdout


def readme_proxy_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split("## The proxy: `callsieve serve`", 1)[1].split("\n## ", 1)[0]


def test_the_readme_proxy_examples_run_against_the_embedded_model(real_proxy):
    """Each API's example in the README, as written, against the proxy on the embedded model."""
    section = readme_proxy_section()
    base = real_proxy.removesuffix("/v1")
    code = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S)).replace("http://127.0.0.1:8000", base)
    assert code.count(".create(") == 3                        # Chat (streamed), Responses, Messages
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stderr
    assert re.search(r"^\['(message|function_call)'", p.stdout, re.M), p.stdout          # Responses output items
    assert re.search(r"^(end_turn|max_tokens|tool_use) \['(text|tool_use)'", p.stdout, re.M), p.stdout  # Messages
    body = json.loads(re.search(r"-d '(\{.*?\})'", section, re.S).group(1))
    r = httpx.post(f"{real_proxy}/chat/completions", json=body, timeout=120)
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["role"] == "assistant"
