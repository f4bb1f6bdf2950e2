"""The Responses and Messages APIs through the official `openai` and `anthropic` SDKs, against a
scripted Chat Completions upstream that streams raw markup of several families."""
from __future__ import annotations

import json

import pytest

from conftest import chunk, completion

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")

PARIS = {"city": "Paris"}
HERMES = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
# (raw model output, expected content, reasoning, calls)
CASES = {
    "hermes": ("Let me check." + HERMES, "Let me check.", "", [("get_weather", PARIS)]),
    "mistral": ('[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]', "", "",
                [("get_weather", PARIS)]),
    "qwen3_coder": ("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n"
                    "</tool_call>", "", "", [("get_weather", PARIS)]),
    "harmony": ("<|channel|>analysis<|message|>Weather first.<|end|><|start|>assistant<|channel|>commentary "
                'to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>', "",
                "Weather first.", [("get_weather", PARIS)]),
    "think_then_call": ("<think>Paris, surely.</think>" + HERMES, "", "Paris, surely.", [("get_weather", PARIS)]),
    "parallel": (HERMES + '<tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tool_call>', "", "",
                 [("get_weather", PARIS), ("get_weather", {"city": "Tokyo"})]),
    "text_only": ("<think>Easy.</think>Paris is sunny.", "Paris is sunny.", "Easy.", []),
}
R_TOOLS = [{"type": "function", "name": "get_weather", "description": "weather",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]
A_TOOLS = [{"name": "get_weather", "description": "weather",
            "input_schema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                             "properties": {"city": {"type": "string"}}}}]
USAGE = {"prompt_tokens": 11, "completion_tokens": 22, "total_tokens": 33}


def script(upstream, text: str, finish="stop", size=4):
    pieces = [text[i:i + size] for i in range(0, len(text), size)]
    upstream.stream([chunk(role="assistant", content="")] + [chunk(p) for p in pieces]
                    + [chunk(finish=finish), chunk(usage=USAGE, choices=False)])


def responses_view(resp) -> tuple:
    text = "".join(c.text for o in resp.output if o.type == "message" for c in o.content)
    reasoning = "".join(c.text for o in resp.output if o.type == "reasoning" for c in o.content or [])
    calls = [(o.name, json.loads(o.arguments)) for o in resp.output if o.type == "function_call"]
    return text, reasoning, calls


def messages_view(msg) -> tuple:
    text = "".join(b.text for b in msg.content if b.type == "text")
    reasoning = "".join(b.thinking for b in msg.content if b.type == "thinking")
    calls = [(b.name, b.input) for b in msg.content if b.type == "tool_use"]
    return text, reasoning, calls


@pytest.fixture()
def oai(proxy):
    return openai.OpenAI(base_url=proxy, api_key="sk-test", max_retries=0)


@pytest.fixture()
def ant(proxy):
    return anthropic.Anthropic(base_url=proxy[:-len("/v1")], api_key="sk-test", max_retries=0)


@pytest.mark.parametrize("case", CASES)
def test_responses_stream_and_whole_agree_on_every_family(upstream, oai, case):
    text, want_text, want_reasoning, want_calls = CASES[case]
    script(upstream, text)
    with oai.responses.stream(model="m", input="Weather in Paris?", tools=R_TOOLS) as stream:
        types = [ev.type for ev in stream]
        final = stream.get_final_response()
    assert responses_view(final) == (want_text, want_reasoning, want_calls)
    assert final.status == "completed" and final.usage.input_tokens == 11 and final.usage.output_tokens == 22
    assert types[:2] == ["response.created", "response.in_progress"] and types[-1] == "response.completed"
    assert types.count("response.output_item.done") == len(final.output)
    sent = upstream.last["json"]
    assert sent["tools"] == [{"type": "function", "function": {
        "name": "get_weather", "description": "weather", "parameters": R_TOOLS[0]["parameters"]}}]
    assert sent["messages"] == [{"role": "user", "content": "Weather in Paris?"}]

    upstream.reply(200, completion(text))
    whole = oai.responses.create(model="m", input="Weather in Paris?", tools=R_TOOLS)
    assert responses_view(whole) == (want_text, want_reasoning, want_calls)
    assert whole.output_text == want_text


def test_responses_create_stream_true_gives_events_with_rising_sequence_numbers(upstream, oai):
    script(upstream, CASES["think_then_call"][0])
    events = list(oai.responses.create(model="m", input="hi", tools=R_TOOLS, stream=True))
    assert [e.sequence_number for e in events] == list(range(1, len(events) + 1))
    added = [e for e in events if e.type == "response.output_item.added" and e.item.type == "function_call"]
    first_delta = next(i for i, e in enumerate(events) if e.type == "response.function_call_arguments.delta")
    assert added and events.index(added[0]) < first_delta
    assert added[0].item.name == "get_weather" and added[0].item.call_id.startswith("call_")
    done = [e for e in events if e.type == "response.output_item.done" and e.item.type == "function_call"]
    assert json.loads(done[0].item.arguments) == PARIS and done[0].item.status == "completed"


@pytest.mark.parametrize("case", CASES)
def test_messages_stream_and_whole_agree_on_every_family(upstream, ant, case):
    text, want_text, want_reasoning, want_calls = CASES[case]
    script(upstream, text)
    with ant.messages.stream(model="m", max_tokens=100, tools=A_TOOLS,
                             messages=[{"role": "user", "content": "Weather in Paris?"}]) as stream:
        types = [ev.type for ev in stream]
        final = stream.get_final_message()
    assert messages_view(final) == (want_text, want_reasoning, want_calls)
    assert final.stop_reason == ("tool_use" if want_calls else "end_turn")
    assert final.usage.output_tokens == 22
    assert types[0] == "message_start" and types[-1] == "message_stop"
    assert types.count("content_block_start") == types.count("content_block_stop") == len(final.content)
    sent = upstream.last["json"]
    assert "$schema" not in sent["tools"][0]["function"]["parameters"] and sent["max_tokens"] == 100

    upstream.reply(200, completion(text))
    whole = ant.messages.create(model="m", max_tokens=100, tools=A_TOOLS,
                                messages=[{"role": "user", "content": "Weather in Paris?"}])
    assert messages_view(whole) == (want_text, want_reasoning, want_calls)
    assert whole.stop_reason == final.stop_reason and whole.usage.input_tokens == 5


def test_a_call_cut_off_by_max_tokens_is_no_call_in_any_api(upstream, oai, ant, proxy):
    cut = "Checking.<tool_call>" + '{"name": "get_weather", "arguments": {"city": "Par'
    script(upstream, cut, finish="length")
    with oai.responses.stream(model="m", input="hi", tools=R_TOOLS) as stream:
        events = list(stream)
    final = events[-1].response
    assert events[-1].type == "response.incomplete" and final.status == "incomplete"
    assert final.incomplete_details.reason == "max_output_tokens"
    assert not [e for e in events if e.type == "response.output_item.done" and e.item.type == "function_call"]

    script(upstream, cut, finish="length")
    with ant.messages.stream(model="m", max_tokens=10, tools=A_TOOLS,
                             messages=[{"role": "user", "content": "hi"}]) as stream:
        final = stream.get_final_message()
    assert final.stop_reason == "max_tokens"

    script(upstream, cut, finish="length")
    chat = openai.OpenAI(base_url=proxy, api_key="x", max_retries=0).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "hi"}], tools=[{"type": "function", "function": {
            "name": "get_weather", "parameters": R_TOOLS[0]["parameters"]}}], stream=True)
    assert [c.choices[0].finish_reason for c in chat if c.choices][-1] == "length"

    # non-streamed, the cut-off call is left out altogether
    upstream.reply(200, completion(cut, finish="length"))
    whole = ant.messages.create(model="m", max_tokens=10, tools=A_TOOLS, messages=[{"role": "user", "content": "hi"}])
    assert whole.stop_reason == "max_tokens" and messages_view(whole) == ("Checking.", "", [])
    upstream.reply(200, completion(cut, finish="length"))
    resp = oai.responses.create(model="m", input="hi", tools=R_TOOLS)
    assert resp.status == "incomplete" and resp.incomplete_details.reason == "max_output_tokens"
    assert responses_view(resp) == ("Checking.", "", [])
    upstream.reply(200, completion(cut, finish="length"))
    choice = openai.OpenAI(base_url=proxy, api_key="x", max_retries=0).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "hi"}], tools=[{"type": "function", "function": {
            "name": "get_weather", "parameters": R_TOOLS[0]["parameters"]}}]).choices[0]
    assert choice.finish_reason == "length" and not choice.message.tool_calls


