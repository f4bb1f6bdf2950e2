"""HTTP/1.1 to an `http://` upstream on asyncio streams: an httpx transport that hands a response
body over one socket read at a time.

httpx's own stack (httpcore over h11) hands a body over one HTTP chunk at a time, and a model
server sends one chunk per SSE event: that was ≈ 8 µs of Python per event before the proxy had
looked at it (issue 23). Here a read takes what the socket has (up to READ_BYTES) and `Dechunker`
(sans-IO) takes the chunked framing off in one pass, so a read that holds 300 events is one piece.
Everything else stays httpx's: the client and its per-request timeouts, its errors, its Response
(content decoding, `aiter_raw`); an https upstream, or one behind a proxy, gets httpx's own transport.
"""
from __future__ import annotations

import asyncio
import re
import time
import urllib.request

import httpx

READ_BYTES = 65536       # at most this much per socket read
MAX_HEAD = 256 * 1024    # a longer response head (or chunk-size line) is a protocol error
IDLE_S = 5.0             # as httpcore: an idle connection older than this is not reused
HEX = re.compile(rb"[0-9A-Fa-f]{1,16}")
SIZE_LINE = re.compile(rb"([0-9A-Fa-f]{1,16})\r\n")   # the usual chunk-size line: no extension


def transport(base: str, max_connections: int = 100, max_idle: int = 20) -> "Transport | None":
    """httpx.AsyncClient's `transport` for the upstream at `base`: this one for http://, unless the
    environment names a proxy for http (None: httpx's own, which honours it; and https)."""
    if not base.startswith("http://") or {"http", "all"} & set(urllib.request.getproxies()):
        return None
    return Transport(max_connections, max_idle)


def protocol_error(message: str, request: httpx.Request | None = None) -> httpx.RemoteProtocolError:
    return httpx.RemoteProtocolError(message, request=request)


def chunk_size(line: bytes) -> int:
    size = line.split(b";", 1)[0].strip(b" \t")
    if not HEX.fullmatch(size):
        raise protocol_error(f"bad chunk size line {line[:40]!r}")
    return int(size, 16)


class Dechunker:
    """`Transfer-Encoding: chunked`, sans-IO: `feed(raw)` returns the data those bytes carry (b""
    if none yet); `done` once the last chunk and its trailers are in; `extra`: bytes after them."""

    def __init__(self) -> None:
        self.buf = b""        # an unfinished size line, CRLF or trailer line
        self.left = 0         # data bytes of the current chunk still to come
        self.crlf = False     # the CRLF after a chunk's data is due
        self.trailer = False  # the last chunk came: trailer lines until a blank one
        self.done = False
        self.extra = b""

    def feed(self, data: bytes) -> bytes:
        if self.buf:
            data, self.buf = self.buf + data, b""
        out: list[bytes] = []
        pos, n = 0, len(data)
        while pos < n:
            if not (self.left or self.crlf or self.trailer or self.done):  # between two chunks
                pos = self.whole_chunks(data, pos, out)
                if pos == n:
                    break
            if self.left:
                end = min(n, pos + self.left)
                out.append(data[pos:end])
                self.left -= end - pos
                pos = end
                self.crlf = not self.left
                continue
            if self.done:
                self.extra += data[pos:]
                break
            eol = data.find(b"\n", pos)
            if eol < 0:
                if n - pos > MAX_HEAD:
                    raise protocol_error("a chunk-size line is too long")
                self.buf = data[pos:]
                break
            line = data[pos:eol].rstrip(b"\r")
            pos = eol + 1
            if self.crlf:
                if line:
                    raise protocol_error("no line break after a chunk's data")
                self.crlf = False
            elif self.trailer:
                self.done = not line
            else:
                self.left = chunk_size(line)
                self.trailer = not self.left
        return out[0] if len(out) == 1 else b"".join(out)

    @staticmethod
    def whole_chunks(data: bytes, pos: int, out: list) -> int:
        """The fast lane: the whole chunks from `pos` on (size line, data, CRLF) into `out`;
        returns where the rest begins, for `feed` to read one step at a time."""
        n, match = len(data), SIZE_LINE.match
        while True:
            m = match(data, pos)
            if m is None:
                return pos
            start = m.end()
            end = start + int(m[1], 16)
            if end == start or end + 2 > n or data[end:end + 2] != b"\r\n":
                return pos       # the last chunk, one cut off by the read, or a framing error
            out.append(data[start:end])
            pos = end + 2


