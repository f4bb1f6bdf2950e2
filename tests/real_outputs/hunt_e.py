"""Real-output cases of the 2026-12-04 hunt (e): each cites the public report it reproduces (see cases.py)."""
from __future__ import annotations

from .cases import case

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder XML in agent tools (llama.cpp, Ollama, LM Studio behind opencode, Continue, crush)
case("qwen3_coder", "https://github.com/ggml-org/llama.cpp/issues/15012", "prose before the block, a space after "
     "</tool_call> (the mixed reply the server left in content)",
     "I need to check the weather for Tokyo as well. Let me get that information for you.\n\n<tool_call>\n"
     "<function=get_current_weather>\n<parameter=location>\nTokyo, Japan\n</parameter>\n</function>\n</tool_call> ",
     [("get_current_weather", {"location": "Tokyo, Japan"})],
     "I need to check the weather for Tokyo as well. Let me get that information for you.", tools=["get_current_weather"])
case("qwen3_coder", "https://github.com/continuedev/continue/issues/13057", "Ollama: the bare function, values on "
     "the tags' lines, no closer written at all (the turn ends): not runnable",
     "I'll create a file called test.txt with the content \"hello\".\n\n<function=create_new_file>\n"
     "<parameter=filepath> test.txt\n<parameter=contents> hello\n",
     [], "I'll create a file called test.txt with the content \"hello\".", tools=["create_new_file"],
     incomplete=[("create_new_file", {"filepath": " test.txt", "contents": " hello"})])

