"""Code-bodied parts: calls written as code, Python's or Gemma's literal syntax
(docs/architecture.md#parts).

- `Python`: Python calls, `[f(a=1), g(b="x")]`, one per line, or JSON call objects among them
  (the pythonic reader, formats/_pythonic.py); named options for a fenced body under a language
  word (```tool_code), `print(…)` around a call, a namespace on the names (`default_api.`), and
  a call assigned to the opener's word (`tool_code = f(a=1)` then `print(tool_code)`);
- `Literal`: Gemma's literal calls, `call:NAME{key:<q>text<q>,n:4}`, its string delimiter a
  token (formats/_literal.py);
- `Command`: a tool's name, then raw text up to the wrapper's closer, the text the value of one
  parameter (Meta CWM's `<tool: function>\nterminal ls -la\n</tool>`).

Both are read in a family's wrapper, or from a lead that is their own first text (`Family`'s
`start_inline`, `tool_inline`, `name_inline`).  A body that names a declared tool is the call
whatever wrapper it is in; `spot` (strict) asks that of a wrapper no family declares.
"""
from __future__ import annotations

import re

from . import MAYBE, NO, YES, Verdict, declared
from ._json import LOOK_MAX, View
from ._literal import QUOTES, literal_call
from ._parts import Body, closers
from ._pythonic import call, call_list, calls
from ..events import ToolCallError
from ..fallback import rest_of_block
from ._typed import STRING, Value
from ..reader import Bad, Reject, Truncated, peek, startswith, token, until

# After a name: a call with a keyword argument or none; MAYBE while the text is a prefix of one.
# (`NAME(` then `)`, a first `keyword=`, or one dict of the arguments: `exec({"cmd": "ls"})`)
_CALL = re.compile(r"\s*[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*\s*\(\s*(?:\)|[A-Za-z_]\w*\s*=(?!=)|\{\s*[\"'}])")
# (every prefix of what _CALL matches, the space before the parenthesis included)
_CALL_PREFIX = re.compile(r"\s*(?:[A-Za-z_][\w.\-]*(?:\s*(?:\(\s*(?:[A-Za-z_]\w*\s*|\{\s*)?)?)?)?\Z")
_FIRST_NAME = re.compile(r"\s*([A-Za-z_][\w.\-]*)")
_PRINT = "print("


def call_follows(look: str, eof: bool, lead: str = "") -> Verdict:
    """YES if a pythonic call starts `look` (after `lead`), MAYBE on a prefix of one, else NO."""
    if look.startswith(lead) or lead.startswith(look):
        rest = look[len(lead):] if look.startswith(lead) else ""
        m = _CALL.match(rest)
        # (`k(a=` at the end of the look is no call yet: `k(a==` is a comparison)
        if m and (eof or m.end() < len(rest)):
            return YES
        if m:
            return MAYBE
        if not eof and _CALL_PREFIX.match(rest):
            return MAYBE
    return NO


def own_closers(opener: str, ends: tuple) -> tuple[str, ...]:
    """The closers of the block `opener` opened, longest first: the family's one closer, or (a
    family whose wrappers close differently) those spelled from `opener`; none for a lead."""
    if len(ends) == 1:
        return ends
    mine = closers(opener)
    return tuple(c for c in ends if c in mine)


def close(r, ends: tuple):
    """One of `ends`, after whitespace, consumed (nothing when none is next)."""
    for end in ends:
        if (yield from startswith(r, end, skip_ws=True)):
            return