class Conn:
    """One connection to the upstream."""

    __slots__ = ("reader", "writer", "idle_since")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer, self.idle_since = reader, writer, 0.0

    def usable(self) -> bool:
        return (not self.readable() and not self.writer.is_closing()
                and time.monotonic() - self.idle_since < IDLE_S)

    def readable(self) -> bool:
        """Bytes (or the end) already waiting on a connection that has no request on it: the
        upstream wrote past its last answer's framing (a Content-Length too short, bytes after
        the last chunk, a response nobody asked for). Reused, those bytes would be read as the
        next client's answer, so such a connection is dropped (as httpcore does). asyncio's
        StreamReader has no public "bytes buffered": `_buffer` is what it reads from."""
        return bool(getattr(self.reader, "_buffer", b"")) or self.reader.at_eof()

    def close(self) -> None:
        self.writer.close()


class Stale(Exception):
    """A reused connection the upstream had closed before it answered."""


def parse_head(head: bytes, request: httpx.Request) -> tuple[bytes, int, bytes, list]:
    """A response head (up to its blank line): version, status, reason, raw headers."""
    lines = head[:-4].split(b"\r\n")
    version, _, rest = lines[0].partition(b" ")
    code, _, reason = rest.partition(b" ")
    if not version.startswith(b"HTTP/1.") or len(code) != 3 or not code.isdigit():
        raise protocol_error(f"not an HTTP/1.1 response: {lines[0][:60]!r}", request)
    headers = []
    for line in lines[1:]:
        name, sep, value = line.partition(b":")
        if not sep or not name or name != name.strip(b" \t"):
            raise protocol_error(f"bad response header line {line[:60]!r}", request)
        headers.append((name, value.strip(b" \t")))
    return version, int(code), reason, headers


def framing(method: str, status: int, headers: list) -> str | int | None:
    """How the body ends: "chunked", its length, or None (at the connection's close)."""
    if method == "HEAD" or status in (204, 304):
        return 0
    coding = [v.lower() for k, v in headers if k.lower() == b"transfer-encoding"]
    if coding:
        return "chunked" if b",".join(coding).split(b",")[-1].strip() == b"chunked" else None
    lengths = {v.strip() for k, v in headers if k.lower() == b"content-length"}
    if not lengths:
        return None
    length = lengths.pop()
    if lengths or not length.isdigit():
        raise protocol_error("bad content-length")
    return int(length)


def closes(headers) -> bool:
    return any(k.lower() == b"connection" and b"close" in v.lower() for k, v in headers)


def request_head(request: httpx.Request) -> bytes:
    lines = [request.method.encode("ascii") + b" " + request.url.raw_path + b" HTTP/1.1"]
    lines += [k + b": " + v for k, v in request.headers.raw]
    return b"\r\n".join(lines) + b"\r\n\r\n"


async def timed(awaitable, seconds: float | None, timeout_error, request: httpx.Request):
    try:
        async with asyncio.timeout(seconds):
            return await awaitable
    except TimeoutError:
        raise timeout_error("timed out" if seconds is None else f"nothing within {seconds:g} s",
                            request=request) from None


class Body(httpx.AsyncByteStream):
    """A response body, read as it comes; its connection goes back to the pool once read to its
    end and closed, else it is closed (an upstream hears a client that left)."""

    def __init__(self, transport: "Transport", conn: Conn, origin: tuple, frame, keep: bool,
                 request: httpx.Request):
        self.transport, self.conn, self.origin, self.frame, self.keep = transport, conn, origin, frame, keep
        self.request = request
        self.complete = frame == 0
        self.closed = False

    async def __aiter__(self):
        if self.complete:
            return
        reader, frame, request = self.conn.reader, self.frame, self.request
        seconds = (request.extensions.get("timeout") or {}).get("read")
        dechunk = Dechunker() if frame == "chunked" else None
        left = frame if isinstance(frame, int) else -1
        while True:
            want = READ_BYTES if left < 0 else min(left, READ_BYTES)
            try:
                data = await (reader.read(want) if seconds is None else
                              timed(reader.read(want), seconds, httpx.ReadTimeout, request))
            except OSError as e:
                raise httpx.ReadError(str(e) or type(e).__name__, request=request) from e
            if not data:
                if frame is None:
                    break
                raise protocol_error("peer closed connection without sending complete message body"
                                     + (" (incomplete chunked read)" if dechunk else ""), request)
            if dechunk is not None:
                data = dechunk.feed(data)
                if dechunk.done:
                    self.keep = self.keep and not dechunk.extra
            elif left > 0:
                left -= len(data)
            if data:
                yield data
            if left == 0 or (dechunk is not None and dechunk.done):
                break
        self.complete = True

    async def aclose(self) -> None:
        if not self.closed:
            self.closed = True
            self.transport.done(self.conn, self.origin, self.complete and self.keep)


