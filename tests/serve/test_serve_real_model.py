"""Through callsieve to a real llama.cpp server (llama-cpp-python, Gemma 3 270M) with the openai SDK.

llama.cpp's `grammar` request field forces the model to write real markup, token by token with
the real tokenizer's boundaries; the SDK must see clean tool_calls and reasoning_content, and
the streamed and non-streamed answers must agree.
"""
from __future__ import annotations

import json
import re

import pytest
from serve_helpers import calls_of

TOOLS = [{"type": "function", "function": {
    "name": "get_weather", "description": "Current weather in a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
PARIS = [("get_weather", {"city": "Paris"})]
MARKUP = re.compile(r"tool_call|TOOL_CALLS|<\|?\w|```|</?think|<function|<parameter|\{")


def lit(text: str) -> str:
    """A GBNF string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def forced(text: str) -> str:
    return "root ::= " + lit(text)


CASES = {
    "tool_call_tag": (forced('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'),
                      "", "", PARIS),
    "fenced_json": (forced('Calling it.\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```'),
                    "Calling it.", "", PARIS),
    "bracket_tool_calls": (forced('[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'),
                           "", "", PARIS),
    "gemma_special": (forced('<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>'), "", "", PARIS),
    "qwen3_coder_xml": (forced("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n"
                               "</function>\n</tool_call>"), "", "", PARIS),
    "think_then_call": (forced('<think>The user wants the weather in Paris.</think>\n<tool_call>{"name": '
                               '"get_weather", "arguments": {"city": "Paris"}}</tool_call>'),
                        "", "The user wants the weather in Paris.", PARIS),
    "two_calls_in_one_array": (forced('[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}, '
                                      '{"name": "get_weather", "arguments": {"city": "Rome"}}]'),
                               "", "", PARIS + [("get_weather", {"city": "Rome"})]),
    "think_then_prose": (forced("<think>Just greet.</think>Hello there!"), "Hello there!", "Just greet.", []),
}


def request(grammar: str) -> dict:
    return dict(model="gemma-3-270m-it", messages=[{"role": "user", "content": "What is the weather in Paris?"}],
                tools=TOOLS, max_tokens=160, temperature=0, seed=7, extra_body={"grammar": grammar})


def reasoning_of(obj) -> str:
    extra = getattr(obj, "model_extra", None) or {}
    return getattr(obj, "reasoning_content", None) or extra.get("reasoning_content") or ""


def run_stream(client, grammar):
    content, reasoning, calls, finish = "", "", {}, None
    for ev in client.chat.completions.create(stream=True, **request(grammar)):
        if not ev.choices:
            continue
        d = ev.choices[0].delta
        content += d.content or ""
        reasoning += reasoning_of(d)
        for tc in d.tool_calls or []:
            c = calls.setdefault(tc.index, {"name": "", "arguments": ""})
            c["name"] += (tc.function.name or "") if tc.function else ""
            c["arguments"] += (tc.function.arguments or "") if tc.function else ""
        finish = ev.choices[0].finish_reason or finish
    return content, reasoning, [calls[i] for i in sorted(calls)], finish


@pytest.mark.parametrize("case", list(CASES))
def test_sdk_sees_clean_calls_streamed_and_not(real_proxy, openai_client, case):
    grammar, want_content, want_reasoning, want_calls = CASES[case]
    client = openai_client(real_proxy)

    whole = client.chat.completions.create(**request(grammar))
    msg = whole.choices[0].message
    assert calls_of([tc.model_dump() for tc in msg.tool_calls or []]) == want_calls
    assert (msg.content or "").strip() == want_content
    assert reasoning_of(msg).strip() == want_reasoning
    assert whole.choices[0].finish_reason == ("tool_calls" if want_calls else "stop")

    content, reasoning, calls, finish = run_stream(client, grammar)
    assert calls_of(calls) == want_calls
    assert content.strip() == want_content and not MARKUP.search(content)
    assert reasoning.strip() == want_reasoning
    assert finish == whole.choices[0].finish_reason
    assert (content, reasoning) == (msg.content or "", reasoning_of(msg)), "streamed == non-streamed"


@pytest.mark.parametrize("case", ["tool_call_tag", "gemma_special", "think_then_call"])
def test_sdk_stream_helper(real_proxy, openai_client, case):
    grammar, want_content, want_reasoning, want_calls = CASES[case]
    client = openai_client(real_proxy)
    body = request(grammar)
    done_args = []
    with client.chat.completions.stream(**body) as stream:
        for event in stream:
            if event.type == "tool_calls.function.arguments.done":
                done_args.append((event.name, event.parsed_arguments or json.loads(event.arguments)))
        final = stream.get_final_completion()
    msg = final.choices[0].message
    assert done_args == want_calls
    assert calls_of([tc.model_dump() for tc in msg.tool_calls or []]) == want_calls
    assert (msg.content or "").strip() == want_content
    assert reasoning_of(msg).strip() == want_reasoning


def test_free_argument_value_agrees_streamed_and_not(real_proxy, openai_client):
    """The model picks the city itself (greedy): both paths must report the same call."""
    grammar = ('root ::= "<tool_call>{\\"name\\": \\"get_weather\\", \\"arguments\\": {\\"city\\": \\"" '
               'city "\\"}}</tool_call>"\ncity ::= [A-Z] [a-z]+')
    client = openai_client(real_proxy)
    whole = client.chat.completions.create(**request(grammar)).choices[0].message
    content, _, calls, finish = run_stream(client, grammar)
    got = calls_of([tc.model_dump() for tc in whole.tool_calls or []])
    assert len(got) == 1 and got[0][0] == "get_weather" and re.fullmatch(r"[A-Z][a-z]+", got[0][1]["city"])
    assert calls_of(calls) == got and finish == "tool_calls" and not MARKUP.search(content)


def test_plain_answer_passes_through(real_proxy, openai_client):
    client = openai_client(real_proxy)
    body = request(forced("Paris is sunny today."))
    body.pop("tools")
    msg = client.chat.completions.create(**body).choices[0].message
    assert msg.content == "Paris is sunny today." and not msg.tool_calls
    content, reasoning, calls, finish = run_stream(client, body["extra_body"]["grammar"])
    assert content == "Paris is sunny today." and calls == [] and finish == "stop"
