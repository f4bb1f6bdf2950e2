"""Gemma 4: <|tool_call>call:NAME{key:<|"|>text<|"|>,n:4}<tool_call|> (docs/syntax.md#gemma_special).

The body is Gemma's literal syntax (formats/_literal.py), re-encoded to JSON as it streams.
`<|tool_call|>` is a drift spelling Gemma sometimes writes (also with `call:NAME({json})`);
Granite 3.x writes the same string before a JSON list, so for that spelling this format only
claims the block when `call:` follows.

`call:NAME{…}` opening the content without the `<|tool_call>` token is the call too, for a
declared tool: Gemma 4 goes straight from its closed thought channel (`<channel|>call:bash{…}`)
into the call, and a server that strips special tokens leaves the same text.  Gemini writes its
DSL's `declaration:default_api:NAME{…}` for a call too (hermes-agent#74771): the word and the
namespace are the prefix of a qualified name, the declared tool its last segment names.  No prose opens
an answer with `call:` glued to a tool's name and its arguments.  A declared tool's name opening
the content before a literal (`get_weather{city:<|"|>Paris<|"|>}`: all of `<|tool_call>call:`
left out) is the call too; before JSON it is Mistral's `NAME{json}`.  After prose, `call:` at
the start of a line (`I will build it.\ncall:bash{…}`) is the call only if it ends the turn, like
a bare JSON call after prose (Format.examples).

A family of known parts, declared with no code (formats/_code.py): the Literal body quoted by
`<|"|>`, in its own `<|tool_call>` wrapper; the drift spelling is a wrapper only before `call:`
(the body's `within`), and `call:` / a declared name opening the content are leads that are
the body's own first text (`start_inline`, `tool_inline`, `name_inline`).
"""
from ._code import Literal
from ._parts import Family

DRIFT = "<|tool_call|>"
BARE = "call:"
DECLARATION = "declaration:"
LINE = "\ncall:"                  # after prose, at the start of a line

GEMMA_SPECIAL = Family(
    "gemma_special", ("<|tool_call>", DRIFT), Literal('<|"|>'), closer="<tool_call|>", own=("<|tool_call>",),
    # the token left out or stripped: a declared tool's call opening the content; Gemini writes
    # its DSL's other word too, `declaration:default_api:NAME{…}` (the word and the namespace are
    # a qualified name's prefix: Literal, calls.qualified)
    start_inline=(BARE, DECLARATION),
    name_inline=True,             # all of `<|tool_call>call:` left out: a declared NAME{literal}
    tool_inline=(LINE, "\n" + DECLARATION),
    examples=True,                # `call:` after prose: the call only if it ends the turn
    aliases=("gemma4", "gemma"), description="Gemma 4 special tokens with its literal syntax",
    models=("gemma-4*", "gemma4*", "gemma*"),
    specials=("<tool_call|>", "<|channel>", "<|turn>", "<turn|>", '<|"|>', "<|tool>", "<tool|>"),
    spans=(("<|tool_response>", "<tool_response|>"),), priority=10,
    example='<|tool_call>call:book_table{name:<|"|>Ana<|"|>,party:4}<tool_call|>')
