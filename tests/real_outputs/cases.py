"""Real model output, one case per shape a public report shows.

Each case reproduces the syntax and the bend (the way the model bent its own syntax, or the
markup a server left) that the cited bug report, pull request or parser test shows.  The text is
written here in that shape (tool names and values are ours); nothing is pasted.  `family` is the
callsieve format that should read it (the name a Session is pre-seeded with); `bend` says what
the case is about.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest


@dataclass
class Case:
    family: str
    source: str
    bend: str
    text: str
    calls: list = field(default_factory=list)      # [(name, arguments)]
    content: str = ""
    reasoning: str = ""
    tools: object = None                           # None, [names], or {name: properties}
    incomplete: list = field(default_factory=list)
    xfail: str | None = None
    id: str = ""
    kw: dict = field(default_factory=dict)         # what the request said (thinking=True: the prompt opens it)

    def tool_list(self):
        if self.tools is None:
            return None
        items = self.tools.items() if isinstance(self.tools, dict) else ((n, {}) for n in self.tools)
        return [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": p}}}
                for n, p in items]

    def marks(self):
        return [pytest.mark.xfail(reason=self.xfail, strict=True)] if self.xfail else []


CASES: list[Case] = []


def case(family, source, bend, text, calls=(), content="", reasoning="", tools=None, incomplete=(), xfail=None,
         given=False, **kw):
    """`given`: the text is one block whose calls all went bad, so it is the content too (its
    layout whitespace aside): nothing the model wrote vanishes (issue 31)."""
    if given:
        content = text.strip()
    n = sum(1 for c in CASES if c.family == family) + 1
    CASES.append(Case(family, source, bend, text, list(calls), content, reasoning, tools, list(incomplete),
                      xfail, f"{family}-{n}", kw))


# ---------------------------------------------------------------------------------------------
# MiniMax-M3: the namespace token before every tag, parameters named by their tags.
NS = "]<]minimax[>["
M3 = "https://github.com/MiniMax-AI/MiniMax-M3/issues/31"
case("minimax_m3", M3, "the leaked block of the report: prose glued to the token, three tag-named parameters",
     f"Let me read the run_one function first.{NS}<tool_call>\n{NS}<invoke name=\"read_file\">{NS}<path>src/tuner.rs"
     f"{NS}</path>{NS}<start_line>130{NS}</start_line>{NS}<end_line>165{NS}</end_line>{NS}</invoke>\n{NS}</tool_call>",
     [("read_file", {"path": "src/tuner.rs", "start_line": 130, "end_line": 165})],
     "Let me read the run_one function first.", tools=["read_file"])
case("minimax_m3", M3, "a value's closing tag written without the token; unicode values",
     f"我再查几条。{NS}<tool_call>\n{NS}<invoke name=\"search\">{NS}<query>本周 AI 新闻</query>{NS}<sources>web</sources>"
     f"{NS}<limit>6</limit>{NS}</invoke>\n{NS}</tool_call>",
     [("search", {"query": "本周 AI 新闻", "sources": "web", "limit": 6})], "我再查几条。", tools=["search"])
case("minimax_m3", M3, "the block opener without its token (a bare <tool_call>)",
     f"Fixing it now.\n<tool_call>\n{NS}<invoke name=\"run\">\n{NS}<cmd>ls -la</cmd>\n{NS}</invoke>\n{NS}</tool_call>",
     [("run", {"cmd": "ls -la"})], "Fixing it now.", tools=["run"])
case("minimax_m3", M3, "two invokes in one block",
     f"{NS}<tool_call>\n{NS}<invoke name=\"read_file\">{NS}<path>a.py{NS}</path>{NS}</invoke>\n"
     f"{NS}<invoke name=\"read_file\">{NS}<path>b.py{NS}</path>{NS}</invoke>\n{NS}</tool_call>",
     [("read_file", {"path": "a.py"}), ("read_file", {"path": "b.py"})], tools=["read_file"])
case("minimax_m3", M3, "an invoke with no parameters",
     f"Checking the clock.{NS}<tool_call>\n{NS}<invoke name=\"now\">{NS}</invoke>\n{NS}</tool_call>",
     [("now", {})], "Checking the clock.", tools=["now"])
case("minimax_m3", M3, "a string-typed parameter keeps digits as a string; a multi-line value",
     f"{NS}<tool_call>\n{NS}<invoke name=\"write_file\">{NS}<path>VERSION{NS}</path>{NS}<content>0042\nnext line"
     f"{NS}</content>{NS}</invoke>\n{NS}</tool_call>",
     [("write_file", {"path": "VERSION", "content": "0042\nnext line"})],
     tools={"write_file": {"path": {"type": "string"}, "content": {"type": "string"}}})
case("minimax_m3", M3, "the stream stops in the middle of a value (the report's 'stop chat'): not runnable",
     f"Reading.{NS}<tool_call>\n{NS}<invoke name=\"read_file\">{NS}<path>src/ma",
     [], "Reading.", tools=["read_file"], incomplete=[("read_file", {"path": "src/ma"})])

# ---------------------------------------------------------------------------------------------
# MiniMax-M2 / M2.5
M25 = "https://github.com/MiniMax-AI/MiniMax-M2.5/issues/10"
case("minimax_m2", M25, "the indented block the report pastes (the Anthropic route returns it as text)",
     '<minimax:tool_call>\n  <invoke name="exec">\n    <parameter name="command">ls</parameter>\n  </invoke>\n'
     '</minimax:tool_call>', [("exec", {"command": "ls"})], tools=["exec"])
case("minimax_m2", "https://github.com/open-webui/open-webui/issues/24291", "thinking, then a call with two parameters",
     '<think>The user wants the weather.</think>\n<minimax:tool_call>\n<invoke name="get_weather">\n'
     '<parameter name="location">San Francisco</parameter>\n<parameter name="unit">celsius</parameter>\n'
     '</invoke>\n</minimax:tool_call>',
     [("get_weather", {"location": "San Francisco", "unit": "celsius"})], reasoning="The user wants the weather.",
     tools=["get_weather"])
case("minimax_m2", M25, "two invokes and prose before the block",
     'Let me search for that.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Beijing</parameter>\n'
     '</invoke>\n<invoke name="get_weather">\n<parameter name="city">Tokyo</parameter>\n</invoke>\n</minimax:tool_call>',
     [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Tokyo"})], "Let me search for that.",
     tools=["get_weather"])
case("minimax_m2", "https://github.com/zeroclaw-labs/zeroclaw/pull/1131", "a server stripped the section token: bare invoke",
     '<invoke name="shell">\n<parameter name="command">whoami</parameter>\n</invoke>',
     [("shell", {"command": "whoami"})], tools=["shell"])
case("minimax_m2", M25, "a JSON object value typed by the schema",
     '<minimax:tool_call>\n<invoke name="create_event">\n<parameter name="when">{"day": "mon", "hour": 9}</parameter>\n'
     '</invoke>\n</minimax:tool_call>',
     [("create_event", {"when": {"day": "mon", "hour": 9}})], tools={"create_event": {"when": {"type": "object"}}})

# ---------------------------------------------------------------------------------------------
# The [TOOL_CALL] hash form (MiniMax as text)
ZC = "https://github.com/zeroclaw-labs/zeroclaw/issues/226"
ZCP = "https://github.com/zeroclaw-labs/zeroclaw/pull/1131"
DSA = "https://github.com/ZhuLinsen/daily_stock_analysis/pull/1081"
case("tool_call_hash", ZC, "--key \"value\" pairs on their own lines, prose before (the leaked turn)",
     'Now let me create the notes folder:\n[TOOL_CALL]\n{tool => "file_toolkit", args => {\n  --operation "create_directory"\n'
     '  --path "/srv/kb/notes"\n}}\n[/TOOL_CALL]',
     [("file_toolkit", {"operation": "create_directory", "path": "/srv/kb/notes"})], "Now let me create the notes folder:",
     tools=["file_toolkit"])
case("tool_call_hash", ZC, "two blocks in a row, an escaped newline in a value",
     '[TOOL_CALL]\n{tool => "file_toolkit", args => {\n  --operation "write_file"\n  --content "# Title\\nbody"\n}}\n'
     '[/TOOL_CALL]\n[TOOL_CALL]\n{tool => "memory_recall", args => {\n  --query "notes"\n}}\n[/TOOL_CALL]',
     [("file_toolkit", {"operation": "write_file", "content": "# Title\nbody"}), ("memory_recall", {"query": "notes"})],
     tools=["file_toolkit", "memory_recall"])
case("tool_call_hash", ZCP, "one line, a stray third closing brace",
     '[TOOL_CALL]\n{tool => "shell", args => { --command "uname -a" }}}\n[/TOOL_CALL]',
     [("shell", {"command": "uname -a"})], tools=["shell"])
case("tool_call_hash", DSA, "JSON arguments inside the hash header, prose after",
     'Checking the quote.\n[TOOL_CALL]{tool => "web_search", args => {"query": "NET stock price"}}[/TOOL_CALL]\nDone.',
     [("web_search", {"query": "NET stock price"})], "Checking the quote.\nDone.", tools=["web_search"])
case("tool_call_hash", ZC, "key => value pairs with a bare number",
     '[TOOL_CALL]\n{tool => "get_memory_recall", args => {query => "topic", k => 3}}\n[/TOOL_CALL]',
     [("get_memory_recall", {"query": "topic", "k": 3})], tools=["get_memory_recall"])
case("tool_call_hash", DSA, "no closer, a colon after the key",
     '[TOOL_CALL]{tool => "search_files" args => { --pattern: "**/*.ts" }}',
     [("search_files", {"pattern": "**/*.ts"})], tools=["search_files"])
case("tool_call_hash", ZC, "cut off inside the arguments: never runnable",
     'Working.\n[TOOL_CALL]\n{tool => "shell", args => {\n  --command "rm -rf /tmp/bu',
     [], "Working.", tools=["shell"], incomplete=[("shell", {"command": "rm -rf /tmp/bu"})])

# ---------------------------------------------------------------------------------------------
# Upstage Solar Open
SO = ("https://github.com/oesni/vllm/blob/0dcea80c5baf9251601fc486f3ac066a024232e0/"
      "tests/tool_parsers/test_solar_open_tool_parser.py")
case("solar_open", SO, "thinking, the answer header, one call, the section closer",
     '<|think|>The user wants the weather in Seoul.<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>a1b2c3d4e5'
     '<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|><|calls|>',
     [("get_weather", {"city": "Seoul"})], reasoning="The user wants the weather in Seoul.", tools=["get_weather"])
case("solar_open", SO, "content, then the end and a new assistant header before the section",
     '<|content|>Let me check.\n<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>0<|tool_call:name|>weather'
     '<|tool_call:args|>{"city":"Paris"}<|tool_call:end|><|calls|>',
     [("weather", {"city": "Paris"})], "Let me check.", tools=["weather"])
case("solar_open", SO, "two calls in one section",
     '<|tool_calls|><|tool_call:begin|>x1<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Seoul"}'
     '<|tool_call:end|><|tool_call:begin|>x2<|tool_call:name|>get_time<|tool_call:args|>{"tz": "Asia/Seoul"}'
     '<|tool_call:end|><|calls|>',
     [("get_weather", {"city": "Seoul"}), ("get_time", {"tz": "Asia/Seoul"})], tools=["get_weather", "get_time"])
case("solar_open", "https://github.com/oesni/vllm/blob/0dcea80c5baf9251601fc486f3ac066a024232e0/vllm/tool_parsers/solar_open_tool_parser.py",
     "the section token dropped, the call not closed (a tool_choice=none leak), Korean prose first",
     '조직 정보를 확인했습니다.\n<|tool_call:begin|>b462b4f8<|tool_call:name|>setup_propose_result'
     '<|tool_call:args|>{"result": {"company_name": "청우식품"}}',
     [("setup_propose_result", {"result": {"company_name": "청우식품"}})], "조직 정보를 확인했습니다.",
     tools=["setup_propose_result"])
case("solar_open", SO, "a plain answer: the header tokens are not content",
     '<|think|>Simple arithmetic.<|end|><|begin|>assistant<|content|>2 + 2 = 4.',
     [], "2 + 2 = 4.", "Simple arithmetic.")
case("solar_open", SO, "invalid JSON arguments are never a runnable call",
     '<|tool_calls|><|tool_call:begin|>z9<|tool_call:name|>get_weather<|tool_call:args|>{"city": Seoul}<|tool_call:end|>'
     '<|calls|>', [], tools=["get_weather"], incomplete=[("get_weather", {})], given=True)

# ---------------------------------------------------------------------------------------------
# Inkling
INK = "https://github.com/sgl-project/sglang/issues/33181"
INK2 = "https://github.com/sgl-project/sglang/pull/32861"
INK3 = "https://github.com/unslothai/unsloth/pull/7153"
case("inkling", INK3, "thinking block, a call block, end of sampling",
     '<|message_model|><|content_thinking|>need the weather<|end_message|><|message_model|>get_weather'
     '<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Seoul"}}<|end_message|><|content_model_end_sampling|>',
     [("get_weather", {"city": "Seoul"})], reasoning="need the weather", tools=["get_weather"])
case("inkling", INK, "the turn opens with the name and the marker, no <|message_model|> (the name leaked as content)",
     'get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>',
     [("get_weather", {"city": "SF"})], tools=["get_weather"])
case("inkling", INK2, "visible text before and after a call",
     '<|message_model|><|content_text|>Checking now.<|end_message|><|message_model|>web_search<|content_invoke_tool_json|>'
     '{"name":"web_search","args":{"query":"tide times"}}<|end_message|><|message_model|><|content_text|>Back soon.'
     '<|end_message|>',
     [("web_search", {"query": "tide times"})], "Checking now.Back soon.", tools=["web_search"])
case("inkling", INK2, "two calls in a row",
     '<|message_model|>read<|content_invoke_tool_json|>{"name":"read","args":{"path":"a.md"}}<|end_message|>'
     '<|message_model|>read<|content_invoke_tool_json|>{"name":"read","args":{"path":"b.md"}}<|end_message|>',
     [("read", {"path": "a.md"}), ("read", {"path": "b.md"})], tools=["read"])
case("inkling", INK3, "thinking and an answer, no call",
     '<|message_model|><|content_thinking|>let me reason<|end_message|><|message_model|><|content_text|>Answer: 12.'
     '<|content_model_end_sampling|>', [], "Answer: 12.", "let me reason")
case("inkling", "https://github.com/eugr/spark-vllm-docker/pull/329", "only the invoke marker survives detokenization",
     '<|content_thinking|>fetch it<|end_message|><|content_invoke_tool_json|>{"name":"web_fetch","args":{"url":"https://example.org/a"}}'
     '<|end_message|>',
     [("web_fetch", {"url": "https://example.org/a"})], reasoning="fetch it", tools=["web_fetch"])
case("inkling", "https://github.com/eugr/spark-vllm-docker/pull/329", "the payload's JSON quotes written as &quot;",
     '<|message_model|>web_fetch<|content_invoke_tool_json|>{&quot;name&quot;: &quot;web_fetch&quot;, &quot;args&quot;: '
     '{&quot;url&quot;: &quot;https://example.org/?a=1&amp;b=2&quot;}}<|end_message|>',
     [("web_fetch", {"url": "https://example.org/?a=1&b=2"})], tools=["web_fetch"])
case("inkling", "https://github.com/smg-project/smg/pull/2116", "the text mode: raw text as the tool's one parameter",
     '<|message_model|>run_shell<|content_invoke_tool_text|>ls -la "my dir"<|end_message|>',
     [("run_shell", {"command": 'ls -la "my dir"'})], tools={"run_shell": {"command": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Gemma 3 ```tool_code fences
TC1 = "https://github.com/waybarrios/vllm-mlx/pull/622"
TC2 = "https://github.com/andrewyng/aisuite/pull/339"
case("tool_code", TC1, "the fenced fallback form: one call",
     '```tool_code\nget_weather(city="Tokyo", unit="celsius")\n```',
     [("get_weather", {"city": "Tokyo", "unit": "celsius"})], tools=["get_weather"])
case("tool_code", TC2, "prose, then the fence (Gemma behind Ollama)",
     'I will look that up.\n```tool_code\nget_weather(city="Paris")\n```',
     [("get_weather", {"city": "Paris"})], "I will look that up.", tools=["get_weather"])
case("tool_code", TC1, "several call statements in one fence",
     '```tool_code\nget_weather(city="Tokyo")\nget_weather(city="Osaka")\n```',
     [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Osaka"})], tools=["get_weather"])
case("tool_code", "https://github.com/vllm-project/vllm/pull/17149", "print() around a default_api call (Google's examples)",
     '```tool_code\nprint(default_api.convert(amount=5000, currency="USD", new_currency="EUR"))\n```',
     [("convert", {"amount": 5000, "currency": "USD", "new_currency": "EUR"})], tools=["convert"])
case("tool_code", TC2, "a ```python fence with a call in it is code, not a call",
     'Example:\n```python\nget_weather(city="Paris")\n```', [], 'Example:\n```python\nget_weather(city="Paris")\n```',
     tools=["get_weather"])
case("tool_code", TC1, "a tool_code fence with no call stays text",
     '```tool_code\nx = 1\n```', [], '```tool_code\nx = 1\n```')
case("tool_code", TC1, "a call with list and bool arguments",
     '```tool_code\nsearch(terms=["a", "b"], exact=True)\n```\n',
     [("search", {"terms": ["a", "b"], "exact": True})], tools=["search"])
# (issue 35: a fence is a call only where the turn ends with it; prose after it quoted an example)
case("tool_code", TC1, "the same call, text after: a quoted example",
     '```tool_code\nsearch(terms=["a", "b"], exact=True)\n```\nSearching.', [],
     '```tool_code\nsearch(terms=["a", "b"], exact=True)\n```\nSearching.', tools=["search"])

# ---------------------------------------------------------------------------------------------
# Muse Glimmer
MU = "https://github.com/raullenchai/Rapid-MLX/pull/1791"
MU2 = "https://github.com/Blaizzy/mlx-vlm/pull/1841"
MU3 = "https://github.com/vllm-project/vllm/pull/51655"
case("muse", MU, "thinking on to=self, then a tool channel with the ATEM block",
     ' to=self<|message|>I should look it up.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>\n'
     '<atem:invoke name="get_weather">\n<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n'
     '</atem:function_calls>',
     [("get_weather", {"city": "Paris"})], reasoning="I should look it up.", tools=["get_weather"])
case("muse", MU, "thinking, then the answer on to=user",
     ' to=self<|message|>17*23 = 391.<|eom|><|start|>assistant to=user<|message|>17 × 23 = **391**.',
     [], "17 × 23 = **391**.", "17*23 = 391.")
case("muse", MU2, "the answer alone, ended by <|eot|>",
     'to=user<|message|>Hello there.<|eot|>', [], "Hello there.")
case("muse", MU2, "two invokes, a JSON array value, the message ended by <|eom|>",
     ' to=self<|message|>Both cities.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>\n'
     '<atem:invoke name="get_weather">\n<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n'
     '<atem:invoke name="tag">\n<atem:parameter name="labels">["a", "b"]</atem:parameter>\n</atem:invoke>\n'
     '</atem:function_calls><|eom|>',
     [("get_weather", {"city": "Paris"}), ("tag", {"labels": ["a", "b"]})], reasoning="Both cities.",
     tools={"get_weather": {}, "tag": {"labels": {"type": "array"}}})
case("muse", MU3, "the first <atem:parameter> swallowed, its name glued to the invoke's",
     ' to=read<|message|><atem:function_calls>\n<atem:invoke name="read.filePath">/tmp/norm.txt</atem:parameter>\n'
     '</atem:invoke>\n</atem:function_calls>',
     [("read", {"filePath": "/tmp/norm.txt"})], tools={"read": {"filePath": {"type": "string"}}})
case("muse", MU3, "the same, the value's closer missing too: not run",
     ' to=read<|message|><atem:function_calls>\n<atem:invoke name="read.filePath">/tmp/norm.txt\n</atem:invoke>\n'
     '</atem:function_calls>',
     incomplete=[("read", {"filePath": "/tmp/norm.txt\n"})], tools={"read": {"filePath": {"type": "string"}}}, given=True)
case("muse", MU3, "a string-typed parameter holding JSON text stays a string",
     ' to=write<|message|><atem:function_calls>\n<atem:invoke name="write">\n<atem:parameter name="path">log.jsonl'
     '</atem:parameter>\n<atem:parameter name="content">{"span": "s1", "name": "n"}</atem:parameter>\n</atem:invoke>\n'
     '</atem:function_calls>',
     [("write", {"path": "log.jsonl", "content": '{"span": "s1", "name": "n"}'})],
     tools={"write": {"path": {"type": "string"}, "content": {"type": "string"}}})
case("muse", "https://github.com/sgl-project/sglang/pull/34781", "the bare ATEM block after prose (no channel header)",
     'Sure.\n<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Lima</atem:parameter>\n'
     '</atem:invoke>\n</atem:function_calls>',
     [("get_weather", {"city": "Lima"})], "Sure.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# LongCat-Flash
LC = "https://github.com/ml-explore/mlx-lm/pull/810"
case("longcat_xml", LC, "the XML form of LongCat-Flash-Thinking-2601",
     '<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n<longcat_arg_value>Beijing'
     '</longcat_arg_value>\n</longcat_tool_call>',
     [("get_weather", {"city": "Beijing"})], tools=["get_weather"])
case("longcat_xml", "https://github.com/ai-dynamo/dynamo/pull/5424", "<longcat_think> thinking before the call",
     '<longcat_think>\nNeed the forecast.\n</longcat_think>\n<longcat_tool_call>get_weather\n<longcat_arg_key>city'
     '</longcat_arg_key>\n<longcat_arg_value>Shanghai</longcat_arg_value>\n</longcat_tool_call>',
     [("get_weather", {"city": "Shanghai"})], reasoning="Need the forecast.", tools=["get_weather"])
case("longcat_xml", LC, "two arguments, a number typed by the schema",
     '<longcat_tool_call>search\n<longcat_arg_key>query</longcat_arg_key>\n<longcat_arg_value>hotels</longcat_arg_value>\n'
     '<longcat_arg_key>limit</longcat_arg_key>\n<longcat_arg_value>5</longcat_arg_value>\n</longcat_tool_call>',
     [("search", {"query": "hotels", "limit": 5})],
     tools={"search": {"query": {"type": "string"}, "limit": {"type": "integer"}}})
case("longcat_xml", LC, "a call with no arguments",
     'Listing.\n<longcat_tool_call>list_rooms</longcat_tool_call>', [("list_rooms", {})], "Listing.", tools=["list_rooms"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/46709", "LongCat-Flash-Chat's JSON form",
     '<longcat_tool_call>\n{"name": "get_weather", "arguments": {"city": "Hangzhou"}}\n</longcat_tool_call>',
     [("get_weather", {"city": "Hangzhou"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Granite 3
GR = "https://github.com/gpustack/llama-box/issues/17"
case("granite", GR, "the tool's name under \"type\", no \"name\"",
     '<|tool_call|>[{"type": "get_weather", "arguments": {"location": "ShenZhen"}}]',
     [("get_weather", {"location": "ShenZhen"})], tools=["get_weather", "get_temperature"])
case("granite", GR, "\"type\" after the arguments",
     '<|tool_call|>[{"arguments": {"location": "ShenZhen"}, "type": "get_temperature"}]',
     [("get_temperature", {"location": "ShenZhen"})], tools=["get_weather", "get_temperature"])
case("granite", GR, "the documented shape, two calls",
     '<|tool_call|>[{"name": "where_am_i", "arguments": {}}, {"name": "get_weather", "arguments": {"location": "Paris"}}]',
     [("where_am_i", {}), ("get_weather", {"location": "Paris"})], tools=["where_am_i", "get_weather"])
case("granite", "https://github.com/i-am-bee/beeai-framework/issues/624", "a bare list as the whole answer",
     '[{"name": "open_meteo", "arguments": {"location_name": "Las Vegas", "country": "USA"}}]',
     [("open_meteo", {"location_name": "Las Vegas", "country": "USA"})], tools=["open_meteo"])

# ---------------------------------------------------------------------------------------------
# GLM-4.5 … 5
case("glm", "https://github.com/vllm-project/vllm/issues/49248", "the opening <arg_value> missing",
     '<tool_call>search<arg_key>query</arg_key>how many vacation days left</arg_value></tool_call>',
     [("search", {"query": "how many vacation days left"})], tools=["search"])
case("glm", "https://github.com/fw-ai-external/python-sdk/issues/119", "a zero-argument call with a stray </arg_value>",
     '<tool_call>tool_12</arg_value></tool_call>', [("tool_12", {})], tools=["tool_12"])
case("glm", "https://github.com/osaurus-ai/vmlx-swift/pull/228", "a zero-argument call, no <arg_key> at all",
     '<think>Count the mail.</think><tool_call>list_mailboxes</tool_call>', [("list_mailboxes", {})],
     reasoning="Count the mail.", tools=["list_mailboxes"])
case("glm", "https://github.com/vllm-project/vllm/pull/37386", "inline arguments, no newline after the name",
     '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key>'
     '<arg_value>2025-08-01</arg_value></tool_call>',
     [("get_weather", {"city": "Beijing", "date": "2025-08-01"})], tools=["get_weather"])
case("glm", "https://github.com/vllm-project/vllm/pull/37386", "newline-separated arguments and two calls",
     'Checking both.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>\n'
     '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Shanghai</arg_value>\n</tool_call>',
     [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Shanghai"})], "Checking both.",
     tools=["get_weather"])
case("glm", "https://github.com/local-inference-lab/vllm/pull/639", "a </tool_call> written inside a value",
     '<tool_call>write_file<arg_key>path</arg_key><arg_value>p.py</arg_value><arg_key>content</arg_key>'
     '<arg_value>END = "</tool_call>"</arg_value></tool_call>',
     [("write_file", {"path": "p.py", "content": 'END = "</tool_call>"'})], tools=["write_file"])
case("glm", "https://github.com/vllm-project/vllm/pull/54971", "a repeated </arg_key> before the value",
     '<tool_call>list_dir<arg_key>path</arg_key></arg_key><arg_value>/tmp/x</arg_value></tool_call>',
     [("list_dir", {"path": "/tmp/x"})], tools=["list_dir"])
case("glm", "https://github.com/exo-explore/exo/pull/2187", "an integer argument typed by the schema",
     '<tool_call>read_page<arg_key>file</arg_key><arg_value>doc.pdf</arg_value><arg_key>page</arg_key>'
     '<arg_value>5</arg_value></tool_call>',
     [("read_page", {"file": "doc.pdf", "page": 5})], tools={"read_page": {"file": {"type": "string"},
                                                                       "page": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder XML
case("qwen3_coder", "https://github.com/QwenLM/qwen-code/issues/10692", "the taught format, a multi-line value",
     '<tool_call>\n<function=run_shell_command>\n<parameter=command>\nnode server.js\n</parameter>\n</function>\n'
     '</tool_call>', [("run_shell_command", {"command": "node server.js"})], tools=["run_shell_command"])
case("qwen3_coder", "https://github.com/ollama/ollama/issues/16686", "no opening <tool_call>, a trailing </tool_call>",
     '<function=Read>\n<parameter=file_path>\n/path/to/the/file.md\n</parameter>\n</function>\n</tool_call>',
     [("Read", {"file_path": "/path/to/the/file.md"})], tools=["Read"])
case("qwen3_coder", "https://github.com/jundot/omlx/pull/844", "prose first, the naked function, a stray </tool_call>",
     "I'll check the model information first.\n\n<function=Bash>\n<parameter=command>\necho $HOME && uname -m\n"
     "</parameter>\n</function>\n</tool_call>",
     [("Bash", {"command": "echo $HOME && uname -m"})], "I'll check the model information first.", tools=["Bash"])
case("qwen3_coder", "https://github.com/openclaw/openclaw/issues/45000", "quotes and shell syntax in a value, two parameters",
     'Regular reply.\n\n<tool_call>\n<function=exec>\n<parameter=command>\ncurl -s -H "Notion-Version: 2025-09-03" '
     '-d @/tmp/batch.json > /tmp/r.json && python3 -c "print(1)"\n</parameter>\n<parameter=timeout>\n30\n</parameter>\n'
     '</function>\n</tool_call>',
     [("exec", {"command": 'curl -s -H "Notion-Version: 2025-09-03" -d @/tmp/batch.json > /tmp/r.json && python3 -c "print(1)"',
                "timeout": 30})], "Regular reply.",
     tools={"exec": {"command": {"type": "string"}, "timeout": {"type": "integer"}}})
case("qwen3_coder", "https://github.com/raullenchai/Rapid-MLX/issues/448", "a call with no parameters",
     '<tool_call>\n<function=run_tests>\n</function>\n</tool_call>', [("run_tests", {})], tools=["run_tests"])
case("qwen3_coder", "https://github.com/noonghunna/club-3090/issues/72", "prose that mentions <tool_call> is prose",
     'The model wraps calls in <tool_call> tags; nothing is called here.', [],
     'The model wraps calls in <tool_call> tags; nothing is called here.')
case("qwen3_coder", "https://github.com/sgl-project/sglang/pull/38894", "reasoning never closed before the call (Step 3.5)",
     '<think>inspect the repo<tool_call>\n<function=bash>\n<parameter=command>\npwd\n</parameter>\n</function>\n</tool_call>',
     [("bash", {"command": "pwd"})], reasoning="inspect the repo", tools=["bash"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V3 / R1, V3.1, V3.2 DSML
DS31 = "https://github.com/vllm-project/vllm/pull/23454"
case("deepseek_v3", DS31, "the V3 / R1 shape: function, the name, a fenced JSON body",
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_current_temperature\n```json\n'
     '{"location": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
     [("get_current_temperature", {"location": "Paris"})], tools=["get_current_temperature"])
case("deepseek_v31", DS31, "the V3.1 shape: the name, then the JSON",
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_current_temperature<｜tool▁sep｜>{"location": "Paris"}'
     '<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
     [("get_current_temperature", {"location": "Paris"})], tools=["get_current_temperature"])
case("deepseek_v31", "https://github.com/sgl-project/sglang/pull/9446", "two calls and thinking before them",
     'Let me check both.</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_current_temperature<｜tool▁sep｜>'
     '{"location": "Paris"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_current_temperature<｜tool▁sep｜>'
     '{"location": "Rome"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
     [("get_current_temperature", {"location": "Paris"}), ("get_current_temperature", {"location": "Rome"})],
     reasoning="Let me check both.", tools=["get_current_temperature"], thinking=True)
case("deepseek_v31", "https://github.com/deepseek-ai/DeepSeek-V3/issues/944", "prose, then the call; the end of sentence token",
     'I will look it up.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>web_search<｜tool▁sep｜>{"q": "vllm"}<｜tool▁call▁end｜>'
     '<｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
     [("web_search", {"q": "vllm"})], "I will look it up.", tools=["web_search"])
case("deepseek_dsml", "https://github.com/ochafik/minja/pull/11", "V3.2 DSML with string=\"true\"/\"false\" typing",
     '<｜DSML｜function_calls>\n<｜DSML｜invoke name="search">\n<｜DSML｜parameter name="query" string="true">agent benchmark'
     '</｜DSML｜parameter>\n<｜DSML｜parameter name="topn" string="false">10</｜DSML｜parameter>\n</｜DSML｜invoke>\n'
     '</｜DSML｜function_calls>',
     [("search", {"query": "agent benchmark", "topn": 10})], tools=["search"])
case("deepseek_dsml", "https://github.com/ochafik/minja/pull/11", "two invokes, a digits-only string stays a string",
     '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_datetime">\n<｜DSML｜parameter name="timezone" string="true">'
     'Asia/Shanghai</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="lookup">\n<｜DSML｜parameter name="code" '
     'string="true">007</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
     [("get_datetime", {"timezone": "Asia/Shanghai"}), ("lookup", {"code": "007"})], tools=["get_datetime", "lookup"])
case("deepseek_dsml", "https://github.com/skalesapp/skales/issues/256", "the DSML shape with its prefix stripped (GigaChat-3)",
     '<tool_calls> <invoke name="web_search"> <parameter name="query" string="true">GigaChat architecture</parameter> '
     '</invoke> </tool_calls>',
     [("web_search", {"query": "GigaChat architecture"})], tools=["web_search"])

# ---------------------------------------------------------------------------------------------
# gpt-oss harmony
case("harmony", "https://github.com/lablup/mlxcel/issues/654", "analysis, then a call with <|constrain|>json",
     '<|channel|>analysis<|message|>Need to read the file.<|end|><|start|>assistant<|channel|>commentary '
     'to=functions.read_file <|constrain|>json<|message|>{"path": "/etc/hosts"}<|call|>',
     [("read_file", {"path": "/etc/hosts"})], reasoning="Need to read the file.", tools=["read_file"])
case("harmony", "https://github.com/kekzl/imp/pull/1719", "the call's <|call|> never written (the stream ends)",
     '<|channel|>analysis<|message|>We need to use get_weather.<|end|><|start|>assistant<|channel|>commentary '
     'to=functions.get_weather <|constrain|>json<|message|>{"city":"Berlin"}',
     [("get_weather", {"city": "Berlin"})], reasoning="We need to use get_weather.", tools=["get_weather"])
case("harmony", "https://github.com/ggml-org/llama.cpp/pull/15181", "the recipient in the role header",
     '<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"location": "Lima"}'
     '<|call|>', [("get_weather", {"location": "Lima"})], tools=["get_weather"])
case("harmony", "https://github.com/odysseus-dev/odysseus/issues/4522", "a commentary preamble, then the call",
     '<|channel|>commentary<|message|>Searching the web.<|end|><|start|>assistant<|channel|>commentary '
     'to=functions.web_search <|constrain|>json<|message|>{"q": "harmony"}<|call|>',
     [("web_search", {"q": "harmony"})], "Searching the web.", tools=["web_search"])
case("harmony", "https://github.com/Augustas11/macprovider/issues/743", "analysis and a final answer",
     '<|channel|>analysis<|message|>Easy.<|end|><|start|>assistant<|channel|>final<|message|>It is 42.<|return|>',
     [], "It is 42.", "Easy.")
case("harmony", "https://github.com/NousResearch/hermes-agent/pull/84231",
     "GenieX-style: no <|channel|>, the channel word fused to the recipient",
     'commentary to=functions.terminal<|message|>{"command": "ls"}<|call|>',
     [("terminal", {"command": "ls"})], tools=["terminal"])

# ---------------------------------------------------------------------------------------------
# Mistral [TOOL_CALLS]
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/issues/11097", "a parallel list (pre-v11)",
     '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": '
     '{"city": "Lyon"}}]', [("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Lyon"})],
     tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/issues/20028", "the v11 form NAME[ARGS]{…} (Small 3.2)",
     '[TOOL_CALLS]get_weather[ARGS]{"location": "San Francisco, CA", "unit": "celsius"}',
     [("get_weather", {"location": "San Francisco, CA", "unit": "celsius"})], tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/issues/13622", "an integer argument",
     '[TOOL_CALLS]set_volume[ARGS]{"level": 7}', [("set_volume", {"level": 7})], tools=["set_volume"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/issues/15549", "prose before the call (Mistral 3.1)",
     'Let me check the weather.[TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "San Francisco, CA"}}]',
     [("get_weather", {"location": "San Francisco, CA"})], "Let me check the weather.", tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/pull/30328", "two v11 calls back to back",
     '[TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}[TOOL_CALLS]get_time[ARGS]{"tz": "Europe/Oslo"}',
     [("get_weather", {"city": "Oslo"}), ("get_time", {"tz": "Europe/Oslo"})], tools=["get_weather", "get_time"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/pull/18629", "[THINK] before the call (Magistral/Devstral)",
     '[THINK]The user wants a file list.[/THINK][TOOL_CALLS]list_files[ARGS]{"dir": "."}',
     [("list_files", {"dir": "."})], reasoning="The user wants a file list.", tools=["list_files"])

# ---------------------------------------------------------------------------------------------
# Llama 3.x JSON
case("llama3_json", "https://github.com/raullenchai/Rapid-MLX/issues/700", "bare {name, parameters} as the whole answer",
     '{"name": "web_search", "parameters": {"query": "你好"}}', [("web_search", {"query": "你好"})],
     tools=["web_search"])
case("llama3_json", "https://github.com/raullenchai/Rapid-MLX/pull/703", "<|python_tag|> before the JSON",
     '<|python_tag|>{"name": "web_search", "parameters": {"query": "tides"}}<|eom_id|>',
     [("web_search", {"query": "tides"})], tools=["web_search"])
case("llama3_json", "https://github.com/jundot/omlx/pull/1153", "Llama 4 Scout writes the 3.1 JSON",
     '{"name": "get_weather", "parameters": {"location": "Paris"}}', [("get_weather", {"location": "Paris"})],
     tools=["get_weather"])
case("llama3_json", "https://github.com/vllm-project/vllm/issues/46863", "\"type\": \"function\" before the name",
     '{"type": "function", "name": "Bash", "parameters": {"command": "echo hello", "timeout": 12000}}',
     [("Bash", {"command": "echo hello", "timeout": 12000})], tools=["Bash"])
case("llama3_json", "https://github.com/oracle/langchain-oracle/issues/52", "parameters as an escaped JSON string",
     '{"name": "MonthlyVarianceSQL", "parameters": "{\\"month\\": 8, \\"year\\": 2025}"}',
     [("MonthlyVarianceSQL", {"month": 8, "year": 2025})], tools=["MonthlyVarianceSQL"])
case("llama3_json", "https://github.com/raullenchai/Rapid-MLX/pull/703", "prose naming a person is no call",
     'Here is a user: {"name": "Alice"}', [], 'Here is a user: {"name": "Alice"}', tools=["web_search"])

# ---------------------------------------------------------------------------------------------
# Hermes / Qwen2.5 JSON, bare JSON, <tools>, fences
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/19056", "Qwen3 thinking, then a Hermes call with CJK values",
     '<think>\n用户想要背景。\n</think>\n\n<tool_call>\n{"name": "write_doc", "arguments": {"title": "迭代背景", '
     '"guideline": "阐述DeepSeek"}}\n</tool_call>',
     [("write_doc", {"title": "迭代背景", "guideline": "阐述DeepSeek"})], reasoning="用户想要背景。", tools=["write_doc"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/9789", "a list argument (the reported error case)",
     '<tool_call>\n{"name": "tag_items", "arguments": {"ids": [1, 2, 3], "tag": "x"}}\n</tool_call>',
     [("tag_items", {"ids": [1, 2, 3], "tag": "x"})], tools=["tag_items"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/10395", "two calls and prose between",
     'First:\n<tool_call>\n{"name": "a", "arguments": {}}\n</tool_call>\nthen:\n<tool_call>\n{"name": "b", '
     '"arguments": {"k": "v"}}\n</tool_call>', [("a", {}), ("b", {"k": "v"})], "First:\nthen:", tools=["a", "b"])
case("tool_call_tag", "https://github.com/SearchSavior/OpenArc/pull/66", "arguments as a JSON-encoded string",
     '<tool_call>\n{"name": "read", "arguments": "{\\"path\\": \\"README.md\\"}"}\n</tool_call>',
     [("read", {"path": "README.md"})], tools=["read"])
case("bare_json", "https://github.com/NousResearch/hermes-agent/issues/5867", "Ollama qwen2.5-coder: the call as bare JSON content",
     '{"name": "search", "arguments": {"query": "北京今天的天气"}}', [("search", {"query": "北京今天的天气"})],
     tools=["search"])
case("bare_json", "https://github.com/NousResearch/hermes-agent/issues/107125", "bare JSON from qwen2.5 behind LiteLLM",
     '{"name": "terminal", "arguments": {"command": "echo ok"}}', [("terminal", {"command": "echo ok"})],
     tools=["terminal"])
case("bare_json", "https://github.com/adolfousier/opencrabs/issues/1260",
     "JSON about tools in prose, no declared name: text",
     'The schema looks like {"name": "x", "arguments": {}} in the docs.', [],
     'The schema looks like {"name": "x", "arguments": {}} in the docs.', tools=["terminal"])
case("tools_tag", "https://github.com/vllm-project/vllm/pull/33083", "Qwen2.5-Coder's <tools> wrapper, one object",
     '<tools>\n{"name": "list_files", "arguments": {"dir": "src"}}\n</tools>', [("list_files", {"dir": "src"})],
     tools=["list_files"])
case("tools_tag", "https://github.com/vllm-project/vllm/pull/33083", "<tools> holding a list of calls",
     '<tools>\n[{"name": "a", "arguments": {"x": 1}}, {"name": "b", "arguments": {"y": 2}}]\n</tools>',
     [("a", {"x": 1}), ("b", {"y": 2})], tools=["a", "b"])
case("fenced_json", "https://github.com/ollama/ollama/issues/13519", "llama3.2 writes the call in a ```json fence",
     '```json\n{"name": "query_web_search", "parameters": {"query": "install ollama models"}}\n```',
     [("query_web_search", {"query": "install ollama models"})], tools=["query_web_search"])
case("fenced_json", "https://github.com/i-am-bee/beeai-framework/issues/624", "a fence of plain data is no call",
     'Here is the request:\n\n```json\n{"country": "USA", "location_name": "Las Vegas"}\n```',
     [], 'Here is the request:\n\n```json\n{"country": "USA", "location_name": "Las Vegas"}\n```', tools=["open_meteo"])

# ---------------------------------------------------------------------------------------------
# Kimi K2
KK = "https://github.com/vllm-project/vllm/pull/31207"
case("kimi_k2", KK, "the section with one call, prose before",
     'Let me check.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>'
     '{"city": "Tokyo"}<|tool_call_end|><|tool_calls_section_end|>',
     [("get_weather", {"city": "Tokyo"})], "Let me check.", tools=["get_weather"])
case("kimi_k2", "https://github.com/vllm-project/vllm/issues/24478", "two calls in one section",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Tokyo"}'
     '<|tool_call_end|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{"tz": "JST"}<|tool_call_end|>'
     '<|tool_calls_section_end|>', [("get_weather", {"city": "Tokyo"}), ("get_time", {"tz": "JST"})],
     tools=["get_weather", "get_time"])
case("kimi_k2", "https://github.com/NousResearch/hermes-agent/issues/24534", "spaces around the ids (OpenRouter)",
     '<|tool_calls_section_begin|> <|tool_call_begin|> functions.read_file:0 <|tool_call_argument_begin|> '
     '{"path": "a.txt"} <|tool_call_end|> <|tool_calls_section_end|>', [("read_file", {"path": "a.txt"})],
     tools=["read_file"])
case("kimi_k2", "https://github.com/lablup/mlxcel/pull/783", "a name with dots and dashes",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.mcp.fs-read:0<|tool_call_argument_begin|>{"p": 1}'
     '<|tool_call_end|><|tool_calls_section_end|>', [("mcp.fs-read", {"p": 1})], tools=["mcp.fs-read"])
case("kimi_k2", "https://github.com/ikawrakow/ik_llama.cpp/issues/942", "Kimi K2 Thinking: a call inside the thinking",
     '<think>I need the file.<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>'
     '{"path": "x"}<|tool_call_end|><|tool_calls_section_end|>',
     [("read", {"path": "x"})], reasoning="I need the file.", tools=["read"])
case("kimi_k2", "https://github.com/BerriAI/litellm/issues/12679", "special tokens stripped: functions.NAME:IDX{json}",
     'functions.search:0{"query": "kimi"}', [("search", {"query": "kimi"})], tools=["search"])
case("kimi_k2", "https://github.com/anomalyco/opencode/issues/20650", "arguments as a JSON-encoded string",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>"{\\"filePath\\": \\"a.md\\"}"'
     '<|tool_call_end|><|tool_calls_section_end|>', [("read", {"filePath": "a.md"})], tools=["read"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 special tokens
G4 = "https://github.com/ml-explore/mlx-lm/pull/1105"
case("gemma_special", G4, "the canonical brace form with <|\"|> strings and a number",
     '<|tool_call>call:get_weather{city:<|"|>Tokyo<|"|>,days:3}<tool_call|>',
     [("get_weather", {"city": "Tokyo", "days": 3})], tools=["get_weather"])
case("gemma_special", G4, "nested objects and arrays",
     '<|tool_call>call:plan{steps:[<|"|>a<|"|>,<|"|>b<|"|>],opts:{fast:true}}<tool_call|>',
     [("plan", {"steps": ["a", "b"], "opts": {"fast": True}})], tools=["plan"])
case("gemma_special", "https://github.com/waybarrios/vllm-mlx/pull/622", "the parenthesized call:fn(...) form",
     '<|tool_call>call:get_weather(city="Tokyo", unit="celsius")', [("get_weather", {"city": "Tokyo", "unit": "celsius"})],
     tools=["get_weather"])
case("gemma_special", "https://github.com/unslothai/unsloth/pull/11153", "a call written in a code block is an example",
     'Use this syntax:\n```\ncall:web_search{query:<|"|>x<|"|>}\n```', [],
     'Use this syntax:\n```\ncall:web_search{query:<|"|>x<|"|>}\n```', tools=["web_search"])
case("gemma_special", G4, "thought channel before the call",
     '<|channel>thought\nNeed weather.<channel|><|tool_call>call:get_weather{city:<|"|>Oslo<|"|>}<tool_call|>',
     [("get_weather", {"city": "Oslo"})], reasoning="Need weather.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Pythonic (Llama 3.2 / 4), LFM2, FunctionGemma
case("pythonic", "https://github.com/ollama/ollama/issues/7824", "Llama 3.2's python list",
     '[get_weather(city="San Francisco", metric="celsius")]',
     [("get_weather", {"city": "San Francisco", "metric": "celsius"})], tools=["get_weather"])
case("pythonic", "https://github.com/vllm-project/vllm/issues/46863", "Llama 4's <|python_start|> wrapper, two calls",
     '<|python_start|>[Bash(command="ls"), Bash(command="pwd")]<|python_end|>',
     [("Bash", {"command": "ls"}), ("Bash", {"command": "pwd"})], tools=["Bash"])
case("pythonic", "https://github.com/ollama/ollama/issues/7824", "a markdown link is no call",
     '[see the docs](https://example.org)', [], '[see the docs](https://example.org)', tools=["get_weather"])
case("pythonic", "https://github.com/vllm-project/vllm/pull/12752", "Python literals: None, True, nested list",
     '[book(room="A1", guests=None, confirm=True, slots=[1, 2])]',
     [("book", {"room": "A1", "guests": None, "confirm": True, "slots": [1, 2]})], tools=["book"])
LF = "https://github.com/ggml-org/llama.cpp/pull/16763"
case("lfm2", LF, "LFM2's python call between its tool tokens",
     '<|tool_call_start|>[get_weather(location="Seoul")]<|tool_call_end|>', [("get_weather", {"location": "Seoul"})],
     tools=["get_weather"])
case("lfm2", LF, "prose, then two calls",
     'Checking.<|tool_call_start|>[get_weather(location="Seoul"), get_time(tz="KST")]<|tool_call_end|>',
     [("get_weather", {"location": "Seoul"}), ("get_time", {"tz": "KST"})], "Checking.", tools=["get_weather", "get_time"])
case("lfm2", LF, "a single-quoted string",
     "<|tool_call_start|>[get_weather(city='Paris')]<|tool_call_end|>", [("get_weather", {"city": "Paris"})],
     tools=["get_weather"])
FG = "https://github.com/ggml-org/llama.cpp/pull/19050"
case("functiongemma", FG, "FunctionGemma's call with <escape> strings",
     '<start_function_call>call:get_weather{city:<escape>London<escape>}<end_function_call>',
     [("get_weather", {"city": "London"})], tools=["get_weather"])
case("functiongemma", "https://github.com/ml-explore/mlx-lm/pull/1628", "braces and commas inside an escaped string, two calls",
     '<start_function_call>call:artifact-submit{source:<escape>a {b}, c<escape>}<end_function_call>'
     '<start_function_call>call:mark-ready{ready:true}<end_function_call>',
     [("artifact-submit", {"source": "a {b}, c"}), ("mark-ready", {"ready": True})],
     tools=["artifact-submit", "mark-ready"])

# ---------------------------------------------------------------------------------------------
# Command R, Phi-4 functools, GigaChat, InternLM, Functionary
CO = "https://github.com/smg-project/smg/pull/315"
case("command_r", CO, "response wrapper, then the action block with tool_name / parameters",
     '<|START_RESPONSE|>Let me help.<|END_RESPONSE|>\n<|START_ACTION|>\n[{"tool_call_id": "0", "tool_name": "search", '
     '"parameters": {"query": "rust"}}]\n<|END_ACTION|>',
     [("search", {"query": "rust"})], "Let me help.", tools=["search"])
case("command_r", "https://github.com/smg-project/smg/issues/305", "a single object, no list",
     '<|START_ACTION|>\n{"tool_name": "function_name", "parameters": {"param1": "value1"}}\n<|END_ACTION|>',
     [("function_name", {"param1": "value1"})], tools=["function_name"])
case("command_r", CO, "thinking before the action (Command A reasoning)",
     '<|START_THINKING|>I should search.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "1", "tool_name": "search", '
     '"parameters": {"query": "go"}}]<|END_ACTION|>',
     [("search", {"query": "go"})], reasoning="I should search.", tools=["search"])
PH = "https://github.com/vllm-project/vllm/pull/48795"
case("functools", PH, "nested array arguments (the regex cut them at the first ])",
     'functools[{"name": "search", "arguments": {"tags": ["a", "b"]}}]', [("search", {"tags": ["a", "b"]})],
     tools=["search"])
case("functools", "https://github.com/vllm-project/vllm/pull/44213", "parallel calls and the parameters key",
     'functools[{"name": "a", "parameters": {"x": 1}}, {"name": "b", "arguments": {"y": [2]}}]',
     [("a", {"x": 1}), ("b", {"y": [2]})], tools=["a", "b"])
case("functools", "https://github.com/vllm-project/vllm/pull/49028", "prose before the marker",
     'Sure, calling it now. functools[{"name": "get_time", "arguments": {}}]', [("get_time", {})],
     "Sure, calling it now.", tools=["get_time"])
case("internlm", "https://github.com/vllm-project/vllm/pull/8405", "InternLM2.5's plugin action",
     'I will search.<|action_start|><|plugin|>\n{"name": "search", "parameters": {"query": "shanghai"}}<|action_end|>',
     [("search", {"query": "shanghai"})], "I will search.", tools=["search"])
case("internlm", "https://github.com/vllm-project/vllm/pull/8405", "arguments key instead of parameters",
     '<|action_start|><|plugin|>\n{"name": "get_time", "arguments": {"tz": "CST"}}<|action_end|>',
     [("get_time", {"tz": "CST"})], tools=["get_time"])

# ---------------------------------------------------------------------------------------------
# Hunyuan V3, Step-3, Seed-OSS, xLAM / Jamba lists
HY = "https://github.com/raullenchai/Rapid-MLX/pull/1070"
case("hunyuan_v3", HY, "the canonical Hy3 section",
     '<tool_calls:opensource>\n<tool_call:opensource>get_weather<tool_sep:opensource>\n<arg_key:opensource>location'
     '</arg_key:opensource>\n<arg_value:opensource>Seoul</arg_value:opensource>\n</tool_call:opensource>\n'
     '</tool_calls:opensource>', [("get_weather", {"location": "Seoul"})], tools=["get_weather"])
case("hunyuan_v3", HY, "<think:opensource> thinking before the section",
     '<think:opensource>check weather</think:opensource><tool_calls:opensource>\n<tool_call:opensource>get_weather'
     '<tool_sep:opensource>\n<arg_key:opensource>location</arg_key:opensource>\n<arg_value:opensource>Busan'
     '</arg_value:opensource>\n</tool_call:opensource>\n</tool_calls:opensource>',
     [("get_weather", {"location": "Busan"})], reasoning="check weather", tools=["get_weather"])
ST = "https://github.com/sgl-project/sglang/pull/38893"
case("step3", "https://github.com/vllm-project/vllm/pull/33690", "Step-3's steptml invoke",
     '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">'
     '<steptml:parameter name="city">Shenzhen</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
     [("get_weather", {"city": "Shenzhen"})], tools=["get_weather"])
case("qwen3_coder", ST, "Step 3.5 writes Qwen3-Coder XML with reasoning before it",
     'inspect the repo</think>\n<tool_call>\n<function=bash>\n<parameter=command>\npwd\n</parameter>\n</function>\n'
     '</tool_call>', [("bash", {"command": "pwd"})], reasoning="inspect the repo", tools=["bash"], thinking=True)
SE = "https://github.com/vllm-project/vllm/pull/23241"
case("seed_oss", SE, "seed:think, then the seed:tool_call block",
     '<seed:think>Got it, the user wants the weather.</seed:think><seed:tool_call>\n<function=get_weather>\n'
     '<parameter=location>Beijing</parameter>\n</function>\n</seed:tool_call>',
     [("get_weather", {"location": "Beijing"})], reasoning="Got it, the user wants the weather.", tools=["get_weather"])
case("seed_oss", SE, "two parameters, one an integer by schema",
     '<seed:tool_call>\n<function=search>\n<parameter=query>vllm</parameter>\n<parameter=top_k>3</parameter>\n'
     '</function>\n</seed:tool_call>', [("search", {"query": "vllm", "top_k": 3})],
     tools={"search": {"query": {"type": "string"}, "top_k": {"type": "integer"}}})
JA = "https://github.com/sgl-project/sglang/pull/7672"
case("tool_calls_array", JA, "Hunyuan-A13B's list in <tool_calls> inside <answer>",
     '<answer><tool_calls>[{"name": "get_weather", "arguments": {"city": "Shenzhen"}}]</tool_calls></answer>',
     [("get_weather", {"city": "Shenzhen"})], tools=["get_weather"])
case("tool_calls_array", JA, "a single object instead of a list",
     '<tool_calls>{"name": "get_time", "arguments": {"tz": "CST"}}</tool_calls>', [("get_time", {"tz": "CST"})],
     tools=["get_time"])

# ---------------------------------------------------------------------------------------------
# Apertus, MiniCPM5, Granite-20B, Granite 3.3 python-style
AP = "https://github.com/ml-explore/mlx-lm/pull/1663"
case("apertus", AP, "one call keyed by its name",
     '<|tools_prefix|>[{"get_weather": {"location": "London"}}]<|tools_suffix|>', [("get_weather", {"location": "London"})],
     tools=["get_weather"])
case("apertus", "https://github.com/vllm-project/vllm/pull/46813", "two calls in the list",
     '<|tools_prefix|>[{"get_weather": {"location": "Bern"}}, {"get_time": {"tz": "CET"}}]<|tools_suffix|>',
     [("get_weather", {"location": "Bern"}), ("get_time", {"tz": "CET"})], tools=["get_weather", "get_time"])
case("apertus", "https://github.com/sgl-project/sglang/pull/25100", "<|inner_prefix|> deliberation before the call",
     '<|inner_prefix|>Look up Zurich.<|inner_suffix|><|tools_prefix|>[{"get_weather": {"location": "Zurich"}}]'
     '<|tools_suffix|>', [("get_weather", {"location": "Zurich"})], reasoning="Look up Zurich.", tools=["get_weather"])
case("apertus", "https://github.com/vllm-project/vllm/pull/26307", "prose before the call",
     'Let me compute that.<|tools_prefix|>[{"calculate_sum": {"a": 2, "b": 3}}]<|tools_suffix|>',
     [("calculate_sum", {"a": 2, "b": 3})], "Let me compute that.", tools=["calculate_sum"])
MC = "https://github.com/ml-explore/mlx-lm/pull/1899"
case("minicpm5", MC, "the bare function element with two params",
     '<function name="get_weather"><param name="city">Paris</param><param name="unit">c</param></function>',
     [("get_weather", {"city": "Paris", "unit": "c"})], tools=["get_weather"])
case("minicpm5", "https://github.com/ml-explore/mlx-lm/pull/1316", "a CDATA value holding < and newlines",
     '<function name="write_note"><param name="text"><![CDATA[a < b\nsecond line]]></param></function>',
     [("write_note", {"text": "a < b\nsecond line"})], tools=["write_note"])
case("minicpm5", "https://github.com/jundot/omlx/issues/3429", "the exact content of the report (no prose around it)",
     '<function name="get_weather"><param name="location">Rome</param></function>', [("get_weather", {"location": "Rome"})],
     tools=["get_weather"])
case("minicpm5", "https://github.com/vllm-project/vllm/pull/43175", "two calls, a number typed by the schema",
     '<function name="get_current_weather"><param name="city">Dallas</param><param name="days">2</param></function>\n'
     '<function name="get_current_weather"><param name="city">Austin</param><param name="days">1</param></function>',
     [("get_current_weather", {"city": "Dallas", "days": 2}), ("get_current_weather", {"city": "Austin", "days": 1})],
     tools={"get_current_weather": {"city": {"type": "string"}, "days": {"type": "integer"}}})
case("minicpm5", "https://github.com/openvinotoolkit/model_server/issues/4268", "thinking, then the call",
     '<think>Beijing weather.</think><function name="get_weather"><param name="city">Beijing</param></function>',
     [("get_weather", {"city": "Beijing"})], reasoning="Beijing weather.", tools=["get_weather"])
G20 = "https://github.com/vllm-project/vllm/pull/8339"
case("granite_20b", G20, "one <function_call> per call, no closer",
     '<function_call> {"name": "get_current_weather", "arguments": {"location": "Boston"}}',
     [("get_current_weather", {"location": "Boston"})], tools=["get_current_weather"])
case("granite_20b", G20, "two calls, each with its own marker",
     '<function_call> {"name": "a", "arguments": {"x": 1}}\n<function_call> {"name": "b", "arguments": {"y": 2}}',
     [("a", {"x": 1}), ("b", {"y": 2})], tools=["a", "b"])
case("pythonic", "https://github.com/vllm-project/vllm/issues/43116", "Granite 3.3 writes bare python calls, one per line",
     'get_weather(location="San Francisco", unit="celsius")\nsearch_web(query="vLLM release notes")',
     [("get_weather", {"location": "San Francisco", "unit": "celsius"}), ("search_web", {"query": "vLLM release notes"})],
     tools=["get_weather", "search_web"])

# ---------------------------------------------------------------------------------------------
# More bends of the families above, from the same reports
case("minimax_m3", M3, "the closing tags of every level without the token",
     f"{NS}<tool_call>\n{NS}<invoke name=\"grep\">{NS}<pattern>TODO</pattern></invoke>\n</tool_call>",
     [("grep", {"pattern": "TODO"})], tools=["grep"])
case("minimax_m3", "https://github.com/anomalyco/opencode/issues/36569", "M3 thinking in <mm:think> before the block",
     f"<mm:think>Read the file first.</mm:think>{NS}<tool_call>\n{NS}<invoke name=\"read_file\">{NS}<path>a.md{NS}</path>"
     f"{NS}</invoke>\n{NS}</tool_call>",
     [("read_file", {"path": "a.md"})], reasoning="Read the file first.", tools=["read_file"])
case("minimax_m3", M3, "a JSON array value typed by the schema",
     f"{NS}<tool_call>\n{NS}<invoke name=\"tag\">{NS}<labels>[\"bug\", \"p1\"]{NS}</labels>{NS}</invoke>\n{NS}</tool_call>",
     [("tag", {"labels": ["bug", "p1"]})], tools={"tag": {"labels": {"type": "array"}}})
case("minimax_m3", M3, "prose after the block",
     f"{NS}<tool_call>\n{NS}<invoke name=\"now\">{NS}</invoke>\n{NS}</tool_call>\nWaiting for the result.",
     [("now", {})], "Waiting for the result.", tools=["now"])
case("minimax_m2", M25, "a value with markup-like text inside (HTML)",
     '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content"><div>hi</div></parameter>\n'
     '</invoke>\n</minimax:tool_call>', [("write_file", {"content": "<div>hi</div>"})], tools=["write_file"])
case("minimax_m2", "https://github.com/MiniMax-AI/MiniMax-M2.5/issues/24", "cut off after the invoke tag: never runnable",
     'Running it.\n<minimax:tool_call>\n<invoke name="exec">\n<parameter name="command">ls -l',
     [], "Running it.", tools=["exec"], incomplete=[("exec", {"command": "ls -l"})])
case("tool_call_hash", ZCP, "the tool name written without quotes",
     '[TOOL_CALL]\n{tool => shell, args => { --command "date" }}\n[/TOOL_CALL]', [("shell", {"command": "date"})],
     tools=["shell"])
case("tool_call_hash", DSA, "an undeclared tool stays text",
     '[TOOL_CALL]{tool => "rm_everything", args => {}}[/TOOL_CALL]', [],
     '[TOOL_CALL]{tool => "rm_everything", args => {}}[/TOOL_CALL]', tools=["shell"])
case("tool_call_hash", ZC, "a call with empty args",
     '[TOOL_CALL]\n{tool => "memory_list", args => {}}\n[/TOOL_CALL]', [("memory_list", {})], tools=["memory_list"])
case("solar_open", SO, "pretty-printed JSON arguments with nested values",
     '<|tool_calls|><|tool_call:begin|>k7<|tool_call:name|>book<|tool_call:args|>{\n  "room": "A1",\n  "slots": [1, 2]\n}'
     '<|tool_call:end|><|calls|>', [("book", {"room": "A1", "slots": [1, 2]})], tools=["book"])
case("solar_open", SO, "a <|tool_call:end|> quoted inside a string value",
     '<|tool_calls|><|tool_call:begin|>q1<|tool_call:name|>note<|tool_call:args|>{"text": "ends with <|tool_call:end|>"}'
     '<|tool_call:end|><|calls|>', [("note", {"text": "ends with <|tool_call:end|>"})], tools=["note"])
case("inkling", INK2, "a partial payload at the end of the stream is not a call",
     '<|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Se',
     [], tools=["get_weather"], incomplete=[("get_weather", {"city": "Se"})])
case("inkling", INK, "the name opening the turn, without tools declared: still read after the header",
     '<|message_model|>lookup<|content_invoke_tool_json|>{"name":"lookup","args":{"id":7}}<|end_message|>',
     [("lookup", {"id": 7})])
case("tool_code", TC1, "the fence's call cut off at the end of the stream",
     '```tool_code\nget_weather(city="Tok', [], tools=["get_weather"], incomplete=[("get_weather", {"city": "Tok"})])
case("tool_code", TC2, "nested dict argument",
     '```tool_code\ncreate(item={"a": 1, "b": [2]})\n```', [("create", {"item": {"a": 1, "b": [2]}})], tools=["create"])
case("muse", MU, "thinking, answer and a call in one turn",
     ' to=self<|message|>Check first.<|eom|><|start|>assistant to=user<|message|>One moment.<|eom|><|start|>assistant '
     'to=lookup<|message|><atem:function_calls>\n<atem:invoke name="lookup">\n<atem:parameter name="id">42'
     '</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
     [("lookup", {"id": 42})], "One moment.", "Check first.", tools=["lookup"])
case("muse", MU2, "a multi-line string value",
     ' to=write<|message|><atem:function_calls>\n<atem:invoke name="write">\n<atem:parameter name="text">line one\nline two'
     '</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
     [("write", {"text": "line one\nline two"})], tools={"write": {"text": {"type": "string"}}})
case("longcat_xml", LC, "a value holding </longcat_tool_call> text",
     '<longcat_tool_call>write\n<longcat_arg_key>text</longcat_arg_key>\n<longcat_arg_value>see </longcat_tool_call> here'
     '</longcat_arg_value>\n</longcat_tool_call>', [("write", {"text": "see </longcat_tool_call> here"})], tools=["write"])
case("granite", GR, "\"type\": \"function\" is not a name: the name key still wins",
     '<|tool_call|>[{"type": "function", "name": "where_am_i", "arguments": {}}]', [("where_am_i", {})],
     tools=["where_am_i"])
case("glm", "https://github.com/zai-org/GLM-5/issues/84", "a call with three arguments, the name on its own line",
     '<tool_call>task\n<arg_key>description</arg_key>\n<arg_value>Explore project structure</arg_value>\n'
     '<arg_key>prompt</arg_key>\n<arg_value>List the modules</arg_value>\n<arg_key>agent</arg_key>\n'
     '<arg_value>explore</arg_value>\n</tool_call>',
     [("task", {"description": "Explore project structure", "prompt": "List the modules", "agent": "explore"})],
     tools=["task"])
case("glm", "https://github.com/vllm-project/vllm/pull/47190", "the opening <arg_key> missing, glued to the name",
     '<tool_call>grep_toolpattern</arg_key><arg_value>TODO</arg_value></tool_call>', [("grep_tool", {"pattern": "TODO"})],
     tools=["grep_tool"])
case("glm", "https://github.com/vllm-project/vllm/pull/37386", "reasoning before the call, content after",
     '<think>Weather first.</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Xi\'an</arg_value>\n'
     '</tool_call>', [("get_weather", {"city": "Xi'an"})], reasoning="Weather first.", tools=["get_weather"])
case("qwen3_coder", "https://github.com/QwenLM/qwen-code/issues/10692", "a JSON value in a parameter, typed by schema",
     '<tool_call>\n<function=edit>\n<parameter=changes>\n[{"line": 3, "text": "x"}]\n</parameter>\n</function>\n</tool_call>',
     [("edit", {"changes": [{"line": 3, "text": "x"}]})], tools={"edit": {"changes": {"type": "array"}}})
case("qwen3_coder", "https://github.com/ollama/ollama/issues/16686", "a </parameter> inside a code value",
     '<tool_call>\n<function=write_file>\n<parameter=content>\nprint("</parameter>")\n</parameter>\n</function>\n'
     '</tool_call>', [("write_file", {"content": 'print("</parameter>")'})], tools=["write_file"])
case("qwen3_coder", "https://github.com/jundot/omlx/pull/844", "two naked functions back to back",
     '<function=Read>\n<parameter=path>\na.md\n</parameter>\n</function>\n<function=Read>\n<parameter=path>\nb.md\n'
     '</parameter>\n</function>', [("Read", {"path": "a.md"}), ("Read", {"path": "b.md"})], tools=["Read"])
case("deepseek_v3", "https://github.com/vllm-project/vllm/issues/18375", "prose, then two V3 calls",
     'Checking.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Beijing"}\n'
     '```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Wuhan"}\n```'
     '<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
     [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Wuhan"})], "Checking.", tools=["get_weather"])
case("deepseek_v3", "https://github.com/sgl-project/sglang/pull/5224", "R1 thinking before the call",
     '<think>Use the tool.</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>lookup\n```json\n'
     '{"id": 3}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [("lookup", {"id": 3})], reasoning="Use the tool.",
     tools=["lookup"])
case("deepseek_v31", "https://github.com/sgl-project/sglang/issues/14690", "the ASCII-pipe look-alike tokens",
     '<|tool▁calls▁begin|><|tool▁call▁begin|>get_weather<|tool▁sep|>{"city": "Hefei"}<|tool▁call▁end|><|tool▁calls▁end|>',
     [("get_weather", {"city": "Hefei"})], tools=["get_weather"])
case("deepseek_dsml", "https://github.com/ochafik/minja/pull/11", "thinking before the DSML block",
     '<think>Need the time.</think>\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_datetime">\n'
     '<｜DSML｜parameter name="timezone" string="true">UTC</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
     [("get_datetime", {"timezone": "UTC"})], reasoning="Need the time.", tools=["get_datetime"])
case("harmony", "https://github.com/lablup/mlxcel/pull/658", "two calls in a row",
     '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "a"}<|call|>'
     '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "b"}<|call|>',
     [("read_file", {"path": "a"}), ("read_file", {"path": "b"})], tools=["read_file"])
case("harmony", "https://github.com/kekzl/imp/issues/1716", "pretty-printed argument body",
     '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\n  "city": "Berlin"\n}<|call|>',
     [("get_weather", {"city": "Berlin"})], tools=["get_weather"])
case("harmony", "https://github.com/ggml-org/llama.cpp/pull/15181", "analysis with a <|call|> written inside it is prose",
     '<|channel|>analysis<|message|>The token <|call|> ends a call.<|end|><|start|>assistant<|channel|>final<|message|>'
     'Done.<|return|>', [], "Done.", "The token <|call|> ends a call.")
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/issues/20028", "a call cut off in its arguments",
     '[TOOL_CALLS]get_weather[ARGS]{"location": "Par', [], tools=["get_weather"],
     incomplete=[("get_weather", {"location": "Par"})])
case("bracket_tool_calls", "https://github.com/mistralai/mistral-vibe/issues/454", "nested arguments (Devstral editing)",
     '[TOOL_CALLS]edit_file[ARGS]{"path": "a.py", "edits": [{"old": "x", "new": "y"}]}',
     [("edit_file", {"path": "a.py", "edits": [{"old": "x", "new": "y"}]})], tools=["edit_file"])
case("llama3_json", "https://github.com/567-labs/instructor/pull/941", "nested parameters",
     '{"name": "create_user", "parameters": {"user": {"name": "Ana", "age": 31}}}',
     [("create_user", {"user": {"name": "Ana", "age": 31}})], tools=["create_user"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/19056", "a </tool_call> quoted inside a string value",
     '<tool_call>\n{"name": "write", "arguments": {"text": "end tag: </tool_call>"}}\n</tool_call>',
     [("write", {"text": "end tag: </tool_call>"})], tools=["write"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/10395", "a call cut off inside a string",
     '<tool_call>\n{"name": "write", "arguments": {"text": "half', [], tools=["write"],
     incomplete=[("write", {"text": "half"})])
case("tool_call_tag", "https://github.com/NousResearch/hermes-agent/issues/5867", "an undeclared tool is text",
     '<tool_call>\n{"name": "format_disk", "arguments": {}}\n</tool_call>', [],
     '<tool_call>\n{"name": "format_disk", "arguments": {}}\n</tool_call>', tools=["search"])
case("kimi_k2", KK, "prose after the section",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.ping:0<|tool_call_argument_begin|>{}<|tool_call_end|>'
     '<|tool_calls_section_end|>Sent.', [("ping", {})], "Sent.", tools=["ping"])
case("kimi_k2", "https://github.com/tailcallhq/forgecode/issues/1122", "Windows paths with escaped backslashes",
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.fs_search:0<|tool_call_argument_begin|>'
     '{"path": "C:\\\\Users\\\\kar"}<|tool_call_end|><|tool_calls_section_end|>', [("fs_search", {"path": "C:\\Users\\kar"})],
     tools=["fs_search"])
case("gemma_special", G4, "a call with no arguments",
     '<|tool_call>call:list_devices{}<tool_call|>', [("list_devices", {})], tools=["list_devices"])
case("gemma_special", "https://github.com/waybarrios/vllm-mlx/pull/623", "tool_code = fn(...) assignment form",
     'tool_code = get_weather(city="London", unit="celsius")\nprint(tool_code)',
     [("get_weather", {"city": "London", "unit": "celsius"})], tools=["get_weather"])
case("pythonic", "https://github.com/ollama/ollama/issues/7824", "a call with no arguments in a list",
     '[list_devices()]', [("list_devices", {})], tools=["list_devices"])
case("lfm2", LF, "a JSON list between the tokens (forced JSON schema mode)",
     '<|tool_call_start|>[{"name": "get_weather", "arguments": {"location": "Seoul"}}]<|tool_call_end|>',
     [("get_weather", {"location": "Seoul"})], tools=["get_weather"])
case("functiongemma", FG, "prose before the call",
     'Let me check.<start_function_call>call:get_time{tz:<escape>UTC<escape>}<end_function_call>',
     [("get_time", {"tz": "UTC"})], "Let me check.", tools=["get_time"])
case("command_r", CO, "two actions in one list",
     '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "a", "parameters": {}}, {"tool_call_id": "1", "tool_name": "b", '
     '"parameters": {"x": 1}}]<|END_ACTION|>', [("a", {}), ("b", {"x": 1})], tools=["a", "b"])
case("functools", PH, "a call cut off in the list",
     'functools[{"name": "search", "arguments": {"q": "x', [], tools=["search"], incomplete=[("search", {"q": "x"})])
case("seed_oss", "https://github.com/vllm-project/vllm/pull/23241", "two functions in one block",
     '<seed:tool_call>\n<function=a>\n<parameter=x>1</parameter>\n</function>\n<function=b>\n<parameter=y>2</parameter>\n'
     '</function>\n</seed:tool_call>', [("a", {"x": 1}), ("b", {"y": 2})],
     tools={"a": {"x": {"type": "integer"}}, "b": {"y": {"type": "integer"}}})
case("tool_calls_array", JA, "a list of two",
     '<tool_calls>[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"k": "v"}}]</tool_calls>',
     [("a", {}), ("b", {"k": "v"})], tools=["a", "b"])
case("internlm", "https://github.com/vllm-project/vllm/pull/8405", "the stream ends inside the action",
     '<|action_start|><|plugin|>\n{"name": "search", "parameters": {"query": "sh', [], tools=["search"],
     incomplete=[("search", {"query": "sh"})])
case("fenced_json", "https://github.com/ollama/ollama/issues/13519", "prose before the fenced call",
     'I will search the web.\n```json\n{"name": "query_web_search", "parameters": {"query": "ollama"}}\n```',
     [("query_web_search", {"query": "ollama"})], "I will search the web.", tools=["query_web_search"])
case("bare_json", "https://github.com/NousResearch/hermes-agent/issues/107125", "two bare objects, one per line",
     '{"name": "terminal", "arguments": {"command": "ls"}}\n{"name": "terminal", "arguments": {"command": "pwd"}}',
     [("terminal", {"command": "ls"}), ("terminal", {"command": "pwd"})], tools=["terminal"])

# MiniMax-M3's template writes objects and lists as nested elements (its to_xml macro)
M3T = "https://github.com/ggml-org/llama.cpp/blob/master/models/templates/MiniMax-M3.jinja"
case("minimax_m3", M3T, "an object parameter as nested elements",
     f"{NS}<tool_call>\n{NS}<invoke name=\"send_note\">{NS}<text>hi{NS}</text>{NS}<meta>{NS}<level>2{NS}</level>"
     f"{NS}<tag>x{NS}</tag>{NS}</meta>{NS}</invoke>\n{NS}</tool_call>",
     [("send_note", {"text": "hi", "meta": {"level": 2, "tag": "x"}})], tools=["send_note"])
case("minimax_m3", M3T, "a list parameter as <item> elements, a nested object in it",
     f"{NS}<tool_call>\n{NS}<invoke name=\"tag\">{NS}<labels>{NS}<item>bug{NS}</item>{NS}<item>{NS}<name>p1{NS}</name>"
     f"{NS}</item>{NS}</labels>{NS}</invoke>\n{NS}</tool_call>",
     [("tag", {"labels": ["bug", {"name": "p1"}]})], tools=["tag"])
case("minimax_m3", M3T, "a string-typed parameter that starts with a tag stays text",
     f"{NS}<tool_call>\n{NS}<invoke name=\"write\">{NS}<html><b>hi</b>{NS}</html>{NS}</invoke>\n{NS}</tool_call>",
     [("write", {"html": "<b>hi</b>"})], tools={"write": {"html": {"type": "string"}}})
case("tool_code", "https://github.com/vllm-project/vllm/pull/17149", "a pythonic list inside the fence (the vLLM gemma3 template)",
     '```tool_code\n[get_weather(city="Rome"), get_time(tz="CET")]\n```',
     [("get_weather", {"city": "Rome"}), ("get_time", {"tz": "CET"})], tools=["get_weather", "get_time"])

# --- hunt A (JSON families), 2026-12-03
OV = "https://github.com/openvinotoolkit/model_server/issues/4487"
case("qwen3_coder", OV, "a quoted parameter name <parameter=\"command\">: the quotes are the tag's",
     '<tool_call>\n<function=bash>\n<parameter="command">ls -la /tmp</parameter>\n</function>\n</tool_call>',
     [("bash", {"command": "ls -la /tmp"})], tools=["bash"])
case("qwen3_coder", "https://github.com/openvinotoolkit/model_server/pull/4502", "a quoted function name <function=\"bash\">",
     '<tool_call>\n<function="bash">\n<parameter=command>\npwd\n</parameter>\n</function>\n</tool_call>',
     [("bash", {"command": "pwd"})], tools=["bash"])
case("qwen3_coder", OV, "single-quoted parameter names, two parameters",
     "<tool_call>\n<function=write_file>\n<parameter='path'>\nnotes.md\n</parameter>\n<parameter='content'>\n# hi\n"
     "</parameter>\n</function>\n</tool_call>",
     [("write_file", {"path": "notes.md", "content": "# hi"})], tools=["write_file"])
case("qwen3_coder", "https://github.com/sgl-project/sglang/pull/36835", "an empty tag for a string parameter is the empty string",
     '<tool_call>\n<function=search>\n<parameter=query>\nvllm\n</parameter>\n<parameter=site>\n</parameter>\n</function>\n'
     '</tool_call>', [("search", {"query": "vllm", "site": ""})],
     tools={"search": {"query": {"type": "string"}, "site": {"type": "string"}}})
case("qwen3_coder", "https://github.com/ollama/ollama/pull/17742", "the bare function with a stray </tool_call>, an orphan opener after",
     '<function=exec_command>\n<parameter=cmd>\necho LEAK_TEST\n</parameter>\n</function>\n</tool_call>',
     [("exec_command", {"cmd": "echo LEAK_TEST"})], tools=["exec_command"])
case("qwen3_coder", "https://github.com/raullenchai/Rapid-MLX/issues/448", "the call then <|im_end|> (special tokens kept)",
     '<tool_call>\n<function=run_tests>\n</function>\n</tool_call><|im_end|>', [("run_tests", {})], tools=["run_tests"])
KV = "https://github.com/vllm-project/vllm/pull/31207"
case("kimi_k2", KV, "the argument token left out: the JSON right after the id, spaces around (in a section)",
     '<|tool_calls_section_begin|><|tool_call_begin|> functions.get_weather:0 {"city": "Tokyo"} <|tool_call_end|>'
     '<|tool_calls_section_end|>', [("get_weather", {"city": "Tokyo"})], tools=["get_weather"])
case("kimi_k2", KV, "the argument token left out, no section (the streamed leak of the report)",
     'Checking.<|tool_call_begin|> functions.get_weather:0 {"city": "Tokyo"} <|tool_call_end|>',
     [("get_weather", {"city": "Tokyo"})], "Checking.", tools=["get_weather"])
case("kimi_k2", "https://github.com/vybestack/llxprt-code/pull/750", "the section on its own lines",
     '<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "a.md"}'
     '<|tool_call_end|>\n<|tool_calls_section_end|>', [("read_file", {"path": "a.md"})], tools=["read_file"])
case("kimi_k2", "https://github.com/NousResearch/hermes-agent/pull/24536", "a Kimi call as the whole content, prose before, end token after",
     'Let me look.\n<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>'
     '{"query": "k2 parser"}<|tool_call_end|><|tool_calls_section_end|><|im_end|>',
     [("search", {"query": "k2 parser"})], "Let me look.", tools=["search"])
case("kimi_k2", "https://github.com/lablup/mlxcel/pull/783", "a section without per-call tokens: the body is one call",
     '<|tool_calls_section_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}'
     '<|tool_calls_section_end|>', [("get_weather", {"city": "Oslo"})], tools=["get_weather"])
case("tool_call_tag", "https://github.com/signalnine/q27/pull/32", "the opener written twice before the JSON: the repeat is markup",
     '<tool_call>\n<tool_call>\n{"name": "read_file", "arguments": {"path": "notes.md"}}\n</tool_call>',
     [("read_file", {"path": "notes.md"})], tools=["read_file"])
case("tool_call_tag", "https://github.com/signalnine/q27/pull/32", "the opener twice and the end of the stream: never the answer",
     '<tool_call>\n<tool_call>', [], tools=["read_file"])
case("tool_call_tag", "https://github.com/ROCm/ATOM/pull/1427", "Qwen3-8B: an empty-argument call, the block never closed",
     '<tool_call>\n{"name": "list_files", "arguments": {}}\n', [("list_files", {})], tools=["list_files"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/21544", "an unbalanced brace inside a string value",
     '<tool_call>\n{"name": "run_shell_command", "arguments": {"command": "mkdir -p test/{test1,test2"}}\n</tool_call>',
     [("run_shell_command", {"command": "mkdir -p test/{test1,test2"})], tools=["run_shell_command"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/18791", "Chinese prose, then the call",
     '我将使用工具进行计算。\n<tool_call>\n{"name": "calculator", "arguments": {"expression": "2+3"}}\n</tool_call>',
     [("calculator", {"expression": "2+3"})], "我将使用工具进行计算。", tools=["calculator"])
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/32518", "arguments ending in a nested object and a bool (lost braces)",
     '<tool_call>\n{"name": "set_alarm", "arguments": {"time": {"h": 7, "m": 30}, "repeat": true}}\n</tool_call>',
     [("set_alarm", {"time": {"h": 7, "m": 30}, "repeat": True})], tools=["set_alarm"])
case("tool_call_tag", "https://github.com/odysseus-dev/odysseus/issues/6013", "no whitespace in the wrapper, a closer quoted in a value",
     '<tool_call>{"name":"write_file","arguments":{"path":"notes.txt","content":"alpha </tool_call> omega"}}</tool_call>',
     [("write_file", {"path": "notes.txt", "content": "alpha </tool_call> omega"})], tools=["write_file"])
case("tool_call_tag", "https://github.com/ml-explore/mlx-lm/pull/792",
     "GLM 4.7 writing a JSON call inside its <tool_call>",
     '<tool_call>{"name": "read", "arguments": {"filePath": "src/app.ts"}}</tool_call>',
     [("read", {"filePath": "src/app.ts"})], tools=["read"])
case("bare_json", "https://github.com/mark3labs/mcphost/issues/12", "Qwen2.5-Coder: bare JSON with blank lines and trailing spaces",
     '\n\n  {"name": "filesystem__list_directory", "arguments": {"path": "."}}   ',
     [("filesystem__list_directory", {"path": "."})], tools=["filesystem__list_directory"])
case("bare_json", "https://github.com/jundot/omlx/issues/2565", "Qwen2.5-Coder: the call as the whole content",
     '{"name": "read_file", "arguments": {"path": "test.txt"}}', [("read_file", {"path": "test.txt"})], tools=["read_file"])
case("tool_calls_array", "https://github.com/zeroclaw-labs/zeroclaw/pull/7195", "Llama 4 Scout (Groq): one object in <tool_calls> on its own lines",
     '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_calls>',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("llama3_json", "https://github.com/vllm-project/vllm/issues/28219", "R1-Distill-Llama: thinking, then the bare Llama JSON",
     '<think>\nThe user wants the weather, I will call the tool.\n</think>\n\n{"name": "get_weather", "parameters": '
     '{"location": "Paris"}}', [("get_weather", {"location": "Paris"})],
     reasoning="The user wants the weather, I will call the tool.", tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/ml-explore/mlx-lm/pull/1643", "the classic list with the id after the arguments",
     '[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "/tmp/test.txt"}, "id": "abcdefghi"}]',
     [("read_file", {"path": "/tmp/test.txt"})], tools=["read_file"])
case("bracket_tool_calls", "https://github.com/ml-explore/mlx-lm/issues/1374", "Ministral: a space between the token and the list",
     '[TOOL_CALLS] [{"name": "calculator", "arguments": {"expression": "2+3"}}]',
     [("calculator", {"expression": "2+3"})], tools=["calculator"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/pull/30588", "a brace in the prose before the token",
     'Using the {city} slot. [TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]',
     [("get_weather", {"city": "Paris"})], "Using the {city} slot.", tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/ml-explore/mlx-lm/issues/1069", "Devstral [ARGS] with a long escaped multi-line value",
     '[TOOL_CALLS]write[ARGS]{"filePath": "/tmp/loader.py", "content": "# Document Loader Module\\n# ---\\nimport torch\\n"}',
     [("write", {"filePath": "/tmp/loader.py", "content": "# Document Loader Module\n# ---\nimport torch\n"})],
     tools=["write"])
case("bracket_tool_calls", "https://github.com/raullenchai/Rapid-MLX/issues/579", "Devstral-Small-2: prose, then NAME[ARGS]",
     'Reading it.[TOOL_CALLS]read[ARGS]{"path": "src/main.py"}', [("read", {"path": "src/main.py"})], "Reading it.",
     tools=["read"])
case("glm", "https://github.com/alibaba/rtp-llm/pull/525", "GLM-4.6's multi-line form with a CJK value",
     '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>杭州</arg_value>\n</tool_call>',
     [("get_current_weather", {"location": "杭州"})], tools=["get_current_weather"])
case("glm", "https://github.com/vllm-project/vllm/issues/48201", "a zero-argument call, nothing after the name",
     '<tool_call>get_current_date</tool_call>', [("get_current_date", {})], tools=["get_current_date"])
case("glm", "https://github.com/inferencerlabs/inferencer-feedback/issues/101", "GLM 4.7: three inline arguments (only the first was read)",
     '<tool_call>write_file<arg_key>path</arg_key><arg_value>a.txt</arg_value><arg_key>content</arg_key><arg_value>hi'
     '</arg_value><arg_key>mode</arg_key><arg_value>w</arg_value></tool_call>',
     [("write_file", {"path": "a.txt", "content": "hi", "mode": "w"})], tools=["write_file"])
case("glm", "https://github.com/vllm-project/vllm/pull/47190", "the first <arg_key> missing, a space between name and key",
     '<tool_call>browser_action task</arg_key><arg_value>open the docs</arg_value></tool_call>',
     [("browser_action", {"task": "open the docs"})], tools=["browser_action"],
)
case("glm", "https://github.com/getsigit/sigit/pull/95", "a second <tool_call> where the first <arg_key> belongs",
     '<tool_call>exec_command<tool_call>command</arg_key><arg_value>ls -la</arg_value></tool_call>',
     [("exec_command", {"command": "ls -la"})], tools=["exec_command"])
case("deepseek_v3", "https://github.com/sgl-project/sglang/pull/5224", "two V3 calls on separate lines, the end-of-sentence token",
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_current_weather\n```json\n{"location": "Tokyo"}\n```'
     '<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_current_weather\n```json\n{"location": "Paris"}\n```'
     '<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
     [("get_current_weather", {"location": "Tokyo"}), ("get_current_weather", {"location": "Paris"})],
     tools=["get_current_weather"])
case("deepseek_v31", "https://github.com/smg-project/smg/pull/897", "V3.1 nested JSON arguments",
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "SF", "opts": {"units": ["c", "f"], '
     '"days": 3}}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
     [("get_weather", {"city": "SF", "opts": {"units": ["c", "f"], "days": 3}})], tools=["get_weather"])
case("deepseek_v31", "https://github.com/sgl-project/sglang/pull/17320", "DeepSeek-V3.2 writing the V3.1 tokens, prose first",
     'Let me check the weather.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location": "Beijing"}'
     '<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [("get_weather", {"location": "Beijing"})], "Let me check the weather.",
     tools=["get_weather"])
case("deepseek_dsml", "https://github.com/tetherto/qvac/pull/3668", "V4's <｜DSML｜tool_calls> wrapper, then the end token",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris'
     '</｜DSML｜parameter>\n<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>\n</｜DSML｜invoke>\n'
     '</｜DSML｜tool_calls><｜end▁of▁sentence｜>', [("get_weather", {"city": "Paris", "days": 3})], tools=["get_weather"])
case("qwen3_coder", "https://github.com/sgl-project/sglang/issues/39836", "a parameter tag repeated mid-value: never runnable",
     '<tool_call>\n<function=edit>\n<parameter=edits>\n[{"old": "a", "new": "b"},\n<parameter=edits>\n{"old": "c", "new": "d"}]\n'
     '</parameter>\n</function>\n</tool_call>', [], tools={"edit": {"edits": {"type": "array"}}},
     incomplete=[("edit", {"edits": '[{"old": "a", "new": "b"},'})], given=True)
case("qwen3_coder", "https://github.com/vllm-project/vllm/issues/58227", "an unclosed <tool_call> quoted in thinking, then the real call",
     '<think>The format is <tool_call>\n<function=function_name>\nso I will use it.\n</think>\n\n<tool_call>\n'
     '<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
     [("get_weather", {"city": "Paris"})], reasoning="The format is <tool_call>\n<function=function_name>\nso I will use it.",
     tools=["get_weather"])
case("qwen3_coder", "https://github.com/warpfront/hipfire/pull/750", "a duplicated </function> after the call",
     '<tool_call>\n<function=read_file>\n<parameter=path>\na.md\n</parameter>\n</function>\n</function>\n</tool_call>',
     [("read_file", {"path": "a.md"})], tools=["read_file"])
case("glm", "https://github.com/fw-ai/cookbook/pull/400", "GLM-5.1 ends a call's turn with <|observation|> (special tokens kept)",
     '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call><|observation|>',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("glm", "https://github.com/fw-ai/cookbook/pull/400", "an answer's turn ended by <|user|>",
     '<think>Easy one.</think>\nIt is 4.<|user|>', [], "It is 4.", "Easy one.")
case("glm", "https://github.com/vllm-project/vllm/pull/47190", "a spaced glued key on an undeclared name stays text",
     '<tool_call>browse task</arg_key><arg_value>x</arg_value></tool_call>', [],
     '<tool_call>browse task</arg_key><arg_value>x</arg_value></tool_call>', tools=["browser_action"])
case("llama3_json", "https://github.com/vllm-project/vllm/issues/16214", "Llama 4: JSON between <|python_start|> and <|python_end|>",
     '<|python_start|>{"name": "brave_web_search", "parameters": {"query": "latest news"}}<|python_end|>',
     [("brave_web_search", {"query": "latest news"})], tools=["brave_web_search"])
case("llama3_json", "https://github.com/vllm-project/vllm/issues/16214", "Llama 4: the call, then its end-of-turn <|eot|>",
     '{"name": "brave_web_search", "parameters": {"query": "latest news"}}<|eot|>',
     [("brave_web_search", {"query": "latest news"})], tools=["brave_web_search"])
case("llama3_json", "https://github.com/vllm-project/vllm/issues/11786", "Llama 3.2: two calls joined by '; '",
     '{"name": "get_current_weather", "parameters": {"location": "Boston, MA", "unit": "Fahrenheit"}}; {"name": '
     '"get_current_weather", "parameters": {"location": "Paris", "unit": "Celsius"}}',
     [("get_current_weather", {"location": "Boston, MA", "unit": "Fahrenheit"}),
      ("get_current_weather", {"location": "Paris", "unit": "Celsius"})], tools=["get_current_weather"])
case("bare_json", "https://github.com/NIyueeE/ds-free-api/issues/26", "an indented bare list, code with escapes in a value",
     '[\n      {"name": "write_to_file", "arguments": {"content": "package openai\\n\\nimport (\\n\\t\\"encoding/json\\"\\n)\\n", '
     '"path": "a.go"}}\n]', [("write_to_file", {"content": 'package openai\n\nimport (\n\t"encoding/json"\n)\n', "path": "a.go"})],
     tools=["write_to_file"])
case("qwen3_coder", "https://github.com/blockcell-labs/blockcell/issues/21", "Step 3.5 (OpenRouter): the bare function, a JSON object parameter",
     '<function=spawn>\n<parameter=skill_name>\nstock_monitor\n</parameter>\n<parameter=params>\n{"intent": "query", "mode": "query"}\n'
     '</parameter>\n</function>', [("spawn", {"skill_name": "stock_monitor", "params": {"intent": "query", "mode": "query"}})],
     tools={"spawn": {"skill_name": {"type": "string"}, "params": {"type": "object"}}})
case("tool_call_tag", "https://github.com/vybestack/llxprt-code/blob/main/project-plans/multi-provider/23-implement-tool-formatter-hermes.md",
     "Hermes 2 Pro: the ChatML role header and end token left around the call, name after arguments",
     '<|im_start|>assistant\n<tool_call>\n{"arguments": {"symbol": "TSLA"}, "name": "get_stock_fundamentals"}\n</tool_call>\n'
     '<|im_end|>', [("get_stock_fundamentals", {"symbol": "TSLA"})], tools=["get_stock_fundamentals"])
case("tool_call_tag", "https://github.com/yigit353/langchain-qwq/issues/30", "QwQ closes the call object once too often before </tool_call>",
     '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}}\n</tool_call>',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("tool_call_tag", "https://github.com/QwenLM/Qwen-Agent/issues/734", "an empty-argument call, the wrapper never closed, prose before",
     'Checking.\n<tool_call>\n{"name": "list_tools", "arguments": {}}\n', [("list_tools", {})], "Checking.", tools=["list_tools"])
case("llama3_json", "https://github.com/ollama/ollama/issues/12017", "llama3.2: a closing brace inside a string value",
     '{"name": "write_log", "parameters": {"message": "}A"}}', [("write_log", {"message": "}A"})], tools=["write_log"])
case("deepseek_dsml", "https://github.com/sgl-project/sglang/pull/39435", "V4.1: a parameter tag without the DSML token nor string=",
     "I'll call the `set_flag` function to enable the flag.\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"set_flag\">\n"
     "<parameter name=\"enabled\">true</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>",
     [("set_flag", {"enabled": True})], "I'll call the `set_flag` function to enable the flag.",
     tools={"set_flag": {"enabled": {"type": "boolean"}}})
case("deepseek_dsml", "https://github.com/sgl-project/sglang/issues/40236", "a bare invoke, no section",
     '<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n'
     '</｜DSML｜invoke>', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("deepseek_dsml", "https://github.com/sgl-project/sglang/issues/40236", "the section never closed",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris'
     '</｜DSML｜parameter>\n</｜DSML｜invoke>\n', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("deepseek_dsml", "https://github.com/ggml-org/llama.cpp/pull/28612", "a misspelled parameter closer: that call is not runnable",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris'
     '</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" '
     'string="true">Rome</｜DSML｜parametr>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
     [("get_weather", {"city": "Paris"})], tools=["get_weather"], incomplete=[("get_weather", {"city": "Rome"})])
case("deepseek_dsml", "https://github.com/vllm-project/vllm/pull/54838", "a parameter's closer missing before the next one",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="search">\n<｜DSML｜parameter name="query" string="true">vllm\n'
     '<｜DSML｜parameter name="topn" string="false">5</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
     [("search", {"query": "vllm", "topn": 5})], tools=["search"])
case("deepseek_dsml", "https://github.com/ggml-org/llama.cpp/pull/28612", "angle brackets and & in a string value are text",
     '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write">\n<｜DSML｜parameter name="text" string="true">'
     '<east> & Osaka</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
     [("write", {"text": "<east> & Osaka"})], tools=["write"])
case("deepseek_dsml", "https://github.com/diegosouzapw/OmniRoute/pull/13930", "DeepSeek V4 (web): doubled bars and a space in every tag",
     '<｜｜DSML｜｜ tool_calls>\n<｜｜DSML｜｜ invoke name="get_weather">\n<｜｜DSML｜｜ parameter name="city" string="true">Paris'
     '</｜｜DSML｜｜ parameter>\n</｜｜DSML｜｜ invoke>\n</｜｜DSML｜｜ tool_calls>', [("get_weather", {"city": "Paris"})],
     tools=["get_weather"])
NM = "https://github.com/raullenchai/Rapid-MLX/pull/1031"
case("qwen3_coder", NM, "Nemotron: the block's closer missing, all on one line",
     '<tool_call><function=f><parameter=x>1</parameter></function>', [("f", {"x": 1})], tools={"f": {"x": {"type": "integer"}}})
case("qwen3_coder", NM, "Nemotron: a word between </function> and </tool_call> is content",
     '<tool_call><function=f>\n<parameter=x>\n1\n</parameter>\n</function> ok </tool_call>', [("f", {"x": 1})], "ok",
     tools={"f": {"x": {"type": "integer"}}})
case("qwen3_coder", NM, "Nemotron: prose between <tool_call> and <function=",
     '<tool_call>\nLet me check.\n<function=f>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>',
     [("f", {"x": 1})], "Let me check.", tools={"f": {"x": {"type": "integer"}}})
case("functionary", "https://github.com/NousResearch/hermes-agent/pull/35129", "Ollama cloud: <function=NAME>{json}</function>",
     '<function=get_weather>{"city": "Paris"}</function>', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("bracket_tool_calls", "https://github.com/vllm-project/vllm/pull/38695", "Apriel: thinking, then the [TOOL_CALLS] list with an array argument",
     '<think>Let me think.</think>[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris", "days": [1, 2]}}]',
     [("get_weather", {"city": "Paris", "days": [1, 2]})], reasoning="Let me think.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# --- hunt B (other families), 2026-12-03
case("harmony", "https://github.com/raullenchai/Rapid-MLX/issues/480", "special tokens stripped: `commentary to=functions.f json{…}`",
     'commentary to=functions.get_weather json{"city":"Paris"}', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("harmony", "https://github.com/Augustas11/macprovider/issues/743", "special tokens stripped: analysisX…assistantfinalY",
     'analysisWe need to answer "What is 2+2?". The answer is "four".\nWe should output only that word.assistantfinalfour',
     [], "four", 'We need to answer "What is 2+2?". The answer is "four".\nWe should output only that word.')
case("harmony", "https://github.com/sgl-project/sglang/blob/main/sgl-router/tests/tool_parser_gpt_oss.rs",
     "prose before the channel token, no space before <|constrain|>, prose after the call",
     'Let me search for that information.\n<|channel|>commentary to=functions.search<|constrain|>json<|message|>'
     '{"query": "rust programming", "limit": 10}<|call|>\nHere are the results...',
     [("search", {"query": "rust programming", "limit": 10})], "Let me search for that information.\nHere are the results...",
     tools=["search"])
case("pythonic", "https://github.com/vllm-project/vllm/issues/22917", "prose before the call list (Llama 4)",
     'To determine the weather on April 14, I will first get the date.\n\n[get_todays_date(), get_weather(location="Dublin, Ireland", date="2025-04-14")]',
     [("get_todays_date", {}), ("get_weather", {"location": "Dublin, Ireland", "date": "2025-04-14"})],
     'To determine the weather on April 14, I will first get the date.', tools=["get_todays_date", "get_weather"])
case("pythonic", "https://github.com/vllm-project/vllm/issues/30722", "the list's closing ] never written: the call itself is whole",
     '[update_plan(steps=[{"title": "a", "done": True}, {"title": "b", "done": False}])', [("update_plan", {"steps": [{"title": "a", "done": True}, {"title": "b", "done": False}]})], tools=["update_plan"])
case("pythonic", "https://github.com/vllm-project/vllm/issues/16214", "Llama 4 JSON call inside <|python_start|>",
     '<|python_start|>{"name": "brave_web_search", "parameters": {"query": "latest news"}}<|python_end|>',
     [("brave_web_search", {"query": "latest news"})], tools=["brave_web_search"])
case("minimax_m2", "https://github.com/ai-dynamo/frontend-crates/pull/245", "the block's closer written inside a value",
     '<minimax:tool_call><invoke name="get_weather"><parameter name="location">Montréal </minimax:tool_call> café'
     '</parameter></invoke></minimax:tool_call>', [("get_weather", {"location": "Montréal </minimax:tool_call> café"})],
     tools=["get_weather"])

case("lfm2", "https://github.com/vllm-project/vllm/pull/39243", "a space before <|tool_call_end|>",
     '<|tool_call_start|>[get_current_temperature(location="Tokyo")] <|tool_call_end|>',
     [("get_current_temperature", {"location": "Tokyo"})], tools=["get_current_temperature"])
case("gemma_special", "https://github.com/NousResearch/hermes-agent/pull/48412", "thought channel, then a call whose string holds quotes and parentheses",
     '<|channel>thought\nI\'ll patch the file.\n<channel|><|tool_call>call:patch{path:<|"|>/tmp/a.py<|"|>,content:<|"|>print(\'hi\')<|"|>,mode:<|"|>overwrite<|"|>}<tool_call|>',
     [("patch", {"path": "/tmp/a.py", "content": "print('hi')", "mode": "overwrite"})], reasoning="I'll patch the file.", tools=["patch"])
case("gemma_special", "https://github.com/NousResearch/hermes-agent/pull/7449", "parenthesized form with plain double quotes and colons",
     '<|tool_call>call:web_search(query: "weather in Seoul", limit: 3)<tool_call|>',
     [("web_search", {"query": "weather in Seoul", "limit": 3})], tools=["web_search"])
case("gemma_special", "https://github.com/vllm-project/vllm/issues/54256", "the call right after the thought channel closes, without <|tool_call>",
     '<|channel>thought\nLet me inspect the code at the crash point.\n<channel|>call:bash{command:<|"|>cat /work/src/entry.c<|"|>}',
     [("bash", {"command": "cat /work/src/entry.c"})], reasoning="Let me inspect the code at the crash point.", tools=["bash"])
case("gemma_special", "https://github.com/vllm-project/vllm/pull/54778", "the opener without its call: marker",
     '<|tool_call>get_weather{city:<|"|>Paris<|"|>}<tool_call|>', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("gemma_special", "https://github.com/vllm-project/vllm/pull/54778", "the opener with a bare ':' for call:",
     '<|tool_call>:get_weather{city:<|"|>Paris<|"|>}<tool_call|>', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("gemma_special", "https://github.com/mattn/tensai/pull/217", "the whole <|tool_call>call: lost: a declared NAME{…} opening the content",
     'get_weather{city:<|"|>Paris<|"|>}', [("get_weather", {"city": "Paris"})], tools=["get_weather"])
case("gemma_special", "https://github.com/Gitlawb/openclaude/pull/380", "special tokens stripped: call:NAME{k:\"v\"} as the content",
     'call:Bash{command:"ls -la"}', [("Bash", {"command": "ls -la"})], tools=["Bash"])
case("harmony", "https://github.com/ollama/ollama/issues/12132", "recipient in the role header, analysis channel (the name gets <|channel|>analysis fused in Ollama)",
     '<|start|>assistant to=functions.create_event<|channel|>analysis <|constrain|>json<|message|>{"summary": "Swim Practice"}<|call|>',
     [("create_event", {"summary": "Swim Practice"})], tools=["create_event"])
case("harmony", "https://github.com/avalan-ai/avalan/pull/715", "a tool call with no arguments ({}), the channel repeated after the recipient",
     '<|channel|>commentary to=functions.get_time<|channel|>commentary <|constrain|>json<|message|>{}<|call|>',
     [("get_time", {})], tools=["get_time"])
case("harmony", "https://github.com/sgl-project/sglang/pull/10576", "the call ended by <|return|> instead of <|call|>",
     '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Oslo"}<|return|>',
     [("get_weather", {"city": "Oslo"})], reasoning="Need weather.", tools=["get_weather"])

SEEDT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_seed_oss_tool_parser.py"
case("seed_oss", SEEDT, "budget-reflect tags inside the thinking (a 512-token budget)",
     "<seed:think>The user's current thinking budget is 512.</seed:cot_budget_reflect>\nLet me analyze the question.\n"
     "<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\n"
     " The unit parameter can be omitted.</seed:think>\n<seed:tool_call>\n<function=get_weather>\n"
     "<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
     [("get_weather", {"location": "Barcelona, Spain"})], tools=["get_weather"],
     reasoning="The user's current thinking budget is 512.</seed:cot_budget_reflect>\nLet me analyze the question.\n"
     "<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\n"
     " The unit parameter can be omitted.")
case("seed_oss", SEEDT, "a zero budget: two bare reflect closers, then the call",
     "<seed:think>\n</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly "
     "start answering the question.\n</seed:think>\n<seed:tool_call>\n<function=get_weather>\n"
     "<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
     [("get_weather", {"location": "Barcelona, Spain"})], tools=["get_weather"],
     reasoning="</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly "
     "start answering the question.")
case("seed_oss", SEEDT, "the thinking quotes the call's syntax; only the call after it runs",
     "<seed:think>\nThe format is <seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n"
     "</function>\n</seed:tool_call>. Wait, does unit accept celsius? Let me go with that.</seed:think><seed:tool_call>\n"
     "<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n"
     "</function>\n</seed:tool_call>",
     [("get_weather", {"location": "Barcelona, Spain", "unit": "celsius"})], tools=["get_weather"],
     reasoning="The format is <seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n"
     "</function>\n</seed:tool_call>. Wait, does unit accept celsius? Let me go with that.")
case("command_r", "https://github.com/ollama/ollama/pull/14970", "Command-R's Action: ```json list",
     'Action: ```json\n[\n    {\n        "tool_name": "bash",\n        "parameters": {"command": "ls"}\n    }\n]\n```',
     [("bash", {"command": "ls"})], tools=["bash"])
case("command_r", "https://github.com/smg-project/smg/pull/315", "a response block, then an action holding one object on its own lines",
     '<|START_RESPONSE|>Let me help.<|END_RESPONSE|>\n<|START_ACTION|>\n{"tool_name": "search", "parameters": {"query": "rust"}}\n<|END_ACTION|>',
     [("search", {"query": "rust"})], "Let me help.", tools=["search"])
case("command_r", "https://github.com/Blaizzy/mlx-vlm/pull/1298", "thinking markers and text markers (Command A Reasoning), no call",
     '<|START_THINKING|>The user greets me.<|END_THINKING|><|START_TEXT|>Hello! How can I help?<|END_TEXT|>',
     [], "Hello! How can I help?", "The user greets me.", tools=["search"])
case("minimax_m2", "https://github.com/cubist38/mlx-openai-server/issues/179", "the think opener is the prompt's: bare </think>, then a call",
     'The user wants the files listed. I will call the tool.\n</think>\n\n<minimax:tool_call>\n<invoke name="list_dir">\n'
     '<parameter name="path">.</parameter>\n</invoke>\n</minimax:tool_call>',
     [("list_dir", {"path": "."})], reasoning="The user wants the files listed. I will call the tool.", tools=["list_dir"], thinking=True)
case("minimax_m2", "https://github.com/MiniMax-AI/MiniMax-M2.1/issues/10", "the </think> lost: the call inside an unclosed think",
     '<think>I should list the files first.\n<minimax:tool_call>\n<invoke name="list_dir">\n'
     '<parameter name="path">.</parameter>\n</invoke>\n</minimax:tool_call>',
     [("list_dir", {"path": "."})], reasoning="I should list the files first.", tools=["list_dir"])

case("harmony", "https://github.com/ggml-org/llama.cpp/pull/15158", "the type word glued to the name (`to=functions.shelljson`)",
     '<|start|>assistant<|channel|>commentary to=functions.shelljson<|message|>{"command": ["ls", "-la"]}<|call|>',
     [("shell", {"command": ["ls", "-la"]})], tools=["shell"])
case("harmony", "https://github.com/ggml-org/llama.cpp/pull/15158", "a bare json type word, then the final answer after the call",
     '<|channel|>analysis<|message|>List it.<|end|><|start|>assistant<|channel|>commentary to=functions.shell json<|message|>'
     '{"command": ["ls"]}<|call|>',
     [("shell", {"command": ["ls"]})], reasoning="List it.", tools=["shell"])
case("harmony", "https://github.com/Augustas11/macprovider/issues/743", "special tokens stripped around a call: analysis, then the fused commentary",
     'analysisNeed to call get_weather.assistantcommentary to=functions.get_weather json{"city":"Paris"}',
     [("get_weather", {"city": "Paris"})], reasoning="Need to call get_weather.", tools=["get_weather"])
case("harmony", "https://github.com/waybarrios/vllm-mlx/pull/562", "a call on the analysis channel, a bare code type word, a newline before the JSON",
     '<|channel|>analysis<|message|>We need to run ffgrep. Let us search.\n<|end|><|start|>assistant<|channel|>analysis '
     'to=functions.ffgrep code<|message|>\n{"path":"","pattern":"TextualDisplayView"}<|call|>',
     [("ffgrep", {"path": "", "pattern": "TextualDisplayView"})], reasoning="We need to run ffgrep. Let us search.",
     tools=["ffgrep"])
case("step3", "https://github.com/vllm-project/vllm/pull/55175", "two calls, each with its own function<｜tool_sep｜>",
     '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">'
     '<steptml:parameter name="city">Paris</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_call_begin｜>function'
     '<｜tool_sep｜><steptml:invoke name="get_time"><steptml:parameter name="tz">CET</steptml:parameter></steptml:invoke>'
     '<｜tool_call_end｜><｜tool_calls_end｜>',
     [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})], tools=["get_weather", "get_time"])
case("step3", "https://github.com/vllm-project/vllm/pull/29652", "Step DeepResearch's <steptml:toolcall> wrapper, a JSON array value, prose around",
     'Let me search for that information...\n<steptml:toolcall>\n<steptml:invoke name="web_search">\n'
     '<steptml:parameter name="query">["machine learning", "deep learning"]</steptml:parameter>\n</steptml:invoke>\n'
     '</steptml:toolcall>\nHere is the summary.',
     [("web_search", {"query": ["machine learning", "deep learning"]})], "Let me search for that information...\nHere is the summary.",
     tools={"web_search": {"query": {"type": "array"}}})
case("hunyuan_v3", "https://github.com/sgl-project/sglang/pull/7672", "Hunyuan-A13B: a JSON list in <tool_calls> inside <answer>",
     '<answer><tool_calls>[{"name": "get_weather", "arguments": {"location": "Tokyo"}}]</tool_calls></answer>',
     [("get_weather", {"location": "Tokyo"})], tools=["get_weather"])
case("internlm", "https://github.com/ollama/ollama/issues/5761", "prose glued to the action token, a dashed tool name",
     'I need to use the duckduckgo-search API to find the latest news.<|action_start|><|plugin|>\n'
     '{"name":"duckduckgo-search","parameters":{"input":"latest news today"}}<|action_end|>',
     [("duckduckgo-search", {"input": "latest news today"})], "I need to use the duckduckgo-search API to find the latest news.",
     tools=["duckduckgo-search"])
case("internlm", "https://github.com/InternLM/InternLM/pull/634", "the documented turn: CJK prose, the action, then <|im_end|>",
     '好的，我将为你查询上海的天气。<|action_start|><|plugin|>\n{"name": "get_current_weather", "parameters": {"location": "Shanghai"}}'
     '<|action_end|><|im_end|>',
     [("get_current_weather", {"location": "Shanghai"})], "好的，我将为你查询上海的天气。", tools=["get_current_weather"])
case("longcat_xml", "https://github.com/sipeed/picoclaw/issues/2046", "LongCat's API output: name and tags separated by spaces",
     '<longcat_tool_call>weather <longcat_arg_key>location</longcat_arg_key> <longcat_arg_value>New York, United States'
     '</longcat_arg_value> </longcat_tool_call>',
     [("weather", {"location": "New York, United States"})], tools=["weather"])
case("functools", "https://github.com/vllm-project/vllm/pull/58072", "prose inside the marker's brackets is no call: it stays content as written",
     'functools[ This is just text ]', [], 'functools[ This is just text ]', tools=["search"])
case("granite", "https://github.com/ShishirPatil/gorilla/pull/967", "Phi-4-mini's <|tool_call|>[…]<|/tool_call|> list",
     '<|tool_call|>[{"name": "calculate_final_velocity", "arguments": {"height": 150, "initial_velocity": 0}}]<|/tool_call|>',
     [("calculate_final_velocity", {"height": 150, "initial_velocity": 0})], tools=["calculate_final_velocity"])
case("granite", "https://github.com/ShishirPatil/gorilla/pull/967", "Phi-4-mini's list with its closer missing (the stream ends after ])",
     '<|tool_call|>[{"name": "calculate_final_velocity", "arguments": {"height": 150, "initial_velocity": 0}}]',
     [("calculate_final_velocity", {"height": 150, "initial_velocity": 0})], tools=["calculate_final_velocity"])
case("lfm2", "https://github.com/OpenWhispr/openwhispr/pull/2068", "LFM2.5's template opens <think>: the thought ends at </think>, then the call",
     'The user wants the weather in Paris. I will call get_weather.</think><|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>',
     [("get_weather", {"city": "Paris"})], reasoning="The user wants the weather in Paris. I will call get_weather.",
     tools=["get_weather"], thinking=True)
case("lfm2", "https://github.com/ollama/ollama/pull/16359", "LFM2.5 thinking written in full, then prose and a call",
     '<think>Need the time.</think>Checking.<|tool_call_start|>[get_time(tz="UTC")]<|tool_call_end|>',
     [("get_time", {"tz": "UTC"})], "Checking.", "Need the time.", tools=["get_time"])
case("minimax_m2", "https://github.com/vllm-project/vllm/issues/44060", "a string value holding the literal </parameter> (XML written to a file)",
     '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">a.xml</parameter>\n<parameter name="content"><parameter>\n'
     '  <hello></hello>\n</parameter></parameter>\n</invoke>\n</minimax:tool_call>',
     [("write_file", {"path": "a.xml", "content": "<parameter>\n  <hello></hello>\n</parameter>"})],
     tools={"write_file": {"path": {"type": "string"}, "content": {"type": "string"}}})
case("minimax_m2", "https://github.com/sgl-project/sglang/issues/16057", "a parameter typed as a union with null keeps its string",
     '<minimax:tool_call>\n<invoke name="echo">\n<parameter name="text">hi</parameter>\n</invoke>\n</minimax:tool_call>',
     [("echo", {"text": "hi"})], tools={"echo": {"text": {"type": ["string", "null"]}}})
case("minimax_m2", "https://github.com/sgl-project/sglang/issues/16057", "a union with null: a digits value stays the string it is typed as",
     '<minimax:tool_call>\n<invoke name="echo">\n<parameter name="text">007</parameter>\n</invoke>\n</minimax:tool_call>',
     [("echo", {"text": "007"})], tools={"echo": {"text": {"anyOf": [{"type": "string"}, {"type": "null"}]}}})
case("lfm2", "https://github.com/ggml-org/llama.cpp/issues/26658", "code with single quotes inside a double-quoted argument",
     '<|tool_call_start|>[execute_python_code(code="import matplotlib.pyplot as plt\\nplt.plot(x, y, \'red\', label=\'circle\')")]'
     '<|tool_call_end|>',
     [("execute_python_code", {"code": "import matplotlib.pyplot as plt\nplt.plot(x, y, 'red', label='circle')"})],
     tools=["execute_python_code"])
case("tool_calls_array", "https://github.com/MiniMax-AI/MiniMax-M2/issues/14", "MiniMax-M2 served with the M1 template: JSON lines in <tool_calls>",
     '<tool_calls>\n{"name": "get_horoscope", "arguments": {"sign": "Leo"}}\n</tool_calls>',
     [("get_horoscope", {"sign": "Leo"})], tools=["get_horoscope"])
case("minimax_m2", "https://github.com/QwenLM/qwen-code/issues/3228", "MiniMax M2.5/M2.7 thinking wrapped in <thinking> tags, then a call",
     '<thinking>The user wants the files. I will list them.</thinking>\n<minimax:tool_call>\n<invoke name="list_dir">\n'
     '<parameter name="path">.</parameter>\n</invoke>\n</minimax:tool_call>',
     [("list_dir", {"path": "."})], reasoning="The user wants the files. I will list them.", tools=["list_dir"])
case("minimax_m3", "https://github.com/anomalyco/opencode/issues/36569", "M3's thinking opened by the prompt, closed by </thinking>",
     'The changelog spans many releases; I will summarise them.\n</thinking>\n\nHere is the changelog.',
     [], "Here is the changelog.", "The changelog spans many releases; I will summarise them.", thinking=True)
G4T = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_gemma4_regex_and_bare_calls.py"
case("gemma_special", G4T, "the call closed by <turn|> instead of <tool_call|>",
     '<|tool_call>call:gdb{args:<|"|>-batch -ex run /tmp/poc<|"|>}<turn|>',
     [("gdb", {"args": "-batch -ex run /tmp/poc"})], tools=["gdb"])
case("gemma_special", G4T, "a stray colon between the token and call:",
     '<|tool_call>:call:bash{command:<|"|>pytest<|"|>}', [("bash", {"command": "pytest"})], tools=["bash"])
case("gemma_special", G4T, "a bare call: with a dashed name opening the content",
     'call:web-search{query:<|"|>gemma 4 release<|"|>}', [("web-search", {"query": "gemma 4 release"})], tools=["web-search"])
case("gemma_special", G4T, "two canonical calls on two lines",
     '<|tool_call>call:read_file{path:<|"|>/work/Makefile<|"|>}<tool_call|>\n<|tool_call>call:bash{command:<|"|>make -j8<|"|>}<tool_call|>',
     [("read_file", {"path": "/work/Makefile"}), ("bash", {"command": "make -j8"})], tools=["read_file", "bash"])
L4T = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_llama4_pythonic_tool_parser.py"
case("pythonic", L4T, "<|python_start|> with its <|python_end|> never written, two calls",
     "<|python_start|>[get_weather(city='LA', metric='C'), register_user(name='Doe', age=9)]",
     [("get_weather", {"city": "LA", "metric": "C"}), ("register_user", {"name": "Doe", "age": 9})],
     tools=["get_weather", "register_user"])
case("pythonic", L4T, "escaped quotes in single-quoted strings",
     r"""[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]""",
     [("get_weather", {"city": "Martha's Vineyard", "metric": '"cool units"'})], tools=["get_weather"])
case("pythonic", L4T, "a number that overflows JSON (1e999): that call is not runnable, its sibling is",
     "<|python_start|>[calc(x=1e999), get_weather(city='LA', metric='C')]<|python_end|>",
     [("get_weather", {"city": "LA", "metric": "C"})], tools=["calc", "get_weather"], incomplete=[("calc", {})])
case("pythonic", L4T, "mismatched brackets: nothing runs",
     "<|python_start|>[foo(x=1])]<|python_end|>", [], tools=["foo"], incomplete=[("foo", {"x": 1})], given=True)
HFP = "https://github.com/huggingface/transformers/blob/main/docs/source/en/chat_response_parsing.md"
case("harmony", HFP, "the channel word in the role slot (<|start|>analysis, <|start|>commentary to=…)",
     '<|start|>analysis<|message|>We need to call get_current_weather with location "San Francisco, CA".<|end|>'
     '<|start|>commentary to=functions.get_current_weather<|channel|>commentary <|constrain|>json<|message|>'
     '{"location":"San Francisco, CA"}<|call|>',
     [("get_current_weather", {"location": "San Francisco, CA"})],
     reasoning='We need to call get_current_weather with location "San Francisco, CA".', tools=["get_current_weather"])
case("harmony", HFP, "line breaks inside the header and around the JSON",
     '<|channel|>analysis<|message|>\nWe need to call get_current_weather.\n<|end|>\n<|start|>assistant<|channel|>commentary \n'
     'to=functions.get_current_weather <|constrain|>json<|message|>\n{\n  "location": "San Francisco, CA"\n}\n<|call|>',
     [("get_current_weather", {"location": "San Francisco, CA"})],
     reasoning="We need to call get_current_weather.", tools=["get_current_weather"])
case("gemma_special", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_gemma4_regex_and_bare_calls.py",
     "prose, then a bare call: on its own line ending the turn",
     'some prose\ncall:bash{command:<|"|>make -j8<|"|>}', [("bash", {"command": "make -j8"})], "some prose", tools=["bash"])
case("gemma_special", "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_gemma4_regex_and_bare_calls.py",
     "a bare call: on its own line with prose after it is an example: text",
     'Write it as\ncall:bash{command:"make"}\nand it runs.', [], 'Write it as\ncall:bash{command:"make"}\nand it runs.', tools=["bash"])


# The 2026-12-04 hunts (their own modules, so that two hunts never edit the same lines).
from . import hunt_c, hunt_d, hunt_e, hunt_f, hunt_g, hunt_h, hunt_i, hunt_j, hunt_k, hunt_l, hunt_m, hunt_n  # noqa: E402,F401
from . import hunt_o  # noqa: E402,F401  (wave 6: users' reports, held out)
from . import hunt_p  # noqa: E402,F401  (hunt p, 2026-12-07: its own line, so that two hunts never edit the same lines)
from . import hunt_q  # noqa: E402,F401  (hunt q, 2026-12-08: its own line, so that two hunts never edit the same lines)
from . import hunt_r  # noqa: E402,F401  (hunt r, 2026-12-08: its own line, so that two hunts never edit the same lines)
