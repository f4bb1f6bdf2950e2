"""callsieve: turn the raw text a language model streams into text, reasoning and tool calls.

    from callsieve import Sieve, parse
    s = Sieve(tools=tools)
    for chunk in stream:
        for event in s.feed(chunk): ...
    for event in s.close(): ...
"""
from . import formats
from .events import (Event, Markup, Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError,
                     ToolCallStart)
from .message import Message, ToolCall, parse
from .session import Session
from .sieve import Sieve, SieveFailed

__version__ = "0.1.0"
__all__ = ["Sieve", "SieveFailed", "Session", "parse", "Message", "ToolCall", "formats", "Event", "Text",
           "Reasoning", "ToolCallStart", "ToolCallArgs", "ToolCallEnd", "ToolCallError", "Markup"]
