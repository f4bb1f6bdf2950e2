"""Sections of calls: several calls in one section, each in its own begin / end tokens (docs/architecture.md#parts).

The bodies of the families that write a section of calls, each a `Body` of formats/_parts.py that
a `Family` declares with named options:
- `Section`: each call between its own begin and end special tokens (any look-alike spelling),
  read by a call part: `SepCall` (a name and arguments around a separator token) or `IdCall`
  (a call id, an argument token, the arguments);
- `Fields`: each call an id, a name and JSON arguments between literal tokens;
- `TokenPairs`: a name, then key / value pairs between literal tokens.
"""
from __future__ import annotations

import functools
import re

from . import LOOK_MAX, MAYBE, NO, YES, declared
from ._json import call_object, call_sequence, special, special_section, special_word
from ._ids import named, plain
from ._json_bodies import FENCE
from ._parts import VALUES, Body
from ._xml import Dialect, Tag, block
from ..reader import Reject, Truncated, peek, startswith, token, until, until_any


# ---------------------------------------------------------------------------- sections of calls
# A section holds several calls, each with its own wrapper: `<|tool_call_begin|>` … `<|tool_call_end|>`
# (special tokens in any look-alike spelling: `|` or `｜`, `▁`, `_` or a space between words;
# `special_word`), inside the section's `<|tool_calls_begin|>` … `<|tool_calls_end|>`.  What is
# between a call's tokens is the section's `call` part: SepCall (a name and arguments around a
# separator token) or IdCall (a call id, then an argument token and the arguments).
_B, _S = "[|｜]", "[▁_ ]"
_TOKEN_HEAD = re.compile(r"[^\s<>]*\s*(?:<[^>]*)?\Z")      # a name, perhaps the start of a token
_CALL_NAME = re.compile(r"[^\s`{<]+")
_FENCE_LANG = re.compile(r"\w*")


def _words(words) -> str:
    """A regex for special-token words in any look-alike spelling (`_`, `▁` or a space between words)."""
    return "|".join(_S.join(map(re.escape, w.split("_"))) for w in words)


class SepCall:
    """`NAME<｜tool▁sep｜>{args}` (`shape` "named": DeepSeek V3.1), or `function<｜tool▁sep｜>NAME`
    then the arguments, perhaps in a ```json fence (`shape` "typed": DeepSeek V3; the type word
    `function` is sometimes left out).  Each shape claims only what it reads, so two families
    that share the tokens are told apart by what follows the separator."""

    def __init__(self, shape: str, sep: str = "tool_sep", typed: str = "function"):
        self.shape, self.sep, self.typed = shape, sep, typed
        self.sep_rx = re.compile(rf"<{_B}{_words((sep,))}{_B}>")

    def spot(self, s: str, eof: bool, ctx):
        m = self.sep_rx.search(s)
        if m is None:
            return MAYBE if not eof and _TOKEN_HEAD.match(s.lstrip()) else NO
        head, after = s[:m.start()].strip(), s[m.end():].lstrip()
        if head and (not _TOKEN_HEAD.match(head) or head[-1:] == ">"):
            return NO
        if not after:
            return NO if eof else MAYBE
        if after[0] in "{`":
            found = "named" if head else None
        elif head in (self.typed, "") and after[0] != "<":
            found = "typed"
        else:
            found = None
        return YES if found == self.shape else NO

    def read(self, r, ctx):
        """One call after its begin token, in either shape."""
        head, m = yield from until_any(r, self.sep_rx, limit=512)
        if m is None:
            raise Truncated("cut off before <｜tool▁sep｜>")
        yield from special(r, (self.sep,))
        name = head.strip()
        if name in (self.typed, "") and not (yield from startswith(r, "{", skip_ws=True, consume=False)):
            nm = yield from token(r, _CALL_NAME, 256)         # the type, then the name
            if nm is None:
                raise Reject("no tool name")
            name = nm.group()
        name = ctx.check(name)
        fenced = yield from startswith(r, FENCE, skip_ws=True)
        if fenced:
            yield from token(r, _FENCE_LANG, 16)
        yield from call_object(r, ctx, name=name)
        if fenced:
            yield from startswith(r, FENCE, skip_ws=True)


