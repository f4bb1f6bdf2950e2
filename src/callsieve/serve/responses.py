"""The OpenAI Responses API (`POST /v1/responses`, Codex CLI's only wire API) on a Chat Completions upstream.

`to_chat` translates the request, `ResponsesEncoder` writes the wire events of a Turn
(callsieve.rules) as Responses SSE events, `fold` takes the non-streamed Response from a stream's
last event (a non-streamed answer is the fold of its stream).

Nothing is stored: `store` is accepted and ignored (Codex sends `store: false` and the whole
history every turn), and `previous_response_id` is answered with a 400 that says so.
Tools of type `namespace` are flattened into plain functions and their calls get their
`namespace` back; tools of other types (`web_search`, `custom`, …) are dropped: a Chat
Completions server cannot run them.
"""
from __future__ import annotations

import base64
import time
import uuid


from callsieve.serve.one_answer import OneAnswer
from callsieve.serve.options import BadRequest, system_first, text_of
from callsieve.serve import wire
from callsieve.serve.chat import error, error_body, upstream_error  # noqa: F401 - OpenAI's error shape is this API's too
from callsieve.serve.stream import COMMENT, Grown, escape, named_sse, utf8

name = "responses"
path = "/v1/responses"
auth_hint = "send 'Authorization: Bearer <key>' or 'x-api-key: <key>'"
KEEPALIVE = COMMENT
calls_whole = False   # its items say "completed" or "incomplete": "auto" streams calls
model, stream = wire.model, wire.stream
REASONING_TAG = "callsieve:"  # encrypted_content of our reasoning items: the text, so it can come back


def new_id(prefix: str) -> str:
    return prefix + "_" + uuid.uuid4().hex[:24]


# -- the request ----------------------------------------------------------------------------------
def flat_tools(tools: list) -> tuple[list, dict]:
    """Chat tools from Responses tools, and {chat name: namespace} for the calls coming back."""
    out, spaces, taken = [], {}, {t.get("name") for t in tools if isinstance(t, dict) and t.get("type") == "function"}
    for t in tools:
        if not isinstance(t, dict):
            continue
        if t.get("type") == "function":
            out.append(chat_tool(t, t.get("name")))
        elif t.get("type") == "namespace":
            for sub in t.get("tools") or []:
                if isinstance(sub, dict) and sub.get("type", "function") == "function":
                    flat = sub.get("name") if sub.get("name") not in taken else f"{t.get('name')}__{sub.get('name')}"
                    taken.add(flat)
                    spaces[flat] = (t.get("name"), sub.get("name"))
                    out.append(chat_tool(sub, flat))
    return out, spaces


def chat_tool(t: dict, name_: str | None) -> dict:
    fn = {"name": name_, "parameters": t.get("parameters") or {"type": "object", "properties": {}}}
    if t.get("description"):
        fn["description"] = t["description"]
    return {"type": "function", "function": fn}


def chat_name(item: dict, spaces: dict) -> str:
    for flat, (ns, sub) in spaces.items():
        if item.get("namespace") == ns and item.get("name") == sub:
            return flat
    return item.get("name") or ""


def user_content(content):
    """A user/system message's content: a string, or parts when it holds images."""
    if not isinstance(content, list) or not any(isinstance(p, dict) and p.get("type") == "input_image"
                                                for p in content):
        return text_of(content)
    parts = []
    for p in content:
        if isinstance(p, dict) and p.get("type") == "input_image" and p.get("image_url"):
            parts.append({"type": "image_url", "image_url": {"url": p["image_url"]}})
        elif isinstance(p, dict) and p.get("text"):
            parts.append({"type": "text", "text": p["text"]})
    return parts


def reasoning_text(item: dict) -> str:
    """The thinking of an echoed reasoning item: ours carries it in encrypted_content."""
    enc = item.get("encrypted_content")
    if isinstance(enc, str) and enc.startswith(REASONING_TAG):
        try:
            return base64.b64decode(enc[len(REASONING_TAG):]).decode()
        except ValueError:
            pass
    parts = item.get("content") or item.get("summary") or []
    return "".join(p.get("text") or "" for p in parts if isinstance(p, dict))


