"""The proxy as a shared service (issue 22): bad input, bad upstreams, bad neighbours, web pages.

Each test is what a client (or the operator reading the logs) would notice; docs/proxy-shared.md
states the guarantees these check.
"""
from __future__ import annotations

import contextlib
import gzip
import json
import logging
import socket
import threading
import time

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import ServerThread, chunk, completion, free_port
from serve_helpers import TOOLS, chat_stream, check_stream, fold, sse_events_of

from callsieve.serve.app import Config, create_app

BODY = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
ANT = {"model": "m", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]}
RESP = {"model": "m", "input": "hi"}
ANT_TOOLS = [{"name": "get_weather", "input_schema": {"type": "object"}}]
ROUTES = {"chat": ("/chat/completions", BODY), "responses": ("/responses", RESP), "messages": ("/messages", ANT)}


def post(proxy: str, path: str, **kw) -> httpx.Response:
    with httpx.Client(timeout=30) as c:
        return c.post(proxy + path, **kw)


def raw_request(port: int, request: bytes, wait: float = 10.0) -> bytes:
    """Send bytes as they are (no client library normalises the path) and read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(request)
        out = b""
        while True:
            try:
                data = s.recv(65536)
            except socket.timeout:
                break
            if not data:
                break
            out += data
            if b"\r\n\r\n" in out and b"connection: close" not in out.lower() and out.endswith(b"}"):
                break
    return out


def port_of(proxy: str) -> int:
    return int(proxy.split(":")[2].split("/")[0])


def is_openai_error(r: httpx.Response, status: int) -> bool:
    return r.status_code == status and isinstance(r.json()["error"]["message"], str)


def is_anthropic_error(r: httpx.Response, status: int) -> bool:
    doc = r.json()
    return r.status_code == status and doc["type"] == "error" and isinstance(doc["error"]["message"], str)


# -- 2: credentials -------------------------------------------------------------------------------
def with_userinfo(url: str) -> str:
    return url.replace("http://", "http://admin:hunter2@")


def test_upstream_credentials_are_never_shown(upstream, make_proxy, caplog):
    caplog.set_level(logging.INFO)
    proxy = make_proxy(with_userinfo(upstream.url), upstream_api_key="sk-upstream-secret")
    root = proxy.removesuffix("/v1")
    with httpx.Client(timeout=30) as c:
        health, ready = c.get(root + "/health"), c.get(root + "/ready")
    assert health.status_code == 200 and ready.status_code == 200
    dead = make_proxy(with_userinfo(f"http://127.0.0.1:{free_port()}/v1"), upstream_api_key="sk-upstream-secret")
    shown = [health.text, ready.text]
    for path, body in ROUTES.values():
        shown.append(post(dead, path, json={**body, "stream": True}).text)
    with httpx.Client(timeout=30) as c:
        shown += [c.get(dead.removesuffix("/v1") + "/ready").text, c.get(dead + "/models").text]
    shown += [r.getMessage() for r in caplog.records]
    assert any("127.0.0.1" in s for s in shown[2:5]), "the 502 still says which upstream failed"
    for text in shown:
        assert "hunter2" not in text and "sk-upstream-secret" not in text


# -- 3: only /v1 is forwarded ---------------------------------------------------------------------
@pytest.mark.parametrize("target", ["/v1/../props", "/v1/%2e%2e/props", "/v1/%2E%2E/api/delete", "/v1/..%2fprops",
                                    "/v1/models/../../metrics", "/v1/models%2f..%2f..%2fslots", "/v1/.%2e/metrics",
                                    "/v1/%252e%252e/props", "/v1/..\\props", "/v1/.."])
def test_paths_that_leave_v1_are_not_forwarded(upstream, proxy, target):
    upstream.reset()
    answer = raw_request(port_of(proxy), f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                         .encode())
    assert answer.startswith(b"HTTP/1.1 404"), answer[:200]
    assert not upstream.requests, [q["path"] for q in upstream.requests]


def test_paths_under_v1_are_still_forwarded_with_their_escapes(upstream, proxy):
    upstream.reset()
    upstream.reply(200, {"ok": True})
    answer = raw_request(port_of(proxy), b"GET /v1/files/a%20b.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Connection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200")
    assert upstream.last["path"] == "/v1/files/a b.txt"


NEAR_MISSES = ["/v1/chat/completions/", "/v1//chat/completions", "/v1/chat//completions",
               "/v1/Chat/Completions", "/v1/chat/completions/?x=1", "/v1/responses/", "/v1//responses",
               "/v1/messages/", "/v1/messages//count_tokens"]


@pytest.mark.parametrize("target", NEAR_MISSES)
def test_a_near_miss_of_an_answer_route_is_a_404_never_an_unparsed_answer(upstream, proxy, target):
    """Issue 35: `/v1/chat/completions/` went upstream as it was, and the upstream's 200 reached the
    client with the raw markup in it (no Sieve)."""
    upstream.reset()
    upstream.reply(200, completion('<tool_call>{"name": "run", "arguments": {"command": "rm -rf ~"}}</tool_call>'))
    body = json.dumps({**BODY, **ANT, "input": "hi"}).encode()
    head = f"POST {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    answer = raw_request(port_of(proxy), head.encode() + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                         .encode() + body)
    assert answer.startswith(b"HTTP/1.1 404"), answer[:300]
    assert b"rm -rf" not in answer and b"send requests to /v1/" in answer
    if "messages" in target:
        assert b'"type": "error"' in answer or b'"type":"error"' in answer     # Anthropic's error shape
    assert not upstream.requests, [q["path"] for q in upstream.requests]


# -- 4: the schema of each API --------------------------------------------------------------------
BAD = {
    "chat": [{"stream_options": "yes"}, {"messages": "hi"}, {"messages": [5]}, {"tools": 5}, {"stream": "true"},
             {"messages": [{"role": "tool", "content": 5}]}, {"parallel_tool_calls": "no"},
             {"chat_template_kwargs": "x"}, {"model": 5}],
    "responses": [{"reasoning": "high"}, {"text": "json"}, {"tools": 5}, {"include": 5}, {"input": 5},
                  {"input": [{"type": "function_call", "arguments": {"a": 1}}]}, {"tools": [{"type": "function",
                                                                                              "parameters": "x"}]},
                  {"max_output_tokens": "10"}, {"instructions": 5}],
    "messages": [{"tool_choice": "auto"}, {"thinking": "enabled"}, {"tools": 5},
                 {"messages": [{"role": "user", "content": [{"type": "text", "text": 5}]}]},
                 {"messages": [{"role": "user", "content": [{"type": "image", "source": "x"}]}]},
                 {"system": 5}, {"stop_sequences": "x"}, {"max_tokens": "100"},
                 {"messages": [{"role": "user", "content": [{"type": "tool_result", "is_error": "yes"}]}]}],
}


def nested(depth: int) -> dict:
    doc: dict = {}
    for _ in range(depth):
        doc = {"a": [doc]}
    return doc


@pytest.mark.parametrize("api,extra", [(api, extra) for api, cases in BAD.items() for extra in cases])
def test_a_wrong_type_is_a_400_in_the_apis_shape(upstream, proxy, api, extra):
    path, body = ROUTES[api]
    for stream in (False, True):
        r = post(proxy, path, json={**body, "stream": stream, **extra} if "stream" not in extra else {**body, **extra})
        ok = is_anthropic_error(r, 400) if api == "messages" else is_openai_error(r, 400)
        assert ok, (r.status_code, r.text[:300])
    assert not [q for q in upstream.requests if q["path"] == "/v1/chat/completions"]


@pytest.mark.parametrize("depth", [150, 5000])
@pytest.mark.parametrize("api", ["chat", "responses", "messages", "count_tokens"])
def test_deep_nesting_is_a_400_not_a_crash(upstream, proxy, api, depth):
    path, body = ROUTES.get(api) or ("/messages/count_tokens", ANT)
    key = "metadata" if api != "chat" else "chat_template_kwargs"
    r = post(proxy, path, content=json.dumps({**body, key: nested(depth)}, ).encode() if depth < 900 else
             (json.dumps(body)[:-1] + ', "' + key + '": ' + '{"a": [' * depth + "{}" + "]}" * depth + "}").encode(),
             headers={"content-type": "application/json"})
    ok = is_anthropic_error(r, 400) if api in ("messages", "count_tokens") else is_openai_error(r, 400)
    assert ok, (r.status_code, r.text[:300])
    nameless = b'{"messages": [], "x": ' + b"[" * depth + b"]" * depth + b"}"  # no model: the default is looked up
    r = post(proxy, path, content=nameless, headers={"content-type": "application/json"})
    assert r.status_code == 400, (r.status_code, r.text[:300])


def test_requests_the_sdks_send_still_pass_the_schema(upstream, proxy):
    upstream.reply(200, completion("hello"))
    chat = {**BODY, "tools": TOOLS, "tool_choice": {"type": "function", "function": {"name": "get_weather"}},
            "messages": [{"role": "system", "content": [{"type": "text", "text": "be brief"}]},
                         {"role": "user", "content": [{"type": "text", "text": "hi"},
                                                      {"type": "image_url", "image_url": {"url": "data:x"}}]},
                         {"role": "assistant", "content": None, "tool_calls": [
                             {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
                         {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "ok"}]}],
            "stream_options": None, "temperature": 0.2, "max_tokens": 5, "reasoning_effort": "low"}
    resp = {**RESP, "instructions": "be brief", "reasoning": {"effort": "high", "summary": "auto"},
            "text": {"format": {"type": "text"}}, "include": ["reasoning.encrypted_content"], "store": False,
            "tools": [{"type": "function", "name": "f", "parameters": {"type": "object"}},
                      {"type": "web_search"}],
            "input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]},
                      {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
                      {"type": "function_call_output", "call_id": "c1", "output": "ok"}]}
    ant = {**ANT, "system": [{"type": "text", "text": "be brief", "cache_control": {"type": "ephemeral"}}],
           "tools": ANT_TOOLS + [{"type": "web_search_20250305", "name": "web_search"}],
           "tool_choice": {"type": "auto"}, "thinking": {"type": "enabled", "budget_tokens": 1024},
           "messages": [{"role": "user", "content": "hi"},
                        {"role": "assistant", "content": [{"type": "thinking", "thinking": "t", "signature": "s"},
                                                          {"type": "redacted_thinking", "data": "x"},
                                                          {"type": "tool_use", "id": "t1", "name": "f", "input": {}}]},
                        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                                      "content": [{"type": "text", "text": "ok"}]},
                                                     {"type": "image", "source": {"type": "base64",
                                                                                  "media_type": "image/png",
                                                                                  "data": "AAAA"}}]}]}
    for path, body in (("/chat/completions", chat), ("/responses", resp), ("/messages", ant)):
        r = post(proxy, path, json=body)
        assert r.status_code == 200, (path, r.text[:300])


# -- 5: size ---------------------------------------------------------------------------------------
def test_a_body_over_the_limit_is_a_413_in_the_apis_shape(upstream, make_proxy):
    proxy = make_proxy(upstream.url, max_request_bytes=2000)
    big = {**BODY, "messages": [{"role": "user", "content": "x" * 5000}]}
    assert is_openai_error(post(proxy, "/chat/completions", json=big), 413)
    r = post(proxy, "/messages", json={**ANT, "messages": big["messages"]})
    assert is_anthropic_error(r, 413) and r.json()["error"]["type"] == "request_too_large"

    def chunked():  # no content-length: the limit is counted as the body arrives
        for _ in range(10):
            yield b" " * 500
        yield json.dumps(BODY).encode()

    assert is_openai_error(post(proxy, "/chat/completions", content=chunked(),
                                headers={"content-type": "application/json"}), 413)
    assert not [q for q in upstream.requests if q["path"] == "/v1/chat/completions"]
    assert post(proxy, "/embeddings", content=chunked()).status_code == 413  # forwarded: cut off at the limit
    assert post(proxy, "/chat/completions", json=BODY).status_code == 200


class Piece(bytes):
    """A piece of a request body that counts how often it is concatenated onto what came before
    (`body += piece`, which copies the whole body so far: quadratic in the number of pieces)."""
    joins = 0

    def __radd__(self, other):
        Piece.joins += 1
        return bytes(other) + bytes(self)

    def __add__(self, other):
        Piece.joins += 1
        return bytes(self) + bytes(other)


def test_a_body_in_many_pieces_is_buffered_without_copying_it_per_piece():
    """80 MB in 64 kB pieces took 78 s of CPU when each piece was appended to the body so far:
    the proxy's middleware and the route read the body joining the pieces once."""
    import asyncio

    from starlette.requests import Request

    from callsieve.serve.guard import Guard
    from callsieve.serve.upstream import DefaultModel
    doc = json.dumps({**BODY, "messages": [{"role": "user", "content": "x" * 30000}]}).encode()
    pieces = [Piece(doc[i:i + 10]) for i in range(0, len(doc), 10)]
    got = {}

    async def route(scope, receive, send):
        got["body"] = await Request(scope, receive).body()

    app = Guard(DefaultModel(route, proxy=None), hosts=None, max_body=len(doc), body_timeout=None,
                max_concurrent=None)
    messages = iter([{"type": "http.request", "body": p, "more_body": True} for p in pieces]
                    + [{"type": "http.request", "body": b"", "more_body": False}])

    async def receive():
        return next(messages, {"type": "http.disconnect"})

    scope = {"type": "http", "method": "POST", "path": "/v1/chat/completions", "raw_path": b"/v1/chat/completions",
             "query_string": b"", "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]}
    Piece.joins = 0
    asyncio.run(app(scope, receive, None))
    assert got["body"] == doc
    assert Piece.joins <= 2, f"{Piece.joins} concatenations for {len(pieces)} pieces: the body is copied per piece"


# -- 7: compressed forwarded answers ---------------------------------------------------------------
def test_a_compressed_forwarded_answer_reaches_the_client_readable(upstream, proxy):
    doc = {"object": "list", "data": [{"object": "embedding", "index": 0, "embedding": [0.5] * 200}]}
    upstream.reply(200, gzip.compress(json.dumps(doc).encode()))
    upstream.headers = [(b"content-encoding", b"gzip")]
    r = post(proxy, "/embeddings", json={"model": "m", "input": "hi"}, headers={"accept-encoding": "identity"})
    assert r.status_code == 200 and "content-encoding" not in r.headers
    assert json.loads(r.content) == doc


# -- 8: a stream that is not one -------------------------------------------------------------------
@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_a_json_answer_to_a_streamed_request_is_streamed(upstream, proxy, api):
    upstream.reply(200, completion('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
                                   finish="stop"))
    path, body = ROUTES[api]
    tools = ANT_TOOLS if api == "messages" else TOOLS if api == "chat" else [
        {"type": "function", "name": "get_weather", "parameters": {"type": "object"}}]
    r = post(proxy, path, json={**body, "stream": True, "tools": tools})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    text = r.text
    if api == "chat":
        folded = fold(sse_events_of(text))
        assert folded["tool_calls"][0]["name"] == "get_weather" and folded["finish_reason"] == "tool_calls"
    else:
        assert "get_weather" in text and '\\"Paris\\"' in text


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
@pytest.mark.parametrize("body,ctype", [(b"<html><body>Bad gateway</body></html>", "text/html"),
                                        (b'{"error": {"message": "no"}}', "application/json"),
                                        (b"upstream says no", "text/plain")])
def test_an_answer_that_is_neither_a_stream_nor_a_completion_is_a_502(upstream, proxy, api, body, ctype):
    upstream.reply(200, body, ctype)
    path, req = ROUTES[api]
    r = post(proxy, path, json={**req, "stream": True})
    assert (is_anthropic_error(r, 502) if api == "messages" else is_openai_error(r, 502)), r.text[:300]


def test_a_body_without_content_type_and_no_events_ends_with_an_error_event(upstream, proxy):
    upstream.stream([b"<html>this is no event stream</html>\n"], end="eof")
    r = post(proxy, "/chat/completions", json={**BODY, "stream": True})
    events = sse_events_of(r.text)
    assert any(isinstance(e, dict) and "error" in e for e in events), r.text


# -- 9: Messages keeps a native call's later arguments -----------------------------------------
@pytest.mark.parametrize("delivery", ["whole", "stream"])   # (whole, Messages' default, holds the call anyway)
def test_messages_keeps_a_native_calls_arguments_that_come_after_other_output(upstream, proxy, delivery):
    first = {"index": 0, "id": "call_n1", "type": "function", "function": {"name": "get_weather",
                                                                           "arguments": '{"city": '}}
    upstream.stream([chunk(role="assistant", content=""), chunk(tool_calls=[first]), chunk(" "),
                     chunk(reasoning="hmm"), chunk(tool_calls=[{"index": 0, "function": {"arguments": '"Paris"}'}}]),
                     chunk(finish="tool_calls")])
    r = post(proxy, "/messages", json={**ANT, "stream": True, "tools": ANT_TOOLS},
             headers={"x-callsieve-calls": delivery})
    events = [json.loads(line[5:]) for line in r.text.splitlines() if line.startswith("data:")]
    blocks: dict[int, dict] = {}
    for ev in events:
        if ev["type"] == "content_block_start":
            blocks[ev["index"]] = {**ev["content_block"], "partial": ""}
        elif ev["type"] == "content_block_delta" and ev["delta"]["type"] == "input_json_delta":
            blocks[ev["index"]]["partial"] += ev["delta"]["partial_json"]
    calls = [b for b in blocks.values() if b["type"] == "tool_use"]
    assert [json.loads(c["partial"]) for c in calls] == [{"city": "Paris"}]
    starts = [ev["index"] for ev in events if ev["type"] == "content_block_start"]
    stops = [ev["index"] for ev in events if ev["type"] == "content_block_stop"]
    assert starts == stops, "one block open at a time, each closed before the next opens"
    assert any(ev["type"] == "message_delta" and ev["delta"]["stop_reason"] == "tool_use" for ev in events)


# -- 10, 11: keep-alive while text is held, the upstream is silent, or has not answered yet -----------
def beats(text: str, api: str, before: str, after: str) -> int:
    start = text.index(before) + len(before) if before else 0
    window = text[start:text.index(after, start)]
    return window.count(": keep-alive\n\n") if api != "messages" else window.count("event: ping\n")


def test_held_text_does_not_leave_the_client_without_bytes(upstream, make_proxy):
    proxy = make_proxy(upstream.url, keepalive=0.05)
    held = '<tool_call>{"name": "get_weather", "arguments": {"city": "' + "P" * 20
    upstream.stream([chunk(role="assistant", content="")] + [x for c in held for x in (chunk(c), 0.02)]
                    + [chunk('"}}</tool_call>'), chunk(finish="stop")])
    for path, body, tools in (("/chat/completions", BODY, TOOLS), ("/messages", ANT, ANT_TOOLS)):
        r = post(proxy, path, json={**body, "stream": True, "tools": tools})
        assert beats(r.text, "messages" if path == "/messages" else "chat", "", "get_weather") >= 1
        if path == "/chat/completions":
            events = sse_events_of(r.text)
            check_stream(events)
            assert fold(events)["tool_calls"][0]["name"] == "get_weather"


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_a_silent_upstream_does_not_leave_the_client_without_bytes(upstream, make_proxy, api):
    """The model thinks (or the upstream stalls) between two tokens: keep-alives meanwhile."""
    proxy = make_proxy(upstream.url, keepalive=0.05)
    upstream.stream([chunk(role="assistant", content=""), chunk("Hi"), 1.0, chunk(" there"), chunk(finish="stop")])
    path, body = ROUTES[api]
    r = post(proxy, path, json={**body, "stream": True})
    assert r.status_code == 200
    assert beats(r.text, api, '"Hi"', '" there"') >= 1


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_an_upstream_slow_to_answer_does_not_leave_the_client_without_bytes(upstream, make_proxy, api):
    """No headers for a while (llama.cpp reading a long prompt sends none before its first token):
    the client's stream starts at once, with keep-alives, and the answer follows whole."""
    proxy = make_proxy(upstream.url, keepalive=0.05)
    upstream.head_delay = 1.0
    upstream.stream([chunk(role="assistant", content=""), chunk("Hi"), chunk(" there"), chunk(finish="stop")])
    path, body = ROUTES[api]
    r = post(proxy, path, json={**body, "stream": True})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    assert beats(r.text, api, "", '"Hi"') >= 2
    if api == "chat":
        events = sse_events_of(r.text)
        check_stream(events)
        assert fold(events)["content"] == "Hi there"
    elif api == "messages":
        kinds = [e["type"] for e in sse_events_of(r.text)]
        assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
    else:
        kinds = [e["type"] for e in sse_events_of(r.text)]
        assert kinds[0] == "response.created" and kinds[-1] == "response.completed"


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_an_error_after_keepalives_is_the_streams_error_event(upstream, make_proxy, api):
    """Once the stream's headers are out, an upstream's late error status is the API's error event."""
    proxy = make_proxy(upstream.url, keepalive=0.05)
    upstream.head_delay = 0.5
    upstream.reply(429, {"error": {"message": "slow down", "type": "rate_limit", "code": None}})
    path, body = ROUTES[api]
    r = post(proxy, path, json={**body, "stream": True})
    assert r.status_code == 200
    last = [e for e in sse_events_of(r.text) if e != "[DONE]"][-1]
    message = {"chat": lambda e: e["error"]["message"], "responses": lambda e: e["response"]["error"]["message"],
               "messages": lambda e: e["error"]["message"]}[api](last)
    assert "slow down" in message
    if api == "chat":
        assert r.text.rstrip().endswith("data: [DONE]")


def test_a_client_leaving_during_keepalives_cancels_the_upstream(upstream, make_proxy, caplog):
    caplog.set_level(logging.INFO, logger="callsieve.serve")
    proxy = make_proxy(upstream.url, keepalive=0.05)
    upstream.hang()
    with httpx.Client(timeout=10) as c:
        with c.stream("POST", proxy + "/chat/completions", json={**BODY, "stream": True}) as r:
            assert r.status_code == 200
            assert next(r.iter_bytes()).startswith(b": keep-alive")
    assert upstream.cancelled.wait(20), "the upstream request was cancelled"
    for _ in range(100):
        if any("status=499" in m.getMessage() for m in caplog.records):
            break
        time.sleep(0.05)
    assert any("status=499" in m.getMessage() for m in caplog.records)
    assert not any(m.exc_info for m in caplog.records)


def test_keepalive_zero_sends_none(upstream, make_proxy):
    proxy = make_proxy(upstream.url, keepalive=0)
    upstream.stream([chunk(role="assistant", content=""), chunk("Hi"), 0.3, chunk(" there"), chunk(finish="stop")])
    r = post(proxy, "/chat/completions", json={**BODY, "stream": True})
    assert ": keep-alive" not in r.text and fold(sse_events_of(r.text))["content"] == "Hi there"


def held_peak(text: str) -> int:
    """tracemalloc's peak while the proxy's Turn and Chat encoder translate `text` in 4-character
    upstream chunks (the SSE written, then dropped as a client would take it): the bench's measure."""
    from bench.holdbench import proxy_peak
    chunks = [text[i:i + 4] for i in range(0, len(text), 4)]
    # tracemalloc counts every thread: the servers and clients earlier tests left winding down
    # only ever add to a run's peak, so the least of three is the translation's own.
    return min(proxy_peak(chunks) for _ in range(3))


def test_the_hold_costs_a_few_times_the_held_text_not_fifty():
    """A call inside thinking is held (calls_in_reasoning="hold"): 2 MB cost +105 MB before."""
    n = 128 * 1024
    call = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'
    thinking = ("I compare the two cities once more. " * (n // 36 + 1))[:n]
    after = "<think>" + call + thinking + "</think>ok"            # the case: thinking after the call
    held_peak(after[:2000])                  # warm-up: what a first Sieve compiles once per process
    assert held_peak(after) < 2 * len(after)
    held = "<think>" + '<tool_call>{"name": "f", "arguments": {"a": "' + "x" * n + '"}}</tool_call>'  # never closed
    hold = held_peak(held) - held_peak(held[len("<think>"):])   # less the same call, not held
    assert hold < 4 * len(held), f"the hold costs {hold / len(held):.1f}x the held text"


# -- 11: timeouts and the concurrency limit --------------------------------------------------------
@pytest.mark.parametrize("stream", [False, True])
def test_an_upstream_that_stalls_is_given_up_after_the_upstream_timeout(upstream, make_proxy, stream):
    proxy = make_proxy(upstream.url, timeout=0.5)
    upstream.hang()
    r = post(proxy, "/chat/completions", json={**BODY, "stream": stream})
    assert is_openai_error(r, 502) and "ReadTimeout" in r.json()["error"]["message"]


def test_a_body_that_does_not_arrive_is_a_408(upstream, make_proxy):
    proxy = make_proxy(upstream.url, body_timeout=0.3)
    answer = raw_request(port_of(proxy), b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"model\": ", wait=10)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_a_connection_that_never_finishes_its_head_is_closed(upstream, monkeypatch):
    import uvicorn

    from callsieve.serve.guard import HEADER_TIMEOUT_ENV, TimedHTTP
    monkeypatch.setenv(HEADER_TIMEOUT_ENV, "0.3")
    srv = ServerThread(create_app(Config(upstream=upstream.url)))
    srv.server = uvicorn.Server(uvicorn.Config(srv.server.config.app, host="127.0.0.1", port=srv.port,
                                               log_level="warning", http=TimedHTTP))
    srv.thread = threading.Thread(target=srv.server.run, daemon=True)
    srv.start()
    try:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as s:
            s.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
            assert s.recv(100) == b"", "the server closed the connection"
        with httpx.Client() as c:  # a whole request is still served, twice on one connection
            assert c.get(f"http://127.0.0.1:{srv.port}/health").status_code == 200
            time.sleep(0.5)
            assert c.get(f"http://127.0.0.1:{srv.port}/health").status_code == 200
    finally:
        srv.stop()


def test_requests_beyond_the_concurrency_limit_get_a_503(upstream, make_proxy):
    proxy = make_proxy(upstream.url, max_concurrent=1)
    upstream.hang()

    def waiting():
        with contextlib.suppress(httpx.HTTPError):
            httpx.post(proxy + "/chat/completions", json=BODY, timeout=httpx.Timeout(30, read=3))

    first = threading.Thread(target=waiting)
    first.start()
    try:
        for _ in range(400):  # until the first request is at the upstream
            if any(q["path"] == "/v1/chat/completions" for q in upstream.requests):
                break
            time.sleep(0.01)
        r = post(proxy, "/chat/completions", json=BODY)
        assert is_openai_error(r, 503) and r.headers["retry-after"]
        r = post(proxy, "/messages", json=ANT)
        assert is_anthropic_error(r, 503) and r.json()["error"]["type"] == "overloaded_error"
        with httpx.Client() as c:  # /health answers, and says the proxy cannot take more (issue 35)
            busy = c.get(proxy.removesuffix("/v1") + "/health")
            assert busy.status_code == 503 and busy.json()["status"] == "overloaded"
    finally:
        first.join()
    upstream.reset()
    assert post(proxy, "/chat/completions", json=BODY).status_code == 200
    with httpx.Client() as c:
        assert c.get(proxy.removesuffix("/v1") + "/health").json()["status"] == "ok"


# -- 16: one heavy answer does not stall the others ----------------------------------------------
class OneRead(httpx.AsyncByteStream):
    """An upstream body that arrives in one read (a fast upstream: hundreds of chunks at once)."""

    def __init__(self, data: bytes):
        self.data = data

    async def __aiter__(self):
        yield self.data


def turns_given_to_others(monkeypatch, work) -> tuple[int, object]:
    """How often another task of the event loop ran while `work()` (a coroutine factory) ran, with
    every time slice due at once (SLICE_S < 0: no clock in the test)."""
    import asyncio

    from callsieve.serve import translate
    monkeypatch.setattr(translate, "SLICE_S", -1.0)

    async def go():
        ticks, done = 0, False

        async def other_client():
            nonlocal ticks
            while not done:
                ticks += 1
                await asyncio.sleep(0)

        other = asyncio.ensure_future(other_client())
        await asyncio.sleep(0)
        start = ticks
        try:
            result = await work()
        finally:
            done = True
            await other
        return ticks - start, result

    return asyncio.run(go())


def test_a_stream_of_many_chunks_in_one_read_lets_the_others_run(monkeypatch):
    text = '<tool_call>{"name": "get_weather", "arguments": {"city": "' + "P" * 300 + '"}}</tool_call>'
    data = b"".join(b"data: " + json.dumps(chunk(c)).encode() + b"\n\n" for c in text) + b"data: [DONE]\n\n"

    async def work():
        return b"".join(await chat_stream(OneRead(data)))

    turns, out = turns_given_to_others(monkeypatch, work)
    assert fold(sse_events_of(out.decode()))["tool_calls"][0]["name"] == "get_weather"
    assert turns >= len(text) // 2, f"{turns} turns for the others while {len(text)} chunks were translated"


def test_a_long_whole_answer_is_parsed_letting_the_others_run(monkeypatch):
    from callsieve import Session, Sieve
    from callsieve.serve import chat
    from callsieve.serve.app import Proxy
    from callsieve.serve.exchange import Exchange
    from callsieve.serve.upstream_reader import SLICE_CHARS
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    content = "word " * (10 * SLICE_CHARS // 5) + '<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>'
    data = json.dumps(completion(content)).encode()
    body = {**BODY, "tools": TOOLS}

    async def work():
        proxy = Proxy(Config(upstream="http://127.0.0.1:9/v1"))
        opts = Options.from_request(body, None, "auto", "hold").answered_whole()
        sess = Session(learn=False)
        ex = Exchange.begin(0, "chat", "-", "m", False, {})
        resp = httpx.Response(200, content=data)
        turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs(sess)))
        return await proxy.answers.whole_answer(resp, data, turn, chat, body, body, ex)

    turns, answer = turns_given_to_others(monkeypatch, work)
    message = json.loads(answer.body)["choices"][0]["message"]
    assert message["tool_calls"][0]["function"]["name"] == "get_weather" and message["content"].startswith("word")
    assert turns >= 9, f"{turns} turns for the others while {len(content)} characters were parsed"


# -- 12: log injection -------------------------------------------------------------------------
def test_a_model_name_cannot_forge_log_lines_or_reach_the_terminal(upstream, proxy, caplog):
    caplog.set_level(logging.INFO, logger="callsieve.serve")
    for model in ["m\n2026-01-01 INFO callsieve.serve: chat model=admin status=200", "m\x1b[2J\x1b]0;owned\x07",
                  "m" * 20000]:
        assert post(proxy, "/chat/completions", json={**BODY, "model": model}).status_code == 200
    lines = [r.getMessage() for r in caplog.records if "status=" in r.getMessage()]
    assert len(lines) == 3
    for line in lines:
        assert "\n" not in line and "\x1b" not in line and "\x07" not in line and len(line) < 1000


BIDI = "\u202e\u2066\u2067\u2068\u2069\u200b\u200e\u200f\u061c\ufeff"


def test_bidi_and_format_characters_in_a_model_name_reach_the_log_escaped(upstream, proxy, caplog):
    """Issue 35: U+202E in a model name made the log line read in another order than it was written."""
    caplog.set_level(logging.INFO, logger="callsieve.serve")
    model = "gpt\u202e)002=sutats\u202c-4 \u2066rooted\u2069 caf\u00e9"
    assert post(proxy, "/chat/completions", json={**BODY, "model": model}).status_code == 200
    [line] = [r.getMessage() for r in caplog.records if "status=" in r.getMessage()]
    assert not set(line) & set(BIDI + "\u202c"), ascii(line)
    assert "gpt\\u202e)002=sutats\\u202c-4 \\u2066rooted\\u2069 café" in line     # visible, and é stays é


# -- 13: a client leaving before the upstream's headers ---------------------------------------------
@pytest.mark.parametrize("stream", [False, True])
def test_a_client_leaving_before_the_upstream_answers_is_logged_as_499(upstream, proxy, caplog, stream):
    caplog.set_level(logging.INFO)
    uvicorn_log = logging.getLogger("uvicorn.error")
    uvicorn_log.addHandler(caplog.handler)
    try:
        upstream.hang()
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(proxy + "/chat/completions", json={**BODY, "stream": stream},
                       timeout=httpx.Timeout(30, read=0.5))
        assert upstream.cancelled.wait(20)
        for _ in range(100):
            if any("status=499" in r.getMessage() for r in caplog.records):
                break
            time.sleep(0.05)
    finally:
        uvicorn_log.removeHandler(caplog.handler)
    messages = [r.getMessage() for r in caplog.records]
    assert any("status=499" in m for m in messages)
    assert not any("Exception in ASGI application" in m or r.exc_info for m, r in zip(messages, caplog.records))


# -- 14: web pages ----------------------------------------------------------------------------------
def test_a_foreign_host_is_refused(upstream, proxy):
    port = port_of(proxy)
    assert post(proxy, "/chat/completions", json=BODY, headers={"host": "evil.example:80"}).status_code == 421
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", "[::1]"):
        assert post(proxy, "/chat/completions", json=BODY, headers={"host": host}).status_code == 200, host
    with httpx.Client() as c:
        assert c.get(proxy.removesuffix("/v1") + "/health", headers={"host": "evil.example"}).status_code == 421


def test_allow_host_serves_another_name(upstream, make_proxy):
    proxy = make_proxy(upstream.url, allowed_hosts=("proxy.lan",))
    assert post(proxy, "/chat/completions", json=BODY, headers={"host": "proxy.lan:8000"}).status_code == 200
    assert post(proxy, "/chat/completions", json=BODY, headers={"host": "evil.example"}).status_code == 421


def test_bound_to_every_interface_a_dns_name_is_refused_unless_allowed(upstream, make_proxy):
    """Issue 35: with --host 0.0.0.0 and no --allow-host, any Host passed, so a DNS-rebinding page
    (whose Host is its own name, resolved to this machine) reached the proxy."""
    proxy = make_proxy(upstream.url, host="0.0.0.0")     # (it listens on loopback: only Host matters)
    for host in ("rebind.attacker.example", "rebind.attacker.example:8000", "gpu-box"):
        r = post(proxy, "/chat/completions", json=BODY, headers={"host": host})
        assert is_openai_error(r, 421) and "--allow-host" in r.json()["error"]["message"], host
    for host in ("192.168.1.5:8000", "10.0.0.7", "[fe80::1]:8000", "localhost:8000", f"127.0.0.1:{port_of(proxy)}"):
        assert post(proxy, "/chat/completions", json=BODY, headers={"host": host}).status_code == 200, host
    named = make_proxy(upstream.url, host="0.0.0.0", allowed_hosts=("gpu-box",))
    assert post(named, "/chat/completions", json=BODY, headers={"host": "gpu-box:8000"}).status_code == 200
    assert post(named, "/chat/completions", json=BODY, headers={"host": "rebind.attacker.example"}).status_code == 421


def test_a_web_page_cannot_post_to_the_proxy(upstream, proxy):
    upstream.reset()
    raw = json.dumps(BODY).encode()
    for headers in ({"content-type": "text/plain;charset=UTF-8"}, {"content-type": "application/x-www-form-urlencoded"},
                    {"content-type": "multipart/form-data; boundary=x"}, {}):
        r = post(proxy, "/chat/completions", content=raw, headers=headers)
        assert is_openai_error(r, 415), (headers, r.status_code)
    for origin in ("https://evil.example", "null"):
        r = post(proxy, "/chat/completions", json=BODY, headers={"origin": origin})
        assert is_openai_error(r, 403)
        assert post(proxy, "/embeddings", json={"input": "x"}, headers={"origin": origin}).status_code == 403
    r = post(proxy, "/messages", content=json.dumps(ANT).encode(), headers={"content-type": "text/plain"})
    assert is_anthropic_error(r, 415)
    assert not [q for q in upstream.requests if q["path"] in ("/v1/chat/completions", "/v1/embeddings")]
    assert post(proxy, "/chat/completions", json=BODY, headers={"origin": f"http://127.0.0.1:{port_of(proxy)}"}
                ).status_code == 200


def test_an_empty_api_key_is_an_error():
    with pytest.raises(ValueError, match="empty"):
        create_app(Config(upstream="http://127.0.0.1:9/v1", api_key=""))
    from callsieve.cli import main
    assert main(["serve", "--upstream", "http://127.0.0.1:9/v1", "--api-key", ""]) == 2


# -- 15: SSE from the upstream ------------------------------------------------------------------
def test_an_event_of_several_data_lines_is_one_chunk(upstream, proxy):
    whole = json.dumps(chunk("Hello there"), indent=1).split("\n")
    event = b"".join(b"data: " + line.encode() + b"\n" for line in whole) + b"\n"
    upstream.stream([chunk(role="assistant", content=""), event, chunk(finish="stop")])
    events = sse_events_of(post(proxy, "/chat/completions", json={**BODY, "stream": True}).text)
    assert fold(events)["content"] == "Hello there"


def test_a_server_without_blank_lines_still_streams_each_line():
    from callsieve.serve.stream import SSELines
    lines = SSELines()
    assert lines.feed(b'data: {"a": 1}\ndata: {"b": 2}\n') == ['{"a": 1}', '{"b": 2}']
    assert lines.feed(b"data: [DONE]\n") == ["[DONE]"]


def test_a_long_line_in_small_pieces_is_read_whole():
    from callsieve.serve.stream import SSELines
    lines, text = SSELines(), json.dumps({"x": "y" * 200_000})
    data = b"data: " + text.encode() + b"\n\n"
    out = []
    for i in range(0, len(data), 7):
        out += lines.feed(data[i:i + 7])
    assert out == [text] and len(lines.tail) == 0
    # and it is joined once, when its line ends, not copied per piece (80 MB took minutes): until
    # then the pieces are only kept, as they came
    lines, Piece.joins = SSELines(), 0
    pieces = [Piece(data[i:i + 7]) for i in range(0, len(data), 7)]
    assert not any(lines.feed(p) for p in pieces[:-2])
    assert len(lines.tail) == len(pieces) - 2 and Piece.joins == 0, "the line so far was copied"
    assert lines.feed(pieces[-2]) + lines.feed(pieces[-1]) == [text]


def test_messages_errors_keep_retry_after_and_survive_a_lone_surrogate(upstream, proxy):
    upstream.reply(429, {"error": {"message": "slow down", "type": "rate_limit"}})
    upstream.headers = [(b"retry-after", b"7")]
    r = post(proxy, "/messages", json=ANT)
    assert is_anthropic_error(r, 429) and r.headers["retry-after"] == "7"
    upstream.reply(400, b'{"error": {"message": "bad \\ud800 input"}}')
    for stream in (False, True):
        r = post(proxy, "/messages", json={**ANT, "stream": stream})
        assert is_anthropic_error(r, 400) and "bad" in r.json()["error"]["message"]


def test_the_shared_deployment_flags_reach_the_proxy(monkeypatch, upstream):
    from callsieve.cli import main
    from callsieve.serve import cli as serve_cli
    from callsieve.serve.guard import HEADER_TIMEOUT_ENV
    seen = {}

    class Recorded:                    # stands in for uvicorn's server: what it would be given
        failure = None

        def __init__(self, config):
            seen.update(app=config.app, http=config.http)

        def run(self):
            return 0

    monkeypatch.setattr(serve_cli, "Supervised", Recorded)
    monkeypatch.setenv(HEADER_TIMEOUT_ENV, "")
    assert main(["serve", "--upstream", upstream.url, "--port", str(free_port()), "--upstream-timeout", "30",
                 "--max-request-bytes", "1000", "--body-timeout", "5", "--header-timeout", "2",
                 "--max-concurrent", "3", "--keepalive", "4", "--allow-host", "proxy.lan", "--log-level", "warning"]) == 0
    config = seen["app"].state.proxy.config
    assert (config.timeout, config.max_request_bytes, config.body_timeout, config.max_concurrent, config.keepalive,
            list(config.allowed_hosts)) == (30.0, 1000, 5.0, 3, 4.0, ["proxy.lan"])
    assert seen["http"] == "callsieve.serve.guard:TimedHTTP"
    import os
    assert os.environ[HEADER_TIMEOUT_ENV] == "2.0"


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(docs=st.lists(st.tuples(_json, st.booleans()), min_size=1, max_size=5), cuts=st.lists(st.integers(0, 10_000)))
def test_sse_events_read_the_same_however_the_bytes_are_cut(docs, cuts):
    """Each event (one data line, or its JSON over several) is one payload, for any cut into reads."""
    from callsieve.serve.stream import SSELines, loads
    body = b""
    for doc, several in docs:
        text = json.dumps({"v": doc}, indent=1 if several else None)
        body += b"".join(b"data: " + line.encode() + b"\n" for line in text.split("\n")) + b"\n"
    points = sorted({c % (len(body) + 1) for c in cuts})
    pieces = [body[a:b] for a, b in zip([0, *points], [*points, len(body)])]
    lines, out = SSELines(), []
    for piece in pieces:
        out += lines.feed(piece)
    out += lines.close()
    assert [loads(p) for p in out] == [{"v": doc} for doc, _ in docs]


# -- issue 35: what depends on a client's credentials stays with that client --------------------
class Gateway:
    """An upstream whose model list depends on the key (as a gateway's does); it records the
    model each chat request named."""

    LISTS = {"Bearer key-a": ["model-a"], "Bearer key-b": ["model-b"]}

    def __init__(self, models_wait: threading.Event | None = None):
        self.asked: list[tuple[str, object]] = []
        self.models_wait = models_wait    # GET /models answers only once this is set

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if not msg.get("more_body"):
                break
        key = dict(scope["headers"]).get(b"authorization", b"").decode()
        if scope["path"] == "/v1/models":
            while self.models_wait is not None and not self.models_wait.is_set():
                await asyncio.sleep(0.01)
            data = {"object": "list", "data": [{"id": m, "object": "model"} for m in self.LISTS.get(key, [])]}
        else:
            self.asked.append((key, json.loads(body).get("model")))
            data = completion("hi")
        raw = json.dumps(data).encode()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": raw})


def test_one_clients_model_list_never_decides_another_clients_model(make_proxy):
    openai = pytest.importorskip("openai")
    gateway = Gateway()
    srv = ServerThread(gateway).start()
    try:
        proxy = make_proxy(f"http://127.0.0.1:{srv.port}/v1")    # no keys of its own: clients pass theirs
        a = openai.OpenAI(base_url=proxy, api_key="key-a", max_retries=0)
        assert [m.id for m in a.models.list()] == ["model-a"]
        b_body = {"messages": [{"role": "user", "content": "hi"}]}       # no model: the proxy fills in B's one
        for path, body, key in (("/chat/completions", b_body, {"authorization": "Bearer key-b"}),
                                ("/responses", {"input": "hi"}, {"authorization": "Bearer key-b"}),
                                ("/messages", {**b_body, "max_tokens": 9}, {"x-api-key": "key-b"})):
            r = post(proxy, path, json=body, headers=key)
            assert r.status_code == 200, r.text
            assert gateway.asked[-1] == ("Bearer key-b", "model-b")    # never A's model
        assert [m.id for m in a.models.list()] == ["model-a"]
        post(proxy, "/chat/completions", json=b_body, headers={"authorization": "Bearer key-a"})
        assert gateway.asked[-1] == ("Bearer key-a", "model-a")
        kept = make_proxy.apps[proxy].state.proxy.catalogue.lists
        assert not any("key-" in k for k in kept), "lists are kept under a hash, never the key itself"
    finally:
        srv.stop()


def test_a_silent_model_list_does_not_hold_requests_naming_an_unlisted_model(make_proxy, monkeypatch):
    """Issue 35: a request naming a model the list lacks re-reads the list, and an upstream whose
    GET /models never answers held it (and every such request) for good."""
    from callsieve.serve import catalogue
    monkeypatch.setattr(catalogue, "TIMEOUT_S", 0.2)
    answer = threading.Event()
    gateway = Gateway(models_wait=answer)
    srv = ServerThread(gateway).start()
    try:
        proxy = make_proxy(f"http://127.0.0.1:{srv.port}/v1", upstream_api_key="key-a")
        for n in range(3):      # (the first, started within a second of the proxy's own read, may wait once)
            r = post(proxy, "/chat/completions", json={**BODY, "model": f"pulled-since-{n}"})
            assert r.status_code == 200 and not answer.is_set()     # answered while /models still says nothing
    finally:
        answer.set()
        srv.stop()


def test_the_catalogue_reads_model_ids_one_way_and_keeps_a_bounded_number_of_lists():
    from callsieve.serve.catalogue import Catalogue, model_ids
    assert model_ids(b'{"data": [{"id": "a"}, {"id": ""}, {"id": 7}, "b", {"name": "c"}, {"id": "d"}]}') == ["a", "d"]
    for bad in (b"[]", b'{"data": {"id": "a"}}', b"<html>", b"[" * 100000):
        with pytest.raises(ValueError):
            model_ids(bad)
    cat = Catalogue(max_lists=2)
    for n in range(5):
        cat.learn(f"k{n}", [f"m{n}"])
    assert list(cat.lists) == ["k3", "k4"] and cat.ids("k0") == [] and cat.ids("k4") == ["m4"]


@pytest.mark.parametrize("path", ["/chat/completions", "/embeddings"])   # translated, and forwarded
def test_hop_by_hop_headers_and_client_credentials_do_not_go_upstream(upstream, proxy, path):
    sent = {"cookie": "session=alice", "proxy-authorization": "Basic YWxpY2U6cHc=", "te": "trailers",
            "upgrade": "h2c", "connection": "keep-alive, x-hop, upgrade", "x-hop": "1", "x-kept": "yes"}
    r = post(proxy, path, json=BODY, headers=sent)
    assert r.status_code == 200
    got = upstream.last["headers"]
    assert got.get("x-kept") == "yes"                 # an ordinary header still goes
    assert not {"cookie", "proxy-authorization", "te", "upgrade", "x-hop"} & set(got), got
