"""Real-output cases of the 2026-12-04 hunt (f): each cites the public report it reproduces (see cases.py)."""
from __future__ import annotations

from .cases import NS, case  # noqa: F401

# ---------------------------------------------------------------------------------------------
# Thinking opened by the prompt: the output holds only the closer (or none at all).
case("tool_call_tag", "https://github.com/can1357/oh-my-pi/pull/10575",
     "Qwen3's template prefilled <think>: the reasoning, </think> on its own line, the answer",
     "Let me think. 2 plus 2.\n</think>\n\nThe answer is 4.", [], "The answer is 4.", "Let me think. 2 plus 2.",
     thinking=True)
case("deepseek_v3", "https://github.com/perplexityai/api-discussion/issues/177",
     "R1 1776 writes no <think> opener, only the closer",
     "The user greets me; a short friendly reply will do.\n</think>\n\nHello! How can I help?", [],
     "Hello! How can I help?", "The user greets me; a short friendly reply will do.", thinking=True)
case("deepseek_dsml", "https://github.com/tonyd2wild/DeepSeek-v4-Flash-Vision-Exp-DSpark-1M-NVFP4-KV-2x-DGX-Spark/issues/16",
     "DeepSeek V4's encoder puts <think> in the prompt: the output starts inside the reasoning",
     "Two plus two is four; answer plainly.</think>2 + 2 = 4.", [], "2 + 2 = 4.",
     "Two plus two is four; answer plainly.", thinking=True)
case("tool_call_tag", "https://github.com/kekzl/imp/pull/509",
     "Qwen3.6, thinking opened by the prompt and never closed (budget spent): all of it is reasoning",
     "Thinking Process:\n1. The user asks for 2+2.\n2. That is 4.\n3. Draft the answer", [], "",
     "Thinking Process:\n1. The user asks for 2+2.\n2. That is 4.\n3. Draft the answer", thinking=True)
case("seed_oss", "https://github.com/vllm-project/vllm/pull/46333",
     "Seed-OSS starts inside the block (no <seed:think>): streamed and whole agree",
     "The user wants a haiku about rain.</seed:think>Soft rain on the roof,\nthe gutters hum a low song.",
     [], "Soft rain on the roof,\nthe gutters hum a low song.", "The user wants a haiku about rain.", thinking=True)
case("seed_oss", "https://github.com/CherryHQ/cherry-studio/pull/9498",
     "Seed-OSS-36B's own <seed:think> block, then the answer",
     "<seed:think>Greeting; keep it brief.</seed:think>Hi there!", [], "Hi there!", "Greeting; keep it brief.")
case("glm", "https://github.com/cline/cline/pull/5316",
     "GLM-4.5 writes an empty <think></think> itself as its first tokens, then answers",
     "<think></think>\nThe code implements every requirement but one: export to CSV.", [],
     "The code implements every requirement but one: export to CSV.")
case("glm", "https://github.com/sgl-project/sglang/issues/37645",
     "GLM's template ends with <think>: the reasoning, </think>, then a call",
     "The user wants the forecast; call the tool.</think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n"
     "<arg_value>Hangzhou</arg_value>\n</tool_call>", [("get_weather", {"city": "Hangzhou"})],
     reasoning="The user wants the forecast; call the tool.", tools=["get_weather"], thinking=True)

# ---------------------------------------------------------------------------------------------
# A call drafted inside the thinking and made again after it; a call made inside an open block.
case("tool_call_tag", "https://github.com/PrimeIntellect-ai/renderers/pull/80",
     "Qwen3 drafts the call inside <think> and makes it after: one call, not a phantom duplicate",
     '<think>\nI will run the script:\n<tool_call>\n{"name": "run", "arguments": {"cmd": "python main.py"}}\n</tool_call>\n'
     'then read its output.\n</think>\n\n<tool_call>\n{"name": "run", "arguments": {"cmd": "python main.py"}}\n</tool_call>',
     [("run", {"cmd": "python main.py"})],
     reasoning='I will run the script:\n<tool_call>\n{"name": "run", "arguments": {"cmd": "python main.py"}}\n</tool_call>\n'
               'then read its output.', tools=["run"])