class Section(Body):
    """Calls in a section of special tokens, each between its own begin and end tokens (`tokens`:
    their words, by default `tool_call_begin` / `tool_call_end`), the section up to a token whose
    word is in `ends` (optional: a section cut off, or a call begin without its section, is read
    too); `call` reads what is between a call's tokens (SepCall, IdCall).  A call that is no call goes back to the text; one that goes bad after its
    name is not runnable and the section goes on: a bad call never takes a sibling with it
    (`_json.special_section`).  Options:
    - `again`: the words of the section's opener, markup when written again;
    - `decided`: the section's opener alone says it is this family's (else the first call decides);
    - `stray`: text between the section's tokens is read past (words there are the section's
      markup, reported with it; only text: the section is no call, its text goes back);
    - `lost`: the text a call's id starts with (Kimi's `functions.`): a section whose first call
      lost its begin token is read from it, and (the tokens stripped upstream) an opener that is
      this text starts a call (IdCall.spot_lost)."""

    def __init__(self, call, ends: tuple[str, ...], again: tuple[str, ...] = (), decided: bool = False,
                 stray: bool = False, lost: str | None = None,
                 tokens: tuple[str, str] = ("tool_call_begin", "tool_call_end")):
        self.call, self.ends, self.again, self.decided, self.stray, self.lost = call, ends, again, decided, stray, lost
        self.begin, self.end = tokens
        self.repeats = re.compile(rf"(?:\s*<{_B}(?:{_words(again)}){_B}>)*" if again else r"")
        self.begin_rx = re.compile(rf"\s*<{_B}{_words((self.begin,))}{_B}>")
        self._begin_of: dict[str, bool] = {}

    def _begins(self, opener: str) -> bool:
        """Is `opener` a call's own begin token (no section around it)?"""
        b = self._begin_of.get(opener)
        if b is None:
            b = self._begin_of[opener] = special_word(opener) == self.begin
        return b

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        s = look[:LOOK_MAX]
        if self.lost is not None and opener == self.lost:
            return self.call.spot_lost(s, eof, ctx)
        if not self._begins(opener):
            if self.decided:
                return YES
            s = s[self.repeats.match(s).end():]  # type: ignore[union-attr]  # (a `*` pattern: always matches)
            m = self.begin_rx.match(s)
            if m is None:
                t = s.lstrip()
                return MAYBE if not eof and (not t or t[0] == "<" and ">" not in t) else NO
            s = s[m.end():]
        return self.call.spot(s, eof, ctx)

    def read(self, r, ctx, opener, ends, value):
        if self.lost is not None and opener == self.lost:
            r.push_front(opener)
            yield from self.call.read_lost(r, ctx)
            return
        if self._begins(opener):
            r.push_front(opener)               # no section: the loop reads the call's begin token
        else:
            while self.again and (yield from special(r, self.again)):
                pass                           # the section opener written again
            if self.lost is not None and (yield from startswith(r, self.lost, skip_ws=True, consume=False)):
                # A section whose first call lost its begin token (lablup/mlxcel#783): the id opens it.
                yield from self.call.read(r, ctx)
                yield from special(r, (self.end,))
        yield from special_section(r, ctx, self.call.read, self.ends, self.stray, self.begin, self.end)


_ID_AHEAD = re.compile(r"\s*\S*\Z")                                  # an id has no spaces
# A JSON call object where the id would be (hermes-agent's Kimi fallback): its `"name"` key first.
_OBJECT = re.compile(r'\s*\{\s*"name"\s*:')
_OBJECT_HEAD = re.compile(r'\s*(?:\{\s*(?:"(?:n(?:a(?:m(?:e(?:"\s*)?)?)?)?)?)?)?\Z')
_ID_CHARS = r"[\w.\-]"


