"""Issue 35: nothing the proxy does for one answer grows faster than the answer (its time on the
event loop is every other client's wait). Speed itself is measured in bench/ (`python -m bench`,
the "linear" rows); here each buffer's work is counted, and what a client gets is checked."""
from __future__ import annotations

import json

import httpx
import pytest
from conftest import chunk
from serve_helpers import sse_events_of

from callsieve.rules import CallEnded, CallOpened, WholeCalls
from callsieve.serve import stream as stream_module
from callsieve.serve.stream import SSELines

ANT = {"model": "m", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]}


def counted_loads(monkeypatch) -> list[int]:
    """The length of every text the SSE reader parses as JSON."""
    seen: list[int] = []
    real = stream_module.loads

    def loads(text):
        seen.append(len(text))
        return real(text)

    monkeypatch.setattr(stream_module, "loads", loads)
    return seen


@pytest.mark.parametrize("per_line", [False, True])
def test_an_event_of_many_data_lines_is_parsed_once(monkeypatch, per_line):
    """20,000 `data:` lines of one event held every client 6-10 s: each line re-joined and re-parsed
    the event so far. Now the JSON parser reads about the event's size in all."""
    doc = {"choices": [{"index": 0, "delta": {"content": "x"}}], **{f"k{i}": i for i in range(2000)}}
    lines = json.dumps(doc, indent=0).split("\n")
    body = b"".join(b"data: " + line.encode() + b"\n" for line in lines) + b"\n"
    seen = counted_loads(monkeypatch)
    reader, out = SSELines(), []
    for piece in (body.split(b"\n") if per_line else [body]):
        out += reader.feed(piece + b"\n" if per_line else piece)
    out += reader.close()
    assert [json.loads(p) for p in out] == [doc]
    size = len(json.dumps(doc, indent=0))
    assert sum(seen) <= 2 * size, f"{sum(seen):,} characters parsed for a {size:,}-character event"


def test_a_server_without_blank_lines_still_sends_each_event_of_several_lines():
    reader = SSELines()
    assert reader.feed(b'data: {\ndata: "a": 1}\ndata: {"b": 2}\n') == ['{\n "a": 1}', '{"b": 2}']
    assert reader.feed(b'data: [\ndata: "}", "{"\ndata: ]\n') == ['[\n "}", "{"\n ]']
    assert reader.feed(b"data: not json\ndata: {}\n\n") == ["not json\n {}"]   # one event, as SSE says
    assert reader.feed(b"data: [DONE]\n") == ["[DONE]"]


class Counted(dict):
    """A dict that counts the entries it is asked for or walks over."""
    steps = 0

    def __iter__(self):
        for key in super().__iter__():
            Counted.steps += 1
            yield key

    def __getitem__(self, key):
        Counted.steps += 1
        return super().__getitem__(key)


def test_whole_delivery_of_many_calls_that_end_together_is_linear():
    """Native calls all end with the stream: 20,000 held the event loop 18-30 s (each end walked
    every call held)."""
    n = 2000
    hold = WholeCalls()
    hold.held = Counted()
    opened = hold([CallOpened(0, k, f"id{k}", "f", "{}") for k in range(n)])
    Counted.steps = 0
    out = hold([CallEnded(0, k) for k in range(n)])
    assert opened == [] and [ev.index for ev in out if type(ev) is CallEnded] == list(range(n))
    assert [ev.id for ev in out if type(ev) is CallOpened] == [f"id{k}" for k in range(n)]
    assert Counted.steps <= 4 * n, f"{Counted.steps:,} steps to release {n:,} calls"


def native(n: int) -> list[dict]:
    return [{"index": k, "id": f"call_{k}", "type": "function",
             "function": {"name": "get_weather", "arguments": json.dumps({"k": k})}} for k in range(n)]


@pytest.mark.parametrize("n", [3, 2000])
def test_messages_streams_many_native_calls_of_one_chunk_in_order(upstream, proxy, n):
    """Each call opened while the first one's block was open waits; they went out by recursion
    (2,000 overflowed the stack: the stream ended in an internal error) and last first."""
    upstream.stream([chunk(role="assistant", content=""), chunk(tool_calls=native(n)), chunk(finish="tool_calls")])
    with httpx.Client(timeout=60) as c:
        r = c.post(proxy + "/messages", json={**ANT, "stream": True},
                   headers={"x-callsieve-calls": "stream"})
    events = sse_events_of(r.text)
    assert r.status_code == 200 and not [e for e in events if e.get("type") == "error"], r.text[-500:]
    starts = [e["content_block"] for e in events if e.get("type") == "content_block_start"]
    assert [b["id"] for b in starts if b["type"] == "tool_use"] == [f"call_{k}" for k in range(n)]
    args = {}
    for e in events:
        if e.get("type") == "content_block_delta" and e["delta"]["type"] == "input_json_delta":
            args[e["index"]] = args.get(e["index"], "") + e["delta"]["partial_json"]
    assert [json.loads(args[i]) for i in sorted(args)] == [{"k": k} for k in range(n)]


