"""Real-output cases of hunt (p), 2026-12-07: a held-out harvest of other projects' parser tests (issue 31).

Parser tests and parsers no hunt had used, scored as they were harvested, before any fix: mlx-lm's
tool-parser tests and its GLM 4.7 parser (a `name key=value` body, a name then JSON), vLLM's Spark3
parser, SGLang's Ling 3 and MiMo detectors and its call-index tests, Ollama's Gemma 4 parser tests,
llama.cpp's auto-parser tests (OpenAI-, Cohere- and name-keyed JSON, Seed-OSS), OpenVINO Model
Server's Onyx (harmony-style recipients around ATEM blocks) and Gemma 4 contract tests (nested
values, `call:NAME(...)`, `:NAME{...}`, bare calls after text), lmdeploy's consumed-prefix tests;
negatives included (undeclared names, a quoted example, `call:` inside a word, malformed calls).
Where a source drops an undeclared call's block, the case keeps it as text (nothing the model
wrote vanishes: docs/guarantees.md); one Onyx test about a server flag (tool parsing switched off)
was left out, since `tools=None` here means no list to check names against.
As harvested: 62 of 72 passed, calls right in 66 (91.7 %), markup left in the content of 6 (and
two half-removed Gemma 4 thought-channel markers the leak check does not list).
After the fixes (docs/testing.md): 67 of 72, calls right in 70 (97.2 %), markup left in the
content of 2; the 5 left are strict xfails naming the mechanism or the policy they meet.
"""
from __future__ import annotations

from .cases import CASES, case

_FIRST = len(CASES)

# ---------------------------------------------------------------------------------------------
# mlx-lm's parser tests: each family's body as its parser reads it; written here inside the
# family's wrapper (the parser is handed the text between tool_call_start and tool_call_end).
ML = "https://github.com/ml-explore/mlx-lm/blob/main/tests/test_tool_parsing.py"
MUL = {"multiply": {"a": {"type": "number"}, "b": {"type": "number"}}}
MUL_WANT = [("multiply", {"a": 12234585, "b": 48838483920})]
case("glm", ML, "GLM 4.7: the name, then key=value pairs on the same line",
     "<tool_call>multiply a=12234585 b=48838483920</tool_call>", MUL_WANT, tools=MUL)
case("glm", ML, "GLM 4.7: a JSON call object inside <tool_call>",
     '<tool_call>{"name": "multiply", "arguments": {"a": 12234585, "b": 48838483920}}</tool_call>', MUL_WANT, tools=MUL)
case("glm", ML, "GLM 4.7: a JSON-quoted string value in <arg_value> (the schema says \"str\")",
     '<tool_call>get_current_temperature<arg_key>location</arg_key><arg_value>"London"</arg_value></tool_call>',
     [("get_current_temperature", {"location": "London"})],
     tools={"get_current_temperature": {"location": {"type": "str"}}})
GLM47 = "https://github.com/ml-explore/mlx-lm/blob/main/mlx_lm/tool_parsers/glm47.py"
case("glm", GLM47, "GLM 4.7: the name on its own line, then a JSON arguments object",
     '<tool_call>multiply\n{"a": 12234585, "b": 48838483920}</tool_call>', MUL_WANT, tools=MUL)
case("glm", GLM47, "GLM 4.7: the name, a space, then a JSON arguments object",
     '<tool_call>multiply {"a": 12234585, "b": 48838483920}</tool_call>', MUL_WANT, tools=MUL)
case("glm", GLM47, "GLM 4.7: key=value pairs, a quoted value with a space",
     'Searching.<tool_call>search query="tide times" limit=3</tool_call>',
     [("search", {"query": "tide times", "limit": 3})], "Searching.",
     tools={"search": {"query": {"type": "string"}, "limit": {"type": "integer"}}})
