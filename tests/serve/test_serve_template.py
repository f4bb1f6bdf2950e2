"""The proxy reads each model's chat template from the upstream (llama.cpp's /props, Ollama's
/api/show) at start-up and on a model swap, so a first turn whose prompt opened thinking has its
reasoning in `reasoning_content`."""
from __future__ import annotations

import httpx
from conftest import UP_MODEL, ServerThread, chunk, completion
from serve_helpers import fold, sse_events_of

from callsieve.serve.app import Config, create_app

# DeepSeek-R1's generation prompt (excerpt): it always ends inside <think>.
R1 = "{% if add_generation_prompt and not ns.is_tool %}{{'<｜Assistant｜><think>\\n'}}{% endif %}"
# Qwen3.5's (excerpt): thinking on unless the request turns it off.
QWEN35 = ("{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}"
          "{%- if enable_thinking is defined and enable_thinking is false %}{{- '<think>\\n\\n</think>\\n\\n' }}"
          "{%- else %}{{- '<think>\\n' }}{%- endif %}{%- endif %}")
# Ollama's Go template for a thinking model (excerpt).
OLLAMA = ('{{- range $i, $_ := .Messages }}{{- $last := eq (len (slice $.Messages $i)) 1 -}}'
          '{{- if and (ne .Role "assistant") $last }}<|im_start|>assistant\n<think>\n{{ end }}{{- end }}')
OUTPUT = ["The user wants ", "the sum.</th", "ink>\n\nIt is 4."]


def first_turn(base: str, model: str, **body) -> dict:
    msgs = [{"role": "user", "content": "2 + 2?"}]
    r = httpx.post(base + "/chat/completions", json={"model": model, "messages": msgs, "stream": True, **body},
                   timeout=30)
    assert r.status_code == 200, r.text
    return fold(sse_events_of(r.text))


def script(upstream) -> None:
    upstream.stream([chunk(role="assistant", content="")] + [chunk(p) for p in OUTPUT] + [chunk(finish="stop")])


def fresh_proxy(upstream):
    """A proxy started now, so that its start-up sees the upstream's template."""
    return ServerThread(create_app(Config(upstream=upstream.url))).start()


def test_llama_cpp_template_read_at_start_up(upstream):
    upstream.templates["/props"] = {"chat_template": R1, "default_generation_settings": {}}
    srv = fresh_proxy(upstream)
    try:
        assert [q["path"] for q in upstream.requests][:2] == ["/v1/models", "/props"]
        script(upstream)
        out = first_turn(f"http://127.0.0.1:{srv.port}/v1", UP_MODEL)
        assert (out["reasoning_content"], out["content"]) == ("The user wants the sum.", "It is 4.")
    finally:
        srv.stop()


def test_template_under_default_generation_settings_and_thinking_off_by_the_request(upstream):
    upstream.templates["/props"] = {"default_generation_settings": {"chat_template": QWEN35}}
    srv = fresh_proxy(upstream)
    try:
        base = f"http://127.0.0.1:{srv.port}/v1"
        script(upstream)
        assert first_turn(base, UP_MODEL)["reasoning_content"] == "The user wants the sum."
        upstream.stream([chunk(role="assistant", content=""), chunk("It is 4."), chunk(finish="stop")])
        out = first_turn(base, UP_MODEL, chat_template_kwargs={"enable_thinking": False})
        assert (out["reasoning_content"], out["content"]) == ("", "It is 4.")
    finally:
        srv.stop()


def test_ollama_template_read_when_a_request_names_a_new_model(proxy, upstream, make_proxy):
    upstream.templates["/api/show"] = {"template": OLLAMA, "details": {"family": "qwen3"}}
    # a model pulled after the proxy started: the name its list lacks makes it read the list again
    upstream.models = {"object": "list", "data": [{"id": UP_MODEL}, {"id": "thinker-swap:8b"}]}
    make_proxy.apps[proxy].state.proxy.catalogue.lists.clear()   # (the list is read again)
    try:
        script(upstream)
        out = first_turn(proxy, "thinker-swap:8b")
        assert (out["reasoning_content"], out["content"]) == ("The user wants the sum.", "It is 4.")

        def shows():   # the proxy's own start-up (this may be its first test) asks for its upstream's model
            return [q for q in upstream.requests if q["path"] == "/api/show" and q["json"] != {"model": UP_MODEL}]
        assert [q["json"] for q in shows()] == [{"model": "thinker-swap:8b"}]
        script(upstream)
        first_turn(proxy, "thinker-swap:8b")   # asked once per model, not per request
        assert len(shows()) == 1
    finally:
        upstream.models = {"object": "list", "data": [{"id": UP_MODEL, "object": "model", "owned_by": "test"}]}


def test_no_template_endpoint_keeps_the_old_behaviour(proxy, upstream):
    script(upstream)
    out = first_turn(proxy, "plain-swap-model")
    assert out["content"] == "The user wants the sum.It is 4."   # nothing said the prompt opened thinking
    assert out["reasoning_content"] == ""


def test_an_upstream_without_template_endpoints_is_not_asked_for_each_model(upstream):
    upstream.models = {"object": "list", "data": [{"id": f"cloud-model-{i}"} for i in range(5)]}
    try:
        srv = fresh_proxy(upstream)
        srv.stop()
    finally:
        upstream.models = {"object": "list", "data": [{"id": UP_MODEL, "object": "model", "owned_by": "test"}]}
    assert [q["path"] for q in upstream.requests] == ["/v1/models", "/props", "/api/show"]


def test_the_session_cache_keeps_only_served_models_and_is_bounded(upstream, make_proxy, monkeypatch):
    # Issue 22 item 6: a name the upstream does not serve is neither asked about nor kept, and
    # the models kept are at most SESSIONS_MAX (least recently used out first).
    from callsieve.serve import catalogue
    monkeypatch.setattr(catalogue, "RECHECK_S", 3600.0)            # (the list was just read)
    upstream.models = {"object": "list", "data": [{"id": f"m{i}"} for i in range(catalogue.SESSIONS_MAX + 8)]}
    try:
        base = make_proxy(upstream.url, upstream_api_key="cache-test")
        proxy = make_proxy.apps[base].state.proxy
        assert len(proxy.sessions) == catalogue.SESSIONS_MAX             # pre-seeded at start-up, bounded
        upstream.requests.clear()
        for i in range(20):
            upstream.reply(200, completion("hi"))
            r = httpx.post(base + "/chat/completions", json={"model": "x" * 200 + str(i), "messages": []})
            assert r.status_code == 200
        asked = [q["path"] for q in upstream.requests]
        assert "/props" not in asked and "/api/show" not in asked   # never asked about a name not served
        assert "/v1/models" not in asked                            # (re-read at most every catalogue.RECHECK_S)
        assert not any(k.startswith("xxx") for k in proxy.sessions) and len(proxy.sessions) == catalogue.SESSIONS_MAX
        for name in ("m70", "m71", "m0"):                          # served: kept, oldest out
            upstream.reply(200, completion("hi"))
            httpx.post(base + "/chat/completions", json={"model": name, "messages": []})
        assert list(proxy.sessions)[-3:] == ["m70", "m71", "m0"] and len(proxy.sessions) == catalogue.SESSIONS_MAX
        assert "m1" not in proxy.sessions and "m2" not in proxy.sessions
    finally:
        upstream.models = {"object": "list", "data": [{"id": UP_MODEL, "object": "model", "owned_by": "test"}]}
