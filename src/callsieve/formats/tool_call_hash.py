"""The `[TOOL_CALL]` hash form: `{tool => "NAME", args => {--key "value"}}` (docs/syntax.md#tool_call_hash).

    [TOOL_CALL]
    {tool => "file_toolkit", args => {
      --operation "create_directory"
      --path "/srv/kb"
    }}
    [/TOOL_CALL]

What MiniMax-M2.x writes as text when a provider's tool calling is off or lost (zeroclaw-labs/
zeroclaw #226 and PR #1131 "Perl/hash-ref style", ZhuLinsen/daily_stock_analysis #1081), and
prompts copied from it.  Arguments are `--key "value"` pairs (a `:` or `=>` after the key, and
`,` between pairs, are tolerated), `key => value` pairs, or a JSON object.  Quoted values are
JSON strings; bare ones are JSON scalars when they read as one (`3`, `true`), else strings.
A stray extra `}` before the closer (seen in zeroclaw's tests) is dropped.

A family of known parts, declared with no code (formats/_hash.py: the Hash body).
"""
from ._hash import Hash
from ._parts import Family

OPEN, CLOSE = "[TOOL_CALL]", "[/TOOL_CALL]"

TOOL_CALL_HASH = Family(
    "tool_call_hash", OPEN, Hash(), closer=CLOSE,
    aliases=("tool_call_perl", "minimax_text"),
    description='[TOOL_CALL]{tool => "NAME", args => {--key "value"}}[/TOOL_CALL]',
    example='[TOOL_CALL]\n{tool => "run_command", args => {\n  --command "whoami"\n}}\n[/TOOL_CALL]')
