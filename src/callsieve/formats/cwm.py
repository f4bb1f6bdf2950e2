"""Meta's CWM: `<tool: function>`, then the tool's name and its raw argument text, then `</tool>`
(docs/syntax.md#cwm); the short form names the tool as the label, `<tool: python CODE </tool>`.

    <tool: function>
    terminal find . -name "*.py"
    </tool>

Sources: vLLM's cwm and csm tool parser tests.  The argument is the raw text after the name,
its surrounding whitespace layout, given as the tool's `command`.  With tools declared, only for
a declared tool; the label form only then: `<tool:` also starts prose ("<tool: any label>").
"""
from ._code import Command
from ._parts import Family

OPENER, FULL = "<tool:", "<tool: function>"

# The full form says it is a call (with no tools declared too); the label form only for a declared
# tool: `<tool:` also starts prose ("<tool: any label>").
CWM = Family(
    "cwm", FULL, Command("command"), closer="</tool>", tool_bodies={OPENER: Command("command", label=True)},
    description="CWM <tool: function>\\nNAME raw argument text\\n</tool>",
    models=("cwm*",),
    example='<tool: function>\nterminal echo hi\n</tool>')
