"""What a newcomer trips on (issue 36), each against a scripted upstream: an empty stream is
explained in every API, the proxy's own errors have one shape per API, the embedded model's
context is listed and what it ignores of `tool_choice` is said, and its GGUF's context is read."""
from __future__ import annotations

import json
import logging
import os
import struct
from pathlib import Path

import httpx
import pytest

from callsieve.serve import embedded

BODY = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
ROUTES = {"chat": ("/chat/completions", BODY), "responses": ("/responses", {"model": "m", "input": "hi"}),
          "messages": ("/messages", {"model": "m", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]})}
LIKELY = "most likely the prompt is longer than the model's context"


def post(proxy: str, path: str, **kw) -> httpx.Response:
    with httpx.Client(timeout=30) as c:
        return c.post(proxy + path, **kw)


def error_events(text: str) -> list[dict]:
    """The error objects of a stream in any of the three APIs (Chat's `error` chunk, Responses'
    `response.failed`, Messages' `error` event)."""
    found = []
    for line in text.splitlines():
        if not line.startswith("data:") or line[5:].strip() == "[DONE]":
            continue
        doc = json.loads(line[5:])
        if doc.get("type") == "response.failed":
            found.append(doc["response"]["error"])
        elif isinstance(doc.get("error"), dict):
            found.append(doc["error"])
    return found


@pytest.mark.parametrize("api", list(ROUTES))
@pytest.mark.parametrize("body", [[], [b": ping - 2026-12-07\n\n"]], ids=["empty", "keep-alive only"])
def test_a_stream_with_nothing_in_it_says_the_prompt_is_likely_too_long(upstream, proxy, api, body):
    """llama-cpp-python answers a streamed prompt longer than its context with a 200 and an empty
    event stream: the client is told the likely cause, not that the answer is no event stream."""
    upstream.stream(body, end="eof")
    path, req = ROUTES[api]
    r = post(proxy, path, json={**req, "stream": True})
    assert r.status_code == 200
    [err] = error_events(r.text)
    assert LIKELY in err["message"] and "no event stream" not in err["message"], r.text


def test_with_the_embedded_model_the_empty_streams_error_names_its_context(upstream, make_proxy):
    upstream.stream([], end="eof")
    proxy = make_proxy(upstream.url, embedded_context=32768)
    r = post(proxy, "/chat/completions", json={**BODY, "stream": True})
    [err] = error_events(r.text)
    assert f"{LIKELY} (32,768 tokens)" in err["message"] and err["code"] == "upstream_empty"


def test_a_body_that_is_no_event_stream_is_still_called_so(upstream, proxy):
    upstream.stream([b"<html>busy</html>\n"], end="eof")
    [err] = error_events(post(proxy, "/chat/completions", json={**BODY, "stream": True}).text)
    assert "no event stream" in err["message"] and LIKELY not in err["message"]


@pytest.mark.parametrize("api", list(ROUTES))
def test_a_400_and_a_415_have_one_shape_per_api(upstream, proxy, api):
    path, _ = ROUTES[api]
    bad_json = post(proxy, path, content=b"{not json", headers={"content-type": "application/json"})
    not_json = post(proxy, path, content=b"{}", headers={"content-type": "text/plain"})
    assert (bad_json.status_code, not_json.status_code) == (400, 415)

    def shape(doc):   # the keys, nested, and the kind of each value
        return {k: shape(v) for k, v in doc.items()} if isinstance(doc, dict) else type(doc).__name__

    assert shape(bad_json.json()) == shape(not_json.json())
    for r in (bad_json, not_json):
        doc = r.json()
        assert doc["error"]["message"].startswith("callsieve: ")   # the proxy refused, not the upstream
        assert r.content == json.dumps(doc, separators=(",", ":")).encode()   # written alike


def test_the_embedded_models_context_is_listed_with_its_models(upstream, make_proxy):
    proxy = make_proxy(upstream.url, embedded_context=32768)
    [model] = httpx.get(proxy + "/models", timeout=30).json()["data"]
    assert model["max_model_len"] == 32768 and model["id"] == upstream.models["data"][0]["id"]
    assert "max_model_len" not in httpx.get(make_proxy(upstream.url) + "/models", timeout=30).json()["data"][0]


