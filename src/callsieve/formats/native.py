"""The server already parsed the calls (delta.tool_calls): nothing to parse in the text.

Registered so that a Session can remember that a model's server returns native tool calls.
"""
from . import Format

# (Not a Family: it has no wrapper and no body, only a name for a Session to remember.)
NOT_A_DECLARATION = "the server parsed the calls: no markup and no body to declare"


class Native(Format):
    name = "native"
    syntax = "none"
    description = "structured tool_calls from the server (nothing in the text)"
    priority = 100
