"""Shared parsing for families whose calls are JSON objects ({"name", "arguments"} and kin).

Call objects and lists of them (`call_object`, `call_array`, `call_sequence`), the deciders for
JSON after a marker (`json_after`, `call_ahead`, `ahead`), `<|word|>` special-token sections
(DeepSeek, Kimi: `special`, `special_section`), raw text bodies (`text_until`, `code_call`),
Apertus-style calls keyed by the tool name (`keyed_calls`), and `View`, a Calls seen through
renamed tools or a family's own call ids.  The bodies built on them are formats/_json_bodies.py's
and formats/_sections.py's.
"""
from __future__ import annotations

import json
import re

from . import LOOK_MAX, MAYBE, NO, YES, Context, Prose, Verdict, declared, properties
from ..fallback import ARGS_KEYS, ID_KEYS, NAME_KEYS, Kept, as_call, listed, resumable
from ..events import ToolCallError
from ..jsonargs import Args, key, string, value
from ..reader import (Bad, Reject, Truncated, avoiding, more, partial_tail, peek, startswith, token, until,
                      until_any)

# A decision looks at no more than the Sieve's look-ahead bound, so that the whole text and any
# chunking of it decide alike: deciders read `look[:LOOK_MAX]`.

IGNORED = ("type",)
# {"tool_call": {call}}, {"tool_calls": [calls]} (llama.cpp's generic JSON, docs/syntax.md#bare_json) and kin
WRAPPER_KEYS = ("function", "tool_call", "tool_calls", "function_call", "function_calls", "calls")

def call_object(r, ctx: Context, loose: bool = False, name: str | None = None, id: str | None = None):
    """One call object at the reader ('{' next), its arguments streamed as they arrive.

    The call starts (ToolCallStart) once its name is known and its arguments begin.  `loose`
    (bare JSON in prose) rejects objects with keys a call does not have.  Keys other than name,
    arguments, id and type are skipped in tagged blocks.  `name` given: the object *is* the
    arguments of a call with that name (Mistral v11, DeepSeek, Kimi...).  `id`: the call's id
    if the object has none (an outer wrapper's).  An "id" written after the arguments (Mistral's
    pre-v11 lists) comes too late: the call has started under an id of the caller's making.
    """
    c = yield from peek(r)
    if name is not None and c == '"':
        # The arguments as a JSON-encoded string (`"{\"city\": \"Paris\"}"`, Kimi K2 does it):
        # the object it holds.
        yield from _arguments(r, ctx.start(name, id))
        ctx.end()
        return
    if c != "{":
        raise Reject("not a JSON object") if c else Truncated("no call object")
    if name is not None:
        a = ctx.start(name, id)
        yield from (yield from object_reader(r))(r, a)
        ctx.end()
        return
    first = yield from _first_key(r)
    if first == "'":
        yield from _literal_call(r, ctx, id)
        return
    if first == "“":
        yield from _typographic_call(r, ctx, id)
        return
    if first == "{" and not loose:
        yield from _doubled_call(r, ctx, id)
        return
    at = r.at
    try:
        yield from _call_body(r, ctx, loose, at, id)
    except Reject as e:
        e.place(at, keep=True)
        raise


