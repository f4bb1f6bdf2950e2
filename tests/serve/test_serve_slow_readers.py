"""Issue 35: one client never stalls the others. A client that stops reading gives back its
upstream connection and its admission slot; `/health` says when the proxy cannot take more; a
silent upstream, or one whose model list hangs, is given up on. Real sockets on loopback, small
limits; the timeouts below are hang guards, never speed claims."""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time

import httpx
import pytest
from conftest import ScriptedUpstream, ServerThread, chunk, completion

from callsieve.serve import app as app_module
from callsieve.serve.app import Config, create_app
from callsieve.serve.capacity import UPSTREAM_TIMEOUT_S, WRITE_TIMEOUT_S, pool_size

BODY = {"model": "up-model", "messages": [{"role": "user", "content": "hi"}]}
GUARD_S = 30.0   # a hang guard: how long a test waits for what must happen, at most


class SmallBuffers(ServerThread):
    """The proxy on a listening socket whose connections get small kernel send buffers: a client
    that stops reading fills them within kilobytes, not megabytes."""

    def __init__(self, app):
        super().__init__(app)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
        self.sock.bind(("127.0.0.1", self.port))
        self.sock.listen(64)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.app = app

    def stop(self) -> None:
        super().stop()
        self.sock.close()


@pytest.fixture()
def small_proxy(upstream):
    servers = []

    def make(**kw):
        app = create_app(Config(upstream=upstream.url, **kw))
        servers.append(SmallBuffers(app).start())
        return servers[-1]

    yield make
    for srv in servers:
        srv.stop()


