"""Samples of every format for the property tests: (format, text, expected calls).

Each format's tests add its documented syntax here; the hypothesis tests mix them with prose
and near-miss markers and check chunking invariance and the every-character-once invariant.
"""
SAMPLES = [
    ("tool_call_tag", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
     [("get_weather", {"city": "Paris"})]),
    ("tool_call_tag", '<tool_call>{"name": "run", "arguments": {"code": "print(\'</tool_call>\')"}}</tool_call>',
     [("run", {"code": "print('</tool_call>')"})]),
    ("tools_tag", '<tools>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tools>',
     [("get_weather", {"city": "Oslo"})]),
    ("gemma_special", '<|tool_call>call:book_table{name:<|"|>Ana "Bea" Ruiz<|"|>,party:4,terrace:true}<tool_call|>',
     [("book_table", {"name": 'Ana "Bea" Ruiz', "party": 4, "terrace": True})]),
    ("fenced_json", '```json\n{"name": "list_files", "arguments": {"dir": "/srv"}}\n```',
     [("list_files", {"dir": "/srv"})]),
    ("bracket_tool_calls", '[TOOL_CALLS]schedule[ARGS]{"day": "Fri", "who": ["ops", "qa"]}',
     [("schedule", {"day": "Fri", "who": ["ops", "qa"]})]),
    ("bracket_tool_calls", '[TOOL_CALLS] [{"name": "run", "arguments": {"n": [1, [2]]}}, {"name": "get_weather", "arguments": {}}]',
     [("run", {"n": [1, [2]]}), ("get_weather", {})]),
    # several calls in one block, so that an odd value spliced into the first tests the next
    ("pythonic", '<|python_start|>[get_weather(city="Paris"), run(n=4, s=")]")]<|python_end|>',
     [("get_weather", {"city": "Paris"}), ("run", {"n": 4, "s": ")]"})]),
    ("pythonic", '<function_calls>\nget_weather(city="Paris")\nrun(n=4)\n</function_calls>',
     [("get_weather", {"city": "Paris"}), ("run", {"n": 4})]),
    ("bracket_tool_calls", '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris", "d": [4]}}, '
     '{"name": "run", "arguments": {"s": "}]"}}]',
     [("get_weather", {"city": "Paris", "d": [4]}), ("run", {"s": "}]"})]),
    ("kimi_k2", '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>'
     '{"city": "Paris", "n": 4}<|tool_call_end|><|tool_call_begin|>functions.run:1<|tool_call_argument_begin|>'
     '{}<|tool_call_end|><|tool_calls_section_end|>',
     [("get_weather", {"city": "Paris", "n": 4}), ("run", {})]),
]

# Text that looks like the start of markup but is not: it must come out as text, byte for byte.
NEAR_MISSES = [
    "<tool_result>ok</tool_result>", "<tools do not", "[not a call]", "<tool_", "<|tool", "``` code ```",
    "{x: 1}", "[TOOL", "<think", "a < b > c", "[1, 2]", "`<tool_call>` is a tag", "\n```python\nx = 1\n```\n",
]


def _collect():
    """Each family group adds `SAMPLES` (and optionally `NEAR_MISSES`) in tests/formats/samples_*.py."""
    import importlib.util
    import pathlib
    for path in sorted((pathlib.Path(__file__).parent / "formats").glob("samples_*.py")):
        spec = importlib.util.spec_from_file_location(f"_samples_{path.stem}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        SAMPLES.extend(getattr(mod, "SAMPLES", []))
        NEAR_MISSES.extend(getattr(mod, "NEAR_MISSES", []))


_collect()
