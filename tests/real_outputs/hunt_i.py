"""Real-output cases of the 2026-12-07 hunt (i): each cites the public report it reproduces (see cases.py).

A held-out harvest (issue 31), scored before any fix: reports and parser tests no earlier hunt used,
of families released in the last weeks and shapes not in the corpus.  LongCat's JSON form, Nemotron
Nano v2's <TOOLCALL> list, HY V4's suffixed tokens (any suffix), Kimi K3 in SGLang's detector tests,
MiniCPM4's XML (CDATA), DeepSeek V4.1's spaced DSML, IQuest Q1's own wrapper, GLM-5.2 / 5.3-Flash
(`NAME>{json}`), Step-Audio 2's type line, BerryLM, Qwen 3.8, agent CLIs' transcript dialects
(`[Calling tool: …]`, `[Tool Use: …]`) and stripped wrappers, Cline / Roo's tool tags, Dynamo's
orphan closers, DeepSeek V4's missing start token, over-escaped JSON values, and the negatives the
real sets hold (prose naming a marker, look-alike tags, undeclared names, cut and malformed calls).
"""
from __future__ import annotations

from .cases import case

# ---------------------------------------------------------------------------------------------
# LongCat: the JSON call object inside <longcat_tool_call> (vLLM's longcat parser tests).
LCJ = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_longcat_tool_parser.py"
case("wrapped", LCJ, "the JSON call object in LongCat's own wrapper",
     '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>',
     [("get_weather", {"city": "Tokyo"})], tools=["get_weather"])
case("wrapped", LCJ, "prose before and after the wrapped call",
     'Let me check the weather for you.\n<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}'
     '</longcat_tool_call>\nHere is the result.',
     [("get_weather", {"city": "Tokyo"})], "Let me check the weather for you.\nHere is the result.",
     tools=["get_weather"])
case("wrapped", LCJ, "two wrapped calls on two lines, every JSON type in the first",
     '<longcat_tool_call>{\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "int_field": 42,\n'
     '    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b"],\n    "empty_object": {}\n  }\n}'
     '</longcat_tool_call>\n<longcat_tool_call>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}'
     '</longcat_tool_call>',
     [("test_function", {"string_field": "hello", "int_field": 42, "bool_field": True, "null_field": None,
                         "array_field": ["a", "b"], "empty_object": {}}),
      ("get_time", {"timezone": "Asia/Tokyo"})], tools=["test_function", "get_time"])
case("wrapped", LCJ, "arguments that are a string, not an object: not runnable, the text comes back",
     '<longcat_tool_call>{"name": "func", "arguments": "not a dict"}</longcat_tool_call>', [], tools=["func"],
     incomplete=[("func", {})], given=True)

# ---------------------------------------------------------------------------------------------
# Nemotron Nano v2: the <TOOLCALL> list.
NN = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_nemotron_nano_v2_tool_parser.py"
case("tool_calls_array", NN, "prose glued to the list, two arguments",
     'Let me check that.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo", "unit": "celsius"}}]</TOOLCALL>',
     [("get_weather", {"city": "Tokyo", "unit": "celsius"})], "Let me check that.", tools=["get_weather"])
case("tool_calls_array", NN, "nested objects and a list of objects as arguments",
     '<TOOLCALL>[{"name": "search", "arguments": {"filters": {"city": "Tokyo"}, "items": [{"name": "rain", '
     '"value": true}]}}]</TOOLCALL>',
     [("search", {"filters": {"city": "Tokyo"}, "items": [{"name": "rain", "value": True}]})], tools=["search"])
case("tool_calls_array", NN, "two calls in one list",
     '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "lookup_timezone", '
     '"arguments": {"city": "Tokyo"}}]</TOOLCALL>',
     [("get_weather", {"city": "Tokyo"}), ("lookup_timezone", {"city": "Tokyo"})],
     tools=["get_weather", "lookup_timezone"])
case("tool_calls_array", NN, "a list whose bracket never closes before the closer: the text comes back",
     '<TOOLCALL>[{"name": "broken", "arguments": {}</TOOLCALL>', [], tools=["broken"],
     incomplete=[("broken", {})], given=True)

# ---------------------------------------------------------------------------------------------
# HY V4: GLM's key/value body under suffixed tokens (`<tool_calls:opensource>`), the suffix read
# from the vocabulary, so any suffix a checkpoint ships.
HY4 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_hy_v4_tool_parser.py"
S = ":opensource"


def _hy(body, s=S):
    return f"<tool_calls{s}>{body}</tool_calls{s}>"