class Python(Body):
    """Python calls (formats/_pythonic.py): a list, calls one per line, JSON call objects among
    them, in a Markdown fence too; arguments are Python literals converted to JSON as they stream.
    A text is this body when a call, `NAME(` then `)` or `keyword=`, starts it (or its list).

    Named options, each a quirk of a family's real output:
    - `lang`: the body is a fence's, opened by this language word on its line (Gemma 3's
      ```tool_code); a call may then be wrapped in `print(…)` and the fence's closer is consumed;
    - `namespace`: a prefix the names may carry, dropped (Google's examples' `default_api.`);
    - `assigned`: the opener is a variable the call is assigned to, `tool_code = f(a=1)`, and
      a `print(VAR)` after the call echoes it (markup of the call)."""

    syntax = "literal"
    worded = True

    def __init__(self, lang: str = "", namespace: str = "", assigned: bool = False):
        self.lang, self.namespace, self.assigned = lang, namespace, assigned
        self.head = re.compile(re.escape(lang) + r"[ \t]*\n?")

    def spot(self, look, eof, ctx, strict, ends=()):
        s = look[:LOOK_MAX].lstrip()
        if not s:
            return NO if eof else MAYBE
        listed = s[0] == "["
        v = call_follows(s[1:] if listed else s, eof)
        if v == YES and strict:
            m = _FIRST_NAME.match(s[1:] if listed else s)
            return YES if m is not None and declared(ctx, m.group(1)) else NO
        return v

    def within(self, opener, look, eof, ctx, ends=()):
        look = look[:LOOK_MAX]
        if self.assigned:
            m = _ASSIGN.match(look)
            if m is None:
                return MAYBE if not eof and _ASSIGN_PREFIX.match(look) else NO
            return call_follows(look[m.end():], eof)
        if not self.lang:
            return self.spot(look, eof, ctx, False, ends)
        head = self.lang
        if len(look) < len(head):
            return MAYBE if not eof and head.startswith(look) else NO
        if not look.startswith(head):
            return NO
        nl = look.find("\n")
        if nl < 0:
            return MAYBE if not eof and not look[len(head):].strip() else NO
        if look[len(head):nl].strip():
            return NO
        body = look[nl + 1:].lstrip()
        if not body:
            return NO if eof else MAYBE
        if body.startswith("["):                   # a Llama-style list of calls in the fence
            return call_follows(body[1:], eof)
        if body.startswith(_PRINT):
            return call_follows(body[len(_PRINT):], eof)
        if _PRINT.startswith(body) and not eof:
            return MAYBE
        return call_follows(body, eof)

    def read(self, r, ctx, opener, ends, value):
        view = View(ctx, rename=lambda n: n.removeprefix(self.namespace)) if self.namespace else ctx
        if self.assigned:
            yield from token(r, _EQ, 64)
            yield from call(r, view)
            yield from startswith(r, _PRINT + opener + ")", skip_ws=True)
        elif self.lang:
            yield from self._fence(r, ctx, view)
        else:
            yield from _listed(r, ctx, view, own_closers(opener, ends))

    def _fence(self, r, ctx, view):
        """A fence's calls, one per line (or a list), up to and through the fence's closer."""
        yield from token(r, self.head, 64)
        while True:
            c = yield from peek(r)
            if c == "`":
                break
            if not c:
                if ctx.block_calls:
                    return
                raise Truncated("cut off before a call")
            if c == "[":
                yield from call_list(r, view)
                continue
            wrapped = yield from startswith(r, _PRINT)
            if not (c.isalpha() or c == "_"):
                if ctx.block_calls:
                    return
                raise Reject("no call in the fence")
            yield from call(r, view)
            if wrapped:
                yield from startswith(r, ")", skip_ws=True)
        yield from startswith(r, "```", skip_ws=True)


_EQ = re.compile(r"[ \t]*=?[ \t]*")
_ASSIGN = re.compile(r"[ \t]*=[ \t]*")
_ASSIGN_PREFIX = re.compile(r"[ \t]*(?:=[ \t]*)?\Z")


def _listed(r, ctx, view, ends: tuple):
    """Calls up to one of `ends`.  A wrapper whose list went bad after its calls
    (`<|python_start|>[foo(x=1])]<|python_end|>`): the rest up to the wrapper's closer is no
    prose; it is reported, never content."""
    try:
        yield from calls(r, view, ends[0] if len(ends) == 1 else None)
    except Bad as e:
        if not ends or isinstance(e, Truncated) or ctx.open or not ctx.block_calls:
            raise
        raw = yield from rest_of_block(r, ends[0], ctx.limit)
        ctx.push(ToolCallError(None, str(e), raw))
        return
    if len(ends) > 1:
        yield from close(r, ends)


_WORD_CALL = re.compile(r"\s*call:")
_WORD_PREFIX = re.compile(r"\s*(?:c(?:a(?:l(?:l)?)?)?)?\Z")
# A name, perhaps behind a namespace or a prefix word (`default_api:NAME`, Gemini's
# `declaration:default_api:NAME`): calls.qualified says which declared tool it means.
_QUALIFIED = r"[A-Za-z_][\w.\-]{0,255}(?::[A-Za-z_][\w.\-]{0,255}){0,3}"
_NAMED_CALL = re.compile(rf"({_QUALIFIED})\s*[{{(]")
_NAMED_PREFIX = re.compile(r"[A-Za-z_][\w.\-]{0,255}(?::[\w.\-]{0,255}){0,3}\s*\Z")
_NAME_THEN = re.compile(rf"({_QUALIFIED})(:?)")


