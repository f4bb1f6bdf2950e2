"""Real-output cases of the 2026-12-07 hunt (g): each cites the public report it reproduces (see cases.py).

New shapes first: OLMo 3's <function_calls> lines, Sarashina's Python-dict list after <|tool_calls|>,
Hunyuan Hy4's per-checkpoint tag suffixes, Claude-style <invoke> blocks leaked as text behind a stray word,
Kimi K3 with special tokens lost between two words, DeepSeek DSML with the U+2016 bar, MiMo's compact and
reordered Qwen3-Coder bodies, PLaMo 3's <|plamo:…|> tags, K2 Horizon's <ifm|…> calls, iQuest Coder V2's
renamed GLM envelope, HyperCLOVA X's ' -> tool/function_call' header, CWM's <tool: function> blocks, RWKV's
'**Tool Call:**' fences, openPangu V2, Granite 4, Apriel, Poolside and xLAM; then reasoning and
trailing-marker bends of GLM-5, Nemotron 3, ERNIE 4.5 and Gemma 4.
"""
from __future__ import annotations

from .cases import case

# ---------------------------------------------------------------------------------------------
# OLMo 3: Python calls, one per line, inside <function_calls> … </function_calls>; JSON literals allowed.
OLMO = "https://github.com/vllm-project/vllm/pull/26143"
OLMOT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_olmo3_tool_parser.py"
OLMOM = "https://github.com/ml-explore/mlx-lm/pull/1271"
OLMOR = "https://github.com/vllm-project/vllm/pull/55850"
case("pythonic", OLMO, "one call in the <function_calls> wrapper, no list brackets",
     "<function_calls>get_weather(city='Lyon', metric='celsius')</function_calls>",
     [("get_weather", {"city": "Lyon", "metric": "celsius"})], tools=["get_weather"])
case("pythonic", OLMO, "two calls separated by a newline inside one wrapper",
     "<function_calls>get_weather(city='Lyon', metric='celsius')\nget_time(tz='Europe/Paris')</function_calls>",
     [("get_weather", {"city": "Lyon", "metric": "celsius"}), ("get_time", {"tz": "Europe/Paris"})],
     tools=["get_weather", "get_time"])
case("pythonic", OLMOM, "JSON literals (null, true) beside a dict and a list argument",
     "<function_calls>register_user(name='Ada Byron', age=36, address={'city': 'London', 'zip': 'W1'}, "
     "role=null, verified=true, aliases=['Ada', 'AB'])</function_calls>",
     [("register_user", {"name": "Ada Byron", "age": 36, "address": {"city": "London", "zip": "W1"}, "role": None,
                         "verified": True, "aliases": ["Ada", "AB"]})], tools=["register_user"])
case("pythonic", OLMOT, "a call with no arguments, prose before the wrapper",
     "Let me check the clock.\n<function_calls>current_time()</function_calls>",
     [("current_time", {})], "Let me check the clock.", tools=["current_time"])
case("pythonic", OLMOT, "escaped quotes inside single-quoted strings",
     r"<function_calls>note(text='it\'s \"done\"', tag='x')</function_calls>",
     [("note", {"text": 'it\'s "done"', "tag": "x"})], tools=["note"])
case("pythonic", OLMOT, "an empty dict and an empty list as values, three lines",
     "<function_calls>get_weather(city='Oslo', metric='celsius')\nping()\nplan(steps=[], extra={})</function_calls>",
     [("get_weather", {"city": "Oslo", "metric": "celsius"}), ("ping", {}), ("plan", {"steps": [], "extra": {}})],
     tools=["get_weather", "ping", "plan"])
case("pythonic", "https://github.com/vllm-project/vllm/pull/52579", "a dotted tool name (weather.get)",
     "<function_calls>weather.get(city='Paris')</function_calls>", [("weather.get", {"city": "Paris"})],
     tools=["weather.get"])
case("pythonic", OLMOR, "the stream ends after the last call, the closing </function_calls> never written",
     "<function_calls>get_weather(city='San Jose', metric='celsius')\nget_weather(city='Reno', metric='celsius')",
     [("get_weather", {"city": "San Jose", "metric": "celsius"}),
      ("get_weather", {"city": "Reno", "metric": "celsius"})],
     tools=["get_weather"])
case("pythonic", OLMOT, "an overflowing number (1e999) spoils its own call, not its sibling",
     "<function_calls>calc(x=1e999)\nget_weather(city='Rome', metric='celsius')</function_calls>",
     [("get_weather", {"city": "Rome", "metric": "celsius"})], tools=["calc", "get_weather"], incomplete=[("calc", {})])