case("kimi_k2", "https://github.com/PrimeIntellect-ai/renderers/pull/80",
     "Kimi K2.5 drafts a tool-call section inside <think>, then the real one: the real call alone",
     '<think>Plan: <|tool_calls_section_begin|><|tool_call_begin|>functions.ls:0<|tool_call_argument_begin|>'
     '{"path": "."}<|tool_call_end|><|tool_calls_section_end|> and then read the result.</think>'
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.ls:0<|tool_call_argument_begin|>{"path": "src"}'
     '<|tool_call_end|><|tool_calls_section_end|>', [("ls", {"path": "src"})],
     reasoning='Plan: <|tool_calls_section_begin|><|tool_call_begin|>functions.ls:0<|tool_call_argument_begin|>'
               '{"path": "."}<|tool_call_end|><|tool_calls_section_end|> and then read the result.', tools=["ls"])
case("deepseek_v3", "https://github.com/PrimeIntellect-ai/renderers/pull/80",
     "DeepSeek drafts a call inside <think>; the call after the thinking is the one made",
     '<think>Try it: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>lookup\n```json\n{"id": 1}\n```'
     '<｜tool▁call▁end｜><｜tool▁calls▁end｜> no, id 2 is right.</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function'
     '<｜tool▁sep｜>lookup\n```json\n{"id": 2}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [("lookup", {"id": 2})],
     reasoning='Try it: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>lookup\n```json\n{"id": 1}\n```'
               '<｜tool▁call▁end｜><｜tool▁calls▁end｜> no, id 2 is right.', tools=["lookup"])
case("kimi_k2", "https://github.com/vybestack/llxprt-code/issues/749",
     "Kimi K2 Thinking makes its call inside the <think> and ends the turn there: the call runs",
     "<think>I'll analyze the codebase, starting with its structure. <|tool_calls_section_begin|> <|tool_call_begin|> "
     'functions.list_directory:0 <|tool_call_argument_begin|> {"path": "/repo"} <|tool_call_end|> '
     "<|tool_calls_section_end|>", [("list_directory", {"path": "/repo"})],
     reasoning="I'll analyze the codebase, starting with its structure.", tools=["list_directory"])
case("qwen3_coder", "https://github.com/vllm-project/vllm/pull/55759",
     "Qwen3.5 (template opened <think>) writes its only call before any </think>: the call is not lost",
     "The user wants the tests run. I'll call the tool.\n<tool_call>\n<function=bash>\n<parameter=command>\npytest -q\n"
     "</parameter>\n</function>\n</tool_call>", [("bash", {"command": "pytest -q"})],
     reasoning="The user wants the tests run. I'll call the tool.", tools=["bash"], thinking=True)
case("tool_call_tag", "https://github.com/tetherto/qvac/pull/1316",
     "an empty <think></think> block, then the call",
     '<think>\n\n</think>\n\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>',
     [("get_time", {"tz": "UTC"})], tools=["get_time"])

# ---------------------------------------------------------------------------------------------
# Magistral's [THINK] (llama.cpp --special shows the tokens as text)
case("bracket_tool_calls", "https://github.com/ggml-org/llama.cpp/issues/16158",
     "Magistral Small 2509: [THINK]…[/THINK], then the answer",
     "[THINK]The user asks for the capital of France. Paris.[/THINK]The capital of France is Paris.", [],
     "The capital of France is Paris.", "The user asks for the capital of France. Paris.")
case("bracket_tool_calls", "https://github.com/ggml-org/llama.cpp/pull/16413",
     "Magistral: reasoning parsed before the tool calls that follow it",
     '[THINK]I need the weather in Lyon.[/THINK][TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}',
     [("get_weather", {"city": "Lyon"})], reasoning="I need the weather in Lyon.", tools=["get_weather"])

# ---------------------------------------------------------------------------------------------
# Thinking turned off by the request, and the model still writes its (empty) block.
case("gemma_special", "https://github.com/qwersyk/Newelle/issues/427",
     "Gemma 4 with reasoning disabled still writes an empty thought channel first: not content",
     "<|channel>thought\n<channel|>Hello! What would you like to talk about?", [],
     "Hello! What would you like to talk about?", thinking=False)
