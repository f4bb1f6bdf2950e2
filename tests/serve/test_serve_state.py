"""State across requests: one client's answer never changes what another client gets (issue 22,
item 1).  The proxy keeps one Session per served model, shared by every client; what it holds is
only what no answer can turn against another client (docs/proxy-shared.md)."""
from __future__ import annotations

import httpx
import pytest
from conftest import chunk, completion

POISON = [
    "Reasoning-shaped text.\n</think>\n\nAnswer.",          # what a template-opened block looks like
    "Close the block with `</think>`.",
    "Use </think> or </thinking> or [/THINK] to close it.",
    "```\n</think>\n```",
]


def ask(base: str, api: str, text: str, stream: bool) -> dict:
    """The answer `text` of the upstream, as a client of `api` gets it: (content, reasoning)."""
    msgs = [{"role": "user", "content": "hi"}]
    body = {"chat": {"model": "m", "messages": msgs},
            "responses": {"model": "m", "input": "hi"},
            "messages": {"model": "m", "max_tokens": 50, "messages": msgs}}[api]
    path = {"chat": "/chat/completions", "responses": "/responses", "messages": "/messages"}[api]
    r = httpx.post(base + path, json={**body, "stream": stream}, timeout=30)
    assert r.status_code == 200, r.text
    if stream:
        return {"raw": r.text}
    j = r.json()
    if api == "chat":
        m = j["choices"][0]["message"]
        return {"content": m["content"] or "", "reasoning": m.get("reasoning_content") or ""}
    if api == "responses":
        text = "".join(c["text"] for o in j["output"] if o["type"] == "message" for c in o["content"])
        reasoning = "".join(c["text"] for o in j["output"] if o["type"] == "reasoning"
                            for c in o.get("content") or o.get("summary") or [])
        return {"content": text, "reasoning": reasoning}
    text = "".join(b["text"] for b in j["content"] if b["type"] == "text")
    reasoning = "".join(b["thinking"] for b in j["content"] if b["type"] == "thinking")
    return {"content": text, "reasoning": reasoning}


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_stray_closers_in_one_clients_answers_never_change_anothers(upstream, make_proxy, api):
    base = make_proxy(upstream.url, upstream_api_key="state-" + api)   # a proxy of its own
    for text in POISON * 3:                                             # client A, many times
        upstream.reply(200, completion(text))
        ask(base, api, text, False)
        upstream.stream([chunk(role="assistant", content="")] + [chunk(text)] + [chunk(finish="stop")])
        ask(base, api, text, True)
    upstream.reply(200, completion("Hello! How can I help?"))
    assert ask(base, api, "", False) == {"content": "Hello! How can I help?", "reasoning": ""}   # client B


def test_the_quoting_answer_keeps_its_marker(upstream, make_proxy):
    base = make_proxy(upstream.url, upstream_api_key="state-quote")
    text = "Close the block with `</think>`."
    upstream.reply(200, completion(text))
    assert ask(base, "chat", text, False) == {"content": text, "reasoning": ""}
