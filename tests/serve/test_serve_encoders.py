"""Each wire API's encoder, for every kind of turn: the order of the events it writes is the order
the real clients need (Codex needs output_item.done and response.completed, Claude Code needs
content_block_stop, every Chat call needs an id)."""
from __future__ import annotations

import asyncio
import json
import logging

import httpx
import pytest

from callsieve import Sieve
from callsieve.rules import CallArgs, CallCut, CallEnded, CallOpened, Content, Finished, Started, Thinking
from callsieve.serve.app import Config, Proxy
from callsieve.serve.chat import ChatEncoder
from callsieve.serve.exchange import Exchange
from callsieve.serve.messages import MessagesEncoder
from callsieve.serve.options import Options
from callsieve.serve.responses import ResponsesEncoder
from callsieve.serve.turn import Turn

U = {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}
CALL = [CallOpened(0, 0, "call_1", "f", '{"a"'), CallArgs(0, 0, ": 1}"), CallEnded(0, 0)]
TURNS = {
    "text only": [Started(0), Content(0, "Hi"), Finished(0, "stop", None, U)],
    "reasoning then text": [Thinking(0, "hm"), Content(0, "Hi"), Finished(0, "stop", None, U)],
    "calls only": CALL + [Finished(0, "tool_calls", None, U)],
    "text then calls": [Content(0, "Hi")] + CALL + [Finished(0, "tool_calls", None, U)],
    "parallel calls": CALL + [CallOpened(0, 1, "call_2", "g", "{}"), CallEnded(0, 1), Finished(0, "tool_calls", None, U)],
    "cut off": [Content(0, "Hi"), CallOpened(0, 0, "call_1", "f", '{"a"'), CallCut(0, 0),
                Finished(0, "length", None, U)],
    "upstream error": [Content(0, "Hi")],
}
R_TEXT = ["response.output_item.added", "response.content_part.added", "response.output_text.delta",
          "response.output_text.done", "response.content_part.done", "response.output_item.done"]
R_CALL = ["response.output_item.added", "response.function_call_arguments.delta",
          "response.function_call_arguments.delta", "response.function_call_arguments.done",
          "response.output_item.done"]
R_START = ["response.created", "response.in_progress"]
RESPONSES = {
    "text only": R_START + R_TEXT + ["response.completed"],
    "reasoning then text": R_START + ["response.output_item.added", "response.reasoning_text.delta",
                                      "response.reasoning_text.done", "response.output_item.done"]
    + R_TEXT + ["response.completed"],
    "calls only": R_START + R_CALL + ["response.completed"],
    "text then calls": R_START + R_TEXT + R_CALL + ["response.completed"],
    "parallel calls": R_START + R_CALL + ["response.output_item.added", "response.function_call_arguments.delta",
                                          "response.function_call_arguments.done", "response.output_item.done",
                                          "response.completed"],
    # a cut-off call is added, gets its deltas, and is never done: the response is incomplete
    "cut off": R_START + R_TEXT + ["response.output_item.added", "response.function_call_arguments.delta",
                                   "response.incomplete"],
    "upstream error": R_START + R_TEXT[:3] + R_TEXT[3:] + ["response.failed"],
}
M_START = ["message_start", "ping"]
M_END = ["message_delta", "message_stop"]
M_TEXT = ["content_block_start", "content_block_delta", "content_block_stop"]
M_CALL = ["content_block_start", "content_block_delta", "content_block_delta", "content_block_stop"]
MESSAGES = {
    "text only": M_START + M_TEXT + M_END,
    "reasoning then text": M_START + ["content_block_start", "content_block_delta", "content_block_delta",
                                      "content_block_stop"] + M_TEXT + M_END,
    "calls only": M_START + M_CALL + M_END,
    "text then calls": M_START + M_TEXT + M_CALL + M_END,
    "parallel calls": M_START + M_CALL + ["content_block_start", "content_block_delta", "content_block_stop"] + M_END,
    "cut off": M_START + M_TEXT + ["content_block_start", "content_block_delta", "content_block_stop"] + M_END,
    "upstream error": M_START + ["content_block_start", "content_block_delta", "error"],
}
STOP = {"text only": "end_turn", "reasoning then text": "end_turn", "calls only": "tool_use",
        "text then calls": "tool_use", "parallel calls": "tool_use", "cut off": "max_tokens"}
FAILURE = {"message": "the upstream broke off", "type": "upstream_error", "param": None, "code": "upstream_disconnected"}
BODY = {"model": "m", "input": "hi", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 9}


def encode(enc, turn: str) -> list[dict]:
    out = enc.start() + enc.write(TURNS[turn])
    if turn == "upstream error":
        out += enc.fail(FAILURE)
    out += enc.close()
    events = []
    for raw in out:
        lines = raw.decode().strip("\n").split("\n")
        data = json.loads(lines[-1][len("data: "):]) if lines[-1] != "data: [DONE]" else "[DONE]"
        if lines[0].startswith("event: "):  # the event line names the data's type
            assert lines[0] == "event: " + data["type"]
        events.append(data)
    return events


