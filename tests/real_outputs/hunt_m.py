"""Real-output cases of hunt (m), 2026-12-07: a held-out harvest of raw outputs users pasted into
public bug reports (issue 31), scored as harvested, before any fix.

Sources: users' reports from oMLX, Ollama, llama.cpp, LM Studio, mlx-lm, Rapid-MLX, little-coder,
WebBrain, nobodywho, OpenClaw, ClawRouter, oh-my-pi, Goose, Data Machine, hermes-agent, qvac and
others (Gemma 4, Kimi K2.5 / K3, LFM2.5, MiniMax-M3, Devstral 2, gpt-oss, DeepSeek V4, GLM-5.x,
Qwen 3.6 and more), and the negatives real sets hold (a quoted syntax, an undeclared name, data
that is not a call, a cut call).
As harvested: 48 of 63 passed, calls right in 54 (85.7 %), markup left in the content of 2.
"""
from __future__ import annotations

from .cases import case

# (Harvested and scored before any fix: 48 / 63 passed, calls right 54 / 63, 2 leaks; after the
# fixes 58 / 63, calls right 60 / 63, no leak.  The misses left are strict xfails naming the
# mechanism they need: docs/testing.md.  The last 5 cases were harvested after the fixes, as a
# check of them: 4 passed as harvested, the 5th once the keyed reader took `<parameter name=…>`.)

# ---------------------------------------------------------------------------------------------
# Gemma 4 (the `<|tool_call>call:NAME{…}<tool_call|>` form) as oMLX and Ollama users saw it.
OMLX = "https://github.com/jundot/omlx/issues/593"
case("gemma_special", OMLX, "a thought channel, then a call with a <|\"|>-quoted value",
     '<|channel>thought\nThe user wants the directory listed.<channel|><|tool_call>call:bash{command:<|"|>ls -la<|"|>}'
     '<tool_call|>', [("bash", {"command": "ls -la"})], reasoning="The user wants the directory listed.",
     tools=["bash"])
case("gemma_special", OMLX, "the answer followed by the <eos> token the report saw displayed",
     "The folder holds three files: a.py, b.py and README.md.<eos>", [],
     "The folder holds three files: a.py, b.py and README.md.", tools=["bash"])
OL = "https://github.com/ollama/ollama/issues/15315"
GREP = {"grep": {"include": {"type": "string"}, "output_mode": {"type": "string"}, "path": {"type": "string"},
                 "pattern": {"type": "string"}}}
case("gemma_special", OL, "four <|\"|>-quoted values, one a regular expression with backslashes",
     '<|tool_call>call:grep{include:<|"|>*.py<|"|>,output_mode:<|"|>content<|"|>,path:<|"|>/data/robotics/experiment1'
     '<|"|>,pattern:<|"|>:\\s*\\w+<|"|>}<tool_call|>',
     [("grep", {"include": "*.py", "output_mode": "content", "path": "/data/robotics/experiment1",
                "pattern": ":\\s*\\w+"})], tools=GREP)
case("gemma_special", OL, "the log's garbled value (opened with ', closed with <|\"|>): not runnable, its text given back",
     '<|tool_call>call:grep{include:<|"|>*.py<|"|>,path:<|"|>/data/robotics/experiment1<|"|>,pattern:\':\\s*\\w+\'<|"|>}'
     '<tool_call|>', tools=GREP, given=True,
     incomplete=[("grep", {"include": "*.py", "path": "/data/robotics/experiment1", "pattern": ":\\s*\\w+"})])

# ---------------------------------------------------------------------------------------------
# Kimi K2.5: the section tokens spaced out, the id without its `functions.` namespace (OpenClaw).
OC = "https://github.com/openclaw/openclaw/issues/60465"
case("kimi_k2", OC, "prose, then spaced section tokens and an `exec:12` id (no `functions.`)",
     'The tool syntax is showing up in chat. Let me check your Chrome profiles properly. <|tool_calls_section_begin|> '
     '<|tool_call_begin|> exec:12 <|tool_call_argument_begin|> {"command": "ls -la ~/Library/Application\\\\ Support/'
     'Google/ | grep -i chrome", "timeout": 30} <|tool_call_end|> <|tool_calls_section_end|>',
     [("exec", {"command": "ls -la ~/Library/Application\\ Support/Google/ | grep -i chrome", "timeout": 30})],
     "The tool syntax is showing up in chat. Let me check your Chrome profiles properly.", tools=["exec"])

