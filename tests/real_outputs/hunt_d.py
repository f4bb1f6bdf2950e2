"""Real-output cases of the 2026-12-04 hunt (d): each cites the public report it reproduces (see cases.py)."""
from __future__ import annotations

from .cases import case

# ---------------------------------------------------------------------------------------------
# StepFun Step-3
B, E, CB, CE, SEP = "<｜tool_calls_begin｜>", "<｜tool_calls_end｜>", "<｜tool_call_begin｜>", "<｜tool_call_end｜>", "<｜tool_sep｜>"
ST = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_step3_tool_parser.py"
case("step3", ST, "the name written again after function<｜tool_sep｜>; string values keep their whitespace, "
     "typed ones are trimmed",
     f'{B}{CB}function{SEP}edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">    if x:\n'
     f'        return 1\n</steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter>'
     f'<steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke>{CE}{E}',
     [("edit_file", {"old_string": "    if x:\n        return 1\n", "indent": 4, "enabled": True})],
     tools={"edit_file": {"old_string": {"type": "string"}, "indent": {"type": "integer"}, "enabled": {"type": "boolean"}}})
case("step3", ST, "parallel calls with a <｜tool_sep｜> between them",
     f'{B}{CB}<steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke>'
     f'{CE}{SEP}{CB}<steptml:invoke name="get_time"><steptml:parameter name="timezone">Asia/Tokyo</steptml:parameter>'
     f'</steptml:invoke>{CE}{E}',
     [("get_weather", {"city": "Tokyo"}), ("get_time", {"timezone": "Asia/Tokyo"})], tools=["get_weather", "get_time"])
case("step3", ST, "a call without parameters, prose before and after",
     f'Let me refresh it.\n\n{B}{CB}<steptml:invoke name="refresh"></steptml:invoke>{CE}{E}\n\nDone.',
     [("refresh", {})], "Let me refresh it.\n\nDone.", tools=["refresh"])
case("step3", ST, "the section token left out: the call's own token opens it",
     f'{CB}<steptml:invoke name="func"><steptml:parameter name="x">1</steptml:parameter></steptml:invoke>{CE}',
     [("func", {"x": 1})], tools={"func": {"x": {"type": "integer"}}})
case("step3", ST, "quotes, backslashes, null and a JSON list in untyped values",
     f'{B}{CB}<steptml:invoke name="t"><steptml:parameter name="quoted">He said "hello"</steptml:parameter>'
     f'<steptml:parameter name="path">C:\\Users\\file.txt</steptml:parameter><steptml:parameter name="n">null'
     f'</steptml:parameter><steptml:parameter name="arr">["a", "b"]</steptml:parameter></steptml:invoke>{CE}{E}',
     [("t", {"quoted": 'He said "hello"', "path": "C:\\Users\\file.txt", "n": None, "arr": ["a", "b"]})], tools=["t"])
case("step3", ST, "cut off in the parameter: never runnable",
     f'{B}{CB}function{SEP}<steptml:invoke name="func"><steptml:parameter name="path">/tmp/a',
     [], tools={"func": {"path": {"type": "string"}}}, incomplete=[("func", {"path": "/tmp/a"})])

# ---------------------------------------------------------------------------------------------
# FunctionGemma
FG = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_functiongemma_tool_parser.py"
case("functiongemma", FG, "the comma between two <escape> strings left out",
     "<start_function_call>call:get_weather{city:<escape>NYC<escape>unit:<escape>celsius<escape>}<end_function_call>",
     [("get_weather", {"city": "NYC", "unit": "celsius"})], tools=["get_weather"])
case("functiongemma", FG, "prose ending in a space before the call",
     "Let me check the weather for you. <start_function_call>call:get_weather{location:<escape>Paris<escape>}"
     "<end_function_call>", [("get_weather", {"location": "Paris"})], "Let me check the weather for you.",
     tools=["get_weather"])
case("functiongemma", FG, "two wrappers back to back",
     "<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>"
     "<start_function_call>call:get_time{timezone:<escape>UTC<escape>}<end_function_call>",
     [("get_weather", {"location": "London"}), ("get_time", {"timezone": "UTC"})], tools=["get_weather", "get_time"])
