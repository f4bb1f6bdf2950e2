"""Real-output cases of hunt (o), 2026-12-07: a held-out harvest of users' reports (issue 31, wave 6).

Reports and fixes no earlier hunt had used, scored as they were harvested, before any fix: Qwen3-Coder's
XML drifting under long agent sessions (Ollama, oMLX, Rapid-MLX, mlx-lm, vllm-mlx, OpenHands: dropped
closers, a value holding the syntax's own closers, a dropped `>`, bare and nameless blocks), gpt-oss's
Harmony (a channel token glued to the recipient, a flat forced call), Llama 4's JSON calls, Granite 4,
Gemma 4 (llama-cpp-python, Ollama's BEGIN_ARG blocks), Seed-OSS, MiniMax-M3 (<item> lists, a dropped
`<`), DeepSeek V4's DSML (no opener, spaced bars, garbled block names, after </think>), Claude's
unnamespaced invokes under Claude Code, Ollama-endpoint JSON (objects one per line, a name-only
object, unescaped quotes), mlx-omni-server's <function>NAME</function> + JSON, Hunyuan / xlam lists,
Magistral's [THINK], prefixed thinking tags, GLM's lone </think> and glued names, Phi-4-mini, a call
ending a thinking block (issue 31's policy); negatives (prose naming the syntax, HTML in prose, a
fenced invoke, undeclared names, a JSON answer, `<overthink>`, JSON planned in thinking).
As harvested: 53 of 61 passed, calls right in 56 (91.8 %), markup left in the content of 4.
After the fixes (docs/testing.md): 58 of 61, calls right in 60 (98.4 %), no leak; with prefixed
thinking tags read by their role word, 60 of 61; the 1 left is a strict xfail naming the mechanism
it needs.
5 cases harvested after those fixes as a check of them (openhuman, oh-my-pi, GLM-Free-API, oMLX)
passed 3 as harvested (calls right in 3, no leak); arguments as attributes (tool_attrs) read a
fourth; the last miss is a strict xfail.
"""
from __future__ import annotations

from .cases import CASES, case

_FIRST = len(CASES)

# ---------------------------------------------------------------------------------------------
# Qwen3-Coder's XML under long agent sessions (Ollama, oMLX, Rapid-MLX, mlx-lm, vllm-mlx reports):
# a parameter whose closer the model dropped, a value holding the syntax's own closers, a `>`
# dropped after a parameter's name, bare <function=…> blocks in a row, prose glued to the call.
QF = {"write_file": {"path": {"type": "string"}, "content": {"type": "string"}},
      "run_shell_command": {"command": {"type": "string"}}}
OD = "https://github.com/ollama/ollama/pull/17914"
case("qwen3_coder", OD, "the last parameter's </parameter> dropped: </function> ends its value",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nsrc/app.py\n</parameter>\n<parameter=content>\n"
     "def main():\n    return 0\n</function>\n</tool_call>",
     [("write_file", {"path": "src/app.py", "content": "def main():\n    return 0"})], tools=QF)
case("qwen3_coder", OD, "a middle parameter's </parameter> dropped: the next <parameter= ends its value",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nsrc/app.py\n<parameter=content>\nprint('hi')\n"
     "</parameter>\n</function>\n</tool_call>",
     [("write_file", {"path": "src/app.py", "content": "print('hi')"})], tools=QF)
OI = "https://github.com/ollama/ollama/issues/18563"
case("qwen3_coder", OI, "the stream ends inside a long file's content: not runnable, listed incomplete",
     "I'll write the module now.\n<tool_call>\n<function=write_file>\n<parameter=path>\nlib/util.py\n</parameter>\n"
     "<parameter=content>\nimport os\n\ndef helper():\n", [], "I'll write the module now.",
     tools=QF, incomplete=[("write_file", {"path": "lib/util.py", "content": "import os\n\ndef helper():"})])
OP = "https://github.com/ollama/ollama/pull/18532"
case("qwen3_coder", OP, "reasoning prose, then <function=…> with no opener and only the closing </tool_call>",
     "The tests live under tests/, so I should list them first.\n<function=run_shell_command>\n<parameter=command>\n"
     "ls tests\n</parameter>\n</function>\n</tool_call>",
     [("run_shell_command", {"command": "ls tests"})], "The tests live under tests/, so I should list them first.",
     tools=QF)
