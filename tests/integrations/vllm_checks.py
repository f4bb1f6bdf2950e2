"""Checks of callsieve's vLLM parser against the real vLLM code (0.34, and 0.33 the minimum), run by the peers venv's python.

`python vllm_checks.py` prints one JSON object {check: "ok" | what went wrong}; test_vllm.py runs it
(vLLM is not in the project's venv) and turns each entry into a test.  CHECKS, the names, is plain
data so pytest can list the tests without importing vLLM.

Streams are driven the way vLLM's serving layer drives a parser: ChatStreamProcessor.step per engine
step (OpenAIServingChat's streaming loop), with the delta text, its token ids, the finish reason on
the last step and the prompt ids; the legacy ToolParser path gets previous/current/delta text and ids.
"""
from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import traceback

WEATHER = {"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}}}
TIME = {"type": "function", "function": {"name": "get_time", "parameters": {
    "type": "object", "properties": {"zone": {"type": "string"}}}}}
TOOLS = [WEATHER, TIME]
PARIS = ("get_weather", {"city": "Paris"})

# name: (model output, expected (reasoning, content, calls))
STREAMS = {
    "hermes": ('Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
               ("", "Let me check.", [PARIS])),
    "mistral": ('[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]', ("", "", [PARIS])),
    "mistral_args": ('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}', ("", "", [PARIS])),
    "llama3": ('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}', ("", "", [PARIS])),
    "qwen3_coder": ('<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n'
                    '<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>',
                    ("", "", [("get_weather", {"city": "Paris", "days": 3})])),
    "deepseek_v3": ('Sure.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n'
                    '{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>', ("", "Sure.", [PARIS])),
    "harmony": ('<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary '
                'to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>',
                ("Need the weather.", "", [PARIS])),
    "think_call": ('<think>\nThe user wants Paris weather.\n</think>\n\n<tool_call>\n{"name": "get_weather", '
                   '"arguments": {"city": "Paris"}}\n</tool_call>', ("The user wants Paris weather.", "", [PARIS])),
    "call_in_open_think": ('<think>Paris, then.<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}'
                           '</tool_call>', ("Paris, then.", "", [PARIS])),
    "parallel": ('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n'
                 '<tool_call>{"name": "get_time", "arguments": {"zone": "CET"}}</tool_call>',
                 ("", "", [PARIS, ("get_time", {"zone": "CET"})])),
    "prose_only": ("No tools needed: <b>4</b> is the answer, and [1, 2] a list.",
                   ("", "No tools needed: <b>4</b> is the answer, and [1, 2] a list.", [])),
    "undeclared": ('<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>',
                   ("", '<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>', [])),
}
CUT = 'Checking.<tool_call>{"name": "get_weather", "arguments": {"city": "Par'

CHECKS = (["vllm_version", "entry_point_loads", "tool_parser_plugin_flag", "managers_return_it", "compose_unified", "compose_mixed",
           "compose_mixed_reasoning", "structured_output_gate"]
          + [f"stream_{n}" for n in STREAMS]
          + [f"legacy_{n}" for n in ("hermes", "qwen3_coder", "parallel", "mistral_args")]
          + ["cut_off_call", "bad_tool_list", "tool_choice_none", "no_tools_declared", "parallel_false", "thinking_off", "reasoning_effort_none",
             "prompt_opens_thinking", "include_reasoning_false", "reasoning_only", "reasoning_after_content", "session_seeded",
             "adjust_request", "required_goes_to_vllm", "serving_chat_sse", "serving_chat_whole"])

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vllm_paths  # noqa: E402  (the paths around the parser; plain data at import)
import vllm_serving  # noqa: E402  (create_chat_completion to the grammar, only the engine faked)

CHECKS += vllm_paths.NAMES + vllm_serving.NAMES


class Tokenizer:
    """Enough of a tokenizer: one id per distinct chunk; `special` are added (special) tokens."""

    def __init__(self, special=()):
        self.special = {t: 100 + i for i, t in enumerate(special)}
        self.ids, self.rev = dict(self.special), {i: t for t, i in self.special.items()}

    def id(self, text):
        if text not in self.ids:
            self.ids[text] = 1000 + len(self.ids)
            self.rev[self.ids[text]] = text
        return self.ids[text]

    def encode(self, text, add_special_tokens=False):
        return [self.id(text)]

    def decode(self, ids, skip_special_tokens=False, **kw):
        return "".join(self.rev.get(i, "") for i in ids
                       if not (skip_special_tokens and self.rev.get(i) in self.special))

    def get_vocab(self):
        return dict(self.ids)

    def get_added_vocab(self):
        return dict(self.special)

    @property
    def all_special_tokens(self):
        return list(self.special)

    def __len__(self):
        return len(self.ids)


def probe_entry_points(group):
    """Put the entry points of `group` exactly as pyproject.toml declares them where importlib.metadata
    looks (a dist-info on sys.path), so the engine's own loader finds them without an install."""
    import tomllib
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        eps = tomllib.load(f)["project"]["entry-points"][group]
    d = tempfile.mkdtemp()
    info = os.path.join(d, "callsieve_probe-0.dist-info")
    os.makedirs(info)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write("Metadata-Version: 2.1\nName: callsieve-probe\nVersion: 0\n")
    with open(os.path.join(info, "entry_points.txt"), "w") as f:
        f.write(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()))
    sys.path.insert(0, d)
    os.environ["CALLSIEVE_PROBE_DIR"] = d


