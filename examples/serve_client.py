"""Ask `callsieve serve` for a tool call with the official openai SDK, printing it as it streams.

    setup/install.sh && callsieve serve &    # the embedded Gemma 3 270M (the openai SDK comes with it)
    python examples/serve_client.py          # or: python examples/serve_client.py http://127.0.0.1:8000/v1

The tiny embedded model does not call tools by itself, so this example uses llama.cpp's
`grammar` field to make it write a Hermes-style `<tool_call>` as plain text, which is what many
local models do; callsieve turns that text into `tool_calls`. Against a real model server
(`callsieve serve --upstream ...`) drop the grammar.

It asks for the call streamed (the header `X-Callsieve-Calls: stream`), to show its arguments
arriving piece by piece; without it, Chat Completions delivers each call whole, once its
arguments are complete and valid (`--calls whole`, the default).
"""
import json
import sys
import time

try:
    from openai import OpenAI
except ImportError:
    sys.exit("this example needs the openai SDK: pip install openai (setup/install.sh installs it)")

base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/v1"
client = OpenAI(base_url=base_url, api_key="unused")
tools = [{"type": "function", "function": {
    "name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]
grammar = r'''root ::= "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"" [A-Z] [a-z]+ "\"}}</tool_call>"'''

print("Asking for a tool call. The small model on a CPU writes a grammar-constrained call slowly:"
      " expect 5-20 s before the first piece; each piece is printed as it arrives.", flush=True)
start = time.monotonic()


def stamp() -> str:
    return f"[{time.monotonic() - start:5.1f} s]"


stream = client.chat.completions.create(
    model="gemma-3-270m", messages=[{"role": "user", "content": "What is the weather in Paris?"}],
    tools=tools, stream=True, max_tokens=64, temperature=0, extra_body={"grammar": grammar},
    extra_headers={"X-Callsieve-Calls": "stream"})
calls = {}
for chunk in stream:
    choice = chunk.choices[0] if chunk.choices else None
    delta = choice.delta if choice else None
    if delta and delta.content:
        print(stamp(), "content:", repr(delta.content), flush=True)
    for tc in (delta.tool_calls or []) if delta else []:
        if tc.index not in calls:
            calls[tc.index] = ""
            print(stamp(), f"tool call {tc.index}: {tc.function.name}", flush=True)
        if tc.function.arguments:
            calls[tc.index] += tc.function.arguments
            print(stamp(), f"  arguments += {tc.function.arguments!r}", flush=True)
    if choice and choice.finish_reason:
        print(stamp(), "finish_reason:", choice.finish_reason, flush=True)
for index, arguments in sorted(calls.items()):
    print(f"tool call {index} arguments: {json.loads(arguments)}")
