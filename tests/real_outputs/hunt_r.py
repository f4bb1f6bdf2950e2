"""Real-output cases of hunt (r), 2026-12-08: a held-out harvest of other projects' parser tests (issue 31).

Parser tests no hunt had used, scored as they were harvested, before any fix: vLLM's Solar Open 2,
Step 3.5, GigaChat 3.5, HY v4, Nemotron 3 and GLM-4.7 reasoning tests, its GLM-4.7 and MiniMax-M2
"sanitized" tool-parser tests, Ollama's Olmo 3 and DeepSeek V3.1 parser tests; negatives included.
As harvested: 62 of 64 passed, calls right in 62 (96.9 %), no markup left in any content.
After the fix (docs/testing.md): 63 of 64, calls right in 63 (98.4 %), no leak; the one left is a
strict xfail naming the policy it meets (a call that ends thinking, then an answer).  17 cases
harvested after the fix as a check (Ollama's Qwen3.5 and GLM-4.7 parser tests) passed 17 as harvested.
Where a source drops text (an undeclared call, a malformed sibling), the case keeps it as text
(nothing the model wrote vanishes: docs/guarantees.md); where a source trims layout whitespace
around prose, the case follows callsieve's layout rules (docs/syntax.md), never the words; where a
source rewrites what the model wrote (vLLM's MiniMax-M2 "sanitized" parser closes a space inside a
path), the case keeps the call as the model wrote it; where a source drops a whole call whose
block the stream cut (Ollama's Olmo 3), the call runs, as a whole call does in every family.
"""
from __future__ import annotations

from .cases import CASES, case

_FIRST = len(CASES)

# ---------------------------------------------------------------------------------------------
# Solar Open 2 in vLLM's reasoning tests: the prompt opens thinking (`<|think:start|>`), the model
# closes it with `<|think:end|>`; a whole `<|tool_call:start|>` block written inside thinking is a
# call (vLLM promotes it), a block the model never closed, or only mentions, stays a thought.
SO2 = "https://github.com/vllm-project/vllm/blob/main/tests/reasoning/test_solar_open2_reasoning_parser.py"
SO2W = {"get_weather": {"city": {"type": "string"}}, "get_time": {"tz": {"type": "string"}}, "refresh": {},
        "search": {"q": {"type": "string"}}, "write_file": {"city": {"type": "string"}}, "foo": {"a": {}}}
TB = "<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>"
TB2 = "<|tool_call:start|>get_time\n<|tool_arg:start|>tz<|tool_arg:value|>KST<|tool_arg:end|>\n<|tool_call:end|>"
SEOUL = ("get_weather", {"city": "Seoul"})
KST = ("get_time", {"tz": "KST"})
case("solar_open", SO2, "Solar Open 2: thinking opened by the prompt, closed by <|think:end|>, then the answer",
     "I need to analyze<|think:end|>The answer is 42", [], "The answer is 42", "I need to analyze", thinking=True)
case("solar_open", SO2, "Solar Open 2: the stream ends inside thinking",
     "Still thinking...", [], "", "Still thinking...", thinking=True)
case("solar_open", SO2, "Solar Open 2: <|think:end|> first: no reasoning, the answer",
     "<|think:end|>Direct answer", [], "Direct answer", thinking=True)
case("solar_open", SO2, "Solar Open 2: several lines of reasoning",
     "Step 1: analyze\nStep 2: solve\n<|think:end|>Final answer", [], "Final answer", "Step 1: analyze\nStep 2: solve",
     thinking=True)
case("solar_open", SO2, "Solar Open 2: a whole call block ends thinking, the turn writes no answer: it runs",
     f"I should check the weather.\n{TB}\n<|think:end|>", [SEOUL], reasoning="I should check the weather.",
     tools=SO2W, thinking=True)
case("solar_open", SO2, "Solar Open 2: a call inside thinking, then an answer after <|think:end|>",
     f"Need the weather.\n{TB}\n<|think:end|>Checking now.", [SEOUL], "Checking now.", "Need the weather.",
     tools=SO2W, thinking=True,
     xfail="policy (issue 31): a call that ends thinking runs only in a turn that then writes no answer; here the answer follows, so the call stays a thought (vLLM promotes it)")
