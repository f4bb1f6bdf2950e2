"""`callsieve serve` as a user runs it: the embedded model, --workers, a missing install."""
from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from conftest import chunk, free_port

from callsieve import cli as callsieve_cli
from callsieve.serve import cli, embedded

ROOT = Path(__file__).resolve().parents[2]


def parse_args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    cli.add_arguments(p)
    return p.parse_args(list(argv))


def test_defaults_bind_loopback():
    args = parse_args()
    assert (args.host, args.port, args.workers, args.upstream is None or "CALLSIEVE_UPSTREAM" in os.environ) == (
        "127.0.0.1", 8000, 1, True)
    assert args.reasoning_format == "auto" and args.log_level == "info"
    assert args.calls == "auto" and parse_args("--calls", "stream").calls == "stream"   # docs/agents.md#whole-calls


def hide_llama_cpp(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    monkeypatch.delenv("CALLSIEVE_UPSTREAM", raising=False)


def test_missing_local_packages_say_what_to_install_in_a_checkout(monkeypatch, capsys):
    hide_llama_cpp(monkeypatch)
    monkeypatch.chdir(ROOT)
    assert cli.run(parse_args("--port", str(free_port()))) == 2
    err = capsys.readouterr().err
    assert "llama-cpp-python[server]" in err and "setup/install.sh" in err and "--upstream" in err
    assert "starting" not in err  # nothing claims to start what cannot start


def test_missing_local_packages_say_what_to_install_from_pypi(monkeypatch, capsys):
    hide_llama_cpp(monkeypatch)
    monkeypatch.setattr(callsieve_cli, "checkout_root", lambda: None)
    assert cli.run(parse_args("--port", str(free_port()))) == 2
    assert "pip install 'callsieve[local]'" in capsys.readouterr().err


@pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None,
                    reason="without the 'local' extra, serve with no --upstream stops at what to install, "
                           "before it looks at the port (test_missing_local_packages_...)")
def test_a_busy_port_fails_at_once_before_any_model_loads():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if k != "CALLSIEVE_UPSTREAM"}
        p = subprocess.run([sys.executable, "-m", "callsieve", "serve", "--port", str(port)], capture_output=True,
                           text=True, timeout=60, env=env)
    assert p.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in p.stderr and "--port" in p.stderr
    assert "starting the embedded" not in p.stderr


def test_port_and_workers_must_be_sensible(capsys):
    for argv in (["--port", "0"], ["--port", "70000"], ["--workers", "0"]):
        with pytest.raises(SystemExit):
            parse_args(*argv)


def test_unknown_format_is_a_usage_error(capsys):
    assert cli.run(parse_args("--upstream", "http://127.0.0.1:1/v1", "--format", "nope")) == 2
    assert "unknown format" in capsys.readouterr().err


def test_format_aliases_in_any_case(monkeypatch, capsys):
    monkeypatch.setattr(cli, "port_problem", lambda host, port: "stopped after the format check")
    args = parse_args("--upstream", "http://127.0.0.1:1/v1", "--format", "MISTRAL")
    assert cli.run(args) == 2 and "stopped after the format check" in capsys.readouterr().err
    assert args.format == "bracket_tool_calls"


