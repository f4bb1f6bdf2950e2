"""Shared assertions for proxy tests: OpenAI stream conformance and folding chunks into a message;
and a Chat stream through `Proxy.stream` from a scripted upstream body."""
from __future__ import annotations

import json
import re


def check_stream(events: list, *, envelope: dict | None = None) -> None:
    """Assert the SSE payloads form one OpenAI-conformant chat-completions stream."""
    assert events and events[-1] == "[DONE]", events[-3:]
    chunks = [e for e in events[:-1] if "error" not in e]
    choice_chunks = [c for c in chunks if c["choices"]]
    assert choice_chunks[0]["choices"][0]["delta"].get("role") == "assistant"
    for c in choice_chunks[1:]:
        assert "role" not in c["choices"][0]["delta"]
    for c in chunks:
        assert c["object"] == "chat.completion.chunk"
        for k, v in (envelope or {}).items():
            assert c[k] == v, (k, c)
    finals = [c for c in choice_chunks if c["choices"][0]["finish_reason"] is not None]
    if not any("error" in e for e in events[:-1]):
        assert len(finals) == 1 and finals[0] is choice_chunks[-1], "finish_reason only on the last choice chunk"
        assert finals[0]["choices"][0]["delta"] == {} or "tool_calls" not in finals[0]["choices"][0]["delta"]
    seen: set[int] = set()
    for c in choice_chunks:
        calls = c["choices"][0]["delta"].get("tool_calls") or []
        assert len(calls) <= 1, "one call entry per chunk"
        for tc in calls:
            if tc["index"] not in seen:
                assert tc["index"] == len(seen), "indices rise from 0"
                seen.add(tc["index"])
                assert tc["id"] and tc["type"] == "function" and tc["function"]["name"], tc
            else:
                assert set(tc) == {"index", "function"} and set(tc["function"]) == {"arguments"}, tc


def fold(events: list) -> dict:
    """Fold streamed chunks into {content, reasoning_content, tool_calls, finish_reason, usage, errors}."""
    out = {"content": "", "reasoning_content": "", "tool_calls": [], "finish_reason": None, "usage": None,
           "errors": []}
    for e in events:
        if e == "[DONE]":
            continue
        if "error" in e:
            out["errors"].append(e["error"])
            continue
        if e.get("usage") and not e["choices"]:
            out["usage"] = e["usage"]
        for ch in e["choices"]:
            d = ch["delta"]
            out["content"] += d.get("content") or ""
            out["reasoning_content"] += d.get("reasoning_content") or ""
            for tc in d.get("tool_calls") or []:
                if tc["index"] == len(out["tool_calls"]):
                    out["tool_calls"].append({"id": tc.get("id"), "name": tc["function"]["name"], "arguments": ""})
                out["tool_calls"][tc["index"]]["arguments"] += tc["function"].get("arguments") or ""
            if ch["finish_reason"]:
                out["finish_reason"] = ch["finish_reason"]
    return out


def calls_of(tool_calls: list) -> list[tuple[str, dict]]:
    """(name, arguments dict) pairs from folded or non-streamed tool calls."""
    res = []
    for tc in tool_calls:
        fn = tc.get("function", tc)
        res.append((fn["name"], json.loads(fn["arguments"])))
    return res


def message_view(msg: dict) -> dict:
    """A non-streamed message in the same shape as fold() for comparisons."""
    return {"content": msg.get("content") or "", "reasoning_content": msg.get("reasoning_content") or "",
            "calls": calls_of(msg.get("tool_calls") or [])}


def stream_view(folded: dict) -> dict:
    return {"content": folded["content"], "reasoning_content": folded["reasoning_content"],
            "calls": calls_of(folded["tool_calls"])}


def sse_events_of(text: str) -> list:
    """The `data:` payloads of an SSE body: dicts, and the string "[DONE]"."""
    out = []
    for line in re.split(r"\r\n|\r|\n", text):  # the SSE line ends only: not str.splitlines (U+2028 ...)
        if line.startswith("data:"):
            payload = line[5:].strip()
            out.append(payload if payload == "[DONE]" else json.loads(payload))
    return out


TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]


async def chat_stream(body, **options) -> list[bytes]:
    """What `Proxy.stream` writes to a Chat client for an upstream SSE `body` (an httpx stream),
    with `get_weather` declared (and `options`, Options fields): the proxy's I/O loop without a
    socket."""
    from callsieve import Sieve
    from callsieve.serve.app import Config, Proxy
    from callsieve.serve.chat import ChatEncoder
    from callsieve.serve.exchange import Exchange
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    import httpx
    proxy = Proxy(Config(upstream="http://127.0.0.1:9/v1"))
    resp = httpx.Response(200, headers={"content-type": "text/event-stream"}, stream=body)
    opts = Options(tools=TOOLS, **options)
    turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs()))
    ex = Exchange.begin(0, "chat", "-", "m", True, {})
    return [b async for b in proxy.answers.stream(resp, turn, ChatEncoder(), ex)]
