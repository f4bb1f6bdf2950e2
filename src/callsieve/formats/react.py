"""ReAct steps: `Action: NAME` then `Action Input: {json}` (docs/syntax.md#react).

  Thought: I should look it up.
  Action: get_weather
  Action Input: {"city": "Paris"}

The agent-transcript dialect LangChain's ReActSingleInputOutputParser and LlamaIndex's
ReActOutputParser read as an action, which models trained on agent logs write with no markup
at all.  Plain words, so read only with tools declared and for a declared tool; and, as a
transcript quotes such steps, a step is the call only if the turn ends with it, wherever it
opens (Format.fences): an `Observation:` or an answer after it says it was an example.

A family of known parts, declared with no code (formats/_json_bodies.py: Labelled, the name
line then the labelled arguments line; Qwen-Agent's is the same body under other labels).
"""
from ._json_bodies import Labelled
from ._parts import Family

LABEL = "Action:"
STEP = Labelled("Action Input:")

REACT = Family(
    "react", (), STEP, closer={LABEL: None}, tool_bodies={LABEL: STEP},
    examples=True, fences=(LABEL,),
    description="ReAct `Action: NAME` / `Action Input: {json}`, for a declared tool",
    priority=60,
    example='Action: get_weather\nAction Input: {"city": "Paris"}')