class _Members:
    """What a call object's members said so far (they come in any order), and what each member
    read does to the call."""

    __slots__ = ("name", "cid", "held", "typed", "started", "args_read", "flat", "flat_keys", "keyed")

    def __init__(self, cid: str | None):
        self.name: str | None = None
        self.cid = cid
        self.held: Args | None = None       # arguments that came before the name
        self.typed: str | None = None       # a "type" that is no "function": the name, if none is given
        self.started = False                # the call (or a wrapped one) has started
        self.args_read = False
        # Members beside the name that may be its arguments written flat, with no arguments
        # member (`{"name": "write_file", "path": "a.txt"}`): read, and kept as the arguments
        # only if every key is a parameter the declared tool has (settle_flat).
        self.flat: Args | None = None
        self.flat_keys: list[str] = []
        self.keyed = False                  # its members are calls keyed by the tool's name

    def named(self, ctx: Context, loose: bool, name: str) -> None:
        """The call's name is read."""
        self.name = name
        ctx.check(name)
        if not loose and self.held is None:
            # The block's opener already said "a call": the name goes out now, before
            # the arguments (an id written after the name comes too late for it).
            ctx.start(name, self.cid)
            self.started = True

    def keyed_call(self, name: str) -> None:
        """A member keyed by a tool's name was read as a call (`{"NAME": {…}}`): the object's
        other members are such calls too."""
        self.keyed = self.started = True
        self.name = name

    def arguments_to(self, ctx: Context, loose: bool = False) -> Args:
        """The arguments are read now; where they go: the call that went out with its name, a
        call that starts now (its name is known), or held until the name comes."""
        self.args_read = True
        if self.flat is not None:
            # Both flat members and an arguments member: in prose no call; in a block the
            # flat ones are not the arguments (skipped, as any other member is there).
            if loose:
                raise Reject(f"not a call: key {self.flat_keys[0]!r}")
            self.flat = None
        if self.started:
            assert ctx.args is not None            # (started: the call is open)
            return ctx.args
        if self.name is not None:
            self.started = True
            return ctx.start(self.name, self.cid)
        self.held = Args(ctx.limit)
        return self.held

    def member(self, r, ctx: Context, loose: bool, k: str, c: str):
        """A member of a call object other than its arguments, `c` the first character of its value."""
        if k in NAME_KEYS and self.name is None and c == '"':
            self.named(ctx, loose, (yield from key(r)))
        elif (k in NAME_KEYS or k == "function" and c == '"') and self.name is not None:
            # Two names: which tool was meant?  (The first ran with arguments written for the other.)
            raise _bad(c, self.started, "a call object with two names")
        elif k in WRAPPER_KEYS and self.name is None and not self.started and self.held is None and c in ("{", "["):
            # OpenAI's {"id", "type", "function": {"name", "arguments"}}; {"tool_call": {…}}
            if c == "{":
                yield from call_object(r, ctx, loose, id=self.cid)
            else:
                yield from call_array(r, ctx, loose)
            self.started = True
            self.name = ctx.name
        elif k == "function" and self.name is None and c == '"':
            self.name = yield from key(r)
            ctx.check(self.name)
        elif k in ID_KEYS and c == '"' and not self.started:
            self.cid = yield from key(r)
        elif k == "type" and c == '"' and self.name is None and not self.started:
            # Granite 3 at times puts the tool's name under "type" and writes no "name"
            t = yield from key(r)
            self.typed = t if t not in ("function", "tool_call", "tool_use") else None
        elif k not in IGNORED and k not in ID_KEYS and not self.args_read and self.held is None and c:
            if self.flat is None:
                self.flat = Args(ctx.limit)
                self.flat.begin("{")
            self.flat.key(k)
            self.flat_keys.append(k)
            yield from value(r, self.flat)
        elif loose and k not in IGNORED and k not in ID_KEYS:
            # JSON found in prose or a fence is a call only if it has a call's keys and no others
            # (after the name went out: not runnable, and a held Example gives it back as text).
            raise _bad(c, self.started, f"not a call: key {k!r}")
        else:
            yield from value(r, Args())      # skipped

    def settle_flat(self, ctx: Context, loose: bool, at: int) -> None:
        """At the object's closing brace: members read as flat arguments are the call's
        arguments if the declared tool has a parameter of each key (hunt o: gpt-oss's forced
        calls on Workers AI); else JSON in prose is no call, and in a block they are skipped."""
        flat, self.flat = self.flat, None
        if flat is None or self.keyed:
            return                         # (beside calls keyed by their names: skipped, in a block)
        props = properties(ctx, self.name) if self.name is not None else None
        if props is None or any(k not in props for k in self.flat_keys):
            if loose:
                raise Reject(f"not a call: key {self.flat_keys[0]!r}", at)
            return
        flat.end()
        if self.started:
            assert ctx.args is not None            # (started: the call is open)
            ctx.args.take_over(flat)
        else:
            self.held = flat

    def start_at_end(self, ctx: Context, loose: bool, at: int) -> None:
        """At the object's closing brace, a call that has not started yet: it starts now, with its
        held arguments, or the object is no call."""
        name = self.name
        if name is None and self.typed is not None and self.held is not None:
            name = ctx.check(self.typed)
        if name is None:
            raise Reject("object without a tool name", at, broad=True)
        if self.held is None and loose and not ctx.tools:
            raise Reject("object with a name but no arguments", at)
        a = ctx.start(name, self.cid)
        if self.held is not None:
            a.take_over(self.held)


# What nearly every model writes first, `"name": "…", "arguments":`, read in one match when it is
# all in: the loop below would read these two members to the same state, with the same calls to
# ctx in the same order (a name without escapes is what `key` returns for it).
_LEAD = re.compile(r'\s*"(?:name|tool_name)"\s*:\s*"([^"\\]*)"\s*,\s*"(?:arguments|parameters|args|input)"\s*:\s*')


# A member that is only a key, `"function=NAME"` (the name's own key and the name fused by `=`).
_FUSED_NAME = re.compile(r"\s*(?:function|name|tool|tool_name)\s*=\s*([A-Za-z_][\w.\-]{0,127})\s*")


