"""GLM-4.5 … GLM-5: <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call> (docs/syntax.md#glm).

A family of known parts, declared with no code (formats/_parts.py): the wrapper is the call's
tag, then a name and key/value tags (KeyValue), JSON values.  GLM's slips (a key glued to the
name, tags written twice, a value opener left out, typed pairs) are the body's `glued` option."""
from ._parts import Family, KeyValue

GLM = Family(
    "glm", "<tool_call>", KeyValue(trim_nl=False, glued=True), closer="</tool_call>",
    aliases=("glm45", "glm47", "glm4"),
    name_inline=True,        # `<tool_call>` stripped: a declared NAME then <arg_key> opening the content
    description="GLM-4.5 / 4.6 / 4.7 / 5 <tool_call>NAME<arg_key>…</arg_key><arg_value>…</arg_value>",
    models=("glm-4.5*", "glm-4.6*", "glm-4.7*", "glm-5*", "ling-3*", "laguna*"),
    example="<tool_call>play_song<arg_key>title</arg_key><arg_value>Blue Train</arg_value></tool_call>",
    # A GLM turn ends by writing the next role's token, not an end-of-turn token: <|observation|>
    # after a call (the tool result's turn), <|user|> after an answer (fw-ai/cookbook#400).  A
    # server that keeps special tokens leaves them after the call: never content.  Ling 3 (its
    # models are listed here) ends a role with <|role_end|> (ggml-org/llama.cpp#28682).
    specials=("<|observation|>", "<|user|>", "<|assistant|>", "<|system|>", "<|role_end|>"))
