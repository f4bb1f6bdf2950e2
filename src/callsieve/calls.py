"""The calls of one stream: what format parsers report to, and what turns that into events."""
from __future__ import annotations

import os
import re
from typing import Callable

from .events import Event, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart
from .jsonargs import Args, utf8_len
from .reader import NotOurs, Reader, Reject

_NAME = re.compile(r"[A-Za-z_][\w.\-:/]{0,255}\Z")



# What separates a namespace from the tool name: `:` (Gemini's `default_api:NAME`, MCP's
# `server:ns:NAME`, and so `::`), `.` (OpenAI's `functions.NAME`), `/` (a tool group, GLM's
# `Weather/NAME`).  Only punctuation that no identifier contains: `_`, `__` (MCP clients'
# `mcp__server__tool`) and `-` are inside names models write (`get__all`, `get-weather`), so a
# suffix after them would turn an undeclared name into a call of another tool.
_NAMESPACE = re.compile(r"[:./]")
# Control tokens fused onto the end of a name (`read<|message|>`: Muse echoing its header's
# token into the invoke name, ollama's glimmer_test.go): a special token is spelled with a bar
# inside its angle brackets (`<|w|>`, `<｜w｜>`, Gemma's `<w|>`), which no tool name holds.
_TOKEN_TAIL = re.compile(r"(?:<[|｜][^<>|｜\s]{1,32}[|｜]?>|<[^<>|｜\s]{1,32}[|｜]>)+\Z")


def qualified(tools, name: str) -> str | None:
    """The declared tool `name` means, if any: itself, else the one declared tool that the name
    ends in after a namespace separator (_NAMESPACE; a namespace is not empty).  None when no
    suffix is declared, or when two are (`a:b.c` with `b.c` and `c` both declared: ambiguous).
    Control tokens fused onto the end of the name are markup, not name (_TOKEN_TAIL)."""
    if name in tools:
        return name
    if name.endswith(">") and (m := _TOKEN_TAIL.search(name, 1)) is not None:
        return qualified(tools, name[:m.start()])
    found = {tail for m in _NAMESPACE.finditer(name, 1) if (tail := name[m.end():]) in tools}
    return found.pop() if len(found) == 1 else None


def new_id() -> str:
    return "call_" + os.urandom(12).hex()


# A declared name must be something a model can write and a marker can be made of: no
# whitespace or control characters (they would never match what the model writes).
_DECLARED = re.compile(r"[^\s\x00-\x1f\x7f]{1,256}\Z")


def tool_table(tools: object) -> dict[str, dict] | None:
    """{name: JSON schema of its parameters} from an OpenAI-style tool list (or bare {"name"} dicts).

    The list is user input: ValueError if it cannot be used (not a list, a tool that is not an
    object or has no usable name, two tools of one name)."""
    if tools is None:
        return None
    if not isinstance(tools, (list, tuple)):
        raise ValueError(f"tools must be a list, not {type(tools).__name__}")
    table: dict[str, dict] = {}
    for i, t in enumerate(tools):
        name: object
        params: object
        if isinstance(t, str):
            name, params = t, {}
        elif isinstance(t, dict):
            fn = t.get("function", t) if t.get("type", "function") == "function" else t
            if not isinstance(fn, dict):
                raise ValueError(f"tool {i}: 'function' must be an object")
            name, params = fn.get("name"), fn.get("parameters") or {}
        else:
            raise ValueError(f"tool {i}: a tool must be an object, not {type(t).__name__}")
        if not isinstance(name, str) or not _DECLARED.match(name):
            raise ValueError(f"tool {i}: the name must be 1 to 256 characters without "
                             f"whitespace, not {name!r:.60}")
        if name in table:
            raise ValueError(f"tool {i}: two tools are called {name!r}")
        table[name] = params if isinstance(params, dict) else {}
    return table