def test_a_finished_call_before_a_cut_off_one_is_delivered_and_the_cut_one_is_not(upstream, oai):
    script(upstream, HERMES + '<tool_call>{"name": "get_weather", "arguments": {"city": "Tok', finish="length")
    with oai.responses.stream(model="m", input="hi", tools=R_TOOLS) as stream:
        events = list(stream)
    done = [e.item for e in events if e.type == "response.output_item.done" and e.item.type == "function_call"]
    assert [json.loads(i.arguments) for i in done] == [PARIS]
    final = events[-1].response
    assert final.status == "incomplete" and [o.status for o in final.output] == ["completed", "incomplete"]


def test_a_call_cut_off_without_max_tokens_is_still_no_finished_call(upstream, ant):
    """The upstream said "stop" (a stop sequence, a server's own limit) in the middle of a call."""
    script(upstream, '<tool_call>{"name": "get_weather", "arguments": {"city": "Par', finish="stop")
    with ant.messages.stream(model="m", max_tokens=10, tools=A_TOOLS,
                             messages=[{"role": "user", "content": "hi"}]) as stream:
        assert stream.get_final_message().stop_reason == "max_tokens"


def test_responses_input_items_are_translated_for_the_upstream(upstream, oai):
    upstream.reply(200, completion("<think>Look it up.</think>" + HERMES))
    first = oai.responses.create(model="m", input="Weather?", tools=R_TOOLS, include=["reasoning.encrypted_content"])
    reasoning, call = [o for o in first.output if o.type in ("reasoning", "function_call")]
    assert reasoning.encrypted_content  # it comes back with the thinking in it
    upstream.reply(200, completion("Sunny."))
    history = [{"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "Be brief."}]},
               {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Weather?"}]},
               reasoning.model_dump(exclude_none=True), call.model_dump(exclude_none=True),
               {"type": "function_call_output", "call_id": call.call_id, "output": "22 C"},
               {"type": "web_search_call", "id": "ws_1", "status": "completed"}]
    oai.responses.create(model="m", instructions="You are helpful.", input=history, max_output_tokens=50,
            tools=R_TOOLS + [{"type": "web_search"}], reasoning={"effort": "low"}, store=False)
    sent = upstream.last["json"]
    assert sent["messages"] == [
        {"role": "system", "content": "You are helpful.\n\nBe brief."},
        {"role": "user", "content": "Weather?"},
        {"role": "assistant", "content": None, "reasoning_content": "Look it up.", "tool_calls": [
            {"id": call.call_id, "type": "function", "function": {"name": "get_weather", "arguments": call.arguments}}]},
        {"role": "tool", "tool_call_id": call.call_id, "content": "22 C"}]
    assert [t["function"]["name"] for t in sent["tools"]] == ["get_weather"]  # web_search: no Chat form
    assert sent["max_tokens"] == 50 and sent["reasoning_effort"] == "low"


def test_namespace_tools_are_flattened_and_their_calls_keep_the_namespace(upstream, oai):
    tools = [{"type": "namespace", "name": "agents", "description": "sub-agents", "tools": [
        {"type": "function", "name": "spawn", "parameters": {"type": "object", "properties": {"task": {"type": "string"}}}}]}]
    upstream.reply(200, completion('<tool_call>{"name": "spawn", "arguments": {"task": "x"}}</tool_call>'))
    resp = oai.responses.create(model="m", input="go", tools=tools)
    [call] = resp.output
    assert (call.name, call.namespace, json.loads(call.arguments)) == ("spawn", "agents", {"task": "x"})
    assert [t["function"]["name"] for t in upstream.last["json"]["tools"]] == ["spawn"]


def test_previous_response_id_is_refused_clearly(upstream, oai):
    with pytest.raises(openai.BadRequestError, match="stores no responses"):
        oai.responses.create(model="m", input="hi", previous_response_id="resp_1")
    assert not [r for r in upstream.requests if r["path"] == "/v1/chat/completions"]


def test_messages_request_is_translated_for_the_upstream(upstream, ant):
    upstream.reply(200, completion("Done."))
    ant.messages.create(
        model="m", max_tokens=64, system=[{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}],
        stop_sequences=["END"], tools=A_TOOLS, tool_choice={"type": "any"}, metadata={"user_id": "u"},
        thinking={"type": "disabled"},
        messages=[{"role": "user", "content": "Weather in Paris and Tokyo?"},
                  {"role": "assistant", "content": [
                      {"type": "thinking", "thinking": "Two calls.", "signature": "sig"},
                      {"type": "tool_use", "id": "t1", "name": "get_weather", "input": PARIS},
                      {"type": "tool_use", "id": "t2", "name": "get_weather", "input": {"city": "Tokyo"}}]},
                  {"role": "user", "content": [  # finished in the other order
                      {"type": "tool_result", "tool_use_id": "t2", "content": [{"type": "text", "text": "30 C"}]},
                      {"type": "tool_result", "tool_use_id": "t1", "content": "no data", "is_error": True},
                      {"type": "text", "text": "And?"}]}])
    sent = upstream.last["json"]
    assert sent["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Weather in Paris and Tokyo?"},
        {"role": "assistant", "content": None, "reasoning_content": "Two calls.", "tool_calls": [
            {"id": "t1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
            {"id": "t2", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Tokyo"}'}}]},
        {"role": "tool", "tool_call_id": "t1", "content": "Error: no data"},
        {"role": "tool", "tool_call_id": "t2", "content": "30 C"},
        {"role": "user", "content": "And?"}]
    assert sent["tool_choice"] == "required" and sent["stop"] == ["END"]
    assert sent["chat_template_kwargs"] == {"enable_thinking": False}


def test_count_tokens_and_errors_in_the_anthropic_shape(upstream, ant, proxy):
    n = ant.messages.count_tokens(model="m", messages=[{"role": "user", "content": "hello there " * 40}])
    assert 100 < n.input_tokens < 200
    upstream.reply(503, {"error": {"message": "loading model", "type": "unavailable"}})
    with pytest.raises(anthropic.APIStatusError, match="loading model") as e:
        ant.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    assert e.value.status_code == 503 and e.value.body["type"] == "error"
    with pytest.raises(anthropic.BadRequestError):
        ant.messages.create(model="m", max_tokens=5, messages=[{"role": "robot", "content": "hi"}])


def test_an_upstream_dying_mid_stream_ends_each_api_with_its_error_event(upstream, proxy):
    import httpx

    bodies = {"/responses": {"model": "m", "input": "hi", "stream": True},
              "/messages": {"model": "m", "max_tokens": 5, "stream": True, "messages": [{"role": "user", "content": "hi"}]}}
    last = {"/responses": "event: response.failed", "/messages": "event: error"}
    for path, body in bodies.items():
        upstream.stream([chunk(role="assistant", content=""), chunk("Hello")], end="die")
        text = httpx.post(proxy + path, json=body, timeout=10).text
        assert "Hello" in text and text.strip().split("\n")[-2] == last[path], text[-300:]


def test_api_key_in_either_header(upstream, make_proxy):
    base = make_proxy(upstream.url, api_key="k1")
    upstream.reply(200, completion("hi"))
    ok = anthropic.Anthropic(base_url=base[:-3], api_key="k1", max_retries=0)
    assert ok.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}]).content[0].text == "hi"
    assert "x-api-key" not in upstream.last["headers"] and "authorization" not in upstream.last["headers"]
    with pytest.raises(anthropic.AuthenticationError):
        anthropic.Anthropic(base_url=base[:-3], api_key="bad", max_retries=0).messages.create(
            model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    assert openai.OpenAI(base_url=base, api_key="k1", max_retries=0).responses.create(model="m", input="x").output_text == "hi"
    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=base, api_key="bad", max_retries=0).responses.create(model="m", input="x")


def test_every_streamed_request_is_logged_even_when_the_client_closes_at_once(upstream, oai, ant, caplog):
    """The openai SDK closes the connection right after [DONE]: the log line must not be lost."""
    import logging
    import time

    with caplog.at_level(logging.INFO, logger="callsieve.serve"):
        for _ in range(3):
            script(upstream, HERMES)
            list(oai.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], stream=True,
                                             tools=[{"type": "function", "function": {"name": "get_weather"}}]))
            script(upstream, HERMES)
            list(oai.responses.create(model="m", input="hi", tools=R_TOOLS, stream=True))
            script(upstream, HERMES)
            with ant.messages.stream(model="m", max_tokens=9, messages=[{"role": "user", "content": "hi"}],
                                     tools=A_TOOLS) as s:
                s.get_final_message()
        for _ in range(100):  # the server thread writes the line; give it a moment (bounded)
            lines = [r.getMessage() for r in caplog.records if " status=" in r.getMessage()]
            if len(lines) >= 9:
                break
            time.sleep(0.02)
    assert sorted(line.split()[0] for line in lines) == ["chat"] * 3 + ["messages"] * 3 + ["responses"] * 3
    assert all("status=200" in line and "calls=1" in line and "format=tool_call_tag" in line for line in lines)


