"""MiniMax-M2 / M2.5: <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke>
</minimax:tool_call> (docs/syntax.md#minimax_m2).

A family of known parts, declared with no code (formats/_parts.py): its own wrapper around the
Invoke body, JSON values.  A server that strips the <minimax:tool_call> token leaves bare invokes:
claimed only with tools declared, for a declared name and a first child of the syntax
(`tool_inline`).  A value that ends in another closing tag is the invoke syntax's known slip
(`slip`)."""
from ._parts import Family, Invoke

MINIMAX_M2 = Family(
    "minimax_m2", "<minimax:tool_call>", Invoke(prefixes=("",), slip=True), own=True,
    tool_inline=('<invoke name="',), aliases=("minimax",),
    description="MiniMax-M2 <minimax:tool_call> with <invoke name=…><parameter name=…>",
    models=("minimax-m2*",),
    # The tokenizer's end-of-turn and begin-of-text tokens, left in the text by servers that
    # keep special tokens (waybarrios/vllm-mlx#98): markup, never the answer.
    specials=("[e~[", "]~!b["),
    example=('<minimax:tool_call>\n<invoke name="water_plants">\n<parameter name="zone">greenhouse</parameter>\n'
             '</invoke>\n</minimax:tool_call>'))
