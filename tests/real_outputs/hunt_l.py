"""Real-output cases of hunt (l), 2026-12-07: a held-out harvest after hunt k's fixes (issue 31).

Parser tests and reports no hunt had used, scored as they were harvested, before any fix: Ollama's
Laguna parser (its GLM body after a name line, JSON calls, a `<user>` tag written for
`<tool_call>`, `<thought>` thinking, issue 17602's JSON that must stay prose), Cogito, Nemotron 3
Nano and Ministral parsers; lmdeploy's MiMo-V2-Flash, Kimi K2 and JSON parser tests; LocalAI's XML
and JSON parsers (GLM-4.5 auto-detection, Functionary, Apriel, literal `\n` layouts, string
arguments); mlx-lm's truncated DSML closer; vLLM's format-conformance fixtures; SGLang's Cohere
Command 4 and Trinity detectors; transformers' response_template tests (ERNIE, gpt-oss, SmolLM3,
Qwen3, Gemma 4, Inkling); TensorRT-LLM's trailing text; users' reports (a garbled `<tool_call|`
wrapper, stray lead words before a bare invoke, a closer with no opener, calls inside thinking
that never closes); and the negatives (data with a `name` key, an undeclared name, an example in
a sentence, a plain `<user>` tag).
As harvested: 70 of 82 passed, calls right in 76 (92.7 %), markup left in the content of 2.
After the fixes (docs/testing.md): 79 of 82, calls right in 79 (96.3 %), 1 leak; the 3 left are
strict xfails saying why reading them is unsafe.
"""
from __future__ import annotations

from .cases import CASES, case

_FIRST = len(CASES)

# ---------------------------------------------------------------------------------------------
# Poolside Laguna in Ollama's parser: GLM's key/value body after a name line in <tool_call>, a JSON
# call object in <tool_call> or alone, a <thought> block, and a `<user>` tag the model writes in
# place of <tool_call>.
OL = "https://github.com/ollama/ollama/blob/main/model/parsers/laguna_test.go"
LW = {"get_weather": {"location": {"type": "string"}, "days": {"type": "integer"}}}
READ = {"read": {"path": {"type": "string"}}}
case("glm", OL, "a name line, then two key/value pairs on their own lines, an integer by the schema",
     "<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n"
     "<arg_value>3</arg_value>\n</tool_call>", [("get_weather", {"location": "Paris", "days": 3})], tools=LW)
case("tool_call_tag", OL, "a compact JSON call object on its own lines inside <tool_call>",
     '<tool_call>\n{"name":"get_weather","arguments":{"location":"Paris","days":3}}\n</tool_call>',
     [("get_weather", {"location": "Paris", "days": 3})], tools=LW)
case("bare_json", OL, "a JSON call object alone, no wrapper",
     '{"name":"get_weather","arguments":{"location":"Paris","days":3}}',
     [("get_weather", {"location": "Paris", "days": 3})], tools=LW)
case("bare_json", OL, "a sentence, then a JSON call object on the next line",
     'Let me call the weather tool.\n{"name":"get_weather","arguments":{"location":"Paris"}}',
     [("get_weather", {"location": "Paris"})], "Let me call the weather tool.", tools=LW)
case("tool_call_tag", OL, "a name line, then the arguments as a JSON object, closer glued",
     '<tool_call>get_weather\n{"location":"San Francisco"}</tool_call>',
     [("get_weather", {"location": "San Francisco"})], tools=LW)
case("glm", OL, "a <thought> block, then the key/value call",
     "<thought>Need current weather.</thought>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n"
     "<arg_value>SF</arg_value>\n</tool_call>", [("get_weather", {"location": "SF"})], reasoning="Need current weather.",
     tools=LW)
case("laguna", OL, "the model writes <user> in place of <tool_call> around a key/value call",
     "<user>get_weather\n<arg_key>location</arg_key>\n<arg_value>San Francisco, CA</arg_value>\n</user>",
     [("get_weather", {"location": "San Francisco, CA"})], tools=LW)
