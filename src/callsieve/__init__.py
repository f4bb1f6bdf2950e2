"""callsieve: turn the raw text a language model streams into text, reasoning and tool calls.

    from callsieve import Sieve, parse
    s = Sieve(tools=tools)
    for chunk in stream:
        for event in s.feed(chunk): ...
    for event in s.close(): ...
"""
from importlib import import_module

__version__ = "0.1.0"
__all__ = ["Sieve", "SieveFailed", "Session", "parse", "Message", "ToolCall", "formats", "Event", "Text",
           "Reasoning", "ToolCallStart", "ToolCallArgs", "ToolCallEnd", "ToolCallError", "Markup"]

# Each name is imported on first use (PEP 562): `import callsieve` costs nothing, so the command
# line starts at once and reads its own arguments before it loads the parser (a Ctrl-C while it
# loads is then callsieve's to handle).
_HOME = {"formats": "formats", "Sieve": "sieve", "SieveFailed": "sieve", "Session": "session",
         "parse": "message", "Message": "message", "ToolCall": "message",
         **dict.fromkeys(["Event", "Text", "Reasoning", "ToolCallStart", "ToolCallArgs", "ToolCallEnd",
                          "ToolCallError", "Markup"], "events")}


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module 'callsieve' has no attribute {name!r}")
    module = import_module(f"callsieve.{_HOME[name]}")
    value = module if name == "formats" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
