"""The upstream's body, sans-IO: what the proxy makes of its bytes, without a socket."""
from __future__ import annotations

import json

from callsieve.serve.upstream_reader import SLICE_CHARS, Chunk, Done, Failure, UpstreamReader


def sse(obj) -> bytes:
    return b"data: " + (obj if isinstance(obj, bytes) else json.dumps(obj).encode()) + b"\n\n"


CHUNK = {"choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": None}]}


def test_chunks_then_done_and_nothing_after_it():
    r = UpstreamReader()
    items = r.feed(sse(CHUNK)[:7]) + r.feed(sse(CHUNK)[7:] + sse(b"[DONE]") + sse(CHUNK))
    assert items == [Chunk(CHUNK), Done()]
    assert r.close() == []


def test_an_error_event_ends_the_stream_as_a_failure():
    r = UpstreamReader()
    items = r.feed(sse(CHUNK) + sse({"error": "the model crashed"}) + sse(CHUNK))
    assert items[0] == Chunk(CHUNK) and type(items[1]) is Failure and len(items) == 2
    assert items[1].error["message"] == "the model crashed"


def test_a_body_without_any_chunk_is_no_event_stream():
    r = UpstreamReader()
    assert r.feed(b"<html>busy</html>\n") == []
    [failure] = r.close()
    assert failure.error["code"] == "upstream_unreadable"


def test_an_unreadable_chunk_is_skipped_and_the_stream_goes_on():
    r = UpstreamReader()
    assert r.feed(sse(b"{not json") + sse(CHUNK)) == [Chunk(CHUNK)]
    assert r.close() == []   # it ended without [DONE], but it was an answer


def test_a_long_chunk_comes_in_slices_that_add_up_to_it():
    text = "x" * (2 * SLICE_CHARS + 5)
    long = {"id": "c1", "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": "stop"}]}
    items = UpstreamReader().feed(sse(long))
    assert len(items) == 3 and all(i.long for i in items)
    assert "".join(i.chunk["choices"][0]["delta"]["content"] for i in items) == text
    assert [i.chunk["choices"][0]["finish_reason"] for i in items] == [None, None, "stop"]
    assert items[0].chunk["id"] == "c1"
