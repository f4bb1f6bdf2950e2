"""The agent loop keeps the server's prompt cache (issue 32), as llama.cpp's chat tests check it:
for every chat template of the llama-cpp-python sdist that writes calls (templates_sdist.py), a
turn the template renders (reasoning, prose that ends in a blank line, two calls) is what the
model writes; it goes through the proxy (Chat, Responses, Messages; streamed and not), comes
back in the next request as each SDK sends it (with its reasoning, and without: clients drop
it), and the upstream renders that request with the arguments parsed to objects (llama.cpp,
vLLM and mlx-lm do). The render must hold the prompt and the model's text as an exact prefix:
what the server's cache holds. Templates that cannot be exact whatever a client sends (they
render a past turn otherwise than the model wrote it) are in BOUND, each with its reason, found
by rendering the turn itself back; every other template must be exact in every variant.
"""
from __future__ import annotations

import functools
import json

import httpx
import pytest

pytest.importorskip("jinja2")

from conftest import ServerThread, chunk, completion  # noqa: E402

from callsieve.templates.derive import assistant, output, prompt_tail  # noqa: E402
from callsieve.templates.read import tail_state  # noqa: E402
from callsieve.templates.render import USER, TemplateError, render  # noqa: E402
from callsieve.serve import chat, messages, responses  # noqa: E402
from callsieve.serve.app import Config, create_app  # noqa: E402
from callsieve.serve.upstream_reader import sse_payloads  # noqa: E402
from templates_sdist import templates  # noqa: E402

TEMPLATES = templates()
TOOLS = [{"type": "function", "function": {"name": "lookup_city", "description": "Look a city up.", "parameters": {
             "type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
             "required": ["city"]}}},
         {"type": "function", "function": {"name": "send_note", "description": "Send a note.", "parameters": {
             "type": "object", "properties": {"text": {"type": "string"}, "meta": {"type": "object"}},
             "required": ["text"]}}}]
CALLS = [("Rt1call01", "lookup_city", {"city": "Paris", "days": 3}),
         ("Rt2call02", "send_note", {"text": "Paris, in 3 days", "meta": {"level": 2}})]
PROSE = "Let me look that up.\n\n"     # a blank line before the calls: the parser trims it
THOUGHT = "The user asked about Paris."
ON = {"enable_thinking": True, "thinking": True}
# What each API's request asks the upstream's template for: Chat every switch on (Hy3 reads
# `reasoning_effort` in chat_template_kwargs), Responses its reasoning effort (`reasoning_effort`
# upstream), Messages nothing (its thinking switch has no Chat form but "disabled")
KWARGS = {"chat": {"chat_template_kwargs": {**ON, "reasoning_effort": "high"}},
          "responses": {"reasoning_effort": "high"}, "messages": {}}

# The templates whose re-render of a turn differs from the model's text whatever the client
# sends back (the turn as the template itself was given it), and why.
GEN_OPENS = "the generation prompt opens a thinking block that a past turn is rendered without"
BOUND: dict[str, str] = {
    "Apriel-1.6-15b-Thinker-fixed.jinja": "the generation prompt opens the reasoning (`Here are my reasoning "
                                          "steps:`) that a past turn is rendered without",
    "NVIDIA-Nemotron-Nano-v2.jinja": GEN_OPENS,
    "Qwen-QwQ-32B.jinja": GEN_OPENS,
    "deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja": GEN_OPENS,
    "google-gemma-4-31B-it.jinja": "a past turn's content is rendered after the tool responses, not where "
                                   "the model wrote it (after its calls)",
    "deepseek-ai-DeepSeek-V3.2.jinja": "thinking off, the generation prompt writes an empty block "
                                       "(`<think></think>`) that a past turn is rendered without (`</think>`)",
    "google-gemma-4-31B-it-interleaved.jinja": "thinking off, the generation prompt writes an empty thought "
                                               "channel that a past turn with reasoning is rendered without",
    "unsloth-Apriel-1.5.jinja": "a past turn's calls are rendered with their ids, which the model does not write",
}