# k2p5 through OpenClaw's Anthropic route: the call written as `name({json})` on its own.
OC2 = "https://github.com/openclaw/openclaw/issues/41297"
case("pythonic", OC2, "the whole turn is `exec({json})`, a declared tool",
     'exec({"command": "pwd", "description": "Print working directory"})',
     [("exec", {"command": "pwd", "description": "Print working directory"})], tools=["exec"])

# Kimi K3 through ClawRouter: the arguments alone, no name: data, not a call.
CR = "https://github.com/BlockRunAI/ClawRouter/issues/213"
case("bare_json", CR, "`Let's do web_search.` then an arguments object with no name: text",
     'Let\'s do web_search.\n{"query": "2026 FIFA World Cup final date Argentina", "top_n": 5, "recency_days": -1}',
     [], 'Let\'s do web_search.\n{"query": "2026 FIFA World Cup final date Argentina", "top_n": 5, "recency_days": -1}',
     tools=["web_search", "read", "exec"])
case("bare_json", CR, "an object whose `action` value is a tool's name is still data, not a call",
     '{"path":"/home/Blockrun/.openclaw/workspace/IDENTITY.md","action":"read"}', [],
     '{"path":"/home/Blockrun/.openclaw/workspace/IDENTITY.md","action":"read"}', tools=["web_search", "read", "exec"])

# ---------------------------------------------------------------------------------------------
# Anthropic-style <function_calls> written as text (Data Machine's lab run).
DM = "https://github.com/Extra-Chill/data-machine/issues/2308"
case("minimax_m2", DM, "a <function_calls> block with one invoke and two parameters",
     'I will inspect the workspace first.\n<function_calls>\n<invoke name="workspace_read">\n'
     '<parameter name="path">wp-content/plugins/demo/demo.php</parameter>\n<parameter name="max_lines">80</parameter>\n'
     '</invoke>\n</function_calls>',
     [("workspace_read", {"path": "wp-content/plugins/demo/demo.php", "max_lines": 80})],
     "I will inspect the workspace first.",
     tools={"workspace_read": {"path": {"type": "string"}, "max_lines": {"type": "integer"}}})

# MiniMax-M3 in oh-my-pi: the M2 block, an array parameter.
OMP = "https://github.com/can1357/oh-my-pi/issues/2759"
case("minimax_m2", OMP, "an array-typed `ops` parameter written as JSON in the block",
     '<minimax:tool_call>\n<invoke name="edit">\n<parameter name="path">src/app.ts</parameter>\n'
     '<parameter name="ops">[{"op": "replace", "line": 12, "text": "const x = 1;"}]</parameter>\n</invoke>\n'
     '</minimax:tool_call>',
     [("edit", {"path": "src/app.ts", "ops": [{"op": "replace", "line": 12, "text": "const x = 1;"}]})],
     tools={"edit": {"path": {"type": "string"}, "ops": {"type": "array"}}})

