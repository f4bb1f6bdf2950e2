"""The vLLM plugin entry point (`vllm.general_plugins`): cheap at vLLM's start-up in every process,
it names the parsers lazily and imports callsieve's vLLM module only when a request needs it."""
from __future__ import annotations

import os
import sys

NAME = "callsieve"
MODULE = "callsieve.integrations.vllm"
# vLLM's own parsers for gpt-oss: its HarmonyParser (Chat Completions and the Responses API's
# HarmonyContext) reads the Harmony tokens and accepts only these.
HARMONY = {"tool": "openai", "reasoning": "openai_gptoss"}
# What a user of vLLM's Rust frontend can do with callsieve: the proxy in front of it.
PROXY = "callsieve serve --upstream http://HOST:PORT/v1"
RUST_FRONTEND = (
    "callsieve: VLLM_USE_RUST_FRONTEND=1 cannot use --tool-call-parser/--reasoning-parser callsieve: "
    "vLLM's Rust frontend (vllm-rs) parses model output with its own built-in Rust parsers and has no "
    "hook to load a Python parser. To keep the Rust frontend, start vLLM without callsieve's parser flags "
    f"and put callsieve's proxy in front of it: `{PROXY}` (HOST:PORT: vLLM's), clients then talk to "
    "the proxy (Chat Completions, Responses, Anthropic Messages). Or unset VLLM_USE_RUST_FRONTEND to run "
    "callsieve inside vLLM's Python frontend.")


def refuse_rust_frontend(argv=None, environ=None) -> None:
    """Stop `vllm serve` before it starts the Rust frontend with a parser it cannot have (it would
    fail later with "tool parser 'callsieve' is not registered").  SystemExit: vLLM's plugin loader
    logs and ignores any Exception."""
    argv = sys.argv if argv is None else argv
    environ = os.environ if environ is None else environ
    if environ.get("VLLM_USE_RUST_FRONTEND", "0").strip().lower() in ("", "0", "false"):
        return
    flags = ("--tool-call-parser", "--reasoning-parser")
    named = any(a in flags and b == NAME for a, b in zip(argv, argv[1:])) or \
        any(a == f"{f}={NAME}" for a in argv for f in flags)
    if named:
        raise SystemExit(RUST_FRONTEND)


def register() -> None:
    refuse_rust_frontend()
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
        if kw.get("is_harmony"):
            # gpt-oss: step aside for vLLM's Harmony path (token-level, and the only parser its
            # Responses API accepts), with the flags callsieve stood for
            kw = {**kw, "tool_parser_name": HARMONY["tool"] if kw.get("tool_parser_name") == NAME else kw.get("tool_parser_name"),
                  "reasoning_parser_name": HARMONY["reasoning"] if reasoning == NAME else reasoning}
            return original(cls, **kw)
        from vllm.tool_parsers.tool_strict_level import ToolStrictLevel

        from callsieve.integrations.vllm import parser_class
        level = kw.get("tool_strict_level")
        return parser_class(tools=tool == NAME, reasoning=reasoning == NAME,
                            strict_level=ToolStrictLevel.from_name(level) if level else None)

    # The mark sits on the installed function, which a second call reads back.  A false
    # positive: functions take attributes, which mypy does not model.
    _compose_parser.callsieve = True  # type: ignore[attr-defined]
    ParserManager._compose_parser = classmethod(_compose_parser)
