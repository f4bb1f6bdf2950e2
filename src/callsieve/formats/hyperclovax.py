"""HyperCLOVA X SEED Think: a ` -> tool/function_call` recipient header, then a JSON list of calls
(docs/syntax.md#hyperclovax).

     -> tool/function_call
    [{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>

Sources: vLLM's hyperclovax_seed_think_14b tool parser and its tests.  The header is the
recipient written after the assistant's role (`<|im_start|>assistant -> tool/function_call`);
calls follow on the next line, `arguments` or `parameters`.  The abbreviated form names the tool
in the header, `-> tool/NAME` then the bare arguments object: read only for a declared tool.

A family of known parts, declared with no code (formats/_json_bodies.py: Recipient).
"""
from ._json_bodies import Recipient
from ._parts import Family

HEADER = "-> tool/"

HYPERCLOVAX = Family(
    "hyperclovax", HEADER, Recipient(listed="function_call"), closer={HEADER: None},
    aliases=("hyperclova",),
    description="HyperCLOVA X -> tool/function_call\\n[{…}] (or -> tool/NAME\\n{args})",
    models=("hyperclovax*", "*hyperclova*"),
    example=' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seoul"}}]')
