"""CanIToolCall through `callsieve serve`, as a client of each API sees it.

    from bench.conformance.proxy import measure_apis
    table = measure_apis()     # {(api, mode): {fixture id: Case}}

Each fixture's raw output is what a scripted Chat Completions upstream sends (`finish_reason`
"length" for a fixture the model's `max_tokens` cut, else "stop"), in the same chunkings as the
library run (one upstream chunk per chunk group), through the real proxy app (its Starlette
routes, Turn and encoders; in-process, no sockets) to a client of Chat Completions, Responses or
Messages, in each delivery mode (`X-Callsieve-Calls: whole` or `stream`), and non-streamed.

What a client keeps, per API, is what that API lets it keep:
- **Chat Completions**: every call it received a delta of, with the arguments it accumulated.
  A client cannot take back a delta, and several (Qwen Code) run a call whatever the
  `finish_reason` says, so a call cut off after its name went out counts as a call.
- **Responses**: the `function_call` items that reached `response.output_item.done` with
  `status: "completed"` (Codex acts on that event); content and reasoning from their deltas.
- **Messages**: every `tool_use` block opened, with its accumulated `partial_json` (the anthropic
  SDK's `get_final_message()` keeps such a block, parsing its JSON leniently).
Non-streamed: the message's content, reasoning and calls as the API writes them.

`thinking=` reaches the proxy as it does in production: a prompt that opens thinking is what
the model's chat template says (the proxy's Session for the model is seeded with it, as
`callsieve.templates.seed_session` would), thinking off is the request's own switch in each API.
"""
from __future__ import annotations

import asyncio
import json
import math

from bench.conformance.adapter import CallsieveAdapter, thinking_from_prompt
from canitoolcall.results import ParsedToolCall, ParseResult

APIS = ("chat", "responses", "messages")
MODES = ("whole", "stream")
MODEL = "m"
PATHS = {"chat": "/v1/chat/completions", "responses": "/v1/responses", "messages": "/v1/messages"}


