"""vLLM's serving path from the HTTP request's object to the grammar, with only the engine faked.

`OpenAIServingChat.create_chat_completion` runs as `vllm serve` runs it: vLLM's OnlineRenderer
renders the chat template with a real (tiny, byte-level) Hugging Face tokenizer whose markers are
added tokens, the composed parser's `adjust_request` and `set_prompt_token_ids` run, and
`engine_client.generate` receives the prompt ids, the sampling params and the `reasoning_ended`
signal.  The fake engine client does what EngineCore does with them: a real v1 `Request`, vLLM's
StructuredOutputManager with the xgrammar backend deciding per step which output tokens the
grammar sees, and a scripted model output (one token per step) streamed back as RequestOutputs.
A token xgrammar rejects fails the request, as it would in the engine.
"""
from __future__ import annotations

import asyncio
import json
import tempfile
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest.mock import MagicMock

import spelled   # (tests/integrations is on the path: vllm_checks.py puts it there)

MODEL = "Qwen/Qwen3-8B"
SPECIAL = ["<think>", "</think>", "<tool_call>", "</tool_call>"]
# Qwen3's template, cut to what matters here: tools in the system turn, and an empty thinking block
# when enable_thinking is false.  OPENS opens the block in the prompt (Qwen3-Thinking, DeepSeek-R1).
QWEN3 = ("{% if tools %}<|im_start|>system\n# Tools\n{% for t in tools %}{{ t | tojson }}\n{% endfor %}<|im_end|>\n{% endif %}"
         "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
         "{% if add_generation_prompt %}<|im_start|>assistant\n"
         "{% if enable_thinking is defined and enable_thinking is false %}<think>\n\n</think>\n\n{% endif %}{% endif %}")
OPENS = QWEN3.replace("{% endif %}{% endif %}", "{% else %}<think>\n{% endif %}{% endif %}")


def tokenizer_dir(template: str, markers=SPECIAL, special=False) -> str:
    """A byte-level BPE tokenizer (no merges: one token per byte) with the markers as added tokens
    (special=True: special tokens, which a detokenizer skipping special tokens drops, as Magistral's [THINK])."""
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast
    vocab = {c: i for i, c in enumerate(sorted(pre_tokenizers.ByteLevel.alphabet()))}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>")
    fast.add_tokens([AddedToken(s, special=special, normalized=False) for s in markers])
    fast.add_tokens([AddedToken("<|im_start|>", special=False, normalized=False)])
    fast.chat_template = template
    d = tempfile.mkdtemp()
    fast.save_pretrained(d)
    with open(f"{d}/config.json", "w") as f:    # what vLLM's tokenizer loader reads of the model
        json.dump({"model_type": "qwen3", "architectures": ["Qwen3ForCausalLM"]}, f)
    return d


@dataclass
class ModelConfig:
    """The fields of vLLM's ModelConfig the serving and rendering code reads (as vLLM's own serving
    tests stand it in)."""
    tokenizer: str
    vocab_size: int = 0
    model: str = MODEL
    served_model_name: str = MODEL
    task = "generate"
    runner_type = "generate"
    trust_remote_code = False
    tokenizer_mode = "auto"
    max_model_len = 4096
    revision = None
    code_revision = None
    tokenizer_revision = None
    hf_config: Any = field(default_factory=lambda: SimpleNamespace(model_type="qwen3"))
    hf_text_config: Any = field(default_factory=lambda: SimpleNamespace(model_type="qwen3"))
    logits_processors = None
    allowed_local_media_path = ""
    allowed_media_domains = None
    encoder_config = None
    generation_config = "auto"
    media_io_kwargs: dict = field(default_factory=dict)
    skip_tokenizer_init = False
    is_encoder_decoder = False
    is_multimodal_model = False
    supports_multimodal_inputs = False
    enable_prompt_embeds = False
    renderer_num_workers = 1
    multimodal_config = None

    def get_diff_sampling_param(self):
        return {}

    def get_vocab_size(self):
        return self.vocab_size

    def get_multimodal_config(self):
        return None


