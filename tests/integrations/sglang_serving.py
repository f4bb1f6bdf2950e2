"""SGLang's serving path from `launch_server`'s arguments to the response, with only the engine faked.

`sglang serve --model-path DIR --tool-call-parser callsieve --reasoning-parser callsieve` as SGLang
runs it: its plugins load, `prepare_server_args` parses and validates the flags, the config is
published, the real TemplateManager picks the tokenizer's chat template, and SGLang's real
OpenAIServingChat converts the request (chat template render, tool_choice and response_format
constraints, the per-parser skip_special_tokens rule), then parses the model's output with
callsieve's detectors, streamed or not.  The fake is the tokenizer manager's engine side only:
`generate_request` records the GenerateReqInput and streams back a scripted output, token by
token, detokenized with the request's own skip_special_tokens as SGLang's detokenizer does.

SGLang's import chain needs triton (installed: its CPU-importable wheel) and torchvision (its
multimodal configs import `torchvision.transforms` at module level; PyPI's wheel is a CUDA build
that fails to load beside CPU torch): `fake_torchvision()` stands in for it, nothing of it runs.
"""
from __future__ import annotations

import asyncio
import importlib.abc
import importlib.machinery
import json
import sys
import types
from types import SimpleNamespace
from unittest.mock import MagicMock

MODEL = "mistralai/Magistral-Small-2509"
THINK = ["[THINK]", "[/THINK]", "[TOOL_CALLS]", "[ARGS]"]
# Magistral-style: [THINK] ... [/THINK] then [TOOL_CALLS]name[ARGS]{json}; markers are special tokens
MAGISTRAL = ("{% if tools %}[AVAILABLE_TOOLS]{{ tools | tojson }}[/AVAILABLE_TOOLS]{% endif %}"
             "{% for m in messages %}{% if m.role == 'user' %}[INST]{{ m.content }}[/INST]"
             "{% else %}{{ m.content }}{% endif %}{% endfor %}")


