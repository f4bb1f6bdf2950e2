"""A non-streamed answer is the fold of the streamed one, in every API: the same upstream answer,
once whole and once as a stream, gives the same result after the client folds the stream (ids,
timestamps and signatures aside, which are new for every answer)."""
from __future__ import annotations

import httpx
import pytest
from conftest import UP_CREATED, UP_ID, UP_MODEL
from serve_helpers import sse_events_of

from callsieve.serve import chat, messages, responses

TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}}}}]
CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
USAGE = {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}


def native(cid: str, args: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": "get_weather", "arguments": args}}


def choice(content, finish="stop", reasoning=None, calls=None) -> dict:
    msg = {"role": "assistant", "content": content}
    if reasoning:
        msg["reasoning_content"] = reasoning
    if calls:
        msg["tool_calls"] = calls
    return {"message": msg, "finish_reason": finish}


# each: the upstream's answer, as its choices
ANSWERS = {
    "prose": [choice("Hello there, how can I help you today?")],
    "a call": [choice("Let me check. " + CALL)],
    "two calls": [choice(CALL + " and " + CALL.replace("Paris", "Oslo"))],
    "a cut-off call": [choice('Sure. <tool_call>{"name": "get_weather", "arguments": {"city": "Par', "length")],
    "an invalid call": [choice('<tool_call>{"name": "get_weather", "arguments": {"city": }}</tool_call> ok')],
    "reasoning inline": [choice("<think>The user wants weather.</think>It is sunny.")],
    "upstream reasoning": [choice("It is sunny.", reasoning="The user wants weather.")],
    "native calls": [choice(None, "tool_calls", calls=[native("call_n1", '{"city": "Paris"}'),
                                                        native("call_n2", '{"city": "Oslo"}')])],
    "a cut-off native call": [choice(None, "length", calls=[native("call_n1", '{"city": "Pa')])],
    "reasoning, prose and a call": [choice("Checking. " + CALL, "stop", reasoning="Need the weather.")],
    "several choices": [choice("Plain prose."), choice("Calling. " + CALL), choice("<think>hm</think>Yes.")],
}


def whole(choices: list) -> dict:
    return {"id": UP_ID, "object": "chat.completion", "created": UP_CREATED, "model": UP_MODEL,
            "choices": [{"index": n, **c} for n, c in enumerate(choices)], "usage": USAGE}


def pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


def streamed(choices: list) -> list[dict]:
    """The same answer as a streaming upstream sends it: small pieces, the choices interleaved."""
    per = []
    for n, c in enumerate(choices):
        msg, deltas = c["message"], [{"role": "assistant", "content": ""}]
        deltas += [{"reasoning_content": p} for p in pieces(msg.get("reasoning_content") or "", 5)]
        deltas += [{"content": p} for p in pieces(msg.get("content") or "", 3)]
        for k, tc in enumerate(msg.get("tool_calls") or []):
            args = pieces(tc["function"]["arguments"], 4)
            deltas.append({"tool_calls": [{"index": k, "id": tc["id"], "type": "function",
                                           "function": {"name": tc["function"]["name"], "arguments": args[0]}}]})
            deltas += [{"tool_calls": [{"index": k, "function": {"arguments": a}}]} for a in args[1:]]
        items = [{"index": n, "delta": d, "finish_reason": None} for d in deltas]
        items.append({"index": n, "delta": {}, "finish_reason": c["finish_reason"]})
        per.append(items)
    out = []
    for step in range(max(len(p) for p in per)):
        out += [{"id": UP_ID, "object": "chat.completion.chunk", "created": UP_CREATED, "model": UP_MODEL,
                 "choices": [p[step]]} for p in per if step < len(p)]
    return out + [{"id": UP_ID, "object": "chat.completion.chunk", "created": UP_CREATED, "model": UP_MODEL,
                   "choices": [], "usage": USAGE}]


NEW_EACH_TIME = {"id", "call_id", "created_at", "signature"}


def steady(obj):
    """`obj` without what is new for every answer (ids of our making, timestamps, signatures)."""
    if isinstance(obj, dict):
        return {k: "*" if k in NEW_EACH_TIME and not str(obj[k]).startswith(("call_n", UP_ID)) else steady(v)
                for k, v in obj.items()}
    if isinstance(obj, list):
        return [steady(v) for v in obj]
    return obj


API = {"chat": ("/chat/completions", {"messages": [{"role": "user", "content": "hi"}], "tools": TOOLS}, chat),
       "responses": ("/responses", {"input": "hi", "tools": [{"type": "function", "name": "get_weather",
                                                              "parameters": TOOLS[0]["function"]["parameters"]}]},
                     responses),
       "messages": ("/messages", {"messages": [{"role": "user", "content": "hi"}], "max_tokens": 50,
                                  "tools": [{"name": "get_weather", "input_schema": TOOLS[0]["function"]["parameters"]}]},
                    messages)}


@pytest.mark.parametrize("api", API)
@pytest.mark.parametrize("case", ANSWERS)
def test_the_whole_answer_is_the_fold_of_the_stream(upstream, proxy, api, case):
    path, body, module = API[api]
    body = {"model": "qwen2.5-7b-instruct", **body}
    with httpx.Client(timeout=30) as c:
        upstream.stream(streamed(ANSWERS[case]))
        # a non-streamed answer delivers calls whole: so does the stream it is compared with
        r = c.post(proxy + path, json={**body, "stream": True}, headers={"x-callsieve-calls": "whole"})
        assert r.status_code == 200, r.text
        folded = module.fold(sse_events_of(r.text))
        upstream.reply(200, whole(ANSWERS[case]))
        r = c.post(proxy + path, json={**body, "stream": False})
        assert r.status_code == 200, r.text
    assert steady(r.json()) == steady(folded)
    if api == "chat":  # and the fold is what a client folds: each choice, its calls, its finish
        assert len(folded["choices"]) == len(ANSWERS[case])


def test_every_encoder_handles_every_event():
    """Each API's encoder writes each wire event of callsieve.rules, and refuses one it does not know."""
    from callsieve import rules
    body = {"model": "m", "input": "hi", "messages": [{"role": "user", "content": "hi"}]}
    one = {rules.Started: (), rules.Content: ("Hi",), rules.Thinking: ("hm",),
           rules.CallOpened: (0, "call_1", "f", "{"), rules.CallArgs: (0, "}"), rules.CallEnded: (0,),
           rules.CallCut: (0,), rules.Finished: ("stop", None, USAGE)}
    assert set(one) == set(rules.EVENTS), "a new wire event needs a case here, and a method in every encoder"

    class Unknown:
        choice = 0

    for module in (chat, responses, messages):
        for event, fields in one.items():
            enc = module.encoder(body, body)
            enc.start()
            if event in (rules.CallArgs, rules.CallEnded, rules.CallCut):  # of a call that opened
                enc.write([rules.CallOpened(0, 0, "call_1", "f", "")])
            enc.write([event(0, *fields)])
        with pytest.raises(TypeError):
            module.encoder(body, body).write([Unknown()])


def test_every_api_is_a_wire_api():
    """The seam app.py relies on: each module of APIS has every name of wire.WireAPI."""
    from callsieve.serve import wire
    from callsieve.serve.apis import APIS
    names = [n for n in dir(wire.WireAPI) if not n.startswith("_")] + list(wire.WireAPI.__annotations__)
    for api in APIS:
        assert [n for n in names if not hasattr(api, n)] == [], api.name


def test_grown_fields_read_whole_once_settled():
    """The folds and the Responses encoder grow text through stream.Grown (pieces joined when
    read, so a long answer folds in linear time): a field reads its whole text after settle,
    a missing one starts empty, and a second round of deltas adds to the first."""
    from callsieve.serve.stream import Grown
    g, msg, call = Grown(), {"content": "Hi"}, {}
    for piece in (" the", "re", "!"):
        g.add(msg, "content", piece)
        g.add(call, "arguments", piece.strip())
    g.settle()
    assert msg == {"content": "Hi there!"} and call == {"arguments": "there!"}
    g.add(msg, "content", " Bye.")
    g.settle()
    g.settle()
    assert msg["content"] == "Hi there! Bye."


def test_a_long_answer_folds_to_its_whole_text():
    from callsieve.serve import chat, messages
    pieces = [f"{i:05d}" for i in range(20000)]
    evs = [{"id": "x", "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]},
           {"choices": [{"index": 0, "delta": {"tool_calls": [
               {"index": 0, "id": "c", "function": {"name": "f", "arguments": ""}}]}}]}]
    evs += [{"choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    evs += [{"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": p}}]}}]}
            for p in pieces]
    msg = chat.fold(evs)["choices"][0]["message"]
    assert msg["content"] == "".join(pieces) and msg["tool_calls"][0]["function"]["arguments"] == "".join(pieces)
    mev = [{"type": "message_start", "message": {"id": "m", "content": []}},
           {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
           *({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}}
             for p in pieces),
           {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "t", "name": "f"}},
           {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"a": '}},
           {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "1}"}},
           {"type": "content_block_stop", "index": 1}]
    out = messages.fold(mev)
    assert out["content"][0]["text"] == "".join(pieces) and out["content"][1]["input"] == {"a": 1}


def test_each_api_answer_is_the_fold_of_its_encoders_stream():
    """WireAPI.answer (what a non-streamed request is folded with) adds the typed events up into
    what the API's Fold makes of the encoder's stream of the same events: two choices, text,
    thinking, calls opened, grown, ended and cut, a change of model, the usage; and a stream that
    fails is an error either way.  No answer writes bytes to read them back."""
    from callsieve import rules
    from callsieve.serve import wire
    from callsieve.serve.upstream_reader import sse_payloads
    body = {"model": "m", "input": "hi", "messages": [{"role": "user", "content": "hi"}],
            "stream_options": {"include_usage": True}}
    up = [{"id": "up1", "created": 7, "model": "m1", "system_fingerprint": "fp"}, {"model": "m2"}]
    batches = [[rules.Started(0), rules.Thinking(0, "hm"), rules.Content(0, "Hi "), rules.Started(1)],
               [rules.Content(0, ""), rules.Content(0, "there"), rules.Content(1, "other"),
                rules.CallOpened(0, 0, "call_1", "f", '{"a"'), rules.CallArgs(0, 0, ": 1}"),
                rules.CallEnded(0, 0), rules.CallOpened(0, 1, "call_2", "g", "{"), rules.CallCut(0, 1)],
               [rules.Finished(0, "tool_calls", None, USAGE), rules.Finished(1, "stop", None, None)]]

    def both(api, failure=None):
        enc, whole = api.encoder(body, body), api.answer(body, body)
        out = enc.start() + whole.start()
        for chunk, events in zip(up + [{}], batches):
            enc.upstream(chunk), whole.upstream(chunk)
            out += enc.write(events) + whole.write(events)
        if failure:
            out += enc.fail(failure) + whole.fail(failure)
        out += enc.close() + whole.close()
        return api.Fold, b"".join(out), whole

    for api in (chat, responses, messages):
        Fold, stream, whole = both(api)
        folded = wire.fold_all(Fold(), sse_payloads(stream))
        answer = whole.result()
        assert steady(answer) == steady(folded), api.name
        assert api is not chat or answer == folded   # (the same envelope, not just alike)
        Fold, stream, whole = both(api, {"message": "broke", "type": "upstream_error", "code": "upstream_x"})
        with pytest.raises(wire.Failed):
            wire.fold_all(Fold(), sse_payloads(stream))
        with pytest.raises(wire.Failed):
            whole.result()
    for api in (chat, responses, messages):
        whole = api.answer(body, body)
        assert whole.start() + whole.write(batches[0]) + whole.close() == [], api.name