case("tool_call_tag", "https://github.com/verl-project/verl/issues/1307",
     "Qwen3 with enable_thinking=False writes the template's empty <think>\\n\\n</think> itself",
     "<think>\n\n</think>\n\nA large language model is a neural network trained on text.", [],
     "A large language model is a neural network trained on text.", thinking=False)
case("glm", "https://github.com/alibaba/rtp-llm/pull/485",
     "GLM-4.6, thinking off: the no-think <think></think> echoed before a call",
     "<think></think>\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Chengdu</arg_value>\n</tool_call>",
     [("get_weather", {"city": "Chengdu"})], tools=["get_weather"], thinking=False)
case("tool_call_tag", "https://github.com/Tencent-Hunyuan/Hunyuan-7B/issues/13",
     "enable_thinking=False, but the model thinks anyway in a whole <think> block",
     "<think>\nThe user wants a poem.\n</think>\nRoses are red.", [], "Roses are red.", "The user wants a poem.",
     thinking=False)

# ---------------------------------------------------------------------------------------------
# More syntaxes: MiniMax M2.x, Nemotron, Gemma 4, harmony, Granite.
case("minimax_m2", "https://github.com/cubist38/mlx-openai-server/issues/179",
     "MiniMax M2.1: the opening <think> never in the output, the closer on its own line",
     'The user has sent a simple greeting "hi". I should respond concisely.\n</think>\nHi! How can I help you today?',
     [], "Hi! How can I help you today?", 'The user has sent a simple greeting "hi". I should respond concisely.',
     thinking=True)
case("minimax_m2", "https://github.com/vllm-project/vllm/issues/38212",
     "MiniMax M2.5 writes <think> itself though the parser assumed the prompt opened it",
     "<think>2+2 is 4.</think>\n\n4", [], "4", "2+2 is 4.", thinking=True)
case("minimax_m2", "https://github.com/ai-dynamo/frontend-crates/pull/108",
     "MiniMax M2 starts in reasoning and goes straight into its tool-call envelope (no </think>)",
     'I need to list the directory first.\n<minimax:tool_call>\n<invoke name="ls">\n<parameter name="path">/srv</parameter>\n'
     '</invoke>\n</minimax:tool_call>', [("ls", {"path": "/srv"})], reasoning="I need to list the directory first.",
     tools=["ls"], thinking=True)
case("qwen3_coder", "https://github.com/waybarrios/vllm-mlx/issues/161",
     "Nemotron 3 Super: a <think> block, then its XML call (the reasoning leaked into content)",
     "<think>The user is asking for the current weather in Paris. I have access to get_weather.</think>\n<tool_call>\n"
     "<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
     [("get_weather", {"city": "Paris"})],
     reasoning="The user is asking for the current weather in Paris. I have access to get_weather.", tools=["get_weather"])
case("qwen3_coder", "https://github.com/ai-dynamo/dynamo/pull/11251",
     "Nemotron: the stream stops inside a <think> opener (<thi): the bytes are content, not dropped",
     "<thi", [], "<thi")
case("gemma_special", "https://github.com/jundot/omlx/pull/2533",
     "Gemma 4 after a tool response: the template opened <|channel>thought, the output only closes it",
     "The tool returned 21 degrees; report it.<channel|>It is 21 °C in Lisbon right now.", [],
     "It is 21 °C in Lisbon right now.", "The tool returned 21 degrees; report it.", thinking=True)
case("gemma_special", "https://github.com/NousResearch/hermes-agent/pull/67632",
     "Gemma 4's asymmetric pair inline in the content, then the answer",
     "<|channel>thought\nThe user wants a one-line summary.<channel|>Summary: the build is green.", [],
     "Summary: the build is green.", "The user wants a one-line summary.")
case("gemma_special", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2013",
     "Gemma 4: the thought channel, then a call",
     '<|channel>thought\nCheck the file first.<channel|><|tool_call>call:read_file{path:<|"|>notes.md<|"|>}<tool_call|>',
     [("read_file", {"path": "notes.md"})], reasoning="Check the file first.", tools=["read_file"])
