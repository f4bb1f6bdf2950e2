"""The vLLM plugin entry point (`vllm.general_plugins`): cheap at vLLM's start-up in every process,
it names the parsers lazily and imports callsieve's vLLM module only when a request needs it."""
from __future__ import annotations

NAME = "callsieve"
MODULE = "callsieve.integrations.vllm"


def register() -> None:
    from vllm.reasoning.abs_reasoning_parsers import ReasoningParserManager
    from vllm.tool_parsers.abstract_tool_parser import ToolParserManager
    ToolParserManager.register_lazy_module(NAME, MODULE, "CallsieveToolParser")
    ReasoningParserManager.register_lazy_module(NAME, MODULE, "CallsieveReasoningParser")
    compose_unified()


def compose_unified() -> None:
    """Have vLLM compose callsieve's one-pass parser when the flags name only callsieve.

    vLLM 0.33 has no registry for unified parsers: ParserManager._compose_parser picks them by name
    (kimi_k3, cohere_command, minicpmv).  This wraps it to pick CallsieveParser the same way; any
    other combination of flags goes to vLLM's own composition unchanged.  Safe to call repeatedly.
    """
    from vllm.parser.parser_manager import ParserManager
    original = ParserManager.__dict__["_compose_parser"].__func__
    if getattr(original, "callsieve", False):
        return

    def _compose_parser(cls, *args, **kw):
        tool = kw.get("tool_parser_name") if kw.get("enable_auto_tools") else None
        reasoning = kw.get("reasoning_parser_name")
        if args or {tool, reasoning} - {None, ""} != {NAME}:
            return original(cls, *args, **kw)
        from vllm.tool_parsers.tool_strict_level import ToolStrictLevel

        from callsieve.integrations.vllm import parser_class
        level = kw.get("tool_strict_level")
        return parser_class(tools=tool == NAME, reasoning=reasoning == NAME,
                            strict_level=ToolStrictLevel.from_name(level) if level else None)

    _compose_parser.callsieve = True
    ParserManager._compose_parser = classmethod(_compose_parser)
