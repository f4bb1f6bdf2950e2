"""The Chat Completions writer: neutral Turn events as `chat.completion.chunk` SSE events.

This sits on the proxy's per-chunk path, so it avoids per-chunk work that the output does not
need: the envelope of a chunk (id, object, created, model) is serialised once per stream, and a
content delta is one string escape, not a `json.dumps` of a whole chunk dict. The bytes are the
same as `json.dumps(chunk, ensure_ascii=False)` would give (a lone surrogate, which has no
UTF-8, as its escape).
"""
from __future__ import annotations

import time
import uuid

from starlette.responses import JSONResponse, Response

from callsieve.serve.options import text_of
from callsieve.serve.stream import dumps, escape, sse, utf8

KIND = {"text": "content", "reasoning": "reasoning_content"}


class ChatEncoder:
    """`envelope(chunk)` with each upstream chunk (it keeps the upstream's id, model, created),
    then `write(events)`, and `fail(error)` / `close()` at the end."""

    def __init__(self, include_usage: bool = False):
        self.include_usage = include_usage
        self.envelope = {"id": "chatcmpl-" + uuid.uuid4().hex[:24], "object": "chat.completion.chunk",
                         "created": int(time.time()), "model": ""}
        self._head: str | None = None  # 'data: {<envelope>, "choices": [{"index": ', built when first needed
        self.seen_first = False
        self.started: set = set()      # choices whose role chunk went out

    def upstream(self, chunk: dict) -> None:
        if self.seen_first and chunk.get("model") == self.envelope["model"]:  # the hot case: nothing new
            return
        if not self.seen_first:
            self.seen_first = True
            for k in ("id", "created", "model", "system_fingerprint"):
                if chunk.get(k) is not None:
                    self.envelope[k] = chunk[k]
            self._head = None
        elif chunk.get("model") and chunk["model"] != self.envelope["model"]:
            self.envelope["model"] = chunk["model"]
            self._head = None

    def start(self) -> list[bytes]:
        return []

    def write(self, events: list[tuple]) -> list[bytes]:
        out = []
        for ev in events:
            kind, i = ev[0], ev[1]
            if kind == "text" or kind == "reasoning":
                if i in self.started:  # the hot case: no dict, no json.dumps
                    out.append(self._frame(i, '{"%s": %s}' % (KIND[kind], escape(ev[2]))))
                else:
                    out.append(self._chunk(i, KIND[kind], ev[2]))
            elif kind == "args":
                if i in self.started:  # the hot case inside a call: no dict, no json.dumps
                    out.append(self._frame(i, '{"tool_calls": [{"index": %d, "function": {"arguments": %s}}]}'
                                           % (ev[2], escape(ev[3]))))
                else:
                    out.append(self._chunk(i, "tool_calls", [{"index": ev[2], "function": {"arguments": ev[3]}}]))
            elif kind == "call":
                out.append(self._chunk(i, "tool_calls", [{"index": ev[2], "id": ev[3], "type": "function",
                                                          "function": {"name": ev[4], "arguments": ev[5]}}]))
            elif kind == "start":
                out.append(self._chunk(i, None, None))
            elif kind == "finish":
                usage = ev[4] if ev[4] and not self.include_usage else None
                out.append(self._chunk(i, None, None, ev[2], usage))
                if self.include_usage and ev[4]:
                    out.append(sse({**self.envelope, "choices": [], "usage": ev[4]}))
            # "end" and "cut": the arguments already went out; a Chat client learns of a cut-off
            # call from finish_reason "length"
        return out

    def fail(self, error: dict) -> list[bytes]:
        return [sse({"error": error})]

    def close(self) -> list[bytes]:
        return [sse(b"[DONE]")]

    def _chunk(self, i: int, key: str | None, value, finish: str | None = None, usage: dict | None = None) -> bytes:
        """One chat.completion.chunk with a single choice, as an SSE event."""
        delta = {} if key is None else {key: value}
        if i not in self.started:
            delta = {"role": "assistant", **({"content": ""} if not delta else {}), **delta}
            self.started.add(i)
        if usage is not None:  # rare: the upstream's usage rides on the final chunk
            return sse({**self.envelope, "choices": [{"index": i, "delta": delta, "finish_reason": finish}],
                        "usage": usage})
        if len(delta) == 1 and type(value) is str:
            body = '{"%s": %s}' % (key, escape(value))
        else:
            body = dumps(delta)
        return self._frame(i, body, 'null' if finish is None else dumps(finish))

    def _frame(self, i: int, delta_json: str, finish_json: str = 'null') -> bytes:
        """The SSE event of a chunk whose delta is already JSON (the choice has started)."""
        head = self._head
        if head is None:
            head = self._head = 'data: ' + dumps(self.envelope)[:-1] + ', "choices": [{"index": '
        return utf8('%s%s, "delta": %s, "finish_reason": %s}]}\n\n'
                    % (head, i if type(i) is int else dumps(i), delta_json, finish_json))


# -- the API as the proxy uses it (see responses.py and messages.py for the same five names) ------
name = "chat"


def to_chat(body: dict) -> dict:
    """The body as it goes upstream. Agents send tool results whose `content` is a list of parts
    (Qwen Code), which several servers refuse for `role: "tool"`: those become strings. Anything
    else goes as the client wrote it (the same bytes, when nothing needed changing)."""
    msgs = body.get("messages")
    if not isinstance(msgs, list) or not any(isinstance(m, dict) and m.get("role") == "tool"
                                             and isinstance(m.get("content"), list) for m in msgs):
        return body
    fixed = [{**m, "content": text_of(m["content"])} if isinstance(m, dict) and m.get("role") == "tool"
             and isinstance(m.get("content"), list) else m for m in msgs]
    return {**body, "messages": fixed}


def encoder(body: dict, chat_body: dict) -> ChatEncoder:
    return ChatEncoder(bool((body.get("stream_options") or {}).get("include_usage")))


def answer(out: dict, body: dict) -> dict:
    return out


def error(status: int, message: str, type_: str = "invalid_request_error", code=None) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": type_, "param": None, "code": code}}, status)


def upstream_error(status: int, data: bytes, headers: dict) -> Response:
    """An upstream error status: passed on as it came (it is already a Chat Completions error)."""
    return Response(data, status, headers=headers)