case("harmony", "https://github.com/raullenchai/Rapid-MLX/pull/794",
     "gpt-oss cut short (max_tokens) inside the analysis channel: reasoning only, no content",
     "<|channel|>analysis<|message|>We need to count the r's in strawberry: s-t-r", [], "",
     "We need to count the r's in strawberry: s-t-r")
case("granite", "https://github.com/vllm-project/vllm/pull/14202",
     "Granite 3.2 (thinking=True in chat_template_kwargs): the plain-text markers",
     "Here is my thought process:\nThe user wants a joke about cats.\nHere is my response:\nCats do not need jokes.",
     [], "Cats do not need jokes.", "The user wants a joke about cats.")
case("tool_call_tag", "https://github.com/jundot/omlx/issues/2649",
     "prompt-opened thinking: an empty closer first, the reasoning, then the real closer",
     "</think>private planning</think>visible answer", [], "visible answer", "private planning", thinking=True,
     xfail="a first closer with nothing before it ends the block (models skip thinking so); that a later "
           "closer shows it was redundant is known only after the text between went out as content")

# ---------------------------------------------------------------------------------------------
# The thinking quotes its own markup.
case("qwen3_coder", "https://github.com/ggml-org/llama.cpp/issues/27661",
     "Qwen3.6 (template opened <think>) quotes `<think>…</think>` in inline code while thinking: not its end",
     "This controls `preserve_thinking`: only assistant messages after `last_query_index` keep the `<think>...</think>` "
     "block; so the history is fine.\n</think>\n\nThe template keeps reasoning only for the last turn.", [],
     "The template keeps reasoning only for the last turn.",
     "This controls `preserve_thinking`: only assistant messages after `last_query_index` keep the `<think>...</think>` "
     "block; so the history is fine.", thinking=True)
case("qwen3_coder", "https://github.com/gty111/gLLM/pull/286",
     "a literal `</think>` in a reasoning example, then the real closer and a call (it must still run)",
     "<think>\nThe parser splits on `</think>` so I must not end early.\n</think>\n\n<tool_call>\n<function=exec_command>\n"
     "<parameter=cmd>\nls -la\n</parameter>\n</function>\n</tool_call>", [("exec_command", {"cmd": "ls -la"})],
     reasoning="The parser splits on `</think>` so I must not end early.", tools=["exec_command"])
case("tool_call_tag", "https://github.com/raullenchai/Rapid-MLX/issues/1778",
     "a literal `<think>` in inline code in an answer: kept as text (no thinking)",
     "Reply with: BEGIN `<think>` AFTER END", [], "Reply with: BEGIN `<think>` AFTER END")
case("tool_call_tag", "https://github.com/bytedance/deer-flow/pull/4647",
     "an answer that shows the tag pair in inline code keeps it",
     "Wrap your reasoning in `<think>your reasoning</think>` before answering.", [],
     "Wrap your reasoning in `<think>your reasoning</think>` before answering.")
case("bracket_tool_calls", "https://github.com/waybarrios/vllm-mlx/pull/599",
     "Ministral 3 Reasoning: the prompt opened [THINK], only the closing token is written",
     "Okay, I need to calculate 17×23: 17×20 is 340, plus 51.[/THINK]391", [], "391",
     "Okay, I need to calculate 17×23: 17×20 is 340, plus 51.", thinking=True)

