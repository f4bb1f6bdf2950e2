"""The Anthropic Messages API (`POST /v1/messages`, Claude Code's only wire API) on a Chat Completions upstream.

`to_chat` translates the request, `MessagesEncoder` writes the wire events of a Turn
(callsieve.rules) as Messages SSE events, `fold` adds a stream's events up to the non-streamed
Message (a non-streamed answer is the fold of its stream), and
`count_tokens` answers `/v1/messages/count_tokens` with an estimate (4 characters a token):
a Chat Completions server has no way to count a prompt without running it.
"""
from __future__ import annotations

import json
import uuid
from collections import deque
from typing import Any

from starlette.responses import JSONResponse

from callsieve.rules import CallArgs, CallCut, CallEnded, Finished, Started
from callsieve.serve import wire
from callsieve.serve.one_answer import OneAnswer, handle
from callsieve.serve.options import BadRequest, system_first, text_of
from callsieve.serve.stream import Grown, JSONAnswer, named_sse

name = "messages"
path = "/v1/messages"
auth_hint = "send 'x-api-key: <key>' or 'Authorization: Bearer <key>'"
calls_whole = True    # a tool_use block cannot be taken back: "auto" sends calls whole
model, stream = wire.model, wire.stream
OF_A_CALL = (CallArgs, CallEnded, CallCut)   # the events that go to an open call's block
STOP = {"tool_calls": "tool_use", "length": "max_tokens", "stop": "end_turn"}
ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
               404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error", 503: "overloaded_error",
               529: "overloaded_error"}


def new_id(prefix: str) -> str:
    return prefix + "_" + uuid.uuid4().hex[:24]


# -- the request ----------------------------------------------------------------------------------
def blocks(content) -> list:
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return [b for b in content if isinstance(b, dict)]
    raise BadRequest(f"a message content must be a string or a list of blocks, not {type(content).__name__}")


def image_part(block: dict) -> dict | None:
    src = block.get("source") or {}
    if src.get("type") == "base64":
        return {"type": "image_url", "image_url": {"url": f"data:{src.get('media_type')};base64,{src.get('data')}"}}
    if src.get("type") == "url":
        return {"type": "image_url", "image_url": {"url": src.get("url")}}
    return None


def user_messages(content, call_order: list) -> list:
    """A user turn: its tool results first (as `tool` messages, in the order the calls were made,
    whatever order the client finished them in), then its text and images."""
    results, parts = [], []
    for b in blocks(content):
        if b.get("type") == "tool_result":
            text = text_of(b.get("content")) if not isinstance(b.get("content"), str) else b["content"]
            if b.get("is_error"):
                text = "Error: " + text
            results.append({"role": "tool", "tool_call_id": b.get("tool_use_id"), "content": text})
        elif b.get("type") == "text":
            parts.append({"type": "text", "text": b.get("text") or ""})
        elif b.get("type") == "image" and (image := image_part(b)):
            parts.append(image)
    rank = {cid: n for n, cid in enumerate(call_order)}
    results.sort(key=lambda m: rank.get(m["tool_call_id"], len(rank)))
    if any(p["type"] == "image_url" for p in parts):
        return results + [{"role": "user", "content": parts}]
    if parts or not results:
        return results + [{"role": "user", "content": "".join(p["text"] for p in parts)}]
    return results


def assistant_message(content) -> dict:
    msg: dict = {"role": "assistant", "content": ""}
    thinking, calls = "", []
    for b in blocks(content):
        if b.get("type") == "text":
            msg["content"] += b.get("text") or ""
        elif b.get("type") == "thinking":
            thinking += b.get("thinking") or ""
        elif b.get("type") == "tool_use":
            calls.append({"id": b.get("id"), "type": "function",
                          "function": {"name": b.get("name"), "arguments": json.dumps(b.get("input") or {},
                                                                                      ensure_ascii=False)}})
    if thinking:
        msg["reasoning_content"] = thinking
    if calls:
        msg["tool_calls"] = calls
        msg["content"] = msg["content"] or None
    return msg