class Literal(Body):
    """Gemma's literal calls: `call:NAME{key:<q>text<q>,n:4}` (or `call:NAME({json})`), several
    in a row, re-encoded to JSON as they stream (formats/_literal.py); `quote` is the string
    delimiter token.  In a family's wrapper a `call:` says it is this body (`within`).
    Outside one (a lead, a wrapper no family declares) it is a call only for a declared tool:
    `call:NAME{` or `call:NAME(`; or the name alone before a literal, `NAME{key:` /
    `NAME{<q>` (before JSON, `NAME{"…`, it is Mistral's).  The name may stand behind a
    namespace or a prefix word (`default_api:NAME`, `declaration:default_api:NAME`): the declared
    tool its last segment names (calls.qualified)."""

    syntax = "literal"

    def __init__(self, quote: str):
        self.quote = quote
        QUOTES.add(quote)
        q = re.escape(quote)
        self.literal = re.compile(r"\s*\{\s*(?:" + q + r"|[A-Za-z_]\w*\s*:)")
        self.literal_prefix = re.compile(r"\s*(?:\{\s*(?:" + _prefixes(quote) + r"|[A-Za-z_]\w*\s*)?)?\Z")

    def within(self, opener, look, eof, ctx, ends=()):
        if _WORD_CALL.match(look):
            return YES
        return MAYBE if not eof and _WORD_PREFIX.match(look) else NO

    def spot(self, look, eof, ctx, strict, ends=()):
        look = look[:LOOK_MAX]
        text = look.lstrip("\n")
        if text.startswith("call:"):
            rest = text[len("call:"):]
            m = _NAMED_CALL.match(rest)
            if m is not None:
                return YES if declared(ctx, m.group(1)) else NO
            return MAYBE if not eof and (not rest or _NAMED_PREFIX.match(rest)) else NO
        m = _NAME_THEN.match(text)
        if m is not None and m.end() == len(text) and not eof:
            return MAYBE                               # the name (or its namespace) may go on
        if m is None or m.group(2) or not declared(ctx, m.group(1)):
            return MAYBE if not eof and "call:".startswith(text) and text else NO
        rest = text[m.end():]
        if self.literal.match(rest):
            return YES
        return MAYBE if not eof and self.literal_prefix.match(rest) else NO

    def read(self, r, ctx, opener, ends, value):
        mine = own_closers(opener, ends)
        yield from literal_call(r, ctx, self.quote, mine[0] if len(mine) == 1 else "")
        if len(mine) > 1:
            yield from close(r, mine)


def _prefixes(token: str) -> str:
    """A regex for every non-empty prefix of `token`."""
    out = ""
    for ch in reversed(token):
        out = re.escape(ch) + ("(?:" + out + ")?" if out else "")
    return out


class Command(Body):
    """A tool's name, then its argument as raw text up to the wrapper's closer: the text, its
    surrounding whitespace left out, is the value of the one parameter `key` (a shell line, a
    script).  `label`: the name stands on the opener's own line (`<tool: python CODE </tool>`),
    so a line break before it is prose; else it may follow on the next line.  In a wrapper that
    says nothing of a call (strict, or a `label`), only a declared tool's name is one."""

    syntax = "literal"

    def __init__(self, key: str = "command", label: bool = False, limit: int = 1 << 20):
        self.key, self.label, self.limit = key, label, limit
        gap = r"[ \t]*" if label else r"\s*"
        self._head = re.compile(gap + r"([A-Za-z_][\w.\-]*)(?=\s)")
        self._prefix = re.compile(gap + r"[\w.\-]*\Z")

    def spot(self, look, eof, ctx, strict, ends=()):
        look = look[:LOOK_MAX]
        m = self._head.match(look)
        if m:
            known = declared(ctx, m.group(1))
            return YES if known or (ctx.tools is None and not (strict or self.label)) else NO
        return MAYBE if not eof and self._prefix.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, self._head, 512)
        if m is None:
            raise Reject("no tool name") if not r.eof else Truncated("cut off before the tool name")
        name = ctx.check(m.group(1))
        # (the call starts at its end: one cut off before the closer is no call, as in the XML bodies)
        raw = yield from until(r, ends[0], limit=self.limit)
        a = ctx.start(name)
        a.begin("{")
        a.key(self.key)
        v = Value(a, STRING)
        v.feed(raw.strip())
        v.end()
        a.end()
        ctx.end()
