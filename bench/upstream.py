"""A scripted OpenAI-compatible upstream that streams as fast as it can (standard library only).

    python -m bench.upstream [--host 127.0.0.1] [--port 0]     # prints "PORT <n>" once listening

POST /v1/chat/completions with "stream": true answers with SSE chat.completion.chunk events whose
`delta.content` are the chunks of a benchmark stream, chosen by a field of the request body:

    "bench": {"stream": "proxy", "chunks": 2000, "rate": 0}
        stream: "proxy" (prose + one Hermes call, bench.streams.proxy_stream) or "prose"
        chunks: about how many content chunks
        rate:   0 = as fast as the socket takes them; R > 0 = R chunks per second (paced)

The events of a stream are encoded once and cached, so serving costs next to nothing and the
time measured through the proxy is the proxy's.  GET /v1/models lists one model.  Loopback only.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import time

from . import streams as S

MODEL = "bench-model"
_cache: dict = {}


def events_for(kind: str, n: int) -> list[bytes]:
    """The SSE event lines (bytes) of one scripted stream, cached."""
    key = (kind, n)
    if key in _cache:
        return _cache[key]
    if kind == "proxy":
        chunks = S.proxy_stream(n)["chunks"]
    elif kind == "prose":
        chunks = S.cut_text(S.big_prose(max(8, int(n * 3.5)), f"up_prose_{n}"), f"up_prose_{n}")
    else:
        raise ValueError(f"unknown stream {kind!r}")
    env = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1700000000, "model": MODEL}

    def ev(delta, finish=None):
        obj = {**env, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return b"data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"

    out = [ev({"role": "assistant", "content": ""})]
    out += [ev({"content": c}) for c in chunks]
    out.append(ev({}, "stop"))
    out.append(b"data: [DONE]\n\n")
    _cache[key] = out
    return out


def whole_content(events: list[bytes]) -> str:
    """The content of a scripted stream as one string (cached: a long one costs the upstream once)."""
    key = ("whole", id(events))
    if key not in _cache:
        _cache[key] = "".join(json.loads(e[6:])["choices"][0]["delta"].get("content", "") for e in events[:-1])
    return _cache[key]


def _chunked(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


async def _read_request(reader: asyncio.StreamReader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    body = b""
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        parts = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            data = await reader.readexactly(size + 2)
            if size == 0:
                break
            parts.append(data[:-2])
        body = b"".join(parts)
    return method, path, headers, body


async def _reply(writer, status: int, obj) -> None:
    data = json.dumps(obj).encode()
    writer.write(b"HTTP/1.1 %d OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%s"
                 % (status, len(data), data))
    await writer.drain()


async def _stream(writer, events: list[bytes], rate: float) -> None:
    writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n"
                 b"transfer-encoding: chunked\r\n\r\n")
    t0 = time.perf_counter()
    for i, e in enumerate(events):
        writer.write(_chunked(e))
        if rate > 0:
            # paced: event i is due at t0 + i/rate; sleep only when a millisecond or more ahead
            ahead = t0 + i / rate - time.perf_counter()
            if ahead >= 0.001:
                await writer.drain()
                await asyncio.sleep(ahead)
        elif (i & 31) == 31:
            await writer.drain()          # back-pressure only: as fast as the socket takes it
            if (i & 1023) == 1023:
                await asyncio.sleep(0)    # a long stream must not keep the other requests waiting here
    writer.write(b"0\r\n\r\n")
    await writer.drain()


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            try:
                method, path, headers, body = await _read_request(reader)
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            if path.rstrip("/").endswith("/models"):
                await _reply(writer, 200, {"object": "list", "data": [{"id": MODEL, "object": "model",
                                                                       "owned_by": "bench"}]})
            elif path.rstrip("/").endswith("/chat/completions") and method == "POST":
                req = json.loads(body or b"{}")
                # the proxy rewrites Responses and Messages requests: their spec rides in a header
                spec = req.get("bench") or json.loads(headers.get("x-bench") or "{}")
                events = events_for(spec.get("stream", "proxy"), int(spec.get("chunks", 2000)))
                if req.get("stream"):
                    await _stream(writer, events, float(spec.get("rate", 0)))
                else:
                    content = whole_content(events)
                    await _reply(writer, 200, {
                        "id": "chatcmpl-bench", "object": "chat.completion", "created": 1700000000,
                        "model": MODEL, "choices": [{"index": 0, "finish_reason": "stop",
                                                     "message": {"role": "assistant", "content": content}}]})
            else:
                await _reply(writer, 404, {"error": {"message": f"no route {path}"}})
            if headers.get("connection", "").lower() == "close":
                return
    except (ConnectionError, asyncio.CancelledError):
        return
    finally:
        writer.close()


async def main_async(host: str, port: int) -> None:
    server = await asyncio.start_server(handle, host, port, backlog=1024)
    print("PORT", server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


def main() -> None:
    ap = argparse.ArgumentParser(description="scripted OpenAI-compatible streaming upstream for benchmarks")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("loopback only")
    try:
        asyncio.run(main_async(args.host, args.port))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
