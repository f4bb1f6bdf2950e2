"""Qwen-Agent's function-call lines: `✿FUNCTION✿: NAME` then `✿ARGS✿: {json}` (docs/syntax.md#qwen_agent).

  ✿FUNCTION✿: get_weather
  ✿ARGS✿: {"city": "Paris"}
  ✿RESULT✿

Qwen-Agent's own prompt (qwen_agent/llm/fncall_prompts/qwen_fncall_prompt.py) teaches Qwen
models these lines, and asks for `✿RESULT✿` (then `✿RETURN✿`) after a call: its stop word,
which a server that does not strip stop words leaves at the end of the turn (QwenLM/Qwen-Agent
#737).  The same body as ReAct's (formats/_json_bodies.py: Labelled) under other labels, read
only with tools declared and for a declared tool; as in ReAct, a step is the call only if the
turn ends with it (a transcript quotes such steps with their results after them), the
`✿RESULT✿` stop word aside, which is the call's markup.
"""
from ._json_bodies import Labelled
from ._parts import Family

LABEL = "✿FUNCTION✿:"
STEP = Labelled("✿ARGS✿:")

QWEN_AGENT = Family(
    "qwen_agent", (), STEP, closer={LABEL: None}, tool_bodies={LABEL: STEP}, trailers=("✿RESULT✿",),
    examples=True, fences=(LABEL,),
    description="Qwen-Agent `✿FUNCTION✿: NAME` / `✿ARGS✿: {json}` lines, for a declared tool",
    priority=60,
    example='✿FUNCTION✿: get_weather\n✿ARGS✿: {"city": "Paris"}')
