"""Llama 3.x JSON tool calls (docs/syntax.md#llama3_json).

  [<|python_tag|>]{"name": "check_stock", "parameters": {"sku": "KX-88"}}; {"name": …}
Optional `<|python_tag|>`, then call objects separated by `;` (or `,`), `parameters` or
`arguments`; no closer (the turn ends; a trailing <|eom_id|> / <|eot_id|> is consumed).
Without the tag, a call is recognised only when it is the first thing in the output (a JSON
answer in prose is no call); bare_json reads the same shape when no format is named.

After <|python_tag|> the built-in tools are written as Python: `brave_search.call(query="…")`
(also wolfram_alpha) becomes a call to `brave_search` with {"query": …}, read as literals by
the pythonic parser (nothing is evaluated); any other text is code for the code interpreter:
a call to `code_interpreter` (or `python`, if that is the declared one) with {"code": …}.

A family of known parts, declared with no code (formats/_json_bodies.py: JsonOrCode, JsonStart).
"""
from ._json_bodies import JsonOrCode, JsonStart
from ._parts import Family

TAG = "<|python_tag|>"
ENDS = ("<|eom_id|>", "<|eot_id|>")
CODE_TOOLS = ("code_interpreter", "python")

LLAMA3_JSON = Family(
    "llama3_json", TAG, JsonOrCode(CODE_TOOLS, ENDS, seps=";,", words=("eom_id", "eot_id")), closer={TAG: None},
    own=True, start_bodies={"{": JsonStart()},
    aliases=("llama3", "llama4_json"),
    description="Llama 3.x / 4 JSON calls: optional <|python_tag|>, ';'-separated, \"parameters\"",
    models=("*llama-3*", "llama-4*", "*llama3*"),
    # Llama 3's text token, and Llama 4's spellings of the turn ends (`<|python_end|><|eot|>`
    # after a Llama 4 call, vllm-project/vllm#16214).
    specials=("<|begin_of_text|>", "<|eot|>", "<|eom|>"),
    # A role header the model writes itself (`<|start_header_id|>assistant<|end_header_id|>`,
    # huggingface/chat-ui#1423), Llama 4's too: the role word is no part of the answer.
    spans=(("<|start_header_id|>", "<|end_header_id|>"), ("<|header_start|>", "<|header_end|>")),
    models_after=("pythonic",),     # Llama 4 writes both; its default prompt is pythonic
    priority=91,            # a bare `{` is bare_json's when no format is named
    example='<|python_tag|>{"name": "check_stock", "parameters": {"sku": "KX-88"}}; {"name": "f", "parameters": {}}')