# ---------------------------------------------------------------------------------------------
# Answer wrappers after the thinking: ERNIE 4.5 Thinking's <response>, Hunyuan's <answer>.
case("tool_call_tag", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/993",
     "ERNIE-4.5-21B-A3B-Thinking as LM Studio shows it: no </think> (a skipped special token), then <response>",
     "The user asks what a mutex is; define it briefly.\n\n<response>\nA mutex is a lock that one thread holds at a time.\n"
     "</response>\n", [], "A mutex is a lock that one thread holds at a time.",
     "The user asks what a mutex is; define it briefly.", thinking=True)
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/25027",
     "ERNIE 4.5 Thinking: reasoning, </think>, three newlines, the <response> block",
     "The user greets me.\n</think>\n\n\n<response>\nHello! How can I help?\n</response>\n", [],
     "Hello! How can I help?", "The user greets me.", thinking=True)
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/52841",
     "ERNIE 4.5 Thinking: reasoning, a <response> with words, then the call after it",
     'I need the temperature in Beijing.\n</think>\n<response>\nLet me check.\n</response>\n\n\n<tool_call>\n'
     '{"name": "get_current_temperature", "arguments": {"location": "Beijing"}}\n</tool_call>\n',
     [("get_current_temperature", {"location": "Beijing"})], "Let me check.", "I need the temperature in Beijing.",
     tools=["get_current_temperature"], thinking=True)
case("tool_calls_array", "https://github.com/sgl-project/sglang/pull/7678",
     "Hunyuan-A13B: <think>, then <answer> around the <tool_calls> array",
     '<think>\nThe user wants the weather in Shenzhen.\n</think>\n<answer>\n<tool_calls>[{"name": "get_weather", '
     '"arguments": {"city": "Shenzhen"}}]</tool_calls>\n</answer>', [("get_weather", {"city": "Shenzhen"})],
     reasoning="The user wants the weather in Shenzhen.", tools=["get_weather"])
case("tool_calls_array", "https://github.com/vllm-project/vllm/pull/20625",
     "Hunyuan-A13B: <think> and <answer> with text",
     "<think>\nSimple arithmetic.\n</think>\n<answer>\n2 + 3 = 5\n</answer>", [], "2 + 3 = 5", "Simple arithmetic.")

# ---------------------------------------------------------------------------------------------
# Templates that open <think>: EXAONE 4, Qwen3 Thinking-2507, Qwen3-VL Thinking.
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/21060",
     "EXAONE 4.0 with reasoning on: <think> is never in the output, the Hermes call follows </think>",
     'I should search for it.\n</think>\n\n<tool_call>\n{"name": "search", "arguments": {"query": "EXAONE 4.0"}}\n'
     '</tool_call>', [("search", {"query": "EXAONE 4.0"})], reasoning="I should search for it.", tools=["search"],
     thinking=True)
case("tool_call_tag", "https://github.com/vllm-project/vllm/pull/22617",
     "EXAONE 4.0 with enable_thinking=False: no tags at all, all of it is content",
     "Hello! I am EXAONE, an AI assistant.", [], "Hello! I am EXAONE, an AI assistant.", thinking=False)
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/22507",
     "Qwen3-4B-Thinking-2507 doesn't output <think>: the reasoning ends at </think>, then the call",
     'The user said hello; no tool is needed, but they asked for the time.\n</think>\n\n<tool_call>\n'
     '{"name": "get_time", "arguments": {}}\n</tool_call>', [("get_time", {})],
     reasoning="The user said hello; no tool is needed, but they asked for the time.", tools=["get_time"], thinking=True)
case("tool_call_tag", "https://github.com/vllm-project/vllm/issues/26239",
     "Qwen3-VL-Thinking: <think> is in the template, the output only closes it",
     "The image shows a red bicycle.\n</think>\n\nA red bicycle leaning on a wall.", [],
     "A red bicycle leaning on a wall.", "The image shows a red bicycle.", thinking=True)
case("glm", "https://github.com/ogx-ai/ogx/issues/4414",
     "GLM-4.6 after a tool result: a multi-line <think> block, then the answer",
     "<think>The function returned the time:\n- Date: Friday\n- Time: 14:30\n\nI should present it clearly.</think>\n"
     "The current time is **2:30 PM** on Friday.", [], "The current time is **2:30 PM** on Friday.",
     "The function returned the time:\n- Date: Friday\n- Time: 14:30\n\nI should present it clearly.")
case("tool_call_tag", "https://github.com/raullenchai/Rapid-MLX/issues/1778",
     "a model told to echo a line with a bare <think> in it, never closed",
     "BEGIN <think> AFTER END", [], "BEGIN <think> AFTER END",
     xfail="`<think>` after prose on its line opens thinking again (interleaved thinking, the reasoning "
           "models' own token: marks._WORD_OPENERS); a mention never closed would need the turn's end to decide")

