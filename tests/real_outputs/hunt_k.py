"""Real-output cases of hunt (k), 2026-12-07: a held-out harvest after hunts i and j's fixes (issue 31).

Reports and parser tests no hunt had used, scored as they were harvested, before any fix: SGLang's
MiniMax-M2 bug suite, Qwen3-Coder streaming cases, gpt-oss truncation, DSML `string="false"` and
JSON-array tests; vLLM's dots, HyperCLOVA X SEED Think and GLM-4.7 tests; Ollama's Glimmer, Ling
(Bailing) and Kolibri parsers; rtp-llm's and TensorRT-LLM's Qwen tests; users' reports from
llama.cpp, mlx-lm, hermes-agent, openclaw, Claude Code, qwen-code, ds4 and others; and the
negatives real sets hold (data with a `name` key, a quoted syntax, undeclared names, cut calls).
As harvested: 67 of 83 passed, calls right in 71 (85.5 %), markup left in the content of 8.
"""
from __future__ import annotations

from .cases import case

# (Harvested and scored before any fix: 67 / 83 passed, calls right 71 / 83, 8 leaks; the 16 misses
# were then fixed by mechanism: docs/testing.md.)

# ---------------------------------------------------------------------------------------------
# MiniMax-M2: SGLang's detector bug suite (issue 16057 and the leaks it found).
MM = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_minimax_m2_detector.py"
ANY_NULL = {"the_tool": {"args": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
CTX = {"context_info": {"metadata_only": {"type": "boolean"}}}
case("minimax_m2", MM, "an anyOf [string, null] parameter keeps the string `hi`",
     '<minimax:tool_call><invoke name="the_tool"><parameter name="args">hi</parameter></invoke></minimax:tool_call>',
     [("the_tool", {"args": "hi"})], tools=ANY_NULL)
case("minimax_m2", MM, "an anyOf [string, null] parameter: an explicit `null` is null",
     '<minimax:tool_call><invoke name="the_tool"><parameter name="args">null</parameter></invoke></minimax:tool_call>',
     [("the_tool", {"args": None})], tools=ANY_NULL)
case("minimax_m2", MM, "the block's closer missing at the end of the stream, the invoke whole: it runs, no markup in the content",
     '[Pasted ~4 lines]<minimax:tool_call><invoke name="context_info"><parameter name="metadata_only">false'
     '</parameter></invoke>', [("context_info", {"metadata_only": False})], "[Pasted ~4 lines]", tools=CTX)
case("minimax_m2", MM, "text glued before and after a whole block, a boolean value",
     'Here is some text.<minimax:tool_call><invoke name="context_info"><parameter name="metadata_only">true'
     '</parameter></invoke></minimax:tool_call>More text after.',
     [("context_info", {"metadata_only": True})], "Here is some text.More text after.", tools=CTX)
case("minimax_m2", MM, "a string value holding a `</parameter>` look-alike before its real closer",
     '<minimax:tool_call><invoke name="test_func"><parameter name="content">This text contains </parameter> in it'
     '</parameter></invoke></minimax:tool_call>',
     [("test_func", {"content": "This text contains </parameter> in it"})],
     tools={"test_func": {"content": {"type": "string"}}})
case("minimax_m2", MM, "an HTML value kept whole",
     '<minimax:tool_call><invoke name="process_html"><parameter name="html"><div>Hello</div></parameter></invoke>'
     '</minimax:tool_call>', [("process_html", {"html": "<div>Hello</div>"})],
     tools={"process_html": {"html": {"type": "string"}}})
case("minimax_m2", MM, "streamed: the invoke and the block never close, only the text before comes out",
     'Normal text before<minimax:tool_call><invoke name="context_info"><parameter name="metadata_only">false'
     '</parameter>', [], "Normal text before", tools=CTX, incomplete=[("context_info", {"metadata_only": False})])
case("minimax_m2", MM, "a spaced text after the block",
     'Text before <minimax:tool_call><invoke name="context_info"><parameter name="metadata_only">true</parameter>'
     '</invoke></minimax:tool_call> Text after',
     [("context_info", {"metadata_only": True})], "Text before  Text after", tools=CTX)
case("minimax_m2", MM, "an anyOf [object, null] value is the object",
     '<minimax:tool_call><invoke name="complex_func"><parameter name="data">{"key": "value"}</parameter></invoke>'
     '</minimax:tool_call>', [("complex_func", {"data": {"key": "value"}})],
     tools={"complex_func": {"data": {"anyOf": [{"type": "object", "properties": {"key": {"type": "string"}}},
                                               {"type": "null"}]}}})
case("minimax_m2", MM, "an array-typed value with mixed items",
     '<minimax:tool_call><invoke name="array_func"><parameter name="items">[1, 2, 3, "four"]</parameter></invoke>'
     '</minimax:tool_call>', [("array_func", {"items": [1, 2, 3, "four"]})],
     tools={"array_func": {"items": {"type": "array"}}})

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder: SGLang's streaming cases, bare <function=…> blocks (no <tool_call> around them).
QC = ("https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/"
      "test_qwen3_coder_detector/test_cases.py")
WEATHER = {"get_current_weather": {"location": {"type": "string"}, "unit": {"type": "string"},
                                   "days": {"type": "integer"}},
           "sql_interpreter": {"query": {"type": "string"}, "dry_run": {"type": "boolean"}},
           "TodoWrite": {"todos": {"type": "array"}}}
case("qwen3_coder", QC, "plain text with the tools declared", "This is plain text test", [],
     "This is plain text test", tools=WEATHER)
case("qwen3_coder", QC, "a bare function block, three parameters on their lines",
     "<function=get_current_weather>\n<parameter=location>Boston</parameter>\n<parameter=unit>celsius</parameter>\n"
     "<parameter=days>3</parameter>\n</function>",
     [("get_current_weather", {"location": "Boston", "unit": "celsius", "days": 3})], tools=WEATHER)
case("qwen3_coder", QC, "prose, a blank line, a bare function block",
     "Text prefix + tool call test\n\n<function=get_current_weather>\n<parameter=location>Boston</parameter>\n"
     "<parameter=unit>celsius</parameter>\n<parameter=days>3</parameter>\n</function>",
     [("get_current_weather", {"location": "Boston", "unit": "celsius", "days": 3})],
     "Text prefix + tool call test", tools=WEATHER)
case("qwen3_coder", QC, "two bare blocks, a Python-style `True` for a boolean",
     "Text prefix + double tool call test\n\n<function=get_current_weather>\n<parameter=location>New York</parameter>\n"
     "</function>\n<function=sql_interpreter>\n<parameter=query>SELECT * FROM users</parameter>\n"
     "<parameter=dry_run>True</parameter>\n</function>\n",
     [("get_current_weather", {"location": "New York"}), ("sql_interpreter", {"query": "SELECT * FROM users",
                                                                             "dry_run": True})],
     "Text prefix + double tool call test", tools=WEATHER)
case("qwen3_coder", QC, "parameters closed implicitly by the next parameter and by </function>",
     "Text prefix + implicit parameter close test\n\n<function=get_current_weather>\n<parameter=location>Paris\n"
     "<parameter=unit>celsius\n<parameter=days>3\n</function>",
     [("get_current_weather", {"location": "Paris", "unit": "celsius", "days": 3})],
     "Text prefix + implicit parameter close test", tools=WEATHER)
case("qwen3_coder", QC, "an array value written with a single-quoted string inside",
     "Text prefix + complex schema tool call test\n\n<function=TodoWrite>\n<parameter=todos>\n[\n {\"content\": "
     "\"Buy a new car\", \"status\": 'pending'},\n {\"content\": \"Buy a new house\", \"status\": \"completed\"}\n]\n"
     "</parameter>\n</function>\n\n",
     [("TodoWrite", {"todos": [{"content": "Buy a new car", "status": "pending"},
                               {"content": "Buy a new house", "status": "completed"}]})],
     "Text prefix + complex schema tool call test", tools=WEATHER)

# ---------------------------------------------------------------------------------------------
# gpt-oss (Harmony): SGLang's detector tests; the final message after a call.
GO = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_gpt_oss_detector.py"
case("harmony", GO, "analysis, a call with a constraint and a multi-line empty list, then a final message",
     "<|channel|>analysis<|message|>Reasoning...<|end|><|start|>assistant<|channel|>commentary to=functions.read_file "
     "<|constrain|>json<|message|>{\n  \"files\": []\n}<|call|><|start|>assistant<|channel|>final<|message|>"
     "This text should be truncated.",
     [("read_file", {"files": []})], "This text should be truncated.", "Reasoning...",
     tools={"read_file": {"files": {"type": "array"}}})
case("harmony", GO, "a call with an empty object, then plain text with no header",
     "<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{}<|call|>"
     "This is normal text that should be ignored.",
     [("read_file", {})], "This is normal text that should be ignored.",
     tools={"read_file": {"files": {"type": "array"}}})

# ---------------------------------------------------------------------------------------------
# dots.llm: vLLM's dots parser tests (MiniMax's invoke body in <dots_function_call>, or JSON).
DT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_dots_tool_parser.py"
SEARCH = {"search": {"query": {"type": "string"}}, "open": {"id": {"type": "integer"}}}
case("dots", DT, "two invokes in one block, then a JSON call object in a second block",
     '<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke>'
     '<invoke name="open"><parameter name="id">7</parameter></invoke></dots_function_call>'
     '<dots_function_call>{"name":"search","arguments":{"query":"tables"}}</dots_function_call>',
     [("search", {"query": "chairs"}), ("open", {"id": 7}), ("search", {"query": "tables"})], tools=SEARCH)
case("dots", DT, "text glued to two consecutive blocks",
     'visible<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke>'
     '</dots_function_call><dots_function_call><invoke name="search"><parameter name="query">tables</parameter>'
     '</invoke></dots_function_call>',
     [("search", {"query": "chairs"}), ("search", {"query": "tables"})], "visible", tools=SEARCH)
case("dots", DT, "a block of garbage, then a valid block: the garbage is text, the call runs",
     '<dots_function_call>garbage</dots_function_call><dots_function_call><invoke name="search">'
     '<parameter name="query">chairs</parameter></invoke></dots_function_call>',
     [("search", {"query": "chairs"})], "<dots_function_call>garbage</dots_function_call>", tools=SEARCH)
case("dots", DT, "a stray closer after prose is markup",
     "some text </dots_function_call>", [], "some text", tools=SEARCH)
case("dots", DT, "an answer ending in half an opener: the half marker is text at the end of the stream",
     "answer <dots_func", [], "answer <dots_func", tools=SEARCH)
case("dots", DT, "the JSON body split across chunks before the closer",
     '<dots_function_call>{"name":"search","arguments":{"query":"chairs"}}</dots_function_call>',
     [("search", {"query": "chairs"})], tools=SEARCH)

# ---------------------------------------------------------------------------------------------
# A bare JSON list of calls with `parameters` (SGLang's JSON-array parser, the parallel-call bug),
# and an undeclared name in a bare JSON call (SGLang's unknown-tool test): it stays text.
JA = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_parallel_tool_bug.py"
DOCS = {"search_docs": {"title": {"type": "array", "items": {"type": "string"}}, "filename": {"type": "string"}}}
case("bare_json", JA, "a bare list of two calls on their own lines, an array value in each",
     '[\n  {"name": "search_docs", "parameters": {"title": ["7.8.9"], "filename": "doc1"}},\n'
     '  {"name": "search_docs", "parameters": {"title": ["4.8"], "filename": "doc2"}}]',
     [("search_docs", {"title": ["7.8.9"], "filename": "doc1"}), ("search_docs", {"title": ["4.8"], "filename": "doc2"})],
     tools=DOCS)
case("bare_json", JA, "the minimal list: a newline between the calls",
     '[\n  {"name": "search_docs", "parameters": {"title": ["a"]}},\n  {"name": "search_docs", "parameters": {"title": ["b"]}}]',
     [("search_docs", {"title": ["a"]}), ("search_docs", {"title": ["b"]})], tools=DOCS)
UT = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_unknown_tool_name.py"
case("bare_json", UT, "a bare JSON call naming an undeclared tool stays text",
     '{"name":"unknown_tool","parameters":{"city":"Paris"}}', [],
     '{"name":"unknown_tool","parameters":{"city":"Paris"}}', tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# HyperCLOVA X SEED Think: GLM's key/value body, values written as JSON (vLLM's parser tests).
HX = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_hyperclovax_seed_think_tool_parser.py"
HXW = {"get_current_weather": {"location": {"type": "string"}, "unit": {"type": "string"}}}
case("glm", HX, "a name line, JSON-quoted values on their own lines",
     '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>"Seoul"</arg_value>\n<arg_key>unit</arg_key>\n'
     '<arg_value>"celsius"</arg_value>\n</tool_call>',
     [("get_current_weather", {"location": "Seoul", "unit": "celsius"})], tools=HXW)
case("glm", HX, "an unquoted value is the raw string",
     "<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>Seoul</arg_value>\n</tool_call>",
     [("get_current_weather", {"location": "Seoul"})], tools=HXW)
case("glm", HX, "reasoning closed by </think>, a line of prose, then the call",
     'thinking aloud</think>\n\nokay, calling:<tool_call>get_current_weather\n<arg_key>location</arg_key>\n'
     '<arg_value>"Seoul"</arg_value>\n</tool_call>',
     [("get_current_weather", {"location": "Seoul"})], "okay, calling:", "thinking aloud", tools=HXW, thinking=True)
case("glm", HX, "two blocks on two lines",
     '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>"Seoul"</arg_value>\n</tool_call>\n'
     '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>"Busan"</arg_value>\n</tool_call>',
     [("get_current_weather", {"location": "Seoul"}), ("get_current_weather", {"location": "Busan"})], tools=HXW)
case("glm", HX, "an empty block names no function: its text comes back",
     "<tool_call>\n</tool_call>", [], tools=HXW, given=True)
case("glm", HX, "an answer ending in the end-of-turn token",
     "answer<|im_end|>", [], "answer", tools=HXW)
case("bare_json", HX, "the JSON list path after </think> (tool_choice=required), `parameters` for the arguments",
     'thinking</think>\n\n[{"name": "get_current_weather", "parameters": {"location": "Seoul"}}]',
     [("get_current_weather", {"location": "Seoul"})], reasoning="thinking", tools=HXW, thinking=True)
case("bare_json", HX, "a single JSON call object, `parameters` for the arguments",
     '{"name": "get_current_weather", "parameters": {"location": "Busan"}}',
     [("get_current_weather", {"location": "Busan"})], tools=HXW)
case("bare_json", HX, "a broken JSON list is text",
     "[not, valid, json", [], "[not, valid, json", tools=HXW)

# ---------------------------------------------------------------------------------------------
# GLM-4.7 (vLLM's final-delta bug test): the stream's last value arrives with its closer.
G47 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_glm47_final_delta_bug.py"
case("glm", G47, "a name line, two key/value pairs glued together, a date value",
     "<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key>"
     "<arg_value>2025-08-01</arg_value></tool_call>",
     [("get_weather", {"city": "Beijing", "date": "2025-08-01"})],
     tools={"get_weather": {"city": {"type": "string"}, "date": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Gemma 4 as users pasted it: `call:NAME{…}` in its tokens, with plain quotes or parentheses.
case("gemma_special", "https://github.com/ggml-org/llama.cpp/issues/22786",
     "plain double quotes and a space after the key's colon, an apostrophe in the value",
     "<|tool_call>call:CommitMemoryTool{memory: \"The user's name is John.\"}<tool_call|>",
     [("CommitMemoryTool", {"memory": "The user's name is John."})],
     tools={"CommitMemoryTool": {"memory": {"type": "string"}}})
case("gemma_special", "https://github.com/NousResearch/hermes-agent/issues/7457",
     "the arguments in parentheses, `key: \"value\"`",
     "<|tool_call>call:search(query: \"blockchain news\")<tool_call|>",
     [("search", {"query": "blockchain news"})], tools={"search": {"query": {"type": "string"}}})
case("gemma_special", "https://github.com/ml-explore/mlx-lm/issues/1096",
     "the native form: a <|\"|>-quoted string value",
     "<|tool_call>call:get_current_time{timezone:<|\"|>Asia/Tokyo<|\"|>}<tool_call|>",
     [("get_current_time", {"timezone": "Asia/Tokyo"})], tools={"get_current_time": {"timezone": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Devstral through llama.cpp: the call written as a `{"tool_calls": [...]}` object in the text.
case("bare_json", "https://github.com/ggml-org/llama.cpp/issues/14697",
     "a pretty-printed {\"tool_calls\": [...]} object with an id, no [TOOL_CALLS] token",
     '{\n  "tool_calls": [\n    {\n      "name": "file_view",\n      "arguments": {\n        "path": "src/util.rs",\n'
     '        "view_range": [\n          20,\n          40\n        ]\n      },\n      "id": "162875335"\n    }\n  ]\n}',
     [("file_view", {"path": "src/util.rs", "view_range": [20, 40]})],
     tools={"file_view": {"path": {"type": "string"}, "view_range": {"type": "array"}}})

# ---------------------------------------------------------------------------------------------
# Agent CLIs and gateways: the dialects users pasted.
OC = "https://github.com/openclaw/openclaw/issues/70331"
case("tool_call_hash", OC, "MiniMax M2.7: a Perl-style hash between [TOOL_CALL] tags, a CLI flag as the key",
     "[TOOL_CALL] {tool => 'exec', args => {--command \"echo test\"}} [/TOOL_CALL]",
     [("exec", {"command": "echo test"})], tools={"exec": {"command": {"type": "string"}}})
case("minimax_m2", OC, "DeepSeek Chat / Sonnet: an invoke inside <function_calls>",
     '<function_calls><invoke name="read"><parameter name="path">/home/u/notes.md</parameter></invoke></function_calls>',
     [("read", {"path": "/home/u/notes.md"})], tools={"read": {"path": {"type": "string"}}})
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/68719",
     "a stray `court` line, the bare invoke, a multi-line shell loop as a value",
     "court\n<invoke name=\"Bash\">\n<parameter name=\"command\">cd /srv/camping\nfor f in a.yml b.yml; do\n"
     "  echo \"=== $f ===\"\n  grep -cE 'BOOKING_DOMAIN_BASE:' \"$f\"\ndone</parameter>\n"
     "<parameter name=\"description\">Count the booking keys</parameter>\n</invoke>",
     [("Bash", {"command": "cd /srv/camping\nfor f in a.yml b.yml; do\n  echo \"=== $f ===\"\n  grep -cE "
                "'BOOKING_DOMAIN_BASE:' \"$f\"\ndone", "description": "Count the booking keys"})], "court",
     tools={"Bash": {"command": {"type": "string"}, "description": {"type": "string"}}})
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/83088",
     "a string parameter closed by a tag named after it (</content>), then the next parameter: both are read",
     '<function_calls>\n<invoke name="remember">\n<parameter name="content">First paragraph of the note.\n\nSecond paragraph.'
     '</content>\n<parameter name="metadata">{"tags": "a,b"}</parameter>\n</invoke>\n</function_calls>',
     [("remember", {"content": "First paragraph of the note.\n\nSecond paragraph.", "metadata": {"tags": "a,b"}})],
     tools={"remember": {"content": {"type": "string"}, "metadata": {"type": "object"}}})
case("minimax_m2", "https://github.com/QwenLM/qwen-code/pull/10709",
     "prose, then only the closing half of a call (no opener anywhere): the orphan closers are markup",
     "Done.\n</parameter>\n</invoke>\n", [], "Done.", tools={"skill": {"name": {"type": "string"}}})
case("qwen3_coder", "https://github.com/QwenLM/qwen-code/issues/10692",
     "the dialect qwen-code's own prompt teaches, after a line of prose",
     "Starting the server.\n<tool_call>\n<function=run_shell_command>\n<parameter=command>\nnode server.js\n</parameter>\n"
     "</function>\n</tool_call>",
     [("run_shell_command", {"command": "node server.js"})], "Starting the server.",
     tools={"run_shell_command": {"command": {"type": "string"}}})
case("minimax_m2", "https://github.com/tinyhumansai/opencompany/pull/2093",
     "an invoke closed while its last parameter is not: the invoke's closer ends the value, every argument the "
     "model wrote is there (the PR rejects the call; what the model meant is the call)",
     '<invoke name="write_file"><parameter name="path">a.txt</parameter><parameter name="content">hello</invoke>',
     [("write_file", {"path": "a.txt", "content": "hello"})],
     tools={"write_file": {"path": {"type": "string"}, "content": {"type": "string"}}})
case("deepseek_dsml", "https://github.com/antirez/ds4/issues/11",
     "DeepSeek V4 at 2 bits: code, then DSML closers with no opener (hallucinated): markup, the code stays",
     'if name == "main":\n    run()\n</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
     [], 'if name == "main":\n    run()', tools={"write": {"path": {"type": "string"}}})
case("gemma_special", "https://github.com/bayesimpact/bayes-platform/pull/731",
     "Gemini: `default_api:NAME{…}` with no angle bracket, glued to a garbled word, an empty list and null",
     "Lie:default_api:mandatory_tool{categoryNames:[],suggestedTitle:null}",
     [("mandatory_tool", {"categoryNames": [], "suggestedTitle": None})],
     tools={"mandatory_tool": {"categoryNames": {"type": "array"}, "suggestedTitle": {"type": "string"}}},
     xfail="`default_api:NAME{…}` glued after a garbled word (`Lie:default_api:…`) is read only at a tag or "
           "line start: watching `default_api:` anywhere holds back every prose word ending in `d` (the "
           "stream's latency and the prose fast path for one garbled case)")

# ---------------------------------------------------------------------------------------------
# DeepSeek V3.2 / V4 DSML: a non-string parameter (string="false") whose value is prose (SGLang).
DS = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_deepseekv32_detector.py"
NOTE = {"write_note": {"payload": {"type": "object"}}}
case("deepseek_dsml", DS, "string=\"false\" over a Cyrillic sentence that is no JSON: the sentence is the value",
     '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_note">\n<｜DSML｜parameter name="payload" string="false">'
     'Здравствуйте, мир! Это тест</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
     [("write_note", {"payload": "Здравствуйте, мир! Это тест"})], tools=NOTE)
case("deepseek_dsml", DS, "the same under V4's tool_calls wrapper",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="write_note">\n<｜DSML｜parameter name="payload" string="false">'
     'Здравствуйте, мир! Это тест</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
     [("write_note", {"payload": "Здравствуйте, мир! Это тест"})], tools=NOTE)
case("deepseek_dsml", DS, "string=\"false\" over a JSON object: the object",
     '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_note">\n<｜DSML｜parameter name="payload" string="false">'
     '{"city": "San Francisco"}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
     [("write_note", {"payload": {"city": "San Francisco"}})], tools=NOTE)

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder 480B behind vLLM: the block left in the content (the report's response).
case("qwen3_coder", "https://github.com/vllm-project/vllm/issues/22975",
     "prose, a blank line, values on their own lines, a regex with an escaped parenthesis, `.` as a path",
     "Let me check if there might be a base.py file that's not showing up. Let me grep for BaseService.\n\n<tool_call>\n"
     "<function=GrepTool>\n<parameter=pattern>\nclass BaseService\\(\n</parameter>\n<parameter=path>\n.\n</parameter>\n"
     "</function>\n</tool_call>",
     [("GrepTool", {"pattern": "class BaseService\\(", "path": "."})],
     "Let me check if there might be a base.py file that's not showing up. Let me grep for BaseService.",
     tools={"GrepTool": {"pattern": {"type": "string"}, "path": {"type": "string"}}})
# GLM-4.5 in llama.cpp: a multi-line value, the stream ending before </tool_call>.
case("glm", "https://github.com/ggml-org/llama.cpp/pull/15186",
     "a multi-line value, then the end of the stream before the block's closer: never runnable",
     "<tool_call>thinking\n<arg_key>content</arg_key>\n<arg_value>bla\nbla\nblaaa</arg_value>", [],
     tools={"thinking": {"content": {"type": "string"}}}, incomplete=[("thinking", {"content": "bla\nbla\nblaaa"})])

# ---------------------------------------------------------------------------------------------
# Kimi K2 as other projects' parsers met it: singular section tokens, ids without `functions.`,
# a JSON call object as the body (tinker-cookbook's renderer, hermes-agent's fallback).
case("kimi_k2", "https://github.com/thinking-machines-lab/tinker-cookbook/pull/248",
     "singular section tokens and an id without the `functions.` prefix",
     '<|tool_call_section_begin|><|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}'
     '<|tool_call_end|><|tool_call_section_end|>', [("get_weather", {"city": "Paris"})],
     tools={"get_weather": {"city": {"type": "string"}}})
case("kimi_k2", "https://github.com/NousResearch/hermes-agent/pull/29735",
     "a JSON call object between the call tokens, no id line",
     '<|tool_calls_section_begin|><|tool_call_begin|>{"name": "web_search", "arguments": {"query": "kimi k2 release"}}'
     '<|tool_call_end|><|tool_calls_section_end|>', [("web_search", {"query": "kimi k2 release"})],
     tools={"web_search": {"query": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Hermes-style fallbacks in hermes-agent: the call after </think> with its opener missing, and
# Qwen3-Coder's body with a stray closer or cut at max_tokens.
case("tool_call_tag", "https://github.com/NousResearch/hermes-agent/pull/742",
     "reasoning closed by </think>, the JSON call right after it, only the closing </tool_call>",
     'I should list the directory first.</think>{"name": "terminal", "arguments": {"command": "ls -la"}}</tool_call>',
     [("terminal", {"command": "ls -la"})], reasoning="I should list the directory first.",
     tools={"terminal": {"command": {"type": "string"}}}, thinking=True)
H83 = "https://github.com/NousResearch/hermes-agent/pull/83023"
case("qwen3_coder", H83, "a one-line prose prefix, a bare function block, a stray </tool_call>",
     "I'll read the config.\n<function=read_file>\n<parameter=path>\nconfig/app.yaml\n</parameter>\n</function>\n</tool_call>",
     [("read_file", {"path": "config/app.yaml"})], "I'll read the config.",
     tools={"read_file": {"path": {"type": "string"}}})
case("qwen3_coder", H83, "a bare function block cut at max_tokens after its parameter: never runnable",
     "<function=read_file>\n<parameter=path>\nsrc/main.py\n</parameter>\n", [],
     tools={"read_file": {"path": {"type": "string"}}}, incomplete=[("read_file", {"path": "src/main.py"})])

# ---------------------------------------------------------------------------------------------
# Step-3.5-Flash on its official API: reasoning in <think>, then the Qwen3-Coder block as text.
case("qwen3_coder", "https://github.com/stepfun-ai/Step-3.5-Flash/issues/7",
     "a written <think> block, then the call with an absolute path",
     "<think>\nThe user wants me to read the readme.md file. I should use the read tool.\n</think>\n<tool_call>\n"
     "<function=read>\n<parameter=filePath>\n/home/al/dev/stepfun-test/readme.md\n</parameter>\n</function>\n</tool_call>",
     [("read", {"filePath": "/home/al/dev/stepfun-test/readme.md"})],
     reasoning="The user wants me to read the readme.md file. I should use the read tool.",
     tools={"read": {"filePath": {"type": "string"}}})
case("qwen3_coder", "https://github.com/waybarrios/vllm-mlx/pull/598",
     "Step 3.7 Flash: values on the tag lines, a metric unit",
     "<tool_call>\n<function=get_weather>\n<parameter=city>Austin</parameter>\n<parameter=units>metric</parameter>\n"
     "</function>\n</tool_call>", [("get_weather", {"city": "Austin", "units": "metric"})],
     tools={"get_weather": {"city": {"type": "string"}, "units": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder under multi-token prediction (rtp-llm's detector tests): text and calls interleaved.
RTP = "https://github.com/alibaba/rtp-llm/blob/main/rtp_llm/test/qwen3_coder_detector_test.py"
SRCH = {"get_weather": {"location": {"type": "string"}, "unit": {"type": "string"}},
        "search": {"query": {"type": "string"}, "limit": {"type": "integer"}}}
case("qwen3_coder", RTP, "two calls with a sentence between them and one after, no newlines around the last",
     "Let me help you with that.\n<tool_call><function=get_weather><parameter=location>\nBerlin\n</parameter></function>"
     "</tool_call>\nBased on the weather, <tool_call><function=search><parameter=query>\nBerlin attractions\n</parameter>"
     "</function></tool_call> you should visit these places.",
     [("get_weather", {"location": "Berlin"}), ("search", {"query": "Berlin attractions"})],
     "Let me help you with that.\nBased on the weather,  you should visit these places.", tools=SRCH)
case("qwen3_coder", RTP, "text glued after the block's closer, an integer-typed value on its own line",
     "<tool_call><function=search><parameter=query>\ntest\n</parameter><parameter=limit>\n5\n</parameter></function>"
     "</tool_call> and here's more text", [("search", {"query": "test", "limit": 5})], "and here's more text", tools=SRCH)
case("qwen3_coder", RTP, "text, whitespace, a call, then more text after a newline",
     "Start \n<tool_call><function=search><parameter=query>\ntest\n</parameter></function></tool_call>\nEnd",
     [("search", {"query": "test"})], "Start \nEnd", tools=SRCH)
case("tool_call_tag", "https://github.com/NVIDIA/TensorRT-LLM/blob/main/tests/unittest/llmapi/apps/"
     "test_qwen3_tool_parser_trailing_content.py",
     "Qwen3's JSON call on its own line, then a sentence after the closer",
     '<tool_call>\n{"name":"get_weather","arguments":{"location":"Paris"}}\n</tool_call> It is sunny.',
     [("get_weather", {"location": "Paris"})], "It is sunny.", tools=SRCH)

# ---------------------------------------------------------------------------------------------
# Negatives and bare JSON from agent harnesses: data with a `name` key is no call; a whole call
# object on its own line after prose is one.
case("bare_json", "https://github.com/ahwurm/localharness/issues/105",
     "a package.json shown in a ```json fence: data, not a call",
     'Here is the manifest:\n```json\n{"name": "my-app", "version": "1.0.0"}\n```',
     [], 'Here is the manifest:\n```json\n{"name": "my-app", "version": "1.0.0"}\n```', tools=["read_file", "run"])
case("bare_json", "https://github.com/ahwurm/localharness/issues/105",
     "a fenced list of records with `name` keys: data",
     '```json\n[{"name": "alice", "age": 30}]\n```', [], '```json\n[{"name": "alice", "age": 30}]\n```',
     tools=["read_file", "run"])
case("bare_json", "https://github.com/itayinbarr/little-coder/issues/96",
     "a flat object with only a `name` key in an answer about code, the name not declared: text",
     'Each entry in the actions array looks like {"name": "myCustomAction"} and nothing else.',
     [], 'Each entry in the actions array looks like {"name": "myCustomAction"} and nothing else.',
     tools=["read_file", "bash"])
WB = "https://github.com/webbrain-one/webbrain/pull/2682"
case("bare_json", WB, "a sentence, then a whole call object with nested arguments on its own line",
     'I will save it now.\n{"name":"click","arguments":{"text":"Save","meta":{"source":"dialog"}}}',
     [("click", {"text": "Save", "meta": {"source": "dialog"}})], "I will save it now.",
     tools={"click": {"text": {"type": "string"}, "meta": {"type": "object"}}})
case("bare_json", WB, "braces inside a quoted argument value",
     '{"name":"click","arguments":{"meta":{"source":"dialog"},"text":"Save {draft}"}}',
     [("click", {"meta": {"source": "dialog"}, "text": "Save {draft}"})],
     tools={"click": {"text": {"type": "string"}, "meta": {"type": "object"}}})
case("bare_json", "https://github.com/continuedev/continue/pull/11094",
     "prose quoting the TOOL_NAME: syntax mid-paragraph stays text",
     "To read it I would write TOOL_NAME: read_file followed by BEGIN_ARG: filepath, but I already have the file.",
     [], "To read it I would write TOOL_NAME: read_file followed by BEGIN_ARG: filepath, but I already have the file.",
     tools={"read_file": {"filepath": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Muse Glimmer (ATEM) in Ollama's parser tests: fumbled headers and names the model wrote.
OG = "https://github.com/ollama/ollama/blob/main/model/parsers/glimmer_test.go"


def _atem(name, params):
    return (f'<atem:function_calls>\n<atem:invoke name="{name}">\n{params}</atem:invoke>\n'
            '</atem:function_calls>')


BASH = {"muse.bash": {"command": {"type": "string"}}}
case("muse", OG, "a <|message|> token fumbled into the invoke name, echoing the header",
     ' to=read<|message|>' + _atem("read<|message|>", '<atem:parameter name="path">go.mod</atem:parameter>\n')
     + "<|eot|>", [("read", {"path": "go.mod"})], tools={"read": {"path": {"type": "string"}}})
case("muse", OG, "a tool addressed through its own derived namespace (`read.read` for `read`)",
     ' to=read<|message|>' + _atem("read.read", '<atem:parameter name="path">go.mod</atem:parameter>\n') + "<|eot|>",
     [("read", {"path": "go.mod"})], tools={"read": {"path": {"type": "string"}}})
case("muse", OG, "the recipient header missing: the ATEM block for a declared tool is the call",
     "<|message|>" + _atem("muse.bash", '<atem:parameter name="command">pwd && ls -la</atem:parameter>\n') + "<|eom|>",
     [("muse.bash", {"command": "pwd && ls -la"})], tools=BASH)
case("muse", OG, "the wrapper element named as the recipient",
     " to=atem:function_calls<|message|>" + _atem("muse.bash", '<atem:parameter name="command">pwd</atem:parameter>\n')
     + "<|eom|>", [("muse.bash", {"command": "pwd"})], tools=BASH)
case("muse", OG, "every value type by the schema, a string's own spaces kept, anyOf null",
     ' to=tools.run<|message|>' + _atem(
         "tools.run", '<atem:parameter name="text"> keep  spaces </atem:parameter>\n<atem:parameter name="count">3'
         '</atem:parameter>\n<atem:parameter name="enabled">true</atem:parameter>\n<atem:parameter name="items">'
         '["one", "two"]</atem:parameter>\n<atem:parameter name="config">{"mode":"fast"}</atem:parameter>\n'
         '<atem:parameter name="choice">null</atem:parameter>\n'),
     [("tools.run", {"text": " keep  spaces ", "count": 3, "enabled": True, "items": ["one", "two"],
                     "config": {"mode": "fast"}, "choice": None})],
     tools={"tools.run": {"text": {"type": "string"}, "count": {"type": "integer"}, "enabled": {"type": "boolean"},
                          "items": {"type": "array"}, "config": {"type": "object"},
                          "choice": {"anyOf": [{"type": "null"}, {"type": "string"}]}}})
case("muse", OG, "a value quoting the turn's control tokens stays whole",
     ' to=echo<|message|>' + _atem("echo", '<atem:parameter name="text">literal <|eot|> and <|start|>assistant '
                                           'to=user<|message|> text</atem:parameter>\n') + "<|eot|>",
     [("echo", {"text": "literal <|eot|> and <|start|>assistant to=user<|message|> text"})],
     tools={"echo": {"text": {"type": "string"}}})
case("muse", OG, "an ATEM block naming an undeclared tool in the answer channel stays content",
     ' to=user<|message|>' + _atem("other.run", "") + "<|eot|>", [], _atem("other.run", ""), tools=BASH)

# ---------------------------------------------------------------------------------------------
# Ling (Bailing) and Kolibri in Ollama's parsers: prompt-opened thinking, GLM's body, a JSON call.
OB = "https://github.com/ollama/ollama/blob/main/model/parsers/bailing_test.go"
case("glm", OB, "prompt-opened thinking, a sentence, a name glued to its first <arg_key>",
     "plan</think>I'll check.\n<tool_call>get_weather<arg_key>location</arg_key>\n<arg_value>Tokyo</arg_value>\n"
     "</tool_call>", [("get_weather", {"location": "Tokyo"})], "I'll check.", "plan",
     tools={"get_weather": {"location": {"type": "string"}}}, thinking=True)
case("glm", OB, "the thinking closed at once: the answer is content",
     "</think>Plain answer", [], "Plain answer", thinking=True)
OK1 = "https://github.com/ollama/ollama/blob/main/model/parsers/kolibri1_test.go"
case("tool_call_tag", OK1, "a written think block with newlines, then the answer",
     "<think>\nCompute.\n</think>\n\n42.", [], "42.", "Compute.")
case("tool_call_tag", OK1, "a compact JSON call in <tool_call>, thinking off",
     '<tool_call>{"name":"weather","arguments":{"city":"Berlin"}}</tool_call>', [("weather", {"city": "Berlin"})],
     tools={"weather": {"city": {"type": "string"}}}, thinking=False)
