"""The proxy against a scripted upstream: streaming, non-streaming, native calls, per-request controls."""
from __future__ import annotations

import json
import logging

import httpx
import pytest
from conftest import UP_CREATED, UP_ID, UP_MODEL, chunk, completion
from serve_helpers import calls_of, check_stream, fold, message_view, sse_events_of, stream_view

ENVELOPE = {"id": UP_ID, "model": UP_MODEL, "created": UP_CREATED}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}}}},
         {"type": "function", "function": {"name": "get_time", "parameters": {"type": "object"}}}]
CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'


def split(text: str, sizes=(1, 3, 7, 2, 11, 5)) -> list[str]:
    """Cut text into uneven pieces, so that markers straddle chunk boundaries."""
    out, i, k = [], 0, 0
    while i < len(text):
        n = sizes[k % len(sizes)]
        out.append(text[i:i + n])
        i, k = i + n, k + 1
    return out


def script_stream(upstream, text: str, *, finish="stop", usage=None, end="done", pieces=None):
    items = [chunk(role="assistant", content="")] + [chunk(p) for p in (pieces or split(text))]
    if end == "done":
        items.append(chunk(finish=finish))
        if usage:
            items.append(chunk(choices=False, usage=usage))
    upstream.stream(items, end=end)


def chat(proxy: str, stream: bool, **body) -> httpx.Response:
    body = {"model": "qwen2.5-7b-instruct", "messages": [{"role": "user", "content": "hi"}], "stream": stream,
            **body}
    with httpx.Client(timeout=30) as c:
        return c.post(proxy + "/chat/completions", json=body)


def streamed(proxy, **body) -> list:
    r = chat(proxy, True, **body)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/event-stream")
    return sse_events_of(r.text)


def both(upstream, proxy, text: str, **body) -> tuple[dict, dict]:
    """The same model output through the proxy streamed and not; returns (folded stream, message)."""
    script_stream(upstream, text)
    events = streamed(proxy, **body)
    check_stream(events, envelope=ENVELOPE)
    upstream.reply(200, completion(text))
    r = chat(proxy, False, **body)
    assert r.status_code == 200, r.text
    return fold(events), r.json()


def test_tool_call_split_across_chunks_streams_as_tool_calls(upstream, proxy):
    folded, whole = both(upstream, proxy, "Let me check. " + CALL, tools=TOOLS)
    assert folded["content"].strip() == "Let me check."
    assert calls_of(folded["tool_calls"]) == [("get_weather", {"city": "Paris"})]
    assert folded["tool_calls"][0]["id"]
    assert folded["finish_reason"] == "tool_calls"
    msg = whole["choices"][0]["message"]
    assert whole["choices"][0]["finish_reason"] == "tool_calls"
    assert msg["tool_calls"][0]["type"] == "function"
    assert message_view(msg) == stream_view(folded)
    assert whole["id"] == UP_ID and whole["usage"]["total_tokens"] == 12


def test_two_calls_and_prose_keep_their_order(upstream, proxy):
    text = ("A" + CALL + " then " +
            '<tool_call>{"name": "get_time", "arguments": {"tz": "CET"}}</tool_call> done')
    folded, whole = both(upstream, proxy, text, tools=TOOLS)
    assert calls_of(folded["tool_calls"]) == [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})]
    assert "<" not in folded["content"] and "tool_call" not in folded["content"]
    assert message_view(whole["choices"][0]["message"]) == stream_view(folded)


def test_no_call_keeps_upstream_finish_reason(upstream, proxy):
    script_stream(upstream, "Just prose, no <tool>s here.", finish="length")
    events = streamed(proxy)
    check_stream(events, envelope=ENVELOPE)
    folded = fold(events)
    assert folded["content"] == "Just prose, no <tool>s here." and folded["finish_reason"] == "length"
    assert folded["tool_calls"] == []


@pytest.mark.parametrize("eol", [b"\n", b"\r\n", b"\r"])
@pytest.mark.parametrize("size", [1, 37, 100000])
def test_upstream_bytes_cut_or_packed_anyhow_give_the_same_stream(upstream, proxy, eol, size):
    """Events split across reads, several in one read, any SSE line ending: the same answer."""
    text = "Let me \u2028 check — “déjà vu” " + CALL
    script_stream(upstream, text)
    want = fold(streamed(proxy, tools=TOOLS))
    items = [chunk(role="assistant", content="")] + [chunk(p) for p in split(text)] + [chunk(finish="stop")]
    body = b"".join(b"data: " + json.dumps(c, ensure_ascii=False).encode() + b"\n\n" for c in items)
    body = (body + b"data: [DONE]\n\n").replace(b"\n", eol)
    upstream.stream([body[i:i + size] for i in range(0, len(body), size)], end="eof")
    events = streamed(proxy, tools=TOOLS)
    check_stream(events, envelope=ENVELOPE)
    got = fold(events)
    for f in (want, got):
        for tc in f["tool_calls"]:
            tc["id"] = None
    assert got == want
    assert got["content"].strip() == "Let me \u2028 check — “déjà vu”"


