"""Kimi K2: <|tool_calls_section_begin|> … <|tool_calls_section_end|> (docs/syntax.md#kimi_k2).

Per call `<|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{args}<|tool_call_end|>`.
The id `functions.NAME:IDX` goes out verbatim as the call id; the tool name is the id less
`functions.` and `:IDX` (names may hold `-` and `.`).  Kimi K2.7-Code spells it
`functions_NAME_IDX`: any of `. : _ -` between the parts is read, NAME a declared tool
(formats/_ids.py, the shared id rule).  The section opener may be spelled
singular (<|tool_call_section_begin|>), and a call begin without its section is read too.

Special tokens stripped upstream leave `functions.NAME:IDX{args}`: still unambiguous, so
`functions.` followed by a name, `:`, digits and `{` opens a call too (with tools declared, only
for a declared name).
<|tool_call_begin|> is also an ASCII look-alike of DeepSeek's per-call
token: this format claims it only when <|tool_call_argument_begin|> follows the id, or when
the id is Kimi's own `functions.NAME:IDX` and the JSON follows it directly (a model that left
the argument token out, vllm-project/vllm#31207).

A family of known parts, declared with no code (formats/_sections.py: a Section of IdCalls).
"""
from ._parts import Family
from ._sections import IdCall, Section

SECTION = ("<|tool_calls_section_begin|>", "<|tool_call_section_begin|>")
CALL = "<|tool_call_begin|>"
STRIPPED = "functions."
ARG_BEGIN = "<|tool_call_argument_begin|>"
END, SINGULAR_END = "<|tool_calls_section_end|>", "<|tool_call_section_end|>"

ENDS = ("tool_calls_section_end", "tool_call_section_end")     # the section's end, in words

KIMI_K2 = Family(
    "kimi_k2", SECTION + (CALL, STRIPPED),
    # (an id's argument token never comes once a call's own tokens or the section's end do)
    Section(IdCall(ARG_BEGIN, STRIPPED, stops=("tool_call_end", "tool_call_begin") + ENDS), ends=ENDS,
            decided=True, stray=True, lost=STRIPPED),
    closer={SECTION[0]: END, SECTION[1]: SINGULAR_END, CALL: END, STRIPPED: END},
    aliases=("kimi",),
    description="Kimi K2 tool-calls section, functions.NAME:IDX ids kept",
    models=("kimi-k2*",),
    specials=(END, SINGULAR_END, "<|tool_call_end|>", ARG_BEGIN,
              "<|im_assistant|>", "<|im_user|>", "<|im_system|>", "<|im_middle|>"),
    priority=20,
    example=('<|tool_calls_section_begin|><|tool_call_begin|>functions.mute_channel:3'
             '<|tool_call_argument_begin|>{"channel": "ops-pager"}<|tool_call_end|><|tool_calls_section_end|>'))