# ---------------------------------------------------------------------------------------------
# Thinking off by the request: the answer is content, never reasoning.
case("tool_call_tag", "https://github.com/xorbitsai/inference/issues/3673",
     "Qwen3-32B with enable_thinking=false: the answer is content (it landed in reasoning_content)",
     "你好！有什么可以帮你的吗？", [], "你好！有什么可以帮你的吗？", thinking=False)
case("glm", "https://github.com/vllm-project/vllm/pull/31449",
     "GLM-4.7 with enable_thinking=False: the answer is content, not wrapped as reasoning",
     "Paris is the capital of France.", [], "Paris is the capital of France.", thinking=False)
case("tool_call_tag", "https://github.com/raullenchai/Rapid-MLX/pull/573",
     "Qwen3 in prompt-opened thinking restates it as a bare 'thinking process' preamble and runs out of tokens",
     "Here's a thinking process:\n\n1.  **Analyze User Input:**\n   - Route: Seattle to San Diego", [], "",
     "Here's a thinking process:\n\n1.  **Analyze User Input:**\n   - Route: Seattle to San Diego", thinking=True)

# MiniMax M2.5+ / M3 with <think> inline in the content
case("minimax_m2", "https://github.com/sgl-project/sglang/issues/22637",
     "MiniMax M2.5 emits <think>…</think> itself (minimax-append-think left the tags in content)",
     "<think>\nThe user asks for 2+2.\n</think>\n\n2 + 2 = 4", [], "2 + 2 = 4", "The user asks for 2+2.")
case("minimax_m3", "https://github.com/ENTERPILOT/GoModel/pull/1041",
     "MiniMax M3: a literal <think> inside its own reasoning is the thought's text",
     "<think>Plan the reply. I must not emit <think> again.</think>\n\nHere is the plan.", [], "Here is the plan.",
     "Plan the reply. I must not emit <think> again.")
case("minimax_m3", "https://github.com/decolua/9router/pull/2231",
     "MiniMax M3's OpenAI endpoint puts <think>…</think> inside content, then a call",
     f"<think>Read the config first.</think>\n{NS}<tool_call>\n{NS}<invoke name=\"read_file\">{NS}<path>app.toml{NS}</path>"
     f"{NS}</invoke>\n{NS}</tool_call>", [("read_file", {"path": "app.toml"})], reasoning="Read the config first.",
     tools=["read_file"])
case("glm", "https://github.com/sgl-project/sglang/issues/37645",
     "GLM's template opened <think>; the model skips thinking, answers and stops on EOS with no </think>",
     "Paris is the capital of France.", [], "Paris is the capital of France.", thinking=True,
     xfail="a block the prompt opened and the stream never closed stays reasoning (kekzl/imp#509 is the same "
           "text cut off by max_tokens); only the finish reason (stop vs length) tells them apart")
case("qwen3_coder", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2045",
     "Qwen3.6-35B-A3B calls its tool inside the prompt-opened think, then the end-of-turn token: the call runs",
     "I should look at the directory first.\n\n<tool_call>\n<function=list_dir>\n<parameter=path>\nsrc\n</parameter>\n"
     "</function>\n</tool_call><|im_end|>", [("list_dir", {"path": "src"})],
     reasoning="I should look at the directory first.", tools=["list_dir"], thinking=True)
case("qwen3_coder", "https://github.com/ggml-org/llama.cpp/issues/22684",
     "Qwen3.5: a call planned inside the thinking, the thinking goes on, then closes, then the real call",
     "I could call\n<tool_call>\n<function=grep>\n<parameter=pattern>\nTODO\n</parameter>\n</function>\n</tool_call>\n"
     "but first narrow it down.\n</think>\n\n<tool_call>\n<function=grep>\n<parameter=pattern>\nTODO:\n</parameter>\n"
     "</function>\n</tool_call>", [("grep", {"pattern": "TODO:"})],
     reasoning="I could call\n<tool_call>\n<function=grep>\n<parameter=pattern>\nTODO\n</parameter>\n</function>\n"
               "</tool_call>\nbut first narrow it down.", tools=["grep"], thinking=True)