case("functiongemma", "https://github.com/ml-explore/mlx-lm/pull/1628", "a dashed name, YAML with braces and quotes "
     "in an escaped string, a bare boolean",
     '<start_function_call>call:artifact-submit{source:<escape>scene: {red, blue}\nlabel: "x"<escape>,ready:true}'
     '<end_function_call>', [("artifact-submit", {"source": 'scene: {red, blue}\nlabel: "x"', "ready": True})],
     tools=["artifact-submit"])
case("functiongemma", "https://github.com/ml-explore/mlx-lm/pull/1628", "cut off inside an escaped string: not runnable",
     "<start_function_call>call:get_weather{location:<escape>Lon", [], tools=["get_weather"],
     incomplete=[("get_weather", {"location": "Lon"})])

# ---------------------------------------------------------------------------------------------
# MiniCPM5
MC = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_minicpm5xml_tool_parser.py"
W = {"get_weather": {"city": {"type": "string"}, "date": {"type": "string"}}}
case("minicpm5", MC, "the space token lost: <functionname=…> and <paramname=…>",
     '<functionname="get_weather"><paramname="city">上海</param><paramname="date">2024-06-27</param></function>\n',
     [("get_weather", {"city": "上海", "date": "2024-06-27"})], tools=W)
case("minicpm5", MC, "the space left as the byte-level marker Ġ (U+0120) in the tags",
     '<function\u0120name="get_weather"><param\u0120name="city">上海</param><param\u0120name="date">2024-06-27</param>'
     '</function>\n', [("get_weather", {"city": "上海", "date": "2024-06-27"})], tools=W)
case("minicpm5", MC, "two calls with text between and around them",
     'Head\n<function name="get_weather"><param name="city">北京</param></function>\nTXT\n<function name="sum_values">'
     '<param name="nums">[7,8,9]</param><param name="exact">false</param></function>\nTail\n',
     [("get_weather", {"city": "北京"}), ("sum_values", {"nums": [7, 8, 9], "exact": False})], "Head\nTXT\nTail",
     tools={**W, "sum_values": {"nums": {"type": "array"}, "exact": {"type": "boolean"}}})
case("minicpm5", MC, "the </function> never written: not runnable",
     '<function name="get_weather"><param name="city">北京</param>', [], tools=W,
     incomplete=[("get_weather", {"city": "北京"})])
case("minicpm5", MC, "the same parameter twice: not runnable",
     '<function name="get_weather"><param name="city">北京</param><param name="city">上海</param></function>\n',
     [], tools=W, incomplete=[("get_weather", {"city": "北京"})], given=True)
case("minicpm5", MC, "an undeclared entity (a DOCTYPE before the call) stays text",
     '<!DOCTYPE t [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]><function name="get_weather"><param name="city">&xxe;'
     '</param></function>\n', [("get_weather", {"city": "&xxe;"})],
     '<!DOCTYPE t [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>', tools=W)
case("minicpm5", MC, "an undeclared tool stays text",
     '<function name="unknown"><param name="x">1</param></function>', [],
     '<function name="unknown"><param name="x">1</param></function>', tools=W)

# ---------------------------------------------------------------------------------------------
# Tencent HY-V3 / V4
HY = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_hy_v3_tool_parser.py"
HYT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_hy_truncated_stream.py"
HYD = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_hy_v4_duplicate_arg_key.py"
HW = {"get_weather": {"city": {"type": "string"}, "date": {"type": "string"}}}
case("hunyuan_v3", HY, "prose, then a zero-argument call on one line",
     "Checking.<tool_calls><tool_call>get_current_date<tool_sep></tool_call></tool_calls>",
     [("get_current_date", {})], "Checking.", tools=["get_current_date"])
case("hunyuan_v3", HY, "two arguments on one line, no newlines anywhere",
     "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date"
     "</arg_key><arg_value>2026-03-30</arg_value></tool_call></tool_calls>",
     [("get_weather", {"city": "Beijing", "date": "2026-03-30"})], tools=HW)
case("hunyuan_v3", HYT, "Hy4: every tag suffixed, no <tool_sep>, a newline between </arg_key> and <arg_value>",
     "<tool_calls:opensource>\n<tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource>\n"
     "<arg_value:opensource>Beijing</arg_value:opensource></tool_call:opensource>\n</tool_calls:opensource>",
     [("get_weather", {"city": "Beijing"})], tools=HW)
