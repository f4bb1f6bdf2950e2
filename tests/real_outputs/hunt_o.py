"""Real-output cases of hunt (o), 2026-12-07: a held-out harvest of users' reports (issue 31, wave 6).

Reports no earlier hunt had used, scored as they were harvested, before any fix: (filled in below).
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
     [("write_file", {"path": "README.md", "content": "# Title"})], tools=QF,
     xfail="a parameter tag whose `>` was dropped (`<parameter=path\\nVALUE`) is no parameter: the name ends at the line's end when the tag never closes")
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
     [("write_file", {"path": "notes.txt", "content": "remember the milk"})], tools=GOT,
     xfail="a flat object (the name beside the arguments, no `arguments` key) is no call shape: reading it needs the declared tool's schema to say which keys are its arguments")

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
case("granite", G4, "the arguments written as an escaped JSON string inside <tool_call>",
     '<tool_call>\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Boston\\"}"}\n</tool_call>',
     [("get_weather", {"city": "Boston"})], tools=["get_weather"])
case("granite", G4, "parallel calls as repeated blocks, prose before",
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
     [("MyTool", {"q": "weather in Kyoto"})], tools={"MyTool": {"q": {"type": "string"}}},
     xfail="the <function> element's closer is left in the content: the <name>-child reader ends at the last parameter, not at the element's own closer")

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
     [("read_file", {"path": "main.rs"})], tools=["read_file"],
     xfail='an invoke tag whose `<` was dropped after the namespace token is no invoke: the block yields nothing and its text stays')

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


MINE = CASES[_FIRST:]       # this hunt's cases (scored apart: docs/testing.md)
