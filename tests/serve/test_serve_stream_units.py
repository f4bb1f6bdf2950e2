"""The proxy's streaming hot path, piece by piece: SSE line splitting, payload decoding, chunk
encoding, the ready-or-wait reader, and how the translated stream is batched into writes."""
from __future__ import annotations

import asyncio
import json
import re

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import Sieve
from callsieve.serve.ready import PENDING, Ready
from callsieve.serve.chat import ChatEncoder
from callsieve.serve.options import Options
from callsieve.serve.stream import SSELines, loads
from serve_helpers import TOOLS, chat_stream
from callsieve.serve.turn import Turn



def event(obj) -> bytes:
    # (a lone surrogate has no UTF-8: it is written as its JSON escape)
    text = re.sub("[\ud800-\udfff]", lambda m: "\\u%04x" % ord(m.group()), json.dumps(obj, ensure_ascii=False))
    return b"data: " + text.encode() + b"\n\n"


def upstream_chunk(content=None, finish=None, **delta):
    if content is not None:
        delta["content"] = content
    return {"id": "up-1", "object": "chat.completion.chunk", "created": 7, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


STREAM = [upstream_chunk("", role="assistant"), upstream_chunk("Hé \u2028 “quoted” \\ \"x\"\t"),
          upstream_chunk("<tool_call>{\"name\": \"get_weather\", "), upstream_chunk("\"arguments\": {\"city\": \"Zü"),
          upstream_chunk("rich\"}}</tool_call>"), upstream_chunk(finish="stop")]
BODY = b"".join(event(c) for c in STREAM) + b"data: [DONE]\n\n"


def all_payloads(pieces) -> list[str]:
    lines = SSELines()
    out = []
    for p in pieces:
        out += lines.feed(p)
    return out + lines.close()


EXPECTED = [json.dumps(c, ensure_ascii=False) for c in STREAM] + ["[DONE]"]


# -- SSELines --------------------------------------------------------------------------------
def test_several_events_in_one_read():
    assert all_payloads([BODY]) == EXPECTED


def test_an_event_cut_anywhere_across_reads():
    for cut in range(1, len(BODY)):  # includes cuts inside multi-byte characters and inside "\n\n"
        assert all_payloads([BODY[:cut], BODY[cut:]]) == EXPECTED, cut


def test_byte_by_byte():
    assert all_payloads([BODY[i:i + 1] for i in range(len(BODY))]) == EXPECTED


@pytest.mark.parametrize("eol", [b"\r\n", b"\r"])
def test_crlf_and_cr_line_endings_even_when_cut_between_reads(eol):
    body = BODY.replace(b"\n", eol)
    assert all_payloads([body]) == EXPECTED
    for cut in range(1, len(body)):
        assert all_payloads([body[:cut], body[cut:]]) == EXPECTED, cut


def test_only_cr_and_lf_end_a_line():
    """U+2028, U+0085, form feed and friends may stand raw in JSON strings: they are not line ends."""
    text = "a\u2028b\u2029c\x85d\x0ce\x0bf\x1cg"
    body = event(upstream_chunk(text))
    [payload] = all_payloads([body])
    assert json.loads(payload)["choices"][0]["delta"]["content"] == text


def test_comments_fields_blank_lines_and_spaces():
    body = (b": keep-alive\n\nevent: message\nid: 3\ndata:{\"a\": 1}  \n\n\n"
            b"retry: 10\ndata:   [DONE]\n\n")
    assert all_payloads([body]) == ['{"a": 1}', "[DONE]"]


def test_last_line_without_a_line_break_comes_out_on_close():
    lines = SSELines()
    assert lines.feed(b"data: {\"a\": 1}\n\ndata: [DO") == ['{"a": 1}']
    assert lines.feed(b"NE]") == []
    assert lines.close() == ["[DONE]"]
    assert lines.close() == []


def test_invalid_utf8_is_replaced_not_fatal():
    assert all_payloads([b"data: {\"c\": \"a\xffb\"}\n\n"]) == ['{"c": "a\ufffdb"}']


# -- loads -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ['{"a": [1, 2.5, null, true, "x\\u00e9"]}', "[]", "3", '"s"', "{}",
                                  '{"a": 1} {"b": 2}', '{"a": 1}x', "", "{", "[DONE]", "{broken",
                                  "nan", "NaN", '{"a": 1}}', "\ufeff{}", '{"a":\n1}'])