# ---------------------------------------------------------------------------------------------
# Sarashina: a single-quoted Python-dict list after <|tool_calls|> (a special token servers often strip).
SAR = "https://github.com/smg-project/smg/pull/1937"
case("sarashina", SAR, "the dict list after the <|tool_calls|> token",
     "<|tool_calls|>[{'name': 'get_weather', 'arguments': {'city': 'Tokyo'}}]",
     [("get_weather", {"city": "Tokyo"})], tools=["get_weather"])
case("sarashina", SAR, "the token stripped by detokenization: the bare Python-dict list",
     "[{'name': 'get_weather', 'arguments': {'city': 'Osaka'}}]",
     [("get_weather", {"city": "Osaka"})], tools=["get_weather"])
case("sarashina", SAR, "two calls in one list, Japanese prose before the token",
     "天気を調べます。<|tool_calls|>[{'name': 'get_weather', 'arguments': {'city': '札幌'}}, "
     "{'name': 'get_time', 'arguments': {'tz': 'Asia/Tokyo'}}]",
     [("get_weather", {"city": "札幌"}), ("get_time", {"tz": "Asia/Tokyo"})], "天気を調べます。",
     tools=["get_weather", "get_time"])
case("sarashina", SAR, "Python literals True and None and a nested list in the arguments",
     "<|tool_calls|>[{'name': 'search', 'arguments': {'query': 'ramen', 'open_now': True, 'cursor': None, "
     "'tags': ['cheap', 'late']}}]",
     [("search", {"query": "ramen", "open_now": True, "cursor": None, "tags": ["cheap", "late"]})], tools=["search"])
case("sarashina", SAR, "a double-quoted string holding an apostrophe among single-quoted keys",
     "<|tool_calls|>[{'name': 'send', 'arguments': {'text': \"it's late\"}}]",
     [("send", {"text": "it's late"})], tools=["send"])

# ---------------------------------------------------------------------------------------------
# Claude-style <invoke> blocks leaked as text: no namespace, no wrapper, a stray word before them.
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/77061",
     "prose, a lone stray word on its own line, then a bare <invoke> with two parameters",
     "Checking the tree first.\n\ncount\n<invoke name=\"Bash\">\n"
     "<parameter name=\"command\">git status --short</parameter>\n"
     "<parameter name=\"description\">Show changed files</parameter>\n</invoke>",
     [("Bash", {"command": "git status --short", "description": "Show changed files"})],
     "Checking the tree first.\n\ncount", tools=["Bash"])
case("minimax_m2", "https://github.com/anthropics/claude-code/issues/69529",
     "Japanese prose, a stray 'court' line, the bare invoke",
     "すみません、もう一度実行します。\n\ncourt\n<invoke name=\"Bash\">\n<parameter name=\"command\">echo ok</parameter>\n"
     "<parameter name=\"description\">smoke test</parameter>\n</invoke>",
     [("Bash", {"command": "echo ok", "description": "smoke test"})], "すみません、もう一度実行します。\n\ncourt",
     tools=["Bash"])
case("minimax_m2", "https://github.com/kirodotdev/KiroCrew/issues/7833",
     "Chinese prose, a stray 'course' line, a command with &&, quotes and a pipe",
     "抱歉，命令又漏成了文字。现在真正执行。\n\ncourse\n<invoke name=\"shell\">\n<parameter name=\"__tool_use_purpose\">确认服务存活"
     "</parameter>\n<parameter name=\"command\">echo \"api:\" && curl -s -m 5 "
     "http://127.0.0.1:8100/health | head -c 200"
     "</parameter>\n</invoke>",
     [("shell", {"__tool_use_purpose": "确认服务存活",
                 "command": 'echo "api:" && curl -s -m 5 http://127.0.0.1:8100/health | head -c 200'})],
     "抱歉，命令又漏成了文字。现在真正执行。\n\ncourse", tools=["shell"])
case("minimax_m2", "https://github.com/github/app/issues/1499",
     "a <function_calls> block after prose on the same line (the client only looked at offset 0)",
     "Of course. <function_calls>\n<invoke name=\"sql\">\n"
     "<parameter name=\"query\">SELECT count(*) FROM runs</parameter>\n"
     "</invoke>\n</function_calls>",
     [("sql", {"query": "SELECT count(*) FROM runs"})], "Of course.", tools=["sql"])

