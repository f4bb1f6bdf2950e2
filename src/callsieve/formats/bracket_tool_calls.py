"""Mistral's [TOOL_CALLS] in its three variants (docs/syntax.md#bracket_tool_calls).

  pre-v11: [TOOL_CALLS] [{"name", "arguments", "id"?}, …]
  v11+:    [TOOL_CALLS]NAME{json}            (one marker per call)
  v13:     [TOOL_CALLS]NAME[ARGS]{json}      (optionally NAME[CALL_ID]id[ARGS]{json})
The block ends where its JSON ends (no closing marker), so arrays inside arguments are safe.

Call ids: Mistral's templates want 9 alphanumeric characters.  The model's own id is kept when
it comes before the arguments (the `[CALL_ID]` segment, an "id" key first in a list entry).
Mistral's lists write the "id" after the arguments; waiting for it would hold the whole call
back, so such a call streams at once under a new 9-character id, which the template accepts on
the next turn as well (the client sends it back with the tool's result).

Special tokens stripped upstream: the list variant becomes a bare `[{"name", …}]`, recognised
(bare_json) when it is the first thing in the content; `NAME{json}` (and `NAME{json}` left of
`NAME[ARGS]{json}`) is recognised when it opens the content and NAME is a declared tool.

A family of known parts, declared with no code (formats/_json_bodies.py: NameArgs).
"""
from ._json_bodies import NameArgs
from ._parts import Family

MARKER = "[TOOL_CALLS]"

BRACKET_TOOL_CALLS = Family(
    "bracket_tool_calls", MARKER, NameArgs(MARKER, "[CALL_ID]", "[ARGS]", ids=9), closer={MARKER: None},
    name_openers=True,       # [TOOL_CALLS] stripped: a declared NAME{json} opening the content
    aliases=("mistral",),
    description="Mistral [TOOL_CALLS] (JSON list, NAME{json}, NAME[ARGS]{json})",
    models=("mistral*", "mixtral*", "ministral*", "magistral*", "devstral*", "codestral*"),
    # `</s>` is the tokenizer's end of sequence, kept after a call when special tokens are
    # (zhudotexe/kani's parser strips it): never content.
    specials=("</s>", "[/TOOL_CALLS]", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]",
              "[/AVAILABLE_TOOLS]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]"),
    spans=(("[TOOL_RESULTS]", "[/TOOL_RESULTS]"),),
    priority=10,
    example='[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}')
