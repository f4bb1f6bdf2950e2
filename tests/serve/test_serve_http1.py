"""http1.py: the transport to an http:// upstream (bodies one socket read at a time) and its
sans-IO de-chunking, against a raw asyncio server that answers as scripted."""
from __future__ import annotations

import asyncio
import random

import pytest

httpx = pytest.importorskip("httpx")

from callsieve.serve.http1 import Dechunker, Transport, framing, transport  # noqa: E402


def chunked(*parts: bytes, trailer: bytes = b"") -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n" + trailer + b"\r\n"


PARTS = [b"abc", b"x" * 70000, b"line\r\n", b"\n", b"\r"]


@pytest.mark.parametrize("most", [1, 2, 3, 7, 64, 100000])
def test_dechunker_gives_the_same_data_however_the_bytes_are_cut(most):
    raw, want, rnd = chunked(*PARTS, trailer=b"X-Trailer: 1\r\n"), b"".join(PARTS), random.Random(most)
    for _ in range(20):
        d, out, i = Dechunker(), [], 0
        while i < len(raw):
            k = rnd.randint(1, most)
            out.append(d.feed(raw[i:i + k]))
            i += k
        assert b"".join(out) == want and d.done and d.extra == b""


def test_dechunker_extensions_and_what_follows_the_body():
    d = Dechunker()
    assert d.feed(b"5;name=value\r\nhello\r\n0\r\n\r\nHTTP/1.1") == b"hello"
    assert d.done and d.extra == b"HTTP/1.1"


@pytest.mark.parametrize("raw", [b"zz\r\n", b"0x5\r\nhello\r\n", b"5\r\nhelloXX\r\n"])
def test_dechunker_refuses_bad_framing(raw):
    with pytest.raises(httpx.RemoteProtocolError):
        Dechunker().feed(raw)


def test_framing():
    assert framing("GET", 200, [(b"Transfer-Encoding", b"chunked")]) == "chunked"
    assert framing("GET", 200, [(b"content-length", b"12")]) == 12
    assert framing("GET", 200, []) is None
    assert framing("HEAD", 200, [(b"content-length", b"12")]) == 0
    assert framing("GET", 204, []) == 0
    with pytest.raises(httpx.RemoteProtocolError):
        framing("GET", 200, [(b"content-length", b"1"), (b"content-length", b"2")])


def test_only_a_plain_http_upstream_gets_it(monkeypatch):
    for k in ("HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(k, raising=False)
    assert isinstance(transport("http://127.0.0.1:8080/v1"), Transport)
    assert transport("https://api.example.com/v1") is None
    monkeypatch.setenv("HTTP_PROXY", "http://proxy.example:3128")
    assert transport("http://127.0.0.1:8080/v1") is None


class Scripted:
    """A server that reads each request head (and a content-length body) and answers with the
    next of `answers` (bytes, or a callable of the writer); records connections and requests."""

    def __init__(self, answers):
        self.answers, self.connections, self.requests, self.closed = list(answers), 0, [], asyncio.Event()

    async def handle(self, reader, writer):
        self.connections += 1
        try:
            while self.answers:
                head = await reader.readuntil(b"\r\n\r\n")
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")]
                body = await reader.readexactly(length[0]) if length else b""
                self.requests.append((head, body))
                answer = self.answers.pop(0)
                if callable(answer):
                    await answer(reader, writer)
                else:
                    writer.write(answer)
                    await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.closed.set()
            writer.close()

    async def __aenter__(self):
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        self.url = "http://127.0.0.1:%d" % self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc):
        self.server.close()


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 20))


OK_CHUNKED = b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: text/event-stream\r\n\r\n" + \
    chunked(b"data: 1\n\n", b"data: 2\n\n")
OK_LENGTH = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}"


