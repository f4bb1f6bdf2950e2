"""The JSON-bodied parts: calls as JSON behind a marker, and sections of calls (docs/architecture.md#parts).

The bodies here are what the families of "JSON behind markers" are made of, each a `Body` of
formats/_parts.py that a `Family` declares with named options (a family's quirk is an option,
never code of its own):
- `JsonAfter`: call objects or lists after a marker, perhaps after header words;
- `JsonStart`: a bare call object or list, as the first thing in the content (or naming a
  declared tool after prose);
- `NameKeys`: calls keyed by the tool's name, `[{"NAME": {args}}]`;
- `Recipient`: a recipient header, then a list of calls or a named tool's arguments;
- `Fenced`: calls in a Markdown ```json fence, perhaps after a heading line;
- `JsonOrCode`: JSON calls, or a built-in tool written in Python, or code for a code tool;
- `NameArgs`: JSON calls, or a name, an optional id and the arguments, behind bracket tokens;
- `Section`: a section of calls, each in its own begin / end tokens, read by a call part
  (`SepCall`: a name and arguments around a separator; `IdCall`: an id, then the arguments);
- `Fields`: a section of calls, each an id, a name and JSON arguments between literal tokens;
- `TokenPairs`: a name, then key / value pairs between literal tokens.
Each reads through the shared JSON reader (formats/_json.py): the name first, then argument deltas.
"""
from __future__ import annotations

import functools
import re
import secrets
import string

from . import LOOK_MAX, MAYBE, NO, YES, declared
from ._json import (View, ahead, bare_calls, call_ahead, call_array, call_object, call_sequence, code_call,
                    keyed_calls, special, special_section, special_word)
from ._parts import VALUES, Body, closers
from ._xml import Dialect, Tag, block
from ..reader import Reject, Truncated, peek, peek_raw, startswith, token, until, until_any


@functools.lru_cache(maxsize=256)
def own_closer(opener: str, ends: tuple) -> str | None:
    """The closer of the block `opener` opened, among the family's `ends`: the one spelled after
    the opener (`<longcat_tool_call>` … `</longcat_tool_call>`), else the family's first."""
    return next((c for c in closers(opener) if c in ends), ends[0] if ends else None)


def _head(r, parts):
    """Read header `parts` (as `ahead` takes them: a literal, or alternatives, "" for none)."""
    for part in parts:
        for alt in sorted(part if isinstance(part, tuple) else (part,), key=len, reverse=True):
            if alt and (yield from startswith(r, alt, skip_ws=True)):
                break


class JsonAfter(Body):
    """Call objects (or lists of them, several separated by whitespace or `seps`) after a marker,
    up to the block's closer, which is optional; claimed only when JSON follows.  Options:
    - `again`: the opener written twice (`<tool_call>\\n<tool_call>\\n{…`) is markup too, once;
    - `end`: a closer read when written, for a family that declares none (llama.cpp's
      `</function_call>` after Granite-20b's `<function_call>`, GigaChat's `</s>`);
    - `head`: words between the marker and the JSON (GigaChat's `function call<|role_sep|>`),
      in `ahead`'s terms (a literal, or alternatives with "" for an optional one);
    - `one`: a single call object, not a sequence; `named`: its first key must be `"name"`;
    - `opened`: the marker ends with the JSON's own bracket (`functools[`, `functools{`): it is
      given back to the JSON reader, and one list (or object) is read."""

    def __init__(self, again: bool = True, end: str | None = None, head: tuple = (), one: bool = False,
                 named: bool = False, opened: bool = False, seps: str = ","):
        self.again, self.end, self.head, self.one, self.named = again, end, head, one, named
        self.opened, self.seps = opened, seps
        self._ahead: dict[str, tuple] = {}         # opener -> what must follow it

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        parts = self._ahead.get(opener)
        if parts is None:
            parts = self._ahead[opener] = self._parts(opener)
        return ahead(look, eof, *parts)

    def _parts(self, opener: str) -> tuple:
        """What must follow `opener`, in `ahead`'s terms."""
        if self.opened:
            return ('"' if opener.endswith("{") else "{",)
        again = ((opener, ""),) if self.again and opener else ()
        first = "{" if self.one else ("{", "[")
        return (*again, *self.head, first, *(('"name"',) if self.named else ()))

    def read(self, r, ctx, opener, ends, value):
        if self.opened:
            r.push_front(opener[-1])           # the list's (or object's) own bracket
            yield from (call_object(r, ctx) if opener.endswith("{") else call_array(r, ctx))
            return
        if self.again:
            yield from startswith(r, opener, skip_ws=True)
        if self.head:
            yield from _head(r, self.head)
        if self.one:
            yield from call_object(r, ctx)
            if self.end:
                yield from startswith(r, self.end, skip_ws=True)
            return
        yield from call_sequence(r, ctx, own_closer(opener, ends) or self.end, seps=self.seps)


