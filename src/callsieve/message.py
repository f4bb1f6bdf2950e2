"""Whole-text parsing: `parse` is exactly "feed the whole text, then close", folded into a Message."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .events import Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart
from .jsonargs import dumps


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]
    raw: str = ""          # calls not runnable: the model's text that could not be used

    @property
    def arguments_json(self) -> str:
        """The arguments as the canonical JSON text (what the streamed deltas concatenate to)."""
        return dumps(self.arguments)


@dataclass
class Message:
    content: str = ""
    reasoning: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)   # complete calls only
    format: str | None = None
    errors: list[ToolCallError] = field(default_factory=list)
    # Calls that are not runnable: their arguments were not read whole and valid (cut off by the
    # end of the stream, over max_call_bytes, or invalid).  Never to be run as they are;
    # `arguments` is what their text would be if closed, `raw` the text that could not be used.
    incomplete: list[ToolCall] = field(default_factory=list)

    def to_openai(self) -> dict:
        """The OpenAI chat-completions assistant message."""
        msg: dict[str, Any] = {"role": "assistant",
                               "content": self.content if self.content.strip() or not self.tool_calls else None}
        if self.reasoning:
            msg["reasoning_content"] = self.reasoning
        if self.tool_calls:
            msg["tool_calls"] = [
                {"id": c.id, "type": "function",
                 "function": {"name": c.name, "arguments": c.arguments_json}}
                for c in self.tool_calls]
        return msg


class Folder:
    """Folds events into a Message (also checks that argument deltas add up to the arguments)."""

    def __init__(self):
        self.content: list[str] = []
        self.reasoning: list[str] = []
        self.calls: dict[int, ToolCall] = {}
        self.deltas: dict[int, list[str]] = {}
        self.errors: list[ToolCallError] = []
        self.incomplete: list[ToolCall] = []

    def add(self, events) -> None:
        for ev in events:
            t = type(ev)
            if t is Text:
                self.content.append(ev.text)
            elif t is Reasoning:
                self.reasoning.append(ev.text)
            elif t is ToolCallStart:
                self.calls[ev.index] = ToolCall(ev.id, ev.name, {})
                self.deltas[ev.index] = []
            elif t is ToolCallArgs:
                self.deltas[ev.index].append(ev.delta)
            elif t is ToolCallEnd:
                self.calls[ev.index] = replace(self.calls[ev.index], arguments=ev.arguments)
            elif t is ToolCallError:
                self.errors.append(ev)
                if ev.incomplete:
                    call = self.calls.pop(ev.index)
                    self.incomplete.append(replace(call, arguments=ev.arguments or {}, raw=ev.raw))

    def message(self, format: str | None) -> Message:
        return Message("".join(self.content), "".join(self.reasoning),
                       [self.calls[i] for i in sorted(self.calls)], format, self.errors,
                       self.incomplete)


def parse(text: str, tools=None, format: str | None = None, reasoning: str = "auto",
          session=None, **options) -> Message:
    """Parse a whole model output: the same code path as streaming, so both always agree."""
    from .sieve import Sieve
    s = Sieve(tools=tools, format=format, reasoning=reasoning, session=session, **options)
    f = Folder()
    f.add(s.feed(text))
    f.add(s.close())
    return f.message(s.format)
