"""The upstream's streamed answer, sans-IO: bytes in, typed items out (as h11 reads for httpcore).

`UpstreamReader.feed(data)` and `close()` (the body ended) return `Chunk`, `Done` and `Failure`
items; every protocol decision about the upstream's body is made here (what is a payload, what
ends the stream, what is an upstream error, what is no event stream at all, which chunks are too
long to translate in one go), so that app.py only moves bytes and schedules.
A non-SSE answer to a streamed request, or the answer to a non-streamed one, is read by the
same reader: `as_stream` turns a whole chat completion into the SSE it stands for.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from callsieve.serve.stream import SSELines, loads, sse

log = logging.getLogger("callsieve.serve")
SLICE_CHARS = 8 * 1024      # a longer upstream chunk is parsed in slices of this size (see slices): 8 KiB
                            # of dense tiny calls is ~10 ms of the Sieve (64 KiB was ~100 ms, and more on
                            # a loaded machine), prose far less
SLICE_CALLS = 256           # ... and its native calls this many at a time


@dataclass(frozen=True, slots=True)
class Chunk:
    """One upstream chunk to translate. `long`: a slice of a long one (let the others run after it)."""
    chunk: dict
    long: bool = False


@dataclass(frozen=True, slots=True)
class Done:
    """The upstream said [DONE]: its answer is complete."""


@dataclass(frozen=True, slots=True)
class Failure:
    """The stream ends with this error object (an upstream's `error` event, or no event stream)."""
    error: dict


def stream_error(message: str, code: str, type_: str = "upstream_error") -> dict:
    return {"message": "callsieve: " + message, "type": type_, "param": None, "code": code}


def upstream_failure(err) -> dict:
    """The upstream's `data: {"error": …}` as an error object (some servers send a bare string)."""
    return err if isinstance(err, dict) else {"message": str(err), "type": "upstream_error", "param": None,
                                               "code": None}


def body_streams(status: int, content_type: str | None) -> bool:
    """Whether the upstream's answer to a streamed request is read as it comes (by UpstreamReader):
    a 200 that is an event stream, or says nothing (some servers send no content-type). Anything
    else is read whole: an error status, or a whole completion (then `as_stream`)."""
    kind = (content_type or "").split(";", 1)[0].strip().lower()
    return status == 200 and kind in ("", "text/event-stream")


def empty_stream(context: int | None = None) -> dict:
    """The error of a stream that ended with nothing in it. llama-cpp-python answers a streamed
    prompt longer than its context so (200, then an empty body; a non-streamed one gets its error)."""
    size = f" ({context:,} tokens)" if context else ""
    return stream_error(f"the upstream ended its stream without sending anything (HTTP 200, no event): most "
                        f"likely the prompt is longer than the model's context{size}; shorten it, or give the "
                        f"model server a larger context", "upstream_empty")


def has_content(data: bytes) -> bool:
    """Whether a piece of an SSE body holds anything but blank lines and comments (keep-alives)."""
    return any(line.strip() and not line.lstrip().startswith(b":") for line in data.splitlines())


class UpstreamReader:
    """`context`: the model's context in tokens, if known (the embedded model's), for the error
    of an empty stream."""

    def __init__(self, encoding: str = "utf-8", context: int | None = None):
        self.lines = SSELines(encoding)
        self.context = context
        self.parsed = False    # any chunk read: an upstream body with none is no answer
        self.content = False   # anything but keep-alives came: a body without is an empty stream
        self.over = False      # Done or Failure went out: nothing more is read

    def feed(self, data: bytes) -> list:
        self.content = self.content or has_content(data)
        return self._items(self.lines.feed(data))

    def close(self) -> list:
        """The body ended: its last payloads, and a Failure if it held no chunk and no [DONE]."""
        items = self._items(self.lines.close())
        if not self.over and not self.parsed:
            self.over = True
            items.append(Failure(stream_error("the upstream's answer is no event stream", "upstream_unreadable")
                                 if self.content else empty_stream(self.context)))
        return items

    def _items(self, payloads: list[str]) -> list:
        out: list = []
        for payload in payloads:
            if self.over:
                break
            if payload == "[DONE]":
                self.over = True
                out.append(Done())
                break
            try:
                chunk = loads(payload)
            except ValueError:
                log.warning("skipping an unreadable upstream chunk: %.200r", payload)
                continue
            if not isinstance(chunk, dict):
                continue
            self.parsed = True
            if "error" in chunk and not chunk.get("choices"):
                self.over = True
                out.append(Failure(upstream_failure(chunk["error"])))
                break
            if len(payload) < SLICE_CHARS:
                out.append(Chunk(chunk))
            else:
                out += [Chunk(piece, True) for piece in slices(chunk)]
        return out


def slices(chunk: dict) -> list[dict]:
    """A long chunk as several: its thinking and content in SLICE_CHARS pieces, its native calls
    SLICE_CALLS at a time, in the order a Turn reads one delta (thinking, content, calls), the
    other fields on the first and finish_reason on the last. How the chunks are cut never changes
    the result, so this only lets the proxy serve other clients between the pieces (a whole
    answer of 30,000 calls is one chunk)."""
    choices = chunk.get("choices")
    if not isinstance(choices, list) or len(choices) != 1 or not isinstance(choices[0], dict):
        return [chunk]
    choice = choices[0]
    delta = choice.get("delta")
    if not isinstance(delta, dict):
        return [chunk]
    thinking = "reasoning_content" if delta.get("reasoning_content") else "reasoning"   # as Turn.feed reads it
    pieces: list[dict] = []
    for key in (thinking, "content"):
        text = delta.get(key)
        if isinstance(text, str):
            pieces += [{key: text[at:at + SLICE_CHARS]} for at in range(0, len(text), SLICE_CHARS)]
    calls = delta.get("tool_calls")
    if isinstance(calls, list):
        pieces += [{"tool_calls": calls[at:at + SLICE_CALLS]} for at in range(0, len(calls), SLICE_CALLS)]
    if len(pieces) <= 1:
        return [chunk]
    pieces[0] = {**{k: v for k, v in delta.items() if k not in (thinking, "content", "tool_calls")}, **pieces[0]}
    finish = choice.get("finish_reason")
    out = []
    for n, piece in enumerate(pieces):
        one = {**choice, "delta": piece, "finish_reason": finish if n == len(pieces) - 1 else None}
        out.append({**chunk, "choices": [one]} if n == 0 else {"choices": [one]})
    return out


def completion_chunks(answer: dict) -> list[dict]:
    """A whole chat completion as the chunks a streaming upstream would have sent: one per choice
    (its message as the delta, native calls indexed), then one with the usage."""
    base = {k: answer[k] for k in ("id", "created", "model", "system_fingerprint") if k in answer}
    base["object"] = "chat.completion.chunk"
    out = []
    for n, choice in enumerate(answer.get("choices") or []):
        if not isinstance(choice, dict):
            continue
        msg = choice.get("message")
        if not isinstance(msg, dict):
            msg = {}
        delta = {k: msg[k] for k in ("role", "content", "reasoning_content", "reasoning") if msg.get(k) is not None}
        calls = msg.get("tool_calls")
        if isinstance(calls, list) and calls:
            delta["tool_calls"] = [{**tc, "index": k} for k, tc in enumerate(calls) if isinstance(tc, dict)]
        one = {"index": choice.get("index", n), "delta": delta, "finish_reason": choice.get("finish_reason")}
        if isinstance(choice.get("stop_reason"), str):
            one["stop_reason"] = choice["stop_reason"]
        out.append({**base, "choices": [one]})
    if isinstance(answer.get("usage"), dict):
        out.append({**base, "choices": [], "usage": answer["usage"]})
    return out


def as_stream(data: bytes) -> bytes | None:
    """A whole answer as the SSE it stands for: a chat completion (the answer to a non-streamed
    request, or a server that ignores `stream`) becomes its chunks; anything else (HTML, an error
    page) None."""
    try:
        answer = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(answer, dict) or not isinstance(answer.get("choices"), list):
        return None
    return b"".join(sse(c) for c in completion_chunks(answer)) + sse(b"[DONE]")


def decoded(payload: str):
    """One payload of an SSE body we wrote, decoded ("[DONE]" as it is): what a client folds."""
    return payload if payload == "[DONE]" else json.loads(payload)


def sse_payloads(data: bytes) -> list:
    """The decoded payloads of a whole SSE body we wrote (what WireAPI.fold takes)."""
    lines = SSELines()
    return [decoded(p) for p in lines.feed(data) + lines.close()]
