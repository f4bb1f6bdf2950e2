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
        from callsieve.integrations.sglang import answer_ids, keep_special_tokens, request_thinking, step_ids
        HookRegistry.register(SKIP_SPECIAL, keep_special_tokens, HookType.AFTER)
        HookRegistry.register(THINKING, request_thinking, HookType.AFTER)
        HookRegistry.register(TOOL_STEP, step_ids, HookType.AROUND)
        HookRegistry.register(ANSWER, answer_ids, HookType.AROUND)
        _hooked = True