case("solar_open", SO2, "Solar Open 2: a call written after <|think:end|>",
     f"plan calls<|think:end|>{TB2}", [KST], reasoning="plan calls", tools=SO2W, thinking=True)
case("solar_open", SO2, "Solar Open 2: a call with no arguments, then the answer",
     "<|think:end|><|tool_call:start|>refresh\n<|tool_call:end|>", [("refresh", {})], tools=SO2W, thinking=True)
case("solar_open", SO2, "Solar Open 2: a sentinel mentioned in thinking is a thought, not a call",
     "Should I emit <|tool_call:start|> here? No.\n<|think:end|>Answer", [], "Answer",
     "Should I emit <|tool_call:start|> here? No.", tools=SO2W, thinking=True)
case("solar_open", SO2, "Solar Open 2: two calls back to back after thinking",
     f"<|think:end|>{TB}\n{TB2}", [SEOUL, KST], tools=SO2W, thinking=True)
case("solar_open", SO2, "Solar Open 2: a value quoting the sentinels' shared prefix",
     "<|think:end|><|tool_call:start|>search\n<|tool_arg:start|>q<|tool_arg:value|>what does <|tool_call: mean"
     "<|tool_arg:end|>\n<|tool_call:end|>", [("search", {"q": "what does <|tool_call: mean"})], tools=SO2W,
     thinking=True)
case("solar_open", SO2, "Solar Open 2: the value's <|tool_arg:end|> dropped: the call's closer ends it",
     "<|think:end|><|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul\n<|tool_call:end|>",
     [SEOUL], tools=SO2W, thinking=True)
case("solar_open", SO2, "Solar Open 2: a call left open by the stream's end is not runnable",
     "<|think:end|>planning\n<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seo",
     [], "planning", tools=SO2W, thinking=True, incomplete=[("get_weather", {"city": "Seo"})])
case("solar_open", SO2, "Solar Open 2: a body with no argument group is a call with no arguments",
     "<|think:end|><|tool_call:start|>refresh\nnote<|tool_call:end|>", [("refresh", {})], tools=SO2W, thinking=True)

# ---------------------------------------------------------------------------------------------
# Step 3.5 Flash in vLLM: <think> … </think>, the prompt may open thinking; only the newline right
# after </think> goes (one of a run stays), and prose written before <think> stays the answer's.
S35 = "https://github.com/vllm-project/vllm/blob/main/tests/reasoning/test_step3p5_reasoning_parser.py"
case("step3", S35, "Step 3.5: thinking opened by the prompt, then the answer",
     "This is a reasoning section</think>This is the rest", [], "This is the rest", "This is a reasoning section",
     thinking=True)
case("step3", S35, "Step 3.5: <think> written, lines on both sides of </think>",
     "<think>This\nThat</think>This is the rest\nThat", [], "This is the rest\nThat", "This\nThat")
case("step3", S35, "Step 3.5: the stream ends inside thinking",
     "<think>This is a reasoning section", [], "", "This is a reasoning section")
case("step3", S35, "Step 3.5: prose before <think> stays the answer's",
     "Intro<think>reasoning</think>Answer", [], "IntroAnswer", "reasoning")
case("step3", S35, "Step 3.5: a newline before </think> and one after it are layout",
     "<think>reasoning\n</think>\nAnswer", [], "Answer", "reasoning")
case("step3", S35, "Step 3.5: prose before <think>, the stream ends inside thinking",
     "before<think>still thinking\n", [], "before", "still thinking")
case("step3", S35, "Step 3.5: the empty answer after thinking, prose before it",
     "Intro<think>reasoning</think>\n", [], "Intro", "reasoning")

