"""Gemma 3's ```tool_code fences: Python calls in a Markdown fence (docs/syntax.md#tool_code).

    ```tool_code
    get_weather(city="Tokyo", unit="celsius")
    ```

Sources: Google's Gemma function-calling guide and the prompts it made common (a ```tool_code
block for the call, ```tool_output for the result), vllm-mlx #622 / #623 (Gemma falls back to
this form under long prompts), aisuite #339 (the same fences from Gemma behind Ollama).  One
call per line (or a `[f(…), g(…)]` list), `print(…)` around a call and the `default_api.`
namespace of Google's examples are read too.  The fence is the call's syntax, not a quotation:
it is consumed whole.  Other fences (```python with code) are not this format; `tool_code`
fences whose body is no call (`x = 1`) are text.

Without the fence, Gemma also writes the call as an assignment opening its answer, often with
the `print` the prompt's examples show after it (vllm-mlx #623):

    tool_code = get_weather(city="London")
    print(tool_code)

That is read as the call (the `print(tool_code)` line with it) only as the first thing in the
content and only when a call follows the `=`; elsewhere it is text.

A family of known parts, declared with no code (formats/_code.py): the Python body in a fence
under the `tool_code` language word, `print(…)` and `default_api.` allowed; the assignment is
the same body with `assigned` (the opener is the variable), opening only the content.
"""
from ._code import Python
from ._parts import Family

ASSIGN = "tool_code"

TOOL_CODE = Family(
    "tool_code", "```", Python(lang="tool_code", namespace="default_api."),
    closer={"```": "```", ASSIGN: None},
    start_bodies={ASSIGN: Python(namespace="default_api.", assigned=True)},
    fences=("```",),          # a fence quotes code too: the call only if the turn ends with it
    examples=True, aliases=("gemma3", "gemma3_tool_code"),
    description="Gemma 3 ```tool_code fences holding Python calls", models=("gemma-3-*", "gemma3*"),
    priority=29,              # before fenced_json, which shares the fence and wants JSON
    example='```tool_code\nget_weather(city="Tokyo", unit="celsius")\n```')
