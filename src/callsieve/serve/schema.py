"""The requests of each API, as far as the proxy reads them, checked before anything is translated.

Each field the proxy reads has its type here (pydantic models, strict: `"true"` is no boolean);
every other field is let through untouched for the upstream to judge.  `problem(api, body)` is
None for a request the proxy can translate, else the message of its 400, naming the first
wrong field (`messages.0.content.1.text: Input should be a valid string`).  A body nested deeper
than MAX_DEPTH is refused before it is looked at: nothing downstream (translation, `json.dumps`,
the Sieve's schema reading) has to survive a recursion limit.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, TypeAdapter, ValidationError

MAX_DEPTH = 100   # JSON nesting levels a request may have (a tool schema rarely needs 20)

Obj = dict[str, Any]
Num = Union[int, float]


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


# -- Chat Completions -----------------------------------------------------------------------------
class ChatPart(Loose):
    type: str | None = None
    text: str | None = None


class ChatMessage(Loose):
    role: str | None = None
    content: str | list[Union[ChatPart, str]] | None = None


class ChatTool(Loose):
    type: str | None = None
    function: Obj | None = None


class StreamOptions(Loose):
    include_usage: bool | None = None


class ChatRequest(Loose):
    model: str | None = None
    messages: list[ChatMessage]
    tools: list[ChatTool] | None = None
    tool_choice: str | Obj | None = None
    parallel_tool_calls: bool | None = None
    stream: bool | None = None
    stream_options: StreamOptions | None = None
    reasoning_format: str | None = None
    reasoning_effort: str | None = None
    chat_template_kwargs: Obj | None = None


# -- Responses ------------------------------------------------------------------------------------
class ResponsesPart(Loose):
    type: str | None = None
    text: str | None = None
    image_url: str | None = None


Content = Union[str, list[Union[ResponsesPart, str]], None]


class ResponsesItem(Loose):
    type: str | None = None
    role: str | None = None
    content: Content = None
    name: str | None = None
    namespace: str | None = None
    call_id: str | None = None
    arguments: str | None = None
    output: Content = None
    encrypted_content: str | None = None
    summary: list[ResponsesPart] | None = None


class ResponsesTool(Loose):
    type: str | None = None
    name: str | None = None
    description: str | None = None
    parameters: Obj | None = None
    tools: list[Obj] | None = None


class Reasoning(Loose):
    effort: str | None = None


class TextFormat(Loose):
    type: str | None = None


class TextOptions(Loose):
    format: TextFormat | None = None


class ResponsesRequest(Loose):
    model: str | None = None
    input: str | list[ResponsesItem]
    instructions: str | list[Union[ResponsesPart, str]] | None = None
    tools: list[ResponsesTool] | None = None
    tool_choice: str | Obj | None = None
    parallel_tool_calls: bool | None = None
    stream: bool | None = None
    previous_response_id: str | None = None
    reasoning: Reasoning | None = None
    text: TextOptions | None = None
    include: list[str] | None = None
    max_output_tokens: int | None = None
    temperature: Num | None = None
    top_p: Num | None = None


# -- Messages -------------------------------------------------------------------------------------
class TextBlock(Loose):
    type: Literal["text"]
    text: str


class ImageSource(Loose):
    type: str
    media_type: str | None = None
    data: str | None = None
    url: str | None = None


class ImageBlock(Loose):
    type: Literal["image"]
    source: ImageSource


class ToolUseBlock(Loose):
    type: Literal["tool_use"]
    id: str | None = None
    name: str | None = None
    input: Obj | None = None


class ToolResultBlock(Loose):
    type: Literal["tool_result"]
    tool_use_id: str | None = None
    content: str | list[Union[ChatPart, str]] | None = None
    is_error: bool | None = None


class ThinkingBlock(Loose):
    type: Literal["thinking"]
    thinking: str | None = None


class OtherBlock(Loose):
    type: str | None = None


def block_kind(block) -> str:
    kind = block.get("type") if isinstance(block, dict) else None
    return kind if kind in ("text", "image", "tool_use", "tool_result", "thinking") else "other"


Block = Annotated[Union[Annotated[TextBlock, Tag("text")], Annotated[ImageBlock, Tag("image")],
                        Annotated[ToolUseBlock, Tag("tool_use")], Annotated[ToolResultBlock, Tag("tool_result")],
                        Annotated[ThinkingBlock, Tag("thinking")], Annotated[OtherBlock, Tag("other")]],
                  Discriminator(block_kind)]


class AnthropicMessage(Loose):
    role: str
    content: str | list[Block] | None = None


class AnthropicTool(Loose):
    name: str | None = None
    description: str | None = None
    input_schema: Obj | None = None


class ToolChoice(Loose):
    type: str
    name: str | None = None
    disable_parallel_tool_use: bool | None = None


class Thinking(Loose):
    type: str


class CountTokensRequest(Loose):
    """What `/v1/messages/count_tokens` reads: a Messages request whose `messages` may be missing."""
    model: str | None = None
    messages: list[AnthropicMessage] | None = None
    system: str | list[Block] | None = None
    tools: list[AnthropicTool] | None = None
    tool_choice: ToolChoice | None = None
    thinking: Thinking | None = None
    stream: bool | None = None
    max_tokens: int | None = None
    stop_sequences: list[str] | None = None
    temperature: Num | None = None
    top_p: Num | None = None
    top_k: int | None = None


class MessagesRequest(CountTokensRequest):   # every Messages request is one count_tokens accepts
    messages: list[AnthropicMessage]          # (required here; it keeps its place among the fields)


ADAPTERS = {name: TypeAdapter(model) for name, model in (
    ("chat", ChatRequest), ("responses", ResponsesRequest), ("messages", MessagesRequest),
    ("count_tokens", CountTokensRequest))}


def too_deep(doc, limit: int = MAX_DEPTH) -> bool:
    """Whether `doc` nests containers deeper than `limit` (iterative: no recursion of its own)."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        inner = value.values() if isinstance(value, dict) else value
        stack.extend((v, depth + 1) for v in inner if isinstance(v, (dict, list)))
    return False


def problem(api: str, body: dict) -> str | None:
    """Why `body` is no request of `api` the proxy can translate; None if it is one."""
    if too_deep(body):
        return f"The request body is nested deeper than {MAX_DEPTH} levels."
    try:
        ADAPTERS[api].validate_python(body)
    except ValidationError as e:
        first = e.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "body"
        return f"Invalid request: {where}: {first['msg']}"
    return None
