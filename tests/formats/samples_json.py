"""The JSON-bodied families (docs/syntax.md#json-behind-markers).

`FAMILIES` says how each family writes a list of calls (from the documented syntax), for the
common tests in test_json_common.py; `SAMPLES` and `NEAR_MISSES` feed the property tests.
"""
import json
from dataclasses import dataclass
from typing import Callable


def j(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def obj(name, args, args_key="arguments"):
    return j({"name": name, args_key: args})


@dataclass
class Family:
    name: str
    render: Callable          # [(name, args), …] -> the model's text for those calls
    quoted: str               # a closing marker of the family, to quote inside a string argument
    before: bool = True       # may prose come before the calls?
    after: bool = True        # may prose come after them?


def _each(fmt, sep="\n"):
    return lambda calls: sep.join(fmt(n, a) for n, a in calls)


def _ds_v3(n, a):
    return f"<｜tool▁call▁begin｜>function<｜tool▁sep｜>{n}\n```json\n{j(a)}\n```<｜tool▁call▁end｜>"


def _ds_v31(n, a):
    return f"<｜tool▁call▁begin｜>{n}<｜tool▁sep｜>{j(a)}<｜tool▁call▁end｜>"


def _kimi(calls):
    body = "".join(f"<|tool_call_begin|>functions.{n}:{i}<|tool_call_argument_begin|>{j(a)}<|tool_call_end|>"
                   for i, (n, a) in enumerate(calls))
    return f"<|tool_calls_section_begin|>{body}<|tool_calls_section_end|>"


def _list(calls, key="arguments"):
    return "[" + ", ".join(obj(n, a, key) for n, a in calls) + "]"


FAMILIES = [
    Family("tool_call_tag", _each(lambda n, a: f"<tool_call>\n{obj(n, a)}\n</tool_call>"), "</tool_call>"),
    Family("tools_tag", _each(lambda n, a: f"<tools>{obj(n, a)}</tools>"), "</tools>"),
    # (a fence followed by prose quotes an example: a call only where the turn ends with it)
    Family("fenced_json", lambda calls: "```json\n" + (obj(*calls[0]) if len(calls) == 1 else _list(calls)) + "\n```",
           "\n```\n", after=False),
    Family("bracket_tool_calls", _each(lambda n, a: f"[TOOL_CALLS]{n}[ARGS]{j(a)}", sep=""), "]} [TOOL_CALLS]"),
    Family("bare_json", lambda calls: obj(*calls[0]) if len(calls) == 1 else _list(calls), '"}]', before=False),
    Family("deepseek_v3", lambda calls: "<｜tool▁calls▁begin｜>" + "\n".join(_ds_v3(n, a) for n, a in calls)
           + "<｜tool▁calls▁end｜>", "```<｜tool▁call▁end｜><｜tool▁calls▁end｜>"),
    Family("deepseek_v31", lambda calls: "<｜tool▁calls▁begin｜>" + "".join(_ds_v31(n, a) for n, a in calls)
           + "<｜tool▁calls▁end｜>", "<｜tool▁call▁end｜><｜tool▁calls▁end｜>"),
    Family("kimi_k2", _kimi, "<|tool_call_end|><|tool_calls_section_end|>"),
    Family("llama3_json", lambda calls: "<|python_tag|>" + "; ".join(obj(n, a, "parameters") for n, a in calls),
           '"}; {"name": "x"}<|eom_id|>'),
    Family("granite", lambda calls: "<|tool_call|>" + _list(calls), '"}]'),
    Family("granite_20b", _each(lambda n, a: f"<function_call> {obj(n, a)}"), "}\n<function_call> {"),
    Family("functools", lambda calls: "functools" + _list(calls), "}]"),
    Family("tool_calls_array", lambda calls: "<tool_calls>" + _list(calls) + "</tool_calls>", "}]</tool_calls>"),
    Family("internlm", _each(lambda n, a: f"<|action_start|><|plugin|>\n{obj(n, a, 'parameters')}<|action_end|>"),
           "<|action_end|>"),
    Family("command_r", lambda calls: "<|START_ACTION|>[" + ", ".join(
        j({"tool_call_id": str(i), "tool_name": n, "parameters": a}) for i, (n, a) in enumerate(calls))
        + "]<|END_ACTION|>", "}]<|END_ACTION|>"),
    Family("gigachat", _each(lambda n, a: f"<|message_sep|>\n\nfunction call<|role_sep|>\n{obj(n, a)}", sep=""),
           "</s><|message_sep|>"),
    Family("apertus", lambda calls: "<|tools_prefix|>[" + ", ".join(j({n: a}) for n, a in calls) + "]<|tools_suffix|>",
           "}]<|tools_suffix|>"),
    Family("functionary", _each(lambda n, a: f"<function={n}>{j(a)}</function>"), "</function>\n<function=f>{"),
]


def family(name: str) -> Family:
    """The family called `name` (by name, never by position: families are added mid-list)."""
    return next(f for f in FAMILIES if f.name == name)


SAMPLES = [
    ("tool_call_tag", '<tool_call>[{"name": "run", "arguments": {"n": 1}}, {"name": "get_weather", "arguments": "{\\"city\\": \\"Oslo\\"}"}]</tool_call>',
     [("run", {"n": 1}), ("get_weather", {"city": "Oslo"})]),
    ("tool_call_tag", '<longcat_tool_call>{"name": "run", "arguments": {}}</longcat_tool_call>', [("run", {})]),
    ("bracket_tool_calls", '[TOOL_CALLS]run[CALL_ID]a1B2c3D4e[ARGS]{"cmd": "ls ]"}', [("run", {"cmd": "ls ]"})]),
    ("bracket_tool_calls", '[TOOL_CALLS] [{"name": "run", "arguments": {"n": 2}, "id": "a1B2c3D4e"}]', [("run", {"n": 2})]),
    ("deepseek_v3", family("deepseek_v3").render([("check_stock", {"sku": "KX-88"}), ("run", {})]),
     [("check_stock", {"sku": "KX-88"}), ("run", {})]),
    ("deepseek_v31", family("deepseek_v31").render([("lookup_flight", {"code": "FI615"})]), [("lookup_flight", {"code": "FI615"})]),
    ("deepseek_v31", '<|tool_calls_begin|><|tool_call_begin|>run<|tool_sep|>{"a": "日本"}<|tool_call_end|><|tool_calls_end|>',
     [("run", {"a": "日本"})]),
    ("kimi_k2", _kimi([("mute_channel", {"channel": "ops-pager"}), ("get_weather", {})]),
     [("mute_channel", {"channel": "ops-pager"}), ("get_weather", {})]),
    ("llama3_json", '<|python_tag|>{"name": "check_stock", "parameters": {"sku": "a;b"}}; {"name": "run", "parameters": {}}',
     [("check_stock", {"sku": "a;b"}), ("run", {})]),
    ("llama3_json", '<|python_tag|>brave_search.call(query="Reykjavík weather")<|eom_id|>',
     [("brave_search", {"query": "Reykjavík weather"})]),
    ("granite", '<|tool_call|>[{"name": "resize_image", "arguments": {"id": "img-7", "width": 640}}]',
     [("resize_image", {"id": "img-7", "width": 640})]),
    ("granite_20b", '<function_call> {"name": "search_notes", "arguments": {"tag": "kelp"}}',
     [("search_notes", {"tag": "kelp"})]),
    ("functools", 'functools[{"name": "lookup_flight", "arguments": {"code": "FI615"}}, {"name": "run", "arguments": {"l": [1]}}]',
     [("lookup_flight", {"code": "FI615"}), ("run", {"l": [1]})]),
    ("tool_calls_array", '<tool_calls>[{"name": "track_parcel", "arguments": {"code": "ZX4471"}}]</tool_calls>',
     [("track_parcel", {"code": "ZX4471"})]),
    ("tool_calls_array", '<tool_calls>\n{"name": "run", "arguments": {}}\n{"name": "get_weather", "arguments": {"c": 1}}\n</tool_calls>',
     [("run", {}), ("get_weather", {"c": 1})]),
    ("tool_calls_array", '<TOOLCALL>[{"name": "run", "arguments": {"x": "</TOOLCALL>"}}]</TOOLCALL>',
     [("run", {"x": "</TOOLCALL>"})]),
    ("internlm", '<|action_start|><|plugin|>\n{"name": "search_notes", "parameters": {"tag": "fjord"}}<|action_end|>',
     [("search_notes", {"tag": "fjord"})]),
    ("command_r", '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "lookup_flight", "parameters": {"code": "FI615"}}]<|END_ACTION|>',
     [("lookup_flight", {"code": "FI615"})]),
    ("gigachat", '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "water_plants", "arguments": {"zone": "roof"}}',
     [("water_plants", {"zone": "roof"})]),
    ("apertus", '<|tools_prefix|>[{"toggle_lamp": {"room": "attic"}}, {"run": {}}]<|tools_suffix|>',
     [("toggle_lamp", {"room": "attic"}), ("run", {})]),
    ("functionary", '<function=get_weather>{"city": "Paris"}</function>', [("get_weather", {"city": "Paris"})]),
]

# Look like the start of these families' markup, but are not calls: they must come out as text.
NEAR_MISSES = [
    "<｜tool▁calls▁begin｜> is DeepSeek's token", "<|tool_calls_section_begin|>", "see functions.py",
    "functions.call:x", ">>> print(1)", "functools[1, 2]", "functools", "<function=", "<|python_tag",
    "function call me", "<|message_sep|>", "<tool_calls>none</tool_calls>", "<TOOLCALL>",
    "<|action_start|><|interpreter|>", "<|START_ACTION|>", "<|tools_prefix|>", "<function_call>s",
    "<|tool_call|>", "<|tool_call_begin|>",
]