def stalled_client(port: int, request: bytes) -> socket.socket:
    """A client that sends its request, reads the status line, and then reads nothing more."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(GUARD_S)
    s.connect(("127.0.0.1", port))
    s.sendall(request)
    assert s.recv(12).startswith(b"HTTP/1.1 200")
    return s


def chat_request(port: int) -> bytes:
    data = json.dumps({**BODY, "stream": True}).encode()
    return (b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\n\r\n%s" % (port, len(data), data))


def read_to_the_end(s: socket.socket) -> int | None:
    """Read what is left: how many bytes, once the proxy closed the connection (None: it did not,
    within the hang guard)."""
    deadline, n = time.monotonic() + GUARD_S, 0
    try:
        while time.monotonic() < deadline:
            data = s.recv(1 << 20)
            if not data:
                return n
            n += len(data)
    except (ConnectionResetError, socket.timeout):
        return None
    return None


def until(check, what: str):
    """Poll `check()` until it returns something true (the hang guard: GUARD_S)."""
    deadline = time.monotonic() + GUARD_S
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"not within {GUARD_S:g} s: {what}")


def health(port: int) -> httpx.Response:
    return httpx.get(f"http://127.0.0.1:{port}/health", timeout=GUARD_S)


class Counted:
    """Stands in for ScriptedUpstream.cancelled: how many answers the upstream saw closed."""

    def __init__(self):
        self.count = 0

    def set(self):
        self.count += 1

    def is_set(self) -> bool:
        return self.count > 0


def chat_requests_seen(upstream) -> int:
    return len([q for q in upstream.requests if q["path"] == "/v1/chat/completions"])


def post_chat(port: int) -> httpx.Response:
    return httpx.post(f"http://127.0.0.1:{port}/v1/chat/completions", json=BODY, timeout=GUARD_S)


def test_clients_that_stop_reading_give_their_upstream_connections_back(upstream, small_proxy):
    """Two clients (the admission limit) ask for long streams and never read: once their writes
    time out, their answers end, the upstream hears them go, their connections close, and the
    next client is served."""
    srv = small_proxy(max_concurrent=2, write_timeout=0.5)
    port = srv.port
    assert srv.app.state.proxy.transport.max_connections > 2, "the upstream pool is above the admission limit"
    upstream.cancelled = Counted()
    upstream.stream([chunk(role="assistant", content="")] + [chunk("x" * 8192)] * 400, end="hang")
    stalled = [stalled_client(port, chat_request(port)) for _ in range(2)]
    try:
        until(lambda: chat_requests_seen(upstream) == 2, "both requests reached the upstream")
        upstream.reply(200, completion("Hello."))
        until(lambda: upstream.cancelled.count == 2, "the upstream heard both stalled requests close")
        assert all(read_to_the_end(s) is not None for s in stalled), "the proxy closed the stalled clients' connections"
        ok = until(lambda: (lambda r: r if r.status_code == 200 else None)(post_chat(port)), "a new client is served")
        assert ok.json()["choices"][0]["message"]["content"] == "Hello."
        assert health(port).json()["status"] == "ok"
    finally:
        for s in stalled:
            s.close()


def test_health_says_when_the_proxy_cannot_serve(upstream, small_proxy):
    """Without a write timeout, two clients that never read hold the admission limit: /health
    says so (a load balancer sends the next request elsewhere) and a new request gets a 503 at
    once instead of waiting; when they leave, both are back to normal."""
    srv = small_proxy(max_concurrent=2, write_timeout=None)
    port = srv.port
    upstream.stream([chunk(role="assistant", content="")] + [chunk("x" * 8192)] * 400, end="hang")
    stalled = [stalled_client(port, chat_request(port)) for _ in range(2)]
    try:
        until(lambda: chat_requests_seen(upstream) == 2, "both requests reached the upstream")
        upstream.reply(200, completion("Hello."))
        busy = health(port)
        assert busy.status_code == 503 and busy.json()["status"] == "overloaded", busy.text
        assert "--max-concurrent 2" in busy.json()["reason"] and busy.headers["retry-after"]
        assert post_chat(port).status_code == 503
    finally:
        for s in stalled:
            s.close()
    until(lambda: health(port).status_code == 200, "/health says ok once they left")
    assert post_chat(port).json()["choices"][0]["message"]["content"] == "Hello."


def test_a_forwarded_download_that_is_not_read_is_cut_off(upstream, small_proxy):
    srv = small_proxy(max_concurrent=1, write_timeout=0.5)
    upstream.reply(200, b"x" * (2 << 20), "application/octet-stream")
    s = stalled_client(srv.port, b"GET /v1/files/big/content HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % srv.port)
    try:
        until(lambda: health(srv.port).status_code == 200, "the stalled request ended (the one slot is free)")
        got = read_to_the_end(s)
        assert got is not None and got < 2 << 20, "the proxy cut the answer off and closed the connection"
        upstream.reply(200, {"data": []})
        assert httpx.get(f"http://127.0.0.1:{srv.port}/v1/files", timeout=GUARD_S).json() == {"data": []}
    finally:
        s.close()


def test_the_upstream_pool_is_always_above_the_admission_limit():
    for n in (1, 2, 100, 256, 10_000):
        assert pool_size(n) > n


# -- item 5: an upstream that does not answer is given up on ------------------------------------------
def test_a_silent_upstream_is_given_up_on_by_default(monkeypatch):
    from callsieve.serve import cli
    import argparse
    p = argparse.ArgumentParser()
    cli.add_arguments(p)
    args = p.parse_args(["--upstream", "http://127.0.0.1:9/v1"])
    config = cli.proxy_config(args, args.upstream, None)
    assert config.timeout == UPSTREAM_TIMEOUT_S and 0 < UPSTREAM_TIMEOUT_S < float("inf")
    assert config.write_timeout == WRITE_TIMEOUT_S and Config(upstream="x").timeout == UPSTREAM_TIMEOUT_S
    args = p.parse_args(["--upstream", "http://127.0.0.1:9/v1", "--upstream-timeout", "0", "--write-timeout", "0"])
    config = cli.proxy_config(args, args.upstream, None)
    assert config.timeout is None and config.write_timeout is None   # 0: wait forever, as documented
    # (tests/serve/test_serve_shared.py: a Config's timeout gives up on a silent upstream with a 502)


class HangingModels(ScriptedUpstream):
    """An upstream whose `GET /v1/models` hangs once `hang_models` is set (until `released`)."""

    hang_models = False
    released = False
    hung = 0

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"] == "/v1/models" and self.hang_models:
            self.hung += 1
            while not self.released:
                await asyncio.sleep(0.05)
        return await super().__call__(scope, receive, send)


def test_a_hanging_model_list_does_not_hold_a_request_naming_an_unlisted_model(monkeypatch):
    from callsieve.serve import catalogue
    monkeypatch.setattr(catalogue, "TIMEOUT_S", 0.3)
    up = HangingModels()
    up_srv = ServerThread(up).start()
    up.models = {"object": "list", "data": [{"id": "a"}, {"id": "b"}]}   # two models: a name must be looked up
    proxy = ServerThread(create_app(Config(upstream=f"http://127.0.0.1:{up_srv.port}/v1"))).start()
    try:
        up.hang_models = True
        time.sleep(catalogue.RECHECK_S)   # the list read at start-up is due for a re-read
        r = httpx.post(f"http://127.0.0.1:{proxy.port}/v1/chat/completions", json={**BODY, "model": "unlisted"},
                       timeout=GUARD_S)
        assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "hello"
        assert up.hung == 1, "the list was asked for, and did not answer"
    finally:
        up.released = True
        proxy.stop()
        up_srv.stop()
