"""The broad pass: tool calls anywhere in a block's JSON, for blocks their format could not read.

It accepts the call shapes seen in the wild: {"name", "arguments"|"parameters"}, OpenAI's
{"function": {"name", "arguments"}}, {"tool_name", "parameters"}, {"tool", "args"}, lists of those, and wrappers
{"tool_call": …} / {"tool_calls": […]}.  Arguments given as a JSON string are decoded.

Also how blocks that go wrong are read to their end: a call gone bad (`salvage`, or `listed`
for one call of a list, whose siblings are then still read), a block cut off before its calls
(`cut_block`).
"""
from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from .events import ToolCallError
from .reader import Bad, Reader, Reject, Truncated, more, until

if TYPE_CHECKING:
    from .calls import Calls
    from .formats import Context

_decode = json.JSONDecoder(strict=False).raw_decode
# The keys of a call object, for both readers of call-shaped JSON: this broad pass and the
# streaming one of the JSON formats (formats/_json.py).
# Keys by their role, in every spelling a framework or a model writes: `tool` / `args`
# (MiniMax's hash header written as JSON), `action` / `action_input` (LangChain's JSON agents),
# `tool_input` (LangChain's AgentAction), `function_name`, `recipient_name` (OpenAI's
# multi_tool_use), `params`.  A name is still a declared tool's, or no call.
NAME_KEYS = ("name", "tool_name", "tool", "function_name", "action", "recipient_name")
ARGS_KEYS = ("arguments", "parameters", "args", "input", "action_input", "tool_input", "tool_args", "params")
ID_KEYS = ("id", "tool_call_id", "call_id")
CALL_KEYS = frozenset((*NAME_KEYS, *ARGS_KEYS, *ID_KEYS, "type", "function"))


def as_call(obj, depth: int = 0):
    """(name, arguments dict, id or None) if `obj` has the shape of one call, else None."""
    if not isinstance(obj, dict) or depth > 4:
        return None
    fn = obj.get("function")
    if isinstance(fn, dict) and "name" in fn:
        inner = as_call(fn, depth + 1)
        if inner:
            return inner[0], inner[1], obj.get("id") if isinstance(obj.get("id"), str) else None
    name = next((obj[k] for k in NAME_KEYS if isinstance(obj.get(k), str)), None)
    if name is None:
        return None
    args: Any = next((obj[k] for k in ARGS_KEYS if k in obj), {})
    if isinstance(args, str):
        try:
            args = json.loads(args) if args.strip() else {}
        except ValueError:
            return None
    if not isinstance(args, dict):
        return None
    if set(obj) - CALL_KEYS:
        return None     # other keys: an object that mentions a name, not a call
    cid = next((obj[k] for k in ID_KEYS if isinstance(obj.get(k), str)), None)
    return name, args, cid


def calls_in(obj, depth: int = 0) -> list:
    """The calls a decoded JSON value holds (a call, a list of calls, or a wrapper of them)."""
    one = as_call(obj)
    if one:
        return [one]
    if isinstance(obj, list):
        found = [as_call(x) for x in obj]
        return found if found and all(found) else []
    if isinstance(obj, dict) and len(obj) == 1 and depth < 4:
        (k, v), = obj.items()
        if k in ("tool_call", "tool_calls", "function_call", "function_calls", "calls"):
            return calls_in(v, depth + 1)
    return []


def extract(text: str, calls) -> list:
    """Every top-level JSON value in `text` that holds calls to valid (declared) tools."""
    found = []
    i = 0
    n = len(text)
    tries = 0
    while i < n and tries < 64:      # bounded: a failed decode may scan far
        tries += 1
        j = min((k for k in (text.find("{", i), text.find("[", i)) if k >= 0), default=-1)
        if j < 0:
            break
        try:
            obj, end = _decode(text, j)
        except (ValueError, RecursionError):
            i = j + 1
            continue
        for name, args, cid in calls_in(obj):
            try:
                calls.check(name)
            except Reject:
                continue
            found.append((name, args, cid))
        i = end
    return found


# ---------------------------------------------------------------------- blocks that go wrong

def broad_pass(r: Reader, calls: Calls, closer: str):
    """The fallback for a block its format could not read: calls anywhere in its JSON.  A block
    its closer never closed ends where another block opens (`[TOOL_CALL]`, `<tool_call>`…): what
    follows is scanned again, so the calls and prose after it are not swallowed as its markup."""
    at = r.at
    try:
        body = yield from until(r, closer, limit=calls.limit)
    except Truncated as e:
        body = e.args[0] if e.args else ""
        m = _openers().search(body, 1)
        if m is not None:
            body = body[:m.start()]
            r.rewind(at + m.start())
    found = extract(body, calls)
    if not found:
        raise Reject("no call in block")
    for name, arguments, id in found:
        a = calls.start(name, id)
        a.value(arguments)
        calls.end()


