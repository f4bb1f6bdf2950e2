"""Upstage Solar Open: `<|tool_calls|>` then per call `<|tool_call:begin|>ID<|tool_call:name|>NAME
<|tool_call:args|>{json}<|tool_call:end|>`, the section ended by `<|calls|>` (docs/syntax.md#solar_open).

    <|think|>The user wants the weather.<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>a1b2c3d4e5
    <|tool_call:name|>get_weather<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|><|calls|>

Sources: vLLM's solar_open_tool_parser and its tests (the token vocabulary `<|begin|>`,
`<|end|>`, `<|think|>`, `<|content|>`, `<|flush|>`, `<|calls|>`, `<|tool_calls|>`,
`<|tool_call:begin|>` / `:end` / `:name` / `:args`), the Solar-Open-100B chat template.
The call id written after `<|tool_call:begin|>` is kept as the call's id.  Reasoning
(`<|think|>` … `<|end|><|begin|>assistant`) and the answer wrappers (`<|begin|>assistant`, `<|content|>`) are
thinking markers (callsieve/reasoning.py).  A section whose `<|tool_calls|>` a server dropped
starts at `<|tool_call:begin|>`; a call cut before `<|tool_call:end|>` is read to the end.

Solar Open 2 writes its arguments as tags instead (vLLM's solar_open2_tool_parser and its tests):
`<|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>\n<|tool_call:end|>`,
one such element per call, values bare text (strings unless the declared schema types them).

Sarashina writes the same `<|tool_calls|>` token before a list of call objects, Python dicts
(`[{'name': 'f', 'arguments': {'x': True}}]`) or JSON: after the token, a `[` or `{` is read so
(smg-project/smg#1937; Solar's own calls always start with `<|tool_call:begin|>`).

A family of known parts, declared with no code (formats/_sections.py: Fields, and TokenPairs
for Solar Open 2; the call tokens opening a block are the start of the call, `inline`).
"""
from ._parts import Family
from ._sections import Fields, TokenPairs

SECTION, BEGIN, NAME, ARGS, END, CALLS = ("<|tool_calls|>", "<|tool_call:begin|>", "<|tool_call:name|>",
                                          "<|tool_call:args|>", "<|tool_call:end|>", "<|calls|>")
START = "<|tool_call:start|>"                                        # Solar Open 2

SOLAR_OPEN = Family(
    "solar_open", (SECTION, BEGIN, START), Fields(BEGIN, NAME, ARGS, END, CALLS),
    closer={SECTION: CALLS, BEGIN: CALLS, START: END}, own=(SECTION, BEGIN, START), inline=(BEGIN, START),
    bodies={START: TokenPairs(START, "<|tool_arg:start|>", "<|tool_arg:value|>", "<|tool_arg:end|>", END)},
    value="text", aliases=("solar",), syntax="json",
    description="Upstage Solar Open <|tool_calls|><|tool_call:begin|>…<|tool_call:args|>{…}",
    models=("solar-open*",), priority=50,
    example=('<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather'
             '<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|><|calls|>'))
