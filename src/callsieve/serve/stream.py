"""SSE in and out: `SSELines` splits the upstream's response body into the payloads of its
`data:` lines, `loads` decodes one, `sse` / `named_sse` write one event, `KeptAlive` sends an
event stream that never stays silent for long.

They sit on the proxy's per-chunk path, so they avoid per-chunk work: see each one.
"""
from __future__ import annotations

import asyncio
import json
import re

from starlette.responses import JSONResponse

from callsieve.jsonargs import no_lone_surrogates
from callsieve.serve.capacity import WRITE_TIMEOUT_S
from callsieve.serve.writes import Bounded, Stalled

escape = json.encoder.encode_basestring          # a str as a JSON string (ensure_ascii=False), in C
dumps = json.JSONEncoder(ensure_ascii=False).encode


def utf8(json_text: str) -> bytes:
    """JSON text as UTF-8.  A lone surrogate (an upstream's `"\\ud800"`, which JSON decoding
    lets through) has no UTF-8: it goes out as its escape instead of failing the response."""
    try:
        return json_text.encode()
    except UnicodeEncodeError:
        return no_lone_surrogates(json_text).encode()


class Grown:
    """String fields of dicts that many small deltas grow (an answer's text, a call's
    arguments): kept as pieces and joined when read (`settle`).  `d[k] += s` copies the whole
    string every time, so a long answer folded that way costs quadratic time."""

    __slots__ = ("_pending",)

    def __init__(self) -> None:
        self._pending: dict[tuple[int, str], tuple[dict, str, list[str]]] = {}

    def add(self, holder: dict, key: str, text: str) -> None:
        """holder[key] += text, in effect (holder[key] reads "" before, when it is missing)."""
        got = self._pending.get((id(holder), key))
        if got is None:
            self._pending[(id(holder), key)] = (holder, key, [holder.get(key, ""), text])
        else:
            got[2].append(text)

    def settle(self) -> None:
        """Every field grown since the last settle holds its whole text."""
        for holder, key, parts in self._pending.values():
            holder[key] = "".join(parts)
        self._pending.clear()


def sse(obj) -> bytes:
    """One SSE event: `data: <JSON>\n\n` (bytes are sent as they are)."""
    return b"data: " + (obj if isinstance(obj, bytes) else utf8(dumps(obj))) + b"\n\n"


def named_sse(obj: dict) -> bytes:
    """One SSE event with an `event:` line naming its `type` (Responses and Messages streams)."""
    return b"event: " + obj["type"].encode() + b"\ndata: " + utf8(dumps(obj)) + b"\n\n"