def test_a_tool_list_the_library_rejects_is_a_400_in_every_api(upstream, proxy):
    import httpx

    nameless = {"description": "no name", "parameters": {"type": "object"}}
    bodies = {"/chat/completions": {"model": "m", "messages": [{"role": "user", "content": "hi"}],
                                    "tools": [{"type": "function", "function": nameless}]},
              "/responses": {"model": "m", "input": "hi", "tools": [{"type": "function", **nameless}]},
              "/messages": {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}],
                            "tools": [{"description": "no name", "input_schema": {"type": "object"}}]}}
    for path, body in bodies.items():
        for stream in (False, True):
            r = httpx.post(proxy + path, json={**body, "stream": stream}, timeout=10)
            assert r.status_code == 400, (path, r.text)
            err = r.json()["error"]
            assert err["type"] == "invalid_request_error" and "tools" in err["message"], (path, err)
    assert not [r for r in upstream.requests if r["path"] == "/v1/chat/completions"]  # the model was not asked


def test_chat_tool_results_made_of_parts_go_upstream_as_strings(upstream, proxy):
    import httpx

    upstream.reply(200, completion("ok"))
    msgs = [{"role": "user", "content": "read it"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "line 1\n"},
                                                                {"type": "text", "text": "line 2"}]}]
    httpx.post(proxy + "/chat/completions", json={"model": "m", "messages": msgs}, timeout=10)
    assert upstream.last["json"]["messages"][2] == {"role": "tool", "tool_call_id": "c1", "content": "line 1\nline 2"}
    assert upstream.last["json"]["messages"][:2] == msgs[:2]
    raw = json.dumps({"model": "m", "messages": msgs[:2], "top_k": 3}, separators=(",", ":")).encode()
    httpx.post(proxy + "/chat/completions", content=raw, headers={"content-type": "application/json"}, timeout=10)
    assert upstream.last["body"] == raw  # nothing to change: the client's bytes


def test_without_a_key_of_ours_the_anthropic_key_goes_upstream_as_a_bearer_token(upstream, ant):
    upstream.reply(200, completion("hi"))
    ant.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    assert upstream.last["headers"]["authorization"] == "Bearer sk-test" and "x-api-key" not in upstream.last["headers"]