# ---------------------------------------------------------------------------------------------
# Hermes / Qwen3 <tool_call> JSON
case("tool_call_tag", "https://github.com/gpustack/llama-box/issues/61", "Qwen3-Instruct-2507: the whole reply is "
     "the block (the server left it in content)",
     '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Paris"}}\n</tool_call>',
     [("get_weather", {"location": "Paris"})], tools={"get_weather": {"location": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# gpt-oss harmony in agent tools
case("harmony", "https://github.com/RooCodeInc/Roo-Code/issues/6739", "LM Studio: a recipient without the "
     "functions. namespace, no <|call|> (a stop token), nested arguments",
     '<|start|>assistant<|channel|>commentary to=read_file <|constrain|>json<|message|>'
     '{"args":[{"file":{"path":"documentation/program_analysis.md"}}]}',
     [("read_file", {"args": [{"file": {"path": "documentation/program_analysis.md"}}]})], tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# Mistral / Devstral [TOOL_CALLS]
case("bracket_tool_calls", "https://github.com/anomalyco/opencode/issues/856", "Devstral Small (LM Studio): NAME[ARGS]"
     "{json} in the reply, a glob in a value",
     '[TOOL_CALLS]bash[ARGS]{"command":"glob **/server/**","description":"Find server files"}',
     [("bash", {"command": "glob **/server/**", "description": "Find server files"})], tools=["bash"])

# ---------------------------------------------------------------------------------------------
# Bare JSON calls (Ollama behind Claude-Code-style agents)
case("bare_json", "https://github.com/Gitlawb/openclaude/issues/433", "qwen2.5-coder: the pretty-printed object is "
     "the whole reply",
     '{\n  "name": "WebSearch",\n  "arguments": {\n    "query": "repository structure"\n  }\n}',
     [("WebSearch", {"query": "repository structure"})], tools=["WebSearch"])
case("bare_json", "https://github.com/Gitlawb/openclaude/issues/557", "qwen3.5: a fenced pretty-printed Write call "
     "is the whole reply",
     '```json\n{\n  "name": "Write",\n  "arguments": {\n    "filename": "teste.txt",\n    "content": "Aether online"\n'
     '  }\n}\n```',
     [("Write", {"filename": "teste.txt", "content": "Aether online"})], tools=["Write"])

# ---------------------------------------------------------------------------------------------
# Kimi K2 in agent tools
KSB, KSE = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
KTB, KTE, KAB = "<|tool_call_begin|>", "<|tool_call_end|>", "<|tool_call_argument_begin|>"
case("kimi_k2", "https://github.com/anomalyco/opencode/issues/8851", "OpenRouter: three calls in the thinking, a space "
     "around every token, the thinking never closed",
     f"<think>I'll analyze the tech stack by examining the configuration files. {KSB} {KTB} functions.bash:0 {KAB} "
     f'{{"command": "ls -la", "description": "List files"}} {KTE} {KTB} functions.glob:1 {KAB} {{"pattern": "**/*.json"}} '
     f'{KTE} {KTB} functions.glob:2 {KAB} {{"pattern": "**/*.{{js,ts}}"}} {KTE} {KSE}',
     [("bash", {"command": "ls -la", "description": "List files"}), ("glob", {"pattern": "**/*.json"}),
      ("glob", {"pattern": "**/*.{js,ts}"})],
     reasoning="I'll analyze the tech stack by examining the configuration files.", tools=["bash", "glob"])
case("kimi_k2", "https://github.com/typeclaw/typeclaw/pull/344", "a router consumed the section and call openers and "
     "the functions. prefix: NAME:IDX<|tool_call_argument_begin|>{…}<|tool_calls_section_end|>, twice",
     f'channel_reply:0{KAB}{{"text": "On it."}}{KSE}\nchannel_reply:1{KAB}{{"text": "Done."}}{KSE}',
     [("channel_reply", {"text": "On it."}), ("channel_reply", {"text": "Done."})], tools=["channel_reply"],
     xfail="the name comes before the first token left (the argument token): reading it needs the content before "
           "an opener taken back, which the streaming reader does not do")

# ---------------------------------------------------------------------------------------------
# Nemotron 3 (writes Qwen3-Coder XML)
case("qwen3_coder", "https://github.com/eugr/spark-vllm-docker/issues/196", "Nemotron 3 Super: every line of the "
     "leaked block indented by a space",
     "<tool_call>\n <function=bash>\n <parameter=command>\n cd lfs-build && ls -la\n </parameter>\n </function>\n"
     " </tool_call>", [("bash", {"command": " cd lfs-build && ls -la\n "})], tools=["bash"])
case("qwen3_coder", "https://github.com/waybarrios/vllm-mlx/issues/161", "Nemotron 3 Super: thinking, then the call "
     "(the thinking leaked into content)",
     "<think>The user is asking for the current weather in Paris. I have access to the get_weather function.</think>\n"
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Paris"})],
     reasoning="The user is asking for the current weather in Paris. I have access to the get_weather function.",
     tools={"get_weather": {"city": {"type": "string"}}})

case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/19056", "Qwen3: CJK values and a list of objects "
     "in the arguments (the streamed diff broke)",
     '<tool_call>\n{"name": "summary", "arguments": {"query": "DeepSeek-R1-0528具体有哪些提升", "style": "研究报告", '
     '"outline": [{"h2": "一、版本迭代背景", "guideline": "阐述研发历程"}, {"h2": "二、核心技术突破", "guideline": '
     '"对比分析核心提升点"}]}}\n</tool_call>',
     [("summary", {"query": "DeepSeek-R1-0528具体有哪些提升", "style": "研究报告",
                   "outline": [{"h2": "一、版本迭代背景", "guideline": "阐述研发历程"},
                               {"h2": "二、核心技术突破", "guideline": "对比分析核心提升点"}]})], tools=["summary"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/18791", "CJK prose ending in 。 glued to the block",
     '我将使用计算器工具对这些参数进行计算。<tool_call>\n{"name": "calculator", "arguments": {"expression": "3*7"}}\n'
     '</tool_call>',
     [("calculator", {"expression": "3*7"})], "我将使用计算器工具对这些参数进行计算。", tools=["calculator"])
case("bare_json", "https://github.com/jyjeanne/crustly/pull/39", "Qwen2.5-Coder under a Hermes template: a fenced "
     "```json call after a line of prose",
     'I will list the files.\n```json\n{"name": "list_dir", "arguments": {"path": "src"}}\n```',
     [("list_dir", {"path": "src"})], "I will list the files.", tools=["list_dir"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V3.2 DSML
D = "｜DSML｜"
case("deepseek_dsml", "https://github.com/ochafik/minja/pull/11", "two invokes of one tool, string=\"false\" values "
     "read as JSON, a CJK query",
     f'<{D}function_calls>\n<{D}invoke name="search">\n<{D}parameter name="query" string="true">search agent benchmark '
     f'2024</{D}parameter>\n<{D}parameter name="topn" string="false">10</{D}parameter>\n<{D}parameter name="source" '
     f'string="true">web</{D}parameter>\n</{D}invoke>\n<{D}invoke name="search">\n<{D}parameter name="query" '
     f'string="true">搜索智能体 基准测试</{D}parameter>\n<{D}parameter name="topn" string="false">10</{D}parameter>\n'
     f'<{D}parameter name="source" string="true">web</{D}parameter>\n</{D}invoke>\n</{D}function_calls>',
     [("search", {"query": "search agent benchmark 2024", "topn": 10, "source": "web"}),
      ("search", {"query": "搜索智能体 基准测试", "topn": 10, "source": "web"})], tools=["search"])
case("deepseek_dsml", "https://github.com/ochafik/minja/pull/11", "one invoke, a timezone string",
     f'<{D}function_calls>\n<{D}invoke name="get_datetime">\n<{D}parameter name="timezone" string="true">Asia/Shanghai'
     f'</{D}parameter>\n</{D}invoke>\n</{D}function_calls>',
     [("get_datetime", {"timezone": "Asia/Shanghai"})], tools=["get_datetime"])

Q457 = ("<tool_call>\n<function=str_replace_editor>\n<parameter=command=create</parameter>\n<parameter=path>\n"
        "/repo/a.py\n</parameter>\n</function>\n</tool_call>")
case("qwen3_coder", "https://github.com/QwenLM/Qwen3-Coder/issues/457", "OpenHands: a parameter tag whose > was never "
     "written (`<parameter=command=create</parameter>`): never runnable, the block stays text",
     Q457, [], Q457, tools=["str_replace_editor"])

# ---------------------------------------------------------------------------------------------
# Hermes-3 / Gemma 4 behind agent harnesses
case("bare_json", "https://github.com/NVIDIA/NemoClaw/issues/2733", "hermes3:8b on Ollama: the arguments before the "
     "name, compact, the whole reply",
     '{"arguments":{"query":"quarterly roadmap"},"name":"memory_search"}',
     [("memory_search", {"query": "quarterly roadmap"})], tools=["memory_search", "web_fetch"])
case("gemma_special", "https://github.com/jundot/omlx/issues/581", "Gemma 4 (pi.dev harness): plain double quotes for "
     "the string in the token-wrapped call",
     '<|tool_call>call:bash{command:"ls"}<tool_call|>', [("bash", {"command": "ls"})], tools=["bash"])

# ---------------------------------------------------------------------------------------------
# MiniMax-M2.x in agent tools
case("minimax_m2", "https://github.com/sgl-project/sglang/issues/23071", "opencode: shell redirections and a pipe in a "
     "value (`2>&1 | head`), a second parameter",
     '<minimax:tool_call>\n<invoke name="bash">\n<parameter name="command">pytest -x 2>&1 | head -100</parameter>\n'
     '<parameter name="description">Run tests</parameter>\n</invoke>\n</minimax:tool_call>',
     [("bash", {"command": "pytest -x 2>&1 | head -100", "description": "Run tests"})], tools=["bash"])
case("minimax_m2", "https://github.com/waybarrios/vllm-mlx/pull/98", "special tokens kept: the end-of-turn [e~[ after "
     "the block",
     '<minimax:tool_call>\n<invoke name="bash">\n<parameter name="command">ls</parameter>\n</invoke>\n'
     '</minimax:tool_call>[e~[', [("bash", {"command": "ls"})], tools=["bash"])

# ---------------------------------------------------------------------------------------------
# Llama 3.1 / Llama 4
case("llama3_json", "https://github.com/huggingface/text-generation-inference/issues/2480", "Llama 3.1's built-in "
     "tool syntax after <|python_tag|>, ended by <|eom_id|>",
     '<|python_tag|>brave_search.call(query="weather in Menlo Park")<|eom_id|>',
     [("brave_search", {"query": "weather in Menlo Park"})], tools=["brave_search"])
case("llama3_json", "https://github.com/unslothai/unsloth/pull/5620", "a built-in call cut off with a call-shaped "
     "JSON in its argument: not runnable, and the inner object is no call of its own",
     '<|python_tag|>foo.call(payload={"name":"bar","parameters":{}}',
     [], tools=["foo", "bar"], incomplete=[("foo", {"payload": {"name": "bar", "parameters": {}}})])
case("pythonic", "https://github.com/vllm-project/vllm/issues/22917", "Llama 4: prose first, then the pythonic list "
     "of two calls (one without arguments)",
     "To determine the weather on April 14 in Dublin, I will call two tools.\n[get_todays_date(), "
     'get_weather(location="Dublin, Ireland", date="2025-04-14")]',
     [("get_todays_date", {}), ("get_weather", {"location": "Dublin, Ireland", "date": "2025-04-14"})],
     "To determine the weather on April 14 in Dublin, I will call two tools.", tools=["get_todays_date", "get_weather"])
case("harmony", "https://github.com/continuedev/continue/issues/10221", "gpt-oss (Ollama, agent mode): a shell line "
     "where the JSON arguments belong: never runnable",
     '<|channel|>analysis<|message|>List the files.<|end|><|start|>assistant<|channel|>commentary '
     'to=functions.run_terminal_command <|constrain|>json<|message|>ls -R\n<|call|>',
     [], reasoning="List the files.", tools=["run_terminal_command"], incomplete=[("run_terminal_command", {})])

case("bracket_tool_calls", "https://github.com/vllm-project/vllm/pull/5649", "Mistral 7B v0.3: the call list written "
     "as Python dicts (single quotes), a Python True",
     "[TOOL_CALLS] [{'name': 'get_current_weather', 'arguments': {'city': 'Dallas', 'state': 'TX', 'metric': True}}]",
     [("get_current_weather", {"city": "Dallas", "state": "TX", "metric": True})], tools=["get_current_weather"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/pull/5649", "Mistral 7B v0.3: two Python-dict calls, "
     "cut off in the second: the first runs",
     "[TOOL_CALLS] [{'name': 'get_current_weather', 'arguments': {'city': 'Dallas'}}, {'name': 'get_current_weather', "
     "'arguments': {'city': 'Orl",
     [("get_current_weather", {"city": "Dallas"})], tools=["get_current_weather"])

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder-Next in opencode (llama.cpp)
QN = "https://github.com/pwilkin/llama.cpp/issues/9"
case("qwen3_coder", QN, "four blocks back to back (a bash call, three reads), quotes and || in a value",
     '<tool_call>\n<function=bash>\n<parameter=command>\ntest -d .planning && echo "exists" || echo "missing"\n'
     '</parameter>\n<parameter=description>\nCheck if planning directory exists\n</parameter>\n</function>\n'
     '</tool_call>\n<tool_call>\n<function=read>\n<parameter=filePath>\n/home/u/dev/app/.planning/STATE.md\n'
     '</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=read>\n<parameter=filePath>\n'
     '/home/u/dev/app/.planning/ROADMAP.md\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=read>\n'
     '<parameter=filePath>\n/home/u/dev/app/.planning/PROJECT.md\n</parameter>\n</function>\n</tool_call>',
     [("bash", {"command": 'test -d .planning && echo "exists" || echo "missing"',
                "description": "Check if planning directory exists"}),
      ("read", {"filePath": "/home/u/dev/app/.planning/STATE.md"}),
      ("read", {"filePath": "/home/u/dev/app/.planning/ROADMAP.md"}),
      ("read", {"filePath": "/home/u/dev/app/.planning/PROJECT.md"})], tools=["bash", "read"])
case("qwen3_coder", "https://github.com/ggml-org/llama.cpp/issues/15012", "opencode: a numbered plan in prose, then "
     "the stream stops right after the function tag: the prose kept, nothing runs",
     "I'll help you create a Todo app.\n\nFirst let's understand what needs building:\n\n1 Frontend: React + TypeScript\n"
     "2 Backend API server: Hono\n\nLet me check the current project structure:\n<tool_call>\n<function=bash>\n",
     [], "I'll help you create a Todo app.\n\nFirst let's understand what needs building:\n\n1 Frontend: React + "
     "TypeScript\n2 Backend API server: Hono\n\nLet me check the current project structure:", tools=["bash"])

# ---------------------------------------------------------------------------------------------
# gpt-oss-20b's stray `commentary to=assistant` header
H58825 = "https://github.com/vllm-project/vllm/issues/58825"
case("harmony", H58825, "a stray `commentary to=assistant` before the analysis channel: the thinking is reasoning, "
     "no call named `assistant…`",
     "<|channel|>commentary to=assistant<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant"
     "<|channel|>final<|message|>Hello, world!\nWhat's up?",
     [], "Hello, world!\nWhat's up?", "I'm\nthinking", tools=["read"])
case("harmony", "https://github.com/ggml-org/llama.cpp/pull/21286", "the stray header before the final channel: "
     "the answer is content",
     "<|start|>assistant<|channel|>commentary to=assistant<|channel|>final<|message|>The file has 3 lines.",
     [], "The file has 3 lines.", tools=["read"])

# ---------------------------------------------------------------------------------------------
# Qwen3.x closers: missing, misspelled, cut off
case("qwen3_coder", "https://github.com/sgl-project/sglang/pull/27337", "Qwen3.6: a misspelled value closer "
     "(`</parameter/>`) then the call's closer: never runnable, the typo is no part of the value",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\n上海\n</parameter/>\n</function>\n</tool_call>",
     [], tools=["get_weather"], incomplete=[("get_weather", {"city": "上海"})], given=True)
case("qwen3_coder", "https://github.com/sgl-project/sglang/pull/27337", "Qwen3.6: the closer fused with the next "
     "one (`</parameter_function>`): never runnable",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\n上海\n</parameter_function>\n</tool_call>",
     [], tools=["get_weather"], incomplete=[("get_weather", {"city": "上海"})], given=True)
case("qwen3_coder", "https://github.com/vllm-project/vllm/pull/57707", "the last parameter's closer left out, the "
     "function closed: the trailing value is kept (a parser dropped it)",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nnotes.md\n</parameter>\n<parameter=content>\n# Notes\n"
     "</function>\n</tool_call>", [("write_file", {"path": "notes.md", "content": "# Notes"})], tools=["write_file"])
case("qwen3_coder", "https://github.com/raullenchai/Rapid-MLX/pull/1574", "max tokens after a complete parameter, "
     "before </function>: cut off, so never runnable (a server ran it)",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nnotes.md\n</parameter>\n<parameter=content>\nhello\n"
     "</parameter>\n", [], tools=["write_file"], incomplete=[("write_file", {"path": "notes.md", "content": "hello"})])
case("qwen3_coder", "https://github.com/vllm-project/vllm/issues/56263", "text after the block is content (the "
     "non-streaming parse dropped it)",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n"
     "I will report back.", [("get_weather", {"city": "Paris"})], "I will report back.", tools=["get_weather"])
case("gemma_special", "https://github.com/vllm-project/vllm/issues/56263", "Gemma 4: text on both sides of a call, "
     "every character kept",
     'Some text before <|tool_call>call:get_weather{location:<|"|>Tokyo<|"|>}<tool_call|> after',
     [("get_weather", {"location": "Tokyo"})], "Some text before  after", tools=["get_weather"])
case("llama3_json", "https://github.com/sgl-project/sglang/issues/35562", "an answer that opens with a JSON object "
     "naming no tool is content, whole",
     '{"a": 1} is a dict', [], '{"a": 1} is a dict', tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Values Ollama's parsers bent
Q = '<|"|>'
case("gemma_special", "https://github.com/ollama/ollama/issues/18390", "Gemma 4: a key with spaces, an exponent "
     "number and null",
     "<|tool_call>call:set_value{key with space:1.5e-05,none:null}<tool_call|>",
     [("set_value", {"key with space": 1.5e-05, "none": None})], tools=["set_value"])
case("gemma_special", "https://github.com/ollama/ollama/issues/18354", "Gemma 4: several strings, then an array "
     "of strings (a placeholder scheme mixed them up)",
     f"<|tool_call>call:tag_note{{title:{Q}Plan{Q},body:{Q}Ship it{Q},author:{Q}ana{Q},tags:[{Q}work{Q},{Q}q3{Q}]}}"
     "<tool_call|>",
     [("tag_note", {"title": "Plan", "body": "Ship it", "author": "ana", "tags": ["work", "q3"]})], tools=["tag_note"])
case("qwen3_coder", "https://github.com/ollama/ollama/issues/18421", "an integer beyond int64 keeps every digit "
     "(a parser clamped it)",
     "<tool_call>\n<function=count>\n<parameter=n>\n123456789012345678901234567890\n</parameter>\n</function>\n"
     "</tool_call>", [("count", {"n": 123456789012345678901234567890})], tools={"count": {"n": {"type": "integer"}}})

case("minimax_m2", "https://github.com/anthropics/claude-code/issues/83088", "the invoke syntax's slip (the report's "
     "model writes MiniMax-M2's syntax): a value closed by a tag named after its parameter, the next parameter after "
     "it: `</content>` is the value's closer (issue 31; it was once not runnable), both parameters are read",
     '<minimax:tool_call>\n<invoke name="remember">\n<parameter name="content">Met Ana about the launch.</content>\n'
     '<parameter name="metadata">{"tags": "a,b"}</parameter>\n</invoke>\n</minimax:tool_call>',
     [("remember", {"content": "Met Ana about the launch.", "metadata": {"tags": "a,b"}})], tools=["remember"])

# ---------------------------------------------------------------------------------------------
# Nemotron 3 Nano / Nano 9B v2
case("qwen3_coder", "https://github.com/ollama/ollama/pull/13764", "Nemotron 3 Nano: the prompt opens the thinking, "
     "the call comes without </think> (a parser stayed in thinking mode)",
     "The user wants the weather in Paris. I will call the tool.\n<tool_call>\n<function=get_weather>\n"
     "<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Paris"})], reasoning="The user wants the weather in Paris. I will call the tool.",
     tools=["get_weather"], thinking=True)
case("tool_calls_array", "https://github.com/vllm-project/vllm/pull/42255", "Nemotron-Nano-9B-v2: the <TOOLCALL> list "
     "with numeric arguments",
     '<TOOLCALL>[{"name": "calculate_tip", "arguments": {"bill_total": 100, "tip_percentage": 18}}]</TOOLCALL>',
     [("calculate_tip", {"bill_total": 100, "tip_percentage": 18})], tools=["calculate_tip"])
