"""Run one real agent CLI through `callsieve serve` in front of a scripted model; print a JSON report.

    python agent_harness.py CLI BIN_DIR RUN_DIR [HOW [FAMILY [DELIVERY]]]

Meant to run inside a private network namespace (test_serve_agents.py starts it with
`unshare -n`, loopback only), so nothing a CLI does can leave the machine. The scripted model
writes its tool call as plain-text markup, in a family chosen per CLI, for the tool the CLI
declared that reads a file (or runs a command); once the request carries the tool's result it
answers with text. Every request the proxy got (in the client's API) and every request the
upstream got (Chat Completions) is in the report, with the CLI's exit status and output.

HOW is "ok" (default: a call to run), "cut" (the call's arguments cut off by max_tokens right
after the file's path, so a client that repairs JSON would read the file), "cut_in_string" (cut
before the path's closing quote: JSON repair gives the whole path) or "malformed"
(invalid JSON after the path, `"limit": tru`, which the proxy once closed into a runnable
call); any of them with "_shell" after it calls the CLI's shell tool instead of its file reader
(Qwen Code then runs with --yolo: it declares that tool only then). FAMILY picks the markup
(default: one per CLI, MARKUP).  A bad call is written once:
a later request without the tool's result gets plain text.  DELIVERY is the proxy's `--calls`.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
import uuid

sys.path.insert(0, os.path.dirname(__file__))
from conftest import ServerThread  # noqa: E402

from starlette.applications import Starlette  # noqa: E402
from starlette.responses import JSONResponse, StreamingResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

from callsieve.serve.app import Config, create_app  # noqa: E402

MARKER = "callsieve-marker-" + uuid.uuid4().hex[:8]
PROMPT = "Read the file marker.txt and tell me what it says."
# the tool to call, by name (the first the request declares), and the value of its first
# required parameter (its name comes from the declared schema: CLI versions rename them)
TOOLS = {"exec_command": "cat marker.txt", "Read": "{dir}/marker.txt", "read": "{dir}/marker.txt",
         "read_file": "{dir}/marker.txt"}
# HOW ending in "_shell": the call goes to the CLI's shell tool instead
SHELL = {"exec_command": "cat marker.txt", "Bash": "cat {dir}/marker.txt", "bash": "cat {dir}/marker.txt",
         "run_shell_command": "cat {dir}/marker.txt"}


def _args(key, value, how="ok") -> str:
    """The arguments as JSON text: whole, cut right after the value, or invalid after it."""
    text = json.dumps({key: value})
    return {"ok": text, "cut": text[:-1], "cut_in_string": text[:-2],
            "malformed": text[:-1] + ', "limit": tru}'}[how]


def qwen3_coder(name, key, value, how="ok"):
    head = f"<think>I should read it.</think>I will look.\n<tool_call>\n<function={name}>\n"
    if how.startswith("cut"):
        return head + f"<parameter={key}>\n{value}"
    if how == "malformed":  # the JSON body llama.cpp accepts inside <function=…>
        return head + _args(key, value, how) + "\n</function>\n</tool_call>"
    return head + f"<parameter={key}>\n{value}\n</parameter>\n</function>\n</tool_call>"


def hermes(name, key, value, how="ok"):
    call = '{"name": %s, "arguments": %s' % (json.dumps(name), _args(key, value, how))
    return "<think>The user wants the file.</think>I will look.<tool_call>" + call + (
        "" if how.startswith("cut") else "}</tool_call>")


def mistral(name, key, value, how="ok"):
    call = '[{"name": %s, "arguments": %s' % (json.dumps(name), _args(key, value, how))
    return "I will look.[TOOL_CALLS]" + call + ("" if how.startswith("cut") else "}]")


def pythonic(name, key, value, how="ok"):
    return f"[{name}({key}={json.dumps(value)})]"


FAMILIES = {"qwen3_coder": qwen3_coder, "hermes": hermes, "mistral": mistral, "pythonic": pythonic}


MARKUP = {"codex": qwen3_coder, "claude": hermes, "opencode": mistral, "qwen": pythonic}


class Model:
    """The scripted upstream: Chat Completions, streamed or not, markup written as plain text."""

    def __init__(self, cli: str, workdir: str, how: str = "ok", family: str | None = None):
        self.cli, self.workdir, self.requests = cli, workdir, []
        self.how, self.markup = how, FAMILIES[family] if family else MARKUP[cli]
        self.bad_written = False
        self.finish = "stop"

    def reply(self, body: dict) -> str:
        declared = {t["function"]["name"]: t["function"].get("parameters") or {} for t in body.get("tools") or []}
        self.finish = "stop"
        if any(m.get("role") == "tool" for m in body.get("messages") or []):
            return f"The file says {MARKER}."
        for name, value in (SHELL if self.how.endswith("_shell") else TOOLS).items():
            if name in declared:
                if self.bad_written:
                    return "I could not read it."
                self.bad_written = self.how != "ok"
                self.finish = "length" if self.how.startswith("cut") else "stop"   # max_tokens cut the call
                key = (declared[name].get("required") or list(declared[name].get("properties") or {}) or ["path"])[0]
                return self.markup(name, key, value.format(dir=self.workdir),
                                   self.how.removesuffix("_shell"))
        self.finish = "stop"
        return "Reading a file"  # a request without our tool (a title, a summary): plain text

    async def chat(self, request):
        body = await request.json()
        self.requests.append(body)
        text, created = self.reply(body), int(time.time())
        finish = self.finish
        usage = {"prompt_tokens": 50, "completion_tokens": 20, "total_tokens": 70}
        if not body.get("stream"):
            return JSONResponse({"id": "chatcmpl-up", "object": "chat.completion", "created": created,
                                 "model": body.get("model"), "usage": usage, "choices": [{
                                     "index": 0, "finish_reason": finish,
                                     "message": {"role": "assistant", "content": text}}]})

        def chunk(delta, finish=None, **extra):
            return ("data: " + json.dumps({"id": "chatcmpl-up", "object": "chat.completion.chunk", "created": created,
                                           "model": body.get("model"), **extra, "choices": [
                                               {"index": 0, "delta": delta, "finish_reason": finish}]}) + "\n\n")

        async def events():
            yield chunk({"role": "assistant", "content": ""})
            for i in range(0, len(text), 5):  # small pieces: markers split across chunks
                yield chunk({"content": text[i:i + 5]})
            yield chunk({}, finish)
            yield "data: " + json.dumps({"id": "chatcmpl-up", "object": "chat.completion.chunk", "created": created,
                                         "model": body.get("model"), "choices": [], "usage": usage}) + "\n\n"
            yield "data: [DONE]\n\n"

        return StreamingResponse(events(), media_type="text/event-stream")

    async def models(self, request):
        return JSONResponse({"object": "list", "data": [{"id": "local-model", "object": "model"}]})


def recording(app, log: list):
    """The proxy app, recording each request's path, query and JSON body as the client sent it."""
    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        parts = []

        async def rec():
            msg = await receive()
            parts.append(msg.get("body", b""))
            if msg["type"] == "http.request" and not msg.get("more_body"):
                raw = b"".join(parts)
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                log.append({"method": scope["method"], "path": scope["path"],
                            "query": scope["query_string"].decode(), "json": body})
            return msg

        return await app(scope, rec, send)
    return wrapped