def test_streams_reuse_the_upstream_connection(upstream, proxy):
    """After [DONE] the proxy reads the upstream body to its end, so the connection is kept."""
    clients = []
    for _ in range(3):
        script_stream(upstream, "Hello there.")
        assert fold(streamed(proxy))["content"] == "Hello there."
        clients.append(upstream.last["client"])
    assert clients[0] == clients[1] == clients[2], clients


def test_first_chunk_carries_role_and_events_of_one_chunk_are_coalesced(upstream, proxy):
    script_stream(upstream, "", pieces=["Hello there, how are you today?"])
    events = streamed(proxy)
    content_chunks = [e for e in events[:-1] if e["choices"] and e["choices"][0]["delta"].get("content")]
    assert len(content_chunks) == 1
    assert events[0]["choices"][0]["delta"]["role"] == "assistant"


def test_usage_chunk_when_asked(upstream, proxy):
    usage = {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}
    script_stream(upstream, "hi " + CALL, usage=usage)
    events = streamed(proxy, tools=TOOLS, stream_options={"include_usage": True})
    check_stream(events, envelope=ENVELOPE)
    assert events[-2]["choices"] == [] and events[-2]["usage"] == usage
    assert events[-3]["choices"][0]["finish_reason"] == "tool_calls"


def test_think_block_goes_to_reasoning_content(upstream, proxy):
    folded, whole = both(upstream, proxy, "<think>The user greets me.</think>Hello!")
    assert folded["reasoning_content"] == "The user greets me."
    assert folded["content"] == "Hello!"
    assert message_view(whole["choices"][0]["message"]) == stream_view(folded)


def test_reasoning_format_none_keeps_thinking_inline(upstream, proxy):
    folded, whole = both(upstream, proxy, "<think>hm</think>Hello!", reasoning_format="none")
    assert folded["content"] == "<think>hm</think>Hello!" and folded["reasoning_content"] == ""
    assert whole["choices"][0]["message"]["content"] == "<think>hm</think>Hello!"


def test_enable_thinking_means_output_starts_in_reasoning(upstream, proxy):
    kw = {"chat_template_kwargs": {"enable_thinking": True}}
    folded, whole = both(upstream, proxy, "Plan first.</think>Answer.", **kw)
    assert folded["reasoning_content"] == "Plan first." and folded["content"] == "Answer."
    assert message_view(whole["choices"][0]["message"]) == stream_view(folded)


def test_a_call_thought_inside_thinking_is_reasoning_and_one_never_closed_is_the_call(upstream, proxy):
    thought = "<think>Maybe " + CALL + " first? No.</think>It is sunny."
    folded, whole = both(upstream, proxy, thought, tools=TOOLS)
    assert folded["tool_calls"] == [] and folded["finish_reason"] == "stop"
    assert folded["reasoning_content"] == "Maybe " + CALL + " first? No." and folded["content"] == "It is sunny."
    assert message_view(whole["choices"][0]["message"]) == stream_view(folded)
    kw = {"chat_template_kwargs": {"enable_thinking": True}}
    folded, whole = both(upstream, proxy, "I need the weather.\n" + CALL, tools=TOOLS, **kw)
    assert calls_of(folded["tool_calls"]) == [("get_weather", {"city": "Paris"})]
    assert folded["reasoning_content"] == "I need the weather." and folded["finish_reason"] == "tool_calls"
    assert message_view(whole["choices"][0]["message"]) == stream_view(folded)


def test_calls_in_reasoning_call_makes_a_thought_call_a_call(upstream, make_proxy):
    proxy = make_proxy(upstream.url, calls_in_reasoning="call")
    folded, _ = both(upstream, proxy, "<think>Maybe " + CALL + " first?</think>", tools=TOOLS)
    assert calls_of(folded["tool_calls"]) == [("get_weather", {"city": "Paris"})]


def test_upstream_reasoning_fields_pass_through(upstream, proxy):
    upstream.stream([chunk(role="assistant", content=""), chunk(reasoning="thinking... "),
                     {**chunk(), "choices": [{"index": 0, "delta": {"reasoning": "(ollama)"}, "finish_reason": None}]},
                     chunk("answer"), chunk(finish="stop")])
    folded = fold(streamed(proxy))
    assert folded["reasoning_content"] == "thinking... (ollama)" and folded["content"] == "answer"


