"""A checkpoint's `response_template` (transformers' declarative output format) read as a streaming
format: `Sieve(response_template=...)` (docs/library.md#response-template).

The templates below are written in the documented shape (`fields.tool_calls` with `open` or
`open_pattern`, `close`, `content`, `content_args`, `transform`) for the output formats of
Qwen3-Coder (XML parameters), gpt-oss (the name in the opener, JSON arguments), Hermes-style
JSON in `<tool_call>`, and Cohere (a list whose keys the transform names)."""
import json

import pytest

from callsieve import Sieve, ToolCallArgs, ToolCallStart, parse
from helpers import check, split, tools

T = tools("get_weather", "lookup")

QWEN3 = {"fields": {
    "thinking": {"open": "<think>", "close": "</think>", "content": "text"},
    "tool_calls": {"open_pattern": r"<tool_call>\s*<function=(?P<name>\w+)>", "close": "</tool_call>",
                   "repeats": True, "content": "xml-inline",
                   "content_args": {"tag_pattern": r"<parameter=(?P<key>\w+)>\s*(?P<value>.*?)\s*</parameter>"},
                   "transform": {"type": "function", "function": {"name": "{name}", "arguments": "{content}"}}}}}
GPT_OSS = {"fields": {"tool_calls": {
    "open_pattern": r"<\|channel\|>commentary to=functions\.(?P<name>\w+).*?<\|message\|>", "close": "<|call|>",
    "repeats": True, "content": "json",
    "transform": {"type": "function", "function": {"name": "{name}", "arguments": "{content}"}}}}}
HERMES = {"fields": {"tool_calls": {"open": "<tool_call>", "close": "</tool_call>", "repeats": True,
                                    "content": "json", "transform": {"type": "function", "function": "{content}"}}}}
COHERE = {"fields": {"tool_calls": {
    "open": "<|START_ACTION|>", "close": "<|END_ACTION|>", "content": "json", "transform_each": True,
    "transform": {"type": "function", "function": {"name": "{tool_name}", "arguments": "{parameters}"}}}}}

CASES = [
    (QWEN3, "Checking.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis, France\n</parameter>\n"
            "<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Paris, France", "days": 3})], "Checking."),
    (GPT_OSS, '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris, France"}<|call|>',
     [("get_weather", {"city": "Paris, France"})], ""),
    (HERMES, '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris, France"}}\n</tool_call>\n'
             '<tool_call>\n{"name": "lookup", "arguments": {}}\n</tool_call>',
     [("get_weather", {"city": "Paris, France"}), ("lookup", {})], ""),
    (COHERE, '<|START_ACTION|>[\n {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris, France"}}\n]'
             '<|END_ACTION|>', [("get_weather", {"city": "Paris, France"})], ""),
]


@pytest.mark.parametrize("template,text,calls,content", CASES, ids=["qwen3", "gpt_oss", "hermes", "cohere"])
def test_a_response_template_reads_its_calls_in_any_chunking(template, text, calls, content):
    check(text, tools=T, response_template=template, calls=calls, content=content)


@pytest.mark.parametrize("template,text,calls,content", CASES, ids=["qwen3", "gpt_oss", "hermes", "cohere"])
def test_the_name_comes_first_then_the_arguments_as_deltas(template, text, calls, content):
    # (transformers and vLLM deliver a call whole when its region closes)
    # (thinking said off: after prose, a turn that does not say it holds a call whole until the
    # turn ends, for the prompt may have opened thinking: docs/reasoning.md)
    s = Sieve(tools=T, response_template=template, thinking=False)
    evs = [e for c in split(text, [1]) for e in s.feed(c)] + s.close()
    first = [e for e in evs if isinstance(e, (ToolCallStart, ToolCallArgs))]
    assert isinstance(first[0], ToolCallStart) and first[0].name == calls[0][0]
    deltas = [e.delta for e in evs if isinstance(e, ToolCallArgs) and e.index == 0]
    assert len(deltas) > 2 and json.loads("".join(deltas)) == calls[0][1]


def test_an_undeclared_tool_stays_text():
    text = '<tool_call>\n{"name": "rm_rf", "arguments": {}}\n</tool_call>'
    m = parse(text, tools=T, response_template=HERMES)
    assert m.content == text and not m.tool_calls


@pytest.mark.parametrize("field,why", [
    ({"open": "<x>", "content": "json"}, "close"),
    ({"open_pattern": r"\s*<x>", "close": "</x>", "content": "json"}, "literal"),
    ({"open": "<x>", "close": "</x>", "content": "json", "content_args": {"unquoted_keys": True},
      "transform": {"function": "{content}"}}, "content_args"),
    ({"open": "<x>", "close": "</x>", "content": "yaml"}, "content"),
])
def test_what_no_part_reads_is_refused_not_misread(field, why):
    with pytest.raises(ValueError, match=why):
        Sieve(response_template={"fields": {"tool_calls": field}})


def test_a_format_and_a_response_template_are_not_both_given():
    with pytest.raises(ValueError, match="not both"):
        Sieve(format="hermes", response_template=HERMES)