class JSONAnswer(JSONResponse):
    """A JSON response that carries model text: lone surrogates escaped, as in `utf8`."""

    def render(self, content) -> bytes:
        return utf8(json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")))


COMMENT = b": keep-alive\n\n"     # what an SSE client skips (Chat Completions, Responses)


class KeptAlive(Bounded):
    """An event stream that sends `beat` (an SSE comment; Messages' `ping` event) whenever nothing
    went out for `every` seconds (0 or None: never), whatever its body is doing meanwhile: waiting
    for an upstream that has not sent its headers or its next byte, or holding text back. A timer
    of its own, so that a client with an idle timeout does not give up on a model that thinks.
    Its writes are bounded (writes.Bounded: `write_timeout`)."""

    def __init__(self, content, beat: bytes = COMMENT, every: float | None = None, headers=None,
                 write_timeout: float | None = WRITE_TIMEOUT_S):
        super().__init__(content, media_type="text/event-stream", headers=headers, write_timeout=write_timeout)
        self.beat, self.every = beat, every

    async def write(self, send) -> None:
        every = self.every
        if not every:
            return await super().write(send)
        loop, lock = asyncio.get_running_loop(), asyncio.Lock()
        last = loop.time()

        async def sent(msg):  # one send at a time: the timer's never falls inside the body's
            nonlocal last
            async with lock:
                await send(msg)
                last = loop.time()

        async def beats():
            nonlocal last
            while True:
                await asyncio.sleep(last + every - loop.time())
                async with lock:  # (the body may have sent something while this waited for the lock)
                    if loop.time() - last >= every:
                        try:
                            await send({"type": "http.response.body", "body": self.beat, "more_body": True})
                        except Stalled:  # the body's next write says so, and ends the answer
                            return
                        last = loop.time()

        await sent({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
        timer = asyncio.ensure_future(beats())
        try:
            async for chunk in self.body_iterator:
                await sent({"type": "http.response.body", "body": chunk, "more_body": True})
        finally:
            timer.cancel()
        await sent({"type": "http.response.body", "body": b"", "more_body": False})


# the C scanner under json.loads (set in JSONDecoder.__init__, which typeshed does not declare)
_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def loads(payload: str):
    """`json.loads` of a stripped payload, without its two whitespace regexes (≈ 1 µs a chunk).

    Accepts and rejects exactly what `json.loads` does on text with no whitespace at either end
    (which `SSELines` guarantees); raises ValueError on anything else.
    """
    try:
        obj, end = _scan(payload, 0)
    except StopIteration:
        raise ValueError(f"not JSON: {payload[:40]!r}") from None
    if end != len(payload):
        raise ValueError(f"extra data after the JSON value at {end}")
    return obj


class SSELines:
    """The payloads of the events of an SSE byte stream, fed in pieces as they arrive.

    A line ends at `\n`, `\r\n` or `\r` (the SSE rule; no other character ends one, so a raw
    U+2028 inside a JSON string stays in its line). An event's `data:` lines are its payload,
    joined by `\n` as SSE says (a server may cut a long JSON over several), stripped of
    whitespace; comments and other fields are skipped. An event ends at a blank line; one whose
    blank line has not come yet goes out when the piece ends if it is JSON already (servers
    that send no blank lines still get each line through at once, as a data line after a whole
JSON value starts a new event). A `\r\n` cut between two
    pieces gives one extra blank line, which ends nothing.

    Linear in the stream: a piece with no line break is only kept, not joined with what came
    before (a 10 MB line in 4 kB pieces is joined once), and an event of many data lines is
    parsed to see whether it is whole only when its brackets balance, once (`_ready`).
    """

    def __init__(self, encoding: str = "utf-8"):
        self.encoding = encoding
        self.tail: list[bytes] = []   # the start of an unfinished line
        self.event: list[str] = []    # the data lines of the event being read
        self.depth = 0                # its open brackets, over its first `scanned` lines
        self.scanned = 0
        self.blank = True             # ... which are all blank
        self.verdict: bool | None = None   # it is whole JSON (True), can never be (False), or not yet

    def feed(self, data: bytes) -> list[str]:
        if self.tail:
            if b"\n" not in data and b"\r" not in data:
                self.tail.append(data)
                return []
            self.tail.append(data)
            data = b"".join(self.tail)
            self.tail.clear()
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        end = data.rfind(b"\n") + 1
        if end < len(data):
            self.tail.append(data[end:])
            if not end:
                return []
            data = data[:end]
        # decoded whole lines at once: a line break never falls inside a multi-byte character
        out, event = [], self.event
        for line in data.decode(self.encoding, "replace").split("\n")[:-1]:
            if line.startswith("data:"):
                if event and self._ready():  # a server that sends no blank lines
                    out.append(self._take())
                event.append(line[5:])
            elif not line and event:
                out.append(self._take())
        if event and self._ready():
            out.append(self._take())
        return out

    def _take(self) -> str:
        """The event's payload; the next event starts."""
        event = self.event
        text = "\n".join(event).strip() if len(event) > 1 else event[0].strip()
        event.clear()
        self.depth = self.scanned = 0
        self.blank, self.verdict = True, None
        return text

    def _ready(self) -> bool:
        """Whether the event whose blank line has not come yet can go: it is JSON (or [DONE]).
        Asked at every line of a server that sends no blank lines, so it must not re-read the
        event each time (20,000 data lines were seconds of the event loop): each line's brackets
        are counted once, and the event is parsed only when they balance. JSON strings never
        span lines (a raw line break is not allowed in one), so a line's brackets outside its
        strings count exactly. Parsed once: balanced text that is not JSON stays not JSON
        whatever lines follow (a line break ends any scalar), so the verdict is kept."""
        if self.verdict is None:
            event = self.event
            for line in event[self.scanned:]:
                self.depth += brackets(line)
                self.blank = self.blank and not line.strip()
            self.scanned = len(event)
            if self.depth < 0:
                self.verdict = False
            elif self.depth == 0 and not self.blank:
                self.verdict = whole("\n".join(event).strip())
        return bool(self.verdict)

    def close(self) -> list[str]:
        """The last line and event, when the stream ended without a line break or blank line."""
        data, self.tail = b"".join(self.tail), []
        out = self.feed(data + b"\n") if data else []
        if self.event:
            out.append(self._take())
        return out


STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')


def brackets(line: str) -> int:
    """Brackets a line opens, less those it closes, outside its JSON strings."""
    if '"' in line:
        line = STRINGS.sub("", line)
    return line.count("{") + line.count("[") - line.count("}") - line.count("]")


def whole(text: str) -> bool:
    """Whether an event's text is one JSON value, or [DONE]."""
    if text == "[DONE]":
        return True
    try:
        loads(text)
    except ValueError:
        return False
    return True