NATIVE = [{"index": 0, "id": "call_native1", "type": "function",
           "function": {"name": "get_time", "arguments": ""}},
          {"index": 0, "function": {"arguments": '{"tz": "UTC"}'}}]


def test_native_tool_calls_pass_through_and_session_records_native(upstream, make_proxy):
    proxy = make_proxy(upstream.url, format=None)
    upstream.stream([chunk(role="assistant", content=None)] + [chunk(tool_calls=[tc]) for tc in NATIVE]
                    + [chunk(finish="tool_calls")])
    events = streamed(proxy, model="native-model", tools=TOOLS)
    check_stream(events, envelope=ENVELOPE)
    folded = fold(events)
    assert folded["tool_calls"] == [{"id": "call_native1", "name": "get_time", "arguments": '{"tz": "UTC"}'}]
    assert folded["finish_reason"] == "tool_calls"
    upstream.reply(200, completion(None, finish="tool_calls", tool_calls=[
        {"id": "call_native1", "type": "function", "function": {"name": "get_time", "arguments": '{"tz": "UTC"}'}}]))
    msg = chat(proxy, False, model="native-model", tools=TOOLS).json()["choices"][0]["message"]
    assert msg["content"] is None and msg["tool_calls"][0]["id"] == "call_native1"
    assert make_proxy.apps[proxy].state.proxy.sessions[UP_MODEL].format == "native"   # (its one model)


def test_native_and_parsed_calls_are_reindexed(upstream, proxy):
    upstream.stream([chunk(role="assistant", content=""), chunk(tool_calls=[NATIVE[0]]),
                     chunk(tool_calls=[NATIVE[1]])] + [chunk(p) for p in split(CALL)] + [chunk(finish="tool_calls")])
    events = streamed(proxy, tools=TOOLS)
    check_stream(events, envelope=ENVELOPE)
    folded = fold(events)
    assert calls_of(folded["tool_calls"]) == [("get_time", {"tz": "UTC"}), ("get_weather", {"city": "Paris"})]


def test_parallel_tool_calls_false_keeps_only_the_first(upstream, proxy):
    text = CALL + '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>'
    folded, whole = both(upstream, proxy, text, tools=TOOLS, parallel_tool_calls=False)
    assert calls_of(folded["tool_calls"]) == [("get_weather", {"city": "Paris"})]
    assert calls_of(whole["choices"][0]["message"]["tool_calls"]) == [("get_weather", {"city": "Paris"})]


def test_tool_choice_none_parses_no_calls(upstream, proxy):
    folded, whole = both(upstream, proxy, "<think>x</think>" + CALL, tools=TOOLS, tool_choice="none")
    assert folded["tool_calls"] == [] and folded["content"] == CALL and folded["reasoning_content"] == "x"
    assert folded["finish_reason"] == "stop"
    assert whole["choices"][0]["message"]["content"] == CALL


def test_unknown_fields_are_forwarded_unchanged(upstream, proxy):
    body = {"grammar": 'root ::= "x"', "top_k": 7, "chat_template_kwargs": {"enable_thinking": False},
            "reasoning_format": "none", "custom": {"a": [1, 2]}}
    chat(proxy, False, **body)
    got = upstream.last["json"]
    for k, v in body.items():
        assert got[k] == v
    assert upstream.last["path"] == "/v1/chat/completions"


def test_log_line_per_request(upstream, proxy, caplog):
    caplog.set_level(logging.INFO, logger="callsieve.serve")
    script_stream(upstream, CALL + "<think>a</think>")
    streamed(proxy, tools=TOOLS, model="m1")
    lines = [r.getMessage() for r in caplog.records if r.name == "callsieve.serve"]
    assert any("model=m1" in m and "calls=1" in m and "format=tool_call_tag" in m and "duration_ms=" in m
               for m in lines), lines


def test_models_health_and_other_routes_are_forwarded(upstream, proxy):
    with httpx.Client(timeout=10) as c:
        assert c.get(proxy + "/models").json()["data"][0]["id"] == UP_MODEL
        assert c.get(proxy.removesuffix("/v1") + "/health").json()["status"] == "ok"
        upstream.reply(201, {"object": "list", "data": [{"embedding": [0.5]}]})
        r = c.post(proxy + "/embeddings?x=1", json={"input": "hi"})
    assert r.status_code == 201 and r.json()["data"][0]["embedding"] == [0.5]
    assert upstream.last["path"] == "/v1/embeddings" and upstream.last["query"] == b"x=1"
    assert upstream.last["json"] == {"input": "hi"}


