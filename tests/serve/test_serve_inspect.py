"""The inspector page (/inspect): what the model wrote, span by span, beside what the client got."""
from __future__ import annotations

import base64
import json

import httpx
import pytest
from conftest import chunk
from test_serve_scripted import TOOLS, split

from callsieve.serve.inspector import Inspector

CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
CUT = '<tool_call>{"name": "get_weather", "arguments": {"city": "Lon'
TEXT = "<think>plan it</think>Let me look. " + CALL + "\n" + CUT


def script(upstream, text: str = TEXT, pieces=None):
    upstream.stream([chunk(role="assistant", content="")] + [chunk(p) for p in (pieces or split(text))]
                    + [chunk(finish="length")])


def ask(proxy: str, path="/chat/completions", stream=True, **body) -> httpx.Response:
    body = {"model": "qwen2.5-7b-instruct", "messages": [{"role": "user", "content": "hi"}], "stream": stream,
            "tools": TOOLS, **body}
    with httpx.Client(timeout=30) as c:
        return c.post(proxy + path, json=body)


def page(proxy: str, path: str = "", json_view=False, **kw) -> httpx.Response:
    root = proxy.removesuffix("/v1")
    headers = {"accept": "application/json"} if json_view else {}
    with httpx.Client(timeout=30) as c:
        return c.get(root + "/inspect" + path, headers={**headers, **kw.pop("headers", {})}, **kw)


def latest(proxy: str) -> dict:
    r = page(proxy, json_view=True)
    assert r.status_code == 200, r.text
    return r.json()[0]


@pytest.mark.parametrize("stream", [True, False])
def test_an_exchange_shows_every_span_of_the_raw_text(upstream, proxy, stream):
    script(upstream) if stream else upstream.reply(200, {
        "id": "x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": TEXT}, "finish_reason": "length"}]})
    r = ask(proxy, stream=stream)
    assert r.status_code == 200
    x = latest(proxy)
    assert x["api"] == "chat" and x["stream"] is stream and x["status"] == 200
    assert x["format"] == "tool_call_tag" and x["calls"] == 1 and x["refused"] == 1
    view = page(proxy, f"/{x['id']}", json_view=True).json()
    spans = view["spans"]
    assert "".join(s["text"] for s in spans) == TEXT and view["complete"]   # every character, once, in order
    kinds = [s["kind"] for s in spans]
    assert "reasoning" in kinds and "content" in kinds
    call = next(s for s in spans if s["kind"] == "call")
    assert call["text"] == CALL and call["name"] == "get_weather" and json.loads(call["arguments"]) == {"city": "Paris"}
    refused = next(s for s in spans if s["kind"] == "refused")
    assert refused["text"].startswith('<tool_call>{"name": "get_weather"') and "cut off" in refused["reason"]
    # beside it, what the client got, in its API's shape: one runnable call
    answer = view["client"]["answer"]
    calls = [c["function"]["name"] for c in answer["choices"][0]["message"].get("tool_calls") or []]
    assert calls == ["get_weather"]
    assert (view["client"]["stream"] is not None) is stream
    # the raw text, as a file for a bug report
    raw = page(proxy, f"/{x['id']}/raw")
    assert raw.text == TEXT and "attachment" in raw.headers["content-disposition"]


def test_the_pages_read_without_javascript(upstream, proxy):
    script(upstream)
    ask(proxy)
    listing = page(proxy)
    assert listing.status_code == 200 and listing.headers["content-type"].startswith("text/html")
    x = latest(proxy)
    assert f"href='/inspect/{x['id']}'" in listing.text
    html = page(proxy, f"/{x['id']}").text
    assert "class='s-call'" in html and "class='s-refused'" in html and "cut off" in html
    assert "<script src" not in html and "http://" not in html.split("<body>", 1)[1].split("<script")[0] \
        or "http://" not in html    # nothing is loaded from anywhere else
    assert "default-src 'none'" in page(proxy).headers["content-security-policy"]