def chat_tools(tools: list) -> list:
    """Client tools with a schema; server tools (`web_search_…`, `bash_…` without one) are left out."""
    out = []
    for t in tools:
        if not isinstance(t, dict) or not isinstance(t.get("input_schema"), dict):
            continue
        params = {k: v for k, v in t["input_schema"].items() if k != "$schema"}  # some servers refuse it
        fn = {"name": t.get("name"), "parameters": params}
        if t.get("description"):
            fn["description"] = t["description"]
        out.append({"type": "function", "function": fn})
    return out


def to_chat(body: dict) -> dict:
    if not isinstance(body.get("messages"), list):
        raise BadRequest("`messages` must be a list")
    system = text_of(body["system"]) if isinstance(body.get("system"), (str, list)) else ""
    msgs: list = [{"role": "system", "content": system}] if system else []
    calls: list = []  # the ids of the last assistant turn's calls
    for m in body["messages"]:
        if not isinstance(m, dict):
            raise BadRequest("each message must be an object")
        role = m.get("role")
        if role == "user":
            msgs += user_messages(m.get("content"), calls)
        elif role == "assistant":
            msgs.append(assistant_message(m.get("content")))
            calls = [c["id"] for c in msgs[-1].get("tool_calls", [])]
        elif role == "system":  # Claude Code sends one inside messages
            msgs.append({"role": "system", "content": text_of(m.get("content"))})
        else:
            raise BadRequest(f"unknown message role {role!r}")
    chat = {"model": body.get("model"), "messages": system_first(msgs), "stream": bool(body.get("stream"))}
    if chat["stream"]:
        chat["stream_options"] = {"include_usage": True}
    tools = chat_tools(body.get("tools") or [])
    choice = body.get("tool_choice") or {}
    if tools and choice.get("type") != "none":
        chat["tools"] = tools
        if choice.get("type") == "any":
            chat["tool_choice"] = "required"
        elif choice.get("type") == "tool":
            chat["tool_choice"] = {"type": "function", "function": {"name": choice.get("name")}}
        if choice.get("disable_parallel_tool_use"):
            chat["parallel_tool_calls"] = False
    elif tools:
        chat["tools"], chat["tool_choice"] = tools, "none"
    for src, dst in (("max_tokens", "max_tokens"), ("stop_sequences", "stop"), ("temperature", "temperature"),
                     ("top_p", "top_p"), ("top_k", "top_k")):
        if body.get(src) is not None:
            chat[dst] = body[src]
    if (body.get("thinking") or {}).get("type") == "disabled":
        chat["chat_template_kwargs"] = {"enable_thinking": False}
    return chat