def _hc(name, args="", s=S):
    return f"<tool_call{s}>{name}{args}</tool_call{s}>"


def _ha(k, v, s=S):
    return f"<arg_key{s}>{k}</arg_key{s}><arg_value{s}>{v}</arg_value{s}>"


case("hunyuan_v3", HY4, "prose, then a call whose integer is typed by the schema (no separator token)",
     "sure!" + _hy(_hc("get_weather", _ha("city", "Beijing") + _ha("days", "3"))),
     [("get_weather", {"city": "Beijing", "days": 3})], "sure!",
     tools={"get_weather": {"city": {"type": "string"}, "days": {"type": "integer"}}})
case("hunyuan_v3", HY4, "a call with arguments, then one with none, in one block",
     _hy(_hc("get_weather", _ha("city", "北京")) + _hc("get_current_date")),
     [("get_weather", {"city": "北京"}), ("get_current_date", {})], tools=["get_weather", "get_current_date"])
case("hunyuan_v3", HY4, "a suffix with regex metacharacters (`:a+b(c`)",
     _hy(_hc("get_current_date", s=":a+b(c"), s=":a+b(c"), [("get_current_date", {})], tools=["get_current_date"],
     xfail="hunyuan_v3 knows one literal tag suffix (`:opensource`); another suffix a checkpoint's vocabulary "
           'declares (vLLM reads it from there) is neither a spelling of the family nor a wrapper shape (`+(` '
           "are outside wrapped.WRAPPER's characters, and a `<tool_calls:x-y>` section with a nested "
           '`<tool_call:x-y>` is not a known body): the block is the content')
case("hunyuan_v3", HY4, "the reasoning closed by the suffixed </think:opensource>, the prompt having opened it",
     f"thinking</think{S}>" + _hy(_hc("get_weather", _ha("city", "A"))), [("get_weather", {"city": "A"})],
     reasoning="thinking", tools=["get_weather"], thinking=True)
case("hunyuan_v3", HY4, "text left between the last pair and the call's closer: not runnable, the text comes back",
     _hy(f"<tool_call{S}>get_weather" + _ha("city", "X") + f"JUNK</tool_call{S}>"), [], tools=["get_weather"],
     incomplete=[("get_weather", {"city": f"X</arg_value{S}>JUNK"})], given=True)
case("hunyuan_v3", HY4, "a key with no value: not runnable, the text comes back",
     _hy(f"<tool_call{S}>get_weather<arg_key{S}>city</arg_key{S}></tool_call{S}>"), [], tools=["get_weather"],
     given=True)

# ---------------------------------------------------------------------------------------------
# Kimi K3 in SGLang's detector tests.
K3S = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_kimik3_detector.py"
RO, RC, TO, TC, MC = ("<|open|>response<|sep|>", "<|close|>response<|sep|>", "<|open|>tools<|sep|>",
                      "<|close|>tools<|sep|>", "<|close|>message<|sep|>")


def _k3(tool, idx, args):
    body = "".join(f'<|open|>argument key="{k}" type="{t}"<|sep|>{v}<|close|>argument<|sep|>' for k, (t, v) in args.items())
    return f'<|open|>call tool="{tool}" index="{idx}"<|sep|>{body}<|close|>call<|sep|>'


case("kimi_k3", K3S, "a response, then a call with a string and an object-typed argument",
     f"{RO}Let me run it.{RC}{TO}" + _k3("python", 1, {"code": ("string", "print(1)"), "opts": ("object", '{"a": 1}')})
     + TC, [("python", {"code": "print(1)", "opts": {"a": 1}})], "Let me run it.", tools=["python"])
case("kimi_k3", K3S, "the tools section never closed after a whole call: the call runs",
     TO + _k3("python", 1, {"code": ("string", "x")}), [("python", {"code": "x"})], tools=["python"])
case("kimi_k3", K3S, "the section, then the end-of-message marker",
     f'{TO}<|open|>call tool="read_agent" index="1"<|sep|><|open|>argument key="id" type="string"<|sep|>worker_1'
     f"<|close|>argument<|sep|><|close|>call<|sep|>{TC}{MC}", [("read_agent", {"id": "worker_1"})], tools=["read_agent"])
case("kimi_k3", K3S, "prose that names the call marker in a sentence stays text",
     "calls open with <|open|>call, then attributes", [], "calls open with <|open|>call, then attributes",
     tools=["python"])