def interruptible():
    """In the child, before exec: SIGINT as a terminal gives it, even when pytest runs with it ignored
    (a background job of a non-interactive shell), where Python would keep ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*argv: str, port: int, cmd=None, env=None) -> subprocess.Popen:
    cmd = cmd or [sys.executable, "-m", "callsieve", "serve"]
    proc = subprocess.Popen([*cmd, "--port", str(port), *argv], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, preexec_fn=interruptible, env=env)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail("callsieve serve exited early:\n" + proc.stdout.read())
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    pytest.fail("callsieve serve did not answer")


def stop(proc: subprocess.Popen) -> str:
    proc.send_signal(signal.SIGTERM)
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        pytest.fail("callsieve serve did not stop on SIGTERM:\n" + out)
    return out


@pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None,
                    reason="llama-cpp-python is not installed (pip install 'callsieve[local]'); CI installs it")
def test_embedded_model_answers_and_stops_with_callsieve():
    port = free_port()
    proc = start(port=port)
    try:
        base = f"http://127.0.0.1:{port}"
        upstream = httpx.get(base + "/health").json()["upstream"]
        models = httpx.get(base + "/v1/models").json()["data"]
        assert [m["id"] for m in models] == [embedded.MODEL_ALIAS]
        assert models[0]["max_model_len"] == embedded.MODEL_CONTEXT   # the whole 32 k an agent needs (issue 36)
        done = httpx.post(base + "/v1/completions", timeout=120, json={"prompt": "Paris is", "max_tokens": 2})
        assert done.json()["model"] == embedded.MODEL_ALIAS           # not the GGUF's absolute path
        ready = httpx.get(base + "/ready")
        assert ready.status_code == 200 and ready.json()["models"] == [embedded.MODEL_ALIAS]
        r = httpx.post(base + "/v1/chat/completions", timeout=120, json={
            "messages": [{"role": "user", "content": "What is the capital of France?"}], "max_tokens": 16})
        assert r.status_code == 200
        assert r.json()["model"] == embedded.MODEL_ALIAS  # the request named none: not the GGUF's path
        msg = r.json()["choices"][0]["message"]
        assert msg["role"] == "assistant" and isinstance(msg["content"], str) and msg["content"].strip()
    finally:
        out = stop(proc)
    assert "chat model=" in out, out
    assert f"a context of {embedded.MODEL_CONTEXT:,} tokens" in out, out    # said at start-up
    assert f"-> {upstream}\n" in out                                        # spelt as /health spells it
    with pytest.raises(httpx.ConnectError):
        httpx.get(upstream + "/models", timeout=5)


def test_workers_and_api_key_from_the_command_line(upstream):
    port = free_port()
    proc = start("--upstream", upstream.url, "--workers", "2", "--api-key", "k1", port=port)
    try:
        url = f"http://127.0.0.1:{port}/v1/chat/completions"
        body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": True}
        assert httpx.post(url, json=body).status_code == 401
        for _ in range(3):
            upstream.stream([chunk(role="assistant", content=""), chunk("<tool_call>{\"name\": \"f\", "),
                             chunk("\"arguments\": {\"x\": 1}}</tool_call>"), chunk(finish="stop")])
            r = httpx.post(url, json=body, headers={"authorization": "Bearer k1"}, timeout=30)
            assert r.status_code == 200
            assert '"name": "f"' in r.text and '"finish_reason": "tool_calls"' in r.text and "<tool_call>" not in r.text
    finally:
        out = stop(proc)
    assert out.count("chat model=m stream=True status=200 format=tool_call_tag calls=1") == 3, out


def test_cache_dir_is_configurable(monkeypatch, tmp_path):
    monkeypatch.setenv("CALLSIEVE_CACHE_DIR", str(tmp_path))
    assert embedded.cache_dir() == tmp_path
    monkeypatch.delenv("CALLSIEVE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert embedded.cache_dir() == tmp_path / "callsieve"


@pytest.mark.parametrize("url,hint", [("localhost:8080", "did you mean http://localhost:8080?"),
                                      ("ftp://x", "not an http:// or https:// URL"),
                                      ("http://", "not an http:// or https:// URL"),
                                      ("http://h:99999/v1", "not an http:// or https:// URL")])
def test_a_malformed_upstream_is_refused_at_start_up(url, hint):
    p = subprocess.run([sys.executable, "-m", "callsieve", "serve", "--upstream", url, "--port", str(free_port())],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and hint in p.stderr and "--upstream" in p.stderr, p.stderr
    assert "callsieve serve: http" not in p.stderr  # nothing looked like it started


def test_the_banner_and_the_warnings_spell_the_upstream_alike():
    port = free_port()
    proc = start("--upstream", f"http://user:secret@127.0.0.1:{port}", port=free_port())
    out = stop(proc)
    shown = f"http://***@127.0.0.1:{port}/v1"    # with the /v1 the proxy adds, credentials hidden
    assert f"-> {shown}\n" in out and f"WARNING callsieve.serve: the upstream {shown} does not answer" in out, out
    assert "secret" not in out


def test_an_upstream_that_is_no_openai_api_is_named_so_at_start_up_and_in_each_api(tmp_path):
    """`python -m http.server` as the upstream: a 404 HTML page for GET /v1/models, a 501 HTML page
    for POST. Not a model still loading, and not a bare "Error code: 501" (issue 36)."""
    web_port = free_port()
    web = subprocess.Popen([sys.executable, "-m", "http.server", str(web_port), "--bind", "127.0.0.1"], cwd=tmp_path,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", web_port)) == 0:
                    break
            time.sleep(0.1)
        port = free_port()
        proc = start("--upstream", f"http://127.0.0.1:{web_port}", port=port)
        try:
            bodies = {"chat/completions": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
                      "responses": {"model": "m", "input": "hi"},
                      "messages": {"model": "m", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}}
            for path, body in bodies.items():
                for stream in (False, True):
                    r = httpx.post(f"http://127.0.0.1:{port}/v1/{path}", json={**body, "stream": stream}, timeout=30)
                    assert r.status_code == 502, (path, r.text)
                    message = r.json()["error"]["message"]
                    assert message == (f"callsieve: the upstream http://127.0.0.1:{web_port}/v1 is not an "
                                       "OpenAI-compatible API: POST /v1/chat/completions answered 501 with an HTML "
                                       "page ('Error response')"), (path, message)
        finally:
            out = stop(proc)
    finally:
        web.terminate()
        web.wait()
    assert (f"the upstream http://127.0.0.1:{web_port}/v1 is not an OpenAI-compatible API: GET /v1/models "
            "answered 404 with an HTML page ('Error response')") in out, out
    assert "still be loading" not in out


def test_help_says_that_serve_without_upstream_runs_a_model():
    top = subprocess.run([sys.executable, "-m", "callsieve", "--help"], capture_output=True, text=True, timeout=60)
    serve = subprocess.run([sys.executable, "-m", "callsieve", "serve", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert "without --upstream it runs a small local model" in " ".join(top.stdout.split())
    assert "Without --upstream it runs a model itself" in " ".join(serve.stdout.split())


def test_an_unreachable_upstream_is_a_warning_at_start_up():
    dead = f"http://127.0.0.1:{free_port()}/v1"
    proc = start("--upstream", dead, port=free_port())
    out = stop(proc)
    assert f"WARNING callsieve.serve: the upstream {dead} does not answer" in out, out
    assert "GET /ready" in out


def test_one_log_and_the_status_the_client_got(upstream):
    """uvicorn's access line said 200 where callsieve's said 502 for a stream that broke off: now
    there is one line per request, in the log's one format, with the status the client got."""
    port = free_port()
    proc = start("--upstream", upstream.url, port=port)
    try:
        upstream.stream([chunk(role="assistant", content=""), chunk("Hello")], end="die")
        r = httpx.post(f"http://127.0.0.1:{port}/v1/chat/completions", timeout=30,
                       json={"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": True})
        assert r.status_code == 200 and "upstream_disconnected" in r.text
        httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=30)
    finally:
        out = stop(proc)
    lines = out.splitlines()
    [line] = [x for x in lines if "chat model=m" in x]
    assert "status=200" in line and "error=upstream_disconnected" in line, line
    assert not [x for x in lines if '"POST /v1/chat/completions HTTP/1.1"' in x], out   # no second line
    assert any("forward GET /v1/models status=200" in x for x in lines), out
    assert any(" INFO uvicorn: Uvicorn running on" in x for x in lines), out          # uvicorn's own, same format