case("laguna", OL, "prose, then a <user>-wrapped key/value call",
     "I'll read the file for you.\n<user>read\n<arg_key>path</arg_key>\n<arg_value>/Users/test/code/myproject/go.mod"
     "</arg_value>\n</user>", [("read", {"path": "/Users/test/code/myproject/go.mod"})],
     "I'll read the file for you.", tools=READ)
case("laguna", OL, "prose glued to a <user>-wrapped JSON call object",
     'I\'ll run git diff for you.<user>\n{"name":"bash","arguments":{"command":"git diff main"}}\n</user>',
     [("bash", {"command": "git diff main"})], "I'll run git diff for you.",
     tools={"bash": {"command": {"type": "string"}}})
case("laguna", OL, "a <user> tag around plain words stays text", "<user>hello</user>", [], "<user>hello</user>",
     tools=LW)
case("glm", OL, "thinking not asked for, a <thought> block anyway: reasoning, never tags in the answer",
     "<thought>Need to reason.</thought>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n"
     "<arg_value>Paris</arg_value>\n</tool_call>", [("get_weather", {"location": "Paris"})],
     reasoning="Need to reason.", tools=LW)
case("glm", OL, "a thought, then a plain answer, no tools", "<thought>Need to reason.</thought>\nDirect answer.",
     [], "Direct answer.", "Need to reason.")
case("tool_call_tag", OL, "a JSON call whose name is not declared (`read_file` for `read`): text, not a renamed call",
     '<tool_call>\n{"name":"read_file","arguments":{"path":"./go.mod"}}\n</tool_call>', [],
     '<tool_call>\n{"name":"read_file","arguments":{"path":"./go.mod"}}\n</tool_call>', tools=READ)
OLR = "https://github.com/ollama/ollama/blob/main/model/parsers/laguna_regression_test.go"
case("bare_json", OLR, "issue 17602: a config object with a `name` key after a label stays prose",
     'Config: {"name": "my-app", "version": 2}', [], 'Config: {"name": "my-app", "version": 2}', tools=["get_weather"])
case("bare_json", OLR, "issue 17602: a record with a `name` key alone stays prose",
     '{"name": "Bob", "age": 8}', [], '{"name": "Bob", "age": 8}', tools=["get_weather"])
case("bare_json", OLR, "issue 17602: a call object naming an undeclared tool stays prose",
     '{"name": "not_a_tool", "arguments": {"x": 1}}', [], '{"name": "not_a_tool", "arguments": {"x": 1}}',
     tools=["get_weather"])
case("bare_json", OLR, "issue 17602: a result object mid-sentence stays prose",
     'Result: {"value": 42}', [], 'Result: {"value": 42}', tools=["get_weather"])
OLJ = "https://github.com/ollama/ollama/blob/main/model/parsers/laguna_jsoncontent_test.go"
case("fenced_json", OLJ, "an MCP config in a ```json fence with a tool declared: prose",
     'Add this to your config:\n\n```json\n{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n'
     '      "env": {"GITHUB_TOKEN": "your_token"}\n    }\n  }\n}\n```',
     [], 'Add this to your config:\n\n```json\n{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n'
     '      "env": {"GITHUB_TOKEN": "your_token"}\n    }\n  }\n}\n```', tools=LW)
case("bare_json", OLJ, "a list of objects inline in a sentence: prose",
     'The endpoint returns [{"id": 1, "ok": true}] by default.', [],
     'The endpoint returns [{"id": 1, "ok": true}] by default.', tools=LW)
case("bare_json", OLJ, "a JSON object cut at the end of the stream, its `name` a prefix of a declared tool: prose",
     'The config begins with {"name": "web_s', [], 'The config begins with {"name": "web_s', tools=["web_search"])
case("bare_json", OLJ, "a call object written arguments first",
     '{"arguments":{"location":"Paris"},"name":"get_weather"}', [("get_weather", {"location": "Paris"})], tools=LW)
case("bare_json", OLJ, "a call object, then words after it on the same line",
     '{"name":"get_weather","arguments":{"location":"Paris"}} checking now', [("get_weather", {"location": "Paris"})],
     "checking now", tools=LW)