case("gemma_special", ML, "Gemma 4: two calls in one block, no delimiter between them",
     '<|tool_call>call:glob{pattern:<|"|>README*.md<|"|>}call:glob{pattern:<|"|>CONTRIBUTING.md<|"|>}<tool_call|>',
     [("glob", {"pattern": "README*.md"}), ("glob", {"pattern": "CONTRIBUTING.md"})], tools=["glob"])
case("gemma_special", ML, "Gemma 4: a hyphenated tool name",
     '<|tool_call>call:manim-video{mode:<|"|>plan<|"|>,prompt:<|"|>explain KV caching<|"|>}<tool_call|>',
     [("manim-video", {"mode": "plan", "prompt": "explain KV caching"})], tools=["manim-video"])
case("gemma_special", ML, "Gemma 4: braces inside a string value",
     '<|tool_call>call:skill_manage{action:<|"|>create<|"|>,content:<|"|>use a dict like {key: value} in your code'
     '<|"|>}<tool_call|>',
     [("skill_manage", {"action": "create", "content": "use a dict like {key: value} in your code"})],
     tools=["skill_manage"])
case("gemma_special", ML, "Gemma 4: a nested object, then a second call with a number and a boolean",
     '<|tool_call>call:search{query:<|"|>weather<|"|>,limit:5}call:configure{settings:{enabled:true,name:<|"|>test'
     '<|"|>}}<tool_call|>',
     [("search", {"query": "weather", "limit": 5}), ("configure", {"settings": {"enabled": True, "name": "test"}})],
     tools=["search", "configure"])
case("functiongemma", ML, "FunctionGemma: unquoted numbers between <start_function_call> and <end_function_call>",
     "<start_function_call>call:multiply{a:12234585,b:48838483920}<end_function_call>", MUL_WANT, tools=MUL)
case("functiongemma", ML, "FunctionGemma: an <escape>-quoted string",
     "<start_function_call>call:get_current_temperature{location:<escape>London<escape>}<end_function_call>",
     [("get_current_temperature", {"location": "London"})], tools=["get_current_temperature"])
case("qwen3_coder", ML, "Qwen3-Coder: Python-literal dict and list values for object and array parameters",
     "<tool_call><function=search><parameter=filters>{'category': 'books', 'in_stock': True}</parameter>"
     "<parameter=tags>['fiction', 'new']</parameter></function></tool_call>",
     [("search", {"filters": {"category": "books", "in_stock": True}, "tags": ["fiction", "new"]})],
     tools={"search": {"filters": {"type": "object"}, "tags": {"type": "array"}}})
case("qwen3_coder", ML, "Qwen3-Coder: an ISO date and a version string stay strings",
     "<tool_call>\n<function=schedule>\n<parameter=name>\ndeploy\n</parameter>\n<parameter=deadline>\n"
     "2025-06-15T10:30:00Z\n</parameter>\n<parameter=note>\nversion 3.10.5-beta\n</parameter>\n</function>\n</tool_call>",
     [("schedule", {"name": "deploy", "deadline": "2025-06-15T10:30:00Z", "note": "version 3.10.5-beta"})],
     tools={"schedule": {"name": {"type": "string"}, "deadline": {"type": "string"}, "note": {"type": "string"}}})
case("longcat_xml", ML, "LongCat: the first key glued to the name (no newline)",
     "<longcat_tool_call>multiply<longcat_arg_key>a</longcat_arg_key>\n<longcat_arg_value>12234585</longcat_arg_value>\n"
     "<longcat_arg_key>b</longcat_arg_key>\n<longcat_arg_value>48838483920</longcat_arg_value></longcat_tool_call>",
     MUL_WANT, tools=MUL)
case("lfm2", ML, "LFM2: a pythonic call list between <|tool_call_start|> and <|tool_call_end|>",
     "<|tool_call_start|>[multiply(a=12234585, b=48838483920)]<|tool_call_end|>", MUL_WANT, tools=MUL)
