"""What a name-only call (`_parts.Bare`) is followed by: its arguments, or nothing.

An agent's client writes each call into the history as a line, `[Calling tool: NAME …]`, and
models imitate it (hermes-studio#942):
- `[Calling tool: NAME with arguments: {json}]`: the name, a short connecting phrase (`CONNECTOR`:
  up to three words, then a colon or not, or one of `:` `=` `->` `→`), then the arguments as JSON;
- `[Calling tool: NAME]` in place of a body's opening tag, then that body's parameter tags and
  closers (MiniMax-M2.7: `<parameter name="k">v</parameter>…</invoke></minimax:tool_call>`):
  the parameters are the call's arguments, up to the call's closer and the family's wrapper
  closer after it (markup); key/value tag pairs (`<arg_key>`, any spelling `_parts.KeyValue`
  reads) have no call tag, and end at the next closing tag that is none of theirs.
- `[Calling tool: NAME]`, then a JSON object on the next line: the call's arguments.
So a name alone is a call with no arguments only when no parameter markup or JSON follows it (after
blanks): a name-only call waits for the next non-blank text (at most `LOOK` characters of blanks,
or the end of the stream) before it is delivered, and parameter markup it cannot read whole
makes it no runnable call, its text kept (never a silent `{}` call).
"""
from __future__ import annotations

import functools
import re

from ._json import call_object
from ._xml import LOOK, Dialect
from ._xml import call as xml_call
from ..reader import Bad, Reject, Truncated, more

# A name's connecting phrase before JSON arguments, and every start of one (with the `{`).
CONNECTOR = re.compile(r"[ \t]*(?:(?:[A-Za-z]{1,16}[ \t]+){0,2}[A-Za-z]{1,16}[ \t]*:?|:|=|->|→)?[ \t]*(?=\{)")
CONNECTOR_PREFIX = re.compile(r"[ \t]*(?:[A-Za-z]{1,16}(?:[ \t]+[A-Za-z]{0,16}){0,2}[ \t]*:?|:|=|->?|→)?[ \t]*\Z")

# A parameter tag of any body's spelling (`<parameter name=`, `<parameter=`, `<ns:parameter …>`,
# `<arg_key>`, `<param_value>`…), or one cut off by the end of the stream; and the start of any tag.
_PARAM = re.compile(r"<(?:[|｜]|[A-Za-z_][\w.\-]{0,31}[:|])?"
                    r"(?:(?:parameter|param|argument|arg)(?:_?(?:key|value|name|type))?|(?:[A-Za-z]{1,16}_)?key)"
                    r"(?=[\s=>/|｜]|\Z)")
_JSON_ARGS = re.compile(r"\{")
_TAG_START = re.compile(r"<[\w.:|｜\-]{0,48}")
_INVOKE_PARAM = re.compile(r"<((?:[A-Za-z_][\w.\-]{0,31}[:|])?)parameter\s+name\s*=")
_FUNCTION_PARAM = re.compile(r"<parameter=")
# A wrapper's closer after the call's own (`</minimax:tool_call>`): markup when its word says
# it held a call; and every start of one.
_CLOSE_TAG = re.compile(r"\s*(?:</([\w.:|\-]{1,64})>|<[|｜](/?[\w.:▁\-]{1,64})[|｜]>)")
_CLOSE_PREFIX = re.compile(r"\s{0,256}(?:<(?:/[\w.:|\-]{0,64}|[|｜]/?[\w.:▁\-]{0,64}[|｜]?)?)?")
# What ends key/value pairs: a tag that is none of theirs (a closing tag, a special token)
_PAIRS_END = ("</", "<|", "<｜")


