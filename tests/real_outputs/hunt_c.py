"""Real-output cases of the 2026-12-04 hunt (c): each cites the public report it reproduces (see cases.py)."""
from __future__ import annotations

from .cases import case  # noqa: F401

VT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/"

# ---------------------------------------------------------------------------------------------
# GigaChat 3 / 3.1
GC = VT + "test_gigachat3_tool_parser.py"
MEM = {"action": "create", "id": "preferences"}
MEMJ = '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}'
case("gigachat", GC, "GigaChat 3: the message separator, the `function call` header and its role separator",
     "<|message_sep|>\n\nfunction call<|role_sep|>\n" + MEMJ, [("manage_user_memory", MEM)],
     tools=["manage_user_memory"])
case("gigachat", GC, "prose glued to the separator, the end-of-sequence </s> after the call",
     "I'll check that for you.<|message_sep|>\n\nfunction call<|role_sep|>\n" + MEMJ + "</s>",
     [("manage_user_memory", MEM)], "I'll check that for you.", tools=["manage_user_memory"])
case("gigachat", GC, "GigaChat 3.1's <|function_call|> token, prose before, </s> after",
     "I'll check that for you.<|function_call|>" + MEMJ + "</s>", [("manage_user_memory", MEM)],
     "I'll check that for you.", tools=["manage_user_memory"])
case("gigachat", GC, "a parameterless call after <|function_call|>",
     '<|function_call|>{"name": "manage_user_memory", "arguments": {}}', [("manage_user_memory", {})],
     tools=["manage_user_memory"])
case("gigachat", GC, "nested object arguments holding booleans",
     '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {"action": "create", '
     '"content": {"short_answers": true, "english_ui": false}}}',
     [("manage_user_memory", {"action": "create", "content": {"short_answers": True, "english_ui": False}})],
     tools=["manage_user_memory"])

case("gigachat", "https://github.com/vllm-project/vllm/pull/29905", "the first GigaChat 3 parser's shape: `function call` glued to the JSON",
     'function call{"name": "get_weather", "arguments": {"city": "Moscow"}}', [("get_weather", {"city": "Moscow"})],
     tools=["get_weather"])
case("gigachat", "https://github.com/sgl-project/sglang/pull/14765", "Russian prose and Cyrillic values",
     'Сейчас проверю погоду.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": '
     '{"city": "Москва"}}', [("get_weather", {"city": "Москва"})], "Сейчас проверю погоду.", tools=["get_weather"])
case("gigachat", "https://github.com/ggml-org/llama.cpp/pull/19931", "cut off inside the arguments: never runnable",
     '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Mos',
     [], tools=["get_weather"], incomplete=[("get_weather", {"city": "Mos"})])

# ---------------------------------------------------------------------------------------------
# dots.llm
DT = VT + "test_dots_tool_parser.py"
case("dots", DT, "schema-typed XML parameters: an object, an integer, a boolean; prose glued before",
     'ok<dots_function_call><invoke name="set_location"><parameter name="location">{"city": "Shanghai"}</parameter>'
     '<parameter name="days">3</parameter><parameter name="include_weather">true</parameter></invoke></dots_function_call>',
     [("set_location", {"location": {"city": "Shanghai"}, "days": 3, "include_weather": True})], "ok",
     tools={"set_location": {"location": {"type": "object"}, "days": {"type": "integer"},
                             "include_weather": {"type": "boolean"}}})
case("dots", DT, "two invokes in one block, then a second block holding a JSON call",
     '<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke>'
     '<invoke name="open"><parameter name="id">7</parameter></invoke></dots_function_call>'
     '<dots_function_call>{"name":"search","arguments":{"query":"tables"}}</dots_function_call>',
     [("search", {"query": "chairs"}), ("open", {"id": 7}), ("search", {"query": "tables"})],
     tools={"search": {"query": {"type": "string"}}, "open": {"id": {"type": "integer"}}})
case("dots", DT, "an invoke of an undeclared tool stays text",
     '<dots_function_call><invoke name="ghost"><parameter name="query">chairs</parameter></invoke></dots_function_call>',
     [], '<dots_function_call><invoke name="ghost"><parameter name="query">chairs</parameter></invoke></dots_function_call>',
     tools={"search": {"query": {"type": "string"}}})