class _Fake(types.ModuleType):
    """A module whose every public attribute is a MagicMock; no __version__ or __file__ of its own."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = MagicMock(name=f"{self.__name__}.{name}")
        setattr(self, name, value)
        return value


class _FakeFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, top, version):
        self.top, self.version = top, version

    def find_spec(self, name, path, target=None):
        if name == self.top or name.startswith(self.top + "."):
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _Fake(spec.name)
        module.__path__, module.__file__ = [], None
        module.__version__ = self.version    # transformers reads it when the package has no metadata
        return module

    def exec_module(self, module):
        pass


def fake_torchvision():
    try:
        import torchvision  # noqa: F401   a working one (a CPU build) is used as it is
    except Exception:
        sys.modules.pop("torchvision", None)
        sys.meta_path.insert(0, _FakeFinder("torchvision", "0.28.0"))


class TokenizerManager:
    """SGLang's TokenizerManager as OpenAIServingChat sees it; generate_request is the engine."""

    def __init__(self, server_args, tokenizer):
        from sglang.srt.managers.tokenizer_manager import TokenizerManager as Real
        self.server_args, self.tokenizer = server_args, tokenizer
        self.model_path = self.served_model_name = server_args.model_path
        self.config_value = Real.config_value.__get__(self)     # SGLang's own: reads the published config
        self.model_config = SimpleNamespace(
            is_multimodal=False, context_len=4096, get_default_sampling_params=lambda: {},
            hf_config=SimpleNamespace(model_type="mistral", architectures=["MistralForCausalLM"]))
        self.request_logger = SimpleNamespace(log_requests=False, log_requests_level=0)
        self.create_abort_task = lambda req: None
        self.num_reserved_tokens = 0
        self.output: list[str] = []      # the scripted model output, one piece per step
        self.requests: list = []          # the GenerateReqInputs received
        self.grammar_saw: list[str] = []  # the tokens the last request's grammar was shown
        self.backend = None
        self.encode = lambda text: tokenizer.encode(text, add_special_tokens=False)  # gpt-oss: harmony's

    def grammar(self, req):
        """What the scheduler's GrammarManager builds for a constrained request: SGLang's grammar
        backend (xgrammar, wrapped by its reasoner gate when the reasoning parser names an end
        token), the request's grammar from it."""
        from sglang.srt.constrained.base_grammar_backend import create_grammar_backend
        from sglang.srt.parser.reasoning_parser import ReasoningParser
        from sglang.srt.runtime_context import get_serving
        params = req.sampling_params or {}
        kind = next((k for k in ("json_schema", "regex", "ebnf", "structural_tag") if params.get(k)), None)
        if kind is None:
            return None
        if self.backend is None:     # as the Scheduler sets up model_config.think_end_ids
            detector = ReasoningParser(get_serving().reasoning_parser, stream_reasoning=False,
                                       tokenizer=self.tokenizer).detector
            self.backend = create_grammar_backend(self.server_args, self.tokenizer, len(self.tokenizer),
                                                  {self.tokenizer.eos_token_id},
                                                  think_end_ids=detector.get_think_end_token_ids(self.tokenizer) or None)
        key = ({"json_schema": "json"}.get(kind, kind), params[kind])
        key = self.backend.get_request_grammar_key(key, input_ids=req.input_ids or [], thinking_budget=None)
        value, hit = self.backend.get_cached_or_future_value(key, req.require_reasoning)
        return value if hit else value.result()

    async def generate_request(self, req, raw_request=None):
        from sglang.srt.runtime_context import get_serving
        self.requests.append(req)
        params = req.sampling_params or {}
        skip = params.get("skip_special_tokens", True)
        ids = [i for piece in self.output for i in self.encode(piece)]
        incremental = get_serving().incremental_streaming_output
        grammar, self.grammar_saw = self.grammar(req), []
        sent, seen = "", 0
        for k in range(1, len(ids) + 1):
            last = k == len(ids)
            if grammar is not None:     # a token the grammar rejects fails the request, as in the engine
                grammar.accept_token(ids[k - 1])
                self.grammar_saw.append(self.tokenizer.decode(ids[k - 1:k]))
            if not req.stream and not last:
                continue
            text = self.tokenizer.decode(ids[:k], skip_special_tokens=skip)
            if not last:      # a character cut into bytes waits for its last byte, as SGLang's detokenizer does
                text = text.rstrip("\ufffd")
            delta = incremental and req.stream     # (then the step's text and ids, as SGLang sends)
            yield {"text": text[len(sent):] if delta else text,
                   "output_ids": ids[seen:k] if delta else ids[:k],
                   "meta_info": {"id": "chatcmpl-test", "prompt_tokens": 3, "completion_tokens": k,
                                 "cached_tokens": 0, "weight_version": "default",
                                 "finish_reason": {"type": "stop", "matched": None} if last else None}}
            sent, seen = text, k


def serve(argv=(), template=MAGISTRAL, markers=THINK, special=True, load=True, api="chat", model_type="mistral"):
    """SGLang's launch_server start-up, minus the scheduler and detokenizer processes: returns its
    OpenAIServingChat (api="responses": its OpenAIServingResponses, as launch_server builds both) and
    the fake engine (the tokenizer manager).  load=False: as in a tokenizer worker, which loads no
    plugins (what it knows of callsieve, the app it imported registered)."""
    from sglang.srt.entrypoints.openai.serving_chat import OpenAIServingChat
    from sglang.srt.entrypoints.openai.serving_responses import OpenAIServingResponses
    from sglang.srt.parser.template_manager import TemplateManager
    from sglang.srt.plugins import load_plugins
    from sglang.srt.runtime_context import SpawnRanks, get_model, get_serving, publish, reset_context
    from sglang.srt.server_args import prepare_server_args
    from transformers import AutoTokenizer

    from vllm_checks import probe_entry_points
    from vllm_serving import tokenizer_dir
    if load and not getattr(serve, "probed", False):   # callsieve's sglang.srt.plugins entry point, as installed
        probe_entry_points("sglang.srt.plugins")
        serve.probed = True
    if load:
        load_plugins()                         # as launch_server's __main__ does, before parsing
    model = tokenizer_dir(template, markers, special)
    server_args = prepare_server_args(["--model-path", model, "--tool-call-parser", "callsieve",
                                       "--reasoning-parser", "callsieve", "--device", "cpu", *argv])
    reset_context()
    publish(server_args, role="tokenizer", ranks=SpawnRanks(world_rank=0, dp_rank=None))
    manager = TokenizerManager(server_args, AutoTokenizer.from_pretrained(model))
    manager.model_config.hf_config.model_type = model_type     # "gpt_oss": SGLang's harmony paths
    templates = TemplateManager()
    templates.initialize_templates(tokenizer_manager=manager, model_path=get_model().model_path,
                                   chat_template=get_serving().chat_template)
    serving = OpenAIServingResponses if api == "responses" else OpenAIServingChat
    return serving(manager, templates), manager