# The templates the proxy cannot read back as they were written, and why (test_template_roundtrip's KNOWN).
UNREAD: dict[str, str] = {
    "Reka-Edge.jinja": "its newline before a call is written only after content that does not end in one: "
                       "the separator learnt from a probe turn (call_separator) is one newline too many",
    "openai-gpt-oss-120b.jinja": "the prose of a turn with calls is rendered in the analysis channel: read "
                                 "back as reasoning, and a past turn's reasoning is rendered otherwise",
}


def render_kwargs(api: str) -> dict:
    kw = dict(KWARGS[api].get("chat_template_kwargs") or {})
    if "reasoning_effort" in KWARGS[api]:
        kw["reasoning_effort"] = KWARGS[api]["reasoning_effort"]
    return kw


@functools.lru_cache(maxsize=None)
def model_turn(template, api: str):
    """(message, the model's text) of the richest turn `template` renders: reasoning, prose and
    two calls, less what it cannot render; None if it renders no call."""
    kw = render_kwargs(api)
    # (no model reasons under a prompt that closed the thinking block)
    try:
        closed = tail_state(prompt_tail(template, **kw))[0] == "closed"
    except TemplateError:
        closed = False
    for reasoning in (False,) if closed else (True, False):
        for content in (PROSE, ""):
            for calls in (CALLS, CALLS[:1]):
                msg = assistant(calls, content=content, **({"reasoning_content": THOUGHT} if reasoning else {}))
                text = output(template, msg, tools=TOOLS, **kw)
                if text and all(c[1] in text for c in calls) and (not reasoning or THOUGHT in text) \
                        and (not content or PROSE.strip() in text):
                    return msg, text
    return None


def history(msg: dict, result_ids) -> list:
    return [USER, msg, *({"role": "tool", "tool_call_id": cid, "content": "sunny"} for cid in result_ids)]


def exact(template, text: str, chat_msgs: list, kw: dict) -> bool:
    """Does the upstream's render of `chat_msgs` (arguments parsed to objects; as the text they are
    for a template that wants text, as Functionary v3.2's) hold the prompt and the model's
    `text` as a prefix?"""
    prompt = render(template, [USER], TOOLS, add_generation_prompt=True, **kw)
    for parsed in (True, False):
        msgs = [{**m, "tool_calls": [{**c, "function": {**c["function"], "arguments": as_sent(
                    c["function"]["arguments"], parsed)}} for c in m["tool_calls"]]} if m.get("tool_calls") else m
                for m in chat_msgs]
        try:
            again = render(template, msgs, TOOLS, add_generation_prompt=True, **kw)
        except TemplateError:
            continue
        return again.startswith(prompt + text)
    return False


def as_sent(args, parsed: bool):
    if parsed:
        return json.loads(args) if isinstance(args, str) else args
    return args if isinstance(args, str) else json.dumps(args)


# -- each API as its SDK sends a turn back -----------------------------------------------------
def chat_request(stream: bool) -> dict:
    return {"model": "m", "messages": [USER], "tools": TOOLS, "stream": stream, **KWARGS["chat"]}


def chat_back(answer: dict, keep: bool) -> dict:
    msg = {k: v for k, v in answer["choices"][0]["message"].items() if keep or k != "reasoning_content"}
    ids = [c["id"] for c in msg.get("tool_calls") or []]
    return {"model": "m", "tools": TOOLS, **KWARGS["chat"], "messages": [USER, msg, *(
        {"role": "tool", "tool_call_id": cid, "content": "sunny"} for cid in ids)]}


R_TOOLS = [{"type": "function", **t["function"]} for t in TOOLS]


def responses_request(stream: bool) -> dict:
    return {"model": "m", "input": [USER], "tools": R_TOOLS, "stream": stream, "reasoning": {"effort": "high"},
            "include": ["reasoning.encrypted_content"]}


def responses_back(answer: dict, keep: bool) -> dict:
    items = [i for i in answer["output"] if keep or i["type"] != "reasoning"]
    results = [{"type": "function_call_output", "call_id": i["call_id"], "output": "sunny"}
               for i in items if i["type"] == "function_call"]
    return {"model": "m", "tools": R_TOOLS, "reasoning": {"effort": "high"}, "input": [USER, *items, *results]}


M_TOOLS = [{"name": t["function"]["name"], "description": t["function"]["description"],
            "input_schema": t["function"]["parameters"]} for t in TOOLS]