def messages_of(body: dict, spaces: dict) -> list:
    msgs: list = []
    if body.get("instructions"):
        msgs.append({"role": "system", "content": text_of(body["instructions"])})
    items = body.get("input")
    if isinstance(items, str):
        items = [{"role": "user", "content": items}]
    if not isinstance(items, list):
        raise BadRequest("`input` must be a string or a list of items")
    thinking = ""  # a reasoning item goes with the assistant turn after it
    for item in items:
        if not isinstance(item, dict):
            raise BadRequest("each `input` item must be an object")
        kind = item.get("type") or ("message" if "role" in item else None)
        last = msgs[-1] if msgs else None
        if kind == "message":
            role = item.get("role")
            if role in ("developer", "system"):
                msgs.append({"role": "system", "content": text_of(item.get("content"))})
            elif role == "assistant":
                msgs.append({"role": "assistant", "content": text_of(item.get("content"))})
                if thinking:
                    msgs[-1]["reasoning_content"], thinking = thinking, ""
            elif role == "user":
                msgs.append({"role": "user", "content": user_content(item.get("content"))})
            else:
                raise BadRequest(f"unknown message role {role!r}")
        elif kind == "function_call":
            call = {"id": item.get("call_id") or item.get("id") or new_id("call"), "type": "function",
                    "function": {"name": chat_name(item, spaces), "arguments": item.get("arguments") or "{}"}}
            if last is not None and last["role"] == "assistant" and not thinking:
                last.setdefault("tool_calls", []).append(call)
            else:
                msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
                if thinking:
                    msgs[-1]["reasoning_content"], thinking = thinking, ""
        elif kind == "function_call_output":
            out = item.get("output")
            msgs.append({"role": "tool", "tool_call_id": item.get("call_id"),
                         "content": out if isinstance(out, str) else text_of(out)})
        elif kind == "reasoning":
            thinking += reasoning_text(item)
        # other items (web_search_call, custom tools, item_reference, …) have no Chat form: left out
    return system_first(msgs)


def to_chat(body: dict) -> dict:
    if body.get("previous_response_id"):
        raise BadRequest("callsieve stores no responses: send the whole conversation in `input` instead of "
                         "`previous_response_id`")
    tools, spaces = flat_tools(body.get("tools") or [])
    chat = {"model": body.get("model"), "messages": messages_of(body, spaces), "stream": bool(body.get("stream"))}
    if chat["stream"]:
        chat["stream_options"] = {"include_usage": True}  # response.completed carries usage
    if tools:
        chat["tools"] = tools
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and choice.get("type") == "function":
            chat["tool_choice"] = {"type": "function", "function": {"name": choice.get("name")}}
        elif choice in ("auto", "none", "required"):
            chat["tool_choice"] = choice
    if body.get("parallel_tool_calls") is False:
        chat["parallel_tool_calls"] = False
    for src, dst in (("max_output_tokens", "max_tokens"), ("temperature", "temperature"), ("top_p", "top_p")):
        if body.get(src) is not None:
            chat[dst] = body[src]
    effort = (body.get("reasoning") or {}).get("effort")
    if effort:
        chat["reasoning_effort"] = effort
    fmt = (body.get("text") or {}).get("format") or {}
    if fmt.get("type") == "json_schema":
        chat["response_format"] = {"type": "json_schema", "json_schema": {
            k: fmt[k] for k in ("name", "schema", "strict", "description") if k in fmt}}
    elif fmt.get("type") == "json_object":
        chat["response_format"] = {"type": "json_object"}
    return chat


# -- the answer -----------------------------------------------------------------------------------
def usage_of(usage: dict | None) -> dict:
    u = usage or {}
    inp, out = u.get("prompt_tokens") or 0, u.get("completion_tokens") or 0
    return {"input_tokens": inp, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": out,
            "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": u.get("total_tokens") or inp + out}


def reasoning_item(text: str, include: list) -> dict:
    item = {"type": "reasoning", "id": new_id("rs"), "summary": [],
            "content": [{"type": "reasoning_text", "text": text}]}
    if "reasoning.encrypted_content" in include:
        item["encrypted_content"] = REASONING_TAG + base64.b64encode(text.encode()).decode()
    return item