case("hunyuan_v3", HYT, "max_tokens after a closed argument: the call never closed is not runnable",
     "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n",
     [], tools=HW, incomplete=[("get_weather", {"city": "Beijing"})])
case("hunyuan_v3", HYT, "the second call cut off mid-value: the first runs, the second does not",
     "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n"
     "</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>date</arg_key>\n<arg_value>2026",
     [("get_weather", {"city": "Beijing"})], tools=HW, incomplete=[("get_weather", {"date": "2026"})])
case("hunyuan_v3", HYD, "an argument key written twice: which value is meant is unknown, so not runnable",
     "<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>city</arg_key>"
     "<arg_value>Berlin</arg_value></tool_call></tool_calls>",
     [], tools=HW, incomplete=[("get_weather", {"city": "Paris"})], given=True)

# ---------------------------------------------------------------------------------------------
# Kimi K3 XTML
O, C, S = "<|open|>", "<|close|>", "<|sep|>"
K3T, K3E = f"{O}tools{S}", f"{C}tools{S}"


def k3(tool, args, i=1):
    body = "".join(f'{O}argument key="{k}" type="{t}"{S}{v}{C}argument{S}' for k, t, v in args)
    return f'{O}call tool="{tool}" index="{i}"{S}{body}{C}call{S}'


case("kimi_k3", "https://github.com/sgl-project/sglang/issues/39583", "the whole XTML turn of a request without tools",
     f"{O}response{S}I'll use the calculator.{C}response{S}{K3T}{k3('calculator', [('expression', 'string', '37*19')])}"
     f"{K3E}{C}message{S}", [("calculator", {"expression": "37*19"})], "I'll use the calculator.")
case("kimi_k3", "https://github.com/vllm-project/vllm/pull/51400", "the turn ends with <|close|>message<|sep|>, no "
     "response closer", f"Hello{C}message{S}", [], "Hello")
case("kimi_k3", "https://github.com/vllm-project/vllm/pull/51355", "the call written inside the response channel, "
     "which is never closed", f"{O}response{S}Calling it now.{K3T}{k3('get_weather', [('city', 'string', 'Boston')])}"
     f"{K3E}{C}message{S}", [("get_weather", {"city": "Boston"})], "Calling it now.", tools=["get_weather"])
case("kimi_k3", "https://github.com/vllm-project/vllm/pull/51355", "a tools element with no call, then one with the call",
     f"{K3T}{K3E}Let me try again.{K3T}{k3('get_weather', [('city', 'string', 'Boston')])}{K3E}",
     [("get_weather", {"city": "Boston"})], "Let me try again.", tools=["get_weather"])
case("kimi_k3", "https://github.com/getsigit/sigit/pull/92", "two calls, an integer-typed argument, an escaped key, "
     "a call without arguments",
     f"{K3T}{k3('update_task', [('task_id', 'integer', '42'), ('q&amp;a', 'string', 'yes')])}{k3('list_tasks', [], 2)}{K3E}",
     [("update_task", {"task_id": 42, "q&a": "yes"}), ("list_tasks", {})], tools=["update_task", "list_tasks"])
case("kimi_k3", "https://github.com/getsigit/sigit/pull/92", "an unoffered tool stays visible text, never run",
     f"{K3T}{k3('rm_rf', [('path', 'string', '/')])}{K3E}", [],
     f"{K3T}{k3('rm_rf', [('path', 'string', '/')])}{K3E}", tools=["get_weather"])
case("kimi_k3", "https://github.com/code-yeongyu/senpi/pull/465", "thinking closed, a response, a number-typed call",
     f"Need data.{C}think{S}{O}response{S}Checking.{C}response{S}{K3T}{k3('set_timer', [('seconds', 'number', '5')])}"
     f"{K3E}{C}message{S}", [("set_timer", {"seconds": 5})], "Checking.", "Need data.", tools=["set_timer"], thinking=True)
case("kimi_k3", "https://github.com/code-yeongyu/senpi/pull/465", "a raw value with markup, & and a newline",
     f"{K3T}{k3('write', [('text', 'string', 'line1' + chr(10) + '<b>x</b> & y')])}{K3E}",
     [("write", {"text": "line1\n<b>x</b> & y"})], tools=["write"])