# ---------------------------------------------------------------------------------------------
# Xiaomi MiMo-V2-Flash in lmdeploy's parser tests: Qwen3-Coder's body, XML-escaped string values.
LM = "https://github.com/InternLM/lmdeploy/blob/main/tests/test_lmdeploy/serve/parsers/test_mimo_parser.py"
RUN = {"run_command": {"command": {"type": "string"}, "timeout": {"type": "integer"}, "options": {"type": "object"}}}
case("qwen3_coder", LM, "a bare function block, a string value written with XML entities and its own spaces",
     "<function=run_command><parameter=command>  printf &quot;a&amp;b&quot;\nnext  </parameter>"
     "<parameter=timeout>30</parameter><parameter=options>{\"check\":true}</parameter></function>",
     [("run_command", {"command": '  printf "a&b"\nnext  ', "timeout": 30, "options": {"check": True}})], tools=RUN,
     xfail="unsafe to read: XML entities in a tag-delimited value are not decoded, since the same value "
           "may be an HTML file's text whose `&amp;` must stay as written")
case("qwen3_coder", LM, "thinking, then a glued <tool_call> block with a multi-line value",
     "<think>Need a tool.</think><tool_call><function=run_command><parameter=command>line 1\n  line 2</parameter>"
     "<parameter=timeout>10</parameter></function></tool_call>",
     [("run_command", {"command": "line 1\n  line 2", "timeout": 10})], reasoning="Need a tool.", tools=RUN)
case("qwen3_coder", LM, "a bare function block naming an undeclared tool: text",
     "<function=unknown></function>", [], tools=RUN, given=True)

# ---------------------------------------------------------------------------------------------
# LocalAI's XML and JSON parsers (pkg/functions): auto-detected dialects, and what must stay text.
LA = "https://github.com/mudler/LocalAI/blob/master/pkg/functions/parse_test.go"
LG = "https://github.com/mudler/LocalAI/blob/master/pkg/functions/parse_glm_9722_test.go"
case("glm", LG, "a name line, two key/value pairs (GLM-4.5 auto-detected)",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>NYC</arg_value>\n</tool_call>",
     [("get_weather", {"city": "NYC"})], tools=["get_weather"])
case("tool_call_tag", LG, "a JSON list of calls inside <tool_call>",
     '<tool_call>\n[{"name": "bash", "arguments": {}}]\n</tool_call>', [("bash", {})], tools=["bash"])
case("tool_call_tag", LG, "brace-less `name: bash, arguments: {}` inside <tool_call>: no call, the text given back",
     "<tool_call>\nname: bash, arguments: {}\n</tool_call>", [], tools=["bash"], given=True)
case("glm", LA, "the name on its own line after <tool_call>, a numeric value",
     "<tool_call>\nsearch_function\n<arg_key>query</arg_key>\n<arg_value>test search</arg_value>\n<arg_key>limit</arg_key>\n"
     "<arg_value>10</arg_value>\n</tool_call>", [("search_function", {"query": "test search", "limit": 10})],
     tools={"search_function": {"query": {"type": "string"}, "limit": {"type": "integer"}}})
case("functionary", LA, "Functionary's <function=NAME>{json}</function>",
     '<function=test_function>{"key1": "value1", "key2": "value2"}</function>',
     [("test_function", {"key1": "value1", "key2": "value2"})], tools=["test_function"])
case("functionary", LA, "a Functionary block inside a sentence is an example: text (LocalAI strips it as markup)",
     'Text before <function=search>{"q":"cats"}</function> text after', [],
     'Text before <function=search>{"q":"cats"}</function> text after', tools={"search": {"q": {"type": "string"}}})
case("tool_calls_array", LA, "Apriel-1.5's <tool_calls>[…]</tool_calls> list on its own lines",
     '<tool_calls>[\n{"name": "test_function", "arguments": {"key1": "value1", "key2": "value2"}}\n]</tool_calls>',
     [("test_function", {"key1": "value1", "key2": "value2"})], tools=["test_function"])
