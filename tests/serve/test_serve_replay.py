"""The replay memory (issue 32): a turn the proxy answered comes back with what the client dropped
(its reasoning, the arguments' text as the model wrote them), only to the key it was answered
to, bounded, off with --no-replay, and nothing after a restart."""
from __future__ import annotations

import httpx
from conftest import ServerThread, chunk, completion

from callsieve.serve.app import Config, create_app
from callsieve.serve.replay import Call, Memory, Said, as_written

TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}}}]
# what the model writes: its own spacing in the arguments, and thinking first
ARGS = '{"city":  "Paris" , "days":3}'
OUTPUT = "<think>\nThe user wants Paris.\n</think>\n\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": " + ARGS + "}\n</tool_call>"
USER = {"role": "user", "content": "Weather in Paris?"}


def ask(base: str, key: str, stream: bool = False) -> dict:
    r = httpx.post(base + "/chat/completions", headers={"authorization": f"Bearer {key}"}, timeout=30,
                   json={"model": "m", "messages": [USER], "tools": TOOLS, "stream": stream})
    assert r.status_code == 200, r.text
    return r.json()["choices"][0]["message"]


def send_back(base: str, upstream, key: str, msg: dict) -> dict:
    """The next request, the turn sent back as a client that drops reasoning does: what the
    upstream got for that turn."""
    msg = {k: v for k, v in msg.items() if k != "reasoning_content"}
    upstream.reply(200, completion("done"))
    r = httpx.post(base + "/chat/completions", headers={"authorization": f"Bearer {key}"}, timeout=30,
                   json={"model": "m", "tools": TOOLS, "messages": [USER, msg, {
                       "role": "tool", "tool_call_id": msg["tool_calls"][0]["id"], "content": "sunny"}]})
    assert r.status_code == 200, r.text
    return upstream.last["json"]["messages"][1]


def test_the_wire_arguments_are_the_models_text(make_proxy, upstream):
    upstream.reply(200, completion(OUTPUT))
    msg = ask(make_proxy(upstream.url), "k1")
    assert msg["tool_calls"][0]["function"]["arguments"] == ARGS
    assert msg["reasoning_content"] == "The user wants Paris."


def test_a_turn_comes_back_with_its_reasoning_and_the_models_arguments(make_proxy, upstream):
    base = make_proxy(upstream.url)
    upstream.stream([chunk(role="assistant", content="")] + [chunk(OUTPUT[i:i + 5]) for i in range(0, len(OUTPUT), 5)]
                    + [chunk(finish="stop")])
    r = httpx.post(base + "/chat/completions", headers={"authorization": "Bearer k1"}, timeout=30,
                   json={"model": "m", "messages": [USER], "tools": TOOLS, "stream": True})
    from callsieve.serve import chat
    from callsieve.serve.upstream_reader import sse_payloads
    msg = chat.fold(sse_payloads(r.content))["choices"][0]["message"]
    msg["tool_calls"][0]["function"]["arguments"] = '{"city": "Paris", "days": 3}'   # as a client re-writes it
    got = send_back(base, upstream, "k1", msg)
    assert got["reasoning_content"] == "The user wants Paris."
    assert got["tool_calls"][0]["function"]["arguments"] == ARGS


def test_never_across_keys_even_with_a_forged_id(make_proxy, upstream):
    base = make_proxy(upstream.url)
    upstream.reply(200, completion(OUTPUT))
    mine = ask(base, "alice")
    # another key sends the very turn back (its id, its content, its arguments): it gets nothing of alice's
    forged = {"role": "assistant", "content": None, "tool_calls": [
        {**mine["tool_calls"][0], "function": {"name": "get_weather", "arguments": '{"city": "Paris", "days": 3}'}}]}
    got = send_back(base, upstream, "mallory", forged)
    assert "reasoning_content" not in got
    assert got["tool_calls"][0]["function"]["arguments"] == '{"city": "Paris", "days": 3}'
    # alice does get it
    assert send_back(base, upstream, "alice", forged)["reasoning_content"] == "The user wants Paris."


def test_a_changed_turn_is_not_given_back(make_proxy, upstream):
    base = make_proxy(upstream.url)
    upstream.reply(200, completion(OUTPUT))
    mine = ask(base, "k2")
    other = {**mine, "tool_calls": [{**mine["tool_calls"][0], "function": {"name": "get_weather",
                                                                           "arguments": '{"city": "Rome"}'}}]}
    got = send_back(base, upstream, "k2", other)
    assert "reasoning_content" not in got and got["tool_calls"][0]["function"]["arguments"] == '{"city": "Rome"}'


def test_off_with_no_replay_and_nothing_after_a_restart(make_proxy, upstream):
    off = make_proxy(upstream.url, replay=False)
    upstream.reply(200, completion(OUTPUT))
    assert "reasoning_content" not in send_back(off, upstream, "k3", ask(off, "k3"))
    base = make_proxy(upstream.url)
    upstream.reply(200, completion(OUTPUT))
    msg = ask(base, "k3")
    fresh = ServerThread(create_app(Config(upstream=upstream.url))).start()   # the proxy, restarted
    try:
        got = send_back(f"http://127.0.0.1:{fresh.port}/v1", upstream, "k3", msg)
        assert "reasoning_content" not in got
        assert got["tool_calls"] == msg["tool_calls"]      # passed on as the client sent it
    finally:
        fresh.stop()


def said(n: int, size: int = 10) -> Said:
    return Said("x" * size, "x" * size, "r", (Call(f"id{n}", "f", "{}", "{}"),))