def chat(serving, manager, output: list[str], **request) -> dict:
    """One Chat Completions request through OpenAIServingChat.handle_request: the response (streamed:
    the deltas folded into one message, plus the raw deltas)."""
    from sglang.srt.entrypoints.openai.protocol import ChatCompletionRequest
    manager.output = output
    req = ChatCompletionRequest(model=MODEL, messages=[{"role": "user", "content": "Weather in Paris?"}], **request)
    raw = SimpleNamespace(headers={})

    async def run():
        got = await serving.handle_request(req, raw)
        if not req.stream:
            return json.loads(got.body if hasattr(got, "body") else got.model_dump_json())
        frames = [f async for f in got.body_iterator]
        return fold(frames)
    return asyncio.run(run())


def respond(serving, manager, output: list[str], **request) -> dict:
    """One Responses API request through OpenAIServingResponses.create_responses: the response
    (streamed: the one in the response.completed event, plus the events)."""
    from sglang.srt.entrypoints.openai.protocol import ResponsesRequest
    manager.output = output
    req = ResponsesRequest(model=manager.served_model_name, input="Weather in Paris?", **request)

    async def run():
        got = await serving.create_responses(req, None)
        if not req.stream:
            return json.loads(got.body if hasattr(got, "body") else got.model_dump_json())
        events = [json.loads(line[6:]) for frame in [f async for f in got]
                  for line in (frame.decode() if isinstance(frame, bytes) else frame).splitlines()
                  if line.startswith("data: ") and line != "data: [DONE]"]
        done = [e for e in events if e.get("type") == "response.completed"]
        assert done, [e.get("type", e) for e in events][-5:]
        return {**done[-1]["response"], "events": events}
    return asyncio.run(run())


def fold(frames) -> dict:
    """SSE frames into {"content", "reasoning_content", "tool_calls", "finish_reason", "deltas"}."""
    out = {"content": "", "reasoning_content": "", "tool_calls": {}, "finish_reason": None, "deltas": []}
    for frame in frames:
        frame = frame.decode() if isinstance(frame, bytes) else frame
        for line in frame.splitlines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            data = json.loads(line[6:])
            assert "error" not in data, data
            for choice in data.get("choices", []):
                delta = choice.get("delta") or {}
                out["deltas"].append(delta)
                out["content"] += delta.get("content") or ""
                out["reasoning_content"] += delta.get("reasoning_content") or ""
                for call in delta.get("tool_calls") or []:
                    slot = out["tool_calls"].setdefault(call["index"], {"name": "", "arguments": ""})
                    fn = call.get("function") or {}
                    slot["name"] += fn.get("name") or ""
                    slot["arguments"] += fn.get("arguments") or ""
                out["finish_reason"] = choice.get("finish_reason") or out["finish_reason"]
    out["tool_calls"] = [out["tool_calls"][i] for i in sorted(out["tool_calls"])]
    return out