class Engine:
    """The engine client: what `vllm serve`'s engine core does with a request, minus the model."""

    def __init__(self, model_config, renderer, reasoning_parser):
        from vllm.v1.structured_output import StructuredOutputManager
        self.model_config, self.renderer, self.errored = model_config, renderer, False
        self.output: list[str] = []          # the scripted model output (one token per step)
        self.calls: list[dict] = []          # what generate() was given
        self.grammar_saw: list[str] = []    # the tokens the last request's grammar was shown
        # the model's token ids: the tokenizer's (gpt-oss: its Harmony encoding's, which vLLM reads)
        self.encode = lambda text: renderer.tokenizer.encode(text, add_special_tokens=False)
        self.decode = renderer.tokenizer.decode
        self.manager = StructuredOutputManager(SimpleNamespace(
            model_config=model_config, speculative_config=None,
            parallel_config=SimpleNamespace(distributed_executor_backend="external_launcher"),
            scheduler_config=SimpleNamespace(max_num_seqs=1),
            structured_outputs_config=SimpleNamespace(reasoning_parser=reasoning_parser, reasoning_parser_plugin="",
                                                      enable_in_reasoning=False, disable_any_whitespace=False)))

    async def generate(self, engine_input, sampling_params, request_id, **kw):
        from vllm.outputs import CompletionOutput, RequestOutput
        from vllm.sampling_params import RequestOutputKind
        from vllm.v1.request import Request
        prompt = list(engine_input["prompt_token_ids"])
        self.calls.append({"prompt": prompt, "params": sampling_params, **kw})
        self.grammar_saw = []
        if sampling_params.structured_outputs is not None:
            sampling_params.structured_outputs._backend = "xgrammar"   # the engine's choice for "auto"
        req = Request(request_id, prompt, sampling_params, None, reasoning_ended=kw.get("reasoning_ended"),
                      reasoning_parser_kwargs=kw.get("reasoning_parser_kwargs"))
        if req.use_structured_output:
            self.manager.grammar_init(req)
            grammar = req.structured_output_request.grammar
            seen = []
            accept = grammar.accept_tokens
            grammar.accept_tokens = lambda rid, ids: seen.extend(ids) or accept(rid, ids)
        ids = [i for t in self.output for i in self.encode(t)]
        whole = sampling_params.output_kind == RequestOutputKind.FINAL_ONLY
        # each step's text is what its token adds to the text so far (`sent`): a character cut into
        # bytes waits for its last byte, as vLLM's detokenizer does
        sent = ""
        for k, tid in enumerate(ids):
            last = k == len(ids) - 1
            req.append_output_token_ids(tid)
            if req.use_structured_output:
                assert self.manager.accept_tokens(req, [tid]), \
                    f"xgrammar rejected {self.decode([tid])!r} after {self.decode(seen[:-1])!r}"
                self.grammar_saw = [self.decode([i]) for i in seen]
            if whole and not last:
                continue
            out_ids = ids if whole else [tid]
            text = self.decode(ids[:k + 1])
            text = text if last else text.rstrip("\ufffd")
            delta, sent = (text, text) if whole else (text[len(sent):], text)
            yield RequestOutput(request_id, None, prompt, None,
                                [CompletionOutput(0, delta, out_ids, None, None,
                                                  finish_reason="stop" if last else None)], finished=last)


def serving(template=QWEN3, tool_parser="callsieve", reasoning_parser="callsieve", strict_level=None, model=MODEL,
            model_type="qwen3", api="chat", markers=SPECIAL, special=False):
    """`vllm serve MODEL --enable-auto-tool-choice --tool-call-parser ... --reasoning-parser ...`'s
    OpenAIServingChat (api="responses": OpenAIServingResponses), its OnlineRenderer and HfRenderer
    real; the engine faked.  `markers`: the tokenizer's added tokens (`special`: as special tokens)."""
    from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat
    from vllm.entrypoints.openai.models.protocol import BaseModelPath
    from vllm.entrypoints.openai.models.serving import OpenAIServingModels
    from vllm.renderers.hf import HfRenderer
    from vllm.renderers.online_renderer import OnlineRenderer
    from vllm.tokenizers.registry import cached_tokenizer_from_config
    from vllm.v1.engine.async_llm import AsyncLLM

    from callsieve.integrations import vllm_plugin
    vllm_plugin.register()
    config = ModelConfig(tokenizer_dir(template, markers, special), model=model, served_model_name=model,
                         hf_config=SimpleNamespace(model_type=model_type), hf_text_config=SimpleNamespace(model_type=model_type))
    tokenizer = cached_tokenizer_from_config(config)
    config.vocab_size = len(tokenizer)
    renderer = HfRenderer(SimpleNamespace(model_config=config, parallel_config=SimpleNamespace(_api_process_rank=0)),
                          tokenizer)
    engine = Engine(config, renderer, reasoning_parser)
    client = MagicMock(spec=AsyncLLM)     # everything but generate() as vLLM's own serving tests have it
    client.errored, client.model_config, client.renderer, client.generate = False, config, renderer, engine.generate
    client.input_processor = MagicMock()
    flags = {"enable_auto_tools": True, "tool_parser": tool_parser, "reasoning_parser": reasoning_parser,
             "tool_strict_level": strict_level}
    online = OnlineRenderer(config, renderer, request_logger=None, chat_template=None,
                            chat_template_content_format="auto", **flags)
    models = OpenAIServingModels(engine_client=client, base_model_paths=[BaseModelPath(model, model)])
    if api == "responses":
        from vllm.entrypoints.openai.responses.serving import OpenAIServingResponses
        return OpenAIServingResponses(client, models, online_renderer=online, request_logger=None, chat_template=None,
                                      chat_template_content_format="auto", **flags), engine
    chat = OpenAIServingChat(client, models, "assistant", online_renderer=online, request_logger=None,
                             chat_template=None, chat_template_content_format="auto", **flags)
    return chat, engine