def test_loads_agrees_with_json_loads(text):
    try:
        want = json.loads(text)
    except ValueError:
        with pytest.raises(ValueError):
            loads(text)
    else:
        assert json.dumps(loads(text)) == json.dumps(want)  # NaN != NaN


# -- Turn: encoded chunks are json.dumps of the chunk ------------------------------------------
def turn_events(chunks, **opts) -> list[bytes]:
    options = Options(tools=TOOLS, **opts)
    turn = Turn(options, lambda: Sieve(**options.sieve_kwargs()))
    enc = ChatEncoder(options.include_usage)
    out = []
    for c in chunks:
        enc.upstream(c)
        out += enc.write(turn.feed(c))
    return out + enc.write(turn.finish())


def assert_canonical(events: list[bytes]) -> list[dict]:
    """Each event is exactly `data: json.dumps(chunk, ensure_ascii=False)`: same bytes as before."""
    objs = []
    for e in events:
        assert e.startswith(b"data: ") and e.endswith(b"\n\n")
        obj = json.loads(e[6:-2])
        assert e == event(obj)
        objs.append(obj)
    return objs


def test_encoded_chunks_are_canonical_json():
    objs = assert_canonical(turn_events(STREAM))
    assert objs[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert all(o["id"] == "up-1" and o["model"] == "m" and o["created"] == 7 for o in objs)
    calls = [tc for o in objs for tc in o["choices"][0]["delta"].get("tool_calls", [])]
    assert calls[0]["function"]["name"] == "get_weather"
    assert json.loads("".join(tc["function"]["arguments"] for tc in calls)) == {"city": "Zürich"}
    assert objs[-1]["choices"][0]["finish_reason"] == "tool_calls"


def test_a_model_change_mid_stream_changes_the_envelope():
    chunks = [upstream_chunk("", role="assistant"), upstream_chunk("Hello"), {**upstream_chunk(" world"), "model": "m2"}]
    objs = assert_canonical(turn_events(chunks))
    assert [o["model"] for o in objs] == ["m", "m", "m2", "m2"]


def test_usage_on_the_final_chunk_and_as_its_own_chunk():
    usage = {"total_tokens": 3}
    chunks = [upstream_chunk("hi"), {**upstream_chunk(finish="length"), "usage": usage}]
    objs = assert_canonical(turn_events(chunks))
    assert objs[-1]["usage"] == usage and objs[-1]["choices"][0]["finish_reason"] == "length"
    objs = assert_canonical(turn_events(chunks, include_usage=True))
    assert objs[-1] == {"id": "up-1", "object": "chat.completion.chunk", "created": 7, "model": "m",
                        "choices": [], "usage": usage}


# Prose without the characters markers start with (special tokens are never content, even with
# tool_choice "none": an end-of-turn token is dropped, a lone call token is a cut-off call).
PROSE = st.text(alphabet=st.characters(blacklist_characters="<[{`|｜>"), max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.lists(PROSE, max_size=12), st.sampled_from(["none", "auto", "deepseek-legacy"]))
def test_any_text_encodes_canonically_and_folds_back(pieces, reasoning):
    chunks = [upstream_chunk("", role="assistant")] + [upstream_chunk(p) for p in pieces] + \
             [upstream_chunk(finish="stop")]
    objs = assert_canonical(turn_events(chunks, reasoning=reasoning, tool_choice_none=True))
    if reasoning == "none":
        # (the whitespace at the content's two ends is layout, and is not sent)
        assert "".join(o["choices"][0]["delta"].get("content") or "" for o in objs) == "".join(pieces).strip()


# -- Ready -----------------------------------------------------------------------------------
class Source:
    """An async iterator whose items are ready at once, or after a wait, as scripted."""

    def __init__(self, script):
        self.script = list(script)  # (item, wait?) pairs
        self.cleaned = False
        self.cancelled = False

    async def gen(self):
        try:
            for item, wait in self.script:
                if wait:
                    try:
                        await asyncio.sleep(0.001)
                    except asyncio.CancelledError:
                        self.cancelled = True
                        raise
                yield item
        finally:
            await asyncio.sleep(0)  # cleanup that awaits, like closing a connection
            self.cleaned = True


def test_ready_tells_ready_items_from_pending_ones():
    async def go():
        src = Source([(1, False), (2, False), (3, True), (4, False)])
        r = Ready(src.gen())
        got = []
        while True:
            try:
                item = r.next()
                if item is PENDING:
                    got.append("wait")
                    item = await r.wait()
            except StopAsyncIteration:
                break
            got.append(item)
        return got, src.cleaned

    # the last "wait": the source's cleanup awaits before it ends
    assert asyncio.run(go()) == ([1, 2, "wait", 3, 4, "wait"], True)


def test_ready_close_unwinds_a_pending_read():
    async def go():
        src = Source([(1, True)])
        r = Ready(src.gen())
        assert r.next() is PENDING
        await r.close()
        await r.close()  # idempotent
        return src.cleaned

    assert asyncio.run(go()) is True


def test_cancelling_a_wait_cancels_the_read():
    async def go():
        src = Source([(1, True)])
        r = Ready(src.gen())
        assert r.next() is PENDING
        task = asyncio.ensure_future(r.wait())
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return src.cancelled, src.cleaned

    assert asyncio.run(go()) == (True, True)


def test_errors_of_the_source_come_out_of_next_and_wait():
    async def boom(wait):
        if wait:
            await asyncio.sleep(0)
        raise httpx.ReadError("gone")
        yield  # pragma: no cover

    async def go():
        with pytest.raises(httpx.ReadError):
            Ready(boom(False).__aiter__()).next()
        r = Ready(boom(True).__aiter__())
        assert r.next() is PENDING
        with pytest.raises(httpx.ReadError):
            await r.wait()

    asyncio.run(go())


# -- Proxy.stream: one write per upstream read ---------------------------------------------------
class ScriptedBody(httpx.AsyncByteStream):
    def __init__(self, script):
        self.script = script

    async def __aiter__(self):
        for piece, wait in self.script:
            if wait:
                await asyncio.sleep(0.001)
            yield piece


def proxy_batches(script) -> list[bytes]:
    # (the request says thinking is off: a call after prose in a turn that nothing explains is
    # held until the turn ends, docs/reasoning.md, and these tests are about when writes go out)
    return asyncio.run(chat_stream(ScriptedBody(script), thinking=False))


def sse_objs(batches: list[bytes], done=True) -> list:
    events = [e for b in batches for e in b.split(b"\n\n") if e]
    if done:
        assert events.pop() == b"data: [DONE]"
    return assert_canonical([e + b"\n\n" for e in events])


def without_ids(objs: list) -> list:
    for o in objs:
        for tc in o["choices"][0]["delta"].get("tool_calls", []):
            tc.pop("id", None)
    return objs


def test_pieces_ready_together_go_out_in_one_write(monkeypatch):
    # Batching by readiness, not by the time slice: a stream that works longer than SLICE_S
    # (1 ms) between waits lets the others run and sends what it has, which a slow or loaded
    # machine reaches on the first call of a code path (the slice has tests of its own:
    # test_serve_linear.py).
    from callsieve.serve import translate
    monkeypatch.setattr(translate, "SLICE_S", 60.0)
    events = [event(c) for c in STREAM] + [b"data: [DONE]\n\n"]
    # (piece, whether the upstream makes us wait for it): the role chunk goes out when the wait
    # for the first content starts; the first content at once (time to first token); then the
    # pieces that were there together share one write, whatever their HTTP chunking; the end
    # (final chunk and [DONE]) is one write
    script = [(events[0], True), (events[1], True), (events[2][:20], True), (events[2][20:], False),
              (events[3], False), (events[4] + events[5], True), (events[6], False)]
    batches = proxy_batches(script)
    assert len(batches) == 4, batches
    first_two = [o["choices"][0]["delta"].get("content") for o in sse_objs(batches[:2], done=False)]
    # (its trailing whitespace waits for what follows: layout before a call, content before text)
    assert first_two == ["", STREAM[1]["choices"][0]["delta"]["content"].rstrip()]
    one_by_one = proxy_batches([(e, True) for e in events])
    assert len(one_by_one) > len(batches)
    assert without_ids(sse_objs(one_by_one)) == without_ids(sse_objs(batches))
    assert sse_objs(batches)[-1]["choices"][0]["finish_reason"] == "tool_calls"