# ---------------------------------------------------------------------------------------------
# Kimi K3 through a provider that dropped some special tokens: words glued where a token was.
K3L = "https://github.com/can1357/oh-my-pi/issues/8495"
O, C, S = "<|open|>", "<|close|>", "<|sep|>"
case("kimi_k3", K3L, "the tools element and its call glued (`<|open|>toolscall tool=…`), the rest intact",
     f'{O}toolscall tool="Shell" index="1"{S}{O}argument key="command" type="string"{S}pnpm lint{C}argument{S}'
     f'{C}call{S}{C}tools{S}', [("Shell", {"command": "pnpm lint"})], tools=["Shell"])
case("kimi_k3", K3L, "prose glued to the response channel's closer (`passesresponse<|sep|>`), then the glued call",
     f'Lint passesresponse{S}{O}toolscall tool="Shell" index="1"{S}{O}argument key="command" type="string"{S}'
     f'pnpm test{C}argument{S}{C}call{S}{C}tools{S}', [("Shell", {"command": "pnpm test"})], "Lint passes",
     tools=["Shell"],
     xfail="the glued `toolscall` call is read, but the response channel's closer that lost its `<|close|>` "
           "(`passesresponse<|sep|>`) leaves its word in the content: 'Lint passesresponse' (a marker that starts "
           "with a word would cost every such word of prose a look)")

# ---------------------------------------------------------------------------------------------
# Hunyuan Hy4: every tag may carry a checkpoint suffix (`<tool_calls:6124c78e>`), not only ':opensource'.
HY4 = "https://github.com/smg-project/smg/blob/main/crates/tool_parser/tests/tool_parser_hy_v4.rs"
HX = ":6124c78e"
case("hunyuan_v3", HY4, "a hex checkpoint suffix on every tag, text before and after the block",
     f"hello<tool_calls{HX}><tool_call{HX}>run<arg_key{HX}>text</arg_key{HX}><arg_value{HX}>hi there</arg_value{HX}>"
     f"<arg_key{HX}>count</arg_key{HX}><arg_value{HX}>42</arg_value{HX}></tool_call{HX}></tool_calls{HX}>tail",
     [("run", {"text": "hi there", "count": 42})], "hellotail",
     tools={"run": {"text": {"type": "string"}, "count": {"type": "integer"}}},
     xfail="policy: hunyuan_v3 knows only the ':opensource' tag suffix; under ':6124c78e' the block is read as a "
           "made-up wrapper holding wrappers (formats/wrapped.py), and its call after prose with prose after it is "
           "held as an example (Format.examples): no call, the content is the whole text, every suffixed tag included")
case("hunyuan_v3", HY4, "a zero-argument call under the suffixed tags",
     f"<tool_calls{HX}><tool_call{HX}>ping</tool_call{HX}></tool_calls{HX}>", [("ping", {})], tools=["ping"])
case("hunyuan_v3", HY4, "a value holding a literal </tool_call> and &amp; (kept as written), then a second call",
     "<tool_calls><tool_call>run<arg_key>text</arg_key><arg_value>a &amp; </tool_call> b</arg_value></tool_call>"
     "<tool_call>ping</tool_call></tool_calls>",
     [("run", {"text": "a &amp; </tool_call> b"}), ("ping", {})], tools={"run": {"text": {"type": "string"}},
                                                                          "ping": {}})
case("hunyuan_v3", HY4, "TRUE in capitals for a boolean parameter, an array and an object value",
     "<tool_calls><tool_call>run<arg_key>flag</arg_key><arg_value>TRUE</arg_value><arg_key>items</arg_key>"
     "<arg_value>[1,2]</arg_value><arg_key>opts</arg_key><arg_value>{\"ok\":true}</arg_value></tool_call></tool_calls>",
     [("run", {"flag": True, "items": [1, 2], "opts": {"ok": True}})],
     tools={"run": {"flag": {"type": "boolean"}, "items": {"type": "array"}, "opts": {"type": "object"}}})
case("hunyuan_v3", HY4, "cut off inside a value: not runnable, nothing leaks",
     "<tool_calls><tool_call>run<arg_key>text</arg_key><arg_value>unfinished</arg_v", [],
     tools={"run": {"text": {"type": "string"}}}, incomplete=[("run", {"text": "unfinished"})])