def respond(responses, engine, output: list[str], model, **request) -> dict:
    """One request through create_responses: the output items (streamed: from the completed event)."""
    from vllm.entrypoints.openai.responses.protocol import ResponsesRequest
    engine.output = output
    req = ResponsesRequest(model=model, input="Weather in Paris?", **request)

    async def run():
        got = await responses.create_responses(req)
        if not req.stream:
            return json.loads(got.model_dump_json())
        events = [e async for e in got]
        done = [e for e in events if getattr(e, "type", "") == "response.completed"]
        assert done, [getattr(e, "type", e) for e in events][-5:]
        return json.loads(done[-1].response.model_dump_json())
    return asyncio.run(run())


def complete(chat, engine, output: list[str], model=MODEL, **request) -> dict:
    """One request through create_chat_completion: the response as a client reads it (streamed
    ones folded back into one message; each SSE chunk carries at most one tool-call entry)."""
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    from vllm.entrypoints.serve.engine.protocol import ErrorResponse
    engine.output = output
    req = ChatCompletionRequest(model=model, messages=[{"role": "user", "content": "hi"}], **request)

    async def run():
        got = await chat.create_chat_completion(req)
        if isinstance(got, ErrorResponse):
            return {"error": got.error.message}
        if not req.stream:
            return json.loads(got.model_dump_json())["choices"][0]
        return fold([line async for line in got])
    return asyncio.run(run())


def fold(lines: list[str]) -> dict:
    msg, calls, finish = {"reasoning": "", "content": ""}, {}, None
    assert lines[-1] == "data: [DONE]\n\n", lines[-1]
    for line in lines[:-1]:
        chunk = json.loads(line[len("data: "):])
        assert "error" not in chunk, chunk
        if not chunk["choices"]:
            continue
        (choice,) = chunk["choices"]
        delta = choice["delta"]
        assert len(delta.get("tool_calls") or ()) <= 1, delta
        for k in ("reasoning", "content"):
            msg[k] += delta.get(k) or ""
        for tc in delta.get("tool_calls") or ():
            if tc["index"] not in calls:
                assert tc["id"] and tc["function"]["name"], tc
                calls[tc["index"]] = {"function": {"name": tc["function"]["name"], "arguments": ""}}
            calls[tc["index"]]["function"]["arguments"] += tc["function"].get("arguments") or ""
        finish = choice.get("finish_reason") or finish
    msg["tool_calls"] = [calls[i] for i in sorted(calls)]
    return {"message": msg, "finish_reason": finish}


NAMES = ["serve_json_prompt_opens_thinking", "serve_json_no_thinking", "serve_json_thinking_off",
         "serve_required_tool", "serve_named_tool", "serve_strict_tools", "serve_auto_tools",
         "serve_thinking_token_budget", "serve_gpt_oss_responses", "serve_gpt_oss_chat"] + spelled.VLLM
JSON = ['{"a": 1}']
GPT_OSS = "openai/gpt-oss-20b"
HARMONY = ('<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary '
           'to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>')