def _call_body(r, ctx: Context, loose, at, cid, name: str | None = None):
    """A call object's members ('{' next); `name`: the call's, known before it (an envelope)."""
    o = _Members(cid)
    r.pos += 1
    if name is not None:
        o.named(ctx, loose, name)
    try:
        m = _LEAD.match(r.buf, r.pos) if name is None else None
        if m is not None:
            r.pos = m.end()
            o.named(ctx, loose, m.group(1))
            yield from _arguments(r, o.arguments_to(ctx, loose))
            c = yield from _next_member(r, o)
        else:
            c = yield from peek(r)
        while c != "}":
            if c != '"':
                raise _bad(c, o.started, "expected a key")
            k = yield from key(r)
            c = yield from peek(r)
            fused = _FUSED_NAME.fullmatch(k) if c in (",", "}") and o.name is None else None
            if fused is not None:
                # `{"function=NAME", "arguments": {…}}`: the XML template's `<function=NAME>`
                # fused into a JSON key with no value (Qwen 3.5 / 3.6, tetherto/qvac#2677): its name.
                o.named(ctx, loose, fused.group(1))
                c = yield from _next_member(r, o)
                continue
            if c != ":":
                raise _bad(c, o.started, "expected ':'")
            r.pos += 1
            c = yield from peek(r)
            # (no argument key is a name, wrapper, id or type key: the arguments, which stream,
            # are read here, every other member by _Members.member)
            if k in ARGS_KEYS and o.held is None and not o.args_read and (ctx.open or not o.started):
                yield from _arguments(r, o.arguments_to(ctx, loose))
            elif c == "{" and not loose and (o.keyed or o.name is None and not o.started and o.held is None
                                             and k not in _CALL_KEYS and declared(ctx, k)):
                # `{"NAME": {args}}` in a block of call objects: a call keyed by a declared tool's
                # name (Apertus' layout in another family's wrapper; llama.cpp's function-as-key
                # JSON tools), each member one call
                yield from keyed_value(r, ctx, ctx.check(k))
                o.keyed_call(k)
            else:
                yield from o.member(r, ctx, loose, k, c)
            c = yield from _next_member(r, o)
    except Bad:
        # Cut off or broken after held arguments of a known call: the call goes out with them.
        if o.held is not None and o.name is not None and not ctx.open:
            ctx.start(o.name, o.cid).take_over(o.held)
        raise
    r.pos += 1
    o.settle_flat(ctx, loose, at)
    if not o.started:
        o.start_at_end(ctx, loose, at)
    if ctx.open and not o.keyed:
        ctx.end()


_CALL_KEYS = frozenset(NAME_KEYS + ARGS_KEYS + ID_KEYS + WRAPPER_KEYS + IGNORED)


def _next_member(r, o: _Members):
    """After a member: the first character of the next one's key, or the object's '}'."""
    c = yield from peek(r)
    if c == ",":
        r.pos += 1
        return (yield from peek(r))
    if c != "}":
        raise _bad(c, o.started, "expected ',' or '}'")
    return c


def _bad(c, started, what):
    if not c:
        return Truncated("cut off in a call object")
    return Bad(what) if started else Reject(what)


def _arguments(r, a: Args):
    """The arguments value: an object (streamed; a Python dict too: object_reader), a
    JSON-encoded string, or null."""
    c = yield from peek(r)
    if c == "{":
        try:
            yield from (yield from object_reader(r))(r, a)
        except Bad as e:
            resumable(e, a, 1)      # (and the call object's own brace)
            raise
    elif c == '"':
        w = Args(limit=a.limit)
        yield from string(r, w)
        if w.over:                  # larger than the call may be: the call is incomplete
            a.go_over()
            return
        text = w.result()
        try:
            obj = json.loads(text) if text.strip() else {}
        except ValueError:
            raise Bad("arguments string is not JSON") from None
        if not isinstance(obj, dict):
            raise Bad("arguments are not an object")
        a.value(obj)
    elif c == "n":
        yield from value(r, Args())
        a.raw("{}")
    elif not c:
        raise Truncated("cut off before the arguments")
    else:
        raise Bad("arguments are not an object")


_BRACE = re.compile(r"\{\s*")


def object_reader(r):
    """The reader of the arguments object at `r` ('{' next), to delegate to (`yield from (yield
    from object_reader(r))(r, a)`: a generator between the body and the value reader would be
    resumed at every chunk of the arguments): the streamed JSON value reader, or, for an
    object whose first key is single-quoted, the Python literal reader (`{'filePath': 'a.txt',
    'force': True}`: templates that print the arguments' str() teach it, Kimi K2.5 writes it
    after a call's id), which reads it as the literal it is."""
    return _literal() if (yield from _first_key(r)) == "'" else value


