"""Real-output cases of hunt (n), 2026-12-07: a held-out harvest after wave 4's fixes (issue 31).

Parser tests and reports no hunt had used, scored as they were harvested, before any fix:
Ollama's Apertus 1.5, Cohere Command A, Command R, INTELLECT-3, Granite 4.1 thinking, MiniCPM 5,
Qwen 3.5 (a call inside thinking) and DeepSeek parsers; vLLM's MiniMax-M3 (nested tag values) and
Apertus tests; SGLang's Qwen3-Coder and Kimi K2 detector cases; lmdeploy's Muse Glimmer and DeepSeek
V4 tests; LocalAI's LFM2 config; users' reports (Zed's doubled-bar DSML, Gemma 4's `<|tool_call>:`
opener and a quoted `<|tool_call>`, an undeclared agent tool, a Qwen3-Coder call with no opener,
Kimi K3's XTML, Goose's fenced JSON example and call, JSON-string arguments, a call cut mid-file,
Cline / Kilo XML bridges (MiMo's `<function=…>` with `<param name=…>`, a namespace on every tag,
`<tool><name>`), Claude's invoke block under Cline); and the negatives (quoted and inline-code
examples, undeclared names, prose, a cut call, an echoed description).
As harvested: 70 of 77 passed, calls right in 72 (93.5 %), markup left in the content of 2.
After the fixes (docs/testing.md): 75 of 77, calls right in 75 (97.4 %), no leak (one harvested
expectation was wrong: an Apertus list cut after its arguments closed runs, as docs/guarantees.md
says); the 2 left are strict xfails naming the mechanism they need.
"""
from __future__ import annotations

from .cases import CASES, case

_FIRST = len(CASES)

# ---------------------------------------------------------------------------------------------
# Apertus 1.5 in Ollama's parser: the name is the JSON key, <|inner_prefix|> thinking, a call inside
# thinking that never closes, the suffix consumed by the server, two envelopes with prose between.
AP = "https://github.com/ollama/ollama/blob/main/model/parsers/apertus15_test.go"
case("apertus", AP, "prose, then two calls in one list, one with an integer and a boolean",
     'I will check.<|tools_prefix|>[{"get_weather":{"city":"Zurich"}},{"get_time":{"offset":2,"dst":true}}]'
     '<|tools_suffix|>', [("get_weather", {"city": "Zurich"}), ("get_time", {"offset": 2, "dst": True})],
     "I will check.", tools=["get_weather", "get_time"])
case("apertus", AP, "a call written inside a thinking block that never closes",
     '<|inner_prefix|>Need weather.<|tools_prefix|>[{"get_weather":{"city":"Bern"}}]<|tools_suffix|>',
     [("get_weather", {"city": "Bern"})], reasoning="Need weather.", tools=["get_weather"])
case("apertus", AP, "the suffix token consumed by the server: the list ends the stream",
     '<|tools_prefix|>[{"lookup":{"id":"42"}}]', [("lookup", {"id": "42"})], tools=["lookup"])
case("apertus", AP, "two envelopes with prose before, between and after",
     'Before.<|tools_prefix|>[{"first":{"x":1}}]<|tools_suffix|>Between.<|tools_prefix|>[{"second":{"y":2}}]'
     '<|tools_suffix|>After.', [("first", {"x": 1}), ("second", {"y": 2})], "Before.Between.After.",
     tools=["first", "second"])
case("apertus", AP, "the whole turn: assistant tokens, thinking, an answer and a call",
     '<|assistant_start|><|inner_prefix|>Think.<|inner_suffix|>Answer.<|tools_prefix|>[{"lookup":{"id":"42"}}]'
     '<|tools_suffix|><|assistant_end|>', [("lookup", {"id": "42"})], "Answer.", reasoning="Think.",
     tools=["lookup"])

# ---------------------------------------------------------------------------------------------
# Cohere Command A (Ollama's cohere parser): the prompt opens thinking; text, legacy response
# markers, the end-of-turn token, an action list whose calls miss the comma between them.
CO = "https://github.com/ollama/ollama/blob/main/model/parsers/cohere_test.go"
case("command_r", CO, "thinking closed, then a <|START_TEXT|> answer",
     "Let me think about this.<|END_THINKING|><|START_TEXT|>Hello world!<|END_TEXT|>", [], "Hello world!",
     reasoning="Let me think about this.", thinking=True)
case("command_r", CO, "thinking closed, then an action list of two calls over several lines",
     'plan<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": '
     '{"city": "Paris"}},    {"tool_call_id": "1", "tool_name": "get_time", "parameters": {}}\n]<|END_ACTION|>',
     [("get_weather", {"city": "Paris"}), ("get_time", {})], reasoning="plan",
     tools=["get_weather", "get_time"], thinking=True)