case("bracket_tool_calls", ML, "Mistral: [TOOL_CALLS]NAME[ARGS]{json}",
     '[TOOL_CALLS]multiply[ARGS]{"a": 12234585, "b": 48838483920}', MUL_WANT, tools=MUL)
case("minimax_m2", ML, "MiniMax-M2: two invokes in one block",
     '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">weather</parameter>\n</invoke>\n'
     '<invoke name="read_file">\n<parameter name="path">/tmp/test.txt</parameter>\n</invoke>\n</minimax:tool_call>',
     [("search", {"query": "weather"}), ("read_file", {"path": "/tmp/test.txt"})], tools=["search", "read_file"])

# ---------------------------------------------------------------------------------------------
# Spark3 in vLLM: GLM's key/value tags, values typed by the schema ("null" is null), a block
# naming an undeclared tool (vLLM drops it; here it stays text: nothing the model wrote vanishes).
SP = "https://github.com/vllm-project/vllm/blob/main/vllm/tool_parsers/spark3_tool_parser.py"
SPW = {"get_weather": {"city": {"type": "string"}, "days": {"type": "integer"}, "hourly": {"type": "boolean"}}}
case("spark3", SP, "prose, a call with a string and an integer, prose after",
     "Let me look.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>days</arg_key>"
     "<arg_value>3</arg_value></tool_call>",
     [("get_weather", {"city": "Beijing", "days": 3})], "Let me look.", tools=SPW)
case("spark3", SP, "two calls back to back, a boolean value",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>hourly</arg_key>"
     "<arg_value>true</arg_value></tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>Rome</arg_value>"
     "</tool_call>",
     [("get_weather", {"city": "Paris", "hourly": True}), ("get_weather", {"city": "Rome"})], tools=SPW)
case("spark3", SP, "an integer parameter written null",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value><arg_key>days</arg_key>"
     "<arg_value>null</arg_value></tool_call>",
     [("get_weather", {"city": "Oslo", "days": None})], tools=SPW)
case("spark3", SP, "a block naming an undeclared tool stays text",
     "<tool_call>delete_all<arg_key>path</arg_key><arg_value>/</arg_value></tool_call>", [],
     "<tool_call>delete_all<arg_key>path</arg_key><arg_value>/</arg_value></tool_call>", tools=SPW)
case("spark3", SP, "the stream ends inside the block: not runnable, the prose stays",
     "Checking.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Ber", [], "Checking.", tools=SPW,
     incomplete=[("get_weather", {"city": "Ber"})])

# ---------------------------------------------------------------------------------------------
# Ling 3 in SGLang: GLM-4.5's XML, the first key glued to the name or a zero-argument call.
LG = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/ling3_detector.py"
case("glm", LG, "Ling 3: the first <arg_key> glued to the name",
     "<tool_call>get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value></tool_call>",
     [("get_time", {"tz": "UTC"})], tools=["get_time"])
case("glm", LG, "Ling 3: a zero-argument call closed at once, after prose",
     "Let me check the clock.\n<tool_call>now</tool_call>", [("now", {})], "Let me check the clock.", tools=["now"])