def _literal():
    """The Python literal reader (formats/_pythonic.py, which imports this module)."""
    from ._pythonic import value as literal
    return literal


def _literal_call(r, ctx: Context, cid):
    """A call object written as a Python dict (`{'name': 'f', 'arguments': {'x': 1}}`: Mistral 7B
    v0.3 writes its [TOOL_CALLS] list so, vllm-project/vllm#5649): read whole as the literal it
    is, then a call only when it is one (a name; arguments, an id and a type at most)."""
    at = r.at
    w = Args(ctx.limit)
    yield from _literal()(r, w)
    if w.over:
        raise Bad("larger than a call may be")
    call = as_call(w.result())      # (the broad pass's test of a call's shape)
    if call is None:
        raise Reject("a dict that is no call", at)
    name, args, written_id = call
    ctx.start(ctx.check(name), cid or written_id).value(args)
    ctx.end()


def _first_key(r):
    """The character after the brace at the reader and its whitespace: what opens its first key
    ("" when the stream ends first)."""
    while True:
        end = _BRACE.match(r.buf, r.pos).end()  # type: ignore[union-attr]  # (at a brace: it matches)
        if end < len(r.buf):
            return r.buf[end]
        if end - r.pos > 4096 or not (yield from more(r)):
            return ""


def _doubled_call(r, ctx: Context, cid):
    """`{{"name": …, "arguments": {…}}}` after a call marker: a template's escaped `{{` copied
    (Qwen2.5, sgl-project/sglang#3960).  The inner object is the call, whole and naming a tool as
    any call object must; the outer brace is its wrapper, its closing `}` read if written."""
    r.pos = _BRACE.match(r.buf, r.pos).end()  # type: ignore[union-attr]  # (at a brace: it matches)
    yield from call_object(r, ctx, id=cid)
    yield from startswith(r, "}", skip_ws=True)


# JSON written with typographic quotes (“name”: “get_weather”, Apriel; chat front ends and
# "smart quotes" teach it): read as JSON only where the whole object is so quoted (every string
# in “ … ”, no ASCII double quote outside one, no “ or ” inside one), after a call marker, and
# naming a declared tool; anything else is no call, and its text is kept (docs/guarantees.md).
TYPOGRAPHIC_MAX = 65536


def _typographic_call(r, ctx: Context, cid):
    at = r.at
    text = yield from _typographic_object(r)
    if text is None:
        raise Reject("typographic quotes: not a whole object in “ ” quotes", at)
    try:
        call = as_call(json.loads(text, object_pairs_hook=_no_duplicates))
    except ValueError:
        call = None
    if call is None:
        raise Reject("typographic quotes: no call object", at)
    name, args, written_id = call
    if not declared(ctx, name):
        raise Reject("typographic quotes: not a declared tool", at)
    ctx.start(ctx.check(name), cid or written_id).value(args)
    ctx.end()


def _no_duplicates(pairs):
    d = dict(pairs)
    if len(d) != len(pairs):
        raise ValueError("duplicate keys")
    return d


def _typographic_object(r):
    """The object at the reader (at its brace) as JSON text, its “ ” quotes made ASCII; consumed.
    None (nothing consumed) if it is not a whole object in typographic quotes."""
    at = r.at
    out: list[str] = []
    depth, k, string = 0, 0, False
    while True:
        buf, i = r.buf, r.pos + k          # (the buffer may be rebuilt while waiting for more)
        while i < len(buf):
            if i - r.pos > TYPOGRAPHIC_MAX:
                r.rewind(at)
                return None
            c = buf[i]
            if string:
                if c == "”":
                    string = False
                    out.append('"')
                elif c == "“":
                    r.rewind(at)
                    return None
                elif c == '"':
                    out.append('\\"')
                elif c == "\\" and i + 1 < len(buf) and buf[i + 1] in "“”":
                    r.rewind(at)
                    return None
                else:
                    out.append(c)
                i += 1
                continue
            if c == "“":
                string = True
                out.append('"')
            elif c in "”\"":
                r.rewind(at)
                return None
            else:
                if c in "{[":
                    depth += 1
                elif c in "}]":
                    depth -= 1
                out.append(c)
                if depth == 0:
                    r.pos = i + 1
                    return "".join(out)
            i += 1
        k = i - r.pos
        if not (yield from more(r)):
            r.rewind(at)
            return None