def estimate(body: dict) -> int:
    text = json.dumps([body.get("system"), body.get("messages"), body.get("tools")], ensure_ascii=False)
    return max(1, len(text) // 4)


# -- the answer -----------------------------------------------------------------------------------
def stop_reason(reason: str | None, stop_sequence: str | None) -> str:
    """The finish reason (rules.finish_reason: a cut call decides it first) as Messages says it;
    a stop string only refines "stop"."""
    reason = reason or "stop"
    return "stop_sequence" if reason == "stop" and stop_sequence else STOP.get(reason, "end_turn")


def usage_of(usage: dict | None, body: dict) -> dict:
    u = usage or {}
    return {"input_tokens": u.get("prompt_tokens") or estimate(body), "output_tokens": u.get("completion_tokens") or 0}


class Fold:
    """The non-streamed Message a stream's events add up to (as Anthropic's SDKs accumulate them):
    `add` each decoded event, then `result()` (one at a time: app.py folds in slices)."""

    def __init__(self) -> None:
        self.msg: dict = {}
        self.grown = Grown()

    def add(self, ev) -> None:
        msg, grown = self.msg, self.grown
        kind = ev.get("type") if isinstance(ev, dict) else None
        if kind == "message_start":
            self.msg = dict(ev["message"], content=[])
        elif kind == "content_block_start":
            msg["content"].append(dict(ev["content_block"]))
        elif kind == "content_block_delta":
            add_delta(msg["content"][ev["index"]], ev["delta"], grown)
        elif kind == "content_block_stop":
            grown.settle()
            block = msg["content"][ev["index"]]
            if block["type"] == "tool_use":
                try:
                    block["input"] = json.loads(block.pop("partial_json", "") or "{}")
                except ValueError:
                    block["input"] = {}
        elif kind == "message_delta":
            msg.update(ev["delta"], usage=ev["usage"])
        elif kind == "error":
            raise wire.Failed(ev["error"])

    def result(self) -> dict:
        self.grown.settle()                # (blocks a stream cut off never stopped)
        return self.msg


def fold(events: list) -> dict:
    """The non-streamed Message a stream's decoded events add up to (see Fold)."""
    return wire.fold_all(Fold(), events)


DELTAS = {"text_delta": "text", "thinking_delta": "thinking", "input_json_delta": "partial_json",
          "signature_delta": "signature"}


def add_delta(block: dict, delta: dict, grown: Grown) -> None:
    key = DELTAS[delta["type"]]
    if key == "signature":
        block[key] = delta[key]
    else:
        grown.add(block, key, delta[key])


def error_body(status: int, message: str, type_: str = "invalid_request_error", code=None) -> dict:
    """Anthropic's error shape: its type follows the status (`type_` is the OpenAI APIs')."""
    kind = ERROR_TYPES.get(status, "invalid_request_error" if status < 500 else "api_error")
    return {"type": "error", "error": {"type": kind, "message": message}}


def error(status: int, message: str, type_: str = "invalid_request_error", code=None, headers=None) -> JSONResponse:
    return JSONAnswer(error_body(status, message), status, headers=headers)  # the upstream's text may be in it


KEEPALIVE = named_sse({"type": "ping"})   # Anthropic's own keep-alive event; its SDKs skip it
PASSED_ON = ("retry-after", "anthropic-ratelimit-requests-reset", "x-ratelimit-reset-requests")


def upstream_error(status: int, data: bytes, headers: dict) -> JSONResponse:
    """An upstream error status, its message in an Anthropic error object (with its Retry-After:
    Claude Code waits as long as it says before retrying a 429 or 529)."""
    try:
        err = json.loads(data).get("error")
        message = err.get("message") if isinstance(err, dict) else str(err)
    except (ValueError, AttributeError):
        message = data.decode("utf-8", "replace")[:2000]
    kept = {k: v for k, v in headers.items() if k.lower() in PASSED_ON}
    return error(status, f"upstream: {message}", headers=kept)


# -- the stream -----------------------------------------------------------------------------------
class MessagesEncoder(OneAnswer):
    """The wire events (choice 0) as Messages SSE events: one content block open at a time."""

    def __init__(self, body: dict, chat_body: dict):
        self.body = body
        self.index = -1                 # the content block being written (or the last one)
        self.open: str | int | None = None   # its kind: "text", "thinking", or a call index
        self.held: deque = deque()      # events that came while a call's block was open (see write)

    def emit(self, event: dict) -> bytes:
        """One Messages event, as it is sent (MessagesAnswer folds it instead)."""
        return named_sse(event)

    def write(self, events: list) -> list[bytes]:
        """As OneAnswer's, but a call's block, once open, stays open until the call ends: Messages
        has one block open at a time and none reopens, so output that comes in between (text
        after a native call's first delta) waits, instead of closing the block on the call's
        later arguments."""
        out = []
        for ev in events:
            if ev.choice == 0 and type(ev) is not Started:
                out += self._event(ev)
        return out

    def _event(self, ev) -> list[bytes]:
        t = type(ev)
        if type(self.open) is int and t is not Finished and not (t in OF_A_CALL and ev.index == self.open):
            self.held.append(ev)
            return []
        out = self._close() if t is Finished and self.held else []  # (Turn ends every call first)
        out += self._release()
        out += handle(self, ev)
        return out + self._release()

    def _release(self) -> list[bytes]:
        """The events held while a call's block was open, in their order, until one opens a call's
        block again. In a loop, not by recursion: 1,000 native calls in one chunk (each opened
        while the first was) overflowed the stack, and a held event must be written before the
        ones held after it."""
        out: list[bytes] = []
        held = self.held
        while held and type(self.open) is not int:
            out += handle(self, held.popleft())
        return out

    def start(self) -> list[bytes]:
        msg: dict[str, Any] = {"id": new_id("msg"), "type": "message", "role": "assistant", "model": self.body.get("model"),
               "content": [], "stop_reason": None, "stop_sequence": None,
               "usage": {"input_tokens": estimate(self.body), "output_tokens": 0}}
        return [self.emit({"type": "message_start", "message": msg}), self.emit({"type": "ping"})]

    def _open(self, kind, block: dict) -> list[bytes]:
        out = self._close()
        self.index += 1
        self.open = kind
        return out + [self.emit({"type": "content_block_start", "index": self.index, "content_block": block})]

    def _close(self) -> list[bytes]:
        if self.open is None:
            return []
        out = []
        if self.open == "thinking":  # clients keep thinking only with a signature (ours is a mere tag)
            out.append(self._delta({"type": "signature_delta", "signature": new_id("callsieve")}))
        self.open = None
        return out + [self.emit({"type": "content_block_stop", "index": self.index})]

    def _delta(self, delta: dict) -> bytes:
        return self.emit({"type": "content_block_delta", "index": self.index, "delta": delta})

    def text(self, text: str) -> list[bytes]:
        out = self._open("text", {"type": "text", "text": ""}) if self.open != "text" else []
        return out + [self._delta({"type": "text_delta", "text": text})]

    def reasoning(self, text: str) -> list[bytes]:
        out = [] if self.open == "thinking" else self._open("thinking", {"type": "thinking", "thinking": "",
                                                                          "signature": ""})
        return out + [self._delta({"type": "thinking_delta", "thinking": text})]

    def call(self, k: int, call_id: str, name_: str, arguments: str) -> list[bytes]:
        out = self._open(k, {"type": "tool_use", "id": call_id, "name": name_, "input": {}})
        return out + self.args(k, arguments) if arguments else out

    def args(self, k: int, text: str) -> list[bytes]:
        return [self._delta({"type": "input_json_delta", "partial_json": text})] if self.open == k else []

    def end(self, k: int) -> list[bytes]:
        return self._close() if self.open == k else []

    cut = end  # a cut-off call is closed too: stop_reason "max_tokens" says why

    def finish(self, reason: str, stop_sequence: str | None, usage: dict | None) -> list[bytes]:
        delta = {"stop_reason": stop_reason(reason, stop_sequence), "stop_sequence": stop_sequence}
        return self._close() + [self.emit({"type": "message_delta", "delta": delta, "usage": usage_of(usage, self.body)}),
                                self.emit({"type": "message_stop"})]

    def fail(self, error: dict) -> list[bytes]:
        return [self.emit({"type": "error", "error": {"type": "api_error",
                                                      "message": error.get("message") or str(error)}})]


class MessagesAnswer(wire.Folding, MessagesEncoder):
    """The non-streamed Message: the encoder's events (the same blocks, opened, held and closed
    alike) folded as they are made (`Fold`), never written and read back."""

    def __init__(self, body: dict, chat_body: dict):
        super().__init__(body, chat_body)
        self.folded = wire.Folded(Fold())


def answer(body: dict, chat_body: dict) -> MessagesAnswer:
    return MessagesAnswer(body, chat_body)


def encoder(body: dict, chat_body: dict) -> MessagesEncoder:
    return MessagesEncoder(body, chat_body)