def test_the_memory_is_bounded_least_recently_used_out_first():
    mem = Memory(max_turns=2, max_bytes=10_000)
    mem.put("a", said(1))
    mem.put("a", said(2))
    assert mem.get("a", "id1") is not None        # used: id2 is now the oldest
    mem.put("a", said(3))
    assert mem.get("a", "id2") is None and mem.get("a", "id1") and mem.get("a", "id3")
    by_bytes = Memory(max_turns=100, max_bytes=3 * said(0, 200).size)
    for n in range(10):
        by_bytes.put("a", said(n, 200))
    assert len(by_bytes.turns) == 3 and by_bytes.bytes <= by_bytes.max_bytes
    assert [by_bytes.get("a", f"id{n}") is not None for n in range(10)] == [False] * 7 + [True] * 3
    assert len(by_bytes.keys) == 3                 # no key outlives its turn
    assert by_bytes.get("b", "id9") is None        # another credential sees none of them


def test_content_whitespace_less_the_templates_separator():
    raw = "Let me look.\n\n\n<tool_call>{}</tool_call>"
    assert as_written("Let me look.", "\n", raw) == "Let me look.\n\n"
    assert as_written("Let me look.", "", raw) == "Let me look.\n\n\n"
    assert as_written("Let me look.", None, raw) == "Let me look."      # the template unknown: as parsed
    assert as_written("Let me look.", "\n\n\n\n", raw) == "Let me look."  # not what the template writes


def test_every_thinking_switch_the_template_reads_counts_and_no_other():
    """Issue 32 §5: the switch is found by rendering the template with the request's variables:
    Hy3's `reasoning_effort` in chat_template_kwargs opens its thinking, a switch a template does
    not read (Qwen2.5 has none) changes nothing."""
    import pytest
    from templates_sdist import templates

    from callsieve import Session
    from callsieve.serve.options import prompt_thinking
    from callsieve.templates import seed_session
    found = templates()
    if "tencent-Hy3.jinja" not in found:
        pytest.skip("the llama-cpp-python sdist could not be downloaded")
    hy3 = seed_session(found["tencent-Hy3.jinja"], learn=False)
    assert prompt_thinking(hy3, {"chat_template_kwargs": {"reasoning_effort": "high"}}, None) is True
    assert prompt_thinking(hy3, {"chat_template_kwargs": {"reasoning_effort": "no_think"}}, None) in (False, None)
    qwen25 = seed_session(found["Qwen-Qwen2.5-7B-Instruct.jinja"], learn=False)
    assert prompt_thinking(qwen25, {"chat_template_kwargs": {"enable_thinking": True}}, True) is None
    # no template: what the request asked
    assert prompt_thinking(Session(), {"chat_template_kwargs": {"enable_thinking": True}}, True) is True


def test_bounds_and_isolation_hold_whatever_the_puts():
    """Property: whatever turns are put by whichever credentials (ids shared across them, sizes
    up to the bound), the memory stays within its bounds, keeps no key without its turn, and a
    credential only ever gets a turn it put."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    op = st.tuples(st.sampled_from(["a", "b", "c"]), st.lists(st.sampled_from(["i1", "i2", "i3", "i4"]), min_size=0,
                                                            max_size=2, unique=True), st.integers(0, 300))

    @settings(max_examples=60, deadline=None)
    @given(st.lists(op, max_size=30))
    def check(ops):
        mem = Memory(max_turns=3, max_bytes=1500)
        for cred, ids, size in ops:
            s = Said("x" * size, "x" * size, cred, tuple(Call(i, "f", "{}", "{}") for i in ids))
            mem.put(cred, s)
            assert len(mem.turns) <= 3 and mem.bytes <= 1500
            assert mem.bytes == sum(t.size for t in mem.turns.values())
            assert all(first in mem.turns for first in mem.keys.values())
            for (c, k), first in mem.keys.items():
                assert first[0] == c
            for c in "abc":
                for k in ("i1", "i2", "i3", "i4"):
                    got = mem.get(c, k)
                    assert got is None or got.reasoning == c
    check()


def test_the_separator_is_learnt_from_the_template():
    """Issue 32 §3: the whitespace a template writes itself between content and a call, found by
    rendering a probe turn: Qwen2.5's newline, Qwen3.5's blank line, none where the template
    drops a turn's content beside its calls (Hermes 2 Pro)."""
    import pytest
    from templates_sdist import templates

    from callsieve.templates.derive import call_separator
    found = templates()
    if not found:
        pytest.skip("the llama-cpp-python sdist could not be downloaded")
    assert call_separator(found["Qwen-Qwen2.5-7B-Instruct.jinja"]) == "\n"
    assert call_separator(found["Qwen3.5-4B.jinja"]) == "\n\n"
    assert call_separator(found["NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja"]) is None


def test_any_template_variables_a_request_sends_are_harmless(make_proxy, upstream):
    """The thinking switches are found by rendering the template with the request's variables:
    variables named like the render's own arguments, or of any type, cost nothing but that."""
    template = ("{%- for m in messages %}<|{{ m.role }}|>{{ m.content }}{%- endfor %}"
                "{%- if add_generation_prompt %}<|assistant|>{% if enable_thinking %}<think>\n{% endif %}{% endif %}")
    base = make_proxy(upstream.url, chat_template=template)
    for kwargs in ({"tools": 1, "messages": "x", "add_generation_prompt": [1]}, {"enable_thinking": {"a": [1]}},
                   {"enable_thinking": True}):
        upstream.reply(200, completion("Thought.</think>Answer."))
        r = httpx.post(base + "/chat/completions", timeout=30, json={
            "model": "m", "messages": [USER], "chat_template_kwargs": kwargs})
        assert r.status_code == 200, r.text
    assert r.json()["choices"][0]["message"]["reasoning_content"] == "Thought."   # the last: thinking opened