def call_sequence(r, ctx: Context, closer: str | tuple[str, ...] | None, loose: bool = False, seps: str = ",",
                  **opts):
    """Calls as objects or arrays of objects, separated by whitespace or `seps`, up to `closer`
    (or one of several, longest first).

    The closer is optional (a block cut off or followed by another syntax ends where its
    calls end).  The block ends after the last call when no closer follows.
    """
    while True:
        c = yield from peek(r)
        if c == "[":
            yield from call_array(r, ctx, loose, **opts)
        elif c == "{":
            yield from call_object(r, ctx, loose, **opts)
        elif ctx.block_calls == 0:
            raise Reject("no call in block") if c else Truncated("cut off before a call")
        else:
            break
        c = yield from peek(r)
        if c and c in seps:
            r.pos += 1
            continue
        if c not in ("{", "["):
            break
    if closer:
        yield from _closer(r, closer)


_STRAY_CLOSE = re.compile(r"[\s}\]]*")


def _closer(r, closer: str | tuple[str, ...]):
    """The block's closer (one of them), if next; brackets the model closed once too often right
    before it (`{…}}}\n</tool_call>`, yigit353/langchain-qwq#30) are markup with it.  Without the
    closer after them they are left alone."""
    ends = (closer,) if isinstance(closer, str) else closer
    at = r.at
    m = yield from token(r, _STRAY_CLOSE, 64)
    if m is not None and m.group().strip():
        for end in ends:
            if (yield from startswith(r, end)):
                return
        r.rewind(at)
    for end in ends:                                   # (only whitespace read: none read again)
        if (yield from startswith(r, end, skip_ws=True)):
            return


def call_array(r, ctx: Context, loose: bool = False, **opts):
    """A JSON array of call objects ('[' next)."""
    at = r.at
    r.pos += 1
    c = yield from peek(r)
    if c != "{":
        # not a list of calls ("[]", "[1, 2]", a "[TOOL_CALLS]" after a previous block…):
        # hand it back from the bracket
        raise Reject("not a list of calls", at) if c else Truncated("cut off in a list of calls")
    while True:
        yield from listed(r, ctx, call_object(r, ctx, loose, **opts), '"')
        c = yield from peek(r)
        if c == ",":
            r.pos += 1
            continue
        if c == "{":
            # The comma between two call objects left out (`}{`, `}\n{`: Cohere's, Ollama's
            # cohere parser tests): each object is whole as written, as a sequence's are.
            continue
        if c == "]":
            r.pos += 1
            return
        if not c:
            raise Truncated("cut off in a list of calls")
        raise Bad("expected ',' or ']' in a list of calls")


def bare_calls(r, ctx: Context, opener: str):
    """A block opened by the first `{` / `[` of a bare JSON call (or list): read from the opener."""
    r.push_front(opener)
    yield from call_sequence(r, ctx, None, loose=True, seps=",;")


def keyed_calls(r, ctx: Context):
    """Calls keyed by the tool name: `[{"NAME": {args}}, …]` (Apertus), or one such object.

    Several keys in one object are several calls.
    """
    c = yield from peek(r)
    listed = c == "["
    if listed:
        r.pos += 1
        c = yield from peek(r)
    while True:
        if c != "{":
            raise _bad(c, ctx.block_calls, "expected an object of calls")
        r.pos += 1
        c = yield from peek(r)
        while c != "}":
            if c != '"':
                raise _bad(c, ctx.block_calls, "expected a tool name")
            name = ctx.check((yield from key(r)))
            if (yield from peek(r)) != ":":
                raise _bad((yield from peek(r)), ctx.block_calls, "expected ':'")
            r.pos += 1
            yield from keyed_value(r, ctx, name)
            c = yield from _comma(r)
        r.pos += 1
        c = yield from _comma(r)
        if not listed:
            return
        if c == "]":
            r.pos += 1
            return


# An object's first key, read ahead (not consumed) to tell an envelope from arguments.
_FIRST_KEY = re.compile(r'\{\s*"([^"\\]{0,64})"')
_FIRST_KEY_PREFIX = re.compile(r'\{\s*(?:"[^"\\]{0,64})?\Z')
_ENVELOPE_KEYS = frozenset(ID_KEYS + ARGS_KEYS)


