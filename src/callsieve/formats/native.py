"""The server already parsed the calls (delta.tool_calls): nothing to parse in the text.

Registered so that a Session can remember that a model's server returns native tool calls.
"""
from . import Format


class Native(Format):
    name = "native"
    syntax = "none"
    description = "structured tool_calls from the server (nothing in the text)"
    priority = 100