class JsonStart(Body):
    """A bare call object or list, its opener (`{`, `[`) the JSON's own: as the first thing in
    the content when its first key is a call's, after prose only when it names a declared tool.
    Calls may be separated by `;` (Llama 3.x) or commas."""

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("{", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        return call_ahead(opener, look, eof, ctx)

    def read(self, r, ctx, opener, ends, value):
        yield from bare_calls(r, ctx, opener)


class NameKeys(JsonAfter):
    """Calls keyed by the tool's name, `[{"NAME": {args}}, …]` (Apertus), or one such object;
    several keys in one object are several calls.  Claimed as JsonAfter claims its JSON."""

    def read(self, r, ctx, opener, ends, value):
        yield from keyed_calls(r, ctx)
        closer = own_closer(opener, ends)
        if closer:
            yield from startswith(r, closer, skip_ws=True)


_IDENT = re.compile(r"[A-Za-z_][\w.\-]*")
_EOL = re.compile(r"[ \t]*\r?\n?")
_RECIPIENT = re.compile(r"([A-Za-z_][\w.\-]*)[ \t]*\r?\n\s*([\[{])")
_RECIPIENT_PREFIX = re.compile(r"[A-Za-z_][\w.\-]*(?:[ \t]*(?:\r?\n\s*)?)?\Z|\Z")


class Recipient(Body):
    """A recipient on the marker's line, the calls on the next: `listed` (HyperCLOVA X's
    `function_call`), then a JSON list of calls; or a declared tool's name, then its arguments
    object."""

    def __init__(self, listed: str):
        self.listed = listed

    def spot(self, look, eof, ctx, strict, ends=()):
        look = look[:LOOK_MAX]
        m = _RECIPIENT.match(look)
        if m:
            if m.group(1) == self.listed:
                return YES
            return YES if m.group(2) == "{" and declared(ctx, m.group(1)) else NO
        return MAYBE if not eof and _RECIPIENT_PREFIX.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _IDENT, 256)
        if m is None:
            raise Reject("no recipient") if (yield from peek_raw(r)) else Truncated("cut off after the header")
        yield from token(r, _EOL, 8)
        if m.group() == self.listed:
            yield from call_sequence(r, ctx, None)
        else:
            yield from call_object(r, ctx, name=ctx.check(m.group()))


_LANG = re.compile(r"[A-Za-z_0-9]*[ \t]*")
# The call on the fence's own line (```json {"name": …} ```, nicoalbanese/ai-sdk-fundamentals#4)
_INLINE = re.compile(r'\{\s*"|\[\s*\{')
_INLINE_PREFIX = re.compile(r"[{\[]\s*\Z")
FENCE = "```"
_BLANK = re.compile(r"[ \t]*(?:\n[ \t]*){0,2}")   # (a blank line at most)
_LANGS = ("", "json", "xml", "tool_call", "tool_code", "json5")