# ---------------------------------------------------------------------------------------------
# DeepSeek DSML written with other bars.
case("deepseek_dsml", "https://github.com/lsdefine/GenericAgent/issues/804",
     "the U+2016 double bar (‖DSML‖) in place of the fullwidth bar",
     "Reading the config.\n\n<‖DSML‖tool_calls>\n<‖DSML‖invoke name=\"read_file\">\n<‖DSML‖parameter name=\"path\" "
     "string=\"true\">conf/app.yaml</‖DSML‖parameter>\n</‖DSML‖invoke>\n</‖DSML‖tool_calls>",
     [("read_file", {"path": "conf/app.yaml"})], "Reading the config.", tools=["read_file"])
case("deepseek_dsml", "https://github.com/cline/cline/issues/11339",
     "doubled fullwidth bars, every tag on one line separated by spaces, a string=\"false\" boolean",
     "Let me list the chunks:\n\n<｜｜DSML｜｜tool_calls> <｜｜DSML｜｜invoke name=\"execute_command\"> "
     "<｜｜DSML｜｜parameter name=\"command\" string=\"true\">ls -la dist/*.js</｜｜DSML｜｜parameter> "
     "<｜｜DSML｜｜parameter name=\"requires_approval\" string=\"false\">false</｜｜DSML｜｜parameter> "
     "</｜｜DSML｜｜invoke> </｜｜DSML｜｜tool_calls>",
     [("execute_command", {"command": "ls -la dist/*.js", "requires_approval": False})], "Let me list the chunks:",
     tools=["execute_command"])

# ---------------------------------------------------------------------------------------------
# A turn that ends on half an opener: no marker may reach the content.
case("gemma_special", "https://github.com/FlashML-org/FreeToken/pull/346",
     "Gemma 4: a parsed call, then a stray truncated <|tool_call at the end of the turn",
     '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|><|tool_call',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])
# ---------------------------------------------------------------------------------------------
# MiMo (Qwen3-Coder body).
MIMO = "https://github.com/sgl-project/sglang/issues/33186"
case("qwen3_coder", MIMO, "MiMo: text after the last call is kept",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n"
     "I will report back once it returns.",
     [("get_weather", {"city": "Paris"})], "I will report back once it returns.", tools=["get_weather"])
case("qwen3_coder", MIMO, "MiMo: words between two calls are kept",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n"
     "And now the second city.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n"
     "</function>\n</tool_call>",
     [("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Lima"})], "And now the second city.",
     tools=["get_weather"])
case("qwen3_coder", "https://github.com/vllm-project/vllm/pull/58019",
     "MiMo-V2.6 compact form (no newlines between tags): a value's own leading and trailing newline are kept",
     "<tool_call><function=write><parameter=path>/tmp/a.py</parameter><parameter=content>\nprint('hi')\n"
     "</parameter></function></tool_call>",
     [("write", {"path": "/tmp/a.py", "content": "\nprint('hi')\n"})],
     tools={"write": {"path": {"type": "string"}, "content": {"type": "string"}}})
case("qwen3_coder", "https://github.com/lidge-jun/opencodex/issues/5499",
     "MiMo-v2.6 via a freeform tool: the <parameter=input> opener missing, its closer written; the only parameter",
     "现在执行。<tool_call><function=exec>const r = await tools.exec_command({ cmd: \"git status --short\" });\n"
     "</parameter></function></tool_call>",
     [("exec", {"input": "const r = await tools.exec_command({ cmd: \"git status --short\" });"})], "现在执行。",
     tools={"exec": {"input": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Nemotron 3 (Qwen3-Coder body, <think> reasoning).
case("qwen3_coder", "https://github.com/smg-project/smg/pull/2112",
     "Nemotron 3.5 Lightning: the Qwen3-Coder block with every value on its own line",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nSanta Clara\n</parameter>\n<parameter=units>\ncelsius\n"
     "</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Santa Clara", "units": "celsius"})], tools=["get_weather"])
case("qwen3_coder", "https://github.com/ollama/ollama/pull/13764",
     "Nemotron 3 Nano, thinking opened by the prompt: the call comes with no </think> before it",
     "The user wants the weather in Paris; call the tool.\n<tool_call>\n<function=get_weather>\n<parameter=city>\n"
     "Paris\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Paris"})], reasoning="The user wants the weather in Paris; call the tool.",
     tools=["get_weather"], thinking=True)

# ---------------------------------------------------------------------------------------------
# GLM-5.x
case("glm", "https://github.com/vllm-project/vllm/pull/45915",
     "GLM-5.2 writes its <tool_call> inside <think> and never closes the thinking",
     "<think>I should look the weather up first.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris"
     "</arg_value></tool_call>",
     [("get_weather", {"city": "Paris"})], reasoning="I should look the weather up first.", tools=["get_weather"])