_OPENERS: list = []


def _openers():
    """Every format's block openers that cannot be prose (special tokens, tags), as one regex."""
    if not _OPENERS:
        from .formats import all_formats
        marks = {o for f in all_formats() for o in f.openers if len(o) > 3 and not o[0].isalnum() and o[0] != " "}
        _OPENERS.append(re.compile("|".join(map(re.escape, sorted(marks, key=len, reverse=True)))))
    return _OPENERS[0]


CUT = "cut off by the end of the stream"


class Kept:
    """Unusable text read past, kept for a ToolCallError's `raw`: its first `limit` characters
    (always the same ones, whatever the chunking).  Call it with each piece."""

    __slots__ = ("parts", "room")

    def __init__(self, limit: int):
        self.parts: list[str] = []
        self.room = limit

    def __call__(self, piece: str) -> None:
        if self.room > 0:
            self.parts.append(piece[:self.room])
            self.room -= len(piece)

    def text(self) -> str:
        return "".join(self.parts)


def rest_of_block(r: Reader, closer: str | None, limit: int):
    """Consume through `closer` (or to the end of the stream); return the text before it, of
    which at most `limit` characters are kept."""
    keep = Kept(limit)
    if closer:
        try:
            yield from until(r, closer, emit=keep)
        except Truncated:
            pass
    else:
        while (yield from more(r)):
            pass
        keep(r.rest())
        r.pos = len(r.buf)
    return keep.text()


def skip_closing(r: Reader, depth: int, quotes: str, limit: int):
    """Consume, string-aware (`quotes`, backslash escapes), until `depth` brackets opened before
    the reader have closed: the rest of one element of a list.  Returns the text (at most `limit`
    characters kept); at the end of the stream, what there was."""
    keep = Kept(limit)
    q = None
    while True:
        buf, i = r.buf, r.pos
        n = len(buf)
        while i < n:
            ch = buf[i]
            if q is not None:
                if ch == "\\":
                    if i + 1 >= n and not r.eof:
                        break               # the escaped character is not here yet
                    i += 2
                    continue
                if ch == q:
                    q = None
            elif ch in quotes:
                q = ch
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth <= 0:
                    i += 1
                    break
            i += 1
        i = min(i, n)
        keep(buf[r.pos:i])
        r.pos = i
        if depth <= 0 or not (yield from more(r)):
            return keep.text()


def resumable(err: Bad, a, outer: int = 0) -> None:
    """Note on `err` (a call of a list went bad inside its arguments `a`) how many brackets
    close that call, so the list can go on after it (`Bad.depth`).  Not when a string is open
    or the arguments went over the size limit: their structure is not known then."""
    if not isinstance(err, Truncated) and a is not None and not a.over and not (
            a.closers and a.closers[-1] == '"'):
        err.closes_after(len(a.closers) + outer)


def listed(r: Reader, calls: Context, parse, quotes: str):
    """Run `parse`, the reader of one call of a list.  If the call goes bad where `resumable`
    noted how it closes, it ends not runnable, the rest of it is skipped, and the list
    goes on: one bad call never takes its siblings with it.  Otherwise the error stands."""
    try:
        yield from parse
    except Bad as e:
        if e.depth is None or not calls.open:
            raise
        raw = yield from skip_closing(r, e.depth, quotes, calls.limit)
        calls.fail(str(e) or type(e).__name__, raw)


def salvage(r: Reader, calls: Calls, closer: str, err: Exception, since: int | None = None):
    """End the open call, not runnable: cut off, or invalid after its name (the unusable text
    up to the closer in the error).  `since`: where the block's text before the call ends (0,
    or the end of the call before it), if it is kept."""
    if isinstance(err, Truncated):
        if since is not None and closer.strip():
            # The block's closer did arrive, and a part of the call that runs to its own closing
            # tag (a value, a parameter) read past it: that inner closer is missing.  The call
            # and so the block end at the block's closer, and what follows is read as usual.
            text = r.text(since)
            i = text.find(closer)
            if i >= 0:
                r.rewind(since + i + len(closer))
                calls.fail(f"no closing tag before {closer!r}: an inner closing tag is missing",
                           text[:i][:calls.limit])
                return
        # The end of the stream: what the parser had not consumed is the call's unusable tail.
        raw = r.rest()[:calls.limit]
        r.pos = len(r.buf)
        calls.cut(CUT, raw)
        return
    raw = yield from rest_of_block(r, closer, calls.limit)
    calls.fail(str(err) or type(err).__name__, raw)


def cut_block(r: Reader, calls: Calls, closer: str | None, opener: str):
    """A block its format had claimed, cut off by the end of the stream before any call in it
    started: a call that never got written, reported and never content (the rest of the stream)."""
    raw = yield from rest_of_block(r, closer, calls.limit)
    calls.unwritten(f"{CUT} after {opener!r}", raw)