class Fenced(Body):
    """Calls in a Markdown fence, ```json\\n{…}\\n``` or on the fence's own line; a fence whose
    JSON has no call's shape is no call (code samples live in fences too).  An opener other than
    the fence is a heading that labels the call (`**Tool Call:**`, Command R's `Action:`): the
    fence must follow it after `gap` (a regex; default a blank line at most).  `langs`: the fence
    languages a call may be written under."""

    def __init__(self, gap: str | None = None, langs: tuple[str, ...] = _LANGS):
        self.gap = _BLANK if gap is None else re.compile(gap)
        self.langs = langs

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within(FENCE, look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        look = look[:LOOK_MAX]
        if opener != FENCE:                       # a heading: a call fence next
            fence = self.gap.match(look).end()  # type: ignore[union-attr]  # (a `*` pattern: always matches)
            rest = look[fence:]
            if not rest.startswith(FENCE):
                return MAYBE if not eof and FENCE.startswith(rest) else NO
            return self.within(FENCE, look[fence + 3:], eof, ctx, ends)
        lang = _LANG.match(look).end()  # type: ignore[union-attr]  # (a `*` pattern: always matches)
        if look[lang:lang + 1] in ("{", "[") and look[:lang].strip().lower() in self.langs:
            if _INLINE.match(look, lang):
                return YES
            if not eof and _INLINE_PREFIX.match(look, lang):
                return MAYBE
        nl = look.find("\n")
        if nl < 0:
            return MAYBE if not eof and len(look) < 24 and _LANG.fullmatch(look) else NO
        if look[:nl].strip().lower() not in self.langs:
            return NO
        body = look[nl + 1:].lstrip()
        if body:
            return YES if body[0] in "{[" else NO
        return NO if eof else MAYBE

    def read(self, r, ctx, opener, ends, value):
        if opener != FENCE:
            yield from token(r, self.gap, 64)
            yield from startswith(r, FENCE)        # (within saw it)
        yield from token(r, _LANG, 64)
        yield from call_sequence(r, ctx, None, loose=True)   # code samples live in fences too
        yield from startswith(r, FENCE, skip_ws=True)


_BUILTIN = re.compile(r"[A-Za-z_]\w*(?:\.(?:c(?:a(?:l(?:l(?:\()?)?)?)?)?)?")   # prefix-closed NAME.call(


class JsonOrCode(Body):
    """After a code marker (Llama's `<|python_tag|>`): JSON calls (separated by `seps`); or a
    built-in tool written in Python, `NAME.call(q="…")`, a call to NAME (read as literals by the
    pythonic reader, nothing evaluated); or any other text, code up to one of `ends`: a call to
    the first declared of `tools` (else the first) with {"code": …}.  Then one of the special
    tokens `words` (`<|eom_id|>`, in any look-alike spelling), consumed."""

    def __init__(self, tools: tuple[str, ...], ends: tuple[str, ...], seps: str = ",", words: tuple[str, ...] = ()):
        self.tools, self.ends, self.seps, self.words = tools, ends, seps, words

    def spot(self, look, eof, ctx, strict, ends=()):
        return YES

    def read(self, r, ctx, opener, ends, value):
        c = yield from peek(r)
        if c in ("{", "[") and c:
            yield from call_sequence(r, ctx, None, seps=self.seps)
        else:
            m = yield from token(r, _BUILTIN, 256)
            if m is not None:
                r.pos = m.start()
            if m is not None and m.group().endswith(".call("):
                from ._pythonic import call as python_call     # (the pythonic reader imports the parts)
                yield from python_call(r, View(ctx, rename=lambda n: n.removesuffix(".call")))
            else:
                yield from code_call(r, ctx, self.tools, self.ends)
        yield from special(r, self.words)


_ALNUM = string.ascii_letters + string.digits
_ID = re.compile(r"[A-Za-z0-9_\-]+")
_TOOL = re.compile(r"[A-Za-z_][\w.\-]*")


def _prefixes(tag: str) -> str:
    """A regex for every non-empty prefix of the literal `tag`."""
    out = ""
    for ch in reversed(tag[1:]):
        out = f"(?:{re.escape(ch)}{out})?"
    return re.escape(tag[0]) + out


class NameArgs(Body):
    """Mistral's `[TOOL_CALLS]` bodies: a JSON list (or objects) of calls; or a tool's name, an
    optional `id_tag` and the call's id, an optional `args_tag`, then the arguments object
    (`NAME[CALL_ID]id[ARGS]{…}`, `NAME{…}`).  `marker`: the family's marker, markup when written
    again; an opener other than it is a declared tool's name (the marker stripped upstream), the
    start of the call.  `ids`: calls the model gave no id get one of this many alphanumeric
    characters (Mistral's templates want 9)."""

    def __init__(self, marker: str, id_tag: str = "[CALL_ID]", args_tag: str = "[ARGS]", ids: int = 9):
        self.marker, self.id_tag, self.args_tag, self.ids = marker, id_tag, args_tag, ids
        tags = "|".join(re.escape(t) for t in (args_tag, id_tag))
        # NAME{json}: JSON follows the brace (Gemma 4's literal `NAME{key:…}` is gemma_special's)
        self.after_name = re.compile(r'\{\s*["}]|' + tags)
        self.after_prefix = re.compile(r"(?:\{\s*|" + "|".join(_prefixes(t) for t in (args_tag, id_tag)) + r")?\Z")

    def new_id(self) -> str:
        return "".join(secrets.choice(_ALNUM) for _ in range(self.ids))

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        if opener == self.marker or self.after_name.match(look):   # a tool's name: its arguments must follow
            return YES
        return MAYBE if not eof and self.after_prefix.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        ctx = View(ctx, new_id=self.new_id)
        if opener != self.marker:
            r.push_front(opener)
        while (yield from startswith(r, self.marker, skip_ws=True)):
            pass                       # the marker written twice (`[TOOL_CALLS][TOOL_CALLS]f…`)
        c = yield from peek(r)
        if c in ("[", "{"):
            yield from call_sequence(r, ctx, None)
            return
        m = yield from token(r, _TOOL, 256)
        if m is None:
            raise Reject(f"no call after {self.marker}") if c else Truncated(f"cut off after {self.marker}")
        name = ctx.check(m.group())
        cid = None
        if (yield from startswith(r, self.id_tag)):
            idm = yield from token(r, _ID, 64)
            cid = idm.group() if idm else None
        yield from startswith(r, self.args_tag)
        yield from call_object(r, ctx, name=name, id=cid)


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
    - `stray`: text between the section's tokens (a model's noise) is dropped;
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
_ID_CHARS = r"[\w.\-]"


