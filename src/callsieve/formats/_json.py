"""Shared parsing for families whose calls are JSON objects ({"name", "arguments"} and kin)."""
from __future__ import annotations

import json

from ..jsonargs import Args, key, string, value
from ..reader import Bad, Reject, Truncated, peek, startswith

NAME_KEYS = ("name", "tool_name")
ARGS_KEYS = ("arguments", "parameters", "args", "input")
ID_KEYS = ("id", "tool_call_id", "call_id")
IGNORED = ("type",)


def call_object(r, ctx, loose: bool = False, name: str | None = None):
    """One call object at the reader ('{' next), its arguments streamed as they arrive.

    The call starts (ToolCallStart) once its name is known and its arguments begin.  `loose`
    (bare JSON in prose) rejects objects with keys a call does not have.  Keys other than name,
    arguments, id and type are skipped in tagged blocks.  `name` given: the object *is* the
    arguments of a call with that name (Mistral v11, DeepSeek, Kimi...).
    """
    c = yield from peek(r)
    if c != "{":
        raise Reject("not a JSON object", r.at) if c else Truncated("no call object")
    if name is not None:
        a = ctx.start(name)
        yield from value(r, a)
        ctx.end()
        return
    at = r.at
    try:
        yield from _call_body(r, ctx, loose, at)
    except Reject as e:
        if e.at is None:
            e.at = at
        raise


def _call_body(r, ctx, loose, at):
    name = None
    r.pos += 1
    cid = None
    held: Args | None = None       # arguments that came before the name
    started = False
    c = yield from peek(r)
    while c != "}":
        if c != '"':
            raise _bad(c, started, "expected a key")
        k = yield from key(r)
        c = yield from peek(r)
        if c != ":":
            raise _bad(c, started, "expected ':'")
        r.pos += 1
        c = yield from peek(r)
        if k in NAME_KEYS and name is None and c == '"':
            name = yield from key(r)
            ctx.check(name)
        elif k == "function" and name is None and c == "{":
            # OpenAI's shape: {"id", "type", "function": {"name", "arguments"}}
            yield from call_object(r, ctx, loose)
            started = True
            name = ctx.name
        elif k == "function" and name is None and c == '"':
            name = yield from key(r)
            ctx.check(name)
        elif k in ARGS_KEYS and not started and held is None:
            if name is not None:
                yield from _arguments(r, ctx.start(name, cid))
                started = True
            else:
                held = Args(limit=ctx.limit)
                yield from _arguments(r, held)
        elif k in ID_KEYS and c == '"' and not started:
            cid = yield from key(r)
        elif loose and not started and k not in IGNORED:
            raise Reject(f"not a call: key {k!r}")
        else:
            yield from value(r, Args())      # skipped
        c = yield from peek(r)
        if c == ",":
            r.pos += 1
            c = yield from peek(r)
        elif c != "}":
            raise _bad(c, started, "expected ',' or '}'")
    r.pos += 1
    if not started:
        if name is None:
            raise Reject("object without a tool name", at, broad=True)
        if held is None and loose and not ctx.tools:
            raise Reject("object with a name but no arguments", at)
        a = ctx.start(name, cid)
        if held is not None:
            a.raw("".join(held.parts))
        started = True
    if ctx.open:
        ctx.end()


def _bad(c, started, what):
    if not c:
        return Truncated("cut off in a call object")
    return Bad(what) if started else Reject(what)


def _arguments(r, a: Args):
    """The arguments value: an object (streamed), a JSON-encoded string, or null."""
    c = yield from peek(r)
    if c == "{":
        yield from value(r, a)
    elif c == '"':
        w = Args(limit=a.limit)
        yield from string(r, w)
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


def call_sequence(r, ctx, closer: str | None, loose: bool = False, seps: str = ","):
    """Calls as objects or arrays of objects, separated by whitespace or `seps`, up to `closer`.

    The closer is optional (a block cut off or followed by another syntax ends where its
    calls end).  The block ends after the last call when no closer follows.
    """
    while True:
        c = yield from peek(r)
        if c == "[":
            yield from call_array(r, ctx, loose)
        elif c == "{":
            yield from call_object(r, ctx, loose)
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
        yield from startswith(r, closer, skip_ws=True)


def call_array(r, ctx, loose: bool = False):
    """A JSON array of call objects ('[' next)."""
    at = r.at
    r.pos += 1
    c = yield from peek(r)
    if c != "{":
        # not a list of calls ("[]", "[1, 2]", "[TOOL_CALLS]" after a previous block…):
        # hand it back from the bracket
        raise Reject("not a list of calls", at) if c else Truncated("cut off in a list of calls")
    while True:
        yield from call_object(r, ctx, loose)
        c = yield from peek(r)
        if c == ",":
            r.pos += 1
            continue
        if c == "]":
            r.pos += 1
            return
        if not c:
            raise Truncated("cut off in a list of calls")
        raise Bad("expected ',' or ']' in a list of calls")
