"""Real agent CLIs do not run a call quoted in a fenced code block (issue 18 §3).

The scripted model of agent_harness.py answers, instead of calling its tool, "this is how I write
a tool call:" and a ``` block holding that very call, in Hermes, Mistral or Qwen3-Coder syntax.
Codex CLI (Responses), Claude Code (Messages), opencode and Qwen Code (Chat Completions) must show
it as text: no tool runs, no tool result goes back upstream, the run ends with the model's text.

Run like test_serve_agents.py (the CLIs from `.ci/agents.sh`, a private network namespace); this
file is also the script run inside the namespace: it sets the harness's markup, then runs it.
"""
from __future__ import annotations

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import agent_harness as harness  # noqa: E402

AGENTS = os.environ.get("CALLSIEVE_AGENTS_DIR") or os.path.expanduser("~/.cache/callsieve-agents")
BIN = os.path.join(AGENTS, "node_modules", ".bin")
SAID = "That is the syntax; I did not call the tool."

CALL = {
    "hermes": lambda name, key, value: (
        "<tool_call>" + json.dumps({"name": name, "arguments": {key: value}}) + "</tool_call>"),
    "mistral": lambda name, key, value: f"[TOOL_CALLS]{name}[ARGS]" + json.dumps({key: value}),
    "qwen3_coder": lambda name, key, value: (
        f"<tool_call>\n<function={name}>\n<parameter={key}>\n{value}\n</parameter>\n</function>\n</tool_call>"),
}


def quoted(family: str):
    def markup(name, key, value, *_):         # (the harness may pass how the call is written)
        return f"This is how I write a tool call:\n```\n{CALL[family](name, key, value)}\n```\n{SAID}"
    return markup


def run_quoted(cli: str, family: str) -> dict:
    from test_serve_agents import run_in_namespace   # (this file also runs as the harness script)
    report = run_in_namespace(
        cli, lambda run_dir: f"{os.path.abspath(__file__)} {family} {cli} {BIN} {run_dir}", f"{cli}-quoted-")
    assert report["status"] == 0, (report["stdout"][-3000:], report["stderr"][-3000:])
    return report


@pytest.mark.parametrize("family", sorted(CALL))
@pytest.mark.parametrize("cli", ["codex", "claude", "opencode", "qwen"])
def test_agents_do_not_run_a_call_quoted_in_a_fenced_block(cli, family):
    report = run_quoted(cli, family)
    asked = [r for r in report["upstream_requests"] if r.get("tools")]
    assert asked, "the agent never asked the model with its tools"
    # no tool ran: no request (upstream, or from the agent in its own API) carries a tool result
    assert not [m for r in report["upstream_requests"] for m in r["messages"] if m["role"] == "tool"]
    sent = json.dumps([r["json"] for r in report["client_requests"]])
    for shape in ('"function_call_output"', '"tool_result"', '"role": "tool"'):
        assert shape not in sent, shape
    assert report["marker"] not in sent          # the file was never read
    assert SAID in report["stdout"]              # the answer reached the user as text


if __name__ == "__main__":        # inside the namespace: FAMILY CLI BIN_DIR RUN_DIR
    markup = quoted(sys.argv.pop(1))
    for name in harness.MARKUP:
        harness.MARKUP[name] = markup
    harness.main()