OM = "https://github.com/jundot/omlx/pull/2588"
case("qwen3_coder", OM, "a file's content holding <function=…>, </function> and </tool_call> itself",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nnotes.xml\n</parameter>\n<parameter=content>\n"
     "<function=demo>\n</function>\n</tool_call>\n</parameter>\n</function>\n</tool_call>",
     [("write_file", {"path": "notes.xml", "content": "<function=demo>\n</function>\n</tool_call>"})], tools=QF)
RM = "https://github.com/raullenchai/Rapid-MLX/issues/1515"
case("qwen3_coder", RM, "a value holding a literal </tool_call> in a sentence",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nNOTES.md\n</parameter>\n<parameter=content>\n"
     "A tool call block ends with </tool_call> on its own.\n</parameter>\n</function>\n</tool_call>",
     [("write_file", {"path": "NOTES.md", "content": "A tool call block ends with </tool_call> on its own."})],
     tools=QF)
case("qwen3_coder", RM, "a value holding a literal </parameter> in a sentence",
     "<tool_call>\n<function=write_file>\n<parameter=path>\nNOTES.md\n</parameter>\n<parameter=content>\n"
     "A parameter block ends with </parameter> here.\n</parameter>\n</function>\n</tool_call>",
     [("write_file", {"path": "NOTES.md", "content": "A parameter block ends with </parameter> here."})],
     tools=QF)
MX = "https://github.com/ml-explore/mlx-lm/pull/1881"
case("qwen3_coder", MX, "the `>` after a parameter's name dropped (the value on the next line)",
     "<tool_call>\n<function=write_file>\n<parameter=path\nREADME.md\n</parameter>\n<parameter=content>\n# Title\n"
     "</parameter>\n</function>\n</tool_call>",
     [("write_file", {"path": "README.md", "content": "# Title"})], tools=QF)
VB = "https://github.com/waybarrios/vllm-mlx/pull/597"
case("qwen3_coder", VB, "two bare <function=…> blocks in a row, no wrapper, prose before",
     "Running both checks.\n<function=run_shell_command>\n<parameter=command>\npytest -q\n</parameter>\n</function>\n"
     "<function=run_shell_command>\n<parameter=command>\nruff check .\n</parameter>\n</function>",
     [("run_shell_command", {"command": "pytest -q"}), ("run_shell_command", {"command": "ruff check ."})],
     "Running both checks.", tools=QF)
case("qwen3_coder", VB, "prose that names the syntax `<function=Agent>` in a sentence is text",
     "The model printed <function=Agent> as prose instead of calling it.", [],
     "The model printed <function=Agent> as prose instead of calling it.", tools=["Agent"])
OB = "https://github.com/ollama/ollama/issues/17353"
case("qwen3_coder", OB, "a bare block naming an undeclared tool stays text",
     "<function=delete_everything>\n<parameter=path>\n/\n</parameter>\n</function>", [],
     "<function=delete_everything>\n<parameter=path>\n/\n</parameter>\n</function>", tools=QF)

# ---------------------------------------------------------------------------------------------
# gpt-oss's Harmony (vLLM #32587 / #32633, Workers AI): the channel token glued after the tool's
# name, the analysis message before the call, a forced call written as a flat JSON object.
GO = "https://github.com/vllm-project/vllm/issues/32587"
GOT = {"ls": {"path": {"type": "string"}}, "write_file": {"path": {"type": "string"}, "content": {"type": "string"}}}
case("harmony", GO, "analysis, then a commentary call with its <|constrain|>json",
     "<|channel|>analysis<|message|>Need to list the files first.<|end|><|start|>assistant<|channel|>commentary "
     "to=functions.ls <|constrain|>json<|message|>{\"path\":\".\"}<|call|>",
     [("ls", {"path": "."})], reasoning="Need to list the files first.", tools=GOT)
GP = "https://github.com/vllm-project/vllm/pull/32633"
case("harmony", GP, "the recipient glued to a second <|channel|> token (`to=functions.ls<|channel|>commentary`)",
     "<|start|>assistant<|channel|>commentary to=functions.ls<|channel|>commentary json<|message|>{\"path\":\"src\"}"
     "<|call|>", [("ls", {"path": "src"})], tools=GOT)
CF = "https://github.com/cloudflare/ai/issues/574"
case("bare_json", CF, "a forced call written as one flat object: the name beside the arguments",
     '{"name":"write_file","path":"notes.txt","content":"remember the milk"}',
     [("write_file", {"path": "notes.txt", "content": "remember the milk"})], tools=GOT)