case("kimi_k2", LA, "a Kimi-K2 section with newlines between its tokens",
     '<|tool_calls_section_begin|>\n<|tool_call_begin|>\nfunctions.search:0<|tool_call_argument_begin|>'
     '{"query": "test", "limit": 10}<|tool_call_end|>\n<|tool_calls_section_end|>',
     [("search", {"query": "test", "limit": 10})], tools=["search"])
case("minimax_m2", LA, "a word glued before the MiniMax block",
     'text<minimax:tool_call>\n<invoke name="test">\n<parameter name="key">value</parameter>\n</invoke>\n'
     '</minimax:tool_call>', [("test", {"key": "value"})], "text", tools=["test"])
case("qwen3_coder", LA, "a function block with no parameters",
     "<tool_call>\n<function=test_function>\n</function>\n</tool_call>", [("test_function", {})],
     tools=["test_function"])
case("qwen3_coder", LA, "a long sentence, a blank line, then the block (an agent's turn)",
     'The memory reclaimer functionality already exists! Let me examine the watchdog to understand how it works.\n\n'
     "<tool_call>\n<function=bash>\n<parameter=script>\ncd /root/worktrees/app/task_8562 && cat core/watchdog.go\n"
     "</parameter>\n</function>\n</tool_call>",
     [("bash", {"script": "cd /root/worktrees/app/task_8562 && cat core/watchdog.go"})],
     "The memory reclaimer functionality already exists! Let me examine the watchdog to understand how it works.",
     tools={"bash": {"script": {"type": "string"}}})
case("qwen3_coder", LA, "the same turn with its newlines written as literal `\\n` escapes between the tags",
     r"Let me examine the watchdog.\n\n<tool_call>\n<function=bash>\n<parameter=script>\ncd /srv/app && "
     r"cat core/watchdog.go\n</parameter>\n</function>\n</tool_call>",
     [("bash", {"script": "cd /srv/app && cat core/watchdog.go"})], "Let me examine the watchdog.",
     tools={"bash": {"script": {"type": "string"}}},
     xfail="unsafe to read: a block whose layout newlines are literal `\\n` escapes is what a call quoted "
           "inside a JSON string looks like")
case("bare_json", LA, "a call object whose arguments are a JSON-encoded string",
     '{"name": "web_search", "arguments": "{\\"query\\": \\"cats\\"}"}', [("web_search", {"query": "cats"})],
     tools={"web_search": {"query": {"type": "string"}}})
case("bare_json", LA, "a call object whose arguments are a plain sentence, not JSON: not runnable, the text given back",
     '{"name": "web_search", "arguments": "search for cats"}', [],
     tools={"web_search": {"query": {"type": "string"}}}, given=True, incomplete=[("web_search", {})])
case("bare_json", LA, "a list of two call objects", '[{"name": "add", "arguments": {"x": 5, "y": 3}}, '
     '{"name": "subtract", "arguments": {"x": 10, "y": 7}}]',
     [("add", {"x": 5, "y": 3}), ("subtract", {"x": 10, "y": 7})], tools=["add", "subtract"])
case("bare_json", LA, "a call object keyed `function` instead of `name`",
     '{"function": "add", "arguments": {"x": 5, "y": 3}}', [("add", {"x": 5, "y": 3})], tools=["add"])
case("pythonic", LA, "a name, then a JSON object in round brackets", 'add({"x":5,"y":3})', [("add", {"x": 5, "y": 3})],
     tools=["add"])


# ---------------------------------------------------------------------------------------------
# Kimi K2 in lmdeploy's tests: a closing token quoted inside a JSON string, text after the section.
LK = "https://github.com/InternLM/lmdeploy/blob/main/tests/test_lmdeploy/serve/parsers/test_kimi_k2_tool_parser.py"
case("kimi_k2", LK, "a string argument quoting the section's closing token, then text after the section",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>'
     '{"text":"inside <|tool_calls_section_end|> marker","n":1}<|tool_call_end|><|tool_calls_section_end|>tail',
     [("f", {"text": "inside <|tool_calls_section_end|> marker", "n": 1})], "tail",
     tools={"f": {"text": {"type": "string"}, "n": {"type": "integer"}}})