class IdCall:
    """A call id, then the `args` token and the JSON arguments: Kimi K2's
    `functions.NAME:IDX<|tool_call_argument_begin|>{…}`.  The id goes out as the call's id; the
    tool's name is read from it by the shared id rule (formats/_ids.py: `functions_NAME_IDX` too,
    against the declared tools), else it is the id less `prefix` and `:IDX`.  An id in the
    family's own shape (`prefix` NAME `:` IDX) may be followed by the JSON directly (the token
    left out, vllm-project/vllm#31207); any other id waits for the token, and never runs past its
    call: the family's tokens that end a call first (`stops`, their words, any look-alike
    spelling) say the token never came."""

    def __init__(self, args: str = "<|tool_call_argument_begin|>", prefix: str = "functions.",
                 stops: tuple[str, ...] = ("tool_call_end", "tool_call_begin")):
        self.args, self.prefix = args, prefix
        p = re.escape(prefix)
        self.own_id = re.compile(rf"\s*{p}{_ID_CHARS}+:\d+\s*")
        self.id_end = re.compile(re.escape(args) + r"|\{")
        # the argument token, or a token that ends the call first (its end, the next call, the section's end)
        self.args_or_end = re.compile(re.escape(args) + rf"|<{_B}(?:{_words(stops)}){_B}>")
        self.lost_id = re.compile(rf"{p}{_ID_CHARS}*(?::\d*)?")                  # prefix-closed
        self.lost_ahead = re.compile(rf"({_ID_CHARS}+):\d+\s*\{{")
        self.lost_prefix = re.compile(rf"{_ID_CHARS}*(?::\d*)?\s*\Z")

    def name(self, call_id: str, ctx=None) -> str:
        """`functions.mute_channel:3` → `mute_channel`; `functions_Bash_2` → `Bash` when `Bash`
        is declared (ctx.tools)."""
        return named(call_id, getattr(ctx, "tools", None)) or plain(call_id, self.prefix)

    def spot(self, look: str, eof: bool, ctx):
        """After a call's begin token: the id, then the argument token (or the family's own id,
        then JSON)."""
        if _OBJECT.match(look):
            return YES                     # a JSON call object, no id (its name is the object's)
        if _OBJECT_HEAD.match(look) and look.strip():
            return NO if eof else MAYBE
        k = self.own_id.match(look)
        if k and look.startswith("{", k.end()):
            return YES                     # the family's own id, the argument token left out
        if k and k.end() == len(look) and look[-1].isspace():
            return NO if eof else MAYBE
        i = look.find("<")
        if not _ID_AHEAD.match(look, 0, len(look) if i < 0 else i):
            return NO
        if i < 0 or self.args.startswith(look[i:]):
            return NO if eof else MAYBE
        return YES if look.startswith(self.args, i) else NO

    def spot_lost(self, look: str, eof: bool, ctx):
        """After `prefix`, every token stripped: NAME:IDX then JSON (a declared NAME, with tools)."""
        m = self.lost_ahead.match(look)
        if m:
            return YES if ctx.tools is None or declared(ctx, m.group(1)) else NO
        return MAYBE if not eof and self.lost_prefix.match(look) else NO

    def read(self, r, ctx):
        if (yield from startswith(r, "{", skip_ws=True, consume=False)):
            yield from call_object(r, ctx)     # a JSON call object, no id: the object names the tool
            return
        at = r.at
        before, m = yield from until_any(r, self.id_end, limit=512)
        if m is not None and m.group() == "{" and self.own_id.fullmatch(before):
            cid = before.strip()
        else:
            r.rewind(at)
            before, m = yield from until_any(r, self.args_or_end, limit=512)
            if m is None:
                raise Truncated("cut off in a call id")
            if m.group() != self.args:
                raise Reject(f"no argument token after the call id {before.strip()[:40]!r}")
            r.pos = m.end()
            cid = before.strip()
        yield from call_object(r, ctx, name=self.name(cid, ctx), id=cid)

    def read_lost(self, r, ctx):
        m = yield from token(r, self.lost_id, 512)
        if m is None or ":" not in m.group():
            raise Reject("not a call id") if not r.eof else Truncated("cut off in a call id")
        yield from call_object(r, ctx, name=self.name(m.group(), ctx), id=m.group())


class Fields(Body):
    """A section of calls between literal tokens: each call `begin`, its id up to `id_end`, its
    name up to `name_end`, its JSON arguments, then `end`; the section ends at `close` (or where
    no call follows).  A `[` or `{` right after the section's opener is a list of call objects
    instead (another family's body after the same token; Python dicts too)."""

    def __init__(self, begin: str, id_end: str, name_end: str, end: str, close: str):
        self.begin, self.id_end, self.name_end, self.end, self.close = begin, id_end, name_end, end, close

    def spot(self, look, eof, ctx, strict, ends=()):
        return YES

    def read(self, r, ctx, opener, ends, value):
        if (yield from peek(r)) in ("[", "{"):
            yield from call_sequence(r, ctx, self.close)
            return
        n = 0
        while True:
            if (yield from startswith(r, self.close, skip_ws=True)):
                return
            if not (yield from startswith(r, self.begin, skip_ws=True)):
                if n:
                    return
                raise Truncated("cut off before a call") if not (yield from peek(r)) else Reject("no call")
            cid = (yield from until(r, self.id_end, limit=256)).strip()
            name = (yield from until(r, self.name_end, limit=512)).strip()
            if not name:
                raise Reject("no tool name")
            yield from call_object(r, ctx, name=ctx.check(name), id=cid or None)
            yield from startswith(r, self.end, skip_ws=True)
            n += 1


class TokenPairs(Body):
    """A call spelled in literal tokens: `call` NAME, then per argument `key` K `value` V
    `value_end`, then `call_end` (Solar Open 2's `<|tool_call:start|>NAME\\n<|tool_arg:start|>K
    <|tool_arg:value|>V<|tool_arg:end|>\\n<|tool_call:end|>`).  Values are read by the family's
    value encoding (the declared schema first)."""

    syntax = "xml"

    def __init__(self, call: str, key: str, value: str, value_end: str, call_end: str):
        self.call, self.key, self.value, self.value_end, self.call_end = call, key, value, value_end, call_end

    def spot(self, look, eof, ctx, strict, ends=()):
        return YES

    def dialect(self, value: str) -> Dialect:
        c, k, v, ce = (re.escape(t) for t in (self.call, self.key, self.value, self.call_end))
        return Dialect(call=Tag((self.call,), rf"{c}\s*(?P<name>[^<>\s]+?)\s*", end=rf"\n|(?={k}|{ce})"),
                       call_close=(self.call_end,),
                       param=Tag((self.key,), rf"{k}\s*(?P<key>[^<>]*?)\s*{v}", end=v),
                       value_close=(self.value_end,), json_args=False, untyped=VALUES[value])

    def read(self, r, ctx, opener, ends, value):
        yield from block(r, ctx, _token_pairs(self, value))


@functools.lru_cache(maxsize=16)
def _token_pairs(body: TokenPairs, value: str) -> Dialect:
    return body.dialect(value)