# ---------------------------------------------------------------------------------------------
# Thinking markers inside a call's arguments are the argument's (unsloth's parser dropped them).
case("tool_call_tag", "https://github.com/unslothai/unsloth/pull/5704",
     "a call whose argument holds a literal <think>…</think>: argument data, not a reasoning block",
     '<tool_call>\n{"name": "write_file", "arguments": {"path": "p.md", "content": "<think>draft</think>"}}\n</tool_call>',
     [("write_file", {"path": "p.md", "content": "<think>draft</think>"})], tools=["write_file"])
case("qwen3_coder", "https://github.com/unslothai/unsloth/pull/5704",
     "prompt-opened thinking; the call made inside it writes a </think> in a parameter: the call is whole",
     "Write the file.\n<tool_call>\n<function=write_file>\n<parameter=content>\nclose with </think> here\n</parameter>\n"
     "</function>\n</tool_call>", [("write_file", {"content": "close with </think> here"})],
     reasoning="Write the file.", tools=["write_file"], thinking=True)
case("qwen3_coder", "https://github.com/unslothai/unsloth/pull/10507",
     "a [THINK]…[/THINK] literal inside a parameter of the call after the thinking",
     "<think>Write it.</think>\n<tool_call>\n<function=write_file>\n<parameter=content>\n[THINK]x[/THINK]\n</parameter>\n"
     "</function>\n</tool_call>", [("write_file", {"content": "[THINK]x[/THINK]"})], reasoning="Write it.",
     tools=["write_file"])

# ---------------------------------------------------------------------------------------------
# Kimi K2.x: prompt-opened thinking, and the closer skipped before the tool section.
KS, KE = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
case("kimi_k2", "https://github.com/vllm-project/vllm/pull/32216",
     "Kimi K2 omits </think> before its tool-call section: the section ends the thinking, the call runs",
     f"<think>The user wants the weather in Tokyo; use the tool.{KS}<|tool_call_begin|>functions.get_weather:0"
     f'<|tool_call_argument_begin|>{{"city": "Tokyo"}}<|tool_call_end|>{KE}', [("get_weather", {"city": "Tokyo"})],
     reasoning="The user wants the weather in Tokyo; use the tool.", tools=["get_weather"])
case("kimi_k2", "https://github.com/vllm-project/vllm/pull/32216",
     "Kimi K2 omits both </think> and the section wrapper: a bare <|tool_call_begin|> after the thinking",
     "<think>Weather lookup needed.<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
     '{"city": "Osaka"}<|tool_call_end|>', [("get_weather", {"city": "Osaka"})], reasoning="Weather lookup needed.",
     tools=["get_weather"])
case("kimi_k2", "https://github.com/smg-project/smg/issues/1873",
     "Kimi K2.6 starts mid-reasoning (the template prefilled <think>), </think>, then a tool section",
     f"I should read the README first.</think>{KS}<|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>"
     f'{{"path": "README.md"}}<|tool_call_end|>{KE}', [("read_file", {"path": "README.md"})],
     reasoning="I should read the README first.", tools=["read_file"], thinking=True)
case("kimi_k2", "https://github.com/ai-dynamo/dynamo/pull/11653",
     "Kimi K2.6 reasons after a tool result: an implicit reasoning body, </think>, the answer",
     "The tool says 18 °C and cloudy; summarise.</think>It is 18 °C and cloudy in Tokyo.", [],
     "It is 18 °C and cloudy in Tokyo.", "The tool says 18 °C and cloudy; summarise.", thinking=True)
case("kimi_k2", "https://github.com/skalesapp/skales/issues/166",
     "a Kimi model served starting inside its reasoning: only the closing tag, mid-line",
     "Thinking about the greeting, keep it short. </think> Hello! Nice to meet you.", [],
     "Hello! Nice to meet you.", "Thinking about the greeting, keep it short.", thinking=True)