class Calls:
    """Call bookkeeping for one Sieve: indexes, ids, name checks, argument deltas, events."""

    def __init__(self, push: Callable[[Event], None], tools: object, strict: bool, limit: int) -> None:
        self.push = push                  # appends an event to the Sieve's output
        # (Prose from inside a block is not reported here: its parser yields it, formats.Prose.)
        self.tools = tool_table(tools)
        self.strict = strict
        self.limit = limit
        self._reader: Reader | None = None   # what the current block's parser reads…
        self.ended_at = 0                 # …and where in it its last call ended (0: none yet)
        self.count = 0                    # calls started in this stream
        self.failed = 0                   # …and of those, the ones that ended not runnable
        self.declared = 0                 # calls that ended runnable, to a declared tool
        self.block_calls = 0              # calls started in the current block (formats ask)
        self.block_ran = 0                # calls of the current block that ended runnable
        self.block_over = False           # a call of the current block went over the limit
        self.block_cut = False            # the end of the stream cut the current block off
        self.at_start = False             # the current block opened where the content starts
        self.args: Args | None = None     # the open call's arguments
        self.index = -1
        self.name = ""
        self._sent = 0                    # parts of the open call's arguments already sent

    # --- for the Sieve
    def enter(self, at_start: bool) -> None:
        """A block opens (`at_start`: where the content starts): no call in it yet."""
        self.block_calls = self.block_ran = 0
        self.block_over = self.block_cut = False
        self.at_start = at_start

    def reading(self, reader: Reader) -> None:
        """The current block's parser reads `reader`: where each of its calls ends in it is kept
        (`ended_at`: a block that goes wrong later is salvaged from there, fallback.salvage)."""
        self._reader, self.ended_at = reader, 0

    def save(self) -> tuple:
        """What reading a region as a call changes here (see Tentative)."""
        return self.count, self.index, self.failed, self.declared

    def restore(self, state: tuple) -> None:
        self.count, self.index, self.failed, self.declared = state

    def started_since(self, state: tuple) -> bool:
        """Has a call started since `state` was saved?"""
        return self.count > state[0]

    def failed_since(self, state: tuple) -> bool:
        """Has a call ended not runnable since `state` was saved?"""
        return self.failed > state[2]

    def ran_since(self, state: tuple) -> bool:
        """Has every call since `state` (one at least) ended runnable, to a declared tool?"""
        n = self.count - state[0]
        return n > 0 and not self.open and self.declared - state[3] == n

    # --- for format parsers (the formats.Context protocol: block_calls, at_start too)
    def schema(self, name: str, key: str) -> dict | None:
        """The JSON schema of parameter `key` of tool `name`, if declared."""
        if not self.tools:
            return None
        props = (self.tools.get(name) or {}).get("properties") or {}
        s = props.get(key)
        return s if isinstance(s, dict) else None

    def check(self, name: str) -> str:
        """Validate a tool name before any event is sent: Reject if it cannot be a call."""
        name = name.strip()
        if self.tools is not None:
            tool = qualified(self.tools, name)
            if tool is not None:
                return tool              # declared (whatever its spelling), or behind a namespace
        if not _NAME.match(name):
            raise NotOurs(f"not a tool name: {name[:40]!r}")
        if self.tools is not None and self.strict:
            raise NotOurs(f"call to undeclared tool {name!r}")
        return name

    def start(self, name: str, id: str | None = None) -> Args:
        name = self.check(name)
        self.index = self.count
        self.count += 1
        self.block_calls += 1
        self.name = name
        self.push(ToolCallStart(self.index, id or new_id(), name))
        self.args = Args(self.limit)
        self._sent = 0
        return self.args

    @property
    def open(self) -> bool:
        return self.args is not None

    def pass_on(self, text: str) -> ToolCallArgs | None:
        """The fast lane: `text` (valid inside the open string) is the open call's next delta.

        Returns the event, or None when the general path must take it (the limit is near,
        or something written is not sent yet)."""
        a = self.args
        assert a is not None, "pass_on() with no call open"
        parts = a.parts
        n = utf8_len(text)
        if self._sent != len(parts) or a.over or (a.limit is not None and a.size + n > a.limit):
            return None
        a.passed(text, n)
        self._sent = len(parts)
        return ToolCallArgs(self.index, text)

    def flush(self) -> None:
        """Send what was written to the open call's arguments since the last flush."""
        a = self.args
        if a is not None and len(a.parts) > self._sent:
            parts = a.parts
            d = parts[self._sent] if len(parts) == self._sent + 1 else "".join(parts[self._sent:])
            if len(parts) >= 256:
                a.compact()
                self._sent = 0
            else:
                self._sent = len(parts)
            self.push(ToolCallArgs(self.index, d))

    def end(self) -> None:
        """The format's syntax says the open call is complete."""
        a = self.args
        assert a is not None, "end() with no call open"
        a.no_arguments()                    # a parameterless call still has arguments: {}
        self._finish(None, "")

    def fail(self, reason: str, raw: str) -> None:
        """Invalid syntax after the name: the call is not runnable (see _finish); `raw` is the
        model's text that could not be used."""
        self._finish(reason, raw)

    def cut(self, reason: str, raw: str) -> None:
        """The stream (or the size limit) ended the open call: runnable if its arguments had
        closed, otherwise not (nor if they closed only after a trailing comma: Args.mended)."""
        a = self.args
        assert a is not None, "cut() with no call open"
        self.block_cut = True
        if a.complete and not a.mended:
            self._finish(None, "")
        else:
            self._finish(reason, raw)

    def unwritten(self, reason: str, raw: str) -> None:
        """The end of the stream cut the block off before any call in it started: a call that
        never got written, reported (`raw`: the block's text) and never content."""
        self.block_cut = True
        self.push(ToolCallError(None, reason, raw))

    def abandon(self, reason: str, raw: str) -> None:
        """End the open call as not runnable, whatever it holds."""
        self._finish(reason, raw)

    def broke(self, reason: str, raw: str) -> None:
        """A bug stopped the stream (the Sieve failed): the open call ends, not runnable; with
        none open, the failure is said at once (not only by the next feed())."""
        try:
            if self.open:
                self.abandon(reason, raw)
            else:
                self.push(ToolCallError(None, reason, raw))
        except Exception:               # (the call's state may be what broke)
            self.push(ToolCallError(self.index if self.open else None, reason, raw, True, {}))

    def _finish(self, reason: str | None, raw: str) -> None:
        """The one place a call ends, and the one rule: a call is runnable (ToolCallEnd) only
        when its arguments were read whole and valid: nothing went wrong (`reason` is None),
        they closed, nothing was lost to max_call_bytes, and they are a JSON object.  Any other
        call ends with ToolCallError(incomplete=True) and no ToolCallEnd: the deltas already
        sent stay as they were (never closed), `arguments` is what they would be if closed."""
        a = self.args
        assert a is not None, "a call ends with no call open"
        self.flush()                    # every delta out before the pieces go (take_result)
        if a.over:
            reason = f"arguments larger than {self.limit} bytes"
            self.block_over = True
        elif reason is None and a.refused is not None:
            reason, raw = a.refused
        if reason is None and not a.complete:
            reason = "arguments not closed"
        arguments = a.take_result() if reason is None else None   # Args writes strict JSON
        if reason is None:
            if isinstance(arguments, dict):
                self.push(ToolCallEnd(self.index, self.name, arguments))
                self.block_ran += 1
                if self.tools is not None and self.name in self.tools:
                    self.declared += 1
                self._done()
                return
            reason = "arguments are not a JSON object"
        closed = a.closed_copy() if arguments is None else arguments
        self.failed += 1
        self.push(ToolCallError(self.index, reason, raw, True,
                                closed if isinstance(closed, dict) else {}))
        self._done()

    def _done(self) -> None:
        self.args = None
        if self._reader is not None:
            self.ended_at = self._reader.at