def test_held_text_is_marked_with_how_long(upstream, proxy):
    # "<tool" could open a call: it is held until "s are" says it is prose
    script(upstream, "Use <tools are nice", pieces=["Use <to", "ol", "s are nice"])
    ask(proxy)
    view = page(proxy, f"/{latest(proxy)['id']}", json_view=True).json()
    held = [s for s in view["spans"] if "held_ms" in s]
    assert held and "<to" in held[0]["text"] and held[0]["held_pieces"] >= 1
    assert "".join(s["text"] for s in view["spans"]) == "Use <tools are nice"


def test_replay_gives_each_chunks_events(upstream, proxy):
    pieces = [CALL[:5], CALL[5:30], CALL[30:]]
    script(upstream, pieces=pieces)
    ask(proxy)
    steps = page(proxy, f"/{latest(proxy)['id']}", json_view=True).json()["steps"]
    assert [s["chunk"] for s in steps] == pieces + [None]
    kinds = [[e["kind"] for e in s["events"]] for s in steps]
    # nothing while the opener arrives; the call starts and ends with the pieces that bring it
    # (the proxy holds a call's first 64 characters for the quote check: issue 35)
    assert kinds[0] == [] and "ToolCallStart" in kinds[1] + kinds[2] and "ToolCallEnd" in kinds[2]


