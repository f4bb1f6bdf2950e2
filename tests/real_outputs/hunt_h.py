"""Real-output cases of the 2026-12-07 hunt (h): each cites the public report it reproduces (see cases.py).

A held-out harvest (issue 31): reports and parser tests no earlier hunt used.  DeepSeek V4's DSML
under every bar spelling and with degenerate blocks (empty, stray closers, an unfinished name),
GigaChat 3.5's GCML namespace, Gemini's text-channel call DSL (`<call:default_api:…/>`,
`declaration:default_api:…`, `<tool_code>` inside `<function_calls>`), Gemma 4 under load (round
brackets, kwargs, namespaced names, its JSON variant with `<|"|>` strings), Ling 3.0 and Ring-2.6,
Laguna, Cohere2 MoE and Command A, LLM-jp-4.1's spaced Harmony, SGLang's multi-format dialects (known
bodies in other wrappers), K2 V3, Kimi K2.7's underscore ids, Qwen 3.6 drift, smg's fallback cases,
and examples that must stay text (a block inside a sentence, an explanation of the syntax).
"""
from __future__ import annotations

from .cases import case

# ---------------------------------------------------------------------------------------------
# DeepSeek V4: DSML with the `tool_calls` block name, under every bar spelling.
D = "｜DSML｜"
case("deepseek_dsml", "https://github.com/xorbitsai/xagent/issues/806", "the doubled fullwidth bar on every tag",
     '<｜｜DSML｜｜tool_calls> <｜｜DSML｜｜invoke name="read_file"> <｜｜DSML｜｜parameter name="path" string="true">'
     'README.md</｜｜DSML｜｜parameter> </｜｜DSML｜｜invoke> </｜｜DSML｜｜tool_calls>',
     [("read_file", {"path": "README.md"})], tools=["read_file"])
case("deepseek_dsml", "https://github.com/TokenRhythm/opensquilla/issues/985",
     "two invokes of one tool, PowerShell values with pipes and single quotes",
     f"<{D}tool_calls>\n<{D}invoke name=\"exec_command\">\n<{D}parameter name=\"cmd\" string=\"true\">Get-Item -LiteralPath "
     f"'D:\\data.nbt' | Select-Object FullName,Length</{D}parameter>\n</{D}invoke>\n<{D}invoke name=\"exec_command\">\n"
     f"<{D}parameter name=\"cmd\" string=\"true\">Get-FileHash -Algorithm SHA256 -LiteralPath 'D:\\data.nbt' | Format-List"
     f"</{D}parameter>\n</{D}invoke>\n</{D}tool_calls>",
     [("exec_command", {"cmd": "Get-Item -LiteralPath 'D:\\data.nbt' | Select-Object FullName,Length"}),
      ("exec_command", {"cmd": "Get-FileHash -Algorithm SHA256 -LiteralPath 'D:\\data.nbt' | Format-List"})],
     tools=["exec_command"])
case("deepseek_dsml", "https://github.com/cline/cline/issues/13348", "the ASCII-bar spelling (<|DSML|…>) of every tag",
     '<|DSML|tool_calls>\n<|DSML|invoke name="calc">\n<|DSML|parameter name="expr" string="true">6*7</|DSML|parameter>\n'
     '</|DSML|invoke>\n</|DSML|tool_calls>', [("calc", {"expr": "6*7"})], tools=["calc"])
case("deepseek_dsml", "https://github.com/vllm-project/vllm/pull/56184", "an empty tool_calls block between two sentences",
     f"Nothing to look up.<{D}tool_calls></{D}tool_calls> The answer is 4.", [],
     "Nothing to look up. The answer is 4.", tools=["search"])
case("deepseek_dsml", "https://github.com/vllm-project/vllm/pull/56184", "stray closers with no open block after a reply",
     f"The file has 12 lines.</{D}parameter>\n</{D}invoke>\n</{D}tool_calls>", [], "The file has 12 lines.", tools=["read"])
case("deepseek_dsml", "https://github.com/anomalyco/opencode/issues/34676",
     "the DSML prefix stripped: a bare invoke whose parameter keeps string=\"true\"",
     '<invoke name="read">\n<parameter name="filePath" string="true">/home/dev/app/src/lib/api.ts</parameter>\n</invoke>',
     [("read", {"filePath": "/home/dev/app/src/lib/api.ts"})], tools=["read"])
case("deepseek_dsml", "https://github.com/ml-explore/mlx-lm/pull/1337", "string=\"false\" values are JSON: a number and a list",
     f"<{D}tool_calls>\n<{D}invoke name=\"get_weather\">\n<{D}parameter name=\"city\" string=\"true\">Paris</{D}parameter>\n"
     f"<{D}parameter name=\"days\" string=\"false\">3</{D}parameter>\n<{D}parameter name=\"fields\" string=\"false\">"
     f"[\"temp\", \"wind\"]</{D}parameter>\n</{D}invoke>\n</{D}tool_calls>",
     [("get_weather", {"city": "Paris", "days": 3, "fields": ["temp", "wind"]})], tools=["get_weather"])
case("deepseek_dsml", "https://github.com/vllm-project/vllm/pull/54686",
     "the model echoes a block whose name never closes: cut before any call started, so no call, no "
     "incomplete call, and the text is the error's raw, never content (docs/guarantees.md)",
     f"<{D}tool_calls>\n<{D}invoke name=\"record_item {{\ncategory: Dexes", [], tools=["record_item"])
