"""The SGLang plugin entry point (`sglang.srt.plugins`).  SGLang 0.5 loads general plugins before it
parses its arguments, so the name "callsieve" is a valid `--tool-call-parser` / `--reasoning-parser`."""
from __future__ import annotations

import os

NAME = "callsieve"
SKIP_SPECIAL = "sglang.srt.entrypoints.openai.serving_chat.OpenAIServingChat._patch_reasoning_skip_special_tokens"
# where SGLang decides whether a request's answer starts in reasoning (force_reasoning, require_reasoning)
THINKING = "sglang.srt.entrypoints.openai.serving_chat.OpenAIServingChat._get_reasoning_from_request"
# where SGLang runs the tool parser on a step, and on a whole answer: their output ids, for callsieve
TOOL_STEP = "sglang.srt.entrypoints.openai.serving_chat.OpenAIServingChat._process_tool_call_stream"
ANSWER = "sglang.srt.entrypoints.openai.serving_chat.OpenAIServingChat._build_chat_response"
_RESPONSES = "sglang.srt.entrypoints.openai.serving_responses.OpenAIServingResponses."
RESPONSES_STREAM = _RESPONSES + "_responses_stream_generator_non_harmony"
RESPONSES_ANSWER = _RESPONSES + "_make_response_output_items"
# --tokenizer-worker-num > 1: SGLang's tokenizer workers import the HTTP app by this name and load no
# plugins; callsieve's app module registers the parsers, then is SGLang's app.
APP = "callsieve.integrations.sglang_app:app"
_hooked = False   # the request hook is registered once per process


def register() -> None:
    global _hooked
    from sglang.srt.function_call.function_call_parser import FunctionCallParser
    from sglang.srt.parser.reasoning_parser import ReasoningParser

    from callsieve.integrations.sglang import CallsieveDetector, CallsieveReasoningDetector
    FunctionCallParser.ToolCallParserEnum[NAME] = CallsieveDetector
    ReasoningParser.DetectorMap[NAME] = CallsieveReasoningDetector
    os.environ.setdefault("SGLANG_HTTP_SERVER_APP_PATH", APP)
    try:
        from sglang.srt.plugins.hook_registry import HookRegistry, HookType
    except ImportError:    # an SGLang without the hook registry: requests keep SGLang's default
        return
    if not _hooked:
        from callsieve.integrations import sglang as cs
        HookRegistry.register(SKIP_SPECIAL, cs.keep_special_tokens, HookType.AFTER)
        HookRegistry.register(THINKING, cs.request_thinking, HookType.AFTER)
        HookRegistry.register(TOOL_STEP, cs.step_ids, HookType.AROUND)
        HookRegistry.register(ANSWER, cs.answer_ids, HookType.AROUND)
        HookRegistry.register(RESPONSES_STREAM, cs.responses_stream, HookType.AROUND)
        HookRegistry.register(RESPONSES_ANSWER, cs.response_items, HookType.AROUND)
        _hooked = True
