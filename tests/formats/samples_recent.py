"""Samples of the families read from real outputs (MiniMax-M3, Solar Open, Muse, LongCat XML,
Inkling, Gemma 3 tool_code, the [TOOL_CALL] hash form) for the property tests."""

NS = "]<]minimax[>["
SAMPLES = [
    ("hyperclovax", ' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Paris"}}, '
                    '{"name": "run", "parameters": {"s": "-> tool/x"}}]',
     [("get_weather", {"city": "Paris"}), ("run", {"s": "-> tool/x"})]),
    ("minimax_m3", f'{NS}<tool_call>\n{NS}<invoke name="get_weather">{NS}<city>Paris{NS}</city>{NS}<days>4{NS}</days>'
                   f'{NS}</invoke>\n{NS}<invoke name="run">{NS}<code>x = "</code>"{NS}</code>{NS}</invoke>\n{NS}</tool_call>',
     [("get_weather", {"city": "Paris", "days": 4}), ("run", {"code": 'x = "</code>"'})]),
    ("solar_open", '<|tool_calls|><|tool_call:begin|>c1<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Paris"}'
                   '<|tool_call:end|><|tool_call:begin|>c2<|tool_call:name|>run<|tool_call:args|>{"s": "<|calls|>"}'
                   '<|tool_call:end|><|calls|>',
     [("get_weather", {"city": "Paris"}), ("run", {"s": "<|calls|>"})]),
    ("muse", '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Paris</atem:parameter>\n'
             '</atem:invoke>\n</atem:function_calls>', [("get_weather", {"city": "Paris"})]),
    ("longcat_xml", "<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n"
                    "<longcat_arg_value>Paris</longcat_arg_value>\n</longcat_tool_call>", [("get_weather", {"city": "Paris"})]),
    # (without its <|end_message|>, as servers that keep only the invoke marker leave it: the end
    # token is a thinking closer, dropped even where a fence quotes the call)
    ("inkling", '<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"city": "Paris"}}',
     [("get_weather", {"city": "Paris"})]),
    ("tool_code", '```tool_code\nget_weather(city="Paris")\nrun(s="```")\n```',
     [("get_weather", {"city": "Paris"}), ("run", {"s": "```"})]),
    ("tool_call_hash", '[TOOL_CALL]\n{tool => "get_weather", args => {\n  --city "Paris"\n  --days 4\n}}\n[/TOOL_CALL]',
     [("get_weather", {"city": "Paris", "days": 4})]),
]

NEAR_MISSES = ["]<]minimax[>[", "<|tool_call:", "to=user", "<atem:", "\n```tool_code\nx = 1\n```\n", "[TOOL_CALL] is a tag",
               "<|content_", "<longcat_arg"]