def chunks(text, seed):
    rnd, out, i = random.Random(seed), [], 0
    while i < len(text):
        n = rnd.randint(1, 8)
        out.append(text[i:i + n])
        i += n
    return out


def request(**kw):
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    kw.setdefault("tools", TOOLS)
    return ChatCompletionRequest(model="m", messages=[{"role": "user", "content": "hi"}], **kw)


def unified(tools=True, reasoning=True):
    from vllm.parser import ParserManager
    return ParserManager.get_parser(tool_parser_name="callsieve" if tools else None,
                                    reasoning_parser_name="callsieve" if reasoning else None,
                                    enable_auto_tools=tools, tokenizer=Tokenizer())


def stream(text, req, seed=0, cls=None, tok=None, prompt="<|im_start|>assistant\n", model_config=None, parts=None):
    """OpenAIServingChat's per-choice loop; returns (reasoning, content, calls, the raw deltas, finish)."""
    from vllm.entrypoints.openai.chat_completion.stream_processor import ChatStreamProcessor
    cls = cls or unified()
    tok = tok or Tokenizer()
    kwargs = req.build_chat_params(None, "auto").chat_template_kwargs
    parser = cls(tok, req.tools, chat_template_kwargs=kwargs, model_config=model_config)
    proc = ChatStreamProcessor(req, parser, enable_auto_tools=True, parser_cls=cls)
    parts = parts or chunks(text, seed)
    deltas, finish = [], None
    for k, part in enumerate(parts):
        last = k == len(parts) - 1
        d, finish = proc.step(part, [tok.id(part)], "stop" if last else None, [tok.id(prompt)])
        deltas.append(d)
    return fold(deltas) + (deltas, finish)


def fold(deltas):
    """What an OpenAI client rebuilds; checks vLLM's call-delta order on the way."""
    reasoning, content, calls = [], [], {}
    for d in deltas:
        if d is None:
            continue
        reasoning.append(d.reasoning or "")
        content.append(d.content or "")
        for tc in d.tool_calls:
            f = tc.function if isinstance(tc.function, dict) else (tc.function.model_dump() if tc.function else {})
            if tc.index not in calls:
                # the name comes first: in the call's first entry (arguments may ride along, as in
                # vLLM's guided-JSON path; callsieve sends them in the next entry, as hermes does)
                assert tc.id and tc.type == "function" and f.get("name"), f"first delta of a call lacks id/name: {tc}"
                calls[tc.index] = [tc.id, f["name"], f.get("arguments") or ""]
            else:
                assert tc.id is None and not f.get("name"), f"a call's id or name sent twice: {tc}"
                calls[tc.index][2] += f.get("arguments") or ""
    return "".join(reasoning), "".join(content), [calls[i] for i in sorted(calls)]


