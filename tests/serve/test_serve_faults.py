"""Bad input and faults, each against a scripted upstream."""
from __future__ import annotations

import json

import httpx
import pytest
from conftest import chunk, free_port
from serve_helpers import calls_of, check_stream, fold, sse_events_of

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
BODY = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}


def post(url: str, **kw) -> httpx.Response:
    with httpx.Client(timeout=30) as c:
        return c.post(url + "/chat/completions", **kw)


@pytest.mark.parametrize("raw", [b"{not json", b"", b"[1, 2]", b'"text"'])
def test_invalid_json_body_is_400_with_an_openai_error(upstream, proxy, raw):
    r = post(proxy, content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400
    err = r.json()["error"]
    assert err["type"] == "invalid_request_error" and err["message"]
    assert not [q for q in upstream.requests if q["path"] == "/v1/chat/completions"]


@pytest.mark.parametrize("stream", [False, True])
def test_upstream_unreachable_is_502(make_proxy, stream):
    proxy = make_proxy(f"http://127.0.0.1:{free_port()}/v1")
    r = post(proxy, json={**BODY, "stream": stream})
    assert r.status_code == 502
    err = r.json()["error"]
    assert "unreachable" in err["message"] and "127.0.0.1" in err["message"]
    with httpx.Client() as c:
        assert c.get(proxy + "/models").status_code == 502


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("status", [400, 404, 500, 503])
def test_upstream_error_status_and_body_are_passed_on(upstream, proxy, status, stream):
    body = {"error": {"message": f"upstream says {status}", "type": "server_error", "code": status}}
    upstream.reply(status, body)
    r = post(proxy, json={**BODY, "stream": stream})
    assert r.status_code == status and r.json() == body


def test_upstream_dying_mid_stream_flushes_then_reports(upstream, proxy):
    call = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'
    pieces = ["Before:\n", call[:9], call[9:30], call[30:], " after <tool_ca"]
    upstream.stream([chunk(role="assistant", content="")] + [chunk(p) for p in pieces], end="die")
    r = post(proxy, json={**BODY, "stream": True, "tools": TOOLS})
    assert r.status_code == 200
    events = sse_events_of(r.text)
    check_stream(events)
    folded = fold(events)
    assert calls_of(folded["tool_calls"]) == [("f", {"a": 1})]
    assert folded["content"].split() == ["Before:", "after", "<tool_ca"], "held-back text is flushed, not lost"
    assert len(folded["errors"]) == 1 and "upstream" in folded["errors"][0]["message"]
    errs = [i for i, e in enumerate(events) if e != "[DONE]" and "error" in e]
    assert errs == [len(events) - 2], "the error comes after everything parsed, then [DONE]"


def test_upstream_error_event_in_stream_is_forwarded_after_flush(upstream, proxy):
    err = {"error": {"message": "context overflow", "type": "server_error", "code": 500}}
    upstream.stream([chunk(role="assistant", content=""), chunk("partial <"), err], end="eof")
    events = sse_events_of(post(proxy, json={**BODY, "stream": True}).text)
    folded = fold(events)
    assert folded["content"] == "partial <" and folded["errors"] == [err["error"]]
    assert events[-1] == "[DONE]"


def test_stream_without_done_still_ends_cleanly(upstream, proxy):
    upstream.stream([chunk(role="assistant", content=""), chunk("hello <tool")], end="eof")
    events = sse_events_of(post(proxy, json={**BODY, "stream": True}).text)
    check_stream(events)
    assert fold(events)["content"] == "hello <tool" and fold(events)["finish_reason"] == "stop"


def test_client_disconnect_cancels_the_upstream_request(upstream, proxy):
    upstream.stream([chunk(role="assistant", content=""), chunk("Hello, "), chunk("world")], end="hang")
    with httpx.Client(timeout=30) as c:
        with c.stream("POST", proxy + "/chat/completions", json={**BODY, "stream": True}) as r:
            for line in r.iter_lines():
                if "world" in line:
                    break
    assert upstream.cancelled.wait(20), "the upstream never saw the client go away"


def test_upstream_that_keeps_its_body_open_after_done_is_closed(upstream, proxy):
    """The proxy reads on after [DONE] only briefly (to keep the connection): then it lets go."""
    upstream.stream([chunk(role="assistant", content=""), chunk("Hello"), chunk(finish="stop"),
                     b"data: [DONE]\n\n"], end="hang")
    events = sse_events_of(post(proxy, json={**BODY, "stream": True}).text)
    check_stream(events)
    assert fold(events)["content"] == "Hello"
    assert upstream.cancelled.wait(20), "the upstream was never let go"


@pytest.mark.parametrize("stream", [False, True])
def test_client_leaving_before_the_first_byte_cancels_the_upstream(upstream, proxy, stream):
    upstream.hang()
    with pytest.raises(httpx.ReadTimeout):
        with httpx.Client(timeout=httpx.Timeout(30, read=0.5)) as c:
            c.post(proxy + "/chat/completions", json={**BODY, "stream": stream})
    assert upstream.cancelled.wait(20), "the upstream never saw the client go away"


def test_api_key_is_required_when_set(upstream, make_proxy):
    proxy = make_proxy(upstream.url, api_key="s3cret", upstream_api_key="up-key")
    assert post(proxy, json=BODY).status_code == 401
    assert post(proxy, json=BODY, headers={"authorization": "Bearer wrong"}).status_code == 401
    r = post(proxy, json=BODY, headers={"authorization": "Bearer s3cret"})
    assert r.status_code == 200
    assert upstream.last["headers"]["authorization"] == "Bearer up-key", "our key never reaches the upstream"
    with httpx.Client() as c:
        assert c.get(proxy + "/models").status_code == 401
        assert c.get(proxy + "/models", headers={"authorization": "Bearer s3cret"}).status_code == 200
        assert c.get(proxy.removesuffix("/v1") + "/health").status_code == 200
    assert r.json()["choices"][0]["message"]["content"] == "hello"


def test_without_keys_the_clients_authorization_goes_upstream(upstream, proxy):
    post(proxy, json=BODY, headers={"authorization": "Bearer client-key"})
    assert upstream.last["headers"]["authorization"] == "Bearer client-key"


def test_unreadable_upstream_chunk_is_skipped(upstream, proxy):
    upstream.stream([chunk(role="assistant", content=""), b"data: {broken\n\n", b": keep-alive\n\n",
                     chunk("ok"), chunk(finish="stop")])
    events = sse_events_of(post(proxy, json={**BODY, "stream": True}).text)
    check_stream(events)
    assert fold(events)["content"] == "ok"


def test_upstream_non_json_success_is_502(upstream, proxy):
    upstream.reply(200, b"<html>oops</html>", "text/html")
    r = post(proxy, json=BODY)
    assert r.status_code == 502 and "upstream" in r.json()["error"]["message"]
    json.dumps(r.json())


def test_a_translation_bug_ends_the_stream_with_an_error_not_a_cut(upstream, proxy, monkeypatch):
    from callsieve.serve import turn as stream_mod

    def boom(self, chunk):
        raise RuntimeError("bug")

    upstream.stream([chunk(role="assistant", content=""), chunk("hi")])
    monkeypatch.setattr(stream_mod.Turn, "feed", boom)
    events = sse_events_of(post(proxy, json={**BODY, "stream": True}).text)
    assert events[-1] == "[DONE]" and events[-2]["error"]["code"] == "internal_error"


def test_upstream_cookies_are_not_shared_between_clients(proxy, upstream):
    # One httpx client serves every request: a Set-Cookie from one user's upstream answer must
    # not go upstream with another user's request.
    upstream.headers = [(b"set-cookie", b"session=alice-secret; Path=/")]
    r = httpx.post(proxy + "/chat/completions", json={"model": "m", "messages": []}, timeout=30)
    assert r.status_code == 200
    upstream.headers = []
    httpx.post(proxy + "/chat/completions", json={"model": "m", "messages": []}, timeout=30)
    assert "alice-secret" not in upstream.last["headers"].get("cookie", "")


# issue 35 (Low): a chunk of the wrong shape is the upstream's fault: one clear line, no traceback
SHAPES = {"choices": {"choices": "nope"}, "choice": {"choices": [7]},
          "content": {"choices": [{"index": 0, "delta": {"content": 5}}]},
          "tool_calls": {"choices": [{"index": 0, "delta": {"tool_calls": {"index": 0}}}]},
          "function": {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": "f"}]}}]},
          "index": {"choices": [{"index": [0], "delta": {"content": "x"}}]},
          "usage": {"choices": [], "usage": "many"}}


@pytest.mark.parametrize("path,shape", [(p, s) for p in ("/chat/completions", "/responses", "/messages")
                                        for s in SHAPES])
def test_an_upstream_chunk_of_the_wrong_shape_is_an_error_event_and_one_log_line(upstream, proxy, caplog, path, shape):
    upstream.stream([chunk(role="assistant", content=""), chunk("Hi"), SHAPES[shape], chunk(finish="stop")])
    body = {"model": "m", "stream": True, **({"input": "hi"} if path == "/responses" else
                                             {"messages": [{"role": "user", "content": "hi"}], "max_tokens": 9})}
    with caplog.at_level("INFO", logger="callsieve.serve"):
        with httpx.Client(timeout=30) as c:
            text = c.post(proxy + path, json=body).text
    assert "the upstream sent a chunk whose" in text     # (only an error event says it)
    mine = [r for r in caplog.records if r.name == "callsieve.serve" and r.levelname != "INFO"]
    assert mine and all(r.exc_info is None for r in mine), "an upstream's fault is no traceback"
    assert any("the upstream sent a chunk whose" in r.getMessage() for r in mine)


# issue 35 (Low): a JSON body in UTF-16 went upstream as its raw bytes
@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"])
def test_a_json_body_in_another_unicode_encoding_goes_upstream_as_utf8(upstream, proxy, codec):
    body = {**BODY, "messages": [{"role": "user", "content": "héllo \U0001f600"}], "tools": TOOLS}
    r = post(proxy, content=json.dumps(body, ensure_ascii=False).encode(codec),
             headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    sent = upstream.last["body"]
    assert json.loads(sent.decode("utf-8")) == body          # strict UTF-8, no byte-order mark


def test_a_body_that_is_no_text_in_any_json_encoding_is_a_clear_400(upstream, proxy):
    r = post(proxy, content=b'\xff\xfe{\x00"\x00m', headers={"content-type": "application/json"})   # cut UTF-16
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]["message"]
    assert not [q for q in upstream.requests if q["path"] == "/v1/chat/completions"]