case("kimi_k3", K3S, "narration, then the response closer cut at the end of the stream: the half marker is not text",
     "I am delegating the docs subagent.<|close|>response", [], "I am delegating the docs subagent.", tools=["python"])
case("kimi_k3", K3S, "number and boolean typed arguments are JSON",
     TO + _k3("python", 1, {"n": ("number", "42"), "flag": ("boolean", "true")}) + TC,
     [("python", {"n": 42, "flag": True})], tools=["python"])

# ---------------------------------------------------------------------------------------------
# Agent transcripts: the model imitates the `[Calling tool: …]` line its client wrote into the history.
case("transcript", "https://github.com/raullenchai/Rapid-MLX/pull/1592",
     "LFM: `[Calling tool: NAME({json})]` on a line of its own",
     '[Calling tool: browse({"url": "https://www.iana.org/help/example-domains"})]',
     [("browse", {"url": "https://www.iana.org/help/example-domains"})], tools=["browse"])
case("transcript", "https://github.com/EKKOLearnAI/hermes-studio/issues/942",
     "MiniMax-M2.7: `[Calling tool: NAME with arguments: {json}]`",
     '[Calling tool: terminal with arguments: {"command": "free -h && df -h /"}]',
     [("terminal", {"command": "free -h && df -h /"})], tools=["terminal", "search_files"])
case("transcript", "https://github.com/EKKOLearnAI/hermes-studio/issues/942",
     "MiniMax-M2.7: `[Calling tool: NAME]` in place of the invoke opener, the parameters and closers intact",
     '[Calling tool: search_files]\n<parameter name="file_glob">*.tsx</parameter>\n<parameter name="path">'
     '/home/dev/hermes-web-ui</parameter>\n<parameter name="pattern">tool_call|ToolCall</parameter>\n</invoke>\n'
     '</minimax:tool_call>',
     [("search_files", {"file_glob": "*.tsx", "path": "/home/dev/hermes-web-ui", "pattern": "tool_call|ToolCall"})],
     tools=["terminal", "search_files"])

# ---------------------------------------------------------------------------------------------
# Wrappers a server stripped or a model dropped.
case("minimax_m2", "https://github.com/NousResearch/hermes-agent/issues/8965",
     "Ollama cloud models: DSML's invoke (string=\"true\") inside a bare <function_calls>",
     '<function_calls>\n<invoke name="cronjob">\n<parameter name="action" string="true">list</parameter>\n</invoke>\n'
     '</function_calls>', [("cronjob", {"action": "list"})], tools=["cronjob"])
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/71508",
     "prose, a blank line, then a bare invoke with a Windows path",
     'Let me read the service-lookback skill file.\n\n<invoke name="Read">\n<parameter name="file_path">'
     'C:\\Users\\dev\\project\\.claude\\skills\\service-lookback\\SKILL.md</parameter>\n</invoke>',
     [("Read", {"file_path": "C:\\Users\\dev\\project\\.claude\\skills\\service-lookback\\SKILL.md"})],
     "Let me read the service-lookback skill file.", tools=["Read", "Bash"])
D = "｜DSML｜"
case("deepseek_dsml", "https://github.com/vllm-project/vllm/issues/48931",
     "DeepSeek-V4 at long context: the start token omitted, the invoke and the block closer kept",
     f'<{D}invoke name="read_file">\n<{D}parameter name="path" string="true">src/main.py</{D}parameter>\n</{D}invoke>\n'
     f'</{D}tool_calls>', [("read_file", {"path": "src/main.py"})], tools=["read_file"])