class Upstream:
    """A Chat Completions server that answers the script set before each request."""

    def __init__(self):
        self.deltas: list[str] = []
        self.finish = "stop"
        self.stream = True

    async def __call__(self, scope, receive, send):
        while (await receive()).get("more_body"):
            pass
        path = scope["path"]
        if path.endswith("/models"):
            body = {"object": "list", "data": [{"id": MODEL, "object": "model"}]}
            return await self._send(send, 200, json.dumps(body).encode(), "application/json")
        if not path.endswith("/chat/completions"):
            return await self._send(send, 404, b"{}", "application/json")
        head = {"id": "up", "created": 1, "model": MODEL}
        if not self.stream:
            msg = {"role": "assistant", "content": "".join(self.deltas)}
            body = {**head, "object": "chat.completion",
                    "choices": [{"index": 0, "message": msg, "finish_reason": self.finish}]}
            return await self._send(send, 200, json.dumps(body).encode(), "application/json")

        def chunk(delta, finish=None):
            c = {**head, "object": "chat.completion.chunk",
                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
            return b"data: " + json.dumps(c).encode() + b"\n\n"
        parts = [chunk({"role": "assistant", "content": ""})] + [chunk({"content": d}) for d in self.deltas]
        parts += [chunk({}, self.finish), b"data: [DONE]\n\n"]
        await self._send(send, 200, b"".join(parts), "text/event-stream")

    @staticmethod
    async def _send(send, status, body, ctype):
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", ctype.encode())]})
        await send({"type": "http.response.body", "body": body})


def _tools(api: str, tools) -> list:
    fns = [t.get("function", t) for t in tools]
    if api == "responses":
        return [{"type": "function", "name": f["name"], "parameters": f.get("parameters") or {}} for f in fns]
    if api == "messages":
        return [{"name": f["name"], "input_schema": f.get("parameters") or {"type": "object"}} for f in fns]
    return [dict(t) for t in tools]


def request_body(api: str, tools, stream: bool, thinking: bool | None) -> dict:
    msgs = [{"role": "user", "content": "go"}]
    body: dict = {"model": MODEL, "stream": stream}
    if api == "responses":
        body["input"] = msgs
    else:
        body["messages"] = msgs
    if api == "messages":
        body["max_tokens"] = 1024
    if tools:
        body["tools"] = _tools(api, tools)
    if thinking is False:      # each API's own switch (True is the template's word: see Proxy)
        if api == "chat":
            body["chat_template_kwargs"] = {"enable_thinking": False}
        elif api == "responses":
            body["reasoning"] = {"effort": "none"}
        else:
            body["thinking"] = {"type": "disabled"}
    return body


def _events(data: bytes):
    """The JSON payloads of an SSE body."""
    for block in data.decode("utf-8").split("\n\n"):
        for line in block.split("\n"):
            if line.startswith("data: ") and line[6:] != "[DONE]":
                yield json.loads(line[6:])


def _result(content, reasoning, calls) -> ParseResult:
    return ParseResult(content=content or None, reasoning_content=reasoning or None,
                       tool_calls=tuple(ParsedToolCall(n, a) for n, a in calls))


def client_view(api: str, stream: bool, data: bytes) -> ParseResult:
    """What a client of `api` keeps from the proxy's answer (see the module's docstring)."""
    if not stream:
        ans = json.loads(data)
        if api == "chat":
            m = ans["choices"][0]["message"]
            return _result(m.get("content"), m.get("reasoning_content"),
                           [(c["function"]["name"], c["function"]["arguments"]) for c in m.get("tool_calls") or []])
        if api == "responses":
            text, think, calls = [], [], []
            for it in ans.get("output") or []:
                if it["type"] == "message":
                    text += [p.get("text", "") for p in it["content"]]
                elif it["type"] == "reasoning":
                    think += [p.get("text", "") for p in it.get("content") or []]
                elif it["type"] == "function_call" and it.get("status") == "completed":
                    calls.append((it["name"], it["arguments"]))
            return _result("".join(text), "".join(think), calls)
        text, think, calls = [], [], []
        for b in ans.get("content") or []:
            if b["type"] == "text":
                text.append(b["text"])
            elif b["type"] == "thinking":
                think.append(b["thinking"])
            elif b["type"] == "tool_use":
                calls.append((b["name"], json.dumps(b["input"], ensure_ascii=False)))
        return _result("".join(text), "".join(think), calls)
    text, think = [], []
    if api == "chat":
        calls: dict[int, list[str]] = {}
        for ev in _events(data):
            for ch in ev.get("choices") or []:
                d = ch.get("delta") or {}
                text.append(d.get("content") or "")
                think.append(d.get("reasoning_content") or "")
                for tc in d.get("tool_calls") or []:
                    call = calls.setdefault(tc["index"], ["", ""])
                    fn = tc.get("function") or {}
                    call[0] += fn.get("name") or ""
                    call[1] += fn.get("arguments") or ""
        return _result("".join(text), "".join(think), [tuple(calls[k]) for k in sorted(calls)])
    if api == "responses":
        done = []
        for ev in _events(data):
            kind = ev["type"]
            if kind == "response.output_text.delta":
                text.append(ev["delta"])
            elif kind == "response.reasoning_text.delta":
                think.append(ev["delta"])
            elif kind == "response.output_item.done" and ev["item"]["type"] == "function_call" \
                    and ev["item"].get("status") == "completed":
                done.append((ev["item"]["name"], ev["item"]["arguments"]))
        return _result("".join(text), "".join(think), done)
    blocks: dict[int, list[str]] = {}
    for ev in _events(data):
        if ev["type"] == "content_block_start" and ev["content_block"]["type"] == "tool_use":
            blocks[ev["index"]] = [ev["content_block"]["name"], ""]
        elif ev["type"] == "content_block_delta":
            d = ev["delta"]
            if d["type"] == "text_delta":
                text.append(d["text"])
            elif d["type"] == "thinking_delta":
                think.append(d["thinking"])
            elif d["type"] == "input_json_delta":
                blocks[ev["index"]][1] += d["partial_json"]
    # a block with no input_json_delta is the SDK's initial `input: {}`
    return _result("".join(text), "".join(think), [(n, a or "{}") for n, a in (blocks[k] for k in sorted(blocks))])


class Proxy:
    """The real proxy app over a scripted upstream, in-process, one request at a time."""

    def __init__(self):
        import logging

        import httpx
        from callsieve import Session
        from callsieve.serve.app import Config, create_app
        self.Session = Session
        logging.getLogger("callsieve").setLevel(logging.ERROR)   # each bad call is logged: thousands
        self.upstream = Upstream()
        self.app = create_app(Config(upstream="http://upstream.test/v1"))
        self.proxy = self.app.state.proxy
        self.loop = asyncio.new_event_loop()
        self.proxy.client = httpx.AsyncClient(transport=httpx.ASGITransport(app=self.upstream))
        self.client = httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app),
                                        base_url="http://127.0.0.1")

    def ask(self, api: str, mode: str, deltas, finish: str, tools, thinking, stream: bool) -> bytes:
        self.upstream.deltas, self.upstream.finish, self.upstream.stream = list(deltas), finish, stream
        # The template's word on thinking, in a fresh Session per request (no memory between
        # fixtures; the proxy's Sessions learn nothing from answers anyway).
        sess = self.Session(learn=False)
        sess.opens_thinking = thinking is True
        self.proxy.sessions[MODEL] = sess
        self.proxy.catalogue.learn("", [MODEL], math.inf)   # (no credential: read, never again)
        body = request_body(api, tools, stream, thinking)
        resp = self.loop.run_until_complete(self.client.post(
            PATHS[api], json=body, headers={"x-callsieve-calls": mode}))
        if resp.status_code != 200:
            raise RuntimeError(f"{api} {resp.status_code}: {resp.text[:300]}")
        return resp.content


class ProxyAdapter(CallsieveAdapter):
    """A client of `api`, with calls delivered in `mode`, as a CanIToolCall engine."""

    def __init__(self, proxy: Proxy, api: str, mode: str):
        self.proxy, self.api, self.mode = proxy, api, mode

    def _ask(self, raw, deltas, tools, stream: bool) -> ParseResult:
        thinking = thinking_from_prompt(raw.generation_prompt, raw.thinking)
        data = self.proxy.ask(self.api, self.mode, deltas, "length" if raw.truncated else "stop",
                              tools, thinking, stream)
        return client_view(self.api, stream, data)

    def parse(self, raw, tools) -> ParseResult:
        return self._ask(raw, [raw.text], tools, False)

    def parse_stream(self, raw, chunks, tools) -> ParseResult:
        return self._ask(raw, ["".join(map(chr, g)) for g in chunks], tools, True)

    def parse_stream_text(self, raw, deltas, tools) -> ParseResult:
        return self._ask(raw, deltas, tools, True)


def measure_apis(apis=APIS, modes=MODES, families=None, ids=None) -> dict:
    """{(api, mode): {fixture id: Case}} for every API and delivery mode."""
    from bench.conformance import measure
    proxy = Proxy()
    return {(api, mode): measure(families, ids, adapter=ProxyAdapter(proxy, api, mode))
            for api in apis for mode in modes}