@pytest.mark.parametrize("sig,status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("workers", [1, 2])
def test_a_signal_while_serving_exits_with_its_status(upstream, sig, status, workers):
    proc = start("--upstream", upstream.url, "--workers", str(workers), port=free_port())
    proc.send_signal(sig)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == status and "Traceback" not in out, out


# -- the embedded server failing: a stand-in for llama-cpp-python's server -------------------

FAKE = Path(__file__).with_name("fake_llama.py")
RUN_WITH_FAKE = """
import sys
from pathlib import Path
from callsieve import cli
from callsieve.serve import embedded
embedded.missing_packages = lambda: []
embedded.model_path = lambda: Path("model.gguf")
embedded.EmbeddedServer.command = lambda self, model: [sys.executable, {fake!r}, str(self.port), *{extra!r}]
ports, free_port = iter({ports!r}), embedded.free_port
embedded.free_port = lambda host="127.0.0.1": next(ports, None) or free_port(host)
sys.exit(cli.main(["serve", *sys.argv[1:]]))
"""


def fake_embedded(*extra: str, ports: list[int] = ()) -> list[str]:
    """The `callsieve serve` command with fake_llama.py as its embedded server (on `ports` first, if given)."""
    return [sys.executable, "-c", RUN_WITH_FAKE.format(fake=str(FAKE), extra=list(extra), ports=list(ports))]


def test_an_embedded_server_that_crashes_on_its_first_generation_stops_start_up(tmp_path):
    env = {**os.environ, "CALLSIEVE_CACHE_DIR": str(tmp_path)}
    p = subprocess.run([*fake_embedded("crash-first"), "--port", str(free_port())], capture_output=True, text=True,
                       timeout=120, env=env)
    [log] = tmp_path.glob("llama-server.*.log")
    assert p.returncode == 2
    assert f"embedded llama.cpp server exited (signal 11) on its first generation; its log: {log}" in p.stderr
    assert "compiled for another CPU" in p.stderr and "callsieve serve: http" not in p.stderr  # never "up"
    assert "general protection fault" in log.read_text()   # the child's output is kept


def test_another_server_on_the_embedded_port_is_not_taken_for_it(tmp_path, upstream):
    # The port was free when callsieve chose it; another server took it before the child bound it
    # (the child exits): that server's answers must not make start-up succeed (callsieve would
    # serve, then stop with status 1 when it saw its child gone); a new port is tried, a few times.
    env = {**os.environ, "CALLSIEVE_CACHE_DIR": str(tmp_path)}
    taken = int(upstream.url.rsplit(":", 1)[1].split("/")[0])
    p = subprocess.run([*fake_embedded(ports=[taken] * 3), "--port", str(free_port())], capture_output=True,
                       text=True, timeout=120, env=env)
    assert p.returncode == 2, p.stderr
    assert "embedded llama.cpp server exited (status 1)" in p.stderr and "callsieve serve: http" not in p.stderr
    assert not [r for r in upstream.requests if r["method"] == "POST"]   # no generation went to it


def test_a_taken_embedded_port_is_replaced_by_another(tmp_path, upstream):
    env = {**os.environ, "CALLSIEVE_CACHE_DIR": str(tmp_path)}
    taken = int(upstream.url.rsplit(":", 1)[1].split("/")[0])
    port = free_port()
    proc = start(port=port, cmd=fake_embedded(ports=[taken]), env=env)
    try:
        r = httpx.post(f"http://127.0.0.1:{port}/v1/chat/completions", timeout=30,
                       json={"messages": [{"role": "user", "content": "hi"}]})
        assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "Paris"
    finally:
        stop(proc)
    assert not [r for r in upstream.requests if r["method"] == "POST"]


def test_an_embedded_server_that_dies_later_is_one_line_and_an_exit(tmp_path):
    env = {**os.environ, "CALLSIEVE_CACHE_DIR": str(tmp_path)}
    port = free_port()
    proc = start(port=port, cmd=fake_embedded(), env=env)
    base = f"http://127.0.0.1:{port}"
    assert httpx.get(base + "/ready").status_code == 200
    [log] = tmp_path.glob("llama-server.*.log")
    r = httpx.post(base + "/v1/chat/completions", timeout=30, json={"messages": [{"role": "user", "content": "die"}]})
    assert r.status_code == 502 and "embedded llama.cpp server" in r.text and str(log) in r.text
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 1, out
    assert f"ERROR callsieve.serve: embedded llama.cpp server exited (signal 11); its log: {log}" in out, out
    assert log.exists() and "general protection fault" in log.read_text()


def test_an_embedded_server_stopped_by_callsieve_leaves_no_log(tmp_path):
    env = {**os.environ, "CALLSIEVE_CACHE_DIR": str(tmp_path)}
    proc = start(port=free_port(), cmd=fake_embedded(), env=env)
    assert list(tmp_path.glob("llama-server.*.log"))
    assert stop(proc) and proc.returncode == 143
    assert not list(tmp_path.glob("llama-server.*.log"))


def test_health_is_not_ok_once_the_embedded_server_is_gone():
    from conftest import ServerThread

    from callsieve.serve.app import Config, create_app

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    srv = ServerThread(create_app(Config(upstream=f"http://127.0.0.1:{free_port()}/v1", embedded_pid=gone.pid,
                                         embedded_log="/x/llama-server.log"))).start()
    try:
        r = httpx.get(f"http://127.0.0.1:{srv.port}/health")
    finally:
        srv.stop()
    assert r.status_code == 503 and r.json()["status"] == "failed" and "/x/llama-server.log" in r.json()["reason"]


class NoServer:
    def run(self) -> int:
        return 0


@pytest.mark.parametrize("host,key,warned", [("0.0.0.0", None, True), ("::", None, True), ("192.168.1.5", None, True),
                                             ("0.0.0.0", "k", False), ("127.0.0.1", None, False),
                                             ("localhost", None, False)])
def test_the_banner_hides_the_upstream_password_and_warns_of_an_open_proxy(monkeypatch, capsys, host, key, warned):
    """Issue 35: the banner printed `http://user:pass@host`, and --host 0.0.0.0 without --api-key
    started without a word.  (Nothing is bound: the server is replaced.)"""
    monkeypatch.setattr(cli, "port_problem", lambda host, port: None)
    monkeypatch.setattr(cli, "supervised", lambda args, config: NoServer())
    monkeypatch.setattr(cli.signal, "signal", lambda *a: None)
    argv = ["--upstream", "http://alice:pw-s3cret@10.1.2.3:8080/v1?token=t0k3n", "--host", host]
    assert cli.run(parse_args(*argv, *(["--api-key", key] if key else []))) == 0
    err = capsys.readouterr().err
    assert "pw-s3cret" not in err and "t0k3n" not in err and "10.1.2.3:8080/v1" in err, err
    assert ("warning" in err and "--api-key" in err and "--allow-host" in err) is warned, err