def test_answers_are_read_and_the_connection_is_kept():
    async def go():
        async with Scripted([OK_CHUNKED, b"HTTP/1.1 100 Continue\r\n\r\n" + OK_LENGTH]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                r = await client.post(srv.url + "/v1/chat/completions?x=1", json={"a": 1})
                assert r.status_code == 200 and r.text == "data: 1\n\ndata: 2\n\n"
                assert r.headers["content-type"] == "text/event-stream"
                r = await client.get(srv.url + "/v1/models")
                assert r.status_code == 200 and r.json() == {}
            head, body = srv.requests[0]
            assert head.startswith(b"POST /v1/chat/completions?x=1 HTTP/1.1\r\n") and body == b'{"a":1}'
            assert srv.connections == 1
    run(go())


def test_a_body_until_the_connection_closes():
    async def go():
        async with Scripted([b"HTTP/1.0 200 OK\r\n\r\nall of it"]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                assert (await client.get(srv.url + "/")).text == "all of it"
    run(go())


def test_an_idle_connection_the_server_closed_is_replaced():
    async def close_after(reader, writer):
        writer.write(OK_LENGTH)
        await writer.drain()
        writer.close()

    async def go():
        async with Scripted([close_after]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                assert (await client.get(srv.url + "/")).status_code == 200
                await srv.closed.wait()
                srv.answers.append(OK_LENGTH)
                assert (await client.get(srv.url + "/")).status_code == 200
            assert srv.connections == 2
    run(go())


def test_a_body_cut_off_and_a_silent_server_are_httpx_errors():
    async def go():
        async with Scripted([b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhel"]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                with pytest.raises(httpx.RemoteProtocolError, match="incomplete chunked read"):
                    async with client.stream("GET", srv.url + "/") as r:
                        srv.answers.clear()  # the server closes after its partial answer
                        await r.aread()

        async def silent(reader, writer):
            await asyncio.sleep(5)

        async with Scripted([silent]) as srv:
            async with httpx.AsyncClient(transport=Transport(), timeout=httpx.Timeout(5, read=0.2)) as client:
                with pytest.raises(httpx.ReadTimeout):
                    await client.get(srv.url + "/")

        with pytest.raises(httpx.ConnectError):
            async with httpx.AsyncClient(transport=Transport()) as client:
                await client.get("http://127.0.0.1:9/")
    run(go())


def test_closing_a_stream_early_closes_its_connection():
    async def endless(reader, writer):
        writer.write(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n")
        while True:
            writer.write(b"6\r\ndata: \r\n")
            await writer.drain()
            await asyncio.sleep(0.01)

    async def go():
        async with Scripted([endless]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                async with client.stream("GET", srv.url + "/") as r:
                    async for _ in r.aiter_raw():
                        break
                await asyncio.wait_for(srv.closed.wait(), 5)  # the upstream hears the client leave
    run(go())


def test_a_streamed_request_body_goes_chunked():
    async def go():
        async def parts():
            yield b"ab"
            yield b"cd"

        got = []

        async def handle(reader, writer):
            head = await reader.readuntil(b"\r\n\r\n")
            got.append(head)
            d = Dechunker()
            while not d.done:
                got.append(d.feed(await reader.read(100)))
            writer.write(OK_LENGTH)
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        url = "http://127.0.0.1:%d/" % server.sockets[0].getsockname()[1]
        async with httpx.AsyncClient(transport=Transport()) as client:
            assert (await client.post(url, content=parts())).status_code == 200
        server.close()
        assert b"transfer-encoding: chunked" in got[0].lower() and b"".join(got[1:]) == b"abcd"
    run(go())


# -- issue 35: one client's leftover bytes never reach the next client ------------------------------
LEAK = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 22\r\n\r\n{\"secret\": \"user A's\"}"
FOR_B = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n{\"for\": \"user B\"}"
SSE_HEAD = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"

# each: what the upstream writes for user A's request at once, then after a pause (None: nothing)
FRAMING_FAULTS = {
    "content-length too short": (b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}" + LEAK, None),
    "content-length too short, the rest later": (b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}", LEAK),
    "bytes after the last chunk": (SSE_HEAD + b"transfer-encoding: chunked\r\n\r\n" + chunked(b"data: 1\n\n") + LEAK, None),
    "bytes after the last chunk, later": (SSE_HEAD + b"transfer-encoding: chunked\r\n\r\n" + chunked(b"data: 1\n\n"), LEAK),
    "a second response unasked": (OK_LENGTH, LEAK),
    "bytes after connection: close": (b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\n{}", LEAK),
    "an HTTP/1.0 answer with a length": (b"HTTP/1.0 200 OK\r\ncontent-length: 2\r\n\r\n{}" + LEAK, None),
    "a trailer, then bytes": (SSE_HEAD + b"transfer-encoding: chunked\r\n\r\n" + chunked(b"x", trailer=b"X-T: 1\r\n"), LEAK),
}


@pytest.mark.parametrize("fault", FRAMING_FAULTS)
def test_bytes_past_an_answers_framing_never_reach_the_next_request(fault):
    now, later = FRAMING_FAULTS[fault]
    written = asyncio.Event()

    async def user_a(reader, writer):
        writer.write(now)
        await writer.drain()
        if later is not None:
            await asyncio.sleep(0.02)   # after user A's body is complete on the proxy's side
            writer.write(later)
            await writer.drain()
        written.set()

    async def go():
        async with Scripted([user_a, FOR_B, FOR_B]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                async with client.stream("POST", srv.url + "/v1/chat/completions", json={"user": "A"}) as r:
                    await r.aread()
                await written.wait()
                await asyncio.sleep(0.1)    # the leftover bytes reach the idle connection
                r = await client.post(srv.url + "/v1/chat/completions", json={"user": "B"})
                assert r.status_code == 200 and r.json() == {"for": "user B"}, r.text
                r = await client.post(srv.url + "/v1/chat/completions", json={"user": "B"})
                assert r.status_code == 200 and r.json() == {"for": "user B"}, r.text
            assert srv.connections == 2   # user A's connection was not reused
    run(go())


def test_a_clean_answer_still_keeps_its_connection():
    async def go():
        async with Scripted([OK_LENGTH, OK_CHUNKED, OK_LENGTH]) as srv:
            async with httpx.AsyncClient(transport=Transport()) as client:
                for _ in range(3):
                    assert (await client.post(srv.url + "/", json={})).status_code == 200
                    await asyncio.sleep(0.02)
            assert srv.connections == 1
    run(go())
