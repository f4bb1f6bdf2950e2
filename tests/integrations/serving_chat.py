"""vLLM's OpenAIServingChat streaming a scripted engine output through callsieve: the SSE a client gets.

The engine is a stand-in (no model, no GPU): an async generator of vLLM RequestOutput objects, one
per step, the way vLLM's engine client yields them with delta output.  Everything from there to the
SSE lines (ChatStreamProcessor, the parser, finish_reason, serialisation) is vLLM's own code.
"""
from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from unittest.mock import MagicMock


def serving(tokenizer):
    from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat
    from vllm.entrypoints.openai.models.protocol import BaseModelPath
    from vllm.entrypoints.openai.models.serving import OpenAIServingModels

    from callsieve.integrations import vllm_plugin
    vllm_plugin.register()   # what vLLM's start-up does with the entry point

    engine = MagicMock()
    engine.errored = False
    engine.model_config = MagicMock(model="Qwen/Qwen3-8B", served_model_name="Qwen/Qwen3-8B",
                                    hf_config=SimpleNamespace(model_type="qwen3"), max_model_len=4096,
                                    generation_config="auto")
    engine.model_config.get_diff_sampling_param.return_value = {}
    engine.renderer.tokenizer = tokenizer
    models = OpenAIServingModels(engine_client=engine, base_model_paths=[BaseModelPath("Qwen/Qwen3-8B", "Qwen/Qwen3-8B")])
    return OpenAIServingChat(engine, models, "assistant", online_renderer=MagicMock(), request_logger=None,
                             chat_template=None, chat_template_content_format="auto", enable_auto_tools=True,
                             tool_parser="callsieve", reasoning_parser="callsieve")


async def outputs(parts, tokenizer):
    from vllm.outputs import CompletionOutput, RequestOutput
    for k, part in enumerate(parts):
        last = k == len(parts) - 1
        yield RequestOutput("r", None, [tokenizer.id("<|im_start|>assistant\n")], None,
                            [CompletionOutput(0, part, [tokenizer.id(part)], None, None,
                                              finish_reason="stop" if last else None)], finished=last)


def sse(text_parts, tools, tokenizer) -> list[str]:
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    from vllm.entrypoints.generate.base.protocol import RequestResponseMetadata
    chat = serving(tokenizer)
    request = ChatCompletionRequest(model="Qwen/Qwen3-8B", messages=[{"role": "user", "content": "hi"}],
                                    tools=tools, stream=True)

    async def collect():
        gen = chat.chat_completion_stream_generator(
            request, outputs(text_parts, tokenizer), "chatcmpl-1", "Qwen/Qwen3-8B", [], tokenizer,
            RequestResponseMetadata(request_id="chatcmpl-1"), chat_template_kwargs={})
        return [line async for line in gen]
    return asyncio.run(collect())


def whole_response(text, tools, tokenizer) -> dict:
    """The non-streamed answer: one final engine output with the whole text, through the full generator."""
    from vllm.entrypoints.generate.base.protocol import RequestResponseMetadata
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    from vllm.outputs import CompletionOutput, RequestOutput
    chat = serving(tokenizer)
    request = ChatCompletionRequest(model="Qwen/Qwen3-8B", messages=[{"role": "user", "content": "hi"}], tools=tools)

    async def final():
        yield RequestOutput("r", None, [tokenizer.id("<|im_start|>assistant\n")], None,
                           [CompletionOutput(0, text, [tokenizer.id(text)], None, None, finish_reason="stop")],
                           finished=True)

    async def collect():
        parser = chat._make_parser(request, tokenizer, {})
        return await chat.chat_completion_full_generator(
            request, final(), "chatcmpl-1", "Qwen/Qwen3-8B", [], tokenizer,
            RequestResponseMetadata(request_id="chatcmpl-1"), parser=parser)
    return json.loads(asyncio.run(collect()).model_dump_json())


def run_whole(tokenizer_cls, text, tools):
    """Assert the non-streamed response carries what callsieve.parse finds."""
    from callsieve import parse
    (choice,) = whole_response(text, tools, tokenizer_cls())["choices"]
    msg, lib = choice["message"], parse(text, tools=tools)
    assert (msg.get("reasoning") or "", (msg.get("content") or "").strip()) == (lib.reasoning, lib.content.strip()), msg
    calls = [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in msg.get("tool_calls") or ()]
    assert calls == [(t.name, t.arguments) for t in lib.tool_calls], msg
    assert all(c["id"] and c["type"] == "function" for c in msg.get("tool_calls") or ()), msg
    assert choice["finish_reason"] == ("tool_calls" if calls else "stop"), choice


def run(tokenizer_cls, text, tools, parts):
    """Assert the SSE stream rebuilds into the reasoning, content and calls callsieve.parse finds."""
    from callsieve import parse
    lines = sse(parts, tools, tokenizer_cls())
    assert lines[-1] == "data: [DONE]\n\n", lines[-1]
    reasoning, content, calls, finish = "", "", {}, None
    for line in lines[:-1]:
        assert line.startswith("data: ") and line.endswith("\n\n"), line
        chunk = json.loads(line[6:])
        assert "error" not in chunk, chunk
        (choice,) = chunk["choices"]
        delta = choice["delta"]
        assert len(delta.get("tool_calls") or ()) <= 1, f"more than one tool-call entry in a chunk: {delta}"
        reasoning += delta.get("reasoning") or ""
        content += delta.get("content") or ""
        for tc in delta.get("tool_calls") or ():
            if tc["index"] not in calls:
                assert tc["id"] and tc["type"] == "function" and tc["function"]["name"], tc
                calls[tc["index"]] = [tc["function"]["name"], tc["function"].get("arguments") or ""]
            else:
                calls[tc["index"]][1] += tc["function"].get("arguments") or ""
        finish = choice.get("finish_reason") or finish
    lib = parse(text, tools=tools)
    assert (reasoning, content.strip()) == (lib.reasoning, lib.content.strip()), (reasoning, content)
    assert [(n, json.loads(a)) for n, a in calls.values()] == [(t.name, t.arguments) for t in lib.tool_calls], calls
    assert finish == "tool_calls", finish