case("glm", "https://github.com/vllm-project/vllm/pull/41654",
     "a zero-argument call with an MCP-style name (dashes and double underscores), no newline",
     "<tool_call>mcp__gmail-cleanup__list_filters</tool_call>", [("mcp__gmail-cleanup__list_filters", {})],
     tools=["mcp__gmail-cleanup__list_filters"])

# ---------------------------------------------------------------------------------------------
# ERNIE 4.5 without thinking: the answer wrapped in <response>.
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/44310",
     "ERNIE 4.5: a plain answer inside <response> … </response>, no thinking, no call",
     "<response>hello, how can I help?</response>", [], "hello, how can I help?", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# xLAM-2: JSON call lists in several wrappers, with a preamble.
XLAM = "https://github.com/vllm-project/vllm/pull/22769"
case("bare_json", "https://github.com/vllm-project/vllm/pull/17148", "xLAM: a direct JSON array of calls",
     '[{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "get_time", "arguments": {"tz": "CET"}}]',
     [("get_weather", {"city": "Oslo"}), ("get_time", {"tz": "CET"})], tools=["get_weather", "get_time"])
case("tool_call_tag", XLAM, "xLAM: a preamble, then a JSON list inside <tool_call> … </tool_call>",
     'Sure, I can help with that! <tool_call>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]</tool_call>',
     [("get_weather", {"city": "Oslo"})], "Sure, I can help with that!", tools=["get_weather"])