MISTRAL = "mistralai/Mistral-Small-3.2-24B-Instruct-2506"   # a family vLLM has no structural tag for
WEATHER = {"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


def checks():
    from callsieve.integrations.vllm import requests as vllm_requests

    def fresh(template=QWEN3, **kw):
        vllm_requests._sessions.clear()     # a new server: its model's session seeded from this template
        return serving(template, **kw)

    def both(chat, engine, output, **request):
        """The request streamed and not: the same message, and what the engine was given each time."""
        got = []
        for stream in (False, True):
            r = complete(chat, engine, output, stream=stream, **request)
            assert "error" not in r, r
            m = r["message"]
            calls = [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in m.get("tool_calls") or ()]
            got.append(((m.get("reasoning") or ""), (m.get("content") or ""), calls, r["finish_reason"],
                        engine.calls[-1].get("reasoning_ended"), "".join(engine.grammar_saw)))
        assert got[0] == got[1], f"whole {got[0]} != streamed {got[1]}"
        return got[0]

    def serve_json_prompt_opens_thinking():
        # the template opened <think>: vLLM is told reasoning has not ended, the grammar starts after </think>
        chat, engine = fresh(OPENS)
        got = both(chat, engine, ["Weighing", " it.", "</think>", *JSON], response_format={"type": "json_object"})
        assert got == ("Weighing it.", '{"a": 1}', [], "stop", False, '{"a": 1}'), got

    def serve_json_no_thinking():
        # no thinking block in the output: the grammar is shown the answer from its first token
        chat, engine = fresh()
        got = both(chat, engine, JSON, response_format={"type": "json_object"})
        assert got == ("", '{"a": 1}', [], "stop", None, '{"a": 1}'), got
        got = both(chat, engine, ["<think>", "hm", "</think>", *JSON], response_format={"type": "json_object"})
        assert got == ("hm", '{"a": 1}', [], "stop", None, '{"a": 1}'), got

    def serve_json_thinking_off():
        chat, engine = fresh()
        got = both(chat, engine, JSON, response_format={"type": "json_object"},
                   chat_template_kwargs={"enable_thinking": False})
        assert got == ("", '{"a": 1}', [], "stop", True, '{"a": 1}'), got
        assert engine.renderer.tokenizer.decode(engine.calls[-1]["prompt"]).endswith("<think>\n\n</think>\n\n")

    def serve_required_tool():
        # tool_choice "required", after the thinking when there is some.  A Qwen3 model: hermes's
        # structural tag, as vLLM's hermes parser sends; a family vLLM has no tag for: its JSON list.
        hermes = ["<tool_call>", '\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n', "</tool_call>"]
        listed = '[{"name": "get_weather", "parameters": {"city": "Paris"}}]'
        for model, call in ((MODEL, hermes), (MISTRAL, [listed])):
            chat, engine = fresh(model=model)
            for output, reasoning in ((call, ""), (["<think>", "hm", "</think>", *call], "hm")):
                got = both(chat, engine, output, model=model, tools=[WEATHER], tool_choice="required")
                assert got[:4] == (reasoning, "", [("get_weather", {"city": "Paris"})], "tool_calls"), (model, got)
                assert got[5] == "".join(call), (model, got)

    def serve_named_tool():
        named = {"type": "function", "function": {"name": "get_weather"}}
        hermes = ["<tool_call>", '\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n', "</tool_call>"]
        for model, call in ((MODEL, hermes), (MISTRAL, ['{"city": "Paris"}'])):
            chat, engine = fresh(OPENS, model=model)
            got = both(chat, engine, ["Paris.", "</think>", *call], model=model, tools=[WEATHER], tool_choice=named)
            assert got[:3] == ("Paris.", "", [("get_weather", {"city": "Paris"})]), (model, got)
            assert got[5] == "".join(call), (model, got)

    def serve_strict_tools():
        # strict: true on a Qwen3 model: the engine gets hermes's structural tag and xgrammar accepts the call
        chat, engine = fresh(strict_level=None)
        strict = {**WEATHER, "function": {**WEATHER["function"], "strict": True}}
        call = ["<tool_call>", *'\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n', "</tool_call>"]
        got = both(chat, engine, call, tools=[strict])
        tag = engine.calls[-1]["params"].structured_outputs
        assert tag is not None and tag.structural_tag and "<tool_call>" in tag.structural_tag, tag
        assert got[2:4] == ([("get_weather", {"city": "Paris"})], "tool_calls"), got
        # --tool-strict-level function: the same tag for tools that do not say strict
        chat, engine = fresh(strict_level="function")
        got = both(chat, engine, call, tools=[WEATHER])
        tag = engine.calls[-1]["params"].structured_outputs
        assert tag is not None and tag.structural_tag and "<tool_call>" in tag.structural_tag, tag
        assert got[2:4] == ([("get_weather", {"city": "Paris"})], "tool_calls"), got

    def serve_auto_tools():
        chat, engine = fresh()
        out = ["<think>", "Paris", ".", "</think>", "\n\n", "Sure", ".", "<tool_call>",
               *'\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n', "</tool_call>"]
        got = both(chat, engine, out, tools=[WEATHER])
        assert got[:4] == ("Paris.", "Sure.", [("get_weather", {"city": "Paris"})], "tool_calls"), got
        params = engine.calls[-1]["params"]
        assert params.skip_special_tokens is False, params    # the markers are added tokens: kept in the text

    def serve_thinking_token_budget():
        # vLLM's engine rejects thinking_token_budget unless its ReasoningConfig (built from
        # --reasoning-parser) is enabled: the markers come from the parser, ids from the real tokenizer
        from vllm.config.reasoning import ReasoningConfig
        chat, engine = fresh()
        config = ReasoningConfig(reasoning_parser="callsieve")
        config.initialize_token_ids(engine.model_config)
        tok = engine.renderer.tokenizer
        assert config.enabled, config
        assert config.reasoning_start_token_ids == [tok.convert_tokens_to_ids("<think>")], config
        assert config.reasoning_end_token_ids == [tok.convert_tokens_to_ids("</think>")], config
        got = both(chat, engine, ["<think>", "hm", "</think>", "Hi", "."], thinking_token_budget=8)
        assert got[:2] == ("hm", "Hi."), got
        assert engine.calls[-1]["params"].thinking_token_budget == 8

    def gpt_oss(api):
        # gpt-oss with callsieve's flags: vLLM's HarmonyParser serves it, on the Harmony encoding's token ids
        from openai_harmony import HarmonyEncodingName, load_harmony_encoding
        harmony = load_harmony_encoding(HarmonyEncodingName.HARMONY_GPT_OSS)
        vllm_requests._sessions.clear()
        served, engine = serving(model=GPT_OSS, model_type="gpt_oss", api=api)
        engine.encode = lambda text: harmony.encode(text, allowed_special="all")
        engine.decode = harmony.decode
        return served, engine

    def serve_gpt_oss_responses():
        responses, engine = gpt_oss("responses")
        tools = [{"type": "function", "name": "get_weather", "parameters": WEATHER["function"]["parameters"]}]
        for stream in (False, True):
            got = respond(responses, engine, [HARMONY], GPT_OSS, tools=tools, stream=stream)
            items = [(i["type"], i.get("name"), i.get("arguments"), [c["text"] for c in i.get("content") or ()])
                     for i in got["output"]]
            assert items == [("reasoning", None, None, ["Need the weather."]),
                             ("function_call", "get_weather", '{"city": "Paris"}', [])], (stream, items)

    def serve_gpt_oss_chat():
        chat, engine = gpt_oss("chat")
        got = both(chat, engine, [HARMONY], model=GPT_OSS, tools=[WEATHER])
        assert got[:4] == ("Need the weather.", "", [("get_weather", {"city": "Paris"})], "tool_calls"), got

    def spelled_check(family, api):
        """The family's call as its special tokens: the call; the same text spelled with ordinary
        tokens (a quoted page): content, whole, no call; streamed and not (Chat, Responses)."""
        call, _ = spelled.FAMILIES[family]
        vllm_requests._sessions.clear()
        served, engine = serving(api=api, markers=SPECIAL + spelled.MARKERS, special=True)
        engine.encode = spelled.spelled_encoder(engine.encode)
        quoted = spelled.QUOTE + call
        if api == "chat":
            got = both(served, engine, ["Sure. ", call], tools=[WEATHER])
            assert got[:4] == ("", "Sure.", [spelled.PARIS], "tool_calls"), got
            got = both(served, engine, [spelled.Spelled(quoted)], tools=[WEATHER])
            assert got[:4] == ("", quoted, [], "stop"), got
            return
        tools = [{"type": "function", "name": "get_weather", "parameters": WEATHER["function"]["parameters"]}]
        for stream in (False, True):
            for output, want in ((["Sure. ", call], [("message", "Sure.", None), ("function_call", None, spelled.PARIS)]),
                                 ([spelled.Spelled(quoted)], [("message", quoted, None)])):
                got = respond(served, engine, output, MODEL, tools=tools, stream=stream)
                items = [(i["type"], "".join(c["text"] for c in i.get("content") or ()).strip() or None,
                          (i["name"], json.loads(i["arguments"])) if i["type"] == "function_call" else None)
                         for i in got["output"] if i["type"] != "reasoning"]
                assert items == want, (stream, items)

    found = locals()
    for family in spelled.FAMILIES:
        for api in ("chat", "responses"):
            found[f"serve_spelled_{family}_{api}"] = lambda f=family, a=api: spelled_check(f, a)
    return {n: found[n] for n in NAMES}