def params_after(r):
    """The parameter markup that follows (after blanks, not consumed): its match, or None.
    Waits for the next non-blank text, bounded."""
    while True:
        i = r.pos
        buf = r.buf
        while i < len(buf) and buf[i].isspace():
            i += 1
        if i - r.pos > LOOK:
            return None
        rest = buf[i:i + 80]
        if rest:
            if rest[0] == "{":
                return _JSON_ARGS.match(rest)  # (JSON arguments on their own, after the line)
            m = _PARAM.match(rest)
            # (once its spelling shows: the tag's end, or as much of it as any spelling needs)
            if m is not None and (r.eof or ">" in rest or len(rest) >= 64):
                return m
            if m is None and not _TAG_START.fullmatch(rest):
                return None                    # prose, JSON, another tag: not its arguments
        if not (yield from more(r)):
            # (a tag cut off by the end of the stream may be a parameter's: not a call without it)
            return (_PARAM.match(rest) or _TAG_START.fullmatch(rest)) if rest else None


def arguments(r, ctx, name: str, value: str, found):
    """The call `name` with the parameters `found` (`params_after`) starts: read up to the call's
    closer and a wrapper closer after it.  Bad when they are of no spelling read here."""
    from ._parts import _KEY_TAG, _functions, _invoke, says_call
    tag = r.buf[r.pos:].lstrip()
    m = _INVOKE_PARAM.match(tag)
    if tag[:1] == "{":
        yield from call_object(r, ctx, name=name)
        d = None
    elif m is not None:
        d = _invoke((), value, m.group(1))
    elif _FUNCTION_PARAM.match(tag):
        d = _functions((), value)
    elif (k := _KEY_TAG.match(tag)) is not None:
        d = _pairs(k.group(), value)
    else:
        raise Bad(f"markup that may be its arguments ({found.group()}…) after the call {name!r}, "
                  "cut off or of no spelling known without a call tag")
    if d is not None:
        start = r.at
        try:
            yield from xml_call(r, ctx, d, name)
        except Truncated:
            yield from _unclosed(r, ctx, d, name, start)
    while True:                                # a wrapper's closer after the call's: markup
        c = _CLOSE_TAG.match(r.buf, r.pos)
        if c is not None:
            if says_call(c.group(1) or c.group(2)):
                r.pos = c.end()
            return
        if not _CLOSE_PREFIX.fullmatch(r.buf, r.pos) or not (yield from more(r)):
            return


def _unclosed(r, ctx, d: Dialect, name: str, start: int):
    """The parameters after the call line of `name` (from `start`) ran to the end of the stream:
    no call, said in the call line's terms (fallback.salvage would take the line's own `]`, which
    stands before them, for a closer they ran past).  A closer of the call (`</invoke>`) or of its
    wrapper (`</tool_call>`) after them says a parameter's own closing tag is missing, and the call
    ends there; with none, the stream ended in them.  The call is not runnable, and the text goes
    back as content (the line is what an agent's client writes: tests/test_call_lines.py)."""
    from ._parts import says_call
    text = r.text(start)
    ends = [(i, c) for c in d.call_close if (i := text.find(c)) >= 0]
    ends += [(m.start(), m.group().strip()) for m in _CLOSE_TAG.finditer(text)
             if says_call(m.group(1) or m.group(2))][:1]
    if ends:
        i, closer = min(ends)
        why = f"a parameter of the call line's call {name!r} has no closing tag before {closer!r}"
    else:
        i = len(text)
        why = f"the stream ended in the parameters of the call line's call {name!r}, one unclosed"
    if not ctx.open:
        raise Reject(f"{why}: no value was written")
    r.rewind(start + i + len(closer) if ends else start + i)
    ctx.fail(why, text[:i])
    yield from ()


@functools.lru_cache(maxsize=16)
def _pairs(key: str, value: str) -> Dialect:
    """Key/value tag pairs spelled from `key` (`_parts.KeyValue`), with no call tag around them:
    they end at the next tag that is none of theirs (the wrapper's closer, `</tool_call>`,
    `<｜tool_call_end｜>`), never inside a value (which only its own closer ends)."""
    from ._parts import KeyValue, _invoke, _key_value
    kv = KeyValue(key)
    d = _key_value(kv.key, (), kv.key, kv.value, kv.type, value, kv.trim_nl)
    # (a Dialect has a call tag: the invoke body's, so a call written next ends the pairs too)
    return Dialect(call=_invoke((), value).call, call_close=(), param=d.param, value_close=d.value_close,
                   block_close=_PAIRS_END, trim_nl=d.trim_nl, untyped=d.untyped)
