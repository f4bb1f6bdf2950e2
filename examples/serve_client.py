"""Ask `callsieve serve` for a tool call with the official openai SDK.

    callsieve serve &                 # embedded Gemma 3 270M (pip install 'callsieve[local]')
    python examples/serve_client.py   # or: python examples/serve_client.py http://127.0.0.1:8000/v1

The tiny embedded model does not call tools by itself, so this example uses llama.cpp's
`grammar` field to make it write a Hermes-style `<tool_call>` as plain text, which is what many
local models do; callsieve turns that text into `tool_calls`. Against a real model server
(`callsieve serve --upstream ...`) drop the grammar.
"""
import json
import sys

from openai import OpenAI

base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/v1"
client = OpenAI(base_url=base_url, api_key="unused")
tools = [{"type": "function", "function": {
    "name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]
grammar = r'''root ::= "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"" [A-Z] [a-z]+ "\"}}</tool_call>"'''

stream = client.chat.completions.create(
    model="gemma-3-270m", messages=[{"role": "user", "content": "What is the weather in Paris?"}],
    tools=tools, stream=True, max_tokens=64, temperature=0, extra_body={"grammar": grammar})
calls = {}
for chunk in stream:
    delta = chunk.choices[0].delta if chunk.choices else None
    for tc in (delta.tool_calls or []) if delta else []:
        call = calls.setdefault(tc.index, {"name": tc.function.name, "arguments": ""})
        call["arguments"] += tc.function.arguments or ""
    if delta and delta.content:
        print("content:", repr(delta.content))
    if chunk.choices and chunk.choices[0].finish_reason:
        print("finish_reason:", chunk.choices[0].finish_reason)
for index, call in sorted(calls.items()):
    print(f"tool call {index}: {call['name']}({json.loads(call['arguments'])})")
