"""Thinking Machines' Inkling: typed content blocks, a call is
`<|message_model|>NAME<|content_invoke_tool_json|>{"name": NAME, "args": {…}}<|end_message|>`
(docs/syntax.md#inkling).

    <|message_model|><|content_thinking|>need the weather<|end_message|>
    <|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>
    <|message_model|><|content_text|>Checking.<|end_message|><|content_model_end_sampling|>

Sources: vLLM's and SGLang's Inkling parsers (sgl-project/sglang #32861, issue #33181: a
turn that opens with `get_weather<|content_invoke_tool_json|>` leaked the name as content;
eugr/spark-vllm-docker #329: `&quot;` in place of a JSON quote), Modular MAX's Inkling tests
(after detokenization only `<|content_invoke_tool_json|>` survives: `NAME<|content_invoke_tool_json|>{…}`),
smg-project/smg #2116 (`<|content_invoke_tool_text|>`, the text mode: the raw text is the tool's
input, read as its one parameter).
The header name is the tool; the JSON's `name` agrees with it (or is missing).  Thinking and
text blocks are thinking markers and answer wrappers (callsieve/reasoning.py).  A name right
before the marker at the start of the content is read with it when tools are declared
(`name_openers`); after prose a bare name cannot be told from the prose and stays content.

A family of known parts, declared with no code (formats/_channels.py): the Headed body (a name,
a content-type token, the payload up to an end token) after its header token.
"""
from ._channels import ESCAPED, ESCAPED_LIMIT, Headed
from ._parts import Family

__all__ = ["ESCAPED", "ESCAPED_LIMIT", "INKLING"]

HEADER, JSON, TEXT, END = ("<|message_model|>", "<|content_invoke_tool_json|>",
                           "<|content_invoke_tool_text|>", "<|end_message|>")

INKLING = Family(
    "inkling", (HEADER, JSON), Headed(JSON, TEXT, END), closer=END,
    name_inline=True,            # `get_weather<|content_invoke_tool_json|>` opening the content
    aliases=("tml_inkling",), models=("inkling*",),
    description="Inkling <|message_model|>NAME<|content_invoke_tool_json|>{…}<|end_message|>",
    example=('<|message_model|>get_weather<|content_invoke_tool_json|>'
             '{"name": "get_weather", "args": {"city": "SF"}}<|end_message|>'))
