"""`GET /ready` (the upstream's state, for load balancers) and the model of a request that names none."""
from __future__ import annotations

import json

import httpx
from conftest import UP_MODEL, ServerThread, free_port


def test_ready_when_the_upstream_answers(proxy):
    base = proxy.removesuffix("/v1")
    r = httpx.get(base + "/ready")
    assert r.status_code == 200
    assert r.json()["status"] == "ready" and r.json()["models"] == [UP_MODEL]


def test_not_ready_while_alive_when_the_upstream_is_down(make_proxy):
    base = make_proxy(f"http://127.0.0.1:{free_port()}/v1").removesuffix("/v1")
    assert httpx.get(base + "/health").status_code == 200   # the proxy itself is alive...
    r = httpx.get(base + "/ready")                          # ...but cannot serve a chat request
    assert r.status_code == 503
    assert r.json()["status"] == "unavailable" and "unreachable" in r.json()["reason"]


async def loading_upstream(scope, receive, send):
    """llama.cpp's server while it loads a model: 503 to everything."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await send({"type": "http.response.start", "status": 503, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b'{"error": {"code": 503, "message": "Loading model"}}'})


def test_not_ready_while_the_upstream_loads_its_model(make_proxy):
    srv = ServerThread(loading_upstream).start()
    try:
        base = make_proxy(f"http://127.0.0.1:{srv.port}/v1").removesuffix("/v1")
        r = httpx.get(base + "/ready")
        assert r.status_code == 503 and "503" in r.json()["reason"]
    finally:
        srv.stop()


def chat(proxy, body: bytes) -> httpx.Response:
    return httpx.post(proxy + "/chat/completions", content=body, headers={"content-type": "application/json"})


def test_a_request_without_model_gets_the_upstreams_only_model(proxy, upstream):
    for body in ({"messages": [{"role": "user", "content": "hi"}]},
                 {"model": None, "messages": [{"role": "user", "content": "hi"}]},
                 {"model": "", "messages": [{"role": "user", "content": "hi"}]}):
        assert chat(proxy, json.dumps(body).encode()).status_code == 200
        assert upstream.last["json"] == {**body, "model": UP_MODEL}


def test_a_named_model_and_its_bytes_go_upstream_unchanged(proxy, upstream):
    raw = b'{"model":  "other",\n "messages": [{"role": "user", "content": "hi"}], "top_k": 3}'
    assert chat(proxy, raw).status_code == 200
    assert upstream.last["body"] == raw


def test_no_default_when_the_upstream_has_several_models(proxy, upstream):
    upstream.models = {"object": "list", "data": [{"id": "a"}, {"id": "b"}]}
    try:
        httpx.get(proxy + "/models")  # the proxy learns the list, as at start-up
        raw = b'{"messages": [{"role": "user", "content": "hi"}]}'
        assert chat(proxy, raw).status_code == 200
        assert upstream.last["body"] == raw
    finally:
        upstream.models = {"object": "list", "data": [{"id": UP_MODEL, "object": "model", "owned_by": "test"}]}
        httpx.get(proxy + "/models")


def test_a_body_that_is_not_json_still_gets_the_400(proxy):
    r = chat(proxy, b"{not json")
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]["message"]