def settings(cli: str, home: str, port: int) -> dict:
    """Write the CLI's configuration into `home`; return its environment (the minimal offline settings)."""
    base = f"http://127.0.0.1:{port}"
    env = {"HOME": home}
    if cli == "codex":
        codex_home = os.path.join(home, ".codex")
        os.makedirs(codex_home)
        with open(os.path.join(codex_home, "config.toml"), "w") as f:
            f.write(f'model = "local-model"\nmodel_provider = "local"\n[model_providers.local]\nname = "local"\n'
                    f'base_url = "{base}/v1"\nwire_api = "responses"\nenv_key = "LOCAL_API_KEY"\n'
                    'request_max_retries = 0\nstream_max_retries = 0\n'
                    '[analytics]\nenabled = false\n[features]\nplugins = false\n')
        env.update(CODEX_HOME=codex_home, LOCAL_API_KEY="x")
    elif cli == "claude":
        env.update(ANTHROPIC_BASE_URL=base, ANTHROPIC_API_KEY="x", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1")
    elif cli == "opencode":
        cfg = os.path.join(home, ".config", "opencode")
        shutil.copytree(os.environ["OPENCODE_CONFIG_TEMPLATE"], cfg, symlinks=True)
        with open(os.path.join(cfg, "opencode.json"), "w") as f:
            json.dump({"provider": {"local": {"npm": "@ai-sdk/openai-compatible", "name": "Local",
                                              "options": {"baseURL": f"{base}/v1", "apiKey": "x"},
                                              "models": {"local-model": {"name": "Local"}}}},
                       "model": "local/local-model"}, f)
        env.update(OPENCODE_DISABLE_MODELS_FETCH="1")
    elif cli == "qwen":
        os.makedirs(os.path.join(home, ".qwen"))
        with open(os.path.join(home, ".qwen", "settings.json"), "w") as f:
            json.dump({"privacy": {"usageStatisticsEnabled": False}}, f)
        env.update(OPENAI_BASE_URL=f"{base}/v1", OPENAI_API_KEY="x", OPENAI_MODEL="local-model")
    return env


def command(cli: str, bin_dir: str) -> list[str]:
    exe = os.path.join(bin_dir, cli)
    return {"codex": [exe, "exec", "--skip-git-repo-check", PROMPT],
            "claude": [exe, "-p", PROMPT, "--output-format", "stream-json", "--verbose"],
            "opencode": [exe, "run", "--format", "json", *PROMPT.split()],  # separate words: see docs/agents.md
            "qwen": [exe, "-p", PROMPT]}[cli]


# HOW "embedded": the CLI against `callsieve serve` with no --upstream, the embedded Gemma 3 270M
# with its whole context. The tiny model cannot work as an agent, but the loop must finish without
# an error. The prompt is kept to one tool and a short system prompt, and the answer to 64 tokens,
# so that the CPU model reads and writes it in seconds (an agent's own prompt is 10-20 k tokens).
EMBEDDED_ARGS = {"claude": ["--bare", "--tools", "Read", "--system-prompt",
                            "You are a coding agent. Use the Read tool to read files."]}
EMBEDDED_ENV = {"claude": {"CLAUDE_CODE_MAX_OUTPUT_TOKENS": "64"}}


def run_on_embedded(cli: str, bin_dir: str, home: str, workdir: str, env: dict) -> dict:
    from conftest import free_port
    import httpx

    port = free_port()
    serve = subprocess.Popen([sys.executable, "-m", "callsieve", "serve", "--port", str(port)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 300
        while serve.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/ready", timeout=5).status_code == 200:
                    break
            time.sleep(0.5)
        else:
            raise RuntimeError("callsieve serve did not come up on the embedded model")
        env = {**env, **settings(cli, home, port), **EMBEDDED_ENV.get(cli, {})}
        run = subprocess.run(command(cli, bin_dir) + EMBEDDED_ARGS.get(cli, []), cwd=workdir, env=env,
                             capture_output=True, text=True, timeout=240, stdin=subprocess.DEVNULL)
        status, out, err = run.returncode, run.stdout, run.stderr
    except (subprocess.TimeoutExpired, RuntimeError) as e:
        status, out, err = "timeout", str(getattr(e, "stdout", "") or ""), str(e)
    finally:
        serve.terminate()
        log, _ = serve.communicate(timeout=60)
    return {"marker": MARKER, "status": status, "stdout": out[-20000:], "stderr": err[-20000:], "serve_log": log[-20000:]}


def main() -> None:
    cli, bin_dir, run_dir = sys.argv[1:4]
    how, family, delivery = (sys.argv[4:] + ["ok", "", "auto"][len(sys.argv) - 4:])[:3]
    workdir, home = os.path.join(run_dir, "work"), os.path.join(run_dir, "home")
    os.makedirs(workdir)
    os.makedirs(home)
    with open(os.path.join(workdir, "marker.txt"), "w") as f:
        f.write(MARKER + "\n")
    node_dir = os.path.dirname(shutil.which("node") or "/usr/bin/node")
    base_env = {"PATH": f"{bin_dir}:{node_dir}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb"}
    if how == "embedded":
        print(json.dumps(run_on_embedded(cli, bin_dir, home, workdir, base_env)))
        return
    model = Model(cli, workdir, how, family or None)
    up = ServerThread(Starlette(routes=[Route("/v1/chat/completions", model.chat, methods=["POST"]),
                                        Route("/v1/models", model.models)])).start()
    client_requests: list = []
    proxy = ServerThread(recording(create_app(Config(upstream=f"http://127.0.0.1:{up.port}/v1", calls=delivery)), client_requests))
    proxy.start()
    env = {**base_env, **settings(cli, home, proxy.port)}
    try:
        # Qwen Code declares its shell tool only when it may run it unasked
        extra = ["--yolo"] if cli == "qwen" and how.endswith("_shell") else []
        run = subprocess.run(command(cli, bin_dir) + extra, cwd=workdir, env=env, capture_output=True, text=True,
                             timeout=120, stdin=subprocess.DEVNULL)
        status, out, err = run.returncode, run.stdout, run.stderr
    except subprocess.TimeoutExpired as e:
        status, out, err = "timeout", str(e.stdout or ""), str(e.stderr or "")
    finally:
        proxy.stop()
        up.stop()
    print(json.dumps({"marker": MARKER, "status": status, "stdout": out[-20000:], "stderr": err[-20000:],
                      "client_requests": client_requests, "upstream_requests": model.requests}))


if __name__ == "__main__":
    main()