case("command_r", CO, "two calls with no comma between them; a brace inside a string value",
     '<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "a", "parameters": {}}'
     '{"tool_call_id": "1", "tool_name": "b", "parameters": {"x": "{not json}"}}]<|END_ACTION|>',
     [("a", {}), ("b", {"x": "{not json}"})], tools=["a", "b"], thinking=True)
case("command_r", CO, "the older <|START_RESPONSE|> / <|END_RESPONSE|> answer markers",
     "plan<|END_THINKING|><|START_RESPONSE|>Hello there<|END_RESPONSE|>", [], "Hello there", reasoning="plan",
     thinking=True)
case("command_r", CO, "the answer's closer, then the end-of-turn token",
     "t<|END_THINKING|><|START_TEXT|>hi<|END_TEXT|><|END_OF_TURN_TOKEN|>", [], "hi", reasoning="t", thinking=True)
case("command_r", CO, "a bare answer (no START_TEXT) ended by the end-of-turn token",
     "t<|END_THINKING|>plain answer<|END_OF_TURN_TOKEN|>", [], "plain answer", reasoning="t", thinking=True)

# ---------------------------------------------------------------------------------------------
# INTELLECT-3 (Ollama): <think> then Qwen3-Coder's XML; prose on both sides; negatives.
I3 = "https://github.com/ollama/ollama/blob/main/model/parsers/intellect3_test.go"
I3W = {"get_weather": {"location": {"type": "string"}, "unit": {"type": "string"}}}
case("qwen3_coder", I3, "thinking, prose glued to the call, prose glued after it",
     "<think>User wants weather info</think>Checking weather<tool_call><function=get_weather>\n<parameter=location>"
     "\nTokyo\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function></tool_call>Done!",
     [("get_weather", {"location": "Tokyo", "unit": "celsius"})], "Checking weatherDone!",
     reasoning="User wants weather info", tools=I3W)
case("qwen3_coder", I3, "two calls, a word between them",
     "<think>Need multiple locations</think><tool_call><function=get_weather>\n<parameter=location>\nBoston\n"
     "</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function></tool_call>and<tool_call><function=get_weather>"
     "\n<parameter=location>\nBerlin\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function></tool_call>",
     [("get_weather", {"location": "Boston", "unit": "celsius"}), ("get_weather", {"location": "Berlin", "unit": "celsius"})],
     "and", reasoning="Need multiple locations", tools=I3W)
case("qwen3_coder", I3, "the stream ends after </function>, before </tool_call>: the call is whole",
     "<tool_call><function=test_func>\n<parameter=param>\nvalue\n</parameter>\n</function>",
     [("test_func", {"param": "value"})], tools={"test_func": {"param": {"type": "string"}}})
case("qwen3_coder", I3, "a plain <tool> tag around words is text",
     "<tool>Not a tool call</tool>", [], "<tool>Not a tool call</tool>",
     tools={"test_func": {"param": {"type": "string"}}})
case("qwen3_coder", I3, "unicode thinking and answer",
     "<think>思考中 🤔</think>答案是 42", [], "答案是 42", reasoning="思考中 🤔", tools=["test_func"])

# Granite 4.1 thinking (Ollama): the prompt opens thinking; Qwen3-Coder's XML for calls.
GT = "https://github.com/ollama/ollama/blob/main/model/parsers/granite_thinking_test.go"
case("granite", GT, "the prompt opened thinking; its closer, a newline, then the answer",
     "reasoning here</think>\nhello world", [], "hello world", reasoning="reasoning here", thinking=True)