def messages_request(stream: bool) -> dict:
    return {"model": "m", "max_tokens": 100, "messages": [USER], "tools": M_TOOLS, "stream": stream}


def messages_back(answer: dict, keep: bool) -> dict:
    blocks = [b for b in answer["content"] if keep or b["type"] != "thinking"]
    results = [{"type": "tool_result", "tool_use_id": b["id"], "content": "sunny"}
               for b in blocks if b["type"] == "tool_use"]
    return {"model": "m", "max_tokens": 100, "tools": M_TOOLS,
            "messages": [USER, {"role": "assistant", "content": blocks}, {"role": "user", "content": results}]}


APIS = {"chat": (chat, chat_request, chat_back), "responses": (responses, responses_request, responses_back),
        "messages": (messages, messages_request, messages_back)}


def pieces(text: str, n: int = 7) -> list[str]:
    return [text[i:i + n] for i in range(0, len(text), n)]


def through_proxy(base: str, upstream, api: str, text: str, stream: bool, keep: bool) -> list:
    """The messages the upstream gets in the request after the one `text` answered."""
    mod, request, back = APIS[api]
    if stream:
        upstream.stream([chunk(role="assistant", content="")] + [chunk(p) for p in pieces(text)]
                        + [chunk(finish="stop")])
    else:
        upstream.reply(200, completion(text))
    r = httpx.post(base + mod.path.removeprefix("/v1"), json=request(stream), timeout=30)
    assert r.status_code == 200, r.text
    answer = mod.fold(sse_payloads(r.content)) if stream else r.json()
    upstream.reply(200, completion("done"))
    r = httpx.post(base + mod.path.removeprefix("/v1"), json=back(answer, keep), timeout=30)
    assert r.status_code == 200, r.text
    return upstream.last["json"]["messages"]


@pytest.fixture(scope="module")
def proxies(_scripted_server):
    """One proxy per template (its --chat-template), started when first needed."""
    started: dict[str, ServerThread] = {}

    def get(name: str) -> str:
        if name not in started:
            started[name] = ServerThread(create_app(Config(upstream=_scripted_server.url,
                                                           chat_template=TEMPLATES[name]))).start()
        return f"http://127.0.0.1:{started[name].port}/v1"
    yield get
    for srv in started.values():
        srv.stop()


WRITERS = [n for n in TEMPLATES if model_turn(TEMPLATES[n], "chat") is not None]


@pytest.mark.skipif(not TEMPLATES, reason="the llama-cpp-python sdist could not be downloaded")
@pytest.mark.parametrize("api", list(APIS))
@pytest.mark.parametrize("name", WRITERS)
def test_the_next_turn_renders_what_the_model_wrote(name, api, proxies, upstream):
    template = TEMPLATES[name]
    found = model_turn(template, api)
    if found is None:
        pytest.skip("the template renders no call under this API's switches")
    msg, text = found
    kw = render_kwargs(api)
    ids = [c[0] for c in CALLS[:len(msg["tool_calls"])]]
    bound = not exact(template, text, history(msg, ids), kw)
    if bound:   # (under this API's switches: a template may be bound only with its thinking on)
        assert name in BOUND, f"{name} cannot be exact: it belongs in BOUND, with its reason"
        pytest.xfail(BOUND[name])
    if name in UNREAD:
        pytest.xfail(UNREAD[name])
    base = proxies(name)
    failed = []
    for stream in (False, True):
        for keep in (True, False):
            sent = through_proxy(base, upstream, api, text, stream, keep)
            if not exact(template, text, sent, kw):
                failed.append((stream, keep, [m for m in sent if m["role"] == "assistant"]))
    assert not failed, f"{text!r}: {failed}"[:1500]


@pytest.mark.skipif(not TEMPLATES, reason="the llama-cpp-python sdist could not be downloaded")
def test_most_templates_are_exact():
    """Issue 32's measure: at least 45 of the templates that write calls keep the model's text
    exactly in the agent loop (22 did before the replay memory): the lists above stay short."""
    exact_ones = set(WRITERS) - set(BOUND) - set(UNREAD)
    assert len(exact_ones) >= 45, sorted(set(WRITERS) - exact_ones)