class IdCall:
    """A call id, then the `args` token and the JSON arguments: Kimi K2's
    `functions.NAME:IDX<|tool_call_argument_begin|>{…}`.  The id goes out as the call's id; the
    tool's name is the id less `prefix` and `:IDX`.  An id in the family's own shape
    (`prefix` NAME `:` IDX) may be followed by the JSON directly (the token left out,
    vllm-project/vllm#31207); any other id waits for the token, and never runs past its call."""

    def __init__(self, args: str = "<|tool_call_argument_begin|>", prefix: str = "functions."):
        self.args, self.prefix = args, prefix
        p = re.escape(prefix)
        self.own_id = re.compile(rf"\s*{p}{_ID_CHARS}+:\d+\s*")
        self.id_end = re.compile(re.escape(args) + r"|\{")
        # the argument token, or a token that ends the call first (its end, the next call, the section's end)
        self.args_or_end = re.compile(re.escape(args) + r"|<\|tool_calls?_(?:end|begin|section_end)\|>")
        self.lost_id = re.compile(rf"{p}{_ID_CHARS}*(?::\d*)?")                  # prefix-closed
        self.lost_ahead = re.compile(rf"({_ID_CHARS}+):\d+\s*\{{")
        self.lost_prefix = re.compile(rf"{_ID_CHARS}*(?::\d*)?\s*\Z")

    def name(self, call_id: str) -> str:
        """`functions.mute_channel:3` → `mute_channel`."""
        name = call_id.strip().removeprefix(self.prefix)
        head, colon, idx = name.rpartition(":")
        return head if colon and idx.isdigit() else name

    def spot(self, look: str, eof: bool, ctx):
        """After a call's begin token: the id, then the argument token (or the family's own id,
        then JSON)."""
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
        yield from call_object(r, ctx, name=self.name(cid), id=cid)

    def read_lost(self, r, ctx):
        m = yield from token(r, self.lost_id, 512)
        if m is None or ":" not in m.group():
            raise Reject("not a call id") if not r.eof else Truncated("cut off in a call id")
        yield from call_object(r, ctx, name=self.name(m.group()), id=m.group())


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
