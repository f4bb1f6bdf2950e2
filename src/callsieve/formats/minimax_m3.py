"""MiniMax-M3: the namespace token `]<]minimax[>[` before every tag, a parameter is a tag named
after it (docs/syntax.md#minimax_m3).

    ]<]minimax[>[<tool_call>
    ]<]minimax[>[<invoke name="read_file">]<]minimax[>[<path>src/main.rs]<]minimax[>[</path>
    ]<]minimax[>[<start_line>130]<]minimax[>[</start_line>]<]minimax[>[</invoke>
    ]<]minimax[>[</tool_call>

Sources: MiniMax-AI/MiniMax-M3 issue #31 (raw output leaked into content), the M3 parsers of
AMD's and other gateways ("every tag is prefixed by the ns_token").  Not minimax_m2: M2's
`<minimax:tool_call>` wraps `<parameter name=…>` tags.

A family of known parts, declared with no code (formats/_parts.py): the Keyed body (a parameter
is a tag named after it; formats/_keyed.py reads it) under the namespace token.  The `<tool_call>`
opener is shared with Hermes, Qwen3-Coder and GLM: this format claims it only when the token
follows, or `<invoke name=` with the token in its tags.
"""
from ._parts import Family, Keyed

NS = "]<]minimax[>["

MINIMAX_M3 = Family(
    "minimax_m3", (NS + "<tool_call>", NS + "<invoke", "<tool_call>"), Keyed(NS), closer="</tool_call>",
    own=(NS + "<tool_call>",), inline=(NS + "<invoke",), aliases=("minimax3",),
    description="MiniMax-M3 ]<]minimax[>[<tool_call> with <invoke name=…> and <NAME>value</NAME>",
    models=("minimax-m3*",), priority=15,
    example=(']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="read_file">]<]minimax[>[<path>notes.md'
             ']<]minimax[>[</path>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>'))
