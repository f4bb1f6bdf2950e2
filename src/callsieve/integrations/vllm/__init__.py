"""callsieve as vLLM's tool-call and reasoning parser (written against vLLM 0.33).

    vllm serve MODEL --enable-auto-tool-choice --tool-call-parser callsieve --reasoning-parser callsieve

The package's `vllm.general_plugins` entry point (`callsieve.integrations.vllm_plugin:register`)
registers the name "callsieve" with vLLM's ToolParserManager and ReasoningParserManager at start-up;
`--tool-parser-plugin callsieve.integrations.vllm` does the same by importing this module.

vLLM composes the two flags into one `Parser` per request.  Its default composition runs the
reasoning parser first and hands the tool parser only what follows the reasoning; callsieve reads
both in one pass (a call written inside an unclosed thinking block is still a call), so when both
flags name callsieve, or one does and the other is unset, the plugin has vLLM compose `CallsieveParser`
instead, the way vLLM itself special-cases kimi_k3 and cohere_command.  `CallsieveToolParser` and
`CallsieveReasoningParser` also work alone, beside another family's parser.

This module imports vLLM: import it only inside vLLM.  The rest of callsieve does not need it.
"""
from __future__ import annotations

from vllm.reasoning.abs_reasoning_parsers import ReasoningParserManager
from vllm.tool_parsers.abstract_tool_parser import ToolParserManager

from callsieve.integrations import vllm_plugin
from callsieve.integrations.vllm.parsers import CallsieveParser, CallsieveToolParser, parser_class
from callsieve.integrations.vllm.reasoning import CallsieveReasoningParser

__all__ = ["CallsieveParser", "CallsieveToolParser", "CallsieveReasoningParser", "parser_class"]

# `--tool-parser-plugin callsieve.integrations.vllm` only imports this module: register here too.
ToolParserManager.register_module(vllm_plugin.NAME, module=CallsieveToolParser)
ReasoningParserManager.register_module(vllm_plugin.NAME, module=CallsieveReasoningParser)
vllm_plugin.compose_unified()
