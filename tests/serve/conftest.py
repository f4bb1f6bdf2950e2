"""Fixtures for the proxy tests: a scripted upstream, a real llama.cpp upstream, the proxy itself.

Every server listens on a free loopback port and runs in this process (uvicorn in a thread),
except the real llama.cpp server, which is a child process started once per test session.
"""
from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import socket
import threading
import time

import pytest

uvicorn = pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from callsieve.serve.app import Config, create_app  # noqa: E402

UP_ID, UP_MODEL, UP_CREATED = "chatcmpl-upstream", "up-model", 1700000000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    """uvicorn serving an ASGI app on a free loopback port, in a daemon thread."""

    def __init__(self, app):
        self.port = free_port()
        cfg = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(cfg)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "ServerThread":
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                return self
            if not self.thread.is_alive():
                break
            time.sleep(0.025)
        raise RuntimeError("test server did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def chunk(content=None, *, reasoning=None, tool_calls=None, finish=None, role=None, usage=None, choices=True):
    """One upstream chat.completion.chunk."""
    delta = {}
    if role:
        delta["role"] = role
    if content is not None:
        delta["content"] = content
    if reasoning is not None:
        delta["reasoning_content"] = reasoning
    if tool_calls is not None:
        delta["tool_calls"] = tool_calls
    out = {"id": UP_ID, "object": "chat.completion.chunk", "created": UP_CREATED, "model": UP_MODEL,
           "choices": [{"index": 0, "delta": delta, "finish_reason": finish}] if choices else []}
    if usage:
        out["usage"] = usage
    return out


def completion(content, *, tool_calls=None, finish="stop", reasoning=None):
    msg = {"role": "assistant", "content": content}
    if tool_calls:
        msg["tool_calls"] = tool_calls
    if reasoning:
        msg["reasoning_content"] = reasoning
    return {"id": UP_ID, "object": "chat.completion", "created": UP_CREATED, "model": UP_MODEL,
            "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}}


class ScriptedUpstream:
    """A tiny OpenAI-like server that answers what the test scripted and records what it got.

    `stream(items, end=...)`: items are chunk dicts (or raw bytes lines, or a number: that many
    seconds of silence); end is "done" (send
    `data: [DONE]`), "eof" (just end), "die" (drop the connection mid-body) or "hang" (keep the
    response open until the client goes away, then set `cancelled`).
    """

    def __init__(self):
        self.models = {"object": "list", "data": [{"id": UP_MODEL, "object": "model", "owned_by": "test"}]}
        self.reset()

    def reset(self):
        self.requests: list[dict] = []
        self.cancelled = threading.Event()
        self.headers: list[tuple[bytes, bytes]] = []      # extra response headers
        self.templates: dict[str, dict] = {}   # "/props" (llama.cpp), "/api/show" (Ollama): their answer
        self.head_delay = 0.0   # seconds of silence before an answer's headers (llama.cpp reading a long prompt)
        self.reply(200, completion("hello"))

    def reply(self, status: int, body, content_type="application/json"):
        self.script = ("reply", status, body, content_type)

    def stream(self, items, end="done"):
        self.script = ("stream", items, end)

    def hang(self):
        """Send nothing, not even headers, until the client goes away; then set `cancelled`."""
        self.script = ("hang",)

    @property
    def last(self) -> dict:
        return self.requests[-1]

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
        headers = {k.decode(): v.decode() for k, v in scope["headers"]}
        try:
            parsed = json.loads(body) if body else None
        except ValueError:
            parsed = None
        self.requests.append({"method": scope["method"], "path": scope["path"], "query": scope["query_string"],
                              "headers": headers, "body": body, "json": parsed, "client": scope.get("client")})
        if scope["path"] == "/v1/models":
            return await self._send(send, 200, json.dumps(self.models).encode(), "application/json")
        if scope["path"] in ("/props", "/api/show"):
            found = self.templates.get(scope["path"])
            return await self._send(send, 200 if found else 404, json.dumps(found or {}).encode(), "application/json")
        await asyncio.sleep(self.head_delay)
        if self.script[0] == "hang":
            while (await receive())["type"] != "http.disconnect":
                pass
            self.cancelled.set()
            return
        if self.script[0] == "reply":
            _, status, payload, ctype = self.script
            data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
            return await self._send(send, status, data, ctype, self.headers)
        _, items, end = self.script
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/event-stream")]})
        for item in items:
            if isinstance(item, (int, float)):
                await asyncio.sleep(item)
                continue
            line = item if isinstance(item, bytes) else b"data: " + json.dumps(item).encode() + b"\n\n"
            await send({"type": "http.response.body", "body": line, "more_body": True})
            await asyncio.sleep(0)
        if end == "die":
            raise RuntimeError("scripted upstream dies mid-stream")
        if end == "hang":
            while (await receive())["type"] != "http.disconnect":
                pass
            self.cancelled.set()
            return
        if end == "done":
            await send({"type": "http.response.body", "body": b"data: [DONE]\n\n", "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    @staticmethod
    async def _send(send, status, data, ctype, headers=()):
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", ctype.encode()), *headers]})
        await send({"type": "http.response.body", "body": data})


@pytest.fixture(scope="session")
def _scripted_server():
    up = ScriptedUpstream()
    srv = ServerThread(up).start()
    up.url = f"http://127.0.0.1:{srv.port}/v1"
    yield up
    srv.stop()


@pytest.fixture()
def upstream(_scripted_server):
    _scripted_server.reset()
    return _scripted_server


@pytest.fixture(scope="session")
def make_proxy():
    """make_proxy(upstream_url, **config) -> base URL of a running proxy (one per distinct config)."""
    servers: dict[tuple, tuple[ServerThread, object]] = {}

    def make(upstream_url: str, **kw) -> str:
        key = (upstream_url, tuple(sorted(kw.items())))
        if key not in servers:
            app = create_app(Config(upstream=upstream_url, **kw))
            servers[key] = (ServerThread(app).start(), app)
            make.apps[f"http://127.0.0.1:{servers[key][0].port}/v1"] = app
        return f"http://127.0.0.1:{servers[key][0].port}/v1"

    make.apps = {}

    yield make
    for srv, _ in servers.values():
        srv.stop()


@pytest.fixture()
def proxy(make_proxy, upstream) -> str:
    return make_proxy(upstream.url)


# -- the real llama.cpp upstream ------------------------------------------------------------

@pytest.fixture(scope="session")
def llama_upstream(tmp_path_factory):
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed (pip install 'callsieve[local]'); CI installs it")
    from callsieve.serve.embedded import EmbeddedServer

    log = tmp_path_factory.mktemp("llama") / "server.log"
    srv = EmbeddedServer(n_ctx=2048, log_path=str(log))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def real_proxy(make_proxy, llama_upstream) -> str:
    return make_proxy(llama_upstream.url)


@pytest.fixture()
def openai_client():
    openai = pytest.importorskip("openai")

    def make(base_url: str, **kw):
        return openai.OpenAI(base_url=base_url, api_key=kw.pop("api_key", "sk-test"), max_retries=0, **kw)

    return make


os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")