case("kimi_k3", "https://github.com/code-yeongyu/senpi/pull/465", "cut off inside an argument: not runnable",
     f'{K3T}{O}call tool="write" index="1"{S}{O}argument key="text" type="string"{S}abc', [], tools=["write"],
     incomplete=[("write", {"text": "abc"})])

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder / Qwen3.5 / Qwen3.6 / Step 3.5
case("qwen3_coder", "https://github.com/QwenLM/Qwen3.8/issues/178", "Qwen3.6's drift: a doubled </function> and a "
     "stray </function_invocation> before </tool_call>",
     "<tool_call>\n<function=read>\n<parameter=path>\na.md\n</parameter>\n</function>\n</function>\n"
     "</function_invocation>\n</tool_call>", [("read", {"path": "a.md"})], tools=["read"])
case("qwen3_coder", "https://github.com/ollama/ollama/issues/16383", "the stray </function_invocation> ends the turn "
     "(no </tool_call>), prose before",
     "Reading it.\n<tool_call>\n<function=read>\n<parameter=path>\na.md\n</parameter>\n</function>\n</function_invocation>",
     [("read", {"path": "a.md"})], "Reading it.", tools=["read"])
case("qwen3_coder", "https://github.com/ollama/ollama/pull/16841", "a stray </parameter> after a value's own",
     "<tool_call>\n<function=web_search>\n<parameter=query>\nlunch menu Trnava\n</parameter>\n</parameter>\n</function>\n"
     "</tool_call>", [("web_search", {"query": "lunch menu Trnava"})], tools=["web_search"])
case("qwen3_coder", "https://github.com/Augustas11/macprovider/issues/843", "hyphens in the function and parameter names",
     "<tool_call>\n<function=read-file>\n<parameter=file-path>\na.md\n</parameter>\n</function>\n</tool_call>",
     [("read-file", {"file-path": "a.md"})], tools=["read-file"])
case("qwen3_coder", "https://github.com/sgl-project/sglang/pull/38893", "Step 3.5: <function bash> (a space for the =) "
     "inside <tool_call>, the thinking never closed",
     "inspect the repo<tool_call><function bash><parameter=command>pwd</parameter></function></tool_call>",
     [("bash", {"command": "pwd"})], reasoning="inspect the repo", tools=["bash"], thinking=True)
case("qwen3_coder", "https://github.com/sgl-project/sglang/pull/38893", "a spaced function tag outside any block is text",
     "Write it as <function bash> in the reply.", [], "Write it as <function bash> in the reply.", tools=["bash"])
