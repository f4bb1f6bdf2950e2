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