# ---------------------------------------------------------------------------------------------
# Llama 4 Scout under a JSON template (vLLM #46890): a typed call object, two objects joined by a
# comma, a list of them; a JSON answer that is no call stays text.
L4 = "https://github.com/vllm-project/vllm/pull/46890"
L4T = {"Bash": {"command": {"type": "string"}, "timeout": {"type": "integer"}}, "Read": {"file_path": {"type": "string"}}}
case("llama3_json", L4, "a {\"type\": \"function\", \"name\", \"parameters\"} object as the whole turn",
     '{"type": "function", "name": "Bash", "parameters": {"command": "echo hello", "timeout": 12000}}',
     [("Bash", {"command": "echo hello", "timeout": 12000})], tools=L4T)
case("llama3_json", L4, "two call objects joined by a comma and a space",
     '{"name": "Read", "parameters": {"file_path": "a.md"}}, {"name": "Read", "parameters": {"file_path": "b.md"}}',
     [("Read", {"file_path": "a.md"}), ("Read", {"file_path": "b.md"})], tools=L4T)
case("llama3_json", L4, "a JSON list of two call objects with `arguments`",
     '[{"name": "Bash", "arguments": {"command": "pwd"}}, {"name": "Read", "arguments": {"file_path": "x.py"}}]',
     [("Bash", {"command": "pwd"}), ("Read", {"file_path": "x.py"})], tools=L4T)
case("llama3_json", L4, "an answer that is a JSON object but no call stays text",
     '{"status": "ok", "files": 3}', [], '{"status": "ok", "files": 3}', tools=L4T)

# ---------------------------------------------------------------------------------------------
# Granite 4 (vLLM's granite4 parser): Hermes blocks, its arguments as an escaped JSON string.
G4 = "https://github.com/vllm-project/vllm/pull/35948"
case("tool_call_tag", G4, "the arguments written as an escaped JSON string inside <tool_call>",
     '<tool_call>\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Boston\\"}"}\n</tool_call>',
     [("get_weather", {"city": "Boston"})], tools=["get_weather"])