def test_responses_and_messages_are_shown_in_their_own_shape(upstream, proxy):
    script(upstream, "Sure. " + CALL)
    with httpx.Client(timeout=30) as c:
        c.post(proxy + "/messages", json={"model": "m", "max_tokens": 50, "stream": True,
                                          "messages": [{"role": "user", "content": "hi"}],
                                          "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}]})
    x = latest(proxy)
    assert x["api"] == "messages"
    answer = page(proxy, f"/{x['id']}", json_view=True).json()["client"]["answer"]
    assert [b["type"] for b in answer["content"]] == ["text", "tool_use"]


def test_the_store_is_bounded(upstream, make_proxy):
    proxy = make_proxy(upstream.url, inspect_keep=2)
    for _ in range(4):
        script(upstream, "hello")
        ask(proxy)
    listing = page(proxy, json_view=True).json()
    assert len(listing) == 2 and listing[0]["id"] > listing[1]["id"]
    assert page(proxy, f"/{listing[1]['id'] - 1}").status_code == 404


def test_big_exchanges_are_truncated_not_kept_whole(monkeypatch):
    from callsieve.serve import exchange
    monkeypatch.setattr(exchange, "MAX_BYTES", 100)
    ins = Inspector(3)
    ex = ins.begin("chat", "c", "m", True, {})
    for _ in range(20):
        ex.text("x" * 10, "")
    assert len(ex.raw) == 100 and ex.truncated


def test_off_means_no_route(upstream, make_proxy):
    proxy = make_proxy(upstream.url, inspect=False)
    assert page(proxy).status_code == 404


def test_api_key_guards_the_page(upstream, make_proxy):
    proxy = make_proxy(upstream.url, api_key="s3cret-key")
    r = page(proxy)
    assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Basic")
    basic = "Basic " + base64.b64encode(b"me:s3cret-key").decode()
    assert page(proxy, headers={"authorization": basic}).status_code == 200
    assert page(proxy, headers={"authorization": "Bearer s3cret-key"}).status_code == 200
    assert page(proxy, headers={"authorization": "Basic " + base64.b64encode(b"me:wrong").decode()}).status_code == 401


def test_the_host_and_origin_guard_holds(upstream, proxy):
    assert page(proxy, headers={"host": "evil.example"}).status_code == 421
    assert page(proxy, headers={"origin": "http://evil.example"}).status_code == 403


def test_not_on_when_listening_beyond_loopback_unless_asked(upstream, make_proxy):
    from callsieve.serve.app import Config, Proxy
    assert Proxy(Config(upstream=upstream.url, host="0.0.0.0")).inspector is None
    assert Proxy(Config(upstream=upstream.url, host="0.0.0.0", inspect=True)).inspector is not None
    assert Proxy(Config(upstream=upstream.url, host="127.0.0.1")).inspector is not None


def test_upstream_credentials_never_show(upstream, make_proxy):
    proxy = make_proxy(upstream.url, upstream_api_key="up-secret-123")
    script(upstream, "the key is up-secret-123, " + CUT)
    ask(proxy)
    x = latest(proxy)
    view = page(proxy, f"/{x['id']}", json_view=True).json()
    assert all("up-secret-123" not in e["raw"] for e in view["errors"])


def test_live_events_announce_new_exchanges(upstream, proxy, make_proxy):
    import threading
    import time
    got: list[dict] = []
    root = proxy.removesuffix("/v1")
    inspector = make_proxy.apps[proxy].state.proxy.inspector

    def follow():
        with httpx.Client(timeout=10) as c, c.stream("GET", root + "/inspect/events") as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    got.append(json.loads(line[6:]))
                    if got[-1]["done"]:
                        return

    t = threading.Thread(target=follow, daemon=True)
    t.start()
    for _ in range(250):   # the page follows before the request is sent
        if inspector.pages:
            break
        time.sleep(0.02)
    script(upstream, "hello")
    ask(proxy)
    t.join(10)
    assert [x["done"] for x in got][-1] and got[-1]["status"] == 200 and got[0]["id"] == got[-1]["id"]
    assert not inspector.pages or t.is_alive() is False


def test_the_raw_file_parses_back_to_the_same_calls(upstream, proxy):
    import callsieve
    script(upstream, "Sure. " + CALL)
    ask(proxy)
    x = latest(proxy)
    raw = page(proxy, f"/{x['id']}/raw").text
    msg = callsieve.parse(raw, tools=TOOLS)
    assert [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in msg.to_openai()["tool_calls"]] \
        == [("get_weather", {"city": "Paris"})]


@pytest.mark.parametrize("text, reason", [
    ('<tool_call>{"name": "rm_all", "arguments": {}}</tool_call> done', "'rm_all' is not a declared tool"),
    ('For example {"name": "get_weather", "arguments": {"city": "X"}} would ask. OK', "an example"),
])
def test_a_call_read_as_text_says_why(upstream, proxy, text, reason):
    script(upstream, text)
    ask(proxy)
    x = latest(proxy)
    view = page(proxy, f"/{x['id']}", json_view=True).json()
    assert x["calls"] == 0
    assert view["client"]["answer"]["choices"][0]["message"]["content"] == text   # the client got it as text
    refused = [s for s in view["spans"] if s["kind"] == "refused"]
    assert len(refused) == 1 and reason in refused[0]["reason"] and refused[0]["as_content"]
    assert "".join(s["text"] for s in view["spans"]) == text


def _exchange(pieces: list[str], tools=TOOLS):
    from callsieve.serve.inspector import Exchange, Piece
    ex = Exchange(1, "chat", "c", "m", True, 0.0, {"sieve": {"tools": tools}})
    ex.pieces = [Piece(i / 100, p, "") for i, p in enumerate(pieces)]
    ex.ended = len(pieces) / 100
    return ex


def test_property_the_spans_are_the_raw_text_whatever_the_chunking():
    """Every character of the raw text is in exactly one span, in its order, for any mix of every
    family's calls, near misses and prose, in any chunking."""
    from corpus import NEAR_MISSES, SAMPLES
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from callsieve.serve.inspect_view import spans

    parts = st.sampled_from([s[1] for s in SAMPLES] + NEAR_MISSES + ["Sure. ", "\n\n", " ok ", "<think>x</think>"])

    @settings(max_examples=150, deadline=None)
    @given(st.lists(parts, min_size=1, max_size=5), st.lists(st.integers(1, 9), min_size=1, max_size=40))
    def check(texts, cuts):
        raw = "".join(texts)
        pieces, i, k = [], 0, 0
        while i < len(raw):
            pieces.append(raw[i:i + cuts[k % len(cuts)]])
            i, k = i + cuts[k % len(cuts)], k + 1
        view = spans(_exchange(pieces, tools=None))
        assert "".join(s["text"] for s in view["spans"]) == raw
        assert view["complete"], view["problem"]
        assert [s["chunk"] for s in view["steps"]] == pieces + [None]

    check()