# -- one heavy non-streamed answer is folded in slices ---------------------------------------------
def longest_step(monkeypatch, body: dict, answer: dict) -> tuple[int, dict]:
    """The non-streamed answer the proxy makes of the upstream's `answer`, and the most events it
    folded while no other task of the event loop ran (a time slice is due at every check:
    SLICE_S < 0; content slices of 2,000 characters)."""
    import asyncio

    from callsieve import Session, Sieve
    from callsieve.serve import app, chat, translate, upstream_reader
    from callsieve.serve.exchange import Exchange
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    monkeypatch.setattr(translate, "SLICE_S", -1.0)
    monkeypatch.setattr(upstream_reader, "SLICE_CHARS", 2000)
    ticks, runs, last = 0, [0], [-1]

    fold_write = chat.ChatAnswer.write

    def counting(self, events):   # the events the fold takes (those a chunk stands for), per step of the loop
        if last[0] != ticks:
            last[0] = ticks
            runs.append(0)
        runs[-1] += sum(1 for ev in events if isinstance(ev, chat.FOLDED))
        return fold_write(self, events)

    monkeypatch.setattr(chat.ChatAnswer, "write", counting)
    data = json.dumps(answer).encode()

    async def go():
        nonlocal ticks
        done = False

        async def other_client():
            nonlocal ticks
            while not done:
                ticks += 1
                await asyncio.sleep(0)

        other = asyncio.ensure_future(other_client())
        await asyncio.sleep(0)
        try:
            proxy = app.Proxy(app.Config(upstream="http://127.0.0.1:9/v1"))
            opts = Options.from_request(body, None, "auto", "hold").answered_whole()
            turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs(Session(learn=False))))
            ex = Exchange.begin(0, "chat", "-", "m", False, {})
            return await proxy.answers.whole_answer(httpx.Response(200, content=data), data, turn, chat, body, body, ex)
        finally:
            done = True
            await other

    answer_out = asyncio.run(go())
    return max(runs), json.loads(answer_out.body)


TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]


def completion_of(message: dict) -> dict:
    return {"id": "x", "object": "chat.completion", "created": 1, "model": "m",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]}


def test_a_whole_answer_of_many_parsed_calls_is_folded_in_slices(monkeypatch):
    """30,000 tiny calls held every client 2.4-3.3 s: the fold ran in one step after the parse."""
    n = 1000
    content = "".join('<tool_call>{"name": "f", "arguments": {"k": %d}}</tool_call>' % k for k in range(n))
    step, out = longest_step(monkeypatch, {"model": "m", "messages": [], "tools": TOOLS},
                             completion_of({"role": "assistant", "content": content}))
    calls = out["choices"][0]["message"]["tool_calls"]
    assert [json.loads(c["function"]["arguments"]) for c in calls] == [{"k": k} for k in range(n)]
    assert step <= n // 5, f"{step} events folded in one step, of {2 * n}"


def test_a_whole_answer_of_many_native_calls_is_translated_and_folded_in_slices(monkeypatch):
    n = 2000
    step, out = longest_step(monkeypatch, {"model": "m", "messages": []},
                             completion_of({"role": "assistant", "content": None, "tool_calls": native(n)}))
    calls = out["choices"][0]["message"]["tool_calls"]
    assert [c["id"] for c in calls] == [f"call_{k}" for k in range(n)]
    assert step <= n // 4, f"{step} events folded in one step, of {n}"


@pytest.mark.parametrize("thinking", ["reasoning_content", "reasoning"])
def test_how_a_long_chunk_is_sliced_never_changes_the_answer(monkeypatch, thinking):
    """Thinking, content (with a parsed call) and native calls of one chunk, sliced small: the same
    answer as unsliced, in the order a Turn reads one delta (thinking, content, native calls)."""
    from callsieve import Session, Sieve
    from callsieve.serve import chat, upstream_reader
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    content = "Checking. " * 30 + '<tool_call>{"name": "f", "arguments": {"k": "parsed"}}</tool_call>'
    delta = {"role": "assistant", thinking: "hmm " * 50, "content": content, "tool_calls": native(7)}
    chunk_ = {"id": "x", "model": "m", "choices": [{"index": 0, "delta": delta, "finish_reason": "tool_calls"}]}
    body = {"model": "m", "messages": [], "tools": TOOLS}

    def answer(chunks):
        opts = Options.from_request(body, None, "auto", "hold").answered_whole()
        turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs(Session(learn=False))))
        enc, out = chat.encoder(body, body), []
        for c in chunks:
            enc.upstream(c)
            out += enc.write(turn.feed(c))
        out += enc.write(turn.finish())
        message = chat.fold(sse_events_of(b"".join(out).decode()))["choices"][0]["message"]
        return {**message, "tool_calls": [(c["function"]["name"], c["function"]["arguments"])
                                          for c in message["tool_calls"]]}

    whole = answer([chunk_])
    monkeypatch.setattr(upstream_reader, "SLICE_CHARS", 16)
    monkeypatch.setattr(upstream_reader, "SLICE_CALLS", 2, raising=False)
    pieces = upstream_reader.slices(chunk_)
    assert len(pieces) > 20
    assert answer(pieces) == whole
    # (the parsed call after prose is held to the turn's end when nothing says whether the prompt
    # opened thinking, docs/reasoning.md: it comes after the native calls then)
    assert sorted((json.dumps(json.loads(a)) for _, a in whole["tool_calls"])) == sorted(
        json.dumps(v) for v in [{"k": "parsed"}] + [{"k": k} for k in range(7)])