case("tool_call_tag", G4, "parallel calls as repeated blocks, prose before",
     'Checking both.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Boston"}}\n</tool_call>\n'
     '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Austin"}}\n</tool_call>',
     [("get_weather", {"city": "Boston"}), ("get_weather", {"city": "Austin"})], "Checking both.",
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 through llama-cpp-python (#2227): the native tokens in the content, two calls.
GM = "https://github.com/abetlen/llama-cpp-python/issues/2227"
GMT = {"write_file": {"file_path": {"type": "string"}, "content": {"type": "string"}},
       "run_command": {"command": {"type": "string"}}}
case("gemma_special", GM, "a file write whose content holds quotes and a newline, then a command",
     '<|tool_call>call:write_file{file_path:<|"|>hello.py<|"|>,content:<|"|>print("hi")\n<|"|>}<tool_call|>'
     '<|tool_call>call:run_command{command:<|"|>python hello.py<|"|>}<tool_call|>',
     [("write_file", {"file_path": "hello.py", "content": 'print("hi")\n'}),
      ("run_command", {"command": "python hello.py"})], tools=GMT)

# ---------------------------------------------------------------------------------------------
# Seed-OSS in vLLM's Rust frontend (#47741): Qwen3-Coder's body in <seed:tool_call>.
SO = "https://github.com/vllm-project/vllm/pull/47741"
case("seed_oss", SO, "prose, then Qwen3-Coder's body inside <seed:tool_call>",
     "Let me look.\n<seed:tool_call>\n<function=read_file>\n<parameter=path>\nsetup.cfg\n</parameter>\n</function>\n"
     "</seed:tool_call>", [("read_file", {"path": "setup.cfg"})], "Let me look.", tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# A free model's leak filter (N.E.K.O): a <function> element with a <name> child and named params.
NK = "https://github.com/Project-N-E-K-O/N.E.K.O/pull/1809"
case("tool_tag", NK, "<function><name>…</name><parameter name=…>…</parameter></function>",
     '<function><name>MyTool</name><parameter name="q">weather in Kyoto</parameter></function>',
     [("MyTool", {"q": "weather in Kyoto"})], tools={"MyTool": {"q": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# MiniMax-M3 (mlx-lm's parser, vllm-gaudi): list values as <item> children, a mapping value as child
# tags, the invoke's `<` dropped after the namespace token.
NS = "]<]minimax[>["
M3L = "https://github.com/ml-explore/mlx-lm/pull/1416"
case("minimax_m3", M3L, "a list value written as <item> children",
     f"{NS}<tool_call>\n{NS}<invoke name=\"search\">{NS}<queries>{NS}<item>mlx{NS}</item>{NS}<item>vllm{NS}</item>"
     f"{NS}</queries>{NS}</invoke>\n{NS}</tool_call>", [("search", {"queries": ["mlx", "vllm"]})],
     tools={"search": {"queries": {"type": "array", "items": {"type": "string"}}}})
case("minimax_m3", M3L, "a mapping value written as child tags, an integer beside it",
     f"I'll check the time.{NS}<tool_call>\n{NS}<invoke name=\"get_weather\">\n{NS}<location>Paris{NS}</location>\n"
     f"{NS}<days>3{NS}</days>\n{NS}</invoke>\n{NS}</tool_call>", [("get_weather", {"location": "Paris", "days": 3})],
     "I'll check the time.", tools={"get_weather": {"location": {"type": "string"}, "days": {"type": "integer"}}})
VG = "https://github.com/vllm-project/vllm-gaudi/pull/1724"
case("minimax_m3", VG, "the invoke's `<` dropped: `]<]minimax[>[invoke name=…>`",
     f"{NS}<tool_call>\n{NS}invoke name=\"read_file\">{NS}<path>main.rs{NS}</path>{NS}</invoke>\n{NS}</tool_call>",
     [("read_file", {"path": "main.rs"})], tools=["read_file"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V4's DSML: the opener omitted at long context (vLLM #55954), spaced ASCII bars as the
# agent saw them (hermes-agent #15453), wrapper names garbled (osaurus), after </think> (KoboldCpp).
DV = "https://github.com/vllm-project/vllm/pull/55954"
case("deepseek_dsml", DV, "an invoke with no block opener, the block's closer, then a sentence",
     '<｜DSML｜invoke name="terminal">\n<｜DSML｜parameter name="command" string="true">make test</｜DSML｜parameter>\n'
     '</｜DSML｜invoke>\n</｜DSML｜tool_calls>\nRunning the tests now.', [("terminal", {"command": "make test"})],
     "Running the tests now.", tools=["terminal"])
case("deepseek_dsml", DV, "prose that mentions `<｜DSML｜invoke name=\"terminal\">` with no body stays text",
     'The marker <｜DSML｜invoke name="terminal"> opens a call.', [],
     'The marker <｜DSML｜invoke name="terminal"> opens a call.', tools=["terminal"])
HD = "https://github.com/NousResearch/hermes-agent/issues/15453"
case("deepseek_dsml", HD, "spaced ASCII bars (`< | DSML | tool_calls>`) on every tag",
     '< | DSML | tool_calls>\n< | DSML | invoke name="web_search">\n< | DSML | parameter name="query" string="true">'
     'blockchain news</ | DSML | parameter>\n</ | DSML | invoke>\n</ | DSML | tool_calls>',
     [("web_search", {"query": "blockchain news"})], tools=["web_search"])
OS = "https://github.com/osaurus-ai/osaurus/pull/1242"
case("deepseek_dsml", OS, "the block's name garbled (`tool_ccalls` … `tool_cs`) around a valid invoke",
     '<｜DSML｜tool_ccalls>\n<｜DSML｜invoke name="read">\n<｜DSML｜parameter name="path" string="true">a.txt'
     '</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_cs>', [("read", {"path": "a.txt"})], tools=["read"])
case("deepseek_dsml", OS, "the invoke's closer abbreviated (`</｜DSML｜inv>`)",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="read">\n<｜DSML｜parameter name="path" string="true">b.txt'
     '</｜DSML｜parameter>\n</｜DSML｜inv>\n</｜DSML｜tool_calls>', [("read", {"path": "b.txt"})], tools=["read"])
KB = "https://github.com/LostRuins/koboldcpp/issues/2465"
case("deepseek_dsml", KB, "the prompt opened thinking; its closer, a blank line, then a DSML block",
     'Search for the release first.</think>\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="web_search">\n'
     '<｜DSML｜parameter name="query" string="true">DeepSeek-V4.1-Flash</｜DSML｜parameter>\n</｜DSML｜invoke>\n'
     '</｜DSML｜tool_calls>', [("web_search", {"query": "DeepSeek-V4.1-Flash"})],
     reasoning="Search for the release first.", tools=["web_search"], thinking=True)

# ---------------------------------------------------------------------------------------------
# Claude Code's transcripts (#72240, #66809, #80463): a stray word before an unnamespaced invoke, a
# heredoc in a parameter.
CC = "https://github.com/anthropics/claude-code/issues/72240"
CCT = {"Bash": {"command": {"type": "string"}, "description": {"type": "string"}}}
case("minimax_m2", CC, "a stray word on the line before an invoke with no wrapper",
     'count\n<invoke name="Bash">\n<parameter name="command">git status --short</parameter>\n'
     '<parameter name="description">Show the status</parameter>\n</invoke>',
     [("Bash", {"command": "git status --short", "description": "Show the status"})], "count", tools=CCT)
CM = "https://github.com/anthropics/claude-code/issues/66809"
case("minimax_m2", CM, "a sentence, a stray word, then the invoke",
     'Merging the branch now.\n\ncourt\n<invoke name="Bash">\n<parameter name="command">git merge --no-ff feat</parameter>\n'
     '</invoke>', [("Bash", {"command": "git merge --no-ff feat"})], "Merging the branch now.\n\ncourt", tools=CCT)
CH = "https://github.com/anthropics/claude-code/issues/80463"
case("minimax_m2", CH, "a commit message heredoc inside the command parameter",
     "Committing.\n<invoke name=\"Bash\">\n<parameter name=\"command\">git commit -m \"$(cat <<'EOF'\nFix the parser\n\n"
     "Handles <tags> too.\nEOF\n)\"</parameter>\n</invoke>",
     [("Bash", {"command": "git commit -m \"$(cat <<'EOF'\nFix the parser\n\nHandles <tags> too.\nEOF\n)\""})],
     "Committing.", tools=CCT)

# ---------------------------------------------------------------------------------------------
# Ollama's OpenAI endpoint and agents over it (hermes-agent #87900, opencode, LM Studio, openclaude,
# mlx-omni-server, OpenHands, dynamo's qwen25 parser): bare JSON objects one per line, a
# name-only object, an empty thinking block before a Hermes block, a <function>NAME</function>
# line then bare JSON arguments, OpenHands' <function=…> text format.
HA = "https://github.com/NousResearch/hermes-agent/pull/87900"
HAT = {"list_files": {"path": {"type": "string"}}, "get_time": {}}
case("bare_json", HA, "two bare call objects on their own lines, the second with no arguments key",
     '{"name": "list_files", "arguments": {"path": "."}}\n{"name": "get_time"}',
     [("list_files", {"path": "."}), ("get_time", {})], tools=HAT)
FC = "https://github.com/ai-dynamo/frontend-crates/pull/61"
case("tool_call_tag", FC, "a name-only object inside <tool_call>", '<tool_call>\n{"name": "get_time"}\n</tool_call>',
     [("get_time", {})], tools=HAT)
case("tool_call_tag", FC, "an orphan </tool_call> after an answer is markup, not text",
     "It is 10:42 in Lisbon.</tool_call>", [], "It is 10:42 in Lisbon.", tools=HAT)
OC = "https://github.com/anomalyco/opencode/issues/1406"
case("tool_call_tag", OC, "Qwen2.5 14B's Hermes block on one line, camelCase keys",
     '<tool_call>{"name":"write", "arguments": {"filePath":"fast_sort.py", "content": "def sort(a):\\n    return sorted(a)\\n"}}'
     '</tool_call>', [("write", {"filePath": "fast_sort.py", "content": "def sort(a):\n    return sorted(a)\n"})],
     tools={"write": {"filePath": {"type": "string"}, "content": {"type": "string"}}})
LS = "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/825"
case("tool_call_tag", LS, "an empty thinking block, then a Hermes block with a number argument",
     '<think>\n\n</think>\n\n<tool_call>\n{"name": "search_products", "arguments": {"query": "Dell", "category": '
     '"electronics", "max_price": 50}}\n</tool_call>',
     [("search_products", {"query": "Dell", "category": "electronics", "max_price": 50})],
     tools=["search_products"])
LT = "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/827"
case("tool_call_tag", LT, "Qwen3's reasoning in <think>, then the call",
     '<think>\nThe user wants the weather; I should call get_weather.\n</think>\n\n<tool_call>\n'
     '{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>', [("get_weather", {"city": "Oslo"})],
     reasoning="The user wants the weather; I should call get_weather.", tools=["get_weather"])
MO = "https://github.com/madroidmaq/mlx-omni-server/issues/126"
case("tool_call_tag", MO, "<tool_call> holding <function>NAME</function> then the bare JSON arguments",
     'Let me check the services...\n<tool_call>\n<function>terminal</function>\n{"command": "lsof -i :10240"}\n</tool_call>',
     [("terminal", {"command": "lsof -i :10240"})], "Let me check the services...",
     tools={"terminal": {"command": {"type": "string"}}})
OH = "https://github.com/OpenHands/OpenHands/issues/14807"
case("qwen3_coder", OH, "OpenHands' text format: a command starting with a comment line, an enum parameter",
     "<function=execute_bash>\n<parameter=command>\n# list the repo\nls -la\n</parameter>\n"
     "<parameter=security_risk>LOW</parameter>\n</function>",
     [("execute_bash", {"command": "# list the repo\nls -la", "security_risk": "LOW"})],
     tools={"execute_bash": {"command": {"type": "string"},
                             "security_risk": {"type": "string", "enum": ["LOW", "MEDIUM", "HIGH"]}}})
OJ = "https://github.com/Gitlawb/openclaude/issues/287"
case("bare_json", OJ, "a call whose content string holds unescaped double quotes (an HTML attribute)",
     '{"name": "Write", "arguments": {"file_path": "index.html", "content": "<html lang="en">\\n<body>Hi</body>\\n</html>"}}',
     [("Write", {"file_path": "index.html", "content": '<html lang="en">\n<body>Hi</body>\n</html>'})],
     tools={"Write": {"file_path": {"type": "string"}, "content": {"type": "string"}}},
     xfail='a JSON string holding unescaped double quotes is no JSON: reading it means repairing the quotes by where the string can end, which no JSON reader here does (and an unsafe guess in general)')

# ---------------------------------------------------------------------------------------------
# Hunyuan / xlam lists in vLLM (#47901): a call with empty arguments, then one with arguments.
HX = "https://github.com/vllm-project/vllm/issues/47901"
case("tool_calls_array", HX, "an empty-arguments call first in the <tool_calls> list",
     '<tool_calls>[{"name": "get_time", "arguments": {}}, {"name": "get_weather", "arguments": {"city": "Paris"}}]'
     '</tool_calls>', [("get_time", {}), ("get_weather", {"city": "Paris"})], tools=["get_time", "get_weather"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 under Continue (Ollama #18275): `call:NAME:` with positional BEGIN_ARG / END_ARG blocks.
GB = "https://github.com/ollama/ollama/issues/18275"
case("gemma_special", GB, "positional BEGIN_ARG blocks, bound to the declared parameters in order",
     "<|tool_call>call:create_new_file:\nBEGIN_ARG:\nparser.py\nEND_ARG\nBEGIN_ARG:\nimport re\nEND_ARG\n<tool_call|>",
     [("create_new_file", {"filepath": "parser.py", "contents": "import re"})],
     tools={"create_new_file": {"filepath": {"type": "string"}, "contents": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Thinking tags as agents meet them: Magistral's [THINK] (Roo Code #8522), prefixed role words and
# a look-alike that is no thinking tag (hermes-agent #42906), GLM's lone </think> (qwen-code
# #6033), a thinking block a tool call cut off (OpenClaw #95539).
MG = "https://github.com/RooCodeInc/Roo-Code/issues/8522"
case("bracket_tool_calls", MG, "Magistral's [THINK] block, then the answer",
     "[THINK]The user asks for a greeting; keep it short.[/THINK]Hello! How can I help?", [],
     "Hello! How can I help?", reasoning="The user asks for a greeting; keep it short.")
case("bracket_tool_calls", MG, "Magistral's [THINK] block, then a [TOOL_CALLS] call",
     '[THINK]I need the file first.[/THINK][TOOL_CALLS]read_file[ARGS]{"path": "src/main.py"}',
     [("read_file", {"path": "src/main.py"})], reasoning="I need the file first.", tools=["read_file"])
TH = "https://github.com/NousResearch/hermes-agent/pull/42906"
case("tool_call_tag", TH, "a thinking tag with a model prefix (`<M2_7think>`)",
     "<M2_7think>Plan: answer in one line.</M2_7think>Paris.", [], "Paris.", reasoning="Plan: answer in one line.")
case("tool_call_tag", TH, "a thinking tag with a vendor prefix (`<deepseek_thought>`)",
     "<deepseek_thought>Compare both options.</deepseek_thought>Option B is cheaper.", [], "Option B is cheaper.",
     reasoning="Compare both options.")
case("tool_call_tag", TH, "`<overthink>` is a word, not a thinking tag: text",
     "Don't <overthink>it</overthink> - the answer is 4.", [], "Don't <overthink>it</overthink> - the answer is 4.")
GL = "https://github.com/QwenLM/qwen-code/pull/6033"
case("glm", GL, "GLM's thinking opened by the prompt: a lone </think>, then the answer",
     "The user wants a haiku about rain.</think>Soft rain on the roof", [], "Soft rain on the roof",
     reasoning="The user wants a haiku about rain.", thinking=True)
OW = "https://github.com/openclaw/openclaw/issues/95539"
case("tool_call_tag", OW, "a thinking block cut off by the end of the turn stays reasoning",
     "<think>I should search the docs before answering.", [], "", reasoning="I should search the docs before answering.")

# ---------------------------------------------------------------------------------------------
# Phi-4-mini (onnxruntime-genai #1334, vLLM #14682): its <|tool_call|> list, the functools prefix.
P4 = "https://github.com/microsoft/onnxruntime-genai/issues/1334"
P4T = {"booking_flight": {"departure": {"type": "string"}, "destination": {"type": "string"},
                          "outbound_date": {"type": "string"}, "return_date": {"type": "string"}}}
case("functools", P4, "a <|tool_call|> list with one call of four string arguments",
     '<|tool_call|>[{"name": "booking_flight", "arguments": {"departure": "DEL", "destination": "BOM", '
     '"outbound_date": "2025-04-01", "return_date": "2025-04-05"}}]<|/tool_call|>',
     [("booking_flight", {"departure": "DEL", "destination": "BOM", "outbound_date": "2025-04-01",
                          "return_date": "2025-04-05"})], tools=P4T)
P4V = "https://github.com/vllm-project/vllm/issues/14682"
case("functools", P4V, "the functools prefix and its list, no closing marker",
     'functools[{"name": "get_weather", "arguments": {"city": "Seattle"}}]', [("get_weather", {"city": "Seattle"})],
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# arbos #278's look-alikes: HTML in prose, an invoke quoted in a fenced code block.
AR = "https://github.com/unarbos/arbos/pull/278"
case("minimax_m2", AR, "prose with HTML tags and the word invoke stays text",
     "Wrap it in a <div> and invoke render() after the <span> loads.", [],
     "Wrap it in a <div> and invoke render() after the <span> loads.", tools=["render"])
case("minimax_m2", AR, "an invoke block quoted in a fenced code block is an example",
     'The call looks like this:\n\n```xml\n<invoke name="render">\n<parameter name="id">main</parameter>\n</invoke>\n```\n'
     '\nThat is all it takes.', [],
     'The call looks like this:\n\n```xml\n<invoke name="render">\n<parameter name="id">main</parameter>\n</invoke>\n```\n'
     '\nThat is all it takes.', tools=["render"])

# ---------------------------------------------------------------------------------------------
# GLM: the name then a newline before <arg_key> (mlx-lm #1756), the name glued to <arg_key> and a
# doubled closer (THUDM/GLM #224).
GN = "https://github.com/ml-explore/mlx-lm/pull/1756"
case("glm", GN, "the name on its own line, then key/value pairs",
     "<tool_call>create_file\n<arg_key>path</arg_key>\n<arg_value>notes.txt</arg_value>\n<arg_key>content</arg_key>\n"
     "<arg_value>hello</arg_value>\n</tool_call>", [("create_file", {"path": "notes.txt", "content": "hello"})],
     tools={"create_file": {"path": {"type": "string"}, "content": {"type": "string"}}})
GT = "https://github.com/THUDM/GLM/issues/224"
case("glm", GT, "two calls with the names glued to <arg_key>, a doubled </tool_call> after them",
     "<tool_call>read<arg_key>filePath</arg_key><arg_value>/home/u/proj/main.py</arg_value>\n</tool_call>"
     "<tool_call>task<arg_key>description</arg_key><arg_value>Explore project structure</arg_value>\n</tool_call>"
     "</tool_call>", [("read", {"filePath": "/home/u/proj/main.py"}), ("task", {"description": "Explore project structure"})],
     tools={"read": {"filePath": {"type": "string"}}, "task": {"description": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Qwen 3.6 in LM Studio (#1870): the call written at the end of the thinking block, no answer after
# (the policy of issue 31: it runs once thinking closes); Qwen3 thinking that only plans a call
# (Qwen3 #1817): JSON in reasoning is no call.
QT = "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1870"
case("qwen3_coder", QT, "the prompt opened thinking; a whole call ends it, then nothing but its closer",
     "I need to read the file first.\n<tool_call>\n<function=read>\n<parameter=path>\nREADME.md\n</parameter>\n"
     "</function>\n</tool_call>\n</think>\n\n", [("read", {"path": "README.md"})],
     reasoning="I need to read the file first.", tools={"read": {"path": {"type": "string"}}}, thinking=True)
QP = "https://github.com/QwenLM/Qwen3/issues/1817"
case("tool_call_tag", QP, "thinking that plans a call with its JSON arguments, then an answer: no call",
     '<think>I should call search_kb with {"query": "SonicWall high CPU"} first.</think>High CPU after an update is '
     'usually the new IPS signatures.', [], "High CPU after an update is usually the new IPS signatures.",
     reasoning='I should call search_kb with {"query": "SonicWall high CPU"} first.', tools=["search_kb", "web_search"])


# =============================================================================================
# Harvested after hunt o's fixes, as a check of them (scored as harvested: docs/testing.md).
OHM = "https://github.com/tinyhumansai/openhuman/issues/6344"
case("gemma_special", OHM, "an upper-case MCP tool name re-issued as Gemma's literal",
     '<|tool_call>call:NOTION_FETCH_DATA{fetch_type:<|"|>pages<|"|>}<tool_call|>',
     [("NOTION_FETCH_DATA", {"fetch_type": "pages"})], tools=["NOTION_FETCH_DATA"])
OMP = "https://github.com/can1357/oh-my-pi/issues/8837"
case("tool_tag", OMP, "self-closing <tool name=… /> tags, the arguments as attributes, a stray </tool_call>",
     '<tool name="bash" command="ls -la" cwd="/repo" />\n<tool name="read" path="/repo/a.md" />\n</tool_call>',
     [("bash", {"command": "ls -la", "cwd": "/repo"}), ("read", {"path": "/repo/a.md"})],
     tools={"bash": {"command": {"type": "string"}, "cwd": {"type": "string"}}, "read": {"path": {"type": "string"}}})
GF = "https://github.com/izaart95-jpg/GLM-Free-API/issues/44"
case("wrapped", GF, "the shim's envelope drifted to TOOL_CALL_BLOCK>>> … <<<END_TOOL_CALL_BLOCK>>>",
     'TOOL_CALL_BLOCK>>>\n{"name": "write_file", "arguments": {"path": "a.txt", "content": "hi"}}\n<<<END_TOOL_CALL_BLOCK>>>',
     [("write_file", {"path": "a.txt", "content": "hi"})],
     tools={"write_file": {"path": {"type": "string"}, "content": {"type": "string"}}},
     xfail='an envelope opener missing its left half (`TOOL_CALL_BLOCK>>>` for `<<<TOOL_CALL_BLOCK>>>`) is no wrapper: a made-up wrapper is read only whole')
GG = "https://github.com/izaart95-jpg/GLM-Free-API/issues/15"
case("wrapped", GG, "the shim's own <<<TOOL_CALL>>> envelope at character 0",
     '<<<TOOL_CALL>>>\n{"name": "run", "arguments": {"cmd": "node app.js"}}\n<<<END_TOOL_CALL>>>',
     [("run", {"cmd": "node app.js"})], tools={"run": {"cmd": {"type": "string"}}})
OU = "https://github.com/jundot/omlx/issues/3153"
case("tool_call_tag", OU, "a Hermes block whose closer never came: the call's JSON is whole",
     'I\'ll search for it.\n<tool_call>\n{"name": "web_search", "arguments": {"query": "oMLX 0.6.4 release"}}',
     [("web_search", {"query": "oMLX 0.6.4 release"})], "I'll search for it.", tools=["web_search"])


MINE = CASES[_FIRST:]       # this hunt's cases (scored apart: docs/testing.md)