case("qwen3_coder", GT, "a <tool_call> block with a trailing newline, thinking off",
     "<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>\n",
     [("get_weather", {"location": "Paris"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# MiniCPM 5 (Ollama): <function name=…><param name=…>, an <arguments> wrapper, CDATA, negatives.
MC = "https://github.com/ollama/ollama/blob/main/model/parsers/minicpm5_test.go"
MCW = {"get_weather": {"city": {"type": "string"}}}
case("minicpm5", MC, "thinking, then a function tag with one param",
     '<think>The user wants the weather in Paris.</think><function name="get_weather"><param name="city">Paris</param>'
     '</function>', [("get_weather", {"city": "Paris"})], reasoning="The user wants the weather in Paris.", tools=MCW)
case("minicpm5", MC, "the prompt opened thinking: only its closer is written",
     "The user wants the weather.</think>It is sunny.", [], "It is sunny.", reasoning="The user wants the weather.",
     tools=MCW, thinking=True)
case("minicpm5", MC, "the params inside an <arguments> wrapper",
     '<function name="get_weather"><arguments><param name="city">Paris</param></arguments></function>',
     [("get_weather", {"city": "Paris"})], tools=MCW)
case("minicpm5", MC, "a CDATA value holding & and a tag",
     '<function name="get_weather"><param name="city"><![CDATA[Paris & <surroundings>]]></param></function>',
     [("get_weather", {"city": "Paris & <surroundings>"})], tools=MCW)
case("minicpm5", MC, "an undeclared name stays text",
     '<function name="unknown_tool"><param name="city">Paris</param></function>', [],
     '<function name="unknown_tool"><param name="city">Paris</param></function>', tools=MCW)
case("minicpm5", MC, "prose with the word function is text",
     "The function of this tool is simple.", [], "The function of this tool is simple.", tools=MCW)

# ---------------------------------------------------------------------------------------------
# Muse Glimmer in lmdeploy: channels addressed with to=, <atem:…> invokes, a JSON-quoted string.
MG = "https://github.com/InternLM/lmdeploy/blob/main/tests/test_lmdeploy/serve/parsers/test_muse_glimmer_parser.py"
case("muse", MG, "reasoning to=self, two invokes to a tool, then the answer to=user",
     'to=self<|message|>I should check both places.<|eom|><|start|>assistant to=weather<|message|>'
     '<atem:function_calls><atem:invoke name="get_weather"><atem:parameter name="city">"Paris"</atem:parameter>'
     '<atem:parameter name="days">3</atem:parameter></atem:invoke><atem:invoke name="get_time">'
     '<atem:parameter name="zone">Europe/Paris</atem:parameter></atem:invoke></atem:function_calls><|eom|>'
     '<|start|>assistant to=user<|message|>Here is the result.<|eot|>',
     [("get_weather", {"city": "Paris", "days": 3}), ("get_time", {"zone": "Europe/Paris"})],
     "Here is the result.", reasoning="I should check both places.", tools=["get_weather", "get_time"])

# ---------------------------------------------------------------------------------------------
# SGLang's Qwen3-Coder detector cases: no <tool_call> wrapper, parameters closed implicitly,
# a JSON list value with a single-quoted string, a Python True.
SQ = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_qwen3_coder_detector/test_cases.py"
SQW = {"get_current_weather": {"location": {"type": "string"}, "unit": {"type": "string"}, "days": {"type": "integer"}},
       "sql_interpreter": {"query": {"type": "string"}, "dry_run": {"type": "boolean"}},
       "TodoWrite": {"todos": {"type": "array"}}}
case("qwen3_coder", SQ, "prose, then two bare <function=…> blocks, a boolean written True",
     "Text prefix + double tool call test\n\n<function=get_current_weather>\n<parameter=location>New York</parameter>\n"
     "</function>\n<function=sql_interpreter>\n<parameter=query>SELECT * FROM users</parameter>\n"
     "<parameter=dry_run>True</parameter>\n</function>\n",
     [("get_current_weather", {"location": "New York"}), ("sql_interpreter", {"query": "SELECT * FROM users", "dry_run": True})],
     "Text prefix + double tool call test", tools=SQW)
case("qwen3_coder", SQ, "parameters with no closers: the next opener closes each",
     "Text prefix + implicit parameter close test\n\n<function=get_current_weather>\n<parameter=location>Paris\n"
     "<parameter=unit>celsius\n<parameter=days>3\n</function>",
     [("get_current_weather", {"location": "Paris", "unit": "celsius", "days": 3})],
     "Text prefix + implicit parameter close test", tools=SQW)
case("qwen3_coder", SQ, "an array parameter over several lines with a single-quoted string",
     "Text prefix + complex schema tool call test\n\n<function=TodoWrite>\n<parameter=todos>\n[\n {\"content\": "
     "\"Buy a new car\", \"status\": 'pending'},\n {\"content\": \"Buy a new house\", \"status\": \"completed\"}\n]\n"
     "</parameter>\n</function>\n\n",
     [("TodoWrite", {"todos": [{"content": "Buy a new car", "status": "pending"},
                               {"content": "Buy a new house", "status": "completed"}]})],
     "Text prefix + complex schema tool call test", tools=SQW)

# ---------------------------------------------------------------------------------------------
# MiniMax-M3 in vLLM's parser tests: nested tag-named values (an object, a list of objects as
# repeated <item> tags, repeated keys making a list), a marker cut by the end of the stream, a
# block whose only tag is a stray closer.
M3 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_minimax_m3_tool_parser.py"
NS = "]<]minimax[>["
M3W = {"create_order": {"user_id": {"type": "integer"}, "urgent": {"type": "boolean"}, "note": {"type": "string"},
                        "shipping": {"type": "object", "properties": {"city": {"type": "string"},
                                                                      "zip": {"type": "integer"}}},
                        "items": {"type": "array", "items": {"type": "object", "properties": {
                            "sku": {"type": "string"}, "qty": {"type": "integer"}}}},
                        "metadata": {"type": "object", "additionalProperties": {"type": "string"}}}}
case("minimax_m3", M3, "an object value and a list written as repeated <item> tags, nested",
     f"I will create it.\n{NS}<tool_call>\n{NS}<invoke name=\"create_order\">{NS}<user_id>42{NS}</user_id>"
     f"{NS}<urgent>true{NS}</urgent>{NS}<note>Please leave at front desk.{NS}</note>{NS}<shipping>"
     f"{NS}<city>Singapore{NS}</city>{NS}<zip>018956{NS}</zip>{NS}</shipping>{NS}<items>"
     f"{NS}<item>{NS}<sku>book-001{NS}</sku>{NS}<qty>2{NS}</qty>{NS}</item>"
     f"{NS}<item>{NS}<sku>pen-007{NS}</sku>{NS}<qty>5{NS}</qty>{NS}</item>{NS}</items>"
     f"{NS}<metadata>{NS}<source>mobile{NS}</source>{NS}<campaign>may-launch{NS}</campaign>{NS}</metadata>"
     f"{NS}</invoke>\n{NS}</tool_call>",
     [("create_order", {"user_id": 42, "urgent": True, "note": "Please leave at front desk.",
                        "shipping": {"city": "Singapore", "zip": 18956},
                        "items": [{"sku": "book-001", "qty": 2}, {"sku": "pen-007", "qty": 5}],
                        "metadata": {"source": "mobile", "campaign": "may-launch"}})],
     "I will create it.", tools=M3W,
     xfail="`018956` under an integer schema (nested values follow the nested schema: "
           "tests/formats/test_keyed_nested_schema.py) is no JSON integer, a leading zero: it stays a string, "
           "where vLLM reads 18956")
case("minimax_m3", M3, "two invokes, one integer each, on their own lines",
     f"{NS}<tool_call>\n{NS}<invoke name=\"create_order\">{NS}<user_id>1{NS}</user_id>{NS}</invoke>\n"
     f"{NS}<invoke name=\"create_order\">{NS}<user_id>2{NS}</user_id>{NS}</invoke>\n{NS}</tool_call>",
     [("create_order", {"user_id": 1}), ("create_order", {"user_id": 2})], tools=M3W)
case("minimax_m3", M3, "the stream stops inside the block opener: text",
     f"plain {NS}<tool_ca", [], f"plain {NS}<tool_ca", tools=M3W)

# ---------------------------------------------------------------------------------------------
# Users' reports: the shapes their pasted outputs show (names and values are ours).
ZD = "https://github.com/zed-industries/zed/issues/60601"
case("deepseek_dsml", ZD, "DSML with the bars doubled around the word (<｜｜DSML｜｜…>), string= flags",
     "<｜｜DSML｜｜tool_calls>\n<｜｜DSML｜｜invoke name=\"read\">\n"
     "<｜｜DSML｜｜parameter name=\"filePath\" string=\"true\">AGENTS.md</｜｜DSML｜｜parameter>\n"
     "<｜｜DSML｜｜parameter name=\"limit\" string=\"false\">30</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>\n"
     "</｜｜DSML｜｜tool_calls>", [("read", {"filePath": "AGENTS.md", "limit": 30})], tools=["read"])
VG = "https://github.com/vllm-project/vllm/issues/53431"
case("gemma_special", VG, "Gemma 4's opener followed by `:NAME{…}` (the word call left out)",
     '<|tool_call>:get_weather{location:<|"|>London<|"|>}<tool_call|>', [("get_weather", {"location": "London"})],
     tools=["get_weather"])
case("gemma_special", VG, "the documented form beside it, after a sentence",
     'Checking now.<|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|>',
     [("get_weather", {"location": "London"})], "Checking now.", tools=["get_weather"])
LG = "https://github.com/ggml-org/llama.cpp/pull/22367"
case("gemma_special", LG, "prose naming the <|tool_call> token, then a real call",
     'The last turn opened with <|tool_call> before the call.\n<|tool_call>call:get_time{zone:<|"|>UTC<|"|>}'
     '<tool_call|>', [("get_time", {"zone": "UTC"})], "The last turn opened with <|tool_call> before the call.",
     tools=["get_time"])
case("gemma_special", LG, "a stray <|tool_call> in prose with no call after it stays text",
     "Calls start with <|tool_call> and end with its closer.", [],
     "Calls start with <|tool_call> and end with its closer.", tools=["get_time"])
MT = "https://github.com/youssofal/MTPLX/issues/26"
case("qwen3_coder", MT, "a call to a tool the request never declared (an agent's `task`) stays text",
     "<tool_call>\n<function=task>\n<parameter=description>\nExplore the repository\n</parameter>\n</function>\n"
     "</tool_call>", [],
     "<tool_call>\n<function=task>\n<parameter=description>\nExplore the repository\n</parameter>\n</function>\n"
     "</tool_call>", tools=["read_file", "bash"])
CG = "https://github.com/vitali87/code-graph-rag/issues/236"
case("qwen3_coder", CG, "the <tool_call> opener left out, its closer written",
     "<function=list_directory><parameter=path>/tmp</parameter></function></tool_call>",
     [("list_directory", {"path": "/tmp"})], tools={"list_directory": {"path": {"type": "string"}}})
VX = "https://github.com/jjang-ai/vmlx/issues/192"
case("qwen3_coder", VX, "a tool's name on a line, then a command: prose, not a call",
     'bash\necho "Tool test successful!"', [], 'bash\necho "Tool test successful!"',
     tools={"bash": {"command": {"type": "string"}}})
KC = "https://github.com/JustVugg/colibri/issues/1143"
case("kimi_k3", KC, "XTML tools with a string and a number argument",
     '<|open|>tools<|sep|><|open|>call tool="get_weather" index="0"<|sep|><|open|>argument key="city" type="string"'
     '<|sep|>Oslo<|close|>argument<|sep|><|open|>argument key="days" type="number"<|sep|>3<|close|>argument<|sep|>'
     '<|close|>call<|sep|><|close|>tools<|sep|>', [("get_weather", {"city": "Oslo", "days": 3})],
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Qwen 3.5 in Ollama (a captured agent run): a whole call written inside thinking, no </think>.
QB = "https://github.com/ollama/ollama/blob/main/model/parsers/qwen35_boundary_test.go"
QBW = {"editor": {"path": {"type": "string"}, "new_text": {"type": "string"}}}
case("qwen3_coder", QB, "the call ends a thinking block that never closes; braces in the values",
     "<think>I need to fix the extra brace. The line reads `}}});` and should read `}});`.<tool_call><function=editor>"
     "<parameter=path>manic_miner.html</parameter><parameter=new_text>}});</parameter></function></tool_call>",
     [("editor", {"path": "manic_miner.html", "new_text": "}});"})],
     reasoning="I need to fix the extra brace. The line reads `}}});` and should read `}});`.", tools=QBW)
case("qwen3_coder", QB, "the same call after a closed thinking block",
     "<think>The brace count is wrong.</think><tool_call><function=editor><parameter=path>manic_miner.html</parameter>"
     "<parameter=new_text>}});</parameter></function></tool_call>",
     [("editor", {"path": "manic_miner.html", "new_text": "}});"})], reasoning="The brace count is wrong.", tools=QBW)

# ---------------------------------------------------------------------------------------------
# DeepSeek V3.1's NAME<｜tool▁sep｜>{json} in Ollama's deepseek parser.
DS = "https://github.com/ollama/ollama/blob/main/model/parsers/deepseek_test.go"
B, E = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>", "<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
case("deepseek_v31", DS, "prose, a call, then prose with an emoji glued after the section",
     f'I\'ll help you.{B}get_weather<｜tool▁sep｜>{{"location":"Tokyo"}}{E}完成 ✅',
     [("get_weather", {"location": "Tokyo"})], "I'll help you.完成 ✅", tools=["get_weather"])
case("deepseek_v31", DS, "the prompt opened thinking; its closer, then prose and a call",
     f'Let me check the weather...</think>I\'ll get that for you.{B}get_weather<｜tool▁sep｜>{{"location":"Paris"}}{E}',
     [("get_weather", {"location": "Paris"})], "I'll get that for you.", reasoning="Let me check the weather...",
     tools=["get_weather"], thinking=True)
case("deepseek_v31", DS, "escaped quotes and && in a command",
     f'Processing data.{B}execute_command<｜tool▁sep｜>{{"command":"ls && echo \\"done\\"","path":"/home/user"}}{E}',
     [("execute_command", {"command": 'ls && echo "done"', "path": "/home/user"})], "Processing data.",
     tools=["execute_command"])
case("deepseek_v31", DS, "two calls in one section, empty arguments in the second",
     f'Checking.{B}get_weather<｜tool▁sep｜>{{"location":"Paris"}}<｜tool▁call▁end｜><｜tool▁call▁begin｜>ping'
     f'<｜tool▁sep｜>{{}}{E}', [("get_weather", {"location": "Paris"}), ("ping", {})], "Checking.",
     tools=["get_weather", "ping"])

# ---------------------------------------------------------------------------------------------
# Command R (the older `Action: ```json` form) in Ollama's command-r parser.
CR = "https://github.com/ollama/ollama/blob/main/model/parsers/commandr_test.go"
case("command_r", CR, "a sentence, then `Action:` and a fenced JSON list of one call",
     "I'll look up the weather for you.\nAction: ```json\n[{\"tool_name\": \"get_weather\", \"parameters\": "
     "{\"location\": \"NYC\"}}]\n```", [("get_weather", {"location": "NYC"})], "I'll look up the weather for you.",
     tools=["get_weather"])
case("command_r", CR, "`Action:` and a fenced list of two calls over several lines",
     "Action: ```json\n[\n    {\n        \"tool_name\": \"get_weather\",\n        \"parameters\": {\"location\": \"New York\"}\n"
     "    },\n    {\n        \"tool_name\": \"get_time\",\n        \"parameters\": {\"timezone\": \"EST\"}\n    }\n]\n```",
     [("get_weather", {"location": "New York"}), ("get_time", {"timezone": "EST"})], tools=["get_weather", "get_time"])
case("command_r", CR, "a single call object (no list) after `Action:`",
     "Action: ```json\n{\n    \"tool_name\": \"read_file\",\n    \"parameters\": {\"path\": \"/etc/hosts\"}\n}\n```",
     [("read_file", {"path": "/etc/hosts"})], tools=["read_file"])
case("command_r", CR, "prose starting like the Action label is text",
     "Here is my response. Actually, let me think...", [], "Here is my response. Actually, let me think...",
     tools=["get_weather"])

# Apertus in vLLM's parser tests: nested values, the list cut by the end of the stream, a space
# before the prefix and after the suffix.
AV = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_apertus_tool_parser.py"
case("apertus", AV, "nested object and list arguments",
     '<|tools_prefix|>[{"complex_function": {"nested": {"inner": "value"}, "list": ["a", "b"]}}]<|tools_suffix|>',
     [("complex_function", {"nested": {"inner": "value"}, "list": ["a", "b"]})], tools=["complex_function"])
# (Harvested as not runnable; docs/guarantees.md says a call is complete once its arguments
# closed, whatever closer is missing after them, and vLLM's test agrees: the expectation was wrong.)
case("apertus", AV, "the list cut off by the end of the stream after the arguments closed: the call runs",
     '<|tools_prefix|>[{"get_weather": {"location": "London"}', [("get_weather", {"location": "London"})],
     tools=["get_weather"])
case("apertus", AV, "a word and a space before the prefix, a space after the suffix",
     'Hi <|tools_prefix|>[{"get_weather": {"location": "London"}}]<|tools_suffix|> ',
     [("get_weather", {"location": "London"})], "Hi", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# LFM2 / LFM2.5 in LocalAI's parser config tests.
LF = "https://github.com/mudler/LocalAI/blob/master/pkg/functions/parse_lfm2_test.go"
case("lfm2", LF, "prose before and after the call, each on its own line",
     'Sure, let me check.\n<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>\nStandby.',
     [("get_weather", {"city": "Paris"})], "Sure, let me check.\nStandby.", tools=["get_weather"])
case("lfm2", LF, "an integer and a lowercase false",
     "<|tool_call_start|>[set_volume(level=42, mute=false)]<|tool_call_end|>",
     [("set_volume", {"level": 42, "mute": False})], tools={"set_volume": {"level": {"type": "integer"},
                                                                           "mute": {"type": "boolean"}}})
case("lfm2", LF, "a value holding `=` and `+`, and a call with no arguments",
     '<|tool_call_start|>[search(query="x = y + 1"), get_time()]<|tool_call_end|>',
     [("search", {"query": "x = y + 1"}), ("get_time", {})], tools=["search", "get_time"])

# ---------------------------------------------------------------------------------------------
# Goose users' reports: Qwen2.5-Coder's fenced JSON (an example, then the call), a JSON call in the
# content with object or string arguments, Qwen3-Coder cut mid-file, an echoed tool description.
GS = "https://github.com/aaif-goose/goose/issues/2926"
DT = ["filesystem__directory_tree"]
case("fenced_json", GS, "a fenced call shown as how to do it, prose after it: an example, text",
     "To list it recursively you can use the `filesystem__directory_tree` tool.\n\nHere's how you can do it:\n\n"
     "```json\n{\"name\": \"filesystem__directory_tree\", \"arguments\": {\"path\": \"/home/u/pscore\"}}\n```\n\n"
     "This will print a tree of every file.", [],
     "To list it recursively you can use the `filesystem__directory_tree` tool.\n\nHere's how you can do it:\n\n"
     "```json\n{\"name\": \"filesystem__directory_tree\", \"arguments\": {\"path\": \"/home/u/pscore\"}}\n```\n\n"
     "This will print a tree of every file.", tools=DT)
case("fenced_json", GS, "`execute it`: a sentence, then the fenced call ending the turn",
     "Sure, let's execute the command to list the directory recursively.\n\n```json\n{\"name\": "
     "\"filesystem__directory_tree\", \"arguments\": {\"path\": \"/home/u/pscore\"}}\n```",
     [("filesystem__directory_tree", {"path": "/home/u/pscore"})],
     "Sure, let's execute the command to list the directory recursively.", tools=DT)
GJ = "https://github.com/aaif-goose/goose/pull/9664"
GW = {"write": {"path": {"type": "string"}, "content": {"type": "string"}}}
case("bare_json", GJ, "a JSON call object as the whole content",
     '{"name": "write", "arguments": {"path": "/tmp/spike.txt", "content": "hello"}}',
     [("write", {"path": "/tmp/spike.txt", "content": "hello"})], tools=GW)
case("bare_json", GJ, "the arguments written as a JSON-encoded string",
     '{"name": "write", "arguments": "{\\"path\\": \\"/tmp/spike.txt\\", \\"content\\": \\"hello\\"}"}',
     [("write", {"path": "/tmp/spike.txt", "content": "hello"})], tools=GW)
GC = "https://github.com/aaif-goose/goose/issues/7776"
case("qwen3_coder", GC, "prose, then a call cut off inside a file's content: not runnable",
     "Now I'll implement the application. Let me start by creating the main form.\n\n<tool_call>\n<function=write>\n"
     "<parameter=path>\nAITranslator/MainForm.cs\n</parameter>\n<parameter=content>\nusing System.Diagnostics;\n"
     "using System.Text", [], "Now I'll implement the application. Let me start by creating the main form.",
     tools=GW, incomplete=[("write", {"path": "AITranslator/MainForm.cs",
                                       "content": "using System.Diagnostics;\nusing System.Text"})])
GE = "https://github.com/aaif-goose/goose/issues/7235"
case("bare_json", GE, "a tool's description echoed, then an arguments object with no name: text",
     'todo__todo_write Overwrite the entire TODO content.\n{"content": "Task tracking and progress updates"}', [],
     'todo__todo_write Overwrite the entire TODO content.\n{"content": "Task tracking and progress updates"}',
     tools={"todo__todo_write": {"content": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Agents bridging Cline / Kilo XML (pi-free, dario, Cline, native_tool_call_adapter): MiMo's tool
# tags, its <function=NAME> with <param name=…> children, a namespace on every tag, Step's
# <tool><name>…</name> form, Claude's generic invoke block under Cline, XML named in thinking.
PF = "https://github.com/apmantza/pi-free/pull/235"
case("tool_tag", PF, "a Cline tool tag indented, one parameter with a shell pipeline",
     "<execute_command>\n  <command>cat .github/workflows/ci.yml || echo \"No ci.yml\"</command>\n</execute_command>",
     [("execute_command", {"command": 'cat .github/workflows/ci.yml || echo "No ci.yml"'})],
     tools={"execute_command": {"command": {"type": "string"}}})
PM = "https://github.com/apmantza/pi-free/pull/255"
case("qwen3_coder", PM, "<function=NAME> holding <param name=…> children (MiMo)",
     '<function=read_file>\n<param name="path">README.md</param>\n</function>', [("read_file", {"path": "README.md"})],
     tools={"read_file": {"path": {"type": "string"}}})
case("tool_tag", PM, "a math-italic namespace (`𝑛𝑠:`) on the thinking tags and on the tool tag",
     "<𝑛𝑠:thinking>The README first.</𝑛𝑠:thinking>\n<𝑛𝑠:read_file>\n<path>README.md</path>\n</𝑛𝑠:read_file>",
     [("read_file", {"path": "README.md"})], reasoning="The README first.",
     tools={"read_file": {"path": {"type": "string"}}},
     xfail="the tool's tag in a math-italic namespace is read (tests/test_generality_bends.py: look-alike "
           "letters), but thinking tags in a namespace (`<ns:thinking>`, ASCII or not) are not thinking: "
           "they stay in the content")
PK = "https://github.com/apmantza/pi-free/pull/231"
case("tool_tag", PK, "a <tool> element with <name> and JSON <arguments> children (step-3.7-flash via Kilo)",
     '<tool><name>read_file</name><arguments>{"path": "README.md"}</arguments></tool>',
     [("read_file", {"path": "README.md"})], tools={"read_file": {"path": {"type": "string"}}})
DA = "https://github.com/askalf/dario/issues/40"
case("minimax_m2", DA, "Claude's generic <function_calls> block under Cline's tool names",
     'Updating the notes.\n<function_calls>\n<invoke name="replace_in_file">\n<parameter name="path">/Users/u/AGENTS.md'
     '</parameter>\n<parameter name="old_string">v1</parameter>\n<parameter name="new_string">v2</parameter>\n</invoke>\n'
     '</function_calls>', [("replace_in_file", {"path": "/Users/u/AGENTS.md", "old_string": "v1", "new_string": "v2"})],
     "Updating the notes.", tools=["replace_in_file", "read_file"])
NA = "https://github.com/irreg/native_tool_call_adapter/issues/15"
case("tool_tag", NA, "thinking that names a parameter's XML tag is reasoning, not a call",
     "<think>I need two tools. Provide XML tags. We provide <libraryName>react</libraryName>.</think>"
     "Let me look that library up.", [], "Let me look that library up.",
     reasoning="I need two tools. Provide XML tags. We provide <libraryName>react</libraryName>.",
     tools={"resolve-library-id": {"libraryName": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Kimi K2 in SGLang's detector tests: MCP names with hyphens, conversation-level :N counters, a
# section opened inside thinking, a stray section closer, a literal `<` ending the text.
KK = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_kimik2_detector.py"
SB, SE = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
case("kimi_k2", KK, "an MCP tool name with double underscores and hyphens",
     f'{SB}<|tool_call_begin|>functions.mcp__portal__search-documents:0<|tool_call_argument_begin|>{{"path": "/docs"}}'
     f'<|tool_call_end|>{SE}', [("mcp__portal__search-documents", {"path": "/docs"})],
     tools=["mcp__portal__search-documents", "list-files"])
case("kimi_k2", KK, "ids counted over the conversation (:5, :6), two calls",
     f'{SB}<|tool_call_begin|>functions.ReadFile:5<|tool_call_argument_begin|>{{"path": "/a.py"}}<|tool_call_end|>'
     f'<|tool_call_begin|>functions.get_weather:6<|tool_call_argument_begin|>{{"city": "Tokyo"}}<|tool_call_end|>{SE}',
     [("ReadFile", {"path": "/a.py"}), ("get_weather", {"city": "Tokyo"})], tools=["ReadFile", "get_weather"])
case("kimi_k2", KK, "the section opened inside a thinking block that never closes",
     f'<think>Let me read this file...{SB}<|tool_call_begin|>functions.ReadFile:0<|tool_call_argument_begin|>'
     f'{{"path": "/test.py"}}<|tool_call_end|>{SE}', [("ReadFile", {"path": "/test.py"})],
     reasoning="Let me read this file...", tools=["ReadFile"])
case("kimi_k2", KK, "a section closer with no section after prose is markup, not text",
     f"normal text{SE}", [], "normal text", tools=["ReadFile"])
case("kimi_k2", KK, "a literal `<` ending the text stays",
     "normal text <", [], "normal text <", tools=["ReadFile"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V4's DSML in lmdeploy: the block's opener consumed before the text, its closer written.
LD = "https://github.com/InternLM/lmdeploy/blob/main/tests/test_lmdeploy/serve/parsers/test_deepseek_v4_tool_parser.py"
case("deepseek_dsml", LD, "an invoke, then the block's closer, no opener",
     '<｜DSML｜invoke name="search"><｜DSML｜parameter name="query" string="true">DeepSeek</｜DSML｜parameter>'
     '</｜DSML｜invoke></｜DSML｜tool_calls>', [("search", {"query": "DeepSeek"})], tools=["search"])
case("deepseek_dsml", ZD, "a DSML block naming a tool the request did not declare stays text",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="delete_repo">\n<｜DSML｜parameter name="name" string="true">x'
     '</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>', [],
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="delete_repo">\n<｜DSML｜parameter name="name" string="true">x'
     '</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>', tools=["read"])
CL = "https://github.com/cline/cline/issues/10843"
case("bare_json", CL, "Qwen2.5-Coder's JSON call to a Cline tool, a newline escaped in the content",
     '{"name": "write_to_file", "arguments": {"path": "hello.py", "content": "print(\'hi\')\\n"}}',
     [("write_to_file", {"path": "hello.py", "content": "print('hi')\n"})],
     tools={"write_to_file": {"path": {"type": "string"}, "content": {"type": "string"}}})
case("tool_tag", NA, "a tool's XML quoted in inline code inside a sentence stays text",
     "Tool uses look like `<read_file><path>x</path></read_file>` in this editor.", [],
     "Tool uses look like `<read_file><path>x</path></read_file>` in this editor.",
     tools={"read_file": {"path": {"type": "string"}}})


MINE = CASES[_FIRST:]       # this hunt's cases (scored apart: docs/testing.md)
