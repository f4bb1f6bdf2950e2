"""<tool_calls>[…]</tool_calls> (Jamba, Hunyuan-A13B, Apriel), MiniMax-M1 lines, Nemotron V2
<TOOLCALL> (docs/syntax.md#tool_calls_array)."""
from callsieve import formats, parse
from helpers import check, tools


def test_documented_list_with_prose_before():
    m = check('Tracking it.\n<tool_calls>[{"name": "track_parcel", "arguments": {"code": "ZX4471"}}]</tool_calls>',
              content="Tracking it.", calls=[("track_parcel", {"code": "ZX4471"})])
    assert m.format == "tool_calls_array"


def test_minimax_m1_one_object_per_line():
    check('<tool_calls>\n{"name": "a", "arguments": {"x": "}\\n{"}}\n{"name": "b", "arguments": {}}\n</tool_calls>',
          calls=[("a", {"x": "}\n{"}), ("b", {})])


def test_nemotron_v2_spelling():
    check('<think>Plan.</think><TOOLCALL>[{"name": "a", "arguments": {"s": "</TOOLCALL>"}}]</TOOLCALL>',
          reasoning="Plan.", calls=[("a", {"s": "</TOOLCALL>"})])


def test_hunyuan_inside_answer_after_thinking_and_no_answer_tag_leaks():
    text = ('<think>Look it up.</think>\n<answer>On it.<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>'
            '</answer>')
    m = check(text, reasoning="Look it up.", calls=[("f", {})])
    assert "answer>" not in m.content and m.content.strip() == "On it."


def test_one_s_apart_and_hy_v3_bodies_are_not_this_format():
    assert parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>').format == "tool_call_tag"
    text = "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call></tool_calls>"
    assert parse(text).format != "tool_calls_array"
    check("<tool_calls> are listed", content="<tool_calls> are listed", calls=[])


def test_model_names():
    for model in ("ai21labs/AI21-Jamba-1.5-Mini", "tencent/Hunyuan-A13B-Instruct", "ServiceNow-AI/Apriel-1.5-15b-Thinker",
                  "MiniMax-M1-80k", "nvidia/NVIDIA-Nemotron-Nano-9B-v2"):
        assert formats.for_model(model) == "tool_calls_array", model


def test_typographic_quotes_only_for_a_whole_object_naming_a_declared_tool():
    # Apriel writes “ ” for the JSON's quotes (vllm's apriel parser); made-up variants: a
    # <tool_call> block, an ASCII quote inside a value, nested arguments
    T = tools("get_weather", "note")
    check("<tool_calls>[{“name”: “get_weather”, “arguments”: {“city”: “Paris”}}]</tool_calls>", tools=T,
          content="", calls=[("get_weather", {"city": "Paris"})])
    check("<tool_call>{“name”: “note”, “arguments”: {“text”: “say \"hi\"”, “tags”: [“a”, 1, true]}}</tool_call>",
          tools=T, calls=[("note", {"text": 'say "hi"', "tags": ["a", 1, True]})])
    # undeclared, no tools, mixed quotes, a “ inside a string, not a call: no call, the text kept
    for text, kw in (("<tool_calls>[{“name”: “rm”, “arguments”: {}}]</tool_calls>", {"tools": T}),
                     ("<tool_calls>[{“name”: “get_weather”, “arguments”: {}}]</tool_calls>", {}),
                     ("<tool_calls>[{“name”: \"get_weather\", “arguments”: {}}]</tool_calls>", {"tools": T}),
                     ("<tool_calls>[{“name”: “note”, “arguments”: {“text”: “a “b” c”}}]</tool_calls>", {"tools": T}),
                     ("<tool_calls>[{“answer”: “42”}]</tool_calls>", {"tools": T})):
        m = check(text, **kw)
        assert not m.tool_calls and not m.incomplete and m.content == text, (text, m)