def named(calls):
    return [(name, json.loads(args)) for _, name, args in calls]


def check_stream(name):
    from callsieve import parse
    text, (reasoning, content, calls) = STREAMS[name]
    cls = unified()
    whole = cls(Tokenizer(), TOOLS).parse(text, request(), enable_auto_tools=True)
    lib = parse(text, tools=TOOLS)
    for seed in range(6):
        r, c, got, deltas, finish = stream(text, request(), seed, cls)
        assert (r, c.strip(), named(got)) == (reasoning, content, calls), f"seed {seed}: {(r, c, got)}"
        assert finish == ("tool_calls" if calls else "stop"), finish
    w_reasoning, w_content, w_calls = whole
    assert (w_reasoning or "", (w_content or "").strip()) == (reasoning, content), whole
    assert [(f.name, json.loads(f.arguments)) for f in w_calls or []] == calls, whole
    assert (lib.reasoning, lib.content.strip(), [(t.name, t.arguments) for t in lib.tool_calls]) == (reasoning, content, calls)


def check_legacy(name):
    """The ToolParser alone (beside another family's reasoning parser): previous/current/delta text."""
    from vllm.tool_parsers import ToolParserManager
    text, (_, content, calls) = STREAMS[name]
    cls, tok = ToolParserManager.get_tool_parser("callsieve"), Tokenizer()
    for seed in range(4):
        p, req = cls(tok, TOOLS), request()
        prev, prev_ids, deltas = "", [], []
        for part in chunks(text, seed):
            ids = [tok.id(part)]
            deltas.append(p.extract_tool_calls_streaming(prev, prev + part, part, prev_ids, prev_ids + ids, ids, req))
            prev, prev_ids = prev + part, prev_ids + ids
        deltas.append(p.finish_streaming())
        _, c, got = fold(deltas)
        assert (c.strip(), named(got)) == (content, calls), (c, got)
        assert [json.loads(a) for a in p.streamed_args_for_tool] == [a for _, a in calls]
    info = cls(tok, TOOLS).extract_tool_calls(text, request())
    assert info.tools_called == bool(calls)
    assert [(t.function.name, json.loads(t.function.arguments)) for t in info.tool_calls] == calls
    assert (info.content or "").strip() == content