@pytest.mark.parametrize("api,req", [
    ("chat", {"tool_choice": "required", "tools": [{"type": "function", "function": {"name": "f"}}]}),
    ("responses", {"tool_choice": "required", "tools": [{"type": "function", "name": "f"}]}),
    ("messages", {"tool_choice": {"type": "any"}, "tools": [{"name": "f", "input_schema": {"type": "object"}}]})])
def test_the_embedded_model_ignoring_a_required_call_is_a_warning(upstream, make_proxy, caplog, api, req):
    """llama-cpp-python forces a call only for one named function: `required` (Messages' `any`)
    is not heard, and the answer here is prose. The log says why there is no call."""
    proxy = make_proxy(upstream.url, embedded_pid=os.getpid())
    path, body = ROUTES[api]
    with caplog.at_level(logging.WARNING, "callsieve.serve"):
        assert post(proxy, path, json={**body, **req}).status_code == 200
        assert post(proxy, path, json=body).status_code == 200                     # no tool_choice: no word
        assert post(make_proxy(upstream.url), path, json={**body, **req}).status_code == 200   # another upstream
    warned = [r for r in caplog.records if 'ignores tool_choice "required"' in r.getMessage()]
    assert len(warned) == 1


# -- the GGUF's context ----------------------------------------------------------------------------
def gguf(path: Path, pairs: list[tuple[str, int, bytes]]) -> Path:
    """A GGUF header with these metadata pairs (key, type, packed value) and no tensors."""
    def string(s: str) -> bytes:
        return struct.pack("<Q", len(s.encode())) + s.encode()

    data = b"GGUF" + struct.pack("<IQQ", 3, 0, len(pairs))
    for key, kind, value in pairs:
        data += string(key) + struct.pack("<I", kind) + value
    path.write_bytes(data)
    return path


def test_the_context_is_read_from_the_ggufs_metadata(tmp_path):
    tokens = struct.pack("<IQ", 8, 3) + b"".join(struct.pack("<Q", len(t)) + t for t in (b"<s>", b"a", b"bc"))
    pairs = [("general.architecture", 8, struct.pack("<Q", 6) + b"gemma3"),
             ("general.tags", 9, tokens),                                    # an array of strings, skipped
             ("gemma3.block_count", 4, struct.pack("<I", 18)),
             ("llama.context_length", 4, struct.pack("<I", 4096)),           # another architecture's: not ours
             ("gemma3.context_length", 4, struct.pack("<I", 32768))]
    assert embedded.context_length(gguf(tmp_path / "m.gguf", pairs)) == 32768
    assert embedded.context_length(gguf(tmp_path / "none.gguf", pairs[:3])) is None
    (tmp_path / "cut.gguf").write_bytes((tmp_path / "m.gguf").read_bytes()[:60])
    assert embedded.context_length(tmp_path / "cut.gguf") is None            # cut short: unknown, no crash
    assert embedded.context_length(tmp_path / "missing.gguf") is None
    huge = [("general.architecture", 8, struct.pack("<Q", 1 << 62))]        # a corrupt length: no huge read
    assert embedded.context_length(gguf(tmp_path / "huge.gguf", huge)) is None


def test_the_served_path_is_a_link_named_as_the_model_is_served(tmp_path):
    model = tmp_path / "gemma-3-270m-q4_k_m.gguf"
    model.write_bytes(b"GGUF")
    link = embedded.served_path(model)
    assert link.name == embedded.MODEL_ALIAS and link.read_bytes() == b"GGUF"
    assert embedded.served_path(model) == link                               # kept as it is the next time
    assert embedded.EmbeddedServer(n_ctx=100).command(link)[3:5] == ["--model", embedded.MODEL_ALIAS]
    missing = tmp_path / "sub" / "missing.gguf"
    assert embedded.served_path(missing) == missing and not (tmp_path / "sub").exists()   # no dangling link
