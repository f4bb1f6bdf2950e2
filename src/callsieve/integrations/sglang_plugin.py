"""The SGLang plugin entry point (`sglang.srt.plugins`).  SGLang 0.5 loads general plugins before it
parses its arguments, so the name "callsieve" is a valid `--tool-call-parser` / `--reasoning-parser`."""
from __future__ import annotations

NAME = "callsieve"


def register() -> None:
    from sglang.srt.function_call.function_call_parser import FunctionCallParser
    from sglang.srt.parser.reasoning_parser import ReasoningParser

    from callsieve.integrations.sglang import CallsieveDetector, CallsieveReasoningDetector
    FunctionCallParser.ToolCallParserEnum[NAME] = CallsieveDetector
    ReasoningParser.DetectorMap[NAME] = CallsieveReasoningDetector
