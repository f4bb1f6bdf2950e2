"""Real agent CLIs end to end: Codex CLI (Responses), Claude Code (Messages), opencode and Qwen Code
(Chat Completions), each through `callsieve serve` in front of a scripted model that writes its
tool call as plain-text markup. The agent must run the tool, send its result back in its own API's
shape, and finish with the model's answer.

`.ci/agents.sh` installs the CLIs (npm, cached); each run is in a private network namespace
(`unshare -n`, loopback only), so no traffic can leave the machine. See agent_harness.py.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

HERE = os.path.dirname(__file__)
AGENTS = os.environ.get("CALLSIEVE_AGENTS_DIR") or os.path.expanduser("~/.cache/callsieve-agents")
BIN = os.path.join(AGENTS, "node_modules", ".bin")


def _cannot(why: str) -> None:
    # In CI these must run (.ci/run installs them): a skip there would hide a broken install.
    (pytest.fail if os.environ.get("CI") else pytest.skip)(why)


def run_in_namespace(cli: str, args, prefix: str, timeout: float = 180) -> dict:
    """Run a harness script (`args(run_dir)`: what follows the interpreter) for `cli` inside a
    private network namespace (loopback only); its JSON report."""
    if not os.path.exists(os.path.join(BIN, cli)):
        _cannot(f"{cli} is not installed (.ci/agents.sh installs the agent CLIs)")
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
        _cannot("the agent CLIs run only inside a private network namespace (root, unshare, ip)")
    os.makedirs(os.path.join(AGENTS, "runs"), exist_ok=True)
    run_dir = tempfile.mkdtemp(prefix=prefix, dir=os.path.join(AGENTS, "runs"))  # Codex refuses a home in /tmp
    env = {**os.environ, "OPENCODE_CONFIG_TEMPLATE": os.path.join(AGENTS, "opencode-config")}
    script = f'ip link set lo up && exec "$0" {args(run_dir)}'
    try:
        proc = subprocess.run(["unshare", "-n", "sh", "-c", script, sys.executable], env=env,
                              capture_output=True, text=True, timeout=timeout)
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def run_agent(cli: str, how: str = "ok", family: str = "", delivery: str = "auto", check_status: bool = True) -> dict:
    report = run_in_namespace(
        cli, lambda run_dir: f'{HERE}/agent_harness.py {cli} {BIN} {run_dir} {how} "{family}" {delivery}', cli + "-")
    if check_status:
        assert report["status"] == 0, (report["stdout"][-3000:], report["stderr"][-3000:])
    return report


def tool_result_upstream(report: dict) -> dict:
    """The upstream's follow-up request: the tool's output (the file's text) as a `tool` message."""
    for req in report["upstream_requests"]:
        for m in req["messages"]:
            if m["role"] == "tool" and report["marker"] in m["content"]:
                return m
    raise AssertionError("no request carried the tool's result upstream")


def agent_requests(report: dict, path: str) -> list:
    reqs = [r for r in report["client_requests"] if r["path"] == path and r["json"] and r["json"].get("tools")]
    assert len(reqs) >= 2, [(r["path"], r["query"]) for r in report["client_requests"]]
    return reqs


def test_codex_cli_runs_a_tool_call_written_as_qwen3_coder_xml_after_thinking():
    report = run_agent("codex")
    followup = agent_requests(report, "/v1/responses")[-1]["json"]
    calls = {i["call_id"]: i for i in followup["input"] if i.get("type") == "function_call"}
    outputs = [i for i in followup["input"] if i.get("type") == "function_call_output"]
    assert any(report["marker"] in o["output"] and o["call_id"] in calls for o in outputs)
    assert calls[outputs[-1]["call_id"]]["name"] == "exec_command"
    assert json.loads(calls[outputs[-1]["call_id"]]["arguments"]) == {"cmd": "cat marker.txt"}
    assert any(i.get("type") == "reasoning" and i.get("encrypted_content") for i in followup["input"])
    tool_result_upstream(report)
    thought = [m.get("reasoning_content") for m in report["upstream_requests"][-1]["messages"] if m["role"] == "assistant"]
    assert thought == ["I should read it."]  # the reasoning item Codex echoed went back upstream as thinking
    assert f"The file says {report['marker']}." in report["stdout"]


def test_claude_code_runs_a_tool_call_written_as_hermes_after_thinking():
    report = run_agent("claude")
    reqs = agent_requests(report, "/v1/messages")
    assert all(r["query"] == "beta=true" for r in reqs)
    messages = reqs[-1]["json"]["messages"]
    uses = {b["id"]: b for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == "tool_use"}
    results = [b for m in messages if m["role"] == "user" and isinstance(m["content"], list)
               for b in m["content"] if b.get("type") == "tool_result"]
    result = results[-1]
    assert result["tool_use_id"] in uses and uses[result["tool_use_id"]]["name"] == "Read"
    text = result["content"] if isinstance(result["content"], str) else json.dumps(result["content"])
    assert report["marker"] in text and not result.get("is_error")
    thinking = [b for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
                for b in m["content"] if b.get("type") == "thinking"]
    assert thinking and thinking[0]["thinking"] == "The user wants the file."  # echoed back, with its signature
    tool_result_upstream(report)
    result_line = [json.loads(x) for x in report["stdout"].splitlines() if '"type":"result"' in x][-1]
    assert result_line["result"] == f"The file says {report['marker']}." and not result_line["is_error"]


@pytest.mark.parametrize("cli", ["opencode", "qwen"])
def test_chat_completions_agents_run_a_tool_call_written_as_text(cli):
    """opencode gets Mistral's [TOOL_CALLS], Qwen Code a pythonic call list."""
    report = run_agent(cli)
    messages = agent_requests(report, "/v1/chat/completions")[-1]["json"]["messages"]
    calls = {tc["id"]: tc for m in messages if m["role"] == "assistant" for tc in m.get("tool_calls") or []}
    results = [m for m in messages if m["role"] == "tool"]
    assert results and results[-1]["tool_call_id"] in calls
    text = results[-1]["content"] if isinstance(results[-1]["content"], str) else json.dumps(results[-1]["content"])
    assert report["marker"] in text
    tool_result_upstream(report)
    assert f"The file says {report['marker']}." in report["stdout"]


def test_claude_code_finishes_its_loop_on_the_embedded_model():
    """`callsieve serve` with no --upstream, as a newcomer starts it: the embedded Gemma 3 270M with
    its whole context (32 k). The model is too small to be an agent (any answer will do), but
    the loop must end without an error (issue 36: a 4 k context gave agents empty streams). The
    prompt is kept small (one tool, a short system prompt: agent_harness.EMBEDDED_ARGS)."""
    if importlib.util.find_spec("llama_cpp") is None:
        _cannot("llama-cpp-python is not installed (pip install 'callsieve[local]'); CI installs it")
    report = run_in_namespace("claude", lambda run_dir: f'{HERE}/agent_harness.py claude {BIN} {run_dir} embedded',
                              "claude-embedded-", timeout=600)
    assert report["status"] == 0, (report["stdout"][-3000:], report["stderr"][-3000:], report["serve_log"][-3000:])
    result = [json.loads(x) for x in report["stdout"].splitlines() if '"type":"result"' in x][-1]
    assert result["subtype"] == "success" and not result["is_error"], result
    log = report["serve_log"]
    assert "a context of 32,768 tokens" in log, log
    answers = [line for line in log.splitlines() if " messages model=" in line]
    assert answers and all("status=200" in line and "error=" not in line for line in answers), log


# -- a call that is not runnable is never run, and the session goes on (issue 18) -----------------

def tool_results(report: dict) -> list:
    """Every tool result any request carried: upstream (`tool` messages) and from the client
    in its own API (Chat `tool` messages, Messages `tool_result` blocks, Responses
    `function_call_output` items)."""
    found = [m for req in report["upstream_requests"] for m in req["messages"] if m["role"] == "tool"]
    for req in report["client_requests"]:
        body = req["json"] or {}
        for m in body.get("messages") or []:
            if m.get("role") == "tool":
                found.append(m)
            if isinstance(m.get("content"), list):
                found += [b for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]
        if isinstance(body.get("input"), list):
            found += [i for i in body["input"] if isinstance(i, dict) and i.get("type") == "function_call_output"]
    return found


def client_calls(report: dict) -> list:
    """The calls the client sent back as its history (Chat `tool_calls`, Messages `tool_use`)."""
    found = []
    for req in report["client_requests"]:
        for m in (req["json"] or {}).get("messages") or []:
            found += m.get("tool_calls") or []
            if isinstance(m.get("content"), list):
                found += [b for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_use"]
    return found


@pytest.mark.parametrize("family", ["hermes", "mistral", "qwen3_coder"])
@pytest.mark.parametrize("how", ["malformed", "cut"])
@pytest.mark.parametrize("cli", ["codex", "claude", "opencode", "qwen"])
def test_an_agent_never_runs_a_malformed_or_cut_off_call(cli, how, family):
    """The model reads marker.txt with a call whose arguments are cut off by max_tokens right
    after the path, or invalid after it (`"limit": tru`): a client that repaired the JSON, or a
    proxy that closed it, would read the file.  No CLI does, and each one's session ends as it
    ends a turn cut by max_tokens (Claude Code and Qwen Code ask the model again)."""
    report = run_agent(cli, how, family, check_status=False)
    assert not tool_results(report), "the call was run"
    assert report["marker"] not in report["stdout"]
    if cli == "codex":
        # Codex treats an incomplete response (OpenAI's max_output_tokens) as an error of the turn
        assert report["status"] == 0 or "Incomplete response returned" in report["stdout"] + report["stderr"]
    else:
        assert report["status"] == 0, (report["stdout"][-3000:], report["stderr"][-3000:])
    if cli in ("opencode", "qwen", "claude"):
        # whole calls (their APIs' default): the bad call never reached the client, so its
        # history, sent back with the next request, holds no call at all
        assert not client_calls(report)


def read_the_file(report: dict) -> bool:
    """Did the agent run the call: did the file's text go back, to the proxy or upstream?"""
    return report["marker"] in json.dumps([r["json"] for r in report["client_requests"]]) \
        or report["marker"] in json.dumps(report["upstream_requests"])


@pytest.mark.parametrize("cli", ["codex", "claude", "opencode", "qwen"])
def test_with_calls_streamed_no_agent_runs_a_shell_call_cut_off_in_its_string(cli):
    """`--calls stream`: the name and partial arguments of a call cut off by max_tokens reach a
    Chat or Messages client before the finish reason says so (Responses: never as a done item).
    The call is to the CLI's shell tool, cut before the command's closing quote, so that a client
    repairing the JSON would run the whole command.  None runs it: Claude Code and opencode answer
    the model with the JSON error (it can retry), Qwen Code asks the model again, Codex never
    gets a done item (docs/agents.md#whole-calls)."""
    report = run_agent(cli, "cut_in_string_shell", "hermes", delivery="stream", check_status=False)
    assert not read_the_file(report), "the call was run"
    results = tool_results(report)
    if cli in ("claude", "opencode"):
        assert results and all("JSON" in json.dumps(r) for r in results)   # an error the model sees
    else:
        assert not results
    if cli == "codex":
        assert report["status"] == 0 or "Incomplete response returned" in report["stdout"] + report["stderr"]
    else:
        assert report["status"] == 0, (report["stdout"][-3000:], report["stderr"][-3000:])