case("kimi_k2", LK, "two calls with empty arguments, their order kept",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|>'
     '<|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
     [("f", {}), ("g", {})], tools=["f", "g"])
LJ = "https://github.com/InternLM/lmdeploy/blob/main/tests/test_lmdeploy/serve/parsers/test_json_tool_parser.py"
case("tool_call_tag", LJ, "a JSON call keyed `function` inside <tool_call>",
     '<tool_call>{"function":"f","arguments":{"x":1}}</tool_call>', [("f", {"x": 1})], tools=["f"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V4 DSML in mlx-lm's tests: the invoke closer truncated by quantised weights.
MD = "https://github.com/ml-explore/mlx-lm/blob/main/tests/test_deepseek_dsml_close_tag.py"
case("deepseek_dsml", MD, "the invoke closer cut to `</｜DSML｜inv>` (4/5/6-bit quants do this every time)",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">'
     'Paris, France</｜DSML｜parameter>\n</｜DSML｜inv>\n</｜DSML｜tool_calls>',
     [("get_weather", {"location": "Paris, France"})], tools=["get_weather"])
case("deepseek_dsml", MD, "a bare invoke with no tool_calls wrapper",
     '<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">Paris</｜DSML｜parameter>\n'
     '</｜DSML｜invoke>', [("get_weather", {"location": "Paris"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# vLLM's format-conformance fixtures (each family's documented raw bytes).
VF = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_format_conformance.py"
case("kimi_k2", VF, "a newline between the call id and the argument token",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0\n<|tool_call_argument_begin|>'
     '{"city": "SF"}<|tool_call_end|><|tool_calls_section_end|>', [("get_weather", {"city": "SF"})],
     tools=["get_weather"])
case("bracket_tool_calls", VF, "Mistral v11: [TOOL_CALLS] then the name glued to its JSON, no [ARGS]",
     '[TOOL_CALLS]get_weather{"city": "SF"}', [("get_weather", {"city": "SF"})], tools=["get_weather"])
case("deepseek_v3", VF, "DeepSeek V3: the arguments in a ```json fence after the name",
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "SF"}\n```'
     '<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [("get_weather", {"city": "SF"})], tools=["get_weather"])
case("pythonic", VF, "a pythonic list with two keyword arguments",
     '[get_weather(city="SF", units="metric")]', [("get_weather", {"city": "SF", "units": "metric"})],
     tools=["get_weather"])


# ---------------------------------------------------------------------------------------------
# SGLang's detectors: Cohere Command 4's action block, Trinity's calls inside <think>.
SC4 = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/cohere_command4_detector.py"
case("command_r", SC4, "a tool plan in thinking, then an action list of two calls with ids",
     '<|START_THINKING|>I will check both cities.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", '
     '"tool_name": "get_weather", "parameters": {"city": "Paris"}},\n    {"tool_call_id": "1", "tool_name": '
     '"get_weather", "parameters": {"city": "Oslo"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>',
     [("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Oslo"})], reasoning="I will check both cities.",
     tools=["get_weather"])
case("command_r", SC4, "the action list cut before <|END_ACTION|>: never runnable",
     '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Pa',
     [], tools=["get_weather"], incomplete=[("get_weather", {"city": "Pa"})])
STR = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/trinity_detector.py"
case("tool_call_tag", STR, "Trinity: a Hermes call that ends the thinking block, no answer after it (it runs)",
     '<think>I should look up the weather.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n'
     '</tool_call>\n</think>', [("get_weather", {"city": "Paris"})], reasoning="I should look up the weather.",
     tools=["get_weather"])
case("tool_call_tag", STR, "Trinity: thinking closed, then the Hermes call",
     '<think>Weather question.</think>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lima"}}\n</tool_call>',
     [("get_weather", {"city": "Lima"})], reasoning="Weather question.", tools=["get_weather"])


# ---------------------------------------------------------------------------------------------
# transformers' response_template tests: the outputs of six real checkpoints, and the parser's own
# made-up shapes (a JSON call under `args` in a <tool> element).
TP = "https://github.com/huggingface/transformers/blob/main/tests/utils/test_chat_parsing.py"
ERN = ("The user is asking about the weather in Paris today. There's a tool called get_current_temperature "
       "which requires a location parameter, so I'll call it with \"Paris\".")
case("tool_call_tag", TP, "ERNIE: prompt-opened thinking, a blank line, a Hermes call, then the end-of-sequence </s>",
     ERN + '\n</think>\n\n<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "Paris"}}\n'
     '</tool_call>\n</s>', [("get_current_temperature", {"location": "Paris"})], reasoning=ERN,
     tools=["get_current_temperature"], thinking=True)
case("tool_call_tag", TP, "ERNIE: prompt-opened thinking, then the answer inside <response> … </response>, then </s>",
     "The user greeted me; I'll greet back.\n</think>\n\n<response>\nHello! I'm doing well, thank you for asking.\n"
     "</response>\n</s>", [], "Hello! I'm doing well, thank you for asking.", "The user greeted me; I'll greet back.",
     thinking=True)
GOR = "We need to call get_current_weather with location \"San Francisco, CA\".\n\nWe will call function get_current_weather."
case("harmony", TP, "gpt-oss: analysis, then a commentary call whose stream ends after the JSON (no <|call|>)",
     f"<|channel|>analysis<|message|>{GOR}<|end|><|start|>assistant<|channel|>commentary "
     'to=functions.get_current_weather <|constrain|>json<|message|>{\n  "location": "San Francisco, CA"\n}',
     [("get_current_weather", {"location": "San Francisco, CA"})], reasoning=GOR, tools=["get_current_weather"])
case("harmony", TP, "gpt-oss: analysis, then a one-character final answer",
     "<|channel|>analysis<|message|>User asks a simple math question: 2+2 = 4. Provide answer.<|end|><|start|>assistant"
     "<|channel|>final<|message|>2", [], "2", "User asks a simple math question: 2+2 = 4. Provide answer.")
case("tool_call_tag", TP, "SmolLM3: thinking, a blank line, a glued Hermes call with an apostrophe in a value",
     "<think>\nThe user said hello; greet them back.\n</think>\n\n<tool_call>{\"name\": \"greet_user\", \"arguments\": "
     "{\"greeting\": \"Hello! I'm doing well, thanks for asking.\"}}</tool_call>",
     [("greet_user", {"greeting": "Hello! I'm doing well, thanks for asking."})],
     reasoning="The user said hello; greet them back.", tools=["greet_user"])
case("qwen3_coder", TP, "Qwen3: a list-of-objects value on its own lines, a string value",
     "<tool_call>\n<function=get_weather>\n<parameter=locations>\n[{\"country\": \"France\", \"city\": \"Paris\"}]\n"
     "</parameter>\n<parameter=temp_units>\ncelsius\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"locations": [{"country": "France", "city": "Paris"}], "temp_units": "celsius"})],
     tools={"get_weather": {"locations": {"type": "array"}, "temp_units": {"type": "string"}}})
case("gemma_special", TP, "Gemma 4: a thought channel, a call, then the <|tool_response> token the turn ends with",
     "<|channel>thought\nThe user is asking for the temperature in Paris.<channel|><|tool_call>call:get_current_temperature"
     '{detail_level:0,location:<|"|>Paris, France<|"|>,unit:<|"|>celsius<|"|>}<tool_call|><|tool_response>',
     [("get_current_temperature", {"detail_level": 0, "location": "Paris, France", "unit": "celsius"})],
     reasoning="The user is asking for the temperature in Paris.", tools=["get_current_temperature"])
case("gemma_special", TP, "Gemma 4: every value type (bool, list, null, number, string, object)",
     '<|channel>thought\nLet me call the tool.<channel|><|tool_call>call:foo{bool_value:true,list_value:[<|"|>foo<|"|>,'
     '<|"|>bar<|"|>],null_value:null,number_value:1,string_value:<|"|>foo<|"|>,struct_value:{foo:<|"|>bar<|"|>}}'
     '<tool_call|>', [("foo", {"bool_value": True, "list_value": ["foo", "bar"], "null_value": None, "number_value": 1,
                               "string_value": "foo", "struct_value": {"foo": "bar"}})],
     reasoning="Let me call the tool.", tools=["foo"])
case("inkling", TP, "Inkling: two thinking blocks, a text block and a call block, the first header pre-written",
     "<|content_thinking|>Consider the weather.<|end_message|><|message_model|><|content_thinking|> Tokyo, probably."
     "<|end_message|><|message_model|><|content_text|>Checking the weather now.<|end_message|><|message_model|>get_weather"
     '<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Tokyo","units":"C"}}<|end_message|>'
     "<|content_model_end_sampling|>", [("get_weather", {"city": "Tokyo", "units": "C"})], "Checking the weather now.",
     "Consider the weather. Tokyo, probably.", tools=["get_weather"])
case("wrapped", TP, "a JSON call with its arguments under `args`, in a <tool> element",
     '<tool>{"name": "get_weather", "args": {"city": {"id": 7}}}</tool>', [("get_weather", {"city": {"id": 7}})],
     tools=["get_weather"])
TT = ("https://github.com/NVIDIA/TensorRT-LLM/blob/main/tests/unittest/llmapi/apps/"
      "test_qwen3_tool_parser_trailing_content.py")
case("tool_call_tag", TT, "text after a Hermes block streams on as content",
     '<tool_call>\n{"name":"get_weather","arguments":{"location":"Paris"}}\n</tool_call> It is sunny.',
     [("get_weather", {"location": "Paris"})], "It is sunny.", tools=["get_weather"])


# ---------------------------------------------------------------------------------------------
# Ollama's parsers for Cogito (DeepSeek's tokens), Nemotron 3 Nano (Qwen3-Coder's body after
# prompt-opened thinking) and Ministral (the v11 [TOOL_CALLS]NAME[ARGS]{…} form).
OC = "https://github.com/ollama/ollama/blob/main/model/parsers/cogito_test.go"
DSC = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>"
DSE = "<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
case("deepseek_v3", OC, "prompt-opened thinking closed, then the call glued to </think>",
     "I need to check the weather.</think>" + DSC + 'get_weather\n```json\n{"location":"Paris"}\n```' + DSE,
     [("get_weather", {"location": "Paris"})], reasoning="I need to check the weather.",
     tools={"get_weather": {"location": {"type": "string"}}}, thinking=True)
case("deepseek_v3", OC, "nested arguments with a float and a list",
     DSC + 'process_data\n```json\n{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95},"count":42}\n```'
     + DSE, [("process_data", {"items": ["item1", "item2"], "config": {"enabled": True, "threshold": 0.95},
                               "count": 42})], tools=["process_data"])
case("deepseek_v3", OC, "a tool-output section the model writes itself is markup, never content",
     '<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temperature": 22, "condition": "sunny"}<｜tool▁output▁end｜>'
     '<｜tool▁outputs▁end｜>', [], "", tools=["get_weather"])
ON = "https://github.com/ollama/ollama/blob/main/model/parsers/nemotron3nano_test.go"
case("qwen3_coder", ON, "prompt-opened thinking, a sentence, then a call with a newline-padded value",
     "Let me think...</think>\nI'll check for you.\n<tool_call>\n<function=search>\n<parameter=query>\ntest\n"
     "</parameter>\n</function>\n</tool_call>", [("search", {"query": "test"})], "I'll check for you.", "Let me think...",
     tools={"search": {"query": {"type": "string"}}}, thinking=True)
case("qwen3_coder", ON, "thinking off, a lone </think> the model writes anyway: never a tag in the answer",
     "</think>\nSome content after spurious tag.", [], "Some content after spurious tag.", thinking=False)
case("qwen3_coder", ON, "an empty written <think></think>, then the answer", "<think></think>\nHere is my answer.", [],
     "Here is my answer.", thinking=True)
OM = "https://github.com/ollama/ollama/blob/main/model/parsers/ministral_test.go"
case("bracket_tool_calls", OM, "two [TOOL_CALLS] calls back to back",
     '[TOOL_CALLS]get_weather[ARGS]{"location": "NYC"}[TOOL_CALLS]get_time[ARGS]{"timezone": "EST"}',
     [("get_weather", {"location": "NYC"}), ("get_time", {"timezone": "EST"})], tools=["get_weather", "get_time"])
case("bracket_tool_calls", OM, "words glued after the call's JSON",
     '[TOOL_CALLS]test[ARGS]{"a": 1}some content after', [("test", {"a": 1})], "some content after", tools=["test"])
case("bracket_tool_calls", OM, "a Windows path with escaped backslashes",
     '[TOOL_CALLS]path[ARGS]{"dir": "C:\\\\Users\\\\test"}', [("path", {"dir": "C:\\Users\\test"})], tools=["path"])


# ---------------------------------------------------------------------------------------------
# Users' reports: garbled wrappers, a stray lead word before a bare invoke, a closer with no
# opener, and calls a model writes inside thinking that never closes.
case("tool_call_tag", "https://github.com/can1357/oh-my-pi/issues/10376",
     "Qwen 3.7 / 3.8 via ModelScope: the wrapper garbled to `<tool_call| … </tool_call` (no `>`)",
     '<tool_call| {"name": "web_search", "arguments": {"query": "vllm release notes"}}</tool_call',
     [("web_search", {"query": "vllm release notes"})], tools={"web_search": {"query": {"type": "string"}}})
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/69258",
     "a stray lead token `count`, a newline, then a bare invoke with no wrapper",
     'count\n<invoke name="Bash">\n<parameter name="command">git status --short</parameter>\n</invoke>',
     [("Bash", {"command": "git status --short"})], "count", tools={"Bash": {"command": {"type": "string"}}})
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/64179",
     "the lead token `call` on its own line before a bare invoke, prose before it",
     'Checking the peers now.\ncall\n<invoke name="Bash">\n<parameter name="command">ls -la</parameter>\n</invoke>',
     [("Bash", {"command": "ls -la"})], "Checking the peers now.\ncall", tools={"Bash": {"command": {"type": "string"}}})
case("qwen3_coder", "https://github.com/AntSeed/antseed/issues/213",
     "a function block closed by a </tool_call> it never opened, a hyphenated tool name",
     "<function=security-review>\n<parameter=path>\n/Users/dev/antseed/packages/contracts\n</parameter>\n</function>\n"
     "</tool_call>", [("security-review", {"path": "/Users/dev/antseed/packages/contracts"})],
     tools={"security-review": {"path": {"type": "string"}}})
case("qwen3_coder", "https://github.com/Augustas11/macprovider/issues/426",
     "Qwen3-Coder 30B on MLX: a bare function block whose value is a JSON document (a string parameter)",
     '<function=json_validate><parameter=text>{"a": [1, 2], "b": null}</parameter></function>',
     [("json_validate", {"text": '{"a": [1, 2], "b": null}'})], tools={"json_validate": {"text": {"type": "string"}}})
case("deepseek_v31", "https://github.com/sgl-project/sglang/pull/11764",
     "DeepSeek V3.1: the call written inside prompt-opened thinking, then end of stream (it runs)",
     "The user wants Paris weather.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>"
     '{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [("get_weather", {"city": "Paris"})],
     reasoning="The user wants Paris weather.", tools=["get_weather"], thinking=True)
case("kimi_k2", "https://github.com/vllm-project/vllm/pull/31896",
     "Kimi K2: prompt-opened thinking never closed, the section after it (it runs)",
     "I will run it. <|tool_calls_section_begin|><|tool_call_begin|>functions.Bash:0<|tool_call_argument_begin|>"
     '{"command": "echo hello"}<|tool_call_end|><|tool_calls_section_end|>', [("Bash", {"command": "echo hello"})],
     reasoning="I will run it.", tools=["Bash"], thinking=True)


MINE = CASES[_FIRST:]       # this hunt's cases (scored apart: docs/testing.md)