def run_checks():
    from vllm.parser import ParserManager
    from vllm.reasoning import ReasoningParserManager
    from vllm.tool_parsers import ToolParserManager
    import callsieve.integrations.vllm as cv

    def vllm_version():
        # the venv holds the vLLM this run is meant to check (a stale one is rebuilt by peers_setup.sh)
        import vllm
        want = os.environ.get("CALLSIEVE_EXPECT_VLLM")
        assert want is None or vllm.__version__ == want, \
            f"this venv holds vLLM {vllm.__version__}, not {want}: rebuild it (bash bench/peers_setup.sh VENV)"

    def entry_point_loads():
        from vllm import plugins
        probe_entry_points("vllm.general_plugins")
        ToolParserManager.lazy_parsers.pop("callsieve", None)
        ToolParserManager.tool_parsers.pop("callsieve", None)
        plugins.plugins_loaded = False
        plugins.load_general_plugins()
        assert "callsieve" in ToolParserManager.list_registered()
        assert "callsieve" in ReasoningParserManager.list_registered()

    def tool_parser_plugin_flag():
        # `--tool-parser-plugin callsieve.integrations.vllm`, through vLLM's own flag handling
        import argparse
        from vllm.entrypoints.common.cli_args import init_parser_plugin
        for m in [m for m in sys.modules if m.startswith("callsieve.integrations.vllm.") or m == "callsieve.integrations.vllm"]:
            del sys.modules[m]
        for registry in (ToolParserManager.tool_parsers, ToolParserManager.lazy_parsers,
                         ReasoningParserManager.reasoning_parsers, ReasoningParserManager.lazy_parsers):
            registry.pop("callsieve", None)
        init_parser_plugin(argparse.Namespace(tool_parser_plugin="callsieve.integrations.vllm", reasoning_parser_plugin=""))
        assert ToolParserManager.get_tool_parser("callsieve").__name__ == "CallsieveToolParser"
        assert ReasoningParserManager.get_reasoning_parser("callsieve").__name__ == "CallsieveReasoningParser"
        nonlocal cv
        import callsieve.integrations.vllm as cv   # the classes now registered are this import's

    def managers_return_it():
        assert ToolParserManager.get_tool_parser("callsieve") is cv.CallsieveToolParser
        assert ReasoningParserManager.get_reasoning_parser("callsieve") is cv.CallsieveReasoningParser

    def compose_unified():
        both, tools_only, reasoning_only = unified(), unified(reasoning=False), unified(tools=False)
        for c in (both, tools_only, reasoning_only):
            assert issubclass(c, cv.CallsieveParser), c
        assert both.tool_parser_cls is cv.CallsieveToolParser and both.reasoning_parser_cls is cv.CallsieveReasoningParser
        assert tools_only.reasoning_parser_cls is None and reasoning_only.tool_parser_cls is None
        # gpt-oss: callsieve steps aside for vLLM's HarmonyParser with vLLM's gpt-oss parsers
        from vllm.parser.harmony import HarmonyParser
        harmony = ParserManager.get_parser(tool_parser_name="callsieve", reasoning_parser_name="callsieve",
                                           enable_auto_tools=True, is_harmony=True)
        assert harmony is HarmonyParser and harmony.tool_parser_cls is ToolParserManager.get_tool_parser("openai"), harmony
        assert harmony.reasoning_parser_cls is ReasoningParserManager.get_reasoning_parser("openai_gptoss")
        # --tool-call-parser callsieve without --enable-auto-tool-choice: no tool parser, as with any name
        c = ParserManager.get_parser(tool_parser_name="callsieve", enable_auto_tools=False)
        assert c is None, c

    def compose_mixed():
        c = ParserManager.get_parser(tool_parser_name="callsieve", reasoning_parser_name="deepseek_r1",
                                     enable_auto_tools=True, tokenizer=Tokenizer(["<think>", "</think>"]))
        assert not issubclass(c, cv.CallsieveParser) and c.tool_parser_cls is cv.CallsieveToolParser
        # deepseek_r1 finds </think> by its token id: the markers arrive as single special tokens
        call = STREAMS["hermes"][0]
        parts = ["<think>", "hm", "</think>", "Here.", *chunks(call, 3)]
        r, content, calls, _, _ = stream("".join(parts), request(), cls=c, tok=Tokenizer(["<think>", "</think>"]), parts=parts)
        assert (r, content.strip(), named(calls)) == ("hm", "Here.Let me check.", [PARIS]), (r, content, calls)

    def compose_mixed_reasoning():
        # --reasoning-parser callsieve beside vLLM's hermes: vLLM's split flow, our reasoning end
        tok = Tokenizer(["<tool_call>", "</tool_call>"])
        c = ParserManager.get_parser(tool_parser_name="hermes", reasoning_parser_name="callsieve",
                                     enable_auto_tools=True, tokenizer=tok)
        assert not issubclass(c, cv.CallsieveParser) and c.reasoning_parser_cls is cv.CallsieveReasoningParser
        call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
        parts = [*chunks("<think>Paris it is.</think>Sure. ", 2), "<tool_call>", *chunks(call[11:-12], 5), "</tool_call>"]
        r, content, calls, _, _ = stream("".join(parts), request(), cls=c, tok=tok, parts=parts)
        assert (r, content.strip(), named(calls)) == ("Paris it is.", "Sure.", [PARIS]), (r, content, calls)

    def structured_output_gate():
        # what vLLM's structured-output manager asks per decode step: has reasoning ended? Its ids are
        # the prompt's then the output's; speculative tokens are asked about, then popped again.
        tok = Tokenizer()
        prompt = [tok.id("You are helpful. Answer in JSON."), tok.id("<|im_start|>assistant\n")]
        parts = ["<th", "ink>", "Hmm, ", "Paris.", "</thi", "nk>", "{\"a\"", ": 1}"]
        gate, ids, seen = cv.CallsieveReasoningParser(tok), list(prompt), []
        assert gate.is_reasoning_end(prompt) is None     # the output will tell
        for p in parts:
            ids.append(tok.id(p))
            seen.append(gate.is_reasoning_end_streaming(list(ids), [ids[-1]]))
        assert seen == [False, False, False, False, False, True, True, True], seen
        assert gate.is_reasoning_end_streaming(ids[:len(prompt) + 5], ids[len(prompt) + 4:len(prompt) + 5]) is False
        # a rejected speculative "</think>" does not end it: the next step brings other tokens
        spec = cv.CallsieveReasoningParser(tok)
        spec.is_reasoning_end(prompt)
        head = prompt + [tok.id(p) for p in ("<think>", "Hmm")]
        assert spec.is_reasoning_end_streaming(head + [tok.id("</think>")], [tok.id("</think>")]) is True
        assert spec.is_reasoning_end_streaming(head + [tok.id(" more")], [tok.id(" more")]) is False
        # the prompt is not output: prose in it does not end reasoning before the model wrote anything
        fresh = cv.CallsieveReasoningParser(tok)
        assert fresh.is_reasoning_end_streaming(prompt + [tok.id("<think>")], [tok.id("<think>")]) is False
        off = cv.CallsieveReasoningParser(tok, chat_template_kwargs={"enable_thinking": False})
        assert off.is_reasoning_end([tok.id("x")]) is True
        opened = cv.CallsieveReasoningParser(tok)
        assert opened.is_reasoning_end([tok.id("<|im_start|>assistant\n<think>\n")]) is False
        assert opened.is_reasoning_end_streaming([tok.id("<|im_start|>assistant\n<think>\n"), tok.id("a"),
                                                  tok.id("</think>")], [tok.id("</think>")]) is True

    def cut_off_call():
        # issue 9: a call whose arguments never closed is not a call; what streamed cannot be taken back
        from callsieve import parse
        from vllm.tool_parsers import ToolParserManager
        r, content, calls, deltas, _ = stream(CUT, request(), 1)
        assert content == "Checking." and [c[1] for c in calls] == ["get_weather"], (content, calls)
        assert calls[0][2].startswith('{"city":"Par'), calls
        _, w_content, w_calls = unified()(Tokenizer(), TOOLS).parse(CUT, request(), enable_auto_tools=True)
        assert w_calls == [] and w_content == "Checking.", (w_content, w_calls)
        info = ToolParserManager.get_tool_parser("callsieve")(Tokenizer(), TOOLS).extract_tool_calls(CUT, request())
        assert not info.tools_called and info.tool_calls == [] and info.content == "Checking.", info
        lib = parse(CUT, tools=TOOLS)
        assert lib.tool_calls == [] and [t.name for t in lib.incomplete] == ["get_weather"]

    def bad_tool_list():
        from vllm.exceptions import VLLMValidationError
        twice = [WEATHER, WEATHER]
        try:
            unified()(Tokenizer(), twice).adjust_request(request(tools=twice))
        except VLLMValidationError as e:
            assert "get_weather" in str(e)
        else:
            raise AssertionError("two tools named get_weather were accepted")

    def tool_choice_none():
        text = STREAMS["hermes"][0]
        r, content, calls, _, finish = stream(text, request(tool_choice="none"), 2)
        assert calls == [] and content == text and finish == "stop", (content, calls)
        _, w_content, w_calls = unified()(Tokenizer(), TOOLS).parse(text, request(tool_choice="none"), True)
        assert not w_calls and w_content == text

    def no_tools_declared():
        # vLLM drops the calls of a request without tools: the markup must stay as content, not vanish
        text = STREAMS["hermes"][0]
        r, content, calls, _, finish = stream(text, request(tools=None), 2)
        assert calls == [] and content == text and finish == "stop", (content, calls)

    def parallel_false():
        text = STREAMS["parallel"][0]
        r, content, calls, _, _ = stream(text, request(parallel_tool_calls=False), 4)
        assert named(calls) == [PARIS], calls
        _, _, w_calls = unified()(Tokenizer(), TOOLS).parse(text, request(parallel_tool_calls=False), True)
        assert [f.name for f in w_calls] == ["get_weather"]

    def thinking_off():
        text = "<think>not thinking</think>Answer."
        # thinking off: a block the model writes anyway is still reasoning (the policy of
        # docs/reasoning.md), never answer text with tags in it
        r, content, _, _, _ = stream(text, request(chat_template_kwargs={"enable_thinking": False}), 5)
        assert r == "not thinking" and content == "Answer.", (r, content)
        r, content, _, _, _ = stream(text, request(), 5)
        assert r == "not thinking" and content == "Answer.", (r, content)

    def reasoning_effort_none():
        text = "<think>x</think>Answer."
        r, content, _, _, _ = stream(text, request(reasoning_effort="none"), 5)
        assert r == "x" and content == "Answer.", (r, content)

    def prompt_opens_thinking():
        text = "Weighing it.</think>Answer."
        r, content, _, _, _ = stream(text, request(), 2, prompt="<|im_start|>assistant\n<think>\n")
        assert (r, content) == ("Weighing it.", "Answer."), (r, content)

    def include_reasoning_false():
        r, content, calls, _, _ = stream(STREAMS["think_call"][0], request(include_reasoning=False), 1)
        assert r == "" and named(calls) == [PARIS], (r, calls)

    def reasoning_only():
        # --reasoning-parser callsieve alone: thinking split, calls stay content (no tool parser)
        text = STREAMS["think_call"][0]
        r, content, calls, _, _ = stream(text, request(), 2, unified(tools=False))
        assert r.strip() == "The user wants Paris weather." and calls == [] and "<tool_call>" in content

    def reasoning_after_content():
        # --reasoning-parser callsieve under vLLM's own composition (no tool parser): a thinking block
        # after the answer began is reasoning, streamed as whole (vLLM 0.34 asks the parser's
        # opens_reasoning_in_content; the attribute must exist, not fall back to getattr's default)
        from callsieve import parse
        from vllm.parser.abstract_parser import DelegatingParser
        parser = cv.CallsieveReasoningParser(Tokenizer())
        assert parser.opens_reasoning_in_content is True
        from vllm.parser.engine.adapters import ParserEngineReasoningAdapter
        if not hasattr(ParserEngineReasoningAdapter, "opens_reasoning_in_content"):
            return    # vLLM 0.33 does not ask: it stops feeding the reasoning parser once reasoning ended
        cls = type("ReasoningOnly", (DelegatingParser,), {"reasoning_parser_cls": cv.CallsieveReasoningParser,
                                                          "tool_parser_cls": None})
        text = "Sure. <think>Check the unit.</think> It is 4."
        want = parse(text)
        assert want.reasoning == "Check the unit." and want.content.startswith("Sure."), want
        for seed in range(3):
            r, c, calls, _, _ = stream(text, request(tools=None), seed, cls)
            assert (r, c) == (want.reasoning, want.content), (seed, r, c)

    def session_seeded():
        class Config:
            served_model_name, model = "Qwen/Qwen3-8B", "/models/qwen3"
        p = unified()(Tokenizer(), TOOLS, model_config=Config())
        assert p.session is not None and p.session.format == "tool_call_tag", p.session
        assert unified()(Tokenizer(), TOOLS, model_config=Config()).session is p.session
        r, content, calls, _, _ = stream(STREAMS["hermes"][0], request(), 0, model_config=Config())
        assert named(calls) == [PARIS]

    def adjust_request():
        special = Tokenizer(["<tool_call>", "</tool_call>"])
        req = unified()(special, TOOLS).adjust_request(request())
        assert req.skip_special_tokens is False
        req = unified()(Tokenizer(), TOOLS).adjust_request(request())
        assert req.skip_special_tokens is None      # markers are plain text: vLLM's default stays
        req = unified()(special, TOOLS).adjust_request(request(skip_special_tokens=True))
        assert req.skip_special_tokens is True      # the request chose

    def required_goes_to_vllm():
        # tool_choice "required": vLLM's guided JSON list, parsed by vLLM's own DelegatingParser path
        req = request(tool_choice="required")
        p = unified()(Tokenizer(), TOOLS)
        p.adjust_request(req)
        assert req.structured_outputs is not None and req.structured_outputs.json is not None
        text = '[{"name": "get_weather", "parameters": {"city": "Paris"}}]'
        _, _, w_calls = unified()(Tokenizer(), TOOLS).parse(text, req, enable_auto_tools=True)
        assert [(f.name, json.loads(f.arguments)) for f in w_calls] == [PARIS], w_calls
        for seed in range(3):
            r, content, calls, _, finish = stream(text, req, seed)
            assert (content, named(calls), finish) == ("", [PARIS], "tool_calls"), (content, calls, finish)
        # a named tool: the guided output is the arguments object itself
        named_req = request(tool_choice={"type": "function", "function": {"name": "get_weather"}})
        r, content, calls, _, finish = stream('{"city": "Paris"}', named_req, 2)
        assert (content, named(calls), finish) == ("", [PARIS], "stop"), (content, calls, finish)

    def serving_chat_sse():
        from serving_chat import run as sse   # the SSE a vLLM client receives, end to end
        for name in ("think_call", "parallel"):
            sse(Tokenizer, STREAMS[name][0], TOOLS, chunks(STREAMS[name][0], 7))

    def serving_chat_whole():
        from serving_chat import run_whole   # the non-streamed response, end to end
        for name in ("think_call", "parallel", "prose_only"):
            run_whole(Tokenizer, STREAMS[name][0], TOOLS)
        run_whole(Tokenizer, CUT, TOOLS)   # a cut-off call: no tool_calls, finish_reason "stop"

    return run_named(CHECKS, {**locals(), **vllm_paths.checks(Tokenizer, unified, request, TOOLS),
                              **vllm_serving.checks()},
                     {"stream_": check_stream, "legacy_": check_legacy})


def run_named(names, local: dict, prefixed: dict) -> dict:
    """Run each named check: a function in `local`, or PREFIX + argument for a maker in
    `prefixed`.  {name: "ok" or the failure's traceback} (the engines' scripts share this)."""
    out = {}
    for name in names:
        pre = next((p for p in prefixed if name.startswith(p)), None)
        fn = (lambda f, a: lambda: f(a))(prefixed[pre], name[len(pre):]) if pre else local[name]
        try:
            fn()
            out[name] = "ok"
        except Exception:
            out[name] = traceback.format_exc(limit=-3)
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import logging
    logging.disable(logging.WARNING)
    results = run_checks()
    print("CHECKS-JSON " + json.dumps(results))
