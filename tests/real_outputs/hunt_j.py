"""Real-output cases of hunt (j), 2026-12-07: harvested after hunt i's fixes, as a check of them (issue 31).

Reports and parser tests no hunt had used, scored as they were harvested: Pangu's JSON list between
LFM-style tokens, IQuest Coder's typed Qwen3-Coder calls, an agent's `[Tool Call: …]` line.
"""
from __future__ import annotations

from .cases import case

# ---------------------------------------------------------------------------------------------
# openPangu: a JSON list between <|tool_call_start|> and <|tool_call_end|> (vLLM's pangu parser tests).
PG = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_pangu_tool_parser.py"
case("lfm2", PG, "prose with a trailing space, then a one-call JSON list",
     'I will call the tool now. <|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Boston"}}]'
     '<|tool_call_end|>', [("get_weather", {"city": "Boston"})], "I will call the tool now.", tools=["get_weather"])
case("lfm2", PG, "a call, then a line of text after it",
     '<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Seattle"}}]<|tool_call_end|>\nThank you!',
     [("get_weather", {"city": "Seattle"})], "Thank you!", tools=["get_weather"])
case("lfm2", PG, "two calls, nested objects, null, a boolean and a list",
     '<|tool_call_start|>[{"name": "get_weather", "arguments": {}}, {"name": "register_user", "arguments": {"name": '
     '"John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"}, "role": null, "passed_test": true, '
     '"aliases": ["John", "Johnny"]}}]<|tool_call_end|>',
     [("get_weather", {}), ("register_user", {"name": "John Doe", "age": 37, "address": {"city": "San Francisco",
                                                                                         "state": "CA"},
                                              "role": None, "passed_test": True, "aliases": ["John", "Johnny"]})],
     tools=["get_weather", "register_user"])
case("lfm2", PG, "newlines inside the tokens around the list",
     'some content\n<|tool_call_start|>\n[{"name": "device_control_a", "arguments": {}}]\n<|tool_call_end|>',
     [("device_control_a", {})], "some content", tools=["device_control_a"])

# ---------------------------------------------------------------------------------------------
# IQuest Coder: Qwen3-Coder's body, every parameter type (vLLM's iquest_coder parser tests).
IQC = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_iquest_coder_tool_parser.py"
case("qwen3_coder", IQC, "every parameter type, a string-typed `007` kept a string",
     "<tool_call>\n<function=do_it>\n<parameter=text>\nhello\n</parameter>\n<parameter=count>\n42\n</parameter>\n"
     "<parameter=ratio>\n3.14\n</parameter>\n<parameter=flag>\ntrue\n</parameter>\n<parameter=tags>\n[\"a\", \"b\"]\n"
     "</parameter>\n<parameter=opts>\n{\"k\": 1, \"nested\": [1, 2, 3]}\n</parameter>\n<parameter=numeric_str>\n007\n"
     "</parameter>\n</function>\n</tool_call>",
     [("do_it", {"text": "hello", "count": 42, "ratio": 3.14, "flag": True, "tags": ["a", "b"],
                 "opts": {"k": 1, "nested": [1, 2, 3]}, "numeric_str": "007"})],
     tools={"do_it": {"text": {"type": "string"}, "count": {"type": "integer"}, "ratio": {"type": "number"},
                      "flag": {"type": "boolean"}, "tags": {"type": "array"}, "opts": {"type": "object"},
                      "numeric_str": {"type": "string"}}})
case("qwen3_coder", IQC, "two parallel calls, the newline between them no content",
     "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=unit>\nfahrenheit\n"
     "</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nOrlando\n"
     "</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>",
     [("get_current_weather", {"city": "Dallas", "unit": "fahrenheit"}),
      ("get_current_weather", {"city": "Orlando", "unit": "celsius"})], tools=["get_current_weather"])
case("qwen3_coder", IQC, "a call cut off before </function>: never runnable",
     "<tool_call>\n<function=shell_command>\n<parameter=command>\napt-get upd", [], tools=["shell_command"],
     incomplete=[("shell_command", {"command": "apt-get upd"})])

# ---------------------------------------------------------------------------------------------
# Agent transcripts.
case("wrapped", "https://github.com/openclaw/openclaw/issues/989",
     "GLM-4.7 in an agent: `[Tool Call: NAME({json})]` after a line of prose",
     'Let me check the heartbeat file.\n[Tool Call: read_file({"path": "HEARTBEAT.md"})]',
     [("read_file", {"path": "HEARTBEAT.md"})], "Let me check the heartbeat file.", tools=["read_file", "exec"])