case("deepseek_dsml", "https://github.com/vllm-project/vllm/issues/48931",
     "prose that mentions the invoke marker while explaining the syntax stays text",
     f'Each call starts with <{D}invoke name="read_file"> and lists its parameters after it.', [],
     f'Each call starts with <{D}invoke name="read_file"> and lists its parameters after it.', tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# Orphan closers and broken lists (Dynamo's recovery fixtures).
DYN = "https://github.com/ai-dynamo/dynamo/pull/10115"
case("tool_calls_array", DYN, "the list with its closer but no opener",
     '[{"name": "get_weather", "arguments": {"location": "NYC"}}]</TOOLCALL>', [("get_weather", {"location": "NYC"})],
     tools=["get_weather"])
case("tool_calls_array", DYN, "prose inside the wrapper, not a list: the text comes back",
     "<TOOLCALL>not a json array</TOOLCALL>", [], tools=["get_weather"], given=True)
case("tool_calls_array", DYN, "cut inside the first call's arguments: never runnable",
     '<TOOLCALL>[{"name": "get_weather", "arguments": {"loc', [], tools=["get_weather"],
     incomplete=[("get_weather", {})])
case("bracket_tool_calls", "https://github.com/ai-dynamo/frontend-crates/pull/60",
     "Mistral: a stray [/TOOL_CALLS] after a plain answer is markup",
     "The answer is 42.[/TOOL_CALLS]", [], "The answer is 42.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Prose that quotes a marker, then the real call (Qwen3.5 coding agents).
AST = "https://github.com/aosama/astronomical/issues/346"
case("qwen3_coder", AST, "the reasoning quotes `<tool_call>` in backticks, then the real call",
     "<think>The proxy treats `<tool_call>` as a start marker, so I should read proxy.rs.</think>\n<tool_call>\n"
     "<function=read_file>\n<parameter=path>\nsrc/proxy.rs\n</parameter>\n</function>\n</tool_call>",
     [("read_file", {"path": "src/proxy.rs"})],
     reasoning="The proxy treats `<tool_call>` as a start marker, so I should read proxy.rs.", tools=["read_file"])
case("qwen3_coder", AST, "the visible text quotes both markers in backticks, then the real call",
     "The parser looks for `<tool_call>` and `<function=` markers. Let me open it.\n<tool_call>\n<function=read_file>\n"
     "<parameter=path>\nsrc/parser.rs\n</parameter>\n</function>\n</tool_call>",
     [("read_file", {"path": "src/parser.rs"})],
     "The parser looks for `<tool_call>` and `<function=` markers. Let me open it.", tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# MiniCPM4/5's <function name=…><param name=…> body (SGLang's detector tests).
MC4 = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_minicpm4_xml_detector.py"
case("minicpm5", MC4, "prose before and after one call, CJK values",
     'Intro before.\n<function name="get_weather"><param name="city">上海</param><param name="date">2024-06-27</param>'
     '</function>\nOutro after.\n',
     [("get_weather", {"city": "上海", "date": "2024-06-27"})], "Intro before.\nOutro after.", tools=["get_weather"])
case("minicpm5", MC4, "a CDATA section holding a line break",
     '<function name="get_weather"><param name="city"><![CDATA[北\n京]]></param><param name="date">2024-06-27</param>'
     '</function>\n', [("get_weather", {"city": "北\n京", "date": "2024-06-27"})], tools=["get_weather"])
case("minicpm5", MC4, "a list and a boolean typed by the schema",
     '<function name="sum_values"><param name="nums">[1, 2, 3]</param><param name="exact">true</param></function>\n',
     [("sum_values", {"nums": [1, 2, 3], "exact": True})],
     tools={"sum_values": {"nums": {"type": "array"}, "exact": {"type": "boolean"}}})
case("minicpm5", MC4, "a param with no name: not runnable, the text comes back",
     '<function name="get_weather"><param>北京</param><param name="date">2024-06-27</param></function>\n', [],
     tools=["get_weather"], given=True)
case("minicpm5", MC4, "a call with no params",
     '<function name="noop"></function>\n', [("noop", {})], tools=["noop"])

# ---------------------------------------------------------------------------------------------
# Values: what the schema cannot make of them stays the model's text.
case("qwen3_coder", "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_nonfinite_coercion.py",
     "a number-typed parameter written 1e999 (not finite): not a number, so not runnable and the text comes back "
     "(SGLang runs it with the string; here a value its schema rejects makes a call not runnable, as `abc` would)",
     "<tool_call>\n<function=scale>\n<parameter=factor>\n1e999\n</parameter>\n</function>\n</tool_call>",
     [], tools={"scale": {"factor": {"type": "number"}}}, incomplete=[("scale", {"factor": "1e999"})], given=True)
case("qwen3_coder", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_qwen3_xml_coder_shared.py",
     "an object parameter written as a Python dict (single quotes)",
     "<tool_call>\n<function=test_types>\n<parameter=obj_param>\n{'key': 'value'}\n</parameter>\n</function>\n</tool_call>",
     [("test_types", {"obj_param": {"key": "value"}})], tools={"test_types": {"obj_param": {"type": "object"}}})
case("qwen3_coder", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_qwen3_xml_coder_shared.py",
     "two blocks on two lines: the newline between them is not content",
     "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n"
     "</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nOrlando\n"
     "</parameter>\n<parameter=state>\nFL\n</parameter>\n</function>\n</tool_call>",
     [("get_current_weather", {"city": "Dallas", "state": "TX"}), ("get_current_weather", {"city": "Orlando", "state": "FL"})],
     tools=["get_current_weather"])

# ---------------------------------------------------------------------------------------------
# More transcript dialects and bare bodies in agent clients.
case("transcript", "https://github.com/rynfar/meridian/issues/94",
     "OpenCode through a proxy: `[Tool Use: NAME({json})]`",
     'I will list the files first.\n[Tool Use: bash({"command": "ls -la src"})]',
     [("bash", {"command": "ls -la src"})], "I will list the files first.", tools=["bash", "read"])
case("bare_json", "https://github.com/selfagency/opilot/issues/149",
     "qwen2.5-coder: a bare JSON call spread over lines, the whole reply",
     '{\n"name": "fetch_file_content",\n"arguments": {\n"filePath": "/my/code/test-project/AGENTS.md"\n}\n}',
     [("fetch_file_content", {"filePath": "/my/code/test-project/AGENTS.md"})], tools=["fetch_file_content"])
case("bare_json", "https://github.com/anomalyco/opencode/issues/46625", "qwen2.5-coder: a bare one-line JSON call",
     '{"name":"glob","arguments":{"pattern":"*"}}', [("glob", {"pattern": "*"})], tools=["glob", "write"])
case("qwen3_coder", "https://github.com/anomalyco/opencode/issues/33959",
     "qwen3-coder: prose, then <function=…> parameters with no closer at all: never runnable",
     "I'll search for DbContext in the solution.\n\n<function=grep>\n<parameter=pattern> DbContext\n<parameter=include> *.cs",
     [], "I'll search for DbContext in the solution.", tools=["grep", "task"],
     incomplete=[("grep", {"pattern": " DbContext", "include": " *.cs"})])
case("tool_call_hash", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1177",
     "MiniMax-M2 on MLX: a JSON object with tool/args keys between [TOOL_CALL] tags, spaces inside",
     '[TOOL_CALL] { "tool": "write", "args": { "filePath": "test.html", "content": "<html><body>hi</body></html>" } } '
     '[/TOOL_CALL]', [("write", {"filePath": "test.html", "content": "<html><body>hi</body></html>"})],
     tools=["write"])
case("lfm2", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1979", "LFM2.5 on MLX: one pythonic call",
     '<|tool_call_start|>[list_directory(path="desktop")]<|tool_call_end|>', [("list_directory", {"path": "desktop"})],
     tools=["list_directory"])
case("lfm2", "https://github.com/theroyallab/tabbyAPI/pull/464", "LFM2.5: single-quoted string argument",
     "<|tool_call_start|>[browser_navigate(url='/home/user1/workspace')]<|tool_call_end|>",
     [("browser_navigate", {"url": "/home/user1/workspace"})], tools=["browser_navigate"])
case("lfm2", "https://github.com/ml-explore/mlx-lm/pull/1246", "LFM2.5: a dotted name and nested list/dict arguments",
     '<|tool_call_start|>[grocery.orderIngredients(items=[{"name": "flour", "qty": 2}], express=True)]<|tool_call_end|>',
     [("grocery.orderIngredients", {"items": [{"name": "flour", "qty": 2}], "express": True})],
     tools=["grocery.orderIngredients"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 under agents.
Q = '<|"|>'
case("gemma_special", "https://github.com/osaurus-ai/vmlx-swift/pull/128",
     "prose holding a stray `<` (`DOUBLED=<product*2>`) right before the call",
     f"Set DOUBLED=<product*2> next.<|tool_call>call:file_write{{content:{Q}x=1{Q},mode:{Q}append{Q},path:{Q}notes.txt{Q}}}"
     "<tool_call|>", [("file_write", {"content": "x=1", "mode": "append", "path": "notes.txt"})],
     "Set DOUBLED=<product*2> next.", tools=["file_write"])
case("gemma_special", "https://github.com/ollama/ollama/pull/18307",
     "a whole call written before the thinking channel closed: it ends the thinking and runs",
     f"<|channel>thought\nThe fix is on line 91. Let's go.<|tool_call>call:editor{{end_line:91,new_text:{Q}ok{Q},"
     f"path:{Q}manic_miner.html{Q},start_line:91}}<tool_call|><|tool_response>",
     [("editor", {"end_line": 91, "new_text": "ok", "path": "manic_miner.html", "start_line": 91})],
     reasoning="The fix is on line 91. Let's go.", tools=["editor"])
case("gemma_special", "https://github.com/NousResearch/hermes-agent/issues/38376",
     "Gemma 4 on vLLM through Hermes: the call as text, a terminal command",
     f"<|tool_call>call:terminal{{command:{Q}nvidia-smi{Q}}}<tool_call|>", [("terminal", {"command": "nvidia-smi"})],
     tools=["terminal"])
case("gemma_special", "https://github.com/unslothai/unsloth/pull/5624",
     "an answer documenting the bare `call:NAME{…}` syntax with no tools offered stays prose",
     "Gemma writes a call as call:foo{x:1} on its own line.", [],
     "Gemma writes a call as call:foo{x:1} on its own line.")

# ---------------------------------------------------------------------------------------------
# Hermes' own report of MiniMax and DeepSeek V4 markup.
case("minimax_m2", "https://github.com/NousResearch/hermes-agent/issues/27834",
     "MiniMax-M2.7 on Windows: an indented invoke, a quoted cmd argument",
     '<minimax:tool_call>\n  <invoke name="terminal">\n    <parameter name="command">cmd /c "feishu --help"</parameter>\n'
     '  </invoke>\n</minimax:tool_call>', [("terminal", {"command": 'cmd /c "feishu --help"'})], tools=["terminal"])

# ---------------------------------------------------------------------------------------------
# Step-Audio 2: a type line, the name line, then the JSON arguments, inside <tool_call>.
SA2 = "https://github.com/vllm-project/vllm/blob/main/vllm/tool_parsers/step_audio_2_tool_parser.py"
case("tool_call_tag", SA2, "`function`, the name and the JSON arguments on three lines",
     '<tool_call>function\nforecast_weather\n{"location": "shanghai"}</tool_call>',
     [("forecast_weather", {"location": "shanghai"})], tools=["forecast_weather"])
case("tool_call_tag", SA2, "prose, then two such calls",
     'Let me check both.<tool_call>function\nforecast_weather\n{"location": "shanghai"}</tool_call>'
     '<tool_call>function\nget_time\n{"tz": "Asia/Shanghai"}</tool_call>',
     [("forecast_weather", {"location": "shanghai"}), ("get_time", {"tz": "Asia/Shanghai"})], "Let me check both.",
     tools=["forecast_weather", "get_time"])

# ---------------------------------------------------------------------------------------------
# LFM2.5 without its wrapper tokens (llama.cpp's LFM2.5 template writes none).
case("lfm2", "https://github.com/ggml-org/llama.cpp/pull/21242", "LFM2.5: a bare pythonic list, the whole reply",
     '[get_weather(location="Seoul")]', [("get_weather", {"location": "Seoul"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V4.1: DSML with a space before every tag name (`<｜DSML｜ calls>`, ` invoke`, ` parameter`).
V41 = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/deepseekv41_detector.py"
case("deepseek_dsml", V41, "prose, a blank line, the spaced block with one string parameter",
     f'Let me check.\n\n<{D} calls>\n<{D} invoke name="get_weather">\n<{D} parameter name="city" string="true">SF'
     f'</{D} parameter>\n</{D} invoke>\n</{D} calls>',
     [("get_weather", {"city": "SF"})], "Let me check.", tools=["get_weather"])
case("deepseek_dsml", V41, "the spaced invoke holding a JSON body (the structural tag's form)",
     f'\n\n<{D} calls>\n<{D} invoke name="get_weather">{{"city": "Paris", "days": 2}}</{D} invoke>\n</{D} calls>',
     [("get_weather", {"city": "Paris", "days": 2})], tools=["get_weather"])
case("deepseek_dsml", V41, "thinking, then two spaced invokes, a string=\"false\" number",
     f'<think>need weather</think>\n\n<{D} calls>\n<{D} invoke name="get_weather">\n<{D} parameter name="city" '
     f'string="true">SF</{D} parameter>\n<{D} parameter name="days" string="false">3</{D} parameter>\n</{D} invoke>\n'
     f'<{D} invoke name="get_time">\n<{D} parameter name="tz" string="true">PST</{D} parameter>\n</{D} invoke>\n'
     f'</{D} calls>',
     [("get_weather", {"city": "SF", "days": 3}), ("get_time", {"tz": "PST"})], reasoning="need weather",
     tools=["get_weather", "get_time"])

# ---------------------------------------------------------------------------------------------
# IQuest Q1: GLM's key/value body inside its own <iquest_tool_call> wrapper.
IQ = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/iquest_q1_detector.py"
case("glm", IQ, "a name, then key/value pairs, in a wrapper no other family uses",
     "<iquest_tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>days</arg_key>"
     "<arg_value>2</arg_value></iquest_tool_call>",
     [("get_weather", {"city": "Beijing", "days": 2})], tools={"get_weather": {"city": {"type": "string"},
                                                                             "days": {"type": "integer"}}})
case("glm", IQ, "prose, then two such calls",
     "Checking both.\n<iquest_tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>"
     "</iquest_tool_call>\n<iquest_tool_call>get_time<arg_key>tz</arg_key><arg_value>CET</arg_value></iquest_tool_call>",
     [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})], "Checking both.",
     tools=["get_weather", "get_time"])
case("glm", IQ, "stray text between the pairs: not a call, the block comes back as text",
     "<iquest_tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value> and also"
     "</iquest_tool_call>", [], tools=["get_weather"], incomplete=[("get_weather", {"city": "Paris</arg_value> and also"})],
     given=True)

# ---------------------------------------------------------------------------------------------
# GLM-5.3-Flash: after <tool_call>, the name then `>` and the JSON arguments.
G53 = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/glm53_flash_detector.py"
case("glm", G53, "`<tool_call>NAME>{json}</tool_call>`",
     '<tool_call>get_weather>{"location": "Beijing"}</tool_call>', [("get_weather", {"location": "Beijing"})],
     tools=["get_weather"])
case("glm", G53, "a namespaced name (`Weather/get_weather_by_city`), `>{json}`, no closer before the end",
     '<tool_call>Weather/get_weather_by_city>{"location": "Beijing"}', [("get_weather_by_city", {"location": "Beijing"})],
     tools=["get_weather_by_city"])
case("glm", G53, "the name, a newline, then the JSON arguments",
     '<tool_call>get_weather\n{"location": "Shanghai"}</tool_call>', [("get_weather", {"location": "Shanghai"})],
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# BerryLM: Qwen3-Coder's body, a parameter left unclosed before the next one (SGLang's detector).
BL = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/berrylm_detector.py"
case("qwen3_coder", BL, "the first parameter's closer missing, the function and block closed",
     "<tool_call>\n<function=search>\n<parameter=query>\nvector index\n<parameter=limit>\n5\n</parameter>\n</function>\n"
     "</tool_call>", [("search", {"query": "vector index", "limit": 5})],
     tools={"search": {"query": {"type": "string"}, "limit": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# Ollama's newest parser tests: Qwen 3.8, GLM-5.2, the bare <function=…> call, large numbers.
OQ38 = "https://github.com/ollama/ollama/blob/main/model/parsers/qwen38_test.go"
case("qwen3_coder", OQ38, "Qwen 3.8: thinking, content, then two calls, a CJK-accented value and an integer",
     "<think>\nNeed weather and UV for Montréal.\n</think>\n\nI'll check both.\n\n<tool_call>\n<function=get_weather>\n"
     "<parameter=city>\nMontréal\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=set_uv_threshold>\n"
     "<parameter=index>\n5\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Montréal"}), ("set_uv_threshold", {"index": 5})], "I'll check both.",
     "Need weather and UV for Montréal.",
     tools={"get_weather": {"city": {"type": "string"}}, "set_uv_threshold": {"index": {"type": "integer"}}},
     thinking=True)
case("qwen3_coder", OQ38, "Qwen 3.8: a look-alike tag (`<tool_calling>`) in the answer stays text",
     "Plan</think>ordinary <tool_calling> marker.", [], "ordinary <tool_calling> marker.", "Plan", thinking=True)
case("qwen3_coder", OQ38, "Qwen 3.8: the call cut right after its function tag",
     "Plan</think>Before<tool_call><function=get_weather>", [], "Before", "Plan", tools=["get_weather"],
     thinking=True)
OG52 = "https://github.com/ollama/ollama/blob/main/model/parsers/glm52_test.go"
case("glm", OG52, "GLM-5.2: prompt-opened thinking, an answer glued to the call, integer and boolean values",
     "plan</think>Answer<tool_call>calculate<arg_key>count</arg_key><arg_value>3</arg_value><arg_key>enabled</arg_key>"
     "<arg_value>true</arg_value></tool_call>",
     [("calculate", {"count": 3, "enabled": True})], "Answer", "plan",
     tools={"calculate": {"count": {"type": "integer"}, "enabled": {"type": "boolean"}}}, thinking=True)
case("glm", OG52, "GLM-5.2: an empty thinking closed at once, then a plain answer",
     "</think>Plain answer", [], "Plain answer", thinking=True)
OQB = "https://github.com/ollama/ollama/blob/main/model/parsers/qwen3coder_bare_test.go"
case("qwen3_coder", OQB, "a bare <function=…> call, an orphan </tool_call> after it, then text",
     "<function=exec_command>\n<parameter=cmd>\nls -la\n</parameter>\n</function>\n</tool_call>\ndone",
     [("exec_command", {"cmd": "ls -la"})], "done", tools=["exec_command"])
case("qwen3_coder", OQB, "prose naming an unclosed function tag stays text",
     "the tag <function=foo is documented here", [], "the tag <function=foo is documented here",
     tools=["exec_command"])
case("qwen3_coder", OQB, "a garbage function name: the text comes back",
     "<function=<<not xml>></function>", [], tools=["exec_command"], given=True)
case("glm", "https://github.com/ollama/ollama/blob/main/model/parsers/tool_number_test.go",
     "Laguna: a number-typed value written 1e20",
     "<tool_call>calculate\n<arg_key>value</arg_key>\n<arg_value>1e20</arg_value>\n</tool_call>",
     [("calculate", {"value": 1e20})], tools={"calculate": {"value": {"type": "number"}}})

# ---------------------------------------------------------------------------------------------
# Tool-named tags (Cline / Roo's XML, what routers see from GLM and DeepSeek) and a stray word.
case("tool_tag", "https://github.com/RooCodeInc/Roo-Code/issues/10270",
     "prose, then the tool's own tag holding one child tag per parameter",
     "I'll start by examining the key files.\n\n<read_file>\n<path>ReadMe.md</path>\n</read_file>",
     [("read_file", {"path": "ReadMe.md"})], "I'll start by examining the key files.",
     tools=["read_file", "ask_followup_question"])
case("tool_tag", "https://github.com/musistudio/claude-code-router/pull/1340",
     "GLM-5.1 through a router: the tool's own tag holding its JSON arguments",
     '<write_file>{"path": "notes.md", "content": "# Notes"}</write_file>',
     [("write_file", {"path": "notes.md", "content": "# Notes"})], tools=["write_file", "bash"])
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/71812",
     "a bare invoke whose command spans several lines (cd, grep, git, rm)",
     '<invoke name="Bash">\n<parameter name="command">cd /home/dev/app\ngrep -n "release_to_open" src/transfer.ts\n'
     'git status --short | wc -l\nrm -f /tmp/review.md</parameter>\n</invoke>',
     [("Bash", {"command": 'cd /home/dev/app\ngrep -n "release_to_open" src/transfer.ts\ngit status --short | wc -l\n'
                           'rm -f /tmp/review.md'})], tools=["Bash"])

# ---------------------------------------------------------------------------------------------
# GLM-4.7 / 5.x in SGLang's detector tests: JSON list values, escaped once too often.
G47S = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_glm47_moe_detector.py"
case("glm", G47S, "an array-typed value whose JSON quotes are backslash-escaped",
     r'<tool_call>todo_write<arg_key>todos</arg_key><arg_value>[{\"id\": \"1\", \"task\": \"Check the backend\", '
     r'\"status\": \"in_progress\"}, {\"id\": \"2\", \"task\": \"Write the report\", \"status\": \"pending\"}]'
     '</arg_value>\n</tool_call>',
     [("todo_write", {"todos": [{"id": "1", "task": "Check the backend", "status": "in_progress"},
                                {"id": "2", "task": "Write the report", "status": "pending"}]})],
     tools={"todo_write": {"todos": {"type": "array"}}})
case("glm", G47S, "an array-typed value holding a Windows path with escaped backslashes",
     '<tool_call>todo_write<arg_key>todos</arg_key><arg_value>[{"id": "1", "task": "Check file at C:\\\\Users\\\\test.txt", '
     '"status": "pending"}]</arg_value></tool_call>',
     [("todo_write", {"todos": [{"id": "1", "task": "Check file at C:\\Users\\test.txt", "status": "pending"}]})],
     tools={"todo_write": {"todos": {"type": "array"}}})

# ---------------------------------------------------------------------------------------------
# Devstral Small 2 without [ARGS] (Rapid-MLX's report).
case("bracket_tool_calls", "https://github.com/raullenchai/Rapid-MLX/issues/1071",
     "Devstral Small 2: `[TOOL_CALLS]NAME{json}` without [ARGS]",
     '[TOOL_CALLS]web_search{"query": "latest AI model releases this month"}',
     [("web_search", {"query": "latest AI model releases this month"})], tools=["web_search"])