# ---------------------------------------------------------------------------------------------
# MiniMax-M2 in vLLM's "sanitized" parser: the namespaced block `<minimax:tool_call>`; vLLM closes
# the space a model put in a path, callsieve runs the call as written (a call runs only as the
# model wrote it).
MS = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_minimax_m2_sanitized_tool_parser.py"
case("minimax_m2", MS, "MiniMax-M2: one invoke, a path with a space, as written",
     '<minimax:tool_call><invoke name="read_file"><parameter name="path">scripts/monkey_character. gd</parameter>'
     "</invoke></minimax:tool_call>", [("read_file", {"path": "scripts/monkey_character. gd"})], tools=["read_file"])
case("minimax_m2", MS, "MiniMax-M2: a line of prose, then the block",
     "Reading scripts/monkey_character. gd\n"
     '<minimax:tool_call><invoke name="read_file"><parameter name="path">scripts/monkey_character. gd</parameter>'
     "</invoke></minimax:tool_call>", [("read_file", {"path": "scripts/monkey_character. gd"})],
     "Reading scripts/monkey_character. gd", tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# GigaChat 3.5 Reasoning in vLLM: the template opens <think>; GCML calls after </think>.
GR = "https://github.com/vllm-project/vllm/blob/main/tests/reasoning/test_gigachat35_reasoning_parser.py"
GCM = "｜GCML｜"
case("deepseek_dsml", GR, "GigaChat 3.5: thinking opened by the prompt, a blank line, the answer",
     "The user asks 2+2. Simple arithmetic.</think>\n\nThe answer is 4.", [], "The answer is 4.",
     "The user asks 2+2. Simple arithmetic.", thinking=True)
case("deepseek_dsml", GR, "GigaChat 3.5: the stream ends inside thinking",
     "The user asks 2+2. Simple arithmetic", [], "", "The user asks 2+2. Simple arithmetic", thinking=True)
case("deepseek_dsml", GR, "GigaChat 3.5: thinking, then a GCML call with a Cyrillic value",
     f"Need the weather tool.</think>\n\n<{GCM}tool_calls>\n<{GCM}invoke name=\"get_weather\">\n"
     f"<{GCM}parameter name=\"city\" string=\"true\">Москва</{GCM}parameter>\n</{GCM}invoke>\n</{GCM}tool_calls>",
     [("get_weather", {"city": "Москва"})], reasoning="Need the weather tool.", tools=["get_weather"], thinking=True)
case("deepseek_dsml", GR, "GigaChat 3.5, reasoning off: the answer as written",
     "The answer is 4.", [], "The answer is 4.", thinking=False)

# ---------------------------------------------------------------------------------------------
# Hunyuan (HY) v4 in vLLM: <think> and its text may arrive in one delta with what follows.
H4 = "https://github.com/vllm-project/vllm/blob/main/tests/reasoning/test_hy_v4_reasoning_parser.py"
case("hunyuan_v3", H4, "HY v4: <think>, the reasoning, </think>, the answer in one piece",
     "<think>abc</think>def", [], "def", "abc", thinking=True)
case("hunyuan_v3", H4, "HY v4: the <think> token's text skipped by detokenization",
     "abc</think>def", [], "def", "abc", thinking=True)

# ---------------------------------------------------------------------------------------------
# Nemotron 3 in vLLM (DeepSeek R1's reasoning; thinking may be turned off).
NV3 = "https://github.com/vllm-project/vllm/blob/main/tests/reasoning/test_nemotron_v3_reasoning_parser.py"
case("tool_calls_array", NV3, "Nemotron 3: no <think> written, the prompt opened it",
     "This is a reasoning section</think>This is the rest", [], "This is the rest", "This is a reasoning section",
     thinking=True)
case("tool_calls_array", NV3, "Nemotron 3: <think> written",
     "<think>This is a reasoning section</think>This is the rest", [], "This is the rest",
     "This is a reasoning section")
case("tool_calls_array", NV3, "Nemotron 3, thinking off: plain content",
     "This is plain content", [], "This is plain content", thinking=False)
case("tool_calls_array", NV3, "Nemotron 3: the stream ends inside thinking",
     "<think>4", [], "", "4")

# ---------------------------------------------------------------------------------------------
# GLM-4.7 in vLLM: the template opens <think>; calls are a name, then <arg_key>/<arg_value> pairs
# in <tool_call>, the name glued to the first pair or on its own line.
G47R = "https://github.com/vllm-project/vllm/blob/main/tests/reasoning/test_glm47_reasoning_parser.py"
G47 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_glm47_moe_tool_parser.py"
G47W = {"get_current_date": {}, "get_weather": {"city": {"type": "string"}, "date": {"type": "string"}}}
case("glm", G47R, "GLM-4.7: thinking opened by the prompt, reasoning only",
     "This is a reasoning section</think>", [], "", "This is a reasoning section", thinking=True)
case("glm", G47R, "GLM-4.7: </think> first: no reasoning",
     "</think>This is the rest", [], "This is the rest", thinking=True)
case("glm", G47R, "GLM-4.7: <think> written anyway, several lines",
     "<think>This\nThat</think>This is the rest\nThat", [], "This is the rest\nThat", "This\nThat", thinking=True)
case("glm", G47, "GLM-4.7: plain prose, no call", "This is a plain response.", [], "This is a plain response.",
     tools=G47W)
case("glm", G47, "GLM-4.7: a zero-argument call on one line", "<tool_call>get_current_date</tool_call>",
     [("get_current_date", {})], tools=G47W)
case("glm", G47, "GLM-4.7: the name glued to its first key/value pair",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>",
     [("get_weather", {"city": "Beijing"})], tools=G47W)
case("glm", G47, "GLM-4.7: the name and each tag on lines of their own",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>",
     [("get_weather", {"city": "Beijing"})], tools=G47W)
case("glm", G47, "GLM-4.7: prose glued before a call", "Checking.<tool_call>get_current_date</tool_call>",
     [("get_current_date", {})], "Checking.", tools=G47W)
case("glm", G47, "GLM-4.7: two calls glued together",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>"
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Shanghai</arg_value></tool_call>",
     [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Shanghai"})], tools=G47W)
case("glm", G47, "GLM-4.7: blank lines and spaces before the call are layout",
     "  \n  <tool_call>get_current_date</tool_call>", [("get_current_date", {})], tools=G47W)
case("glm", G47, "GLM-4.7: a name that is only a declared name's prefix is no call",
     "<tool_call>get<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>", [],
     given=True, tools=G47W)

# ---------------------------------------------------------------------------------------------
# Olmo 3 in Ollama's parser tests: pythonic calls in <function_calls>, one a line; values in
# Python's or JSON's spelling.
OL = "https://github.com/ollama/ollama/blob/main/model/parsers/olmo3_test.go"
OLW = {"get_weather": {"location": {"type": "string"}}, "book_flight": {}, "set_temperature": {}, "set_price": {},
       "toggle_setting": {}, "clear_value": {}, "process_items": {}, "update_config": {}, "get_current_time": {},
       "search": {"query": {"type": "string"}}, "create_user": {}, "get_time": {}, "test": {}}
case("pythonic", OL, "Olmo 3: plain prose", "Hello, how can I help you?", [], "Hello, how can I help you?", tools=OLW)
case("pythonic", OL, "Olmo 3: one call in <function_calls>",
     '<function_calls>get_weather(location="San Francisco")</function_calls>',
     [("get_weather", {"location": "San Francisco"})], tools=OLW)
case("pythonic", OL, "Olmo 3: prose glued before the block",
     'Let me check the weather.<function_calls>get_weather(location="NYC")</function_calls>',
     [("get_weather", {"location": "NYC"})], "Let me check the weather.", tools=OLW)
case("pythonic", OL, "Olmo 3: three keyword arguments",
     '<function_calls>book_flight(from="SFO", to="NYC", date="2024-01-15")</function_calls>',
     [("book_flight", {"from": "SFO", "to": "NYC", "date": "2024-01-15"})], tools=OLW)
case("pythonic", OL, "Olmo 3: two calls on two lines",
     '<function_calls>get_weather(location="San Francisco")\nget_weather(location="New York")</function_calls>',
     [("get_weather", {"location": "San Francisco"}), ("get_weather", {"location": "New York"})], tools=OLW)
case("pythonic", OL, "Olmo 3: an integer, a float, a boolean and null, each in its own block",
     "<function_calls>set_temperature(value=72)</function_calls><function_calls>set_price(amount=19.99)"
     "</function_calls><function_calls>toggle_setting(enabled=true)</function_calls>"
     "<function_calls>clear_value(field=null)</function_calls>",
     [("set_temperature", {"value": 72}), ("set_price", {"amount": 19.99}), ("toggle_setting", {"enabled": True}),
      ("clear_value", {"field": None})], tools=OLW)
case("pythonic", OL, "Olmo 3: a list and a nested JSON object as values",
     '<function_calls>process_items(items=["apple", "banana", "cherry"])</function_calls>'
     '<function_calls>update_config(settings={"theme": "dark", "fontSize": 14})</function_calls>',
     [("process_items", {"items": ["apple", "banana", "cherry"]}),
      ("update_config", {"settings": {"theme": "dark", "fontSize": 14}})], tools=OLW)
case("pythonic", OL, "Olmo 3: a call with no arguments", "<function_calls>get_current_time()</function_calls>",
     [("get_current_time", {})], tools=OLW)
case("pythonic", OL, "Olmo 3: single quotes, then escaped double quotes",
     "<function_calls>search(query='hello world')\nsearch(query=\"say \\\"hello\\\"\")</function_calls>",
     [("search", {"query": "hello world"}), ("search", {"query": 'say "hello"'})], tools=OLW)
case("pythonic", OL, "Olmo 3: the stream ends before </function_calls>, after a whole call: it runs (Ollama drops it)",
     '<function_calls>get_weather(location="San Francisco")', [("get_weather", {"location": "San Francisco"})],
     tools=OLW)
case("pythonic", OL, "Olmo 3: a block that holds no call is text",
     "<function_calls>not a function call</function_calls>", [], given=True, tools=OLW)

# ---------------------------------------------------------------------------------------------
# DeepSeek V3.1 in Ollama's parser tests: `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}`, thinking
# opened by the prompt when it is on.
DK = "https://github.com/ollama/ollama/blob/main/model/parsers/deepseek3_test.go"
CB, CE, SP = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>", "<｜tool▁call▁end｜><｜tool▁calls▁end｜>", "<｜tool▁sep｜>"
DKW = {"get_weather": {"location": {"type": "string"}}, "process_data": {}, "search": {}, "execute_command": {},
       "ping": {}, "calc": {}}
case("deepseek_v31", DK, "DeepSeek V3.1: thinking on, the prompt opened it",
     "Let me think:\n- Point 1\n- Point 2</think>\n\nHere's my answer.", [], "Here's my answer.",
     "Let me think:\n- Point 1\n- Point 2", thinking=True)
case("deepseek_v31", DK, "DeepSeek V3.1: prose glued before a call",
     f"I'll check the weather.{CB}get_weather{SP}{{\"location\":\"Paris\"}}{CE}",
     [("get_weather", {"location": "Paris"})], "I'll check the weather.", tools=DKW)
case("deepseek_v31", DK, "DeepSeek V3.1: two calls in one section",
     f"Getting weather for both cities.{CB}get_weather{SP}{{\"location\":\"Paris\"}}<｜tool▁call▁end｜>"
     f"<｜tool▁call▁begin｜>get_weather{SP}{{\"location\":\"London\"}}{CE}",
     [("get_weather", {"location": "Paris"}), ("get_weather", {"location": "London"})],
     "Getting weather for both cities.", tools=DKW)
case("deepseek_v31", DK, "DeepSeek V3.1: a list and a nested object",
     f"Processing data.{CB}process_data{SP}{{\"items\":[\"item1\",\"item2\"],\"config\":{{\"enabled\":true,"
     f"\"threshold\":0.95}}}}{CE}",
     [("process_data", {"items": ["item1", "item2"], "config": {"enabled": True, "threshold": 0.95}})],
     "Processing data.", tools=DKW)
case("deepseek_v31", DK, "DeepSeek V3.1: thinking, prose, then a call",
     f"Let me check the weather...</think>I'll get that for you.{CB}get_weather{SP}{{\"location\":\"Paris\"}}{CE}",
     [("get_weather", {"location": "Paris"})], "I'll get that for you.", "Let me check the weather...",
     tools=DKW, thinking=True)
case("deepseek_v31", DK, "DeepSeek V3.1: prose after the section stays",
     f"I'll help you.{CB}get_weather{SP}{{\"location\":\"Tokyo\"}}{CE}完成 ✅",
     [("get_weather", {"location": "Tokyo"})], "I'll help you.完成 ✅", tools=DKW)
case("deepseek_v31", DK, "DeepSeek V3.1: non-ASCII arguments",
     f"Searching for information.{CB}search{SP}{{\"query\":\"北京天气\",\"language\":\"中文\"}}{CE}",
     [("search", {"query": "北京天气", "language": "中文"})], "Searching for information.", tools=DKW)
case("deepseek_v31", DK, "DeepSeek V3.1: escaped quotes in a value",
     f"Processing data.{CB}execute_command{SP}{{\"command\":\"ls && echo \\\"done\\\"\",\"path\":\"/home/user\"}}{CE}",
     [("execute_command", {"command": 'ls && echo "done"', "path": "/home/user"})], "Processing data.", tools=DKW)
case("deepseek_v31", DK, "DeepSeek V3.1: empty arguments",
     f"Pinging server.{CB}ping{SP}{{}}{CE}", [("ping", {})], "Pinging server.", tools=DKW)

# ---------------------------------------------------------------------------------------------
# Harvested after the fix, as a check: Qwen3.5 in Ollama's parser tests (a compact Qwen3-Coder
# body, calls inside thinking the prompt opened, a partial tag before </think>, thinking off).
Q35 = "https://github.com/ollama/ollama/blob/main/model/parsers/qwen35_test.go"
Q35W = {"get_weather": {"location": {"type": "string"}, "days": {"type": "integer"}},
        "write_file": {"content": {"type": "string"}}}
SF = "<tool_call><function=get_weather><parameter=location>\nSF\n</parameter></function></tool_call>"
case("qwen3_coder", Q35, "Qwen3.5, thinking off: a compact body, values written \\n…\\n, an integer by the schema",
     "<tool_call><function=get_weather><parameter=location>\nSan Francisco\n</parameter><parameter=days>\n3\n"
     "</parameter></function></tool_call>", [("get_weather", {"location": "San Francisco", "days": 3})],
     tools=Q35W, thinking=False)
case("qwen3_coder", Q35, "Qwen3.5: <think> written anyway, a newline after it",
     "<think>\nLet me think...</think>Answer.", [], "Answer.", "Let me think...", thinking=True)
case("qwen3_coder", Q35, "Qwen3.5: a call glued to the thinking the prompt opened, no </think>",
     "Need weather lookup" + SF, [("get_weather", {"location": "SF"})], reasoning="Need weather lookup",
     tools=Q35W, thinking=True)
case("qwen3_coder", Q35, "Qwen3.5: the start of a call tag, then </think>: a thought, no call",
     "Need weather lookup<tool_c</think>", [], reasoning="Need weather lookup<tool_c", tools=Q35W, thinking=True)
case("qwen3_coder", Q35, "Qwen3.5: a call glued after </think>",
     "Need weather lookup</think>" + SF, [("get_weather", {"location": "SF"})], reasoning="Need weather lookup",
     tools=Q35W, thinking=True)
case("qwen3_coder", Q35, "Qwen3.5, thinking off: plain prose", "Plain answer without think close tag.", [],
     "Plain answer without think close tag.", thinking=False)
case("qwen3_coder", Q35, "Qwen3.5, thinking off, a stray </think> first: markup, not words (Ollama keeps it)",
     "</think>Some content after spurious tag.", [], "Some content after spurious tag.", thinking=False)
case("qwen3_coder", Q35, "Qwen3.5: </think> first, then the answer", "</think>The final answer.", [],
     "The final answer.", thinking=True)
case("qwen3_coder", Q35, "Qwen3.5: blank space after </think> is layout",
     "Reasoning</think>\n \tThe final answer.", [], "The final answer.", "Reasoning", thinking=True)
case("qwen3_coder", Q35, "Qwen3.5: thinking the stream cut", "Reasoning that never closes", [], "",
     "Reasoning that never closes", thinking=True)
case("qwen3_coder", Q35, "Qwen3.5: a call cut in its value after thinking: not runnable",
     "Let me help</think>\n<tool_call><function=write_file><parameter=content>print('hel", [], "", "Let me help",
     tools=Q35W, thinking=True, incomplete=[("write_file", {"content": "print('hel"})])
case("qwen3_coder", Q35, "Qwen3.5, thinking off: a block that holds no call is text",
     "<tool_call>not valid xml</tool_call>", [], given=True, tools=Q35W, thinking=False)

# GLM-4.7 in Ollama's parser tests (after the fix, as a check): thinking opened by the prompt,
# values typed by the schema, a value holding `<`, `&&` and a quoted call tag.
OG = "https://github.com/ollama/ollama/blob/main/model/parsers/glm47_test.go"
OGW = {"calculate": {"count": {"type": "integer"}, "enabled": {"type": "boolean"}},
       "exec": {"expr": {"type": "string"}}, "write_file": {"path": {"type": "string"}, "content": {"type": "string"}},
       "first": {"a": {"type": "string"}}, "second": {"b": {"type": "string"}}, "third": {"c": {"type": "string"}}}
case("glm", OG, "GLM-4.7 (Ollama): thinking, prose glued to a call, an integer and a boolean by the schema",
     "plan</think>Answer<tool_call>calculate<arg_key>count</arg_key><arg_value>3</arg_value><arg_key>enabled"
     "</arg_key><arg_value>true</arg_value></tool_call>", [("calculate", {"count": 3, "enabled": True})], "Answer",
     "plan", tools=OGW, thinking=True)
case("glm", OG, "GLM-4.7 (Ollama): a value holding `<`, `>` and `&&`",
     "<tool_call>exec\n<arg_key>expr</arg_key>\n<arg_value>a < b && c > d</arg_value>\n</tool_call>",
     [("exec", {"expr": "a < b && c > d"})], tools=OGW, thinking=False)
case("glm", OG, "GLM-4.7 (Ollama): a value quoting <tool_call> and </tool_call>",
     "<tool_call>write_file<arg_key>path</arg_key><arg_value>docs/format.md</arg_value><arg_key>content</arg_key>"
     "<arg_value>Wrap each call in <tool_call> and </tool_call>; this text is part of the argument.</arg_value>"
     "</tool_call>", [("write_file", {"path": "docs/format.md", "content": "Wrap each call in <tool_call> and "
                                      "</tool_call>; this text is part of the argument."})], tools=OGW, thinking=False)
case("glm", OG, "GLM-4.7 (Ollama): thinking, then three calls on lines of their own",
     "plan</think>\n<tool_call>first<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>\n"
     "<tool_call>second<arg_key>b</arg_key><arg_value>2</arg_value></tool_call>\n"
     "<tool_call>third<arg_key>c</arg_key><arg_value>3</arg_value></tool_call>",
     [("first", {"a": "1"}), ("second", {"b": "2"}), ("third", {"c": "3"})], reasoning="plan", tools=OGW,
     thinking=True)
case("glm", OG, "GLM-4.7 (Ollama): </think> first, then the answer", "</think>Plain answer", [], "Plain answer",
     thinking=True)


MINE = CASES[_FIRST:]       # this hunt's cases (scored apart: docs/testing.md)
