"""Checks of callsieve's SGLang parsers against the real SGLang 0.5.23 code, run by the peers venv's python.

Like vllm_checks.py: prints {check: "ok" | what went wrong}.  Driven the way SGLang's chat serving
drives parsers: per choice a ReasoningParser, then a FunctionCallParser on its normal text, chunk by
chunk (parse_stream_chunk), and parse_stream_end on both on the last chunk; non-streamed,
parse_non_stream through both.
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from vllm_checks import CUT, PARIS, STREAMS, TOOLS, chunks, probe_entry_points, run_named  # noqa: E402
import spelled  # noqa: E402

PARIS_CALL = (PARIS[0], PARIS[1])
# DeepSeek V3.1's template, cut to what matters here (written for this test): `thinking` (off unless
# the request says true) ends the generation prompt in `<think>`, else in `</think>`.  The switch is
# read in a form SGLang's template detection does not recognise, so SGLang falls back to the
# parser's `reasoning_default`, as for templates it has no rule for.
DSV31 = ("{% for m in messages %}{% if m.role == 'user' %}<｜User｜>{{ m.content }}{% endif %}{% endfor %}"
         "{% if add_generation_prompt %}<｜Assistant｜>{% if thinking is defined and thinking %}<think>"
         "{% else %}</think>{% endif %}{% endif %}")
DS_MARKERS = ["<think>", "</think>", "<｜User｜>", "<｜Assistant｜>", "<｜tool▁calls▁begin｜>",
              "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "<｜tool▁call▁end｜>", "<｜tool▁calls▁end｜>"]
DS_CALL = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'

FAMILIES = ("hermes", "mistral_args", "llama3", "qwen3_coder", "deepseek_v3", "think_call", "parallel",
            "prose_only", "undeclared")
# serve_*: through SGLang's real launch_server argument parsing and OpenAIServingChat (sglang_serving.py)
CHECKS = ["entry_point_loads"] + [f"stream_{n}" for n in FAMILIES] + [
    "cut_off_call", "force_reasoning", "reasoning_not_streamed", "think_markers_from_tokenizer",
    "special_markers_kept", "tokenizer_workers_register", "serve_flags", "serve_unknown_parser_refused", "serve_json_answer", "serve_json_after_thinking"] + [
    f"serve_{case}_{mode}" for case in ("tools", "think_no_tools", "tool_choice_required", "tool_choice_named")
    for mode in ("whole", "stream")] + [
    f"serve_responses_{case}_{mode}" for case in ("hermes", "magistral", "magistral_no_tools")
    for mode in ("whole", "stream")] + ["serve_responses_gpt_oss_harmony"] + [
    f"serve_deepseek_v31_{case}_{mode}" for case in ("thinking_on", "thinking_off", "thinking_required")
    for mode in ("whole", "stream")] + spelled.SGLANG
MAGISTRAL_OUT = ["[THINK]Paris, so get_weather.[/THINK]", "Checking.", '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}']


def skip_package_init():
    """sglang/__init__.py imports its frontend DSL; the serving modules do not need it."""
    import importlib.util
    import types
    if "sglang" not in sys.modules:
        pkg = types.ModuleType("sglang")
        pkg.__path__ = list(importlib.util.find_spec("sglang").submodule_search_locations)
        sys.modules["sglang"] = pkg


def sgl_tools():
    from sglang.srt.entrypoints.openai.protocol import Tool
    return [Tool(**t) for t in TOOLS]


def stream(text, seed, force=False, stream_reasoning=True):
    from sglang.srt.function_call.function_call_parser import FunctionCallParser
    from sglang.srt.parser.reasoning_parser import ReasoningParser
    rp = ReasoningParser("callsieve", stream_reasoning, force)
    tp = FunctionCallParser(sgl_tools(), "callsieve")
    reasoning, content, calls = [], [], {}
    parts = chunks(text, seed)
    for k, part in enumerate(parts):
        r, normal = rp.parse_stream_chunk(part)
        if k == len(parts) - 1:
            r2, n2 = rp.parse_stream_end()
            r, normal = (r or "") + (r2 or ""), (normal or "") + (n2 or "")
        reasoning.append(r or "")
        got = [tp.parse_stream_chunk(normal or "")]
        if k == len(parts) - 1:
            got.append(tp.parse_stream_end())
        for normal_text, items in got:
            content.append(normal_text or "")
            for it in items:
                if it.tool_index not in calls:
                    assert it.name, f"a call's first item has no name: {it}"
                    calls[it.tool_index] = [it.name, it.parameters]
                else:
                    assert not it.name, f"a call's name sent twice: {it}"
                    calls[it.tool_index][1] += it.parameters
    return "".join(reasoning), "".join(content), [(n, a) for _, (n, a) in sorted(calls.items())]


def whole(text):
    from sglang.srt.function_call.function_call_parser import FunctionCallParser
    from sglang.srt.parser.reasoning_parser import ReasoningParser
    reasoning, normal = ReasoningParser("callsieve").parse_non_stream(text)
    tp = FunctionCallParser(sgl_tools(), "callsieve")
    if not tp.has_tool_call(normal or ""):
        return reasoning or "", normal or "", []
    normal, items = tp.parse_non_stream(normal or "")
    return reasoning or "", normal, [(TOOLS[i.tool_index]["function"]["name"], json.loads(i.parameters)) for i in items]


def check_stream(name):
    text, (reasoning, content, calls) = STREAMS[name]
    for seed in range(5):
        r, c, got = stream(text, seed)
        assert (r, c.strip(), [(n, json.loads(a)) for n, a in got]) == (reasoning, content, calls), (seed, r, c, got)
    r, c, got = whole(text)
    assert (r, c.strip(), got) == (reasoning, content, calls), (r, c, got)


def run_checks():
    def entry_point_loads():
        from sglang.srt import plugins
        from sglang.srt.function_call.function_call_parser import FunctionCallParser
        from sglang.srt.parser.reasoning_parser import ReasoningParser
        probe_entry_points("sglang.srt.plugins")
        plugins._plugins_loaded = False
        plugins.load_plugins()
        assert "callsieve" in FunctionCallParser.ToolCallParserEnum
        assert "callsieve" in ReasoningParser.DetectorMap

    def cut_off_call():
        # issue 9: streamed deltas stay sent; non-streamed, a cut-off call is no call and not content
        r, c, got = stream(CUT, 2)
        assert c == "Checking." and [n for n, _ in got] == ["get_weather"], (c, got)
        assert whole(CUT) == ("", "Checking.", []), whole(CUT)

    def force_reasoning():
        # the template opened <think> in the prompt: SGLang says force_reasoning
        r, c, got = stream("Weighing it.</think>Answer.", 1, force=True)
        assert (r, c) == ("Weighing it.", "Answer."), (r, c)

    def reasoning_not_streamed():
        text = STREAMS["think_call"][0]
        from sglang.srt.parser.reasoning_parser import ReasoningParser
        rp, pieces = ReasoningParser("callsieve", False), []
        for part in chunks(text, 3):
            pieces.append(rp.parse_stream_chunk(part)[0])
        pieces.append(rp.parse_stream_end()[0])
        assert [p for p in pieces if p] == [STREAMS["think_call"][1][0]], pieces

    def think_markers_from_tokenizer():
        # SGLang's structured-output gate waits for the detector's think_end_token: the model's own
        from vllm_checks import Tokenizer
        from sglang.srt.parser.reasoning_parser import ReasoningParser
        tok = Tokenizer(["[THINK]", "[/THINK]"])
        rp = ReasoningParser("callsieve", tokenizer=tok)
        assert rp.detector.think_end_token == "[/THINK]", rp.detector.think_end_token
        assert rp.detector.get_think_end_token_ids(tok) == [tok.id("[/THINK]")]
        assert ReasoningParser("callsieve").detector.think_end_token == "</think>"
        # not "always": SGLang's serving would force reasoning (and the gate) on every request
        assert rp.detector.reasoning_default is None
        r, c = ReasoningParser("callsieve", tokenizer=tok).parse_non_stream("[THINK]hm[/THINK]Answer.")
        assert (r, c) == ("hm", "Answer."), (r, c)

    def special_markers_kept():
        # the hook on SGLang's per-parser skip_special_tokens rule: no tools, [THINK] a special token
        import ast
        import importlib.util
        from types import SimpleNamespace
        from vllm_checks import Tokenizer
        from callsieve.integrations import sglang_plugin
        from callsieve.integrations.sglang import keep_special_tokens
        from sglang.srt.plugins.hook_registry import HookRegistry
        sglang_plugin.register()
        assert any(h[1] is keep_special_tokens for h in HookRegistry._hooks[sglang_plugin.SKIP_SPECIAL])
        module, cls, meth = sglang_plugin.SKIP_SPECIAL.rsplit(".", 2)
        tree = ast.parse(open(importlib.util.find_spec(module).origin).read())
        target = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
        assert any(isinstance(f, ast.FunctionDef) and f.name == meth for f in target.body), "the hooked method is gone"
        for special, want in ((["[THINK]", "[/THINK]"], False), ([], True)):
            serving = SimpleNamespace(reasoning_parser="callsieve", tokenizer_manager=SimpleNamespace(tokenizer=Tokenizer(special)))
            req = SimpleNamespace(skip_special_tokens=True)
            keep_special_tokens(None, serving, req)
            assert req.skip_special_tokens is want, (special, req)
        req = SimpleNamespace(skip_special_tokens=True)
        keep_special_tokens(None, SimpleNamespace(reasoning_parser="qwen3"), req)
        assert req.skip_special_tokens is True

    def tokenizer_workers_register():
        # --tokenizer-worker-num > 1: the workers import the app named by SGLANG_HTTP_SERVER_APP_PATH
        import subprocess
        from callsieve.integrations import sglang_plugin
        os.environ.pop("SGLANG_HTTP_SERVER_APP_PATH", None)
        sglang_plugin.register()
        path = os.environ["SGLANG_HTTP_SERVER_APP_PATH"]
        assert path == sglang_plugin.APP, path
        # a fresh process that loads no plugins and imports the app by that name with uvicorn's own
        # importer, as each tokenizer worker does (SGLang's real http_server and serving_chat), then
        # serves a request there: no tools, [THINK] a special token (the hook must apply there too)
        code = ("import json, logging, sys\n"
                f"sys.path.insert(0, {HERE!r})\n"
                "logging.disable(logging.WARNING)\n"
                "from sglang_checks import MAGISTRAL_OUT, skip_package_init; skip_package_init()\n"
                "from sglang_serving import chat, fake_torchvision, serve; fake_torchvision()\n"
                "from uvicorn.importer import import_from_string\n"
                f"app = import_from_string({path!r})\n"
                "import sglang.srt.entrypoints.http_server as real\n"
                "served = serve(['--tokenizer-worker-num', '2'], load=False)\n"
                "got = chat(*served, MAGISTRAL_OUT[:2])['choices'][0]['message']\n"
                "print(json.dumps([app is real.app, got['reasoning_content'], got['content']]))\n")
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        want = json.dumps([True, "Paris, so get_weather.", "Checking."])
        assert run.stdout.strip().splitlines()[-1:] == [want], (run.stdout, run.stderr[-1500:])

    served = {}

    def server(qwen3=False, api="chat", template=None):
        # one served model at a time (start-up publishes the config process-wide, as in SGLang)
        if served.get("key") != (qwen3, api, template):
            from sglang_serving import serve
            from vllm_serving import OPENS, SPECIAL
            kw = {"template": template or OPENS, "markers": SPECIAL, "special": False} if qwen3 else {}
            if qwen3 == "deepseek_v31":
                kw = {"template": DSV31, "markers": DS_MARKERS, "special": False}
            if qwen3 == "spelled":   # every family's markers special tokens; Spelled output spelled
                from sglang_serving import THINK
                kw = {"markers": sorted(set(THINK + spelled.MARKERS)), "special": True}
            served["chat"], served["engine"] = serve(api=api, **kw)
            served["engine"].encode = spelled.spelled_encoder(served["engine"].encode)
            served["key"] = (qwen3, api, template)
        return served["chat"], served["engine"]

    def ask(stream, output, qwen3=False, **request):
        from sglang_serving import chat
        got = chat(*server(qwen3), output, stream=stream, **request)
        if not stream:
            assert "choices" in got, got
            msg = got["choices"][0]["message"]
            got = {"content": msg.get("content") or "", "reasoning_content": msg.get("reasoning_content") or "",
                   "tool_calls": [c["function"] for c in msg.get("tool_calls") or []],
                   "finish_reason": got["choices"][0]["finish_reason"]}
        got["tool_calls"] = [(c["name"], json.loads(c["arguments"])) for c in got["tool_calls"]]
        return got, served["engine"].requests[-1]

    def serve_flags():
        chat, engine = server()
        assert (chat.tool_call_parser, chat.reasoning_parser) == ("callsieve", "callsieve"), chat.tool_call_parser
        assert engine.config_value("tool_call_parser") == "callsieve"

    def serve_unknown_parser_refused():
        # the same parsing refuses a name no plugin registered: the check above can fail
        import contextlib
        import io
        from sglang.srt.server_args import prepare_server_args
        server()
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err):
                prepare_server_args(["--model-path", "x", "--tool-call-parser", "callsieve-nope"])
        except SystemExit:
            return
        raise AssertionError("an unknown --tool-call-parser was accepted")

    def serving_case(case, stream):
        from vllm_checks import TOOLS
        if case == "tools":
            got, req = ask(stream, MAGISTRAL_OUT, tools=TOOLS)
            want = ("Paris, so get_weather.", "Checking.", [PARIS_CALL], "tool_calls")
        elif case == "think_no_tools":
            # issue 19 item 7: [THINK] is a special token; without tools SGLang's detokenizer would drop it
            got, req = ask(stream, MAGISTRAL_OUT[:2])
            assert req.sampling_params["skip_special_tokens"] is False, req.sampling_params
            want = ("Paris, so get_weather.", "Checking.", [], "stop")
        else:
            # SGLang constrains the output to a JSON array of calls (callsieve offers no structural
            # tag) and parses that array itself; the output passes SGLang's grammar (the fake engine
            # runs it) and the call comes back
            choice = "required" if case == "tool_choice_required" else \
                {"type": "function", "function": {"name": "get_weather"}}
            got, req = ask(stream, ['[{"name": "get_weather", "parameters": {"city": "Paris"}}]'],
                           tools=TOOLS, tool_choice=choice)
            schema = json.loads(req.sampling_params["json_schema"])
            assert schema["type"] == "array", schema
            want = ("", "", [PARIS_CALL], "tool_calls")
        have = (got["reasoning_content"], got["content"].strip(), got["tool_calls"], got["finish_reason"])
        assert have == want, have

    def serve_json_answer():
        # response_format json_object: the grammar is shown the answer from its first token
        got, _ = ask(False, ['{"a": 1}'], response_format={"type": "json_object"})
        assert (got["content"], served["engine"].grammar_saw[:2]) == ('{"a": 1}', ["{", '"']), got

    def serve_json_after_thinking():
        # a Qwen3-style template opens <think> in the prompt: SGLang expects reasoning, so its grammar
        # waits for the end token callsieve's detector names; with thinking off it starts at once
        got, req = ask(False, ['Weighing it.</think>{"a": 1}'], qwen3=True, response_format={"type": "json_object"})
        assert req.require_reasoning, req
        assert (got["reasoning_content"], got["content"]) == ("Weighing it.", '{"a": 1}'), got
        got, req = ask(True, ['{"a": 1}'], qwen3=True, response_format={"type": "json_object"},
                       chat_template_kwargs={"enable_thinking": False})
        assert (req.require_reasoning, got["reasoning_content"], got["content"]) == (False, "", '{"a": 1}'), got

    def serving_responses(case, stream):
        # the Responses API (OpenAIServingResponses, not gpt-oss: its non-harmony path) runs the
        # same --reasoning-parser / --tool-call-parser through ReasoningParser and FunctionCallParser
        from sglang_serving import respond
        from vllm_serving import QWEN3, SPECIAL
        tools = [{"type": "function", **t["function"]} for t in TOOLS]
        if case == "hermes":     # Qwen3-style template, Hermes calls; markers are plain added tokens
            output = ["<think>", "Paris, so get_weather.", "</think>", "Checking.",
                      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>']
            args = {"qwen3": True, "template": QWEN3}
        else:                    # Magistral: [THINK] and [TOOL_CALLS] are special tokens
            output = MAGISTRAL_OUT if case == "magistral" else MAGISTRAL_OUT[:2]
            args = {}
        if case == "magistral_no_tools":
            tools = []
        responses, engine = server(api="responses", **args)
        got = respond(responses, engine, output, tools=tools, stream=stream)
        assert "output" in got, got
        items = got["output"]
        reasoning = ["".join(c["text"] for c in i["content"]) for i in items if i["type"] == "reasoning"]
        text = ["".join(c["text"] for c in i["content"]) for i in items if i["type"] == "message"]
        calls = [(i["name"], json.loads(i["arguments"])) for i in items if i["type"] == "function_call"]
        want_calls = [] if case == "magistral_no_tools" else [PARIS_CALL]
        have = (reasoning, [t.strip() for t in text], calls, got["status"])
        assert have == (["Paris, so get_weather."], ["Checking."], want_calls, "completed"), (have, items)
        if stream:   # the deltas a streaming client reads add up to the same items
            events = got["events"]
            joined = {kind: "".join(e["delta"] for e in events if e["type"] == f"response.{kind}.delta")
                      for kind in ("reasoning_text", "output_text", "function_call_arguments")}
            want = {"reasoning_text": "Paris, so get_weather.", "output_text": "Checking."}
            assert {k: joined[k].strip() for k in want} == want, joined
            if want_calls:
                assert json.loads(joined["function_call_arguments"]) == PARIS_CALL[1], joined

    def serve_responses_gpt_oss_harmony():
        # gpt-oss (model_type gpt_oss): SGLang's Responses API parses the output with openai_harmony
        # and never asks the parser flags; callsieve's detectors are not called (docs/engines.md#sglang)
        from openai_harmony import HarmonyEncodingName, load_harmony_encoding
        from callsieve.integrations import sglang as ours
        from sglang_serving import respond, serve
        from vllm_serving import HARMONY
        harmony = load_harmony_encoding(HarmonyEncodingName.HARMONY_GPT_OSS)
        responses, engine = serve(api="responses", model_type="gpt_oss")
        served.clear()
        engine.encode = lambda text: harmony.encode(text, allowed_special="all")
        assert responses.use_harmony and responses.tool_call_parser == "callsieve"
        asked, saved = [], {}
        for cls in (ours.CallsieveDetector, ours.CallsieveReasoningDetector):
            for meth in ("has_tool_call", "detect_and_parse", "parse_streaming_increment"):
                if meth in vars(cls):
                    saved[cls, meth] = original = vars(cls)[meth]
                    setattr(cls, meth, (lambda f, n: lambda self, *a, **k: asked.append(n) or f(self, *a, **k))(original, meth))
        try:
            # SGLang's harmony tool description requires a description
            tools = [{"type": "function", "description": "The weather.", **t["function"]} for t in TOOLS]
            got = respond(responses, engine, [HARMONY], tools=tools)
        finally:
            for (cls, meth), original in saved.items():
                setattr(cls, meth, original)
        assert "output" in got, got
        calls = [(i["name"], json.loads(i["arguments"])) for i in got["output"] if i["type"] == "function_call"]
        kinds = [i["type"] for i in got["output"]]
        assert (calls, "reasoning" in kinds, asked) == ([PARIS_CALL], True, []), (calls, kinds, asked)

    def deepseek_v31(case, stream):
        # issue 33: thinking on, the prompt ends in <think> and the output has no opener; the request's
        # `thinking` flag must make it reasoning, also under tool_choice "required" (SGLang's grammar
        # then waits for </think> before the JSON array of calls)
        from vllm_checks import TOOLS
        on = case != "thinking_off"
        output = (["Paris, so get_weather.", "</think>"] if on else []) + (
            ['[{"name": "get_weather", "parameters": {"city": "Paris"}}]'] if case == "thinking_required"
            else ["Checking.", DS_CALL])
        extra = {"tool_choice": "required"} if case == "thinking_required" else {}
        got, req = ask(stream, output, qwen3="deepseek_v31", tools=TOOLS,
                       chat_template_kwargs={"thinking": on}, **extra)
        want = ("Paris, so get_weather." if on else "", "" if case == "thinking_required" else "Checking.",
                [PARIS_CALL], "tool_calls")
        have = (got["reasoning_content"], got["content"].strip(), got["tool_calls"], got["finish_reason"])
        assert have == want, have
        engine = served["engine"]
        prompt = req.text if isinstance(req.text, str) else engine.tokenizer.decode(req.input_ids)
        assert prompt.endswith("<think>" if on else "</think>"), prompt[-40:]
        assert req.require_reasoning is on, req.require_reasoning

    def spelled_check(family, api):
        """The family's call as its special tokens: the call; the same text spelled with ordinary
        tokens (a quoted page): content, whole, no call; streamed and not (Chat, Responses)."""
        call, _ = spelled.FAMILIES[family]
        quoted = spelled.QUOTE + call
        if api == "responses":
            from sglang_serving import respond
            tools = [{"type": "function", **t["function"]} for t in TOOLS]
            for stream in (False, True):
                for output, want in ((["Sure. ", call], [("message", "Sure."), ("function_call", PARIS_CALL)]),
                                     ([spelled.Spelled(quoted)], [("message", quoted)])):
                    got = respond(*server("spelled", api="responses"), output, tools=tools, stream=stream)
                    items = [(i["type"], (i["name"], json.loads(i["arguments"])) if i["type"] == "function_call"
                              else "".join(c.get("text", "") for c in i.get("content") or ()).strip())
                             for i in got["output"] if i["type"] != "reasoning"]
                    assert items == want, (stream, items)
            return
        for stream in (False, True):
            got, req = ask(stream, ["Sure. ", call], qwen3="spelled", tools=TOOLS)
            have = (got["content"].strip(), got["tool_calls"], got["finish_reason"])
            assert have == ("Sure.", [PARIS_CALL], "tool_calls"), (stream, have)
            got, req = ask(stream, [spelled.Spelled(quoted)], qwen3="spelled", tools=TOOLS)
            have = (got["content"], got["tool_calls"], got["finish_reason"])
            assert have == (quoted, [], "stop"), (stream, have)

    local = dict(locals())
    for family in spelled.FAMILIES:
        for api in ("chat", "responses"):
            local[f"spelled_{family}_{api}"] = (lambda f, a: lambda: spelled_check(f, a))(family, api)
    for case in ("thinking_on", "thinking_off", "thinking_required"):
        for mode in ("whole", "stream"):
            local[f"serve_deepseek_v31_{case}_{mode}"] = (lambda c, m: lambda: deepseek_v31(c, m == "stream"))(case, mode)
    for case in ("tools", "think_no_tools", "tool_choice_required", "tool_choice_named"):
        for mode in ("whole", "stream"):
            local[f"serve_{case}_{mode}"] = (lambda c, m: lambda: serving_case(c, m == "stream"))(case, mode)
    for case in ("hermes", "magistral", "magistral_no_tools"):
        for mode in ("whole", "stream"):
            local[f"serve_responses_{case}_{mode}"] = (lambda c, m: lambda: serving_responses(c, m == "stream"))(case, mode)
    return run_named(CHECKS, local, {"stream_": check_stream})


if __name__ == "__main__":
    import logging
    logging.disable(logging.WARNING)
    skip_package_init()
    from sglang_serving import fake_torchvision
    fake_torchvision()
    print("CHECKS-JSON " + json.dumps(run_checks()))