case("qwen3_coder", "https://github.com/vllm-project/vllm/issues/51804", "Step 3.7 under a named tool_choice: the "
     "taught block, values on the tag's line",
     "<tool_call>\n<function=report_sum>\n<parameter=a>3</parameter>\n<parameter=b>4</parameter>\n</function>\n</tool_call>",
     [("report_sum", {"a": 3, "b": 4})], tools={"report_sum": {"a": {"type": "integer"}, "b": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# GLM-4.7 / GLM-5
case("glm", "https://github.com/vllm-project/vllm/pull/54971", "the <arg_key> opener written twice (the mirrored case "
     "of a doubled closer): the key is the text between the tags",
     "<tool_call>list_dir<arg_key><arg_key>path</arg_key><arg_value>/tmp/x</arg_value></tool_call>",
     [("list_dir", {"path": "/tmp/x"})], tools=["list_dir"])
case("glm", "https://github.com/vllm-project/vllm/pull/49249", "the <arg_value> opener left out of the first argument "
     "only, a typed second one",
     "<tool_call>search<arg_key>query</arg_key>vacation days</arg_value><arg_key>limit</arg_key><arg_value>5</arg_value>"
     "</tool_call>", [("search", {"query": "vacation days", "limit": 5})],
     tools={"search": {"query": {"type": "string"}, "limit": {"type": "integer"}}})
case("glm", "https://github.com/osaurus-ai/vmlx-swift/pull/228", "thinking, then a bare zero-argument call",
     "<think>Need the mailboxes.</think><tool_call>list_mailboxes</tool_call>", [("list_mailboxes", {})],
     reasoning="Need the mailboxes.", tools=["list_mailboxes"])
case("glm", "https://github.com/vllm-project/vllm/issues/49248", "two calls, the second cut off in its value",
     "<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>a\nb</arg_value>\n</tool_call>\n<tool_call>search\n"
     "<arg_key>q</arg_key>\n<arg_value>c", [("search", {"q": "a\nb"})], tools={"search": {"q": {"type": "string"}}},
     incomplete=[("search", {"q": "c"})])

# ---------------------------------------------------------------------------------------------
# MiniMax-M2 / M3
NS = "]<]minimax[>["
case("minimax_m3", "https://github.com/vllm-project/vllm-ascend/issues/12815", "parameter tags named by keys that "
     "start with a hyphen (grep's -A, -n)",
     f'{NS}<tool_call>\n{NS}<invoke name="grep">{NS}<pattern>TODO{NS}</pattern>{NS}<-A>3{NS}</-A>{NS}<-n>true{NS}</-n>'
     f'{NS}</invoke>\n{NS}</tool_call>', [("grep", {"pattern": "TODO", "-A": 3, "-n": True})],
     tools={"grep": {"pattern": {"type": "string"}, "-A": {"type": "integer"}, "-n": {"type": "boolean"}}})
case("minimax_m2", "https://github.com/vllm-project/vllm/pull/38803", "a > inside a parameter's quoted name",
     '<minimax:tool_call><invoke name="template_processor"><parameter name="a>b">x</parameter></invoke>'
     '</minimax:tool_call>', [("template_processor", {"a>b": "x"})], tools=["template_processor"])
case("minimax_m2", "https://github.com/vllm-project/vllm/pull/38803", "HTML and template braces in a value, a typed "
     "number after it",
     '<minimax:tool_call><invoke name="template_processor"><parameter name="template"><div>{{x}}</div></parameter>'
     '<parameter name="n">2</parameter></invoke></minimax:tool_call>',
     [("template_processor", {"template": "<div>{{x}}</div>", "n": 2})],
     tools={"template_processor": {"template": {"type": "string"}, "n": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# LongCat-Flash XML
LK, LKE, LV, LVE = "<longcat_arg_key>", "</longcat_arg_key>", "<longcat_arg_value>", "</longcat_arg_value>"
LT, LTE = "<longcat_tool_call>", "</longcat_tool_call>"
LCM = "https://github.com/ml-explore/mlx-lm/pull/810"
case("longcat_xml", LCM, "two blocks, one call each",
     f"{LT}get_weather\n{LK}city{LKE}\n{LV}Beijing{LVE}\n{LTE}\n{LT}get_time\n{LK}tz{LKE}\n{LV}Asia/Shanghai{LVE}\n{LTE}",
     [("get_weather", {"city": "Beijing"}), ("get_time", {"tz": "Asia/Shanghai"})], tools=["get_weather", "get_time"])
case("longcat_xml", "https://github.com/ai-dynamo/dynamo/pull/5424", "thinking, then a call cut off in its value",
     f"<longcat_think>Need the weather.</longcat_think>\n{LT}get_weather\n{LK}city{LKE}\n{LV}Bei", [],
     reasoning="Need the weather.", tools={"get_weather": {"city": {"type": "string"}}},
     incomplete=[("get_weather", {"city": "Bei"})])
case("longcat_xml", LCM, "a JSON object value typed by the schema",
     f'{LT}create\n{LK}spec{LKE}\n{LV}{{"a": [1, 2]}}{LVE}\n{LTE}', [("create", {"spec": {"a": [1, 2]}})],
     tools={"create": {"spec": {"type": "object"}}})
case("longcat_xml", "https://github.com/sipeed/picoclaw/issues/2046", "spaced tags between prose, an undeclared name "
     "stays text",
     f"{LT}weather {LK}location{LKE} {LV}New York, United States{LVE} {LTE}", [],
     f"{LT}weather {LK}location{LKE} {LV}New York, United States{LVE} {LTE}", tools=["get_weather"])
case("longcat_xml", LCM, "code with < and > and a quoted key closer in a string value",
     f'{LT}write\n{LK}code{LKE}\n{LV}if a < b and c > d:\n    x = "{LKE}"{LVE}\n{LTE}',
     [("write", {"code": f'if a < b and c > d:\n    x = "{LKE}"'})], tools={"write": {"code": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# ByteDance Seed-OSS
SOT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_seed_oss_tool_parser.py"
case("seed_oss", "https://github.com/ByteDance-Seed/seed-oss/issues/14", "thinking, a zero-argument call, the <seed:eos> "
     "token kept",
     "<seed:think>\nGot it. The user wants the time.\n</seed:think>\n<seed:tool_call>\n<function=get_current_time>\n"
     "</function>\n</seed:tool_call><seed:eos>", [("get_current_time", {})], reasoning="Got it. The user wants the time.",
     tools=["get_current_time"])
case("seed_oss", SOT, "two blocks in a row",
     "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n"
     "</seed:tool_call>\n<seed:tool_call>\n<function=get_weather>\n<parameter=location>Madrid, Spain</parameter>\n"
     "</function>\n</seed:tool_call>",
     [("get_weather", {"location": "Barcelona, Spain"}), ("get_weather", {"location": "Madrid, Spain"})],
     tools=["get_weather"])
case("seed_oss", SOT, "max_tokens in the second parameter: not runnable",
     "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>cel",
     [], tools={"get_weather": {"location": {"type": "string"}, "unit": {"type": "string"}}},
     incomplete=[("get_weather", {"location": "Barcelona, Spain", "unit": "cel"})])
case("seed_oss", SOT, "prose between the thinking and the block, a value on its own lines",
     "<seed:think>I will look it up.</seed:think>Let me check.\n<seed:tool_call>\n<function=get_weather>\n"
     "<parameter=location>\nBarcelona, Spain\n</parameter>\n</function>\n</seed:tool_call>",
     [("get_weather", {"location": "Barcelona, Spain"})], "Let me check.", "I will look it up.", tools=["get_weather"])
case("seed_oss", "https://github.com/vllm-project/vllm/issues/26573", "the block's closer never written (streamed "
     "to the end)",
     "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>",
     [("get_weather", {"location": "Barcelona, Spain"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V3.2 / V4 DSML
DD = "｜｜DSML｜｜"
case("deepseek_dsml", "https://github.com/cline/cline/issues/11339", "DeepSeek V4 Pro: doubled bars without the space, "
     "the tags on one line separated by spaces, a boolean string=\"false\"",
     f'Let me check the chunks:\n\n<{DD}tool_calls> <{DD}invoke name="execute_command"> <{DD}parameter name="command" '
     f'string="true">docker exec ui sh -c "ls -la /srv/static/index*.js"</{DD}parameter> <{DD}parameter '
     f'name="requires_approval" string="false">false</{DD}parameter> </{DD}invoke> </{DD}tool_calls>',
     [("execute_command", {"command": 'docker exec ui sh -c "ls -la /srv/static/index*.js"', "requires_approval": False})],
     "Let me check the chunks:", tools=["execute_command"])
case("deepseek_dsml", "https://github.com/vllm-project/vllm-ascend/issues/13794", "V4-Flash-0731's drift: "
     "<｜DSML｜toolcall>NAME and the arguments in a ```json fence",
     '我来调整表格宽度。\n\n<｜DSML｜toolcall>Read\n\n```json\n{"file_path":"/tmp/gen_report.js","offset":100,"limit":20}\n```',
     [("Read", {"file_path": "/tmp/gen_report.js", "offset": 100, "limit": 20})], "我来调整表格宽度。", tools=["Read"])
case("deepseek_dsml", "https://github.com/sgl-project/sglang/issues/35736", "the V4 block on its own lines, a path "
     "with a space",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="Bash">\n<｜DSML｜parameter name="command" string="true">ls "My Docs"'
     '</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>', [("Bash", {"command": 'ls "My Docs"'})], tools=["Bash"])
case("deepseek_dsml", "https://github.com/adolfousier/opencrabs/issues/419", "V4-Flash's element-style leak: "
     "<function><name>…</name> with DSML-corrupted closers",
     '<function>\n<name>bash</name>\n<parameter name="command" string="true">opencrabs --version 2>/dev/null || echo "none"'
     '</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>\n</｜｜DSML｜｜tool_calls>',
     [("bash", {"command": 'opencrabs --version 2>/dev/null || echo "none"'})], tools=["bash"])
case("deepseek_dsml", "https://github.com/adolfousier/opencrabs/issues/419", "the element-style form naming an "
     "undeclared tool stays text",
     '<function>\n<name>rm_all</name>\n<parameter name="path" string="true">/</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>',
     [], '<function>\n<name>rm_all</name>\n<parameter name="path" string="true">/</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>',
     tools=["bash"])

# ---------------------------------------------------------------------------------------------
# Kimi K2
KSB, KSE, KTB, KTE, KAB = ("<|tool_calls_section_begin|>", "<|tool_calls_section_end|>", "<|tool_call_begin|>",
                           "<|tool_call_end|>", "<|tool_call_argument_begin|>")
KT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_kimi_k2_tool_parser.py"
case("kimi_k2", KT, "the first call's JSON never closed: it is not run, the second is",
     f'Help. {KSB}{KTB}functions.lookup:0 {KAB}{{"city": "Beijing"{KTE}{KTB}functions.fetch:1 {KAB}{{"city": "Shanghai"}}'
     f'{KTE}{KSE}', [("fetch", {"city": "Shanghai"})], "Help.", tools=["lookup", "fetch"],
     incomplete=[("lookup", {"city": "Beijing"})])
case("kimi_k2", KT, "pretty-printed JSON arguments, a space before the argument token",
     f'Formatted. {KSB}{KTB}functions.process_data:0 {KAB}{{\n  "name": "test",\n  "value": 123\n}}{KTE}{KSE}',
     [("process_data", {"name": "test", "value": 123})], "Formatted.", tools=["process_data"])
case("kimi_k2", KT, "three calls of three tools in one section",
     f'Multiple tasks. {KSB}{KTB}functions.get_weather:0 {KAB}{{"city": "New York"}}{KTE}{KTB}functions.get_news:1 '
     f'{KAB}{{"topic": "technology"}}{KTE}{KTB}functions.send_email:2 {KAB}{{"to": "user@example.com", "subject": '
     f'"Daily Update"}}{KTE}{KSE}',
     [("get_weather", {"city": "New York"}), ("get_news", {"topic": "technology"}),
      ("send_email", {"to": "user@example.com", "subject": "Daily Update"})], "Multiple tasks.",
     tools=["get_weather", "get_news", "send_email"])

# ---------------------------------------------------------------------------------------------
# Upstage Solar Open 2: tag-written arguments
SO2 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_solar_open2_tool_parser.py"
S2, S2E, A2, A2V, A2E = "<|tool_call:start|>", "<|tool_call:end|>", "<|tool_arg:start|>", "<|tool_arg:value|>", "<|tool_arg:end|>"
case("solar_open", SO2, "Solar Open 2: prose, then a call with its arguments as tags",
     f"Let me check the weather.{S2}get_weather\n{A2}city{A2V}Seoul{A2E}\n{S2E}", [("get_weather", {"city": "Seoul"})],
     "Let me check the weather.", tools=["get_weather"])
case("solar_open", SO2, "Solar Open 2: two calls, a newline between them",
     f"I'll check both.{S2}get_weather\n{A2}city{A2V}Seoul{A2E}\n{S2E}\n{S2}get_weather\n{A2}city{A2V}Tokyo{A2E}\n{S2E}",
     [("get_weather", {"city": "Seoul"}), ("get_weather", {"city": "Tokyo"})], "I'll check both.", tools=["get_weather"])
case("solar_open", SO2, "Solar Open 2: an integer typed by the schema, a call without arguments",
     f"{S2}search\n{A2}query{A2V}vLLM tutorial{A2E}\n{A2}max_results{A2V}5{A2E}\n{S2E}{S2}get_time\n{S2E}",
     [("search", {"query": "vLLM tutorial", "max_results": 5}), ("get_time", {})],
     tools={"search": {"query": {"type": "string"}, "max_results": {"type": "integer"}}, "get_time": {}})
case("solar_open", SO2, "Solar Open 2: JSON text in an untyped value stays a string",
     f'{S2}process_data\n{A2}data{A2V}{{"key": "value"}}{A2E}\n{S2E}', [("process_data", {"data": '{"key": "value"}'})],
     tools=["process_data"])
case("solar_open", SO2, "Solar Open 2: cut off in a value: not runnable",
     f"Let me check.{S2}search\n{A2}query{A2V}Seo", [], "Let me check.", tools=["search"],
     incomplete=[("search", {"query": "Seo"})])
case("solar_open", SO2, "Solar Open 2: text after the call is content too",
     f"pre{S2}get_weather\n{A2}city{A2V}Seoul{A2E}\n{S2E}post", [("get_weather", {"city": "Seoul"})], "prepost",
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# The [TOOL_CALL] hash form
case("tool_call_hash", "https://github.com/NousResearch/hermes-agent/issues/35935", "MiniMax M2.7-highspeed's text "
     "call, one --key \"value\" pair",
     '[TOOL_CALL]\n{tool => "terminal", args => {\n  --command "echo test"\n}}\n[/TOOL_CALL]',
     [("terminal", {"command": "echo test"})], tools=["terminal"])
case("tool_call_hash", "https://github.com/NousResearch/hermes-agent/issues/35935", "escaped quotes in a value, a bare "
     "number typed by the schema, prose before",
     'I will run it.\n[TOOL_CALL]\n{tool => "terminal", args => {\n  --command "grep -n \\"x y\\" a.txt"\n  --timeout 30\n}}\n'
     '[/TOOL_CALL]', [("terminal", {"command": 'grep -n "x y" a.txt', "timeout": 30})], "I will run it.",
     tools={"terminal": {"command": {"type": "string"}, "timeout": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder: more from vLLM's parser tests
Q36 = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_qwen36_bugs.py"
QCT = "https://github.com/vllm-project/vllm/blob/main/tests/tool_parsers/test_qwen3coder_tool_parser.py"
case("qwen3_coder", Q36, "an array parameter holding JSON true, typed by the schema",
     '<tool_call>\n<function=pick>\n<parameter=items>\n["a", "b", 1, true]\n</parameter>\n</function>\n</tool_call>',
     [("pick", {"items": ["a", "b", 1, True]})], tools={"pick": {"items": {"type": "array"}}})
case("qwen3_coder", Q36, "two whole blocks arriving together (speculative decoding)",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n"
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nLondon\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Paris"}), ("get_weather", {"city": "London"})], tools=["get_weather"])
case("qwen3_coder", QCT, "a function tag without its >: never runnable, the block stays text",
     "<tool_call>\n<function=get_current_weather\n<parameter=city>Dallas</parameter>\n</function>\n</tool_call>", [],
     "<tool_call>\n<function=get_current_weather\n<parameter=city>Dallas</parameter>\n</function>\n</tool_call>",
     tools=["get_current_weather"])
case("qwen3_coder", QCT, "a malformed block, then a good one: only the good one runs",
     "<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n"
     "<parameter=city>Dallas</parameter>\n<parameter=state>TX</parameter>\n</function>\n</tool_call>",
     [("get_current_weather", {"city": "Dallas", "state": "TX"})],
     "<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>", tools=["get_current_weather"])
case("qwen3_coder", QCT, "an anyOf object-or-null parameter: the JSON object, not its text",
     '<tool_call>\n<function=update_record>\n<parameter=data>{"key": "value", "count": 42}</parameter>\n</function>\n'
     '</tool_call>', [("update_record", {"data": {"key": "value", "count": 42}})],
     tools={"update_record": {"data": {"anyOf": [{"type": "object"}, {"type": "null"}]}}})

# ---------------------------------------------------------------------------------------------
# Muse Glimmer (ATEM)
MUP = "https://github.com/raullenchai/Rapid-MLX/pull/1791"
case("muse", MUP, "a value quoting its own closer </atem:parameter> (literal closers survive in values)",
     ' to=write<|message|><atem:function_calls>\n<atem:invoke name="write">\n<atem:parameter name="path">doc.md'
     '</atem:parameter>\n<atem:parameter name="content">Close it with </atem:parameter> then stop.</atem:parameter>\n'
     '</atem:invoke>\n</atem:function_calls><|eom|>',
     [("write", {"path": "doc.md", "content": "Close it with </atem:parameter> then stop."})], tools=["write"])
case("muse", "https://github.com/sgl-project/sglang/pull/34781", "thinking, then two tool channels one after the other",
     ' to=self<|message|>Two lookups.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>\n'
     '<atem:invoke name="get_weather">\n<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n'
     '</atem:function_calls><|eom|><|start|>assistant to=get_time<|message|><atem:function_calls>\n'
     '<atem:invoke name="get_time">\n<atem:parameter name="tz">CET</atem:parameter>\n</atem:invoke>\n'
     '</atem:function_calls><|eom|>', [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})],
     reasoning="Two lookups.", tools=["get_weather", "get_time"])