case("fenced_json", XLAM, "xLAM: a preamble, then the JSON list in a ```json fence",
     'Here you go:\n```json\n[{"name": "get_weather", "arguments": {"city": "Oslo"}}]\n```',
     [("get_weather", {"city": "Oslo"})], "Here you go:", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# PLaMo 3: multi-token <|plamo:…|> tags, JSON arguments after <|plamo:constrain|>json<|plamo:msg|>,
# <|plamo:tag|> ends the turn.
PL = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_plamo3_tool_parser.py"
PLR = "https://github.com/vllm-project/vllm/blob/main/vllm/reasoning/plamo3_reasoning_parser.py"


def plamo_call(name, args):
    return (f"<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>{name}<|plamo:end_tool_name:plamo|>"
            f"<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{args}"
            f"<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>")


def plamo_block(*calls):
    return f"<|plamo:begin_tool_requests:plamo|>{''.join(calls)}<|plamo:end_tool_requests:plamo|><|plamo:tag|>"


case("plamo3", PL, "prose, then one request in the requests block, the turn ended by <|plamo:tag|>",
     "Checking the weather." + plamo_block(plamo_call("get_weather", '{"city": "Tokyo"}')),
     [("get_weather", {"city": "Tokyo"})], "Checking the weather.", tools=["get_weather"])
case("plamo3", PL, "two requests in one block",
     plamo_block(plamo_call("echo", '{"text": "hi"}'), plamo_call("sum", '{"a": 1, "b": 2}')),
     [("echo", {"text": "hi"}), ("sum", {"a": 1, "b": 2})], tools=["echo", "sum"])
case("plamo3", PL, "a plain answer ended by <|plamo:tag|>; what follows the end of turn is not the answer",
     "Regular response<|plamo:tag|>ignored", [], "Regular response", tools=["get_weather"],
     xfail="PLaMo 3's end-of-turn token is dropped, but the text a model wrote after the end of its turn stays: "
           "content 'Regular responseignored'")
case("plamo3", PLR, "its own think block, then the answer",
     "<|plamo:begin_think:plamo|>Short greeting; answer briefly.<|plamo:end_think:plamo|>Hello!<|plamo:tag|>", [],
     "Hello!", "Short greeting; answer briefly.")
case("plamo3", PLR, "thinking opened by the prompt: only the closer in the output",
     "The user asks for 3+4, which is 7.<|plamo:end_think:plamo|>3 + 4 = 7.<|plamo:tag|>", [], "3 + 4 = 7.",
     "The user asks for 3+4, which is 7.", thinking=True)

# ---------------------------------------------------------------------------------------------
# K2 Horizon: <ifm|tool_calls> holding <ifm|tool_call> elements, XML (default), typed XML or JSON.
KH = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_k2_horizon_tool_parser.py"
case("k2_horizon", KH, "XML calls: prose on both sides, a digit string kept a string, an integer typed by schema, "
     "a zero-argument call on the next line",
     "Before <ifm|tool_calls><ifm|tool_call>lookup<ifm|arg_key>query</ifm|arg_key><ifm|arg_value>123</ifm|arg_value>"
     "<ifm|arg_key>limit</ifm|arg_key><ifm|arg_value>3</ifm|arg_value></ifm|tool_call>\n<ifm|tool_call>ping"
     "</ifm|tool_call></ifm|tool_calls> after.",
     [("lookup", {"query": "123", "limit": 3}), ("ping", {})], "Before  after.",
     tools={"lookup": {"query": {"type": "string"}, "limit": {"type": "integer"}}, "ping": {}},
     xfail="policy: no format declares K2 Horizon's <ifm|tool_calls>, so it is read as a made-up wrapper holding "
           "wrappers (formats/wrapped.py), and a made-up wrapper's call after prose with prose after it is held as "
           "an example (Format.examples): no call; the content is the whole text, the block included")
case("k2_horizon", KH, "a JSON call object inside <ifm|tool_call>",
     '<ifm|tool_calls><ifm|tool_call>{"name": "lookup", "arguments": {"query": "weather", "limit": 2}}</ifm|tool_call>'
     "</ifm|tool_calls>", [("lookup", {"query": "weather", "limit": 2})],
     tools={"lookup": {"query": {"type": "string"}, "limit": {"type": "integer"}}})
case("k2_horizon", KH, "typed XML: an <ifm|arg_type> element between each key and value",
     "<ifm|tool_calls><ifm|tool_call>lookup<ifm|arg_key>query</ifm|arg_key><ifm|arg_type>string</ifm|arg_type>"
     "<ifm|arg_value>weather</ifm|arg_value><ifm|arg_key>limit</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type>"
     "<ifm|arg_value>2</ifm|arg_value></ifm|tool_call></ifm|tool_calls>",
     [("lookup", {"query": "weather", "limit": 2})],
     tools={"lookup": {"query": {"type": "string"}, "limit": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# Poolside v1 (GLM-style body).
PS = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_poolside_v1_tool_parser.py"
case("glm", PS, "Poolside: a string value's indent and trailing newline are part of the value",
     "<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>    def f():\n        return 1\n</arg_value>\n"
     "</tool_call>", [("write_file", {"content": "    def f():\n        return 1\n"})],
     tools={"write_file": {"content": {"type": "string"}, "mode": {"type": "integer"}}})
case("glm", PS, "Poolside: an integer value padded with spaces",
     "<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>hi</arg_value>\n<arg_key>mode</arg_key>\n"
     "<arg_value> 420 </arg_value>\n</tool_call>", [("write_file", {"content": "hi", "mode": 420})],
     tools={"write_file": {"content": {"type": "string"}, "mode": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# Granite 4 (Hermes-style <tool_call> JSON).
G4 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_granite4_tool_parser.py"
case("tool_call_tag", G4, "Granite 4: prose before, between and after two calls, spaces inside the tags, the "
     "first call's arguments written as an escaped JSON string",
     'Here goes the bbox call:\n<tool_call> {"name": "find_bbox", "arguments": "{\\"coordinates\\": [[23.5, 43.1], '
     '[4, 5]], \\"coordinate_type\\": \\"latlong\\"}"} </tool_call> Now the stock price call:\n'
     '<tool_call> {"name": "get_stock_price", "arguments": {"symbol": "IBM", "start_date": "2021-01-01"}} </tool_call>'
     ' See? Done.',
     [("find_bbox", {"coordinates": [[23.5, 43.1], [4, 5]], "coordinate_type": "latlong"}),
      ("get_stock_price", {"symbol": "IBM", "start_date": "2021-01-01"})],
     "Here goes the bbox call:\n Now the stock price call:\n See? Done.", tools=["find_bbox", "get_stock_price"])
case("tool_call_tag", "https://github.com/ml-explore/mlx-lm/pull/1264",
     "Granite: the JSON object followed by a surplus closing brace before </tool_call>",
     '<tool_call>{"name": "get_weather", "arguments": {"city": "Boston"}}}</tool_call>',
     [("get_weather", {"city": "Boston"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Apriel 1.6: a JSON call list in <tool_calls> … </tool_calls>.
AP = ("https://github.com/ananich/vllm/blob/0977f9e31950d54076f15492b5c7e4a15d531b7f/"
      "vllm/tool_parsers/apriel_tool_parser.py")
case("tool_calls_array", AP, "Apriel: a JSON list of calls in <tool_calls>, prose before",
     'Let me check.\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}, '
     '{"name": "get_time", "arguments": {"tz": "CET"}}]</tool_calls>',
     [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})], "Let me check.",
     tools=["get_weather", "get_time"])
case("tool_calls_array", AP, "Apriel writes typographic quotes (“ ”) for the JSON's own quotes",
     "<tool_calls>[{“name”: “get_weather”, “arguments”: {“city”: “Paris”}}]</tool_calls>",
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("tool_calls_array", AP, "Apriel's answer wrapper [BEGIN FINAL RESPONSE] … [END FINAL RESPONSE] around prose "
     "and the call",
     '[BEGIN FINAL RESPONSE]\nChecking now.\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]'
     "</tool_calls>\n[END FINAL RESPONSE]",
     [("get_weather", {"city": "Paris"})], "Checking now.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# openPangu V2: a JSON call list between <|tool_call_start|> and <|tool_call_end|> (LFM2's tokens).
PG = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_openpanguv2_tool_parser.py"
case("lfm2", PG, "openPangu V2: a 'Thought:' line, then one call in the JSON list",
     'Thought: I need to check the weather.<|tool_call_start|>[{"name": "get_weather", "arguments": '
     '{"city": "Beijing"}}]<|tool_call_end|>',
     [("get_weather", {"city": "Beijing"})], "Thought: I need to check the weather.", tools=["get_weather"])
case("lfm2", PG, "openPangu V2: two calls in the list, a non-ASCII value",
     'Let me help you.<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "北京"}}, '
     '{"name": "search", "arguments": {"query": "weather forecast"}}]<|tool_call_end|>',
     [("get_weather", {"city": "北京"}), ("search", {"query": "weather forecast"})], "Let me help you.",
     tools=["get_weather", "search"])
case("lfm2", PG, "openPangu V2: a single call object where the list belongs",
     'Checking.<|tool_call_start|>{"name": "get_weather", "arguments": {"city": "Beijing"}}<|tool_call_end|>',
     [("get_weather", {"city": "Beijing"})], "Checking.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# iQuest Coder V2: the GLM body in a renamed envelope <iquestcoder_tool_call> … </iquestcoder_tool_call>.
IQ = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_iquest_coder_v2_tool_parser.py"
IQT = {"get_current_weather": {"city": {"type": "string"}, "state": {"type": "string"}, "days": {"type": "integer"}}}
case("glm", IQ, "iQuest Coder V2: prose, then one call whose integer is typed by the schema and whose digits-only "
     "city stays a string",
     "Let me look that up for you.\n<iquestcoder_tool_call>get_current_weather<arg_key>city</arg_key>"
     "<arg_value>12345</arg_value><arg_key>state</arg_key><arg_value>TX</arg_value><arg_key>days</arg_key>"
     "<arg_value>3</arg_value></iquestcoder_tool_call>",
     [("get_current_weather", {"city": "12345", "state": "TX", "days": 3})], "Let me look that up for you.",
     tools=IQT)
case("glm", IQ, "iQuest Coder V2: two calls back to back, newlines between the tags",
     "<iquestcoder_tool_call>get_current_weather\n<arg_key>city</arg_key>\n<arg_value>Dallas</arg_value>\n"
     "</iquestcoder_tool_call><iquestcoder_tool_call>get_current_weather\n<arg_key>city</arg_key>\n"
     "<arg_value>Orlando</arg_value>\n</iquestcoder_tool_call>",
     [("get_current_weather", {"city": "Dallas"}), ("get_current_weather", {"city": "Orlando"})], tools=IQT)
case("glm", IQ, "iQuest Coder V2: a call with no arguments",
     "<iquestcoder_tool_call>get_current_weather</iquestcoder_tool_call>", [("get_current_weather", {})], tools=IQT)
# (a wrapper whose word says it holds a call reads a declared name alone in it as a call with no
# arguments; `<b>search</b>` stays text even when search is a tool: tests/formats/test_wrapped.py)

# ---------------------------------------------------------------------------------------------
# HyperCLOVA X SEED Think 14B: a ' -> tool/function_call' header line, then a JSON call list.
HC = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_hyperclovax_seed_think_14b_tool_parser.py"
case("bare_json", HC, "HyperCLOVA X: the header line, the JSON list, then <|im_end|>",
     ' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>',
     [("get_weather", {"city": "Seoul"})], tools=["get_weather"])
case("bare_json", HC, "HyperCLOVA X: 'parameters' in place of 'arguments', two calls",
     ' -> tool/function_call\n[{"name": "get_weather", "parameters": {"city": "Busan"}}, '
     '{"name": "get_time", "parameters": {"tz": "Asia/Seoul"}}]<|im_end|>',
     [("get_weather", {"city": "Busan"}), ("get_time", {"tz": "Asia/Seoul"})], tools=["get_weather", "get_time"])
case("bare_json", HC, "HyperCLOVA X's abbreviated form: the tool's name in the header, a bare arguments object",
     '-> tool/get_current_weather\n{"city": "Seoul"}', [("get_current_weather", {"city": "Seoul"})],
     tools=["get_current_weather"])

# ---------------------------------------------------------------------------------------------
# MiMo-V2-Flash (Qwen3-Coder body, values written inline).
MF = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_mimov2_flash_tool_parser.py"
case("qwen3_coder", MF, "MiMo-V2-Flash: prose, a value inline with its tags, && in the command",
     "Let me execute that command for you.\n<tool_call>\n<function=execute_bash>\n<parameter=command>pwd && ls"
     "</parameter>\n</function>\n</tool_call>",
     [("execute_bash", {"command": "pwd && ls"})], "Let me execute that command for you.", tools=["execute_bash"])
case("qwen3_coder", MF, "MiMo-V2-Flash: the second call writes its parameter before its <function=…> line",
     "Here is the result:\n<tool_call>\n<function=execute_bash>\n<parameter=command>pwd</parameter>\n</function>\n"
     "</tool_call>\n<tool_call>\n<parameter=command>ls -la</parameter>\n<function=list_files>\n</function>\n"
     "</tool_call>",
     [("execute_bash", {"command": "pwd"}), ("list_files", {"command": "ls -la"})], "Here is the result:",
     tools=["execute_bash", "list_files"])

# ---------------------------------------------------------------------------------------------
# CWM: `<tool: function>`, then the tool's name and its raw argument text, then `</tool>`.
CW = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_cwm_tool_parser.py"
case("cwm", CW, "thinking, then one terminal call whose argument is the rest of the line",
     '<think>Let me search.</think>\n<tool: function>\nterminal find . -name "*.py" | xargs grep -n "def bulk_create"\n'
     "</tool>\n",
     [("terminal", {"command": 'find . -name "*.py" | xargs grep -n "def bulk_create"'})], reasoning="Let me search.",
     tools={"terminal": {"command": {"type": "string"}}})
case("cwm", CW, "a preamble, then two blocks in a row",
     "preamble\n<tool: function>\nterminal echo hi\n</tool>\n<tool: function>\nterminal echo bye\n</tool>\n",
     [("terminal", {"command": "echo hi"}), ("terminal", {"command": "echo bye"})], "preamble",
     tools={"terminal": {"command": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# RWKV: a '**Tool Call:**' heading over a ```json fence; or a Python dict after a bare <tool_call>.
RW = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_rwkv_tool_parser.py"
case("fenced_json", RW, "the '**Tool Call:**' heading, then the indented JSON call in a ```json fence",
     'Checking.\n**Tool Call:**\n```json\n{\n  "name": "get_weather",\n  "arguments": {\n    "city": "Paris"\n'
     '  }\n}\n```',
     [("get_weather", {"city": "Paris"})], "Checking.", tools=["get_weather"])
case("fenced_json", RW, "two headed fences, one call each",
     '**Tool Call:**\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n**Tool Call:**\n```json\n'
     '{"name": "get_forecast", "arguments": {"city": "Berlin"}}\n```',
     [("get_weather", {"city": "Paris"}), ("get_forecast", {"city": "Berlin"})], tools=["get_weather", "get_forecast"])
case("fenced_json", RW, "a fence whose arguments are a JSON string and which carries an extra id key",
     'Checking.\n```json\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}", "id": "call_123"}\n```',
     [("get_weather", {"city": "Paris"})], "Checking.", tools=["get_weather"])
case("tool_call_tag", RW, "the legacy form: a Python dict (arguments first, a 'type' key) after <tool_call>, "
     "never closed",
     "Need to inspect the file.\n<tool_call>\n{'arguments': {'filePath': 'calculator.py'}, 'name': 'read', "
     "'type': 'tool_call'}\n",
     [("read", {"filePath": "calculator.py"})], "Need to inspect the file.", tools=["read"])
case("fenced_json", RW, "a ```bash fence is an example for the user, not a call",
     "You can run this command manually:\n```bash\nperl -0pi -e 's/a - b/a + b/' /tmp/calc.py\n```\n", [],
     "You can run this command manually:\n```bash\nperl -0pi -e 's/a - b/a + b/' /tmp/calc.py\n```", tools=["bash"])
