"""Checks of the vLLM code around the parser, with only the engine faked (run by vllm_checks.py).

The structured-output gate is vLLM's own StructuredOutputManager deciding, step by step, which
output tokens its grammar sees (a recording grammar stands in for xgrammar); `vllm serve`'s own
argument parsing and validation; the thinking budget's ReasoningConfig; the Responses API's
HarmonyContext for gpt-oss; the strict-tools structural tag; vLLM's tool-parser test contract
over every family callsieve reads; a spawned API-server process finding the plugin.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

NAMES = ["serve_args", "serve_args_rust_frontend", "gate_prompt_opens_thinking", "gate_no_thinking",
         "gate_thinking_in_output", "gate_thinking_off_in_prompt", "gate_speculative", "thinking_token_budget",
         "gpt_oss_chat_and_responses", "strict_tools_tag", "strict_tools_without_tag", "tool_contract_families",
         "api_server_processes"]


class RecordingGrammar:
    """What the grammar was shown: vLLM calls accept_tokens with the tokens it constrains."""

    def __init__(self):
        self.seen: list[int] = []

    def accept_tokens(self, request_id, tokens):
        self.seen.extend(tokens)
        return True

    def validate_tokens(self, tokens):
        return list(tokens)

    def rollback(self, n):
        del self.seen[len(self.seen) - n:]

    def is_terminated(self):
        return False


def api_server(args, probe_dir: str, index: int):
    """One spawned API server process, up to its parser (run_server_worker's steps before the engine)."""
    sys.path.insert(0, probe_dir)    # where the pyproject's entry points are declared for this run
    from vllm.engine.arg_utils import AsyncEngineArgs
    from vllm.entrypoints.common.cli_args import init_parser_plugin
    from vllm.parser import ParserManager
    init_parser_plugin(args)
    AsyncEngineArgs.from_cli_args(args)
    c = ParserManager.get_parser(tool_parser_name=args.tool_call_parser, reasoning_parser_name=args.reasoning_parser,
                                 enable_auto_tools=args.enable_auto_tool_choice)
    return index, c.__mro__[1].__name__


def checks(Tokenizer, unified, request, TOOLS):
    from vllm.sampling_params import SamplingParams, StructuredOutputsParams
    from vllm.v1.request import Request
    from vllm.v1.structured_output import StructuredOutputManager
    from vllm.v1.structured_output.request import StructuredOutputRequest

    think = ["<think>", "</think>"]

    def serve(output, prompt, tok=None, kwargs=None, spec=1):
        """One request through the frontend's reasoning_ended and the engine's gate: the ids the
        grammar saw.  `output` is the tokens' texts; `spec` tokens are committed per step."""
        tok = tok or Tokenizer(think)
        req = request(response_format={"type": "json_object"}, chat_template_kwargs=kwargs)
        parser = unified()(tok, TOOLS, chat_template_kwargs=kwargs or {})
        req = parser.adjust_request(req)
        prompt_ids = [tok.id(p) for p in prompt]
        ended = req.resolve_reasoning_ended(parser, prompt_ids)            # what serving sends
        manager = object.__new__(StructuredOutputManager)
        from callsieve.integrations.vllm import CallsieveReasoningParser
        manager.reasoner_cls, manager.tokenizer, manager.enable_in_reasoning = CallsieveReasoningParser, tok, False
        grammar = RecordingGrammar()
        # the engine's own Request, as the scheduler holds it (the manager reads its token lists
        # through views that differ between vLLM versions); only its grammar is the recording one
        engine_req = Request("r", list(prompt_ids), SamplingParams(structured_outputs=StructuredOutputsParams(
            json_object=True)), None, reasoning_ended=ended,
            reasoning_parser_kwargs={"chat_template_kwargs": kwargs or {}})
        assert isinstance(engine_req.structured_output_request, StructuredOutputRequest)
        engine_req.structured_output_request._grammar = grammar
        ids = [tok.id(t) for t in output]
        for k in range(0, len(ids), spec):
            new = ids[k:k + spec]
            engine_req.append_output_token_ids(new)
            assert manager.accept_tokens(engine_req, new)
        return [tok.rev[i] for i in grammar.seen], ended

    def gate_prompt_opens_thinking():
        # the template opened <think>: the grammar starts after the model's </think>, never inside
        seen, ended = serve(["Weighing", " it.", "</think>", '{"a"', ": 1}"], ["hi", "<|im_start|>assistant\n", "<think>"])
        assert not ended, ended
        assert seen == ['{"a"', ": 1}"], seen

    def gate_no_thinking():
        # no thinking block in the output: the grammar sees the answer from its first token
        seen, ended = serve(['{"a":', " 1}"], ["hi", "<|im_start|>assistant\n"])
        assert seen == ['{"a":', " 1}"], seen
        seen, _ = serve(["\n", '{"a":', " 1}"], ["hi", "<|im_start|>assistant\n"])
        assert seen == ['{"a":', " 1}"], seen

    def gate_thinking_in_output():
        seen, _ = serve(["<think>", "hm", "</think>", "\n", '{"a":', " 1}"], ["hi", "<|im_start|>assistant\n"])
        assert seen == ["\n", '{"a":', " 1}"], seen

    def gate_thinking_off_in_prompt():
        # enable_thinking false: the template wrote an empty block, the grammar constrains from the start
        seen, ended = serve(['{"a":', " 1}"], ["hi", "<|im_start|>assistant\n", "<think>", "\n\n", "</think>", "\n\n"])
        assert ended is True and seen == ['{"a":', " 1}"], (ended, seen)
        seen, ended = serve(['{"a":', " 1}"], ["hi", "<|im_start|>assistant\n"], kwargs={"enable_thinking": False})
        assert ended is True and seen == ['{"a":', " 1}"], (ended, seen)

    def gate_speculative():
        # several tokens committed per step (speculative decoding)
        seen, _ = serve(["Weighing", " it.", "</think>", '{"a"', ": 1", "}"], ["hi", "<think>"], spec=3)
        assert seen == ['{"a"', ": 1", "}"], seen
        seen, _ = serve(['{"a"', ": 1", "}"], ["hi"], spec=2)
        assert seen == ['{"a"', ": 1", "}"], seen

    def serve_args():
        # `vllm serve`'s own parser and checks, after the plugin registered the names
        from vllm.entrypoints.common.cli_args import make_arg_parser, validate_api_server_args, validate_parsed_serve_args
        from vllm.engine.arg_utils import EngineArgs
        from vllm.utils.argparse_utils import FlexibleArgumentParser
        from callsieve.integrations import vllm_plugin
        vllm_plugin.register()
        args = make_arg_parser(FlexibleArgumentParser()).parse_args(
            ["--model", "Qwen/Qwen3-8B", "--enable-auto-tool-choice", "--tool-call-parser", "callsieve",
             "--reasoning-parser", "callsieve", "--tool-strict-level", "function", "--api-server-count", "2"])
        validate_parsed_serve_args(args)
        engine_args = EngineArgs.from_cli_args(args)
        engine_args._set_default_reasoning_config_args()
        args.structured_outputs_config = SimpleNamespace(reasoning_parser=engine_args.reasoning_parser)
        validate_api_server_args(args)
        assert engine_args.reasoning_config.reasoning_parser == "callsieve", engine_args.reasoning_config
        assert args.tool_call_parser == "callsieve" and args.api_server_count == 2

    def serve_args_rust_frontend():
        from callsieve.integrations import vllm_plugin
        argv = ["vllm", "serve", "m", "--enable-auto-tool-choice", "--tool-call-parser", "callsieve"]
        try:
            vllm_plugin.refuse_rust_frontend(argv, {"VLLM_USE_RUST_FRONTEND": "1"})
        except SystemExit as e:
            assert vllm_plugin.PROXY in str(e) and "unset VLLM_USE_RUST_FRONTEND" in str(e), e
        else:
            raise AssertionError("the Rust frontend was let start with callsieve")
        vllm_plugin.refuse_rust_frontend(argv, {"VLLM_USE_RUST_FRONTEND": "0"})
        vllm_plugin.refuse_rust_frontend(["vllm", "serve", "m", "--reasoning-parser=qwen3"], {"VLLM_USE_RUST_FRONTEND": "1"})
        # through vLLM's plugin loader (which logs and swallows a plugin's Exception): the start-up stops
        code = ("import sys; sys.path.insert(0, sys.argv[1])\n"
                "sys.argv = ['vllm', 'serve', 'm', '--reasoning-parser=callsieve']\n"
                "from vllm.plugins import load_general_plugins\n"
                "load_general_plugins()\n")
        run = subprocess.run([sys.executable, "-c", code, os.environ.get("CALLSIEVE_PROBE_DIR") or ""],
                             capture_output=True, text=True, env={**os.environ, "VLLM_USE_RUST_FRONTEND": "1"})
        assert run.returncode != 0 and vllm_plugin.PROXY in run.stderr, (run.returncode, run.stderr[-500:])

    def thinking_token_budget():
        # vLLM derives the budget's markers from the reasoning parser (ReasoningConfig.initialize_token_ids)
        import vllm.config.reasoning as rc
        from callsieve.integrations import vllm_plugin
        vllm_plugin.register()
        for special, start, end in ((think, "<think>", "</think>"), (["[THINK]", "[/THINK]"], "[THINK]", "[/THINK]")):
            tok = Tokenizer(special)
            saved = rc.cached_tokenizer_from_config
            rc.cached_tokenizer_from_config = lambda model_config: tok
            try:
                config = rc.ReasoningConfig(reasoning_parser="callsieve")
                config.initialize_token_ids(model_config=None)
            finally:
                rc.cached_tokenizer_from_config = saved
            assert config.enabled, config
            assert config.reasoning_start_token_ids == [tok.id(start)] and config.reasoning_end_token_ids == [tok.id(end)]
        from callsieve.integrations.vllm import CallsieveReasoningParser
        none = CallsieveReasoningParser(Tokenizer())    # no thinking tokens: vLLM asks for --reasoning-config
        assert none.reasoning_start_str is None and none.reasoning_end_str is None

    def gpt_oss_chat_and_responses():
        # gpt-oss: callsieve's flags compose vLLM's HarmonyParser, which the Responses API requires
        from unittest.mock import MagicMock
        from vllm.entrypoints.openai.models.protocol import BaseModelPath
        from vllm.entrypoints.openai.models.serving import OpenAIServingModels
        from vllm.entrypoints.openai.responses.context import HarmonyContext
        from vllm.entrypoints.openai.responses.serving import OpenAIServingResponses
        from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat
        from vllm.parser.harmony import HarmonyParser
        from callsieve.integrations import vllm_plugin
        vllm_plugin.register()
        engine = MagicMock()
        engine.errored = False
        engine.model_config = MagicMock(model="openai/gpt-oss-20b", served_model_name="openai/gpt-oss-20b",
                                        hf_config=SimpleNamespace(model_type="gpt_oss"), max_model_len=4096,
                                        generation_config="auto")
        engine.model_config.get_diff_sampling_param.return_value = {}
        tok = Tokenizer(["<|channel|>", "<|message|>", "<|call|>", "<|end|>", "<|start|>", "<|constrain|>"])
        engine.renderer.tokenizer = tok
        models = OpenAIServingModels(engine_client=engine, base_model_paths=[BaseModelPath("gpt-oss", "openai/gpt-oss-20b")])
        responses = OpenAIServingResponses(engine, models, online_renderer=MagicMock(), request_logger=None,
                                           chat_template=None, chat_template_content_format="auto",
                                           reasoning_parser="callsieve", enable_auto_tools=True, tool_parser="callsieve")
        assert issubclass(responses.parser, HarmonyParser), responses.parser
        parser = responses.parser(tok, [])
        HarmonyContext([], [], frozenset(), response_parser=parser)     # asserted a HarmonyParser before
        chat = OpenAIServingChat(engine, models, "assistant", online_renderer=MagicMock(), request_logger=None,
                                 chat_template=None, chat_template_content_format="auto", enable_auto_tools=True,
                                 tool_parser="callsieve", reasoning_parser="callsieve")
        assert issubclass(chat.parser_cls, HarmonyParser), chat.parser_cls
        chat.parser_cls(tok, [])   # HarmonyParser checks it was given vLLM's gpt-oss parsers

    def tagged_parser(model):
        class Config:
            served_model_name = model
        tok = Tokenizer(["<tool_call>", "</tool_call>", *think])
        from vllm.parser import ParserManager
        cls = ParserManager.get_parser(tool_parser_name="callsieve", reasoning_parser_name="callsieve",
                                       enable_auto_tools=True, tool_strict_level="auto")
        return cls, tok, Config()

    def strict_tools_tag():
        # strict: true, on a model whose family vLLM has a grammar for (Qwen3: hermes), as with hermes
        cls, tok, config = tagged_parser("Qwen/Qwen3-8B")
        strict = [{**t, "function": {**t["function"], "strict": True}} for t in TOOLS]
        req = cls(tok, strict, model_config=config).adjust_request(request(tools=strict))
        tag = req.structured_outputs and req.structured_outputs.structural_tag
        assert tag and "<tool_call>" in tag, req.structured_outputs
        # "required" with the tag: the calls come in the family's syntax, and callsieve reads them
        req = cls(tok, TOOLS, model_config=config).adjust_request(request(tool_choice="required"))
        assert req.structured_outputs.structural_tag, req.structured_outputs
        text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
        _, _, calls = cls(tok, TOOLS, model_config=config).parse(text, req, enable_auto_tools=True)
        assert [(c.name, json.loads(c.arguments)) for c in calls] == [("get_weather", {"city": "Paris"})], calls
        # no strict tool, tool_choice auto, --tool-strict-level auto: no constraint (vLLM's rule)
        req = cls(tok, TOOLS, model_config=config).adjust_request(request())
        assert req.structured_outputs is None or not req.structured_outputs.structural_tag

    def strict_tools_without_tag():
        import logging
        cls, tok, config = tagged_parser("mistralai/Mistral-Small-3.2-24B-Instruct-2506")
        strict = [{**t, "function": {**t["function"], "strict": True}} for t in TOOLS]
        records = []
        handler = logging.Handler()
        handler.emit = records.append
        logging.getLogger("callsieve").addHandler(handler)
        logging.disable(logging.NOTSET)
        try:
            req = cls(tok, strict, model_config=config).adjust_request(request(tools=strict))
        finally:
            logging.getLogger("callsieve").removeHandler(handler)
            logging.disable(logging.WARNING)
        assert req.structured_outputs is None or not req.structured_outputs.structural_tag
        assert any("not enforced" in r.getMessage() for r in records), [r.getMessage() for r in records]

    def tool_contract_families():
        # vLLM's own run_tool_extraction (its tests/tool_parsers/utils.py, from the sdist: bench/peers_setup.sh),
        # whole and one token per delta, over the samples of every format callsieve reads; and the same
        # stream closed by finish_streaming, as vLLM's serving layer closes an engine-based parser
        sys.path.insert(0, ROOT)
        from bench.vllm_contract import MarkerTokenizer, default_request, extract, same_calls
        from tests.corpus import SAMPLES
        from vllm.tool_parsers import ToolParserManager
        from callsieve.integrations.vllm.requests import MARKERS
        cls, bad = ToolParserManager.get_tool_parser("callsieve"), []
        for fmt, text, want in SAMPLES:
            tools = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}}
                     for n in sorted({n for n, _ in want})]
            # A fenced call is the call only where the turn ends with it (issue 35): streamed, it is
            # held until finish_streaming (which vLLM's helper never calls), and then comes whole.
            fenced = fmt in ("fenced_json", "tool_code")
            for streaming, finish in ((False, False), (True, False), (True, True)):
                parser = cls(MarkerTokenizer(MARKERS), tools)
                try:
                    _, got = extract(parser, text, default_request(tools), streaming=streaming, finish=finish,
                                     one_entry_per_delta=not (fenced and finish))
                except AssertionError as e:
                    got = f"{type(e).__name__}: {e}"
                if not same_calls(got, [] if fenced and streaming and not finish else want):
                    bad.append((fmt, streaming, finish, text[:60], got))
        assert not bad, bad
        assert len({f for f, _, _ in SAMPLES}) >= 30

    def api_server_processes():
        # --api-server-count 2: `vllm serve` parses its flags once and hands the Namespace to API server
        # processes it spawns; each runs what run_server_worker does before the engine exists
        # (init_parser_plugin, AsyncEngineArgs.from_cli_args, whose __post_init__ loads the general
        # plugins through the pyproject's entry point) and composes the parser from those flags.
        import multiprocessing
        from vllm.entrypoints.common.cli_args import make_arg_parser
        from vllm.utils.argparse_utils import FlexibleArgumentParser
        args = make_arg_parser(FlexibleArgumentParser()).parse_args(
            ["--model", "Qwen/Qwen3-8B", "--enable-auto-tool-choice", "--tool-call-parser", "callsieve",
             "--reasoning-parser", "callsieve", "--api-server-count", "2"])
        spawn = multiprocessing.get_context("spawn")
        with spawn.Pool(args.api_server_count) as pool:
            got = pool.starmap(api_server, [(args, os.environ.get("CALLSIEVE_PROBE_DIR") or "", i)
                                            for i in range(args.api_server_count)])
        assert got == [(0, "CallsieveParser"), (1, "CallsieveParser")], got

    found = locals()
    return {n: found[n] for n in NAMES}