case("deepseek_dsml", "https://github.com/adolfousier/opencrabs/issues/398",
     "DeepSeek V4 Flash: a <function> element with a <name> child and the parameter as a tag",
     "<function>\n<name>read_file</name>\n<path>/root/.opencrabs/MEMORY.md</path>\n</function>",
     [("read_file", {"path": "/root/.opencrabs/MEMORY.md"})], tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# GLM-5.1: a reasoning closer repeated right before the call (vllm-ascend's leak list).
case("glm", "https://github.com/vllm-project/vllm-ascend/issues/12398",
     "a second, stray </think> right before the call",
     "<think>I should read the config first.</think>\n</think>\n<tool_call>read<arg_key>path</arg_key>"
     "<arg_value>conf/app.yaml</arg_value></tool_call>",
     [("read", {"path": "conf/app.yaml"})], reasoning="I should read the config first.", tools=["read"])

# ---------------------------------------------------------------------------------------------
# Gemini: the call DSL written into the text channel.
case("gemma_special", "https://github.com/bayesimpact/bayes-platform/pull/620",
     "a self-closing <call:default_api:NAME{…}/> tag with bare values",
     "<call:default_api:file_incident{severity:high,reference:ABC-123}/>",
     [("file_incident", {"severity": "high", "reference": "ABC-123"})], tools=["file_incident"])
case("gemma_special", "https://github.com/NousResearch/hermes-agent/issues/74771",
     "declaration:default_api:NAME{…} with a list of objects",
     "declaration:default_api:ask_team{requests:[{assistant:ops,request:restart}]}",
     [("ask_team", {"requests": [{"assistant": "ops", "request": "restart"}]})], tools=["ask_team"])
case("tool_code", "https://github.com/google-gemini/gemini-cli/issues/22441",
     "Gemini 3 Flash: a <tool_code> python call inside <function_calls>, prose before",
     "I will search for hard-coded keys across the project.\n\n<function_calls>\n\n<tool_code>"
     "grep_search(pattern='AIza[0-9A-Za-z-_]{35}|secret', "
     "dir_path=\"C:\\\\Apps\\\\flight\")</tool_code>\n</function_calls>",
     [("grep_search", {"pattern": "AIza[0-9A-Za-z-_]{35}|secret", "dir_path": "C:\\Apps\\flight"})],
     "I will search for hard-coded keys across the project.", tools=["grep_search"])

# ---------------------------------------------------------------------------------------------
# Qwen 3.5 / 3.6
case("qwen3_coder", "https://github.com/jundot/omlx/issues/2221", "Qwen3.6-27B after 20 rounds: a JSON list parameter",
     "<tool_call>\n<function=SendMessages>\n<parameter=messages>\n[\"on my way\"]\n</parameter>\n</function>\n</tool_call>",
     [("SendMessages", {"messages": ["on my way"]})], tools={"SendMessages": {"messages": {"type": "array"}}})
case("qwen3_coder", "https://github.com/unslothai/unsloth/pull/5735",
     "an orphan close: the opening was drained, only the closers follow the answer",
     "Done, the server is running.</parameter></function></tool_call>", [], "Done, the server is running.",
     tools=["run_shell_command"])
case("tool_call_tag", "https://github.com/ollama/ollama/pull/17284",
     "qwen2.5: the tool's description written as its name (undeclared): the text comes back",
     '<tool_call>\n{"name": "Apply tags to a document", "arguments": {"document_id": 42, "tags": ["invoice"]}}\n</tool_call>',
     [], tools=["tag_document"], given=True)

# ---------------------------------------------------------------------------------------------
# GigaChat 3.5: DSML's body under its own namespace (<｜GCML｜…>).
GC = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_gigachat35_tool_parser.py"
G = "｜GCML｜"
case("deepseek_dsml", GC, "the GCML namespace: one call",
     f'<{G}tool_calls><{G}invoke name="get_weather"><{G}parameter name="city" string="true">Tokyo</{G}parameter>'
     f'</{G}invoke></{G}tool_calls>', [("get_weather", {"city": "Tokyo"})], tools=["get_weather"])
case("deepseek_dsml", GC, "the GCML namespace: two invokes, prose before",
     f'I will check.<{G}tool_calls><{G}invoke name="get_weather"><{G}parameter name="city" string="true">Tokyo'
     f'</{G}parameter></{G}invoke><{G}invoke name="get_time"><{G}parameter name="timezone" string="true">Asia/Tokyo'
     f'</{G}parameter></{G}invoke></{G}tool_calls>',
     [("get_weather", {"city": "Tokyo"}), ("get_time", {"timezone": "Asia/Tokyo"})], "I will check.",
     tools=["get_weather", "get_time"])
case("deepseek_dsml", GC, "the GCML namespace: string=\"false\" values of every JSON type",
     f'<{G}tool_calls><{G}invoke name="typed_args"><{G}parameter name="s" string="false">"hello"</{G}parameter>'
     f'<{G}parameter name="i" string="false">7</{G}parameter><{G}parameter name="f" string="false">3.5</{G}parameter>'
     f'<{G}parameter name="b" string="false">true</{G}parameter><{G}parameter name="n" string="false">null</{G}parameter>'
     f'<{G}parameter name="a" string="false">[1, 2, 3]</{G}parameter><{G}parameter name="o" string="false">'
     f'{{"nested": true}}</{G}parameter></{G}invoke></{G}tool_calls>',
     [("typed_args", {"s": "hello", "i": 7, "f": 3.5, "b": True, "n": None, "a": [1, 2, 3], "o": {"nested": True}})],
     tools=["typed_args"])
case("deepseek_dsml", GC, "the GCML namespace: an invoke with no parameters",
     f'<{G}tool_calls><{G}invoke name="empty_args"></{G}invoke></{G}tool_calls>', [("empty_args", {})],
     tools=["empty_args"])
case("deepseek_dsml", GC, "the GCML namespace: an invoke opened and never closed is not runnable",
     f'<{G}tool_calls><{G}invoke name="broken">', [], tools=["broken"], incomplete=[("broken", {})],
     xfail="policy, not the namespace (the same under `｜DSML｜`): a call starts at its first parameter or "
           "its end (_xml.call; docs/syntax.md#qwen3_coder), so a call cut right after its tag is an error "
           "with the raw text, never an incomplete call; vLLM's gigachat35 test reports it incomplete")

# ---------------------------------------------------------------------------------------------
# Kimi K3: the end-of-message marker after a plain answer.
case("kimi_k3", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_kimi_k3_tool_parser.py",
     "a plain answer closed by <|close|>message<|sep|> (no response closer)", "Hello<|close|>message<|sep|>", [], "Hello")

# ---------------------------------------------------------------------------------------------
# Intern-S1: InternLM's action tokens, spaced and repeated.
IS1 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_intern_s1_tool_parser.py"
case("internlm", IS1, "a space between the two special tokens",
     '<|action_start|> <|plugin|>\n{"name": "get_weather", "parameters": {"city": "Tokyo"}}\n<|action_end|>',
     [("get_weather", {"city": "Tokyo"})], tools=["get_weather", "get_time"])
case("internlm", IS1, "two action blocks, then the visible answer",
     '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>\n'
     '<|action_start|><|plugin|>{"name": "get_time", "parameters": {"timezone": "Asia/Tokyo"}}<|action_end|>\n'
     "Visible answer.",
     [("get_weather", {"city": "Tokyo"}), ("get_time", {"timezone": "Asia/Tokyo"})], "Visible answer.",
     tools=["get_weather", "get_time"])

# ---------------------------------------------------------------------------------------------
# Nemotron's <TOOLCALL> list: arguments as a JSON string; a malformed list stays text.
NJ = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_nemotron_json_tool_parser.py"
case("tool_calls_array", NJ, "the arguments written as a JSON-encoded string",
     '<TOOLCALL>[{"name": "run_query", "arguments": "{\\"sql\\": \\"select 1\\"}"}]</TOOLCALL>',
     [("run_query", {"sql": "select 1"})], tools=["run_query"])
case("tool_calls_array", NJ, "a thinking block, then a one-call list",
     '<think>\nI need the weather for Tokyo.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]'
     '</TOOLCALL>', [("get_weather", {"city": "Tokyo"})], reasoning="I need the weather for Tokyo.", tools=["get_weather"])
case("tool_calls_array", NJ, "a single object (not a list) inside the tags",
     '<TOOLCALL>{"name": "lookup", "arguments": {"query": "vllm"}}</TOOLCALL>', [("lookup", {"query": "vllm"})],
     tools=["lookup"])

# ---------------------------------------------------------------------------------------------
# CWM: the shorthand block with no '>' after the label, the label being the tool.
case("cwm", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_csm_tool_parser.py",
     "`<tool: python CODE </tool>`: the label is the tool, the rest its command",
     'prefix\n<tool: python import os; print(os.listdir("_pytest")) </tool>\n',
     [("python", {"command": 'import os; print(os.listdir("_pytest"))'})], "prefix", tools=["python"])

# ---------------------------------------------------------------------------------------------
# Step 3.5 Flash: Qwen3-Coder's body; a JSON object value spread over two lines, typed by the schema.
S35 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_step3p5_tool_parser.py"
case("qwen3_coder", S35, "prose glued to <tool_call>, a multi-line object value and an integer",
     'Let me calculate that area for you.<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n'
     '</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n'
     '</parameter>\n</function>\n</tool_call>',
     [("calculate_area", {"shape": "rectangle", "dimensions": {"width": 10, "height": 20}, "precision": 2})],
     "Let me calculate that area for you.",
     tools={"calculate_area": {"shape": {"type": "string"}, "dimensions": {"type": "object"},
                               "precision": {"type": "integer"}}})
case("qwen3_coder", S35, "a 'float' schema type (not JSON Schema's 'number') and a boolean",
     '<tool_call>\n<function=test_types>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n'
     '</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n</function>\n</tool_call>',
     [("test_types", {"float_param": 3.14, "bool_param": True, "str_param": "hello world"})],
     tools={"test_types": {"float_param": {"type": "float"}, "bool_param": {"type": "boolean"},
                           "str_param": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# smg's parser tests: GLM-4.7/5.x bodies, fallbacks that must give the text back, Cohere actions.
SMG = "https://github.com/lightseekorg/smg/blob/main/crates/tool_parser/tests/"
case("glm", SMG + "tool_parser_glm47_moe.rs", "prose before and after one call with two pairs",
     "Let me search for that.\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date"
     "</arg_key><arg_value>2024-12-25</arg_value></tool_call>\nThe weather will be...",
     [("get_weather", {"city": "Beijing", "date": "2024-12-25"})], "Let me search for that.\nThe weather will be...",
     tools=["get_weather"])
case("glm", SMG + "tool_parser_glm47_moe.rs", "Python literals (True, False, None) as values",
     "<tool_call>test_func<arg_key>bool_true</arg_key><arg_value>True</arg_value><arg_key>bool_false</arg_key>"
     "<arg_value>False</arg_value><arg_key>none_val</arg_key><arg_value>None</arg_value></tool_call>",
     [("test_func", {"bool_true": True, "bool_false": False, "none_val": None})], tools=["test_func"])
case("glm", SMG + "tool_parser_glm47_moe.rs", "a value that quotes the value closer itself",
     "<tool_call>echo<arg_key>text</arg_key><arg_value>use </arg_value> in docs</arg_value></tool_call>",
     [("echo", {"text": "use </arg_value> in docs"})], tools=["echo"])
case("glm", SMG + "tool_parser_glm47_moe.rs", "a value that quotes the key opener, then a second pair",
     "<tool_call>echo<arg_key>text</arg_key><arg_value>see <arg_key> docs</arg_value><arg_key>n</arg_key>"
     "<arg_value>2</arg_value></tool_call>", [("echo", {"text": "see <arg_key> docs", "n": 2})], tools=["echo"])
case("glm", SMG + "tool_parser_glm47_moe.rs", "two calls glued, no newline between",
     "<tool_call>search<arg_key>query</arg_key><arg_value>rust tutorials</arg_value></tool_call><tool_call>translate"
     "<arg_key>text</arg_key><arg_value>Hello World</arg_value><arg_key>target_lang</arg_key><arg_value>zh</arg_value>"
     "</tool_call>",
     [("search", {"query": "rust tutorials"}), ("translate", {"text": "Hello World", "target_lang": "zh"})],
     tools=["search", "translate"])
case("tool_call_tag", SMG + "tool_parser_fallback.rs",
     "one valid call, then one with malformed JSON: the valid one runs, the bad block comes back as text",
     'Let me help you with that.\n<tool_call>\n{"name": "valid_tool", "arguments": {"x": 1}}\n</tool_call>\n'
     "And here's another one:\n<tool_call>\n{\"name\": \"invalid_tool\", \"arguments\": malformed}\n</tool_call>\nThat's all!",
     [("valid_tool", {"x": 1})],
     "Let me help you with that.\nAnd here's another one:\n<tool_call>\n{\"name\": \"invalid_tool\", \"arguments\": "
     "malformed}\n</tool_call>\nThat's all!", tools=["valid_tool", "invalid_tool"], incomplete=[("invalid_tool", {})])
case("tool_call_tag", SMG + "tool_parser_fallback.rs", "prose that shows the syntax is an example, not a call",
     'The syntax is: <tool_call>\n{"name": "example"}\n</tool_call> - that\'s how you format it', [],
     'The syntax is: <tool_call>\n{"name": "example"}\n</tool_call> - that\'s how you format it', tools=["example"])
case("llama3_json", SMG + "tool_parser_fallback.rs", "<|python_tag|> followed by prose, not JSON: all of it is text",
     "Here's my response <|python_tag|>not even close to JSON", [],
     "Here's my response <|python_tag|>not even close to JSON", tools=["test"])
case("command_r", SMG + "tool_parser_cohere.rs", "response, action list, then a <|START_TEXT|> follow-up",
     "<|START_RESPONSE|>I'll help with that.<|END_RESPONSE|>\n<|START_ACTION|>{\"tool_name\": \"test\", \"parameters\": {}}"
     "<|END_ACTION|>\n<|START_TEXT|>Here's some follow-up text.<|END_TEXT|>",
     [("test", {})], "I'll help with that.\nHere's some follow-up text.", tools=["test"])
case("command_r", SMG + "tool_parser_cohere.rs", "the action closer quoted inside a string parameter",
     '<|START_ACTION|>{"tool_name": "echo", "parameters": {"text": "say <|END_ACTION|> please"}}<|END_ACTION|>',
     [("echo", {"text": "say <|END_ACTION|> please"})], tools=["echo"])
case("command_r", SMG + "tool_parser_cohere.rs", "no parameters key at all",
     '<|START_ACTION|>{"tool_name": "ping"}<|END_ACTION|>', [("ping", {})], tools=["ping"])
case("command_r", SMG + "tool_parser_cohere.rs", "two action blocks, each after its own response",
     '<|START_RESPONSE|>First task done.<|END_RESPONSE|>\n<|START_ACTION|>{"tool_name": "task1", "parameters": {"id": 1}}'
     '<|END_ACTION|>\n<|START_RESPONSE|>Second task.<|END_RESPONSE|>\n<|START_ACTION|>{"tool_name": "task2", '
     '"parameters": {"id": 2}}<|END_ACTION|>',
     [("task1", {"id": 1}), ("task2", {"id": 2})], "First task done.\nSecond task.", tools=["task1", "task2"])

# ---------------------------------------------------------------------------------------------
# Ling 3.0 (Bailing V3): GLM's key/value body; the prompt opens <think>, a call may end the
# reasoning before </think>, and the end-of-turn token is sometimes spelled out as text.
LING = "https://github.com/ggml-org/llama.cpp/blob/master/common/parsers/ling3.cpp"
LINGP = "https://github.com/ggml-org/llama.cpp/pull/28682"
case("glm", LING, "prompt-opened thinking, content, a call with a newline between its pairs",
     "The user wants the weather.</think>Checking now.\n<tool_call>get_weather<arg_key>city</arg_key>\n"
     "<arg_value>Hangzhou</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>\n</tool_call>",
     [("get_weather", {"city": "Hangzhou", "unit": "celsius"})], "Checking now.", "The user wants the weather.",
     tools=["get_weather"], thinking=True)
case("glm", LING, "the call starts before </think> was ever written: it ends the reasoning",
     "I need the file first.\n<tool_call>read_file<arg_key>path</arg_key><arg_value>README.md</arg_value></tool_call>",
     [("read_file", {"path": "README.md"})], reasoning="I need the file first.", tools=["read_file"], thinking=True)
case("glm", LINGP, "the end-of-turn token <|role_end|> spelled out as text after a plain answer",
     "Simple sum.</think>2 + 2 = 4.<|role_end|>", [], "2 + 2 = 4.", "Simple sum.", thinking=True)
case("glm", LINGP, "<|role_end|> spelled out after a call",
     "<tool_call>now</tool_call><|role_end|>", [("now", {})], tools=["now"])

# ---------------------------------------------------------------------------------------------
# Cohere2 MoE ("North Code"): the prompt forces <|START_THINKING|>; text or an action list follows.
NC = "https://github.com/ggml-org/llama.cpp/blob/master/common/parsers/cohere2moe.cpp"
case("command_r", NC, "reasoning continued from the prompt, an action list, the end-of-turn token",
     'I should list the files.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "list_dir", '
     '"parameters": {"path": "src"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>',
     [("list_dir", {"path": "src"})], reasoning="I should list the files.", tools=["list_dir"], thinking=True)
case("command_r", NC, "reasoning continued from the prompt, then a text answer and the end-of-turn token",
     "Greeting.<|END_THINKING|><|START_TEXT|>Hello! What can I do?<|END_TEXT|><|END_OF_TURN_TOKEN|>", [],
     "Hello! What can I do?", "Greeting.", thinking=True)

# ---------------------------------------------------------------------------------------------
# LLM-jp-4.1: Harmony with a space after every special token; parallel calls as consecutive
# messages, all but the last closed by <|end|>.
LJ = "https://github.com/ggml-org/llama.cpp/blob/master/common/parsers/llm-jp-harmony.cpp"
case("harmony", LJ, "a space after every special token: analysis, then a call with a constraint",
     "<|channel|> analysis<|message|> Need the weather in Tokyo.<|end|><|start|> assistant<|channel|> commentary "
     "to=functions.get_weather <|constrain|> json<|message|> {\"city\": \"Tokyo\"}<|call|>",
     [("get_weather", {"city": "Tokyo"})], reasoning="Need the weather in Tokyo.", tools=["get_weather"])
case("harmony", LJ, "two calls as consecutive messages, the first closed by <|end|>",
     "<|channel|> commentary to=functions.get_weather<|message|> {\"city\": \"Tokyo\"}<|end|><|start|> assistant"
     "<|channel|> commentary to=functions.get_time<|message|> {\"tz\": \"Asia/Tokyo\"}<|call|>",
     [("get_weather", {"city": "Tokyo"}), ("get_time", {"tz": "Asia/Tokyo"})], tools=["get_weather", "get_time"])
case("harmony", LJ, "a spaced final channel: the answer without the token's space",
     "<|channel|> analysis<|message|> Greeting.<|end|><|start|> assistant<|channel|> final<|message|> こんにちは。",
     [], "こんにちは。", "Greeting.")
# gpt-oss-20b at temperature 1: a channel header broken before its message token, closed by <|end|>
# (the log lines, cut where the log cuts them): the broken header's words are reasoning
# (nothing the model wrote vanishes; none of it is the answer), its tokens markup, an error reports it.
G27720 = "https://github.com/ggml-org/llama.cpp/issues/27720"
case("harmony", G27720, "a broken header `commentary?commentary?` with words, then an analysis message",
     "<|channel|>commentary?commentary?We need temperature difference. Also need outside temperature. Get outdoor "
     "temperature.<|end|><|start|>assistant<|channel|>analysis<|message|>Need GetLiveContext for Outdoor Temperature.",
     [], "", "commentary?commentary?We need temperature difference. Also need outside temperature. Get outdoor "
     "temperature.Need GetLiveContext for Outdoor Temperature.", tools=["GetLiveContext"])
case("harmony", G27720, "a broken header `<|channel|>??`, then an analysis message",
     "<|channel|>??<|end|><|start|>assistant<|channel|>analysis<|message|>We must comply with the gating rules. Input: "
     '"should I seal the driveway this weekend"',
     [], "", '??We must comply with the gating rules. Input: "should I seal the driveway this weekend"',
     tools=["GetLiveContext"])

# ---------------------------------------------------------------------------------------------
# Poolside Laguna: GLM's key/value body; JSON in ordinary prose must stay prose.
case("glm", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2243", "Laguna S 2.1 on MLX: one pair",
     "<tool_call>lookup<arg_key>repo</arg_key><arg_value>god-ai</arg_value></tool_call>",
     [("lookup", {"repo": "god-ai"})], tools=["lookup"])
case("glm", "https://github.com/leehack/llamadart/issues/397", "cut inside the first value: never runnable",
     "Prelude<tool_call>weather<arg_key>city</arg_key><arg_value>Seo", [], "Prelude", tools=["weather"],
     incomplete=[("weather", {"city": "Seo"})])
case("glm", "https://github.com/ai-dynamo/dynamo/pull/9614", "an undeclared name with a valid body stays text",
     "<tool_call>unknown_tool<arg_key>location</arg_key><arg_value>NYC</arg_value></tool_call>", [],
     tools=["get_weather"], given=True)
case("bare_json", "https://github.com/ollama/ollama/issues/17602",
     "a JSON object with a \"name\" key inside an ordinary answer is not a call",
     'Here is the record you asked for:\n{"name": "John Smith", "age": 42}\nSave it as person.json.', [],
     'Here is the record you asked for:\n{"name": "John Smith", "age": 42}\nSave it as person.json.',
     tools=["lookup", "write_file"])
case("bare_json", "https://github.com/ollama/ollama/pull/17603", "a whole reply that is a JSON object whose first key is not a call's",
     '{"title": "README", "sections": ["Install", "Usage"]}', [],
     '{"title": "README", "sections": ["Install", "Usage"]}', tools=["lookup"])

# ---------------------------------------------------------------------------------------------
# SGLang's multi-format detector: known bodies in other wrappers (chat_template_kwargs.tool_format).
MF = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_multi_format_detector.py"
case("minimax_m2", MF, "the invoke body inside a plain <tool_calls> wrapper, prose glued before",
     'prefix<tool_calls><invoke name="get_weather"><parameter name="x">NYC</parameter></invoke></tool_calls>',
     [("get_weather", {"x": "NYC"})], "prefix", tools=["get_weather"])
case("deepseek_dsml", MF, "DSML's body without the DSML token: string=\"true\" keeps 42 a string",
     '<tool_calls><invoke name="get_weather"><parameter name="x" string="true">42</parameter></invoke></tool_calls>',
     [("get_weather", {"x": "42"})], tools=["get_weather"])
case("qwen3_coder", MF, "text before, between and after two wrapped functions",
     "pre<tool_call><function=get_weather><parameter=city>SF</parameter></function></tool_call>middle<tool_call>"
     "<function=get_time><parameter=timezone>UTC</parameter></function></tool_call>post",
     [("get_weather", {"city": "SF"}), ("get_time", {"timezone": "UTC"})], "premiddlepost",
     tools=["get_weather", "get_time"])
case("harmony", MF, "a Harmony header (assistant to=functions.NAME json) inside <tool_call>, prose before",
     'Some preamble.\n<tool_call>assistant to=functions.get_weather json\n{"city": "NYC"}\n</tool_call>',
     [("get_weather", {"city": "NYC"})], "Some preamble.", tools=["get_weather"])
case("harmony", MF, "a bare to=functions.NAME line inside <tool_call>",
     '<tool_call>to=functions.get_weather\n{"city": "NYC"}\n</tool_call>', [("get_weather", {"city": "NYC"})],
     tools=["get_weather"])
case("pythonic", MF, "a Python call inside <tool_call> with JSON literals",
     "<tool_call>get_weather(a=true, b=false, c=null)</tool_call>",
     [("get_weather", {"a": True, "b": False, "c": None})], tools=["get_weather"])
case("pythonic", MF, "an expression (2+2) is not a literal: the call is not runnable",
     "<tool_call>get_weather(x=2+2)</tool_call>", [], tools=["get_weather"], incomplete=[("get_weather", {"x": 2})],
     given=True)

# ---------------------------------------------------------------------------------------------
# K2 V3 (IFM): the reasoning-effort blocks before an <ifm|tool_call>.
K2V3 = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_k2v3_tool_parser.py"
case("k2_horizon", K2V3, "a <ifm|think_fast> reasoning block, then a key/value call",
     "<ifm|think_fast>reasoning</ifm|think_fast><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key>"
     "<ifm|arg_value>Tokyo</ifm|arg_value></ifm|tool_call>",
     [("get_weather", {"city": "Tokyo"})], reasoning="reasoning", tools=["get_weather"])
case("k2_horizon", K2V3, "a JSON list of calls inside one <ifm|tool_call>",
     '<ifm|tool_call>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "get_weather", "arguments": '
     '{"city": "Osaka"}}]</ifm|tool_call>',
     [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Osaka"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Calls and call syntax inside the thinking.
case("qwen3_coder", "https://github.com/QwenLM/qwen-code/issues/6548",
     "Qwen Code: the call written inside a thinking block that never closes, the turn ends there: it runs",
     "<think>\nI need to read the config first.\n<tool_call>\n<function=read_file>\n<parameter=path>\nconfig.yaml\n"
     "</parameter>\n</function>\n</tool_call>",
     [("read_file", {"path": "config.yaml"})], reasoning="I need to read the config first.", tools=["read_file"])
LMT = ("Some models use <function=...> blocks, others use <tool_call> tags; LM Studio reads both, so the "
       "failure is elsewhere.")
case("qwen3_coder", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1592",
     "Qwen3.5: reasoning that names the call syntax in prose is reasoning, not a call",
     f"<think>\n{LMT}\n</think>\n\nThe parser is scanning the thinking block.", [],
     "The parser is scanning the thinking block.", LMT, tools=["web_search", "web_fetch"])

# ---------------------------------------------------------------------------------------------
# Kimi K2: the singular section markers (<|tool_call_section_begin|>).
case("kimi_k2", "https://github.com/vllm-project/vllm/pull/32146", "the singular section markers around one call",
     "<|tool_call_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
     '{"city": "Tokyo"}<|tool_call_end|><|tool_call_section_end|>', [("get_weather", {"city": "Tokyo"})],
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 under load: round brackets, Python kwargs, namespaced names, single-quoted values.
Q = '<|"|>'
case("gemma_special", "https://github.com/vllm-project/vllm/pull/53657", "round brackets instead of braces",
     f"<|tool_call>call:terminal(command:{Q}ls -a{Q})<tool_call|>", [("terminal", {"command": "ls -a"})],
     tools=["terminal"])
case("gemma_special", "https://github.com/vllm-project/vllm/issues/53642",
     "a round-bracket call, then a documented one: both run, neither swallows the other",
     f"<|tool_call>call:terminal(command:{Q}ls{Q})<tool_call|><|tool_call>call:terminal{{command:{Q}pwd{Q}}}<tool_call|>",
     [("terminal", {"command": "ls"}), ("terminal", {"command": "pwd"})], tools=["terminal"])
case("gemma_special", "https://github.com/jundot/omlx/pull/1886", "Python kwargs (key=value) in round brackets",
     f"<|tool_call>call:read_file(path={Q}src/app.py{Q}, limit=40)<tool_call|>",
     [("read_file", {"path": "src/app.py", "limit": 40})], tools=["read_file"])
case("gemma_special", "https://github.com/vllm-project/vllm/pull/53444",
     "no brace after the name, prose instead: not runnable, the text comes back",
     "<|tool_call>call:get_time now please<tool_call|>", [], tools=["get_time"], given=True)
case("gemma_special", "https://github.com/jundot/omlx/pull/1854",
     "an MCP-namespaced name (server:ns:tool) and single-quoted values holding commas and braces",
     "<|tool_call>call:google:mcp:text_generation:create-pdf-file{filename:'output.pdf',content:'a, b: {c}'}"
     "<tool_call|>", [("create-pdf-file", {"filename": "output.pdf", "content": "a, b: {c}"})],
     tools=["create-pdf-file"])

# ---------------------------------------------------------------------------------------------
# Kimi K2.7-Code: ids spelled functions_NAME_IDX (underscores for the dot and the colon).
case("kimi_k2", "https://github.com/ggml-org/llama.cpp/issues/24658", "ids spelled functions_Bash_2, two calls",
     "<|tool_calls_section_begin|><|tool_call_begin|>functions_Bash_2<|tool_call_argument_begin|>"
     '{"command": "gh pr checks 2", "cwd": "/workspace"}<|tool_call_end|><|tool_call_begin|>functions_Bash_3'
     '<|tool_call_argument_begin|>{"command": "git diff --stat main...feature/saas", "cwd": "/workspace"}'
     "<|tool_call_end|><|tool_calls_section_end|>",
     [("Bash", {"command": "gh pr checks 2", "cwd": "/workspace"}),
      ("Bash", {"command": "git diff --stat main...feature/saas", "cwd": "/workspace"})], tools=["Bash", "Read"])

# ---------------------------------------------------------------------------------------------
# Claude-style invoke blocks through the VS Code LM API: wrapped is a call, quoted in prose is not.
ZOO = "https://github.com/Zoo-Code-Org/Zoo-Code/pull/1188"
case("minimax_m2", ZOO, "a <function_calls> block around an invoke: a call",
     'Reading it.\n<function_calls>\n<invoke name="read_file">\n<parameter name="path">src/main.ts</parameter>\n'
     "</invoke>\n</function_calls>", [("read_file", {"path": "src/main.ts"})], "Reading it.", tools=["read_file"])
case("minimax_m2", ZOO, "a bare invoke quoted inside a sentence: text",
     'To read a file you would write <invoke name="read_file"><parameter name="path">a.txt</parameter></invoke> '
     "and wait for the result.", [],
     'To read a file you would write <invoke name="read_file"><parameter name="path">a.txt</parameter></invoke> '
     "and wait for the result.", tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# Gemma 4's JSON variant: a {"name", "arguments"} object inside <|tool_call>, strings quoted with <|"|>.
FG4 = "https://github.com/ml-explore/mlx-lm/blob/main/mlx_lm/tool_parsers/function_gemma4.py"
case("gemma_special", FG4, "a JSON call object whose string quotes are the <|\"|> token",
     f'<|tool_call>{{"name": "get_weather", "arguments": {{"city": {Q}London{Q}}}}}<tool_call|>',
     [("get_weather", {"city": "London"})], tools=["get_weather"])
case("gemma_special", FG4, "the same with every quote the token, prose before",
     f"Let me look.<|tool_call>{{{Q}name{Q}: {Q}get_weather{Q}, {Q}arguments{Q}: {{{Q}city{Q}: {Q}Lyon{Q}, "
     f"{Q}days{Q}: 2}}}}<tool_call|>",
     [("get_weather", {"city": "Lyon", "days": 2})], "Let me look.", tools=["get_weather"])
case("gemma_special", "https://github.com/odysseus-dev/odysseus/pull/5033",
     "Gemma through a tokenizer that spells both ends <|tool_call|>",
     f"<|tool_call|>call:run_shell{{command:{Q}ls -la{Q}}}<|tool_call|>", [("run_shell", {"command": "ls -la"})],
     tools=["run_shell"])
case("gemma_special", "https://github.com/osaurus-ai/vmlx-swift/pull/11", "JSON-quoted keys and values in the literal",
     '<|tool_call>call:browser_navigate{"url":"https://example.org","wait_until":"networkidle"}<tool_call|>',
     [("browser_navigate", {"url": "https://example.org", "wait_until": "networkidle"})], tools=["browser_navigate"])
case("gemma_special", "https://github.com/ollama/ollama/pull/15255", "a shell command with its own quotes inside <|\"|>",
     f"<|tool_call>call:bash{{command:{Q}grep -rn \"TODO\" src/ | head -n 5{Q}}}<tool_call|>",
     [("bash", {"command": 'grep -rn "TODO" src/ | head -n 5'})], tools=["bash"])

# ---------------------------------------------------------------------------------------------
# Ring-2.6 (inclusionAI): GLM's key/value body under <role> turns, a newline between key and value.
case("glm", "https://github.com/sgl-project/sglang/pull/25366", "Ring-2.6-1T: a newline between each key and its value",
     "<tool_call>search_docs<arg_key>query</arg_key>\n<arg_value>vector index</arg_value>\n<arg_key>top_k</arg_key>\n"
     "<arg_value>5</arg_value>\n</tool_call>",
     [("search_docs", {"query": "vector index", "top_k": 5})], tools=["search_docs"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V4's parser tests: a newline after each parameter; V3.2's block name under V4.
DV4 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_deepseekv4_tool_parser.py"
case("deepseek_dsml", DV4, "prose with a trailing space, a newline after each parameter",
     f'Let me check. <{D}tool_calls>\n<{D}invoke name="get_weather">\n<{D}parameter name="location" string="true">'
     f'Beijing</{D}parameter>\n<{D}parameter name="unit" string="true">celsius</{D}parameter>\n</{D}invoke>\n'
     f'</{D}tool_calls>', [("get_weather", {"location": "Beijing", "unit": "celsius"})], "Let me check.",
     tools=["get_weather"])
case("deepseek_dsml", DV4, "a V4 turn that writes V3.2's block name (function_calls): still the call",
     f'<{D}function_calls>\n<{D}invoke name="search">\n<{D}parameter name="query" string="true">vllm</{D}parameter>\n'
     f'</{D}invoke>\n</{D}function_calls>', [("search", {"query": "vllm"})], tools=["search"])

# ---------------------------------------------------------------------------------------------
# Qwen 3.6 explaining its own syntax: a bare <function=…> block with prose after it is an example.
EXPL = ("A tool call looks like this:\n\n<function=get_weather>\n<parameter=location>\nTokyo\n</parameter>\n"
        "</function>\n\nThe function tag names the tool and each parameter tag holds one argument.")
case("qwen3_coder", "https://github.com/ollama/ollama/pull/16398",
     "Qwen3.6-27B asked to show a call: the bare block between two paragraphs of prose stays text", EXPL, [], EXPL,
     tools=["get_weather", "Glob"])

# ---------------------------------------------------------------------------------------------
# Qwen3.6 (q27 server): the function tag garbled into `<name>NAME` and a stray `</parameter>`.
case("qwen3_coder", "https://github.com/signalnine/q27/issues/24",
     "`<name>task` then a stray </parameter> where `<tool_call><function=task>` belongs, the parameters intact",
     "<name>task\n</parameter>\n<parameter=description>\nAdd timestamp comment to hello.py\n</parameter>\n"
     "<parameter=subagent_type>\ngeneral\n</parameter>\n</function>",
     [("task", {"description": "Add timestamp comment to hello.py", "subagent_type": "general"})],
     tools=["task", "read"],
     xfail="left as text on purpose (issue 31): `<name>` is a tag whose word says nothing of a call and whose "
           "closer never comes; the name is followed by a stray `</parameter>`, not by a body. Reading it would "
           "take a rule that a declared word after any tag, then stray closers, then parameter tags is a call: it "
           "would repair a function tag the model never wrote (and `<name>task</name>` then parameters shown in "
           "an answer would run), so the block is the content, whole")

# ---------------------------------------------------------------------------------------------
# Gemma 4 (OpenVINO model server's parser tests): braces, brackets and a comma inside a string.
case("gemma_special", "https://github.com/openvinotoolkit/model_server/pull/4179",
     "a string value holding {name}, [a, b, c] and commas",
     f"<|tool_call>call:format{{template:{Q}Hello {{name}}, items: [a, b, c]{Q},count:3}}<tool_call|>",
     [("format", {"template": "Hello {name}, items: [a, b, c]", "count": 3})], tools=["format"])
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/64099",
     "Claude Code: the invoke's parameter tags indented, no wrapper",
     '<invoke name="Bash">\n  <parameter name="command">echo hi</parameter>\n</invoke>', [("Bash", {"command": "echo hi"})],
     tools=["Bash", "Edit"])

# ---------------------------------------------------------------------------------------------
# ERNIE-4.5-Thinking: the reasoning closed by a bare </think>, then two calls (docs/reasoning.md: without the
# template the text before a closer with no opener has gone out as content).
case("tool_call_tag", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_ernie45_moe_tool_parser.py",
     "reasoning ended by a </think> with no opener, then two wrapped calls",
     'I need to call two tools to handle these two issues separately.\n</think>\n\n<tool_call>\n{"name": '
     '"get_current_temperature", "arguments": {"location": "Beijing"}}\n</tool_call>\n<tool_call>\n{"name": '
     '"get_temperature_unit", "arguments": {"location": "Guangzhou", "unit": "c"}}\n</tool_call>\n',
     [("get_current_temperature", {"location": "Beijing"}),
      ("get_temperature_unit", {"location": "Guangzhou", "unit": "c"})],
     "I need to call two tools to handle these two issues separately.",
     tools=["get_current_temperature", "get_temperature_unit"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_ernie45_moe_tool_parser.py",
     "the same with the prompt's thinking known (the template opened <think>): the text is reasoning",
     'I need to call two tools to handle these two issues separately.\n</think>\n\n<tool_call>\n{"name": '
     '"get_current_temperature", "arguments": {"location": "Beijing"}}\n</tool_call>\n',
     [("get_current_temperature", {"location": "Beijing"})],
     reasoning="I need to call two tools to handle these two issues separately.",
     tools=["get_current_temperature", "get_temperature_unit"], thinking=True)

# ---------------------------------------------------------------------------------------------
# Command A (Cohere Command 3/4): citation markup inside the thinking and the response.
CC = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_cohere_command_tool_parser.py"
case("command_r", CC, "<co>…</co: 0:[1]> citation spans: their markup is not text",
     "<|START_THINKING|>This is a rainbow <co>emoji: 🌈</co: 0:[1]><|END_THINKING|>\n<|START_RESPONSE|>foo <co>bar"
     "</co: 0:[1,2],1:[3,4]><|END_RESPONSE|>", [], "foo bar", "This is a rainbow emoji: 🌈")
case("command_r", CC, "a space after <|START_THINKING|>, then a two-call action list",
     '<|START_THINKING|>first I think about foo<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", '
     '"tool_name": "foo", "parameters": {"query": "query1"}},\n    {"tool_call_id": "1", "tool_name": "bar", '
     '"parameters": {"x": 42}}\n]\n<|END_ACTION|>',
     [("foo", {"query": "query1"}), ("bar", {"x": 42})], reasoning="first I think about foo", tools=["foo", "bar"])