def message_item(text: str, status: str = "completed") -> dict:
    return {"type": "message", "id": new_id("msg"), "status": status, "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]}


def call_item(call_id: str, name_: str, arguments: str, spaces: dict, status: str = "completed") -> dict:
    item = {"type": "function_call", "id": new_id("fc"), "call_id": call_id, "name": name_,
            "arguments": arguments, "status": status}
    if name_ in spaces:
        item["namespace"], item["name"] = spaces[name_]
    return item


def envelope(body: dict, rid: str, created: int, status: str, output: list, usage=None, details=None) -> dict:
    return {"id": rid, "object": "response", "created_at": created, "status": status, "model": body.get("model"),
            "output": output, "usage": usage, "incomplete_details": details, "error": None,
            "instructions": body.get("instructions"), "tools": body.get("tools") or [],
            "tool_choice": body.get("tool_choice", "auto"), "parallel_tool_calls": body.get("parallel_tool_calls", True),
            "max_output_tokens": body.get("max_output_tokens"), "reasoning": body.get("reasoning"),
            "text": body.get("text") or {"format": {"type": "text"}}, "store": False,
            "previous_response_id": None, "temperature": body.get("temperature"), "top_p": body.get("top_p"),
            "metadata": body.get("metadata") or {}}


INCOMPLETE = {"reason": "max_output_tokens"}
# a delta event as `ResponsesEncoder.ev` writes it (json.dumps' separators, its fields in order),
# from its parts: the hot path, one string escape instead of a dict and a json.dumps per chunk
DELTA = 'event: %s\ndata: {"type": "%s", "sequence_number": %d, "item_id": %s, "output_index": %d%s, "delta": %s%s}\n\n'
AT_PART = ', "content_index": 0'
NO_LOGPROBS = ', "logprobs": []'
ENDS = ("response.completed", "response.incomplete", "response.failed")


class Fold:
    """The non-streamed Response: the one the stream's last event carries (`add` each decoded
    event, then `result()`)."""

    def __init__(self) -> None:
        self.last: dict | None = None

    def add(self, ev) -> None:
        if isinstance(ev, dict) and ev.get("type") in ENDS:
            self.last = ev

    def result(self) -> dict:
        last = self.last
        if last is None:
            raise wire.Failed({"message": "callsieve: the stream did not end"})
        if last["type"] == "response.failed":
            raise wire.Failed(last["response"]["error"])
        return last["response"]


def fold(events: list) -> dict:
    """The non-streamed Response of a stream's decoded events (see Fold)."""
    return wire.fold_all(Fold(), events)


# -- the stream -----------------------------------------------------------------------------------
class ResponsesEncoder(OneAnswer):
    """The wire events (choice 0) as Responses SSE events, each with a rising sequence_number.

    Output items open (`output_item.added`) and close (`output_item.done`) one kind at a time: a
    reasoning item, a message item with one output_text part, a function_call item per call."""

    def __init__(self, body: dict, chat_body: dict):
        self.body, self.spaces = body, flat_tools(body.get("tools") or [])[1]
        self.include = body.get("include") or []
        self.id, self.created = new_id("resp"), int(time.time())
        self.seq = 0
        self.output: list[dict] = []     # the items so far, as response.completed lists them
        self.pos: dict[str, int] = {}    # item id -> its output_index
        self.open: dict | None = None    # the reasoning or message item being written
        self.calls: dict[int, dict] = {}  # call index -> its function_call item, until it ends
        self.grown = Grown()             # the open items' text and arguments (settled when read)

    def ev(self, type_: str, **fields) -> bytes:
        self.seq += 1
        return self.emit({"type": type_, "sequence_number": self.seq, **fields})

    def emit(self, event: dict) -> bytes:
        """One Responses event, as it is sent (ResponsesAnswer folds it instead)."""
        return named_sse(event)

    def response(self, status: str, usage=None, details=None) -> dict:
        self.grown.settle()
        return envelope(self.body, self.id, self.created, status, self.output, usage, details)

    def start(self) -> list[bytes]:
        r = self.response("in_progress")
        return [self.ev("response.created", response=r), self.ev("response.in_progress", response=r)]

    def _add(self, item: dict) -> bytes:
        self.pos[item["id"]] = len(self.output)
        self.output.append(item)
        return self.ev("response.output_item.added", output_index=len(self.output) - 1, item=dict(item, status="in_progress"))

    def _close_open(self) -> list[bytes]:
        item, self.open = self.open, None
        if item is None:
            return []
        self.grown.settle()
        i, part = self.pos[item["id"]], item["content"][0]
        if item["type"] == "reasoning":
            done = [self.ev("response.reasoning_text.done", item_id=item["id"], output_index=i, content_index=0,
                            text=part["text"])]
            if "reasoning.encrypted_content" in self.include:
                item.update(reasoning_item(part["text"], self.include), id=item["id"])
        else:
            done = [self.ev("response.output_text.done", item_id=item["id"], output_index=i, content_index=0,
                            text=part["text"], logprobs=[]),
                    self.ev("response.content_part.done", item_id=item["id"], output_index=i, content_index=0,
                            part=part)]
            item["status"] = "completed"
        return done + [self.ev("response.output_item.done", output_index=i, item=item)]

    def _text(self, kind: str, text: str) -> list[bytes]:
        out = []
        if self.open is None or self.open["type"] != kind:
            out += self._close_open()
            if kind == "reasoning":
                self.open = {"type": "reasoning", "id": new_id("rs"), "summary": [],
                             "content": [{"type": "reasoning_text", "text": ""}]}
                out.append(self._add(self.open))
            else:
                self.open = message_item("", "in_progress")
                out.append(self._add(self.open))
                out.append(self.ev("response.content_part.added", item_id=self.open["id"],
                                   output_index=len(self.output) - 1, content_index=0,
                                   part={"type": "output_text", "text": "", "annotations": [], "logprobs": []}))
        item = self.open
        self.grown.add(item["content"][0], "text", text)
        if kind == "reasoning":
            out.append(self._delta("response.reasoning_text.delta", item, AT_PART, text, ""))
        else:
            out.append(self._delta("response.output_text.delta", item, AT_PART, text, NO_LOGPROBS))
        return out

    def _delta(self, type_: str, item: dict, middle: str, text: str, tail: str) -> bytes:
        """`self.ev(type_, item_id=…, output_index=…, <middle>, delta=text, <tail>)`, byte for byte."""
        self.seq += 1
        return utf8(DELTA % (type_, type_, self.seq, escape(item["id"]), self.pos[item["id"]], middle,
                             escape(text), tail))

    def text(self, text: str) -> list[bytes]:
        return self._text("message", text)

    def reasoning(self, text: str) -> list[bytes]:
        return self._text("reasoning", text)

    def call(self, k: int, call_id: str, name_: str, arguments: str) -> list[bytes]:
        out = self._close_open()
        item = self.calls[k] = call_item(call_id, name_, "", self.spaces, "in_progress")
        out.append(self._add(item))
        return out + (self._args(item, arguments) if arguments else [])

    def args(self, k: int, text: str) -> list[bytes]:
        return self._args(self.calls[k], text)

    def end(self, k: int) -> list[bytes]:
        item = self.calls.pop(k)
        item["status"] = "completed"
        self.grown.settle()
        i = self.pos[item["id"]]
        return [self.ev("response.function_call_arguments.done", item_id=item["id"], output_index=i,
                        name=item["name"], arguments=item["arguments"]),
                self.ev("response.output_item.done", output_index=i, item=item)]

    def cut(self, k: int) -> list[bytes]:  # not a call: no arguments.done, no output_item.done
        self.calls.pop(k)["status"] = "incomplete"
        return []

    def finish(self, reason: str, stop_sequence: str | None, usage: dict | None) -> list[bytes]:
        out = self._close_open()
        if reason == "length":
            r = self.response("incomplete", usage_of(usage), INCOMPLETE)
            return out + [self.ev("response.incomplete", response=r)]
        return out + [self.ev("response.completed", response=self.response("completed", usage_of(usage)))]

    def _args(self, item: dict, text: str) -> list[bytes]:
        self.grown.add(item, "arguments", text)
        return [self._delta("response.function_call_arguments.delta", item, "", text, "")]

    def fail(self, error: dict) -> list[bytes]:
        r = self.response("failed")
        r["error"] = {"code": error.get("code") or "server_error", "message": error.get("message") or str(error)}
        return self._close_open() + [self.ev("response.failed", response=r)]


class ResponsesAnswer(wire.Folding, ResponsesEncoder):
    """The non-streamed Response: the encoder's events folded as they are made (`Fold`: the
    Response the last one carries), never written and read back; its deltas not even made."""

    def __init__(self, body: dict, chat_body: dict):
        super().__init__(body, chat_body)
        self.folded = wire.Folded(Fold())

    def _delta(self, type_: str, item: dict, middle: str, text: str, tail: str) -> bytes:
        self.seq += 1   # (a delta is no part of the Response)
        return b""


def answer(body: dict, chat_body: dict) -> ResponsesAnswer:
    return ResponsesAnswer(body, chat_body)


def encoder(body: dict, chat_body: dict) -> ResponsesEncoder:
    return ResponsesEncoder(body, chat_body)