def keyed_value(r, ctx: Context, name: str):
    """The value of a call keyed by tool `name`: its arguments object, or an envelope around them,
    `{"id": …, "args": {…}}` (llama.cpp's function-as-key JSON tools): an object whose first key is
    an id or arguments key that the tool's schema declares no parameter of (with no schema
    declared, the object is the arguments, as written)."""
    c = yield from peek(r)
    if c == "{":
        first = None
        while True:
            m = _FIRST_KEY.match(r.buf, r.pos)
            if m is not None:
                first = m.group(1)
                break
            if not _FIRST_KEY_PREFIX.match(r.buf, r.pos) or not (yield from more(r)):
                break
        props = properties(ctx, name)
        if first in _ENVELOPE_KEYS and props and first not in props:
            at = r.at
            try:
                yield from _call_body(r, ctx, False, at, None, name=name)
            except Reject as e:
                e.place(at, keep=True)
                raise
            return
    yield from call_object(r, ctx, name=name)


def _comma(r):
    """Skip one ',' (and whitespace around it); the next character."""
    c = yield from peek(r)
    if c == ",":
        r.pos += 1
        c = yield from peek(r)
    return c


# ---------------------------------------------------------------------------- deciders

def ahead(look: str, eof: bool, *parts) -> Verdict:
    """Does `look` hold `parts` in order (whitespace allowed before each)?  YES, NO or MAYBE.

    A part is a literal or a tuple of alternatives ("" among them: the part may be missing).
    MAYBE while `look` ends inside a part, NO at end of stream.
    """
    look = look[:LOOK_MAX]
    i = 0
    for part in parts:
        alts = part if isinstance(part, tuple) else (part,)
        while i < len(look) and look[i].isspace():
            i += 1
        rest = look[i:]
        for alt in sorted(alts, key=len, reverse=True):
            if not alt:
                break
            if rest.startswith(alt):
                i += len(alt)
                break
            if alt.startswith(rest):
                return NO if eof else MAYBE
        else:
            return NO
    return YES


def json_after(look: str, eof: bool) -> Verdict:
    """YES if a JSON object or list follows (whitespace allowed), MAYBE while only whitespace."""
    return ahead(look, eof, ("{", "["))


# (the arguments may come first: Hermes-3 on Ollama writes {"arguments": {…}, "name": …},
# NVIDIA/NemoClaw#2733; an object that then names no tool is no call, and stays content)
# (a key in single quotes: a Python dict, `[{'name': 'f', 'arguments': {…}}]`, Sarashina's list with its
# token stripped, smg-project/smg#1937; call_object reads it as the literal it is)
_CALL_KEY = re.compile(r'\s*(?:\[\s*\{\s*)?(["\'])(?:' + "|".join(
    sorted({*NAME_KEYS, *ID_KEYS, "function", "tool_calls", "tool_call", "type", *ARGS_KEYS} - {"args", "input", "params"},
           key=lambda k: (-len(k), k))) + r')\1\s*:')
_KEY_PREFIX = re.compile(r'\s*(?:\[\s*(?:\{\s*)?)?(?:(["\'])[a-z_]{0,%d}(?:\1\s*)?)?\Z'
                         % max(map(len, (*NAME_KEYS, *ARGS_KEYS, *ID_KEYS))))
# After prose, a call names a declared tool at once: an object `{"name": …`, or llama.cpp's
# wrappers `{"tool_calls": [{"name": …` / `{"tool_call": {"name": …`.
_WS, _NAME_CHARS = r"\s*", r'[^"\\]*'
# (what follows the opening brace)
_SHAPES: tuple[list, ...] = ([], [_WS, *'"tool_calls"', _WS, ":", _WS, "[", _WS, "{"], [_WS, *'"tool_call"', _WS, ":", _WS, "{"])
# (a name under any of its keys: `"name"`, `"tool_name"`, `"action"`…, fallback.NAME_KEYS)
_CALL_ATS = [[_WS, *f'"{k}"', _WS, ":", _WS, '"'] for k in NAME_KEYS]


def _atom(a: str) -> str:
    return a if a in (_WS, _NAME_CHARS) or len(a) > 1 else re.escape(a)


def _prefix(atoms) -> str:
    """A regex for every prefix of the sequence `atoms` (each a character or a `*` class)."""
    out = ""
    for a in reversed(atoms):
        out = f"(?:{_atom(a)}{out})?"
    return out


_NAMED = re.compile("(?:" + "|".join("".join(map(_atom, s)) for s in _SHAPES) + ")(?:"
                    + "|".join("".join(map(_atom, at)) for at in _CALL_ATS) + ')([^"\\\\]*)"')
_NAMED_PREFIX = re.compile("(?:" + "|".join(_prefix([*s, *at, _NAME_CHARS]) for s in _SHAPES for at in _CALL_ATS)
                           + r")\Z")