# Devstral 2 on mlx_lm.server: the [ARGS] form (the server returned an empty message).
DV = "https://github.com/ml-explore/mlx-lm/issues/1307"
case("bracket_tool_calls", DV, "[TOOL_CALLS]name[ARGS]{json}, nothing else",
     '[TOOL_CALLS]get_weather[ARGS]{"city": "Lisbon", "unit": "celsius"}',
     [("get_weather", {"city": "Lisbon", "unit": "celsius"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# LFM2 / LFM2.5: pythonic lists between <|tool_call_start|> and <|tool_call_end|>.
LC = "https://github.com/itayinbarr/little-coder/issues/42"
case("lfm2", LC, "a single-quoted argument, the turn's <|im_end|> after the closer",
     "<|tool_call_start|>[Read(path='/home/user/foo.c')]<|tool_call_end|><|im_end|>",
     [("Read", {"path": "/home/user/foo.c"})], tools=["Read"])
WB = "https://github.com/esokullu/webbrain/pull/271"
case("lfm2", WB, "Python True / None and an integer",
     "<|tool_call_start|>[read_page(tab_id=3, full=True, selector=None)]<|tool_call_end|>",
     [("read_page", {"tab_id": 3, "full": True, "selector": None})], tools=["read_page"])
case("lfm2", WB, "a narrated call in prose (no tokens) stays text",
     "Next I would call read_page(tab_id=3) to see the article body.", [],
     "Next I would call read_page(tab_id=3) to see the article body.", tools=["read_page"])
case("lfm2", WB, "an undeclared name inside the tokens is not run",
     "<|tool_call_start|>[delete_all_tabs(confirm=True)]<|tool_call_end|>", [],
     "<|tool_call_start|>[delete_all_tabs(confirm=True)]<|tool_call_end|>", tools=["read_page"])
LE = "https://github.com/ggml-org/llama.cpp/pull/24667"
case("lfm2", LE, "an escaped newline inside a double-quoted string is one newline",
     "<|tool_call_start|>[python(code=\"print('hello')\\nprint('world')\")]<|tool_call_end|>",
     [("python", {"code": "print('hello')\nprint('world')"})], tools=["python"])
NW = "https://github.com/nobodywho-ooo/nobodywho/pull/564"
case("lfm2", NW, "a JSON object argument and a string",
     '<|tool_call_start|>[create_box(dimensions={"width": 2, "height": 3}, color="red")]<|tool_call_end|>',
     [("create_box", {"dimensions": {"width": 2, "height": 3}, "color": "red"})], tools=["create_box"])
RM = "https://github.com/raullenchai/Rapid-MLX/pull/1076"
case("lfm2", RM, "the special tokens stripped by the detokenizer: a bare [name(k=v)] list",
     '[get_weather(location="Paris")]', [("get_weather", {"location": "Paris"})], tools=["get_weather"])
case("lfm2", RM, "two calls in one stripped list",
     '[get_weather(location="Paris"), get_weather(location="Tokyo")]',
     [("get_weather", {"location": "Paris"}), ("get_weather", {"location": "Tokyo"})], tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Goose: a model explaining the tool-call format must not run the example.
GS = "https://github.com/aaif-goose/goose/issues/1857"
case("fenced_json", GS, "the format explained with a fenced example of a declared tool: text",
     "Tool invocations are plain JSON messages. For example:\n\n```json\n"
     '{"name": "developer__shell", "arguments": {"command": "ls"}}\n```\n\nGoose then runs the tool and returns '
     "its output.", [],
     "Tool invocations are plain JSON messages. For example:\n\n```json\n"
     '{"name": "developer__shell", "arguments": {"command": "ls"}}\n```\n\nGoose then runs the tool and returns '
     "its output.", tools=["developer__shell"])

# Step 3.5 Flash served without its parser (hermes-agent): Python-literal JSON, an orphan </think>.
ST = "https://github.com/NousResearch/hermes-agent/pull/14601"
case("tool_call_tag", ST, "a <tool_call> body written as a Python dict (single quotes)",
     "<tool_call>{'name': 'terminal', 'arguments': {'command': 'ls -la /srv'}}</tool_call>",
     [("terminal", {"command": "ls -la /srv"})], tools=["terminal"])
case("tool_call_tag", ST, "an orphan </think> ends the reasoning the template opened",
     "The directory listing answers it.\n</think>\n\nThe folder is empty.", [], "The folder is empty.",
     reasoning="The directory listing answers it.", thinking=True)

# MiniCPM5 V3 on mlx-serve: attribute-quoted XML, no wrapper, <param> for parameters.
MS = "https://github.com/ddalcu/mlx-serve/pull/315"
case("minicpm5", MS, "a bare <function name=…> with <param name=…> children",
     '<function name="shell"><param name="command">git status</param></function>',
     [("shell", {"command": "git status"})], tools=["shell"])
case("minicpm5", MS, "cut inside the second parameter: not runnable",
     'Checking.\n<function name="shell"><param name="command">git status</param><param name="cwd">/sr',
     [], "Checking.", tools=["shell"], incomplete=[("shell", {"command": "git status", "cwd": "/sr"})])

# ---------------------------------------------------------------------------------------------
# gpt-oss harmony leaked whole through Ollama and qvac.
HA = "https://github.com/NousResearch/hermes-agent/pull/62680"
case("harmony", HA, "an analysis message, then a final one ending in <|return|>",
     "<|start|>assistant<|channel|>analysis<|message|>The capital question is simple.<|end|><|start|>assistant"
     "<|channel|>final<|message|>Paris is the capital of France.<|return|>", [], "Paris is the capital of France.",
     reasoning="The capital question is simple.")
QV = "https://github.com/tetherto/qvac/pull/2803"
case("harmony", QV, "a stray `<|channel|>assistant` header before the answer",
     "<|channel|>assistant<|message|>Hello! How can I help today?<|end|>", [], "Hello! How can I help today?")

# ---------------------------------------------------------------------------------------------
# Qwen 3.6 on afm (maclocal-api): the XML and JSON templates fused in one <tool_call> block.
AFM = "https://github.com/scouzi1966/maclocal-api/issues/141"
EDIT = {"edit_file": {"path": {"type": "string"}, "old_string": {"type": "string"}, "new_string": {"type": "string"}},
        "run_command": {"cmd": {"type": "string"}}}
case("qwen3_coder", AFM, "a garbled `{\"function>` head, the name as <name>…</name>, then <parameter=…> children",
     '<tool_call>\n{"function>\n<name>edit_file</name>\n<parameter=path>stack/pop.go</parameter>\n'
     '<parameter=old_string>return s[0]</parameter>\n<parameter=new_string>return s[len(s)-1]</parameter>\n'
     '</function>\n</tool_call>',
     [("edit_file", {"path": "stack/pop.go", "old_string": "return s[0]", "new_string": "return s[len(s)-1]"})],
     tools=EDIT,
     xfail='the garbled `{"function>` head makes the JSON reader claim the block, and its failure drops the '
           'block whole (no call, no content, no error): a block with no runnable call must give its text '
           'back (nothing vanishes); without the head, `<name>NAME</name>` then `<parameter=K>` tags is read')
case("qwen3_coder", AFM, "`{\"name=\"edit_file\", …}` is not JSON: not runnable, its text given back",
     '<tool_call>\n{"name="edit_file", "arguments": {"path": "src/parse.ts"}}\n</tool_call>', tools=EDIT, given=True)
QH = "https://github.com/tetherto/qvac/pull/2677"
case("tool_call_tag", QH, "the fused `{\"function=NAME\", \"arguments\": {…}}` frame",
     '<tool_call>\n{"function=run_command", "arguments": {"cmd": "go test ./..."}}\n</tool_call>',
     [("run_command", {"cmd": "go test ./..."})], tools=EDIT)

# Qwen 3.6 behind Claude Code (lucebox): a fenced shell command is not a call.
LB = "https://github.com/Luce-Org/lucebox-hub/pull/276"
case("fenced_json", LB, "newlines, then a ```bash fence: text, the tool declared",
     "\n\n\n\n```bash\nls -lS /\n```", [], "```bash\nls -lS /\n```", tools=["Bash", "Read"])
case("tool_tag", LB, "the tool's own tag with a child tag per argument (<bash><command>…)",
     "<bash>\n<command>ls -lhS /tmp | head -30</command>\n</bash>", [("bash", {"command": "ls -lhS /tmp | head -30"})],
     tools=["bash", "read"])

# Qwen2.5-Coder through llama-server (OpenClaw): a <tools> wrapper, and bare JSON after prose.
Q25 = "https://github.com/openclaw/openclaw/issues/60601"
case("tool_call_tag", Q25, "the call object in <tools>…</tools> instead of <tool_call>",
     '<tools>{"name": "read", "arguments": {"path": "/home/u/.openclaw/openclaw.json"}}</tools>',
     [("read", {"path": "/home/u/.openclaw/openclaw.json"})], tools=["read", "exec"])
case("bare_json", Q25, "a sentence, a blank line, then the bare call object of a declared tool",
     'Sure, let\'s try again to check the config file.\n\n{"name": "read", "arguments": {"path": '
     '"/home/u/.openclaw/openclaw.json"}}', [("read", {"path": "/home/u/.openclaw/openclaw.json"})],
     "Sure, let's try again to check the config file.", tools=["read", "exec"])

# LocalAI: the server's own `answer` function leaked as a JSON string; the client declared only exec.
LA = "https://github.com/mudler/LocalAI/issues/10052"
case("bare_json", LA, "an `arguments`-first call object to an undeclared name stays text",
     '{"arguments": {"message": "Hello"}, "name": "answer"}', [],
     '{"arguments": {"message": "Hello"}, "name": "answer"}', tools=["exec"])

# ---------------------------------------------------------------------------------------------
# DeepSeek V4: DSML spelled with ASCII pipes (Foundry through OpenClaw; ds4).
FD = "https://github.com/openclaw/openclaw/issues/85918"
case("deepseek_dsml", FD, "<|DSML|…> with ASCII pipes, one string parameter",
     '<|DSML|tool_calls>\n<|DSML|invoke name="session_status">\n<|DSML|parameter name="sessionKey" string="true">'
     'current</|DSML|parameter>\n</|DSML|invoke>\n</|DSML|tool_calls>',
     [("session_status", {"sessionKey": "current"})], tools=["session_status"])
case("deepseek_dsml", FD, "an invoke with no parameter at all: a call with no arguments",
     '<|DSML|tool_calls>\n<|DSML|invoke name="session_status">\n</|DSML|invoke>\n</|DSML|tool_calls>',
     [("session_status", {})], tools=["session_status"])
DS4 = "https://github.com/antirez/ds4/issues/167"
case("deepseek_dsml", DS4, "the DSML block written inside an open thinking block that the stream ends in",
     '<think>I need lines 7 to 9 of main.go.\n\n<|DSML|tool_calls>\n<|DSML|invoke name="bash">\n'
     '<|DSML|parameter name="command" string="true">sed -n \'7,9p\' main.go</|DSML|parameter>\n</|DSML|invoke>\n'
     '</|DSML|tool_calls>', [("bash", {"command": "sed -n '7,9p' main.go"})],
     reasoning="I need lines 7 to 9 of main.go.", tools=["bash"])

# GLM-4.7 (opencode): calls leaked inside the reasoning block, the stream ending there.
GR = "https://github.com/anomalyco/opencode/pull/6883"
case("glm", GR, "a bare <invoke> whose parameters are tags named after them, inside thinking",
     '<think>Run the test suite first.\n<invoke name="bash">\n  <command>bun test</command>\n  '
     '<description>Run tests</description>\n</invoke>', [("bash", {"command": "bun test", "description": "Run tests"})],
     reasoning="Run the test suite first.", tools=["bash"])
case("glm", GR, "a GLM <tool_call> with arg_key/arg_value inside thinking",
     '<think>Deep analysis helps here.\n<tool_call>pal_thinkdeep<arg_key>step</arg_key><arg_value>map the call graph'
     '</arg_value><arg_key>step_number</arg_key><arg_value>1</arg_value></tool_call>',
     [("pal_thinkdeep", {"step": "map the call graph", "step_number": 1})], reasoning="Deep analysis helps here.",
     tools={"pal_thinkdeep": {"step": {"type": "string"}, "step_number": {"type": "integer"}}})

# ---------------------------------------------------------------------------------------------
# Qwen 3.6 in LM Studio with tool_choice "required": the Qwen3-Coder block came back as text.
LS = "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2115"
case("qwen3_coder", LS, "the block with each value on its own lines",
     "<tool_call>\n<function=read>\n<parameter=path>\nsrc/server.ts\n</parameter>\n</function>\n</tool_call>",
     [("read", {"path": "src/server.ts"})], tools={"read": {"path": {"type": "string"}}})

# tensai: a sub-1B Qwen3 wrote its call as a fenced JSON block, the whole turn.
TS = "https://github.com/mattn/tensai/pull/180"
case("fenced_json", TS, "the whole turn is one ```json fence holding a declared tool's call",
     '```json\n{"name": "run_command", "arguments": {"command": "uname -a"}}\n```',
     [("run_command", {"command": "uname -a"})], tools=["run_command"])

# smolagents' ToolCallingAgent: an OpenAI tool_calls entry written as a Python dict.
SA = "https://github.com/huggingface/smolagents/issues/122"
case("bare_json", SA, "a {'id', 'type', 'function': {'name', 'arguments'}} entry in single quotes, the whole turn",
     "{'id': '58136', 'type': 'function', 'function': {'name': 'get_system_configuration', 'arguments': "
     "{'system': 'ABC123'}}}", [("get_system_configuration", {"system": "ABC123"})],
     tools=["get_system_configuration", "get_weather"])

# Nemotron Nano v2 on llama.cpp: <TOOLCALL>[…]</TOOLCALL>, and the <SPECIAL_12> end token left over.
NV = "https://github.com/ggml-org/llama.cpp/pull/23029"
case("tool_calls_array", NV, "thinking, then a <TOOLCALL> JSON array, then <SPECIAL_12>",
     '<think>The user wants the weather.</think><TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]'
     '</TOOLCALL><SPECIAL_12>', [("get_weather", {"city": "Oslo"})], reasoning="The user wants the weather.",
     tools=["get_weather"],
     xfail="Nemotron Nano v2's end-of-turn token is a numbered placeholder (`<SPECIAL_12>`), its name says "
           "nothing: needs the tokenizer's special tokens (inside vLLM / SGLang) or a template's stop token to "
           "say it is markup")
case("tool_calls_array", NV, "a plain answer ending in the <SPECIAL_12> end-of-turn token",
     "It is sunny in Oslo today.<SPECIAL_12>", [], "It is sunny in Oslo today.", tools=["get_weather"],
     xfail="Nemotron Nano v2's end-of-turn token is a numbered placeholder (`<SPECIAL_12>`), its name says "
           "nothing: needs the tokenizer's special tokens (inside vLLM / SGLang) or a template's stop token to "
           "say it is markup")

# Hunyuan A13B on vLLM: the answer wrapped in <answer>…</answer>.
HY = "https://github.com/vllm-project/vllm/issues/58127"
case("hunyuan_v3", HY, "<think>…</think> then <answer>…</answer>: neither tag in the content",
     "<think>\nA greeting; answer briefly.\n</think>\n<answer>\nHello! How can I help you today?\n</answer>", [],
     "Hello! How can I help you today?", reasoning="A greeting; answer briefly.")

# ERNIE X1 on FastDeploy: whitespace inside the arguments must survive.
FDY = "https://github.com/PaddlePaddle/FastDeploy/pull/7079"
case("tool_call_tag", FDY, "thinking, then a <tool_call> whose string value holds newlines and spaces",
     '<think>Write the file.</think>\n\n<tool_call>\n{"name": "write_file", "arguments": {"path": "a.py", '
     '"content": "def f():\\n    return 1\\n"}}\n</tool_call>',
     [("write_file", {"path": "a.py", "content": "def f():\n    return 1\n"})], reasoning="Write the file.",
     tools=["write_file"])

# Qwen2.5 on llama.cpp: parallel calls each opened with <tool_call>, only the last one closed.
QP = "https://github.com/ggml-org/llama.cpp/issues/12153"
case("tool_call_tag", QP, "three <tool_call> openers, one closer at the end",
     '<tool_call>\n{"name": "aiCreatePlan", "arguments": {"id": "math_operation_plan"}}\n<tool_call>\n'
     '{"name": "aiAddFunctionStepToPlan", "arguments": {"id": "1", "functionName": "aiAdd"}}\n<tool_call>\n'
     '{"name": "aiAddFunctionStepToPlan", "arguments": {"id": "2", "functionName": "aiSubtract"}}\n</tool_call>',
     [("aiCreatePlan", {"id": "math_operation_plan"}),
      ("aiAddFunctionStepToPlan", {"id": "1", "functionName": "aiAdd"}),
      ("aiAddFunctionStepToPlan", {"id": "2", "functionName": "aiSubtract"})],
     tools=["aiCreatePlan", "aiAddFunctionStepToPlan"])

# ---------------------------------------------------------------------------------------------
# Gemma 4 on mlx-vlm: an array of objects as one argument, and the argument after it.
MV = "https://github.com/Blaizzy/mlx-vlm/issues/914"
case("gemma_special", MV, "an array of objects with <|\"|> strings, then another argument",
     '<|tool_call>call:edit{edits:[{newText:<|"|>orange<|"|>,oldText:<|"|>apple<|"|>}],path:<|"|>test.txt<|"|>}'
     '<tool_call|>', [("edit", {"edits": [{"newText": "orange", "oldText": "apple"}], "path": "test.txt"})],
     tools={"edit": {"edits": {"type": "array"}, "path": {"type": "string"}}})

# DeepSeek V3.2 behind a gateway that ignored tool_choice (Graft): a bare JSON list with `parameters`.
GF = "https://github.com/trailhq/Graft/pull/216"
case("bare_json", GF, "a bare [{\"name\", \"parameters\"}] list, the whole turn",
     '[{"name":"emit_json","parameters":{"nodes":[{"id":"a","label":"Alpha"}],"links":[]}}]',
     [("emit_json", {"nodes": [{"id": "a", "label": "Alpha"}], "links": []})], tools=["emit_json"])

# Devstral on OpenVINO Model Server: prose glued to [TOOL_CALLS], no end token.
OV = "https://github.com/openvinotoolkit/model_server/pull/3851"
case("bracket_tool_calls", OV, "prose, then [TOOL_CALLS]name[ARGS]{json} with the stream ending there",
     'Reasoning before tool call [TOOL_CALLS]example_tool[ARGS]{"arg1":"value1","arg2":42}',
     [("example_tool", {"arg1": "value1", "arg2": 42})], "Reasoning before tool call", tools=["example_tool"])

# DSML leaked through proxies (pythinker-code, hermes-agent): a JSON-typed parameter; spaced ASCII pipes.
PT = "https://github.com/PyModel/pythinker-code/pull/288"
case("deepseek_dsml", PT, "fullwidth DSML, a string=\"false\" number and an object parameter",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="search_code">\n<｜DSML｜parameter name="query" string="true">'
     'retry budget</｜DSML｜parameter>\n<｜DSML｜parameter name="limit" string="false">5</｜DSML｜parameter>\n'
     '<｜DSML｜parameter name="filters" string="false">{"lang": "ts", "tests": false}</｜DSML｜parameter>\n'
     '</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
     [("search_code", {"query": "retry budget", "limit": 5, "filters": {"lang": "ts", "tests": False}})],
     tools=["search_code"])
HD = "https://github.com/NousResearch/hermes-agent/pull/15473"
case("deepseek_dsml", HD, "the DSML tokens spaced out with ASCII pipes (`< | DSML | …>`)",
     '< | DSML | tool_calls>\n< | DSML | invoke name="terminal">\n< | DSML | parameter name="command" string="true">'
     'git log -3</ | DSML | parameter>\n</ | DSML | invoke>\n</ | DSML | tool_calls>',
     [("terminal", {"command": "git log -3"})], tools=["terminal"])

# Qwen3-Coder 30B in cecli: a JSON call whose string holds escaped newlines.
CC = "https://github.com/cecli-dev/cecli/issues/417"
case("qwen3_coder", CC, "a Qwen3-Coder parameter holding a multi-line todo list",
     "<tool_call>\n<function=UpdateTodoList>\n<parameter=content>\n- [x] read the config\n- [ ] fix the parser\n"
     "</parameter>\n</function>\n</tool_call>",
     [("UpdateTodoList", {"content": "- [x] read the config\n- [ ] fix the parser"})],
     tools={"UpdateTodoList": {"content": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Kimi K3 on llama.cpp's branch: the prompt opens the think channel; the turn closes it.
K3 = "https://github.com/pwilkin/llama.cpp/pull/20"
O3, C3 = "<|open|>", "<|close|>"
case("kimi_k3", K3, "thinking opened by the prompt, then a response channel and the message closer",
     f"The user says hi; answer briefly.{C3}think<|sep|>{O3}response<|sep|>Hello! What can I do for you?"
     f"{C3}response<|sep|>{C3}message<|sep|><|end_of_msg|>", [], "Hello! What can I do for you?",
     reasoning="The user says hi; answer briefly.", thinking=True)
case("kimi_k3", K3, "a typed integer argument in a tools channel after the response",
     f'{O3}response<|sep|>Checking the task.{C3}response<|sep|>{O3}tools<|sep|>{O3}call tool="get_task" index="0"<|sep|>'
     f'{O3}argument key="task_id" type="integer"<|sep|>42{C3}argument<|sep|>{C3}call<|sep|>{C3}tools<|sep|>'
     f'{C3}message<|sep|><|end_of_msg|>', [("get_task", {"task_id": 42})], "Checking the task.",
     tools={"get_task": {"task_id": {"type": "integer"}}})

# Kimi through OpenClaw's kimi-coding route: downgraded tool tags.
KD = "https://github.com/openclaw/openclaw/pull/62998"
case("tool_tag", KD, "a raw <exec>…</exec> tag whose body is the command (the tool's one string parameter)",
     "Let me look.\n<exec>ls -la ~/projects</exec>", [("exec", {"command": "ls -la ~/projects"})], "Let me look.",
     tools={"exec": {"command": {"type": "string"}}})
case("minimax_m2", KD, "Kimi writing an Anthropic-style <function_calls> block between prose",
     'I will check the repo.\n<function_calls>\n<invoke name="exec">\n<parameter name="command">git status</parameter>\n'
     '</invoke>\n</function_calls>', [("exec", {"command": "git status"})], "I will check the repo.",
     tools={"exec": {"command": {"type": "string"}}})

# ---------------------------------------------------------------------------------------------
# Agents' own text protocols, and the prose that mentions them.
GA = "https://github.com/amd/gaia/pull/2573"
case("pythonic", GA, "a Python-call-style call of a declared tool, the whole turn",
     'remember(fact="The user prefers dark mode", category="preference")',
     [("remember", {"fact": "The user prefers dark mode", "category": "preference"})], tools=["remember", "list_inbox"])
GB = "https://github.com/amd/gaia/pull/1430"
case("fenced_json", GB, "two fenced call examples in a how-to answer: documentation, not calls",
     'You can create an agent like this:\n\n```json\n{"name": "create_agent", "arguments": {"name": "Zephyr"}}\n```\n\n'
     'or list them with:\n\n```json\n{"name": "list_agents", "arguments": {}}\n```',
     [], 'You can create an agent like this:\n\n```json\n{"name": "create_agent", "arguments": {"name": "Zephyr"}}\n```\n\n'
     'or list them with:\n\n```json\n{"name": "list_agents", "arguments": {}}\n```', tools=["create_agent", "list_agents"])
CN = "https://github.com/continuedev/continue/issues/11070"
case("tool_code", CN, "a model explaining Continue's TOOL_NAME syntax in prose: text",
     "The read_file tool is called with a block like this:\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\n"
     "path/to/the_file.txt\nEND_ARG\nso the file path goes between the markers.", [],
     "The read_file tool is called with a block like this:\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\n"
     "path/to/the_file.txt\nEND_ARG\nso the file path goes between the markers.", tools=["read_file"])
HU = "https://github.com/sheawinkler/hermes-agent-ultra/pull/277"
case("tool_call_tag", HU, "a <tool_use> wrapper with <name> and <arguments> children",
     'Running it now.\n<tool_use>\n<name>terminal</name>\n<arguments>{"command": "cargo test -p hermes-core"}</arguments>\n'
     '</tool_use>', [("terminal", {"command": "cargo test -p hermes-core"})], "Running it now.", tools=["terminal"])
SG = "https://github.com/sgl-project/sglang/pull/7863"
case("tool_call_tag", SG, "`arguments` written as a JSON string holding the object (double-encoded)",
     '<tool_call>\n{"name": "fetch", "arguments": "{\\"url\\": \\"https://google.fr\\"}"}\n</tool_call>',
     [("fetch", {"url": "https://google.fr"})], tools={"fetch": {"url": {"type": "string"}}})
QA = "https://github.com/QwenLM/Qwen-Agent/issues/737"
case("qwen_agent", QA, "Qwen-Agent's ✿FUNCTION✿ / ✿ARGS✿ lines, the whole turn",
     '✿FUNCTION✿: get_weather\n✿ARGS✿: {"city": "Paris"}', [("get_weather", {"city": "Paris"})],
     tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# A check of the fixes, harvested after them (scored as harvested: docs/testing.md).
# Claude-style invokes whose parameters came out as tags named after them, or closed by such a tag.
AS = "https://github.com/anthropics/claude-agent-sdk-typescript/issues/345"
IMG = {"make_image": {"prompt": {"type": "string"}, "preset": {"type": "array"}, "caption": {"type": "string"}}}
case("minimax_m2", AS, "the first parameter as a tag named after it, the next as a <parameter name=…> tag",
     '<function_calls>\n<invoke name="make_image">\n<prompt>Flat 2D UI of a music player, dark mode.</prompt>\n'
     '<parameter name="preset">["1024x1536", "format=png"]</parameter>\n</invoke>\n</function_calls>',
     [("make_image", {"prompt": "Flat 2D UI of a music player, dark mode.", "preset": ["1024x1536", "format=png"]})],
     tools=IMG)
CC84 = "https://github.com/anthropics/claude-code/issues/84362"
MEM = {"remember": {"content": {"type": "string"}, "reason": {"type": "string"}, "evidence": {"type": "string"}}}
case("minimax_m2", CC84, "the bare-tag form: every parameter a tag named after it",
     '<function_calls>\n<invoke name="remember">\n<content>Deploys go out on Tuesdays.\n\nNever on Fridays.</content>\n'
     '<reason>team policy</reason>\n<evidence>ops handbook, section 4</evidence>\n</invoke>\n</function_calls>',
     [("remember", {"content": "Deploys go out on Tuesdays.\n\nNever on Fridays.", "reason": "team policy",
                    "evidence": "ops handbook, section 4"})], tools=MEM)
CC44 = "https://github.com/anthropics/claude-code/issues/44826"
case("minimax_m2", CC44, "a long value closed by a tag named after its parameter, then the other parameters",
     '<function_calls>\n<invoke name="remember">\n<parameter name="content">First paragraph.\n\nSecond paragraph.'
     '</content>\n<parameter name="reason">it matters</parameter>\n<parameter name="evidence">the chat</parameter>\n'
     '</invoke>\n</function_calls>',
     [("remember", {"content": "First paragraph.\n\nSecond paragraph.", "reason": "it matters",
                    "evidence": "the chat"})], tools=MEM)
# Qwen3-Coder's tag notation with stray closing tags (flama), and asked for JSON (coday).
FL = "https://github.com/vortico/flama/issues/259"
case("qwen3_coder", FL, "a value closer written twice",
     "<tool_call>\n<function=search_docs>\n<parameter=query>\nretry policy\n</parameter>\n</parameter>\n"
     "<parameter=limit>\n3\n</parameter>\n</function>\n</tool_call>",
     [("search_docs", {"query": "retry policy", "limit": 3})],
     tools={"search_docs": {"query": {"type": "string"}, "limit": {"type": "integer"}}})
CD = "https://github.com/whoz-oss/coday/pull/956"
case("qwen3_coder", CD, "prose, then the XML call where JSON parameters were asked for",
     "Here are the parameters:\n<tool_call>\n<function=create_case>\n<parameter=title>Login fails</parameter>\n"
     "<parameter=priority>2</parameter>\n</function>\n</tool_call>",
     [("create_case", {"title": "Login fails", "priority": 2})], "Here are the parameters:",
     tools={"create_case": {"title": {"type": "string"}, "priority": {"type": "integer"}}})