case("glm", LG, "Ling 3: a literal \\n (backslash, n) after the name",
     "<tool_call>get_time\\n<arg_key>tz</arg_key><arg_value>CET</arg_value></tool_call>",
     [("get_time", {"tz": "CET"})], tools=["get_time"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 in Ollama's parser: <|"|> strings holding raw quotes and backslashes, null and nested
# values, several thought channels, a doubled closer, a block the stream ends in.
OG = "https://github.com/ollama/ollama/blob/main/model/parsers/gemma4_test.go"
G4 = '<|"|>'
case("gemma_special", OG, "two thought channels, then the answer",
     "<|channel>first thought<channel|><|channel>second thought<channel|>Final answer.", [], "Final answer.",
     "first thoughtsecond thought",
     xfail="policy: `<|channel>` with no channel word is a control token and the text after it the answer's "
           "(tests/test_control_tokens.py: Gemma writes `<|channel>thought`); reading it as thinking needs its "
           "closer `<channel|>` seen first, which would hold the answer back; meanwhile the content keeps the "
           "lone opener")
case("gemma_special", OG, "thinking off: a thought channel written anyway is reasoning, not the answer's tags",
     "<|channel>this is not thinking<channel|>actual content", [], "actual content", "this is not thinking",
     thinking=False, xfail="policy: `<|channel>` with no channel word is a control token and the text after it the answer's "
           "(tests/test_control_tokens.py: Gemma writes `<|channel>thought`); reading it as thinking needs its "
           "closer `<channel|>` seen first, which would hold the answer back")
case("gemma_special", OG, "null values, one nested",
     "<|tool_call>call:set_optional{value:null,nested:{value:null}}<tool_call|>",
     [("set_optional", {"value": None, "nested": {"value": None}})], tools=["set_optional"])
case("gemma_special", OG, "raw double quotes inside a <|\"|> string; a backslash-escaped quote kept as written",
     f'<|tool_call>call:plan{{steps:[{{title:{G4}step "one"{G4},done:false}},{{title:{G4}step \\"two\\"{G4},done:true}}]}}'
     '<tool_call|>',
     [("plan", {"steps": [{"title": 'step "one"', "done": False}, {"title": 'step \\"two\\"', "done": True}]})],
     tools=["plan"])
case("gemma_special", OG, "a JSON-quoted string beside a <|\"|> string",
     f'<|tool_call>call:search{{query:"raw \\"quoted\\"",note:{G4}gemma "quoted"{G4}}}<tool_call|>',
     [("search", {"query": 'raw "quoted"', "note": 'gemma "quoted"'})], tools=["search"])
case("gemma_special", OG, "a Windows path with single backslashes",
     f"<|tool_call>call:open_file{{path:{G4}C:\\users\\bob\\file.txt{G4}}}<tool_call|>",
     [("open_file", {"path": "C:\\users\\bob\\file.txt"})], tools=["open_file"])
case("gemma_special", OG, "\\u2603 and \\/ inside a <|\"|> string stay as written",
     f"<|tool_call>call:note{{s:{G4}snowman:\\u2603 at https:\\/\\/example.com{G4}}}<tool_call|>",
     [("note", {"s": "snowman:\\u2603 at https:\\/\\/example.com"})], tools=["note"])
case("gemma_special", OG, "the closer written twice, then the answer",
     f"<|tool_call>call:get_weather{{location:{G4}Paris{G4}}}<tool_call|><tool_call|>Done.",
     [("get_weather", {"location": "Paris"})], "Done.", tools=["get_weather"])
case("gemma_special", OG, "the stream ends after the call's brace, before <tool_call|>",
     f'<|tool_call>call:search{{query:{G4}say "hello" and "bye"{G4}}}',
     [("search", {"query": 'say "hello" and "bye"'})], tools=["search"])
case("gemma_special", OG, "an edit list over several lines, markdown and quotes in multi-line values",
     f'<|tool_call>call:edit{{edits:[\n  {{newText:{G4}# Guide\n\nUse "nvfp4" only after checking.\n{G4},oldText:{G4}# Guide\n'
     f'\nUse the default.\n{G4}}},\n  {{newText:{G4}## 14. Tried\n{G4},\n   oldText:{G4}## 14.\\n{G4}}}\n]}}<tool_call|>',
     [("edit", {"edits": [{"newText": '# Guide\n\nUse "nvfp4" only after checking.\n', "oldText": "# Guide\n\nUse the default.\n"},
                          {"newText": "## 14. Tried\n", "oldText": "## 14.\\n"}]})], tools=["edit"])

# ---------------------------------------------------------------------------------------------
# llama.cpp's auto-parser tests: JSON call objects keyed three ways (OpenAI's nested "function" with
# an id, Cohere's integer tool_call_id, the name as the key), Seed-OSS parameters holding quotes.
AP = "https://github.com/ggml-org/llama.cpp/blob/master/tests/test-chat-auto-parser.cpp"
WX = {"get_current_weather": {"location": {"type": "string"}, "unit": {"type": "string"}}}
case("tool_call_tag", AP, "prose, then an OpenAI-style object (an id, the call under \"function\") in <tool_call>",
     'Let me check the weather.<tool_call>{"id": "call_abc123", "function": {"name": "get_current_weather", '
     '"arguments": {"location": "NYC"}}}</tool_call>',
     [("get_current_weather", {"location": "NYC"})], "Let me check the weather.", tools=WX)
case("command_r", AP, "Cohere's action list with an integer tool_call_id, prose before",
     'Let me search for that.<|START_ACTION|>[{"tool_call_id": 0, "tool_name": "get_current_weather", "parameters": '
     '{"location": "NYC", "unit": "celsius"}}]<|END_ACTION|>',
     [("get_current_weather", {"location": "NYC", "unit": "celsius"})], "Let me search for that.", tools=WX)
case("tools_tag", AP, "the name as the key, its id and \"args\" inside, in a <tool_calls> list",
     'I\'ll call the weather function.<tool_calls>[{"get_current_weather": {"id": "call-0001", "args": '
     '{"location": "NYC", "unit": "celsius"}}}]</tool_calls>',
     [("get_current_weather", {"location": "NYC", "unit": "celsius"})], "I'll call the weather function.", tools=WX)
case("seed_oss", AP, "Seed-OSS: parameter values holding double quotes and code",
     '<seed:tool_call>\n<function=edit>\n<parameter=filename>\nfoo.cpp\n</parameter>\n<parameter=oldString>\n'
     'def foo(arg = "14"):\n    return arg + "bar"\n</parameter>\n<parameter=newString>\ndef foo(arg = "15"):\n    pass\n'
     '</parameter>\n</function>\n</seed:tool_call>',
     [("edit", {"filename": "foo.cpp", "oldString": 'def foo(arg = "14"):\n    return arg + "bar"',
                "newString": 'def foo(arg = "15"):\n    pass'})],
     tools={"edit": {"filename": {"type": "string"}, "oldString": {"type": "string"}, "newString": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Onyx in OpenVINO Model Server's parser tests: harmony-style recipients (` to=user`, ` to=self`,
# ` to=NAME`) around Muse's ATEM blocks, no recipient at all, a literal "to=" in an answer.
ON = "https://github.com/openvinotoolkit/model_server/blob/main/src/test/llm/output_parsers/onyx_output_parser_test.cpp"


def atem(name, params):
    body = "".join(f'<atem:parameter name="{k}">{v}</atem:parameter>\n' for k, v in params)
    return f'<atem:function_calls>\n<atem:invoke name="{name}">\n{body}</atem:invoke>\n</atem:function_calls>'


ONW = {"get_weather": {"location": {"type": "string"}, "unit": {"type": "string"}}, "get_current_location": {},
       "string_int_tool": {"arg1": {"type": "string"}, "arg2": {"type": "integer"}}, "string_tool": {"arg1": {"type": "string"}}}
case("muse", ON, "the answer to the user, ended by <|eot|>",
     " to=user<|message|>It's 65F in SF.<|eot|>", [], "It's 65F in SF.", tools=ONW)
case("muse", ON, "the answer with no recipient: <|message|> first",
     "<|message|>It's 65F in SF.<|eot|>", [], "It's 65F in SF.", tools=ONW,
     xfail="policy: a lone <|message|> is the prose's while nothing says the turn is Muse's (harmony's token too: "
           "tests/test_control_tokens.py); pre-seeded or detected Muse reads it as the answer's header "
           "(tests/formats/test_muse_bare_message.py), but the auto-detected run keeps it")
case("muse", ON, "a literal to= inside the answer stays",
     " to=user<|message|>Send email to=admin for help.<|eot|>", [], "Send email to=admin for help.", tools=ONW)
case("muse", ON, "private reasoning only (to=self)",
     " to=self<|message|>Let me think about this.<|eom|>", [], "", "Let me think about this.", tools=ONW)
case("muse", ON, "reasoning, a zero-argument call ended by <|eot|>",
     " to=self<|message|>Let me check the location first.<|eom|> to=get_current_location<|message|>"
     + atem("get_current_location", []) + "<|eot|>",
     [("get_current_location", {})], reasoning="Let me check the location first.", tools=ONW)
case("muse", ON, "reasoning, a call, then the answer in a new assistant message",
     " to=self<|message|>I need the weather first.<|eom|> to=get_weather<|message|>" + atem("get_weather", [("location", "Paris")])
     + "<|eom|><|start|>assistant to=user<|message|>I will provide result when I have tool call result.<|eot|>",
     [("get_weather", {"location": "Paris"})], "I will provide result when I have tool call result.",
     "I need the weather first.", tools=ONW)
case("muse", ON, "an integer typed by the schema, a literal backslash-n kept in a string",
     " to=string_int_tool<|message|>" + atem("string_int_tool", [("arg1", "\\nANOTHER_STRING_VALUE"), ("arg2", "3141522")])
     + "<|eom|>",
     [("string_int_tool", {"arg1": "\\nANOTHER_STRING_VALUE", "arg2": 3141522})], tools=ONW)
PYCODE = ('\nif __name__ == "__main__":\n    addresses = {}\n    addresses["Hodor"] = """The door"""\n'
          "    for name, address in addresses.items():\n        print(f'\\n\\t{name} lives at {address}\\n\\r')")
case("muse", ON, "Python code with triple quotes and escapes as a string value",
     " to=string_tool<|message|>" + atem("string_tool", [("arg1", PYCODE)]) + "<|eom|>",
     [("string_tool", {"arg1": PYCODE})], tools=ONW)


# ---------------------------------------------------------------------------------------------
# Gemma 4 in OpenVINO Model Server's contract tests: nested arrays of objects, a parenthesized
# argument list or a `:NAME` opener inside the markers, a bare call after text, and negatives
# (an undeclared name, a quoted example, `call:` inside a word, a malformed call).
G2 = "https://github.com/openvinotoolkit/model_server/blob/main/src/test/llm/output_parsers/gemma4_v2_contract_test.cpp"
QARGS = (f"questions:[{{question:{G4}Pick one?{G4},header:{G4}Test{G4},options:[{{label:{G4}A{G4},description:{G4}Alpha{G4}}},"
         f"{{label:{G4}B{G4},description:{G4}Beta{G4}}}],multiple:false,custom:true}}]")
QWANT = {"questions": [{"question": "Pick one?", "header": "Test", "options": [{"label": "A", "description": "Alpha"},
                                                                          {"label": "B", "description": "Beta"}],
                        "multiple": False, "custom": True}]}
case("gemma_special", G2, "an array of objects holding arrays of objects",
     f"<|tool_call>call:question{{{QARGS}}}<tool_call|>", [("question", QWANT)], tools=["question"])
case("gemma_special", G2, "nested scalars: a float, null and a mixed list",
     f"<|tool_call>call:question{{questions:[],meta:{{count:2,score:22.8,missing:null,flags:[true,false,null,3]}}}}<tool_call|>",
     [("question", {"questions": [], "meta": {"count": 2, "score": 22.8, "missing": None, "flags": [True, False, None, 3]}})],
     tools=["question"])
case("gemma_special", G2, "the arguments in parentheses instead of braces, inside the markers",
     f"<|tool_call>call:question({QARGS})<tool_call|>", [("question", QWANT)], tools=["question"])
case("gemma_special", G2, "`:NAME` (no `call`) inside the markers",
     f"<|tool_call>:question{{{QARGS}}}<tool_call|>", [("question", QWANT)], tools=["question"])
case("gemma_special", G2, "the call right after the thought channel's closer, no opener, the closer after",
     f"<|channel>thought\nNeed user input<channel|>call:question{{{QARGS}}}<tool_call|>", [("question", QWANT)],
     reasoning="Need user input", tools=["question"])
case("gemma_special", G2, "a bare call on the line after text, ended by the closer",
     f"I need the user to choose.\ncall:question{{{QARGS}}}<tool_call|>", [("question", QWANT)],
     "I need the user to choose.", tools=["question"])
case("gemma_special", G2, "a bare call indented on the last line, no closer",
     f"prefix\n  call:question{{{QARGS}}}", [("question", QWANT)], "prefix", tools=["question"],
     xfail="a bare `call:NAME{…}` indented on its line is not read as a bare call (only one at the line's start is); "
           "a rule must tell two blanks from four, a Markdown code block, which quotes it")
case("gemma_special", G2, "a bare call to an undeclared tool stays text",
     "prefix\ncall:not_in_request{x:1}", [], "prefix\ncall:not_in_request{x:1}", tools=["question"])
case("gemma_special", G2, "a bare call quoted as an example stays text",
     'Example: "call:question{questions:[]}"', [], 'Example: "call:question{questions:[]}"', tools=["question"])
case("gemma_special", G2, "`call:` inside a word is no call",
     "recall:question{questions:[]}", [], "recall:question{questions:[]}", tools=["question"])
case("gemma_special", G2, "a malformed bare call (brackets unbalanced) is no call",
     "prefix\ncall:question{questions:[1,2}", [], "prefix\ncall:question{questions:[1,2}", tools=["question"])
case("gemma_special", G2, "a marked call to an undeclared tool stays text",
     "<|tool_call>call:not_in_request{x:1}<tool_call|>", [], "<|tool_call>call:not_in_request{x:1}<tool_call|>",
     tools=["question"])
case("gemma_special", G2, "a malformed call is bounded by its closer and the valid call after it runs",
     f"<|tool_call>call:question{{questions:[{{question:{G4}broken{G4}}}<tool_call|><|tool_call>call:question{{questions:[]}}"
     "<tool_call|>", [("question", {"questions": []})],
     f"<|tool_call>call:question{{questions:[{{question:{G4}broken{G4}}}<tool_call|>", tools=["question"],
     incomplete=[("question", {"questions": [{"question": "broken"}]})])

# ---------------------------------------------------------------------------------------------
# lmdeploy's consumed-prefix tests: a JSON call whose arguments come before its name, protocol
# markers inside argument strings, raw whitespace kept in tag values, an undeclared call's
# sibling (lmdeploy drops the undeclared block; here it stays text).
LM = "https://github.com/InternLM/lmdeploy/blob/main/tests/test_lmdeploy/serve/parsers/test_tool_parser_consumed_prefix.py"
case("tool_call_tag", LM, "\"arguments\" before \"name\", text after the block",
     '<tool_call>{"arguments":{"city":"Beijing"},"name":"get_weather"}</tool_call>after',
     [("get_weather", {"city": "Beijing"})], "after", tools=["get_weather"])
case("tool_call_tag", LM, "an undeclared call, then a declared one: the declared one runs",
     '<tool_call>{"arguments":{"secret":1},"name":"missing"}</tool_call><tool_call>{"name":"allowed","arguments":{"ok":1}}'
     '</tool_call>', [("allowed", {"ok": 1})], '<tool_call>{"arguments":{"secret":1},"name":"missing"}</tool_call>',
     tools=["allowed"])
case("tool_call_tag", LM, "the block's closer written inside an argument string",
     '<tool_call>{"name":"f","arguments":{"text":"inside </tool_call> marker"}}</tool_call>tail',
     [("f", {"text": "inside </tool_call> marker"})], "tail", tools=["f"])
case("kimi_k2", LM, "the section closer written inside an argument string",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>'
     '{"text":"inside <|tool_calls_section_end|> marker","n":1}<|tool_call_end|><|tool_calls_section_end|>tail',
     [("f", {"text": "inside <|tool_calls_section_end|> marker", "n": 1})], "tail", tools=["f"])
case("glm", LM, "spaces around a string value are the value's",
     "<tool_call>f<arg_key>a</arg_key><arg_value>  one  </arg_value></tool_call>tail",
     [("f", {"a": "  one  "})], "tail", tools={"f": {"a": {"type": "string"}}})
case("qwen3_coder", LM, "only the newline after the tag and the one before the closer are layout",
     "<tool_call><function=f><parameter=a>\n one \n\n</parameter></function></tool_call>tail",
     [("f", {"a": " one \n"})], "tail", tools={"f": {"a": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# MiMo in SGLang: Qwen3-Coder's tags, values HTML-unescaped and typed by the schema, an
# undeclared name given back as text; SGLang's JSON calls with "parameters" and three calls.
MI = "https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/function_call/mimo_detector.py"
MIW = {"execute_bash": {"command": {"type": "string"}, "timeout": {"type": "integer"}, "background": {"type": "boolean"}}}
case("qwen3_coder", MI, "the docstring's call: a shell command with no newlines around it",
     "<tool_call>\n<function=execute_bash>\n<parameter=command>pwd && ls</parameter>\n</function>\n</tool_call>",
     [("execute_bash", {"command": "pwd && ls"})], tools=MIW)
case("qwen3_coder", MI, "HTML entities in a value are unescaped; an integer and a boolean typed by the schema",
     "Running it.\n<tool_call>\n<function=execute_bash>\n<parameter=command>grep -c &quot;a &amp; b&quot; log.txt"
     "</parameter>\n<parameter=timeout>30</parameter>\n<parameter=background>false</parameter>\n</function>\n</tool_call>",
     [("execute_bash", {"command": 'grep -c "a & b" log.txt', "timeout": 30, "background": False})], "Running it.",
     tools=MIW, xfail="HTML entities in a Qwen3-Coder parameter value are kept as written (MiMo's parser unescapes "
                      "them; a rule must tell an escaped value from code that means `&amp;`)")
case("qwen3_coder", MI, "a block naming an undeclared function stays text",
     "<tool_call>\n<function=rm_rf>\n<parameter=path>/</parameter>\n</function>\n</tool_call>", [],
     "<tool_call>\n<function=rm_rf>\n<parameter=path>/</parameter>\n</function>\n</tool_call>", tools=MIW)
PB = "https://github.com/sgl-project/sglang/blob/main/test/registered/function_call/test_parse_base_json_index.py"
case("tool_call_tag", PB, "\"parameters\" instead of \"arguments\"",
     '<tool_call>\n{"name": "add", "parameters": {"x": 7}}\n</tool_call>', [("add", {"x": 7})],
     tools=["add", "multiply", "subtract"])
case("tool_call_tag", PB, "three calls in the order the model chose, not the tools' order",
     '<tool_call>\n{"name": "subtract", "arguments": {"x": 10}}\n</tool_call>\n<tool_call>\n{"name": "add", "arguments": '
     '{"x": 3}}\n</tool_call>\n<tool_call>\n{"name": "multiply", "arguments": {"x": 7}}\n</tool_call>',
     [("subtract", {"x": 10}), ("add", {"x": 3}), ("multiply", {"x": 7})], tools=["add", "multiply", "subtract"])


MINE = CASES[_FIRST:]       # this hunt's cases (scored apart: docs/testing.md)
