"""A call written as the declared tool's own tag: Cline / Roo's XML tool use (docs/syntax.md#tool_tag).

`<read_file><path>README.md</path></read_file>` (one child tag per parameter), or
`<write_file>{"path": "a.md", "content": "# A"}</write_file>` (the JSON arguments): agent CLIs
prompt models to write calls so, and models trained on those transcripts write them unasked
(RooCodeInc/Roo-Code#10270; GLM and DeepSeek through claude-code-router, musistudio/claude-code-router#1340).

A family of known parts, declared with no code (formats/_parts.py): any plain tag (wrapped.WRAPPER,
watched only with tools declared) × the Tagged body (formats/_json_bodies.py), which takes the tag
only when its word is a declared tool and arguments, child tags or the closer follow.  After prose
the call is held as an example until the turn ends (`examples`), as every shaped wrapper's is.
"""
from ._json_bodies import Tagged
from ._parts import Family, closers
from .wrapped import WRAPPER

TOOL_TAG = Family(
    "tool_tag", (), Tagged(), closer=closers, tool_openers=(WRAPPER,), shaped=True, examples=True,
    priority=96, aliases=("cline_xml",),
    description="a call written as the declared tool's own tag: <NAME><key>…</key></NAME> or <NAME>{…}</NAME>",
    example="<get_weather><city>Paris</city></get_weather>")