# The same object as a Python dict (`{'name': 'f', 'arguments': {'a': True}}`: call_object reads
# it as the literal it is)
_PY_AT = [_WS, *"'name'", _WS, ":", _WS, "'"]
_PY_NAMED = re.compile("".join(map(_atom, _PY_AT)) + "([^'\\\\]*)'")
_PY_NAMED_PREFIX = re.compile(_prefix([*_PY_AT, "[^'\\\\]*"]) + r"\Z")


def call_ahead(opener: str, look: str, eof: bool, ctx: Context) -> Verdict:
    """Is a bare `{` / `[` the start of a call object (or list)?  As the first thing in the
    content: if its first key is a call's; after prose: only if it names a declared tool."""
    look = look[:LOOK_MAX]
    if ctx.at_start:
        text = look if opener == "{" else "[" + look
        if _CALL_KEY.match(text):
            return YES
        return MAYBE if not eof and _KEY_PREFIX.match(text) else NO
    return names_declared(look, eof, ctx)


def names_declared(look: str, eof: bool, ctx: Context) -> Verdict:
    """Is the text after a `{` a call object naming a declared tool (`{"name": …`, or one of
    llama.cpp's wrappers around it)?"""
    m = _NAMED.match(look) or _PY_NAMED.match(look)
    if m:
        return YES if declared(ctx, m.group(1)) else NO
    return MAYBE if not eof and (_NAMED_PREFIX.match(look) or _PY_NAMED_PREFIX.match(look)) else NO


# ---------------------------------------------------------------------------- special tokens

# `<|word|>`, DeepSeek's `<｜word｜>` and look-alikes; prefix-closed, as `token` wants
_SPECIAL = re.compile(r"<(?:[|｜](?:[^|｜<>\n]{1,48}(?:[|｜]>?)?)?)?")


def special_word(marker: str) -> str:
    """The word of a special token, `▁` and spaces read as `_`: `<｜tool▁sep｜>` → `tool_sep`."""
    return marker[2:-2].replace("▁", "_").replace(" ", "_")


def special(r, words):
    """A special token next (after whitespace) whose word is in `words`: consumed, its word
    returned.  Otherwise None, and nothing but the whitespace is consumed."""
    yield from peek(r)
    m = yield from token(r, _SPECIAL, 64)
    if m is None:
        return None
    t = m.group()
    if len(t) > 4 and t[-1] == ">" and t[-2] in "|｜" and special_word(t) in words:
        return special_word(t)
    r.pos = m.start()
    return None


_TOKEN_START = re.compile(r"<[|｜]")
STRAY_LIMIT = 256          # stray text skipped inside a section is never longer


def _past_stray(r, words):
    """Stray text, then a special token whose word is in `words`: (the word, the text), both
    consumed (words in the text: the token is not, the caller sends them out first).  Otherwise
    (None, "") and nothing consumed.  The text is looked across only up to
    STRAY_LIMIT characters, so the decision is bounded."""
    at = r.at
    try:
        text, m = yield from until_any(r, _TOKEN_START, STRAY_LIMIT)
    except Bad:
        m = None
    if m is not None and r.at - at > STRAY_LIMIT:
        m = None                # (until_any bounds only a search that finds nothing)
    token = r.at
    w = (yield from special(r, words)) if m is not None else None
    if w is None:
        r.rewind(at)
        return None, ""
    if text.strip():
        r.rewind(token)          # (the words are sent out before their token: Prose)
    return w, text


def special_section(r, ctx: Context, call, ends=(), stray=False, begin="tool_call_begin", end="tool_call_end"):
    """Calls between `<|tool_call_begin|>` and `<|tool_call_end|>` tokens (any look-alike
    spelling), up to a section end whose word is in `ends`, or to whatever else comes next.

    `call(r, ctx)` reads one call after its begin token.  A call that is no call (an undeclared
    tool) goes back to the text from its begin token.  A call that goes bad after its name
    (invalid JSON) ends there, not runnable, and the section goes on after that call's end
    token: each call has its own, so one bad call never takes its siblings with it.  With
    `stray`, text between the tokens of the section is read past when a call begin or the
    section end follows: its words are the section's markup (only words and no call: no call,
    its text goes back).  `begin` / `end`: the words of a call's own tokens.
    """
    while True:
        at = r.at
        w = yield from special(r, (begin, *ends))
        if w is None and stray:
            w, text = yield from _past_stray(r, (begin, *ends))
            if text.strip():
                # Words between the section's tokens: with no call before them and none after,
                # the section is no call (its text goes back as content, with an error); in a
                # section that runs a call they are its markup (a model's noise between its
                # tokens, as vLLM's Kimi K2 parser reads them: its tests, CanIToolCall's
                # fixtures), reported with it, never content and never lost.
                if not ctx.block_calls and w != begin:
                    raise Reject("no call in the section, only text between its tokens")
                w = yield from special(r, (begin, *ends))
        if w != begin:
            if w is None and not ctx.block_calls:
                c = yield from peek(r)
                raise Reject("no call in the section") if c else Truncated("cut off before a call")
            return
        try:
            yield from call(r, ctx)
        except Reject as e:
            if not ctx.block_calls:
                e.place(at)
                raise
            # A call that is no call (a malformed id, an undeclared tool) after a sibling: its
            # text, to its end token, goes back as content, and the section goes on.
            r.rewind(at)
            yield from special(r, (begin,))
            raw = yield from _rest_of_call(r, ends, ctx.limit, begin, end)
            ctx.push(ToolCallError(None, str(e), raw))
            yield Prose(r.text(at, r.at))
            continue
        except Bad as e:
            if isinstance(e, Truncated) or not ctx.open:
                raise
            raw = yield from _rest_of_call(r, ends, ctx.limit, begin, end)
            ctx.fail(str(e) or "invalid call", raw)
            continue
        yield from special(r, (end,))


