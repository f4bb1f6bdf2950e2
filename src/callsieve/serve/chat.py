"""The Chat Completions writer: the wire events of a Turn as `chat.completion.chunk` SSE events.

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

from callsieve.rules import CallArgs, CallCut, CallEnded, CallOpened, Content, Finished, Started, Thinking
from callsieve.serve.options import text_of
from callsieve.serve import wire
from callsieve.serve.stream import COMMENT, Grown, dumps, escape, sse, utf8

CONTENT, REASONING = "content", "reasoning_content"


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

    def write(self, events: list) -> list[bytes]:
        out = []
        for ev in events:
            t, i = type(ev), ev.choice
            if t is Content or t is Thinking:
                key = CONTENT if t is Content else REASONING
                if i in self.started:  # the hot case: no dict, no json.dumps
                    out.append(self._frame(i, '{"%s": %s}' % (key, escape(ev.text))))
                else:
                    out.append(self._chunk(i, key, ev.text))
            elif t is CallArgs:
                if i in self.started:  # the hot case inside a call: no dict, no json.dumps
                    out.append(self._frame(i, '{"tool_calls": [{"index": %d, "function": {"arguments": %s}}]}'
                                           % (ev.index, escape(ev.text))))
                else:
                    out.append(self._chunk(i, "tool_calls", [{"index": ev.index, "function": {"arguments": ev.text}}]))
            elif t is CallOpened:
                out.append(self._chunk(i, "tool_calls", [{"index": ev.index, "id": ev.id, "type": "function",
                                                          "function": {"name": ev.name, "arguments": ev.arguments}}]))
            elif t is Started:
                out.append(self._chunk(i, None, None))
            elif t is Finished:
                usage = ev.usage if ev.usage and not self.include_usage else None
                out.append(self._chunk(i, None, None, ev.reason, usage))
                if self.include_usage and ev.usage:
                    out.append(sse({**self.envelope, "choices": [], "usage": ev.usage}))
            elif t is not CallEnded and t is not CallCut:
                raise TypeError(f"no Chat Completions form for {ev!r}")
            # CallEnded and CallCut: the arguments already went out; a Chat client learns of a
            # cut-off call from finish_reason "length"
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


# -- the API as the proxy uses it (a WireAPI: see wire.py) -----------------------------------------
name = "chat"
path = "/v1/chat/completions"
auth_hint = "send 'Authorization: Bearer <key>' or 'x-api-key: <key>'"
KEEPALIVE = COMMENT
calls_whole = True    # a Chat client cannot be told a call it got is void: "auto" sends calls whole
model, stream = wire.model, wire.stream


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


def answer(body: dict, chat_body: dict) -> "ChatAnswer":
    return ChatAnswer()


class ChatAnswer(ChatEncoder):
    """The non-streamed chat completion, folded from the typed events themselves: what `Fold`
    would make of the chunks ChatEncoder writes for them (the envelope as it stood at the first
    chunk, each choice's text, reasoning and calls grown, its last finish reason, the usage),
    without writing and reading those chunks (tests/serve/test_serve_fold.py compares the two)."""

    def __init__(self) -> None:
        super().__init__()
        self.answer: dict | None = None
        self.usage: dict | None = None
        self.choices: dict[int, dict] = {}
        self.grown = Grown()
        self.failure: dict | None = None

    def write(self, events: list) -> list[bytes]:
        for ev in events:
            t = type(ev)
            if t is CallEnded or t is CallCut:   # no chunk of their own
                continue
            if t not in FOLDED:
                raise TypeError(f"no Chat Completions form for {ev!r}")
            if self.answer is None:   # the envelope as the first chunk had it
                self.answer = {**self.envelope, "object": "chat.completion"}
            one = self.choices.get(ev.choice)
            if one is None:
                one = self.choices[ev.choice] = {"index": ev.choice, "finish_reason": None,
                                                 "message": {"role": "assistant", "content": ""}}
            msg = one["message"]
            if t is Content or t is Thinking:
                if ev.text:
                    self.grown.add(msg, CONTENT if t is Content else REASONING, ev.text)
            elif t is CallOpened:
                call = {"id": ev.id, "type": "function", "function": {"name": ev.name, "arguments": ""}}
                msg.setdefault("tool_calls", {})[ev.index] = call
                self.grown.add(call["function"], "arguments", ev.arguments or "")
            elif t is CallArgs:
                self.grown.add(msg["tool_calls"][ev.index]["function"], "arguments", ev.text)
            elif t is Finished:
                one["finish_reason"] = ev.reason or one["finish_reason"]
                self.usage = ev.usage or self.usage
        return []

    def fail(self, error: dict) -> list[bytes]:
        self.failure = self.failure or error
        return []

    def close(self) -> list[bytes]:
        return []

    def result(self) -> dict:
        if self.failure is not None:
            raise wire.Failed(self.failure)
        self.grown.settle()
        for one in self.choices.values():
            msg = one["message"]
            if "tool_calls" in msg:
                msg["tool_calls"] = [msg["tool_calls"][k] for k in sorted(msg["tool_calls"])]
                msg["content"] = msg["content"] or None
        head = self.answer or {}
        return {**head, **({"usage": self.usage} if self.usage else {}),
                "choices": [self.choices[i] for i in sorted(self.choices)]}


FOLDED = (Started, Content, Thinking, CallOpened, CallArgs, Finished)   # the events with a chunk


class Fold:
    """The chat completion a stream's chunks add up to (as the OpenAI SDKs accumulate them): `add`
    each decoded event, then `result()`. One event at a time, so that the proxy folds a whole
    answer in slices, serving other clients in between (app.py)."""

    def __init__(self) -> None:
        self.answer: dict = {}
        self.choices: dict[int, dict] = {}
        self.grown = Grown()

    def add(self, ev) -> None:
        if ev == "[DONE]":
            return
        if "error" in ev:
            raise wire.Failed(ev["error"] if isinstance(ev["error"], dict) else {"message": str(ev["error"])})
        if not self.answer:
            self.answer = {k: v for k, v in ev.items() if k not in ("choices", "usage")}
            self.answer["object"] = "chat.completion"
        if ev.get("usage"):
            self.answer["usage"] = ev["usage"]
        for c in ev.get("choices") or []:
            one = self.choices.setdefault(c["index"], {"index": c["index"], "finish_reason": None,
                                                       "message": {"role": "assistant", "content": ""}})
            add_delta(one["message"], c.get("delta") or {}, self.grown)
            one["finish_reason"] = c.get("finish_reason") or one["finish_reason"]

    def result(self) -> dict:
        self.grown.settle()
        choices = self.choices
        for one in choices.values():
            msg = one["message"]
            if "tool_calls" in msg:
                msg["tool_calls"] = [msg["tool_calls"][k] for k in sorted(msg["tool_calls"])]
                msg["content"] = msg["content"] or None
        return {**self.answer, "choices": [choices[i] for i in sorted(choices)]}


def fold(events: list) -> dict:
    """The chat completion a stream's decoded events add up to (see Fold)."""
    return wire.fold_all(Fold(), events)


def add_delta(msg: dict, delta: dict, grown: Grown) -> None:
    for key in (CONTENT, REASONING):
        if delta.get(key):
            grown.add(msg, key, delta[key])
    for tc in delta.get("tool_calls") or []:
        calls = msg.setdefault("tool_calls", {})
        if "id" in tc:
            calls[tc["index"]] = {"id": tc["id"], "type": "function",
                                  "function": {"name": tc["function"]["name"], "arguments": ""}}
        grown.add(calls[tc["index"]]["function"], "arguments", tc["function"].get("arguments") or "")


def error_body(status: int, message: str, type_: str = "invalid_request_error", code=None) -> dict:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def error(status: int, message: str, type_: str = "invalid_request_error", code=None) -> JSONResponse:
    return JSONResponse(error_body(status, message, type_, code), status)


def upstream_error(status: int, data: bytes, headers: dict) -> Response:
    """An upstream error status: passed on as it came (it is already a Chat Completions error)."""
    return Response(data, status, headers=headers)
