"""The libraries a user may pick instead of callsieve to read tool calls out of a whole reply,
beside vLLM, SGLang, transformers, openai-harmony and mistral-common (bench/peers_whole.py).
Each is called the way its README or its own caller calls it; a parser that is not installed
is left out of the run (and named as such).

  agent-tool-parser  ToolParser(allowed_tools=...).try_parse_all(text), both engines: the Rust one
                     (`agent_tool_parser.ToolParser`) and the pure-Python one (`.parser.ToolParser`);
                     it returns calls only (no content)
  toolpatch          extract_tool_calls(content, tool_names) (None: the content has no call)
  qwen-agent         NousFnCallPrompt().postprocess_fncall_messages(...) on the reply as one
                     assistant message, as qwen-agent's LLM classes call it (qwen_agent/__init__.py
                     and qwen_agent/llm/__init__.py are skipped: they import every model
                     provider's SDK; the prompt's module is the installed file, unmodified)

And one streaming peer, run by the streaming harness (bench/peers_harness.py) on the ollama_json
streams (bench/streams.py):

  litellm            OllamaTextCompletionResponseIterator.chunk_parser(chunk), the iterator of
                     `litellm.completion(model="ollama/…", tools=..., stream=True)`: with tools,
                     litellm asks for `{"name": …, "arguments": {…}}` in the prompt, sets Ollama's
                     format="json" and reads /api/generate's NDJSON lines through this iterator
                     (its __next__: json.loads(line), then chunk_parser).  It holds a reply that
                     starts with `{` (or a ```json fence) and, at the chunk with done=true, returns
                     one call if the held text parses to an object with name and arguments, the
                     text as content otherwise.  Parser time is chunk_parser's; loop time adds the
                     json.loads of each line.  CustomStreamWrapper (the OpenAI-shaped chunks
                     around it) is not run.
"""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
import types

NAMES = {"write_file", "get_weather"}


def arguments(a):
    """A call's arguments as an object where they are JSON text (the peers differ)."""
    if isinstance(a, str):
        try:
            return json.loads(a)
        except ValueError:
            return a
    return a


class _AgentToolParser:
    formats = None

    def parse(self, text, fmt):
        # try_parse_all: [] for a reply without a call (parse_all raises ToolError there)
        return None, [(c.name, arguments(c.args)) for c in self.parser.try_parse_all(text)]


class AgentToolParserRust(_AgentToolParser):
    def __init__(self):
        import agent_tool_parser as atp
        if not atp.ACCELERATED:
            raise ImportError("agent-tool-parser's Rust engine is not available")
        self.parser = atp.ToolParser(allowed_tools=set(NAMES))
        self.label = f"agent-tool-parser {atp.__version__} Rust"


class AgentToolParserPython(_AgentToolParser):
    def __init__(self):
        import agent_tool_parser as atp
        from agent_tool_parser.parser import ToolParser
        self.parser = ToolParser(allowed_tools=set(NAMES))
        self.label = f"agent-tool-parser {atp.__version__} Python"


class Toolpatch:
    formats = None

    def __init__(self):
        import toolpatch
        self.fn = toolpatch.extract_tool_calls
        self.label = f"toolpatch {toolpatch.__version__}"

    def parse(self, text, fmt):
        got = self.fn(text, tool_names=set(NAMES))
        if got is None:
            return text, []
        return got.content or "", [(c["function"]["name"], arguments(c["function"]["arguments"]))
                                   for c in got.tool_calls]


def _qwen_agent_prompt():
    spec = importlib.util.find_spec("qwen_agent")
    if spec is None:
        raise ImportError("qwen-agent is not installed")
    base = os.path.dirname(spec.origin)
    for name, path in (("qwen_agent", base), ("qwen_agent.llm", os.path.join(base, "llm"))):
        if name not in sys.modules:
            pkg = types.ModuleType(name)
            pkg.__path__ = [path]
            sys.modules[name] = pkg
    from qwen_agent.llm.fncall_prompts.nous_fncall_prompt import NousFnCallPrompt
    from qwen_agent.llm.schema import ContentItem, Message
    from importlib.metadata import version
    return NousFnCallPrompt, ContentItem, Message, version("qwen-agent")


class QwenAgent:
    formats = {"hermes": True, "prose": True}

    def __init__(self):
        self.prompt, self.item, self.message, v = _qwen_agent_prompt()
        self.label = f"qwen-agent {v}"

    def parse(self, text, fmt):
        msgs = self.prompt().postprocess_fncall_messages(
            [self.message(role="assistant", content=[self.item(text=text)])],
            parallel_function_calls=True, function_choice="auto")
        content, calls = [], []
        for m in msgs:
            if m.function_call:
                calls.append((m.function_call.name, arguments(m.function_call.arguments)))
            for c in m.content or ():
                if c.text:
                    content.append(c.text)
        return "".join(content), calls


class LitellmOllama:
    """Streaming: run(stream, run_cap) -> the harness's RunResult (its class and _add_call given)."""
    label = "litellm ollama (OllamaTextCompletionResponseIterator)"

    def __init__(self, result, add_call):
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")   # no fetch of the price list
        from importlib.metadata import version
        from litellm.llms.ollama.completion.transformation import OllamaTextCompletionResponseIterator
        self.iterator, self.result, self.add_call = OllamaTextCompletionResponseIterator, result, add_call
        self.peer = "litellm " + version("litellm")

    @staticmethod
    def lines(chunks):
        """Ollama's /api/generate stream of these chunks, one NDJSON line each, then the done line."""
        head = {"model": "llama3.1", "created_at": "2026-12-03T09:00:00.000000Z"}
        out = [json.dumps({**head, "response": c, "done": False}) for c in chunks]
        out.append(json.dumps({**head, "response": "", "done": True, "done_reason": "stop",
                               "prompt_eval_count": 26, "eval_count": len(chunks)}))
        return out

    def run(self, stream, run_cap):
        lines = self.lines(stream["chunks"])
        it = self.iterator(streaming_response=iter(()), sync_stream=True, json_mode=False)
        fn, loads, pc = it.chunk_parser, json.loads, time.perf_counter
        outs, t_parser, n = [], 0.0, len(lines)
        t0 = pc()
        for i in range(n):
            chunk = loads(lines[i])
            a = pc()
            outs.append(fn(chunk))
            t_parser += pc() - a
            if (i & 255) == 0 and pc() - t0 > run_cap:
                break
        res = self.result()
        res.t_loop, res.t_parser, res.done = pc() - t0, t_parser, min(len(outs), n - 1)
        res.content = "".join(self._read(o, res.calls) for o in outs)
        return res

    def _read(self, out, calls):
        """The content of one output (a ModelResponseStream, or the GenericStreamingChunk dict)."""
        if isinstance(out, dict):
            use = out.get("tool_use")
            if use:
                self.add_call(calls, use["index"], use["function"]["name"], use["function"]["arguments"])
            return out.get("text") or ""
        return "".join(c.delta.content or "" for c in out.choices)


PARSERS = [AgentToolParserRust, AgentToolParserPython, Toolpatch, QwenAgent]