def _rest_of_call(r, ends, limit: int, begin: str, end: str):
    """After a call in a section went bad: its text up to its `end` token (consumed),
    or up to the next call begin or the section end (left for the section), or to the end of the
    stream.  Returns that text, of which at most `limit` characters are kept."""
    keep = Kept(limit)
    stops = (end, begin, *ends)
    while True:
        try:
            yield from until(r, "<", emit=keep)
        except Truncated:
            return keep.text()
        r.pos -= 1                      # back to the "<": is it one of the tokens?
        at = r.at
        w = yield from special(r, stops)
        if w == end:
            return keep.text()
        r.rewind(at)
        if w is not None:               # the next call, or the section's end: left for it
            return keep.text()
        r.pos += 1
        keep("<")


# ---------------------------------------------------------------------------- raw text bodies

def text_until(r, terms, emit):
    """Pass the text before the first of `terms` to `emit` as it arrives (the term is not
    consumed); at end of stream, all of it.  Returns the term found, or "" at end of stream."""
    lane = avoiding("".join(t[0] for t in terms), emit)
    while True:
        buf = r.buf
        found, hit = -1, ""
        for t in terms:
            i = buf.find(t, r.pos)
            if i >= 0 and (found < 0 or i < found):
                found, hit = i, t
        if found >= 0:
            if found > r.pos:
                emit(buf[r.pos:found])
            r.pos = found
            return hit
        tail = buf[r.pos:]
        cut = len(buf) - max(partial_tail(tail, t) for t in terms)
        if cut > r.pos:
            emit(buf[r.pos:cut])
            r.pos = cut
        if not (yield from more(r, lane if r.pos >= len(r.buf) else None)):
            if r.pos < len(r.buf):
                emit(r.buf[r.pos:])
                r.pos = len(r.buf)
            return ""


def code_call(r, ctx: Context, names, terms):
    """A call whose one argument, {"code": …}, is the raw text up to one of `terms` (or the end of
    the stream), streamed.  The tool is the first of `names` that is declared (else the first).
    Whitespace around the code is layout, not code.  Returns the term found ("" at the end)."""
    name = next((n for n in names if declared(ctx, n)), names[0])
    if not (yield from peek(r)):              # leading whitespace is layout too
        raise Truncated("cut off before the code")
    a = ctx.start(name)
    a.begin("{")
    a.key("code")
    a.str_begin()
    ws = [""]                                 # trailing whitespace, held until code follows it

    def emit(piece):
        body = piece.rstrip()
        if body:
            a.text(ws[0] + body)
            ws[0] = piece[len(body):]
        else:
            ws[0] += piece

    term = yield from text_until(r, terms, emit)
    a.str_end()
    a.end()
    ctx.end()
    return term


# ---------------------------------------------------------------------------- Calls, seen differently

class View:
    """A Calls seen through a renaming of tool names and/or a maker of call ids, for the shared
    parsers: `View(ctx, rename=lambda n: n.removesuffix(".call"))`, `View(ctx, new_id=mistral_id)`."""

    def __init__(self, ctx: Context, rename=None, new_id=None):
        self._ctx = ctx
        self._rename = rename or (lambda n: n)
        self._new_id = new_id

    def __getattr__(self, k):
        return getattr(self._ctx, k)

    def check(self, name: str) -> str:
        return self._ctx.check(self._rename(name))

    def start(self, name: str, id: str | None = None):
        if id is None and self._new_id is not None:
            id = self._new_id()
        return self._ctx.start(self._rename(name), id)