def test_sdk_streaming_and_helper_against_scripted_upstream(upstream, proxy, openai_client):
    client = openai_client(proxy)
    kwargs = dict(model="qwen2.5-7b-instruct", messages=[{"role": "user", "content": "weather?"}], tools=TOOLS)
    script_stream(upstream, "<think>need data</think>" + CALL)
    calls, reasoning = {}, ""
    for ev in client.chat.completions.create(stream=True, **kwargs):
        d = ev.choices[0].delta if ev.choices else None
        reasoning += (getattr(d, "reasoning_content", None) or "") if d else ""
        for tc in (d.tool_calls or []) if d else []:
            entry = calls.setdefault(tc.index, {"name": "", "args": ""})
            entry["name"] += tc.function.name or ""
            entry["args"] += tc.function.arguments or ""
    assert reasoning == "need data"
    assert [(c["name"], json.loads(c["args"])) for c in calls.values()] == [("get_weather", {"city": "Paris"})]
    script_stream(upstream, "<think>need data</think>" + CALL)
    with client.chat.completions.stream(**kwargs) as s:
        for _ in s:
            pass
        final = s.get_final_completion()
    tc = final.choices[0].message.tool_calls[0]
    assert tc.function.name == "get_weather" and json.loads(tc.function.arguments) == {"city": "Paris"}


def test_deepseek_legacy_streams_inline_and_separates_when_whole(upstream, proxy):
    folded, whole = both(upstream, proxy, "<think>hm</think>Hello!", reasoning_format="deepseek-legacy")
    assert folded["content"] == "<think>hm</think>Hello!" and folded["reasoning_content"] == ""
    msg = whole["choices"][0]["message"]
    assert msg["content"] == "Hello!" and msg["reasoning_content"] == "hm"


def test_sessions_are_seeded_from_upstream_models_and_follow_a_model_swap(upstream, make_proxy):
    proxy = make_proxy(upstream.url, upstream_api_key="seed-test")  # a fresh proxy: its own sessions
    sessions = make_proxy.apps[proxy].state.proxy.sessions
    assert UP_MODEL in sessions, "pre-seeded at start-up from GET /v1/models"
    gemma = '<|tool_call>call:get_time{tz:<|"|>CET<|"|>}<tool_call|>'
    for text, fmt, call in [(CALL, "tool_call_tag", ("get_weather", {"city": "Paris"})),
                            (gemma, "gemma_special", ("get_time", {"tz": "CET"})),
                            (CALL, "tool_call_tag", ("get_weather", {"city": "Paris"}))]:
        script_stream(upstream, text)
        folded = fold(streamed(proxy, model="swapping", tools=TOOLS))
        assert calls_of(folded["tool_calls"]) == [call]
        assert sessions[UP_MODEL].format == fmt     # any name means a single-model upstream's model
    assert "swapping" not in sessions


def test_request_alias_of_a_single_model_upstream_is_seeded_from_its_name(upstream, make_proxy):
    upstream.models = {"object": "list", "data": [{"id": "qwen2.5-7b-instruct", "object": "model"}]}
    try:
        proxy = make_proxy(upstream.url, upstream_api_key="alias-test")
        chat(proxy, False, model="my-alias")
        sessions = make_proxy.apps[proxy].state.proxy.sessions
        assert sessions["qwen2.5-7b-instruct"].format == "tool_call_tag" and "my-alias" not in sessions
    finally:
        upstream.models = {"object": "list", "data": [{"id": UP_MODEL, "object": "model"}]}


@pytest.mark.parametrize("body, want", [
    ({}, None), ({"chat_template_kwargs": {"enable_thinking": False}}, False),
    ({"chat_template_kwargs": {"enable_thinking": True}}, True), ({"chat_template_kwargs": {"thinking": True}}, True),
    ({"reasoning_effort": "none"}, False), ({"reasoning_effort": "high"}, None)])
def test_thinking_from_the_request(body, want):
    from callsieve.serve.options import thinking_of
    assert thinking_of(body) is want


@pytest.mark.parametrize("given, base", [
    ("http://127.0.0.1:8080", "http://127.0.0.1:8080/v1"), ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v1"),
    ("http://h:11434/v1/", "http://h:11434/v1"), ("http://h/api/openai/v1", "http://h/api/openai/v1")])
def test_upstream_base_url(given, base):
    from callsieve.serve.app import upstream_base
    assert upstream_base(given) == base


def test_a_lone_surrogate_from_the_upstream_goes_out_escaped(upstream, proxy):
    # json.loads lets "\ud800" through; it has no UTF-8, so the proxy writes its JSON escape
    script_stream(upstream, "a\ud800b", pieces=["a\ud800", "b"])
    events = streamed(proxy)
    assert fold(events)["content"] == "a\ud800b"
    upstream.reply(200, completion("a\ud800b"))
    r = chat(proxy, False)
    assert r.status_code == 200 and b"\\ud800" in r.content
    assert r.json()["choices"][0]["message"]["content"] == "a\ud800b"