@pytest.mark.parametrize("turn", TURNS)
def test_responses_event_order(turn):
    events = encode(ResponsesEncoder(BODY, {}), turn)
    assert [e["type"] for e in events] == RESPONSES[turn]
    assert [e["sequence_number"] for e in events] == list(range(1, len(events) + 1))
    last = events[-1]["response"]
    for e in events:
        if e["type"] == "response.output_item.added" and e["item"]["type"] == "function_call":
            assert e["item"]["call_id"] and e["item"]["name"] and e["item"]["arguments"] == ""
    done = [e["item"] for e in events if e["type"] == "response.output_item.done"]
    if turn == "cut off":
        assert last["status"] == "incomplete" and last["incomplete_details"] == {"reason": "max_output_tokens"}
        assert last["output"][-1]["type"] == "function_call" and last["output"][-1]["status"] == "incomplete"
    elif turn == "upstream error":
        assert last["status"] == "failed" and last["error"]["code"] == "upstream_disconnected"
    else:
        assert last["status"] == "completed" and last["usage"]["total_tokens"] == 7
        assert last["output"] == done  # what was done is what the response lists
    for item in done:
        if item["type"] == "function_call":
            assert item["status"] == "completed" and json.loads(item["arguments"]) in ({"a": 1}, {})


@pytest.mark.parametrize("turn", TURNS)
def test_messages_event_order(turn):
    events = encode(MessagesEncoder(BODY, {}), turn)
    assert [e["type"] for e in events] == MESSAGES[turn]
    starts = [e for e in events if e["type"] == "content_block_start"]
    assert [e["index"] for e in starts] == list(range(len(starts)))
    if turn == "upstream error":
        assert events[-1]["error"]["type"] == "api_error"
        return
    assert events[-2]["delta"]["stop_reason"] == STOP[turn] and events[-2]["usage"]["output_tokens"] == 4
    if turn == "reasoning then text":  # thinking closes with its signature
        assert [e["delta"]["type"] for e in events[3:5]] == ["thinking_delta", "signature_delta"]
    for s in starts:
        if s["content_block"]["type"] == "tool_use":
            assert s["content_block"]["id"] and s["content_block"]["name"] and s["content_block"]["input"] == {}


@pytest.mark.parametrize("turn", TURNS)
def test_chat_event_order(turn):
    events = encode(ChatEncoder(), turn)
    assert events[-1] == "[DONE]"
    chunks = events[:-1]
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    calls = [tc for c in chunks if "choices" in c for tc in c["choices"][0]["delta"].get("tool_calls", [])]
    assert all(tc["id"] for tc in calls if "function" in tc and "name" in tc["function"])
    if turn == "upstream error":
        assert chunks[-1]["error"]["code"] == "upstream_disconnected"
        return
    reasons = [c["choices"][0]["finish_reason"] for c in chunks]
    want = {"stop": "stop", "tool_calls": "tool_calls", "length": "length"}[TURNS[turn][-1].reason]
    assert reasons[-1] == want and not any(reasons[:-1])


def test_the_turn_never_calls_a_cut_off_call_a_tool_call():
    """Whatever the core reports for a call the stream cut, finish says "length", not "tool_calls"."""
    opts = Options(tools=[{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}])
    turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs()))
    events = turn.feed({"choices": [{"index": 0, "delta": {"content": '<tool_call>{"name": "f", "arguments": {"a": "x'},
                                     "finish_reason": "length"}]})
    events += turn.finish()
    assert (events[-1].choice, events[-1].reason) == (0, "length")


def test_a_client_that_goes_away_mid_stream_is_logged(caplog):
    class Body(httpx.AsyncByteStream):
        async def __aiter__(self):
            yield b'data: {"choices": [{"index": 0, "delta": {"content": "Hi"}}]}\n\n'
            await asyncio.sleep(30)  # the model is slow; the client leaves before the next token
            yield b"data: [DONE]\n\n"

    async def go():
        proxy = Proxy(Config(upstream="http://127.0.0.1:9/v1"))
        resp = httpx.Response(200, headers={"content-type": "text/event-stream"}, stream=Body())
        opts = Options()
        turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs()))
        gen = proxy.answers.stream(resp, turn, ResponsesEncoder(BODY, {}), Exchange.begin(0, "responses", "-", "m", True, {}))
        first = await gen.__anext__()
        await gen.aclose()  # what Starlette does when the client disconnects
        return first

    with caplog.at_level(logging.INFO, logger="callsieve.serve"):
        first = asyncio.run(go())
    assert b"response.created" in first
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("responses ")]
    assert "status=499" in line


def test_responses_delta_events_are_byte_for_byte_what_ev_writes():
    # the hot path writes delta events from fixed parts: the same bytes as a dict through json.dumps
    from callsieve.serve.responses import AT_PART, NO_LOGPROBS
    enc = ResponsesEncoder(BODY, {})
    item = {"id": 'msg_"\u00e9', "type": "message"}
    enc.pos[item["id"]] = 3
    for text in ["", "plain", 'q"uo\\te', "line\nbreak\u2028", "\u00e9\U0001F600", "lone \ud800", "\x00\t/"]:
        for type_, middle, tail, fields in [
                ("response.output_text.delta", AT_PART, NO_LOGPROBS, {"content_index": 0}),
                ("response.reasoning_text.delta", AT_PART, "", {"content_index": 0}),
                ("response.function_call_arguments.delta", "", "", {})]:
            seq = enc.seq
            fast = enc._delta(type_, item, middle, text, tail)
            enc.seq = seq
            more = {"logprobs": []} if tail else {}
            assert fast == enc.ev(type_, item_id=item["id"], output_index=3, **fields, delta=text, **more)