class Transport(httpx.AsyncBaseTransport):
    """Connections to http:// upstreams: at most `max_connections` in use, `max_idle` kept per
    origin (as httpx.Limits), each answer's body a `Body`."""

    def __init__(self, max_connections: int = 100, max_idle: int = 20):
        self.slots = asyncio.Semaphore(max_connections)
        self.max_connections = max_connections
        self.in_use = 0          # connections taken (for /health: capacity.cannot_serve)
        self.max_idle = max_idle
        self.idle: dict[tuple, list[Conn]] = {}
        self.closed = False

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        seconds = request.extensions.get("timeout") or {}
        await timed(self.slots.acquire(), seconds.get("pool"), httpx.PoolTimeout, request)
        self.in_use += 1
        try:
            return await self.exchange(request, seconds)
        except BaseException:
            self.release()
            raise

    def release(self) -> None:
        self.in_use -= 1
        self.slots.release()

    async def exchange(self, request: httpx.Request, seconds: dict) -> httpx.Response:
        if request.url.scheme != "http":
            raise httpx.UnsupportedProtocol(f"callsieve's upstream transport speaks http:// only, not {request.url}",
                                            request=request)
        origin = (request.url.host, request.url.port or 80)
        replayable = isinstance(request.stream, httpx.ByteStream)
        while True:
            conn = self.reuse(origin) if replayable else None
            reused = conn is not None
            if conn is None:
                conn = await self.connect(origin, seconds.get("connect"), request)
            try:
                await self.send(conn, request, seconds.get("write"), reused)
                version, status, reason, headers = await self.head(conn, request, seconds.get("read"), reused)
                frame = framing(request.method, status, headers)
            except Stale:   # the upstream closed it while it was idle: once more, on a new one
                conn.close()
                continue
            except BaseException:
                conn.close()
                raise
            keep = (version == b"HTTP/1.1" and frame is not None and not closes(headers)
                    and not closes(request.headers.raw))
            body = Body(self, conn, origin, frame, keep, request)
            return httpx.Response(status, headers=headers, stream=body, request=request,
                                  extensions={"http_version": version, "reason_phrase": reason})

    def reuse(self, origin: tuple) -> Conn | None:
        idle = self.idle.get(origin)
        while idle:
            conn = idle.pop()
            if conn.usable():
                return conn
            conn.close()
        return None

    @staticmethod
    async def connect(origin: tuple, seconds: float | None, request: httpx.Request) -> Conn:
        try:
            reader, writer = await timed(asyncio.open_connection(*origin, limit=MAX_HEAD), seconds,
                                         httpx.ConnectTimeout, request)
        except OSError as e:
            raise httpx.ConnectError(str(e) or "All connection attempts failed", request=request) from e
        return Conn(reader, writer)

    @staticmethod
    async def send(conn: Conn, request: httpx.Request, seconds: float | None, reused: bool) -> None:
        async def write():
            head = request_head(request)
            if isinstance(request.stream, httpx.ByteStream):
                conn.writer.write(head + request.content)
            else:
                conn.writer.write(head)
                chunked = request.headers.get("transfer-encoding", "").lower() == "chunked"
                async for part in request.stream:  # type: ignore[union-attr]
                    if part:
                        conn.writer.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
                    await conn.writer.drain()
                if chunked:
                    conn.writer.write(b"0\r\n\r\n")
            await conn.writer.drain()
        try:
            await timed(write(), seconds, httpx.WriteTimeout, request)
        except OSError as e:
            if reused:
                raise Stale from e
            raise httpx.WriteError(str(e) or type(e).__name__, request=request) from e

    @staticmethod
    async def head(conn: Conn, request: httpx.Request, seconds: float | None, reused: bool) -> tuple:
        """The final response head (1xx heads skipped)."""
        while True:
            try:
                raw = await timed(conn.reader.readuntil(b"\r\n\r\n"), seconds, httpx.ReadTimeout, request)
            except asyncio.IncompleteReadError as e:
                if reused and not e.partial:
                    raise Stale from e
                raise protocol_error("Server disconnected without sending a response.", request) from e
            except asyncio.LimitOverrunError as e:
                raise protocol_error("the response head is too long", request) from e
            except OSError as e:
                if reused:
                    raise Stale from e
                raise httpx.ReadError(str(e) or type(e).__name__, request=request) from e
            version, status, reason, headers = parse_head(raw, request)
            if not 100 <= status < 200 or status == 101:
                return version, status, reason, headers
            reused = False  # the upstream answered on it: no longer a stale connection

    def done(self, conn: Conn, origin: tuple, reusable: bool) -> None:
        """A body closed: its connection kept for the next request, or closed."""
        self.release()
        idle = self.idle.setdefault(origin, [])
        if reusable and not self.closed and len(idle) < self.max_idle and not conn.readable():
            conn.idle_since = time.monotonic()
            idle.append(conn)
        else:
            conn.close()

    async def aclose(self) -> None:
        self.closed = True
        for idle in self.idle.values():
            for conn in idle:
                conn.close()
        self.idle.clear()