case("dots", DT, "the stream ends inside the opener: the partial tag is text",
     "answer <dots_func", [], "answer <dots_func", tools={"search": {"query": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Granite-20B-FunctionCalling
G20T = VT + "test_granite_20b_fc_tool_parser.py"
case("granite_20b", G20T, "pretty-printed JSON after the marker: null, empty array and object",
     '<function_call> {\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "float_field": 3.14,\n'
     '    "null_field": null,\n    "empty_array": [],\n    "empty_object": {}\n  }\n}',
     [("test_function", {"string_field": "hello", "float_field": 3.14, "null_field": None, "empty_array": [],
                         "empty_object": {}})], tools=["test_function"])
case("granite_20b", G20T, "prose on the line before the marker",
     'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}',
     [("get_weather", {"city": "Tokyo"})], "Let me check the weather for you.", tools=["get_weather"])
case("granite_20b", G20T, "cut off in the arguments: never runnable",
     '<function_call> {"name": "func", "arguments": {', [], tools=["func"], incomplete=[("func", {})])
case("granite_20b", G20T, "escaped quotes, backslashes, a newline escape and an emoji",
     '<function_call> {\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n'
     '    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}',
     [("test_function", {"quoted": 'He said "hello"', "path": "C:\\Users\\file.txt", "newline": "line1\nline2",
                         "unicode": "emoji: 🎉"})], tools=["test_function"])
case("granite_20b", "https://github.com/vllm-project/vllm/pull/44713", "two calls, each behind its marker (one marker per call, no closer)",
     '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", '
     '"arguments": {"timezone": "Asia/Tokyo"}}',
     [("get_weather", {"city": "Tokyo"}), ("get_time", {"timezone": "Asia/Tokyo"})], tools=["get_weather", "get_time"])

# ---------------------------------------------------------------------------------------------
# InternLM2
IT = VT + "test_internlm2_tool_parser.py"
case("internlm", IT, "a tool the request never offered stays text",
     '<|action_start|><|plugin|>{"name": "delete_everything", "parameters": {"city": "Tokyo"}}<|action_end|>', [],
     '<|action_start|><|plugin|>{"name": "delete_everything", "parameters": {"city": "Tokyo"}}<|action_end|>',
     tools=["get_weather"])
case("internlm", IT, "pretty-printed parameters with escapes and an emoji",
     '<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": {\n    "quoted": "He said \\"hello\\"",\n'
     '    "path": "C:\\\\Users\\\\file.txt",\n    "unicode": "emoji: 🎉"\n  }\n}<|action_end|>',
     [("test_function", {"quoted": 'He said "hello"', "path": "C:\\Users\\file.txt", "unicode": "emoji: 🎉"})],
     tools=["test_function"])
case("internlm", IT, "parameters written as a string that is no JSON object: not runnable",
     '<|action_start|><|plugin|>{"name": "func", "parameters": "not a dict"}<|action_end|>', [], tools=["func"],
     incomplete=[("func", {})], given=True)
case("internlm", IT, "the action opener alone at the end of the stream: markup, no content",
     '<|action_start|><|plugin|>', [], tools=["func"])
case("internlm", IT, "text that is no JSON between the action tokens",
     '<|action_start|><|plugin|>not json<|action_end|>', [], "not json", tools=["func"],
     xfail="auto-detected, a special-token block that holds no call is given back as written, tokens and all; "
           "pre-seeded, its tokens are the family's and are dropped: the two readings differ")

# ---------------------------------------------------------------------------------------------
# Apertus
APT = VT + "test_apertus_tool_parser.py"
case("apertus", APT, "the list's closing ] and the object's } never written: the arguments are whole",
     '<|tools_prefix|>[{"get_weather": {"location": "London"}', [("get_weather", {"location": "London"})],
     tools=["get_weather"])
case("apertus", APT, "the suffix token missing, two arguments",
     '<|tools_prefix|>[{"get_weather": {"location": "San Francisco", "unit": "celsius"}}]',
     [("get_weather", {"location": "San Francisco", "unit": "celsius"})], tools=["get_weather"])
case("apertus", APT, "prose before, a space after the suffix",
     'Hi <|tools_prefix|>[{"get_weather": {"location": "London"}}]<|tools_suffix|> ',
     [("get_weather", {"location": "London"})], "Hi", tools=["get_weather"])
case("apertus", APT, "three calls in one list",
     '<|tools_prefix|>[{"t1": {"a": 1}}, {"t2": {"b": 2}}, {"t3": {"c": 3}}]<|tools_suffix|>',
     [("t1", {"a": 1}), ("t2", {"b": 2}), ("t3", {"c": 3})], tools=["t1", "t2", "t3"])
case("apertus", APT, "nested arguments, the end-of-turn token after the suffix",
     '<|tools_prefix|>[{"complex_function": {"nested": {"inner": "value"}, "list": ["a", "b"]}}]<|tools_suffix|>'
     '<|assistant_end|>', [("complex_function", {"nested": {"inner": "value"}, "list": ["a", "b"]})],
     tools=["complex_function"])

# ---------------------------------------------------------------------------------------------
# functools (Phi-4-mini)
PHT = VT + "test_phi4mini_tool_parser.py"
case("functools", PHT, "a multi-line list of two calls",
     'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": '
     '{"timezone": "Asia/Tokyo"}}\n]', [("get_weather", {"city": "Tokyo"}), ("get_time", {"timezone": "Asia/Tokyo"})],
     tools=["get_weather", "get_time"])
case("functools", PHT, "prose on the lines before and after the call",
     'Let me check the weather for you.\nfunctools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\n'
     'Would you like to know more?', [("get_weather", {"city": "Tokyo"})],
     "Let me check the weather for you.\nWould you like to know more?", tools=["get_weather"])
case("functools", PHT, "arguments as a string that is no JSON object: not runnable",
     'functools[{"name": "func", "arguments": "not a dict"}]', [], tools=["func"], incomplete=[("func", {})], given=True)
case("functools", PHT, "an empty list followed by prose is text",
     'functools[] This is just text', [], 'functools[] This is just text', tools=["func"])
case("functools", PHT, "a call with no arguments key",
     'functools[{"name": "func"}]', [("func", {})], tools=["func"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V3
DST = VT + "test_deepseekv3_tool_parser.py"
DB, DE, DCB, DCE, DS = "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>", "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>"
case("deepseek_v3", DST, "the arguments' closing brace missing inside the fence: not runnable",
     f'{DB}{DCB}function{DS}get_weather\n```json\n{{"city": "Tokyo"\n```{DCE}{DE}', [], tools=["get_weather"],
     incomplete=[("get_weather", {"city": "Tokyo"})], given=True)
case("deepseek_v3", DST, "escaped quotes, backslashes and a newline escape in the fenced JSON",
     f'{DB}{DCB}function{DS}send_message\n```json\n{{"text": "He said \\"hello\\"", "path": "C:\\\\Users\\\\file", '
     f'"newline": "line1\\nline2"}}\n```{DCE}{DE}',
     [("send_message", {"text": 'He said "hello"', "path": "C:\\Users\\file", "newline": "line1\nline2"})],
     tools=["send_message"])
case("deepseek_v3", DST, "an empty argument object",
     f'{DB}{DCB}function{DS}get_current_time\n```json\n{{}}\n```{DCE}{DE}', [("get_current_time", {})],
     tools=["get_current_time"])
case("deepseek_v3", "https://github.com/vllm-project/vllm/issues/18375", "a made-up tool result after the section is not the answer",
     f'{DB}{DCB}function{DS}get_weather\n```json\n{{"city": "Tokyo"}}\n```{DCE}{DE}\n<｜tool▁outputs▁begin｜>'
     f'<｜tool▁output▁begin｜>{{"temp": 20}}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>',
     [("get_weather", {"city": "Tokyo"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Mistral
KANI = "https://github.com/zhudotexe/kani/blob/main/kani/tool_parsers/mistral.py"
case("bracket_tool_calls", KANI, "special tokens kept: the end-of-sequence </s> after the call list",
     '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]</s>', [("get_weather", {"city": "Paris"})],
     tools=["get_weather"])
case("bracket_tool_calls", KANI, "the same after the v13 NAME[ARGS]{…} form",
     '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}</s>', [("get_weather", {"city": "Paris"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Qwen2.5-Coder's <tools> wrapper
QC = "https://github.com/hanXen/vllm-qwen2.5-coder-tool-parser/blob/main/tests/test_parser_unit.py"
SEOUL, TOKYO = ("get_weather", {"city": "Seoul"}), ("get_weather", {"city": "Tokyo"})
case("tools_tag", QC, "the closing </tools> never written",
     '<tools>{"name": "get_weather", "arguments": {"city": "Seoul"}}', [SEOUL], tools=["get_weather"])
case("tools_tag", QC, "two wrappers back to back, no space",
     '<tools>{"name": "get_weather", "arguments": {"city": "Seoul"}}</tools><tools>{"name": "get_weather", '
     '"arguments": {"city": "Tokyo"}}</tools>', [SEOUL, TOKYO], tools=["get_weather"])
case("tools_tag", QC, "a list of two calls in one wrapper",
     '<tools>[{"name": "get_weather", "arguments": {"city": "Seoul"}},{"name": "get_weather", "arguments": '
     '{"city": "Tokyo"}}]</tools>', [SEOUL, TOKYO], tools=["get_weather"])
case("tools_tag", QC, "two calls as JSON lines in one wrapper",
     '<tools>{"name": "get_weather", "arguments": {"city": "Seoul"}}\n{"name": "get_weather", "arguments": '
     '{"city": "Tokyo"}}</tools>', [SEOUL, TOKYO], tools=["get_weather"])
case("tools_tag", QC, "JSON lines each ended by a comma, the last one too",
     '<tools>{"name": "foo", "arguments": {}},\n{"name": "bar", "arguments": {}},\n</tools>', [("foo", {}), ("bar", {})],
     tools=["foo", "bar"])
case("tools_tag", QC, "prose between two wrappers",
     '<tools>{"name": "a", "arguments": {}}</tools> and also <tools>{"name": "b", "arguments": {}}</tools>',
     [("a", {}), ("b", {})], "and also", tools=["a", "b"])
case("tools_tag", QC, "a valid wrapper, then one holding no JSON: the second is text",
     '<tools>{"name": "foo", "arguments": {}}</tools><tools>invalid json</tools>', [("foo", {})],
     '<tools>invalid json</tools>', tools=["foo"])
case("tools_tag", QC, "a JSON document as a string argument, CJK prose before",
     '我来写文件。<tools>{"name": "write_file", "arguments": {"path": "out.json", "content": "{\\"name\\": \\"test\\", '
     '\\"value\\": 123}"}}</tools>', [("write_file", {"path": "out.json", "content": '{"name": "test", "value": 123}'})],
     "我来写文件。", tools=["write_file"])

# ---------------------------------------------------------------------------------------------
# Fenced JSON
case("fenced_json", "https://github.com/nicoalbanese/ai-sdk-fundamentals/issues/4",
     "DeepSeek-Coder-V2 (Ollama): the call on the fence's own line",
     '```json {"name":"tellAJoke","arguments":{"location":"San Francisco"}} ```',
     [("tellAJoke", {"location": "San Francisco"})], tools=["tellAJoke"])
case("fenced_json", "https://github.com/nicoalbanese/ai-sdk-fundamentals/issues/4", "the same after prose",
     'I will look it up.\n```json {"name":"tellAJoke","arguments":{"location":"San Francisco"}} ```',
     [("tellAJoke", {"location": "San Francisco"})], "I will look it up.", tools=["tellAJoke"])
case("fenced_json", "https://github.com/ardanlabs/kronk/pull/950", "Qwen2.5-Coder-14B at long prompts: the whole answer a fenced call",
     '```json\n{"name": "get_weather", "arguments": {"location": "Paris"}}\n```', [("get_weather", {"location": "Paris"})],
     tools=["get_weather"])
case("fenced_json", "https://github.com/thClaws/thClaws/issues/50", "qwen2.5-coder: a fenced call of a tool nobody declared stays text",
     '```json\n{ "name": "Skill", "arguments": { "name": "none" } }\n```', [],
     '```json\n{ "name": "Skill", "arguments": { "name": "none" } }\n```', tools=["read_file"])


# ---------------------------------------------------------------------------------------------
# Other families
case("llama3_json", "https://github.com/vllm-project/vllm/issues/46863", "Llama-4-Scout: \"type\": \"function\" first, then name and parameters",
     '{"type": "function", "name": "Bash", "parameters": {"command": "echo hello", "timeout": 12000}}',
     [("Bash", {"command": "echo hello", "timeout": 12000})], tools=["Bash"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/issues/30651", "Devstral-Small-2: NAME{json} right after the token, no [ARGS]",
     '[TOOL_CALLS]create_file{"filePath": "/workspaces/dev/blabla.txt", "content": "This is a test file created to '
     'verify file creation functionality."}',
     [("create_file", {"filePath": "/workspaces/dev/blabla.txt",
                       "content": "This is a test file created to verify file creation functionality."})],
     tools=["create_file"])
case("lfm2", "https://github.com/monoes/monomind/issues/242", "LFM-2.5 (OpenRouter): its own python call with a single-quoted value",
     "<|tool_call_start|>[org_echo(text='hello-from-live-test')]<|tool_call_end|>",
     [("org_echo", {"text": "hello-from-live-test"})], tools=["org_echo"])
case("tool_call_tag", "https://github.com/odysseus-dev/odysseus/pull/5199", "a closed wrapper, then one never closed",
     '<tool_call>{"name": "a", "arguments": {"x": 1}}</tool_call>\n<tool_call>{"name": "b", "arguments": {"y": 2}}',
     [("a", {"x": 1}), ("b", {"y": 2})], tools=["a", "b"])
HF = "https://github.com/huggingface/chat-ui/issues/1423"
case("llama3_json", HF, "the model writes its own role header before the call",
     '<|start_header_id|>assistant<|end_header_id|>\n\n{"name": "get_weather", "parameters": {"city": "Paris"}}',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("llama3_json", HF, "the role header before a plain answer is not the answer",
     '<|start_header_id|>assistant<|end_header_id|>\n\nParis is the capital of France.', [],
     "Paris is the capital of France.")
case("functionary", HF, "Functionary v3.2 (a Llama 3.1 template): the role header, then >>>NAME",
     '<|start_header_id|>assistant<|end_header_id|>\n\n>>>get_weather\n{"city": "Paris"}<|eot_id|>',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Functionary (llama.cpp's tool-call tests)
LT = "https://github.com/ggml-org/llama.cpp/pull/9639"
LTC = "https://github.com/ggml-org/llama.cpp/blob/master/tests/test-chat.cpp"
case("functionary", LT, "v3.1: two calls written in the middle of words; the prose around them joins up",
     'Hell<function=foo>{"arg1": 1}</function>o, world<function=bar>{"arg2": 2}</function>!',
     [("foo", {"arg1": 1}), ("bar", {"arg2": 2})], "Hello, world!", tools=["foo", "bar"])
case("functionary", LT, "v3.2: the ipython recipient with a JSON code argument",
     '>>>ipython\n{"code": "print(\'Hello, world!\')"}', [("ipython", {"code": "print('Hello, world!')"})],
     tools=["ipython"])
case("functionary", LT, "v3.2: whitespace after the call's JSON is layout",
     '>>>special_function\n{"arg1": 1}\n ', [("special_function", {"arg1": 1})], tools=["special_function"])
case("functionary", LTC, "v3.2: the all recipient's multi-line text is the answer",
     ">>>all\nHello, world!\nWhat's up?", [], "Hello, world!\nWhat's up?", tools=["special_function"])
case("functools", LTC, "FireFunction v2: the space the template writes before functools[",
     ' functools[{"name": "special_function", "arguments": {"arg1": 1}}]', [("special_function", {"arg1": 1})],
     tools=["special_function"])
HT = VT + "test_hermes_tool_parser.py"
case("tool_call_tag", HT, "Granite 4 in <tool_call>: the arguments already serialized as a JSON string",
     '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
     [("get_db_config", {"param": "max_connections"})], tools=["get_db_config"])
case("tool_call_tag", HT, "arguments as a bare string that holds no JSON object: not runnable",
     '<tool_call>\n{"name": "do_thing", "arguments": "hello"}\n</tool_call>', [], tools=["do_thing"],
     incomplete=[("do_thing", {})], given=True)
case("tool_call_tag", HT, "the object split over lines with no space after the commas",
     '<tool_call>{"name": "get_current_temperature",\n"arguments": {"location":\n"San Francisco, California, United States", '
     '"unit": "celsius"}}</tool_call>',
     [("get_current_temperature", {"location": "San Francisco, California, United States", "unit": "celsius"})],
     tools=["get_current_temperature"])

# ---------------------------------------------------------------------------------------------
# Granite 3.x
GRT = VT + "test_granite_tool_parser.py"
TOKYO_W = ("get_weather", {"city": "Tokyo"})
case("granite", GRT, "a space after the token, a multi-line list of two calls",
     '<|tool_call|> [\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": '
     '{"timezone": "Asia/Tokyo"}}\n]', [TOKYO_W, ("get_time", {"timezone": "Asia/Tokyo"})],
     tools=["get_weather", "get_time"])
case("granite", GRT, "prose on the lines before and after the token's list",
     "Let me check the weather for you.\n<|tool_call|> [{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]\n"
     "I'll get that information.", [TOKYO_W], "Let me check the weather for you.\nI'll get that information.",
     tools=["get_weather"])
case("granite", GRT, "cut off inside the arguments: never runnable",
     '<|tool_call|> [{"name": "func", "arguments": {', [], tools=["func"], incomplete=[("func", {})])
case("granite", GRT, "the arguments before the name, two calls",
     '<|tool_call|> [{"arguments": {"city": "Tokyo"}, "name": "get_weather"}, {"arguments": {"timezone": "Asia/Tokyo"}, '
     '"name": "get_time"}]', [TOKYO_W, ("get_time", {"timezone": "Asia/Tokyo"})], tools=["get_weather", "get_time"])
case("granite", GRT, "a bracketed object in prose is no call",
     'Some text [{"name": "func"}]', [], 'Some text [{"name": "func"}]', tools=["func"])
case("tool_call_tag", GRT, "Granite 3.1's <tool_call> string, a space, then a list",
     '<tool_call> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', [TOKYO_W], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# SGLang's detector tests
SG = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_function_call_parser.py"
SGC = ("```\\nTOOL: Access a weather API or service\\nANSWER: The weather is as follows: [City Name] - "
       "[Weather Conditions] - [Temperature]\\n```")
case("bracket_tool_calls", SG, "brackets and a fence inside a string argument of the list (a regex cut it at the first ])",
     '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"","content":"' + SGC + '"}}]',
     [("make_next_step_decision", {"decision": "", "content": SGC.replace("\\n", "\n")})],
     tools=["make_next_step_decision"])
case("bracket_tool_calls", SG, "prose ending in a colon and a space before the token",
     'Here is some text before the tool call: [TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":'
     '{"decision":"ANSWER", "content":"The answer is 42"}}]',
     [("make_next_step_decision", {"decision": "ANSWER", "content": "The answer is 42"})],
     "Here is some text before the tool call:", tools=["make_next_step_decision"])
case("tool_call_tag", SG, "two objects separated by `, ` in one wrapper, a space before the closer",
     '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_tourist_attractions", '
     '"arguments": {"city": "London"}} </tool_call>',
     [("get_weather", {"city": "Paris"}), ("get_tourist_attractions", {"city": "London"})],
     tools=["get_weather", "get_tourist_attractions"])
case("pythonic", SG, "Llama 4: prose on both sides of the <|python_start|> block",
     "User wants to get the weather in Mars. <|python_start|>[get_weather(location='Mars', unit='celsius')]<|python_end|> "
     "In this way we will get the weather in Mars.", [("get_weather", {"location": "Mars", "unit": "celsius"})],
     "User wants to get the weather in Mars.  In this way we will get the weather in Mars.",
     tools=["get_weather", "search"])
case("pythonic", SG, "a call list first, then prose",
     "[get_weather(location='Tokyo')] Here's the forecast:", [("get_weather", {"location": "Tokyo"})],
     "Here's the forecast:", tools=["get_weather", "search"])
case("pythonic", SG, "nested dict and list literals in a keyword argument",
     "[search(query='test', config={'options': [1, 2], 'nested': {'key': 'value'}})]",
     [("search", {"query": "test", "config": {"options": [1, 2], "nested": {"key": "value"}}})],
     tools=["get_weather", "search"])
case("bracket_tool_calls", "https://github.com/mistralai/mistral-inference/issues/162",
     "Mistral-7B v0.3 decoded without special tokens: the bare list is the whole answer",
     '[{"name": "get_current_weather", "arguments": {"location": "San Francisco, CA", "format": "celsius"}}]',
     [("get_current_weather", {"location": "San Francisco, CA", "format": "celsius"})], tools=["get_current_weather"])
case("bracket_tool_calls", "https://github.com/unslothai/unsloth/pull/5704", "a GGUF stream: the v11 NAME{json} of a web search",
     '[TOOL_CALLS]web_search{"query": "mistral small 3.2"}', [("web_search", {"query": "mistral small 3.2"})],
     tools=["web_search", "python"])
case("bracket_tool_calls", "https://github.com/unslothai/unsloth/pull/5704", "the python tool in the [ARGS] form",
     '[TOOL_CALLS]python[ARGS]{"code": "print(1)"}', [("python", {"code": "print(1)"})], tools=["web_search", "python"])
case("tool_call_tag", "https://github.com/minpeter/ai-sdk-tool-call-middleware/issues/298",
     "raw newline and tab characters inside a JSON string value (not escaped)",
     '<tool_call>{"name":"edit","arguments":{"content":"line1\nline2\tend"}}</tool_call>',
     [("edit", {"content": "line1\nline2\tend"})], tools=["edit"])
case("tool_call_tag", "https://github.com/minpeter/ai-sdk-tool-call-middleware/issues/306",
     "unescaped double quotes inside a string value: never runnable, nothing repaired",
     '<tool_call>{"name":"edit","arguments":{"content":"He said "hello" to me"}}</tool_call>', [], tools=["edit"],
     incomplete=[("edit", {"content": "He said "})], given=True)
case("tool_call_tag", "https://github.com/minpeter/ai-sdk-tool-call-middleware/issues/297",
     "a shell command quoting </tool_call>, no whitespace in the wrapper",
     '<tool_call>{"name":"bash","arguments":{"cmd":"echo </tool_call> test"}}</tool_call>',
     [("bash", {"cmd": "echo </tool_call> test"})], tools=["bash"])
case("functools", PHT, "a single call with the list's brackets left out: the marker is no content",
     'functools{"name": "func", "arguments": {}}', [("func", {})], tools=["func"])

# ---------------------------------------------------------------------------------------------
# Llama 3.x JSON (vLLM's parser tests)
LJ = VT + "test_llama3_json_tool_parser.py"
LJT = ["searchTool", "getOpenIncidentsTool"]
case("llama3_json", LJ, "three calls joined by ` ; ` (spaces on both sides of the separator)",
     '{"name": "searchTool", "parameters": {"query": "test1"}} ; {"name": "getOpenIncidentsTool", "parameters": {}} ; '
     '{"name": "searchTool", "parameters": {"query": "test2"}}',
     [("searchTool", {"query": "test1"}), ("getOpenIncidentsTool", {}), ("searchTool", {"query": "test2"})], tools=LJT)
case("llama3_json", LJ, "two calls joined by `;` and a newline",
     '{"name": "searchTool", "parameters": {"query": "test1"}};\n{"name": "getOpenIncidentsTool", "parameters": {}}',
     [("searchTool", {"query": "test1"}), ("getOpenIncidentsTool", {})], tools=LJT)
case("llama3_json", LJ, "a brace in the prose after the call",
     '{"name": "searchTool", "parameters": {"query": "test"}} I used {searchTool} for this.',
     [("searchTool", {"query": "test"})], "I used {searchTool} for this.", tools=LJT)
case("llama3_json", LJ, "the model quotes its arguments as JSON in the prose after the call",
     '{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}',
     [("searchTool", {"query": "test"})], 'The arguments I passed were {"query": "test"}', tools=LJT)
case("llama3_json", LJ, "invalid JSON in a declared tool's parameters: not runnable",
     '{"name": "searchTool", "parameters": {invalid json}', [], tools=LJT, incomplete=[("searchTool", {})], given=True)
case("llama3_json", LJ, "an object with parameters but no name is no call",
     '{"parameters": {}}', [], '{"parameters": {}}', tools=LJT)
case("llama3_json", LJ, "a call in the middle of prose, prose after it: an example, its text is content",
     'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?', [],
     'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?', tools=LJT)

# ---------------------------------------------------------------------------------------------
# Calls rehearsed inside thinking
VR = ('this is just my reasoning.. let me call tool A\n<tool_call>{"name": "A", "arguments": {}}</tool_call>\n'
      'it will give me result which i will in my analysis')
case("tool_call_tag", "https://github.com/verl-project/verl/issues/4757",
     "the call written in the thinking and again after it: one call, the thought keeps its copy",
     '<think>\n' + VR + '\n</think>\n<tool_call>{"name": "A", "arguments": {}}</tool_call>', [("A", {})],
     reasoning=VR, tools=["A"])
QV = 'I need the weather.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
case("tool_call_tag", "https://github.com/tetherto/qvac/pull/1316", "a call only inside the thinking, prose after it: no call",
     '<think>\n' + QV + '\n</think>\n\nThe weather tool is down, so I will answer from memory.', [],
     "The weather tool is down, so I will answer from memory.", QV, tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/unslothai/unsloth/pull/10507",
     "Magistral: a whole call that ends [THINK], and no answer after it, runs (the policy of issue 31: the agent "
     "would wait for a call that never comes)",
     '[THINK][TOOL_CALLS]terminal[ARGS]{"command": "id"}[/THINK]', [("terminal", {"command": "id"})],
     tools=["terminal"])
case("bracket_tool_calls", "https://github.com/unslothai/unsloth/pull/10507", "the rehearsal in [THINK], then the real call after it",
     '[THINK]I should run id first: [TOOL_CALLS]terminal[ARGS]{"command": "id"}[/THINK][TOOL_CALLS]terminal[ARGS]'
     '{"command": "id"}', [("terminal", {"command": "id"})],
     reasoning='I should run id first: [TOOL_CALLS]terminal[ARGS]{"command": "id"}', tools=["terminal"])
LMS = "Some models use <function=...>, others use <tool_call>; I'll just search."
case("tool_call_tag", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1592",
     "Qwen3.5: the thinking names the call syntax in prose, then the call",
     '<think>\n' + LMS + '\n</think>\n<tool_call>\n{"name": "web_search", "arguments": {"query": "tool call formats"}}\n'
     '</tool_call>', [("web_search", {"query": "tool call formats"})], reasoning=LMS, tools=["web_search"])
case("gemma_special", "https://github.com/NousResearch/hermes-agent/pull/7449",
     "Gemma 4: a multi-line brace call with a nested bare-key object (a parser kept it as a raw string)",
     '<|tool_call>call:kanban_complete{\n  metadata:{status:<|"|>done<|"|>,count:2},\n  task_id:<|"|>t1<|"|>\n}<tool_call|>',
     [("kanban_complete", {"metadata": {"status": "done", "count": 2}, "task_id": "t1"})], tools=["kanban_complete"])
case("tool_call_tag", "https://github.com/NousResearch/hermes-agent/issues/107080",
     "a Gemma 3n fine-tune (Ollama template): \"args\" for the arguments",
     '<tool_call>\n{"name": "ha_call_service", "args": {"action": "turn_off", "device_id": "light.salon"}}\n</tool_call>',
     [("ha_call_service", {"action": "turn_off", "device_id": "light.salon"})], tools=["ha_call_service"])
QF = 'To call a tool, write:\n```xml\n<tool_call>\n{"name": "Bash", "arguments": {"command": "ls -la"}}\n</tool_call>\n```\n'
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/57553", "the call format documented inside a fence is an example",
     QF + "That is the whole format.", [], QF + "That is the whole format.", tools=["Bash"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/57553", "a real call right after the fenced example still runs",
     QF + '<tool_call>\n{"name": "Bash", "arguments": {"command": "pwd"}}\n</tool_call>', [("Bash", {"command": "pwd"})],
     QF.rstrip("\n"), tools=["Bash"])

# ---------------------------------------------------------------------------------------------
# xLAM-2 (vLLM's parser tests): the same list in every wrapper the model picks
XL = VT + "test_xlam_tool_parser.py"
XJ = '{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}'
XO = '{"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}'
XD = ("get_current_weather", {"city": "Dallas", "state": "TX", "unit": "fahrenheit"})
case("bare_json", XL, "xLAM-2: a bare list of two parallel calls", "[" + XJ + ", " + XO + "]",
     [XD, ("get_current_weather", {"city": "Orlando", "state": "FL", "unit": "fahrenheit"})], tools=["get_current_weather"])
case("bare_json", XL, "xLAM-2: thinking, then the bare list", "<think>I'll help you with that.</think>[" + XJ + "]", [XD],
     reasoning="I'll help you with that.", tools=["get_current_weather"])
case("fenced_json", XL, "xLAM-2: prose, then the list in a ```json fence",
     "I'll help you with that.\n```json\n[" + XJ + "]\n```", [XD], "I'll help you with that.", tools=["get_current_weather"])
case("bracket_tool_calls", XL, "xLAM-2: prose glued to a [TOOL_CALLS] list",
     "I'll check the weather for you.[TOOL_CALLS][" + XJ + "]", [XD], "I'll check the weather for you.",
     tools=["get_current_weather"])
case("tool_call_tag", XL, "xLAM-2: prose glued to a list inside <tool_call>",
     "I'll help you check the weather.<tool_call>[" + XJ + "]</tool_call>", [XD], "I'll help you check the weather.",
     tools=["get_current_weather"])
