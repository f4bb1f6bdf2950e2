"""JSON behind a marker: the bodies of the families whose calls are JSON objects (docs/architecture.md#parts).

Each is a `Body` of formats/_parts.py that a `Family` declares with named options (a family's
quirk is an option, never code of its own):
- `JsonAfter`: call objects or lists after a marker, perhaps after header words;
- `JsonStart`: a bare call object or list, as the first thing in the content (or naming a
  declared tool after prose);
- `NameKeys`: calls keyed by the tool's name, `[{"NAME": {args}}]`;
- `Recipient`: a recipient header, then a list of calls or a named tool's arguments;
- `Fenced`: calls in a Markdown ```json fence, perhaps after a heading line;
- `JsonOrCode`: JSON calls, or a built-in tool written in Python, or code for a code tool;
- `NameArgs`: JSON calls, or a name, an optional id and the arguments, behind bracket tokens.
Sections of calls are formats/_sections.py's.  Each reads through the shared JSON reader
(formats/_json.py): the name first, then argument deltas.
"""
from __future__ import annotations

import functools
import re
import secrets
import string

from . import LOOK_MAX, MAYBE, NO, YES, Verdict, declared, properties
from ._json import (View, ahead, bare_calls, call_ahead, call_array, call_object, call_sequence, code_call,
                    keyed_calls, special)
from . import _keyed
from ._parts import FUNCTION, PARAMETER, VALUES, Body, _closer, _longest, closers, trailer
from ._xml import Dialect, sole_key, tag_after
from ._xml import call as xml_call
from ..reader import Bad, Reject, Truncated, more, peek, peek_raw, startswith, token, until


@functools.lru_cache(maxsize=256)
def own_closer(opener: str, ends: tuple) -> tuple[str, ...]:
    """The closers of the block `opener` opened, among the family's `ends` (longest first): those
    spelled after the opener (`<longcat_tool_call>` … `</longcat_tool_call>`; `<|open|>` …
    `<|/open|>` or `<|close|>`), else the family's first."""
    mine = closers(opener)
    return tuple(c for c in ends if c in mine) or ends[:1]


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
      given back to the JSON reader, and one list (or object) is read;
    - `typed`: (word, Body): a type word right after the marker says the block holds that other
      body (Step-Audio 2's `<tool_call>function\n` before a name and JSON).  The word is read
      here, not watched as a marker of its own (a literal `<tool_call>function\n` would make the
      scanner hold every `<tool_call>` back until it saw whether the word followed)."""

    def __init__(self, again: bool = True, end: str | None = None, head: tuple = (), one: bool = False,
                 named: bool = False, opened: bool = False, seps: str = ",",
                 typed: tuple[str, Body] | None = None):
        self.again, self.end, self.head, self.one, self.named = again, end, head, one, named
        self.opened, self.seps, self.typed = opened, seps, typed
        self._ahead: dict[str, tuple] = {}         # opener -> what must follow it

    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within("", look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        if self.typed is not None:
            word, body = self.typed
            if look.startswith(word):
                return body.within(opener + word, look[len(word):], eof, ctx, ends)
            if not eof and word.startswith(look):
                return MAYBE                   # (the word may still follow)
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
        if self.typed is not None and (yield from startswith(r, self.typed[0])):
            # (within saw it: the same whatever the chunking)
            yield from self.typed[1].read(r, ctx, opener + self.typed[0], ends, value)
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
    several keys in one object are several calls.  Claimed as JsonAfter claims its JSON; a
    list opening the content (`shape_lead`: its wrapper stripped) only when its first key is a
    declared tool's and an object follows it."""

    shape_lead = "["

    def spot(self, look, eof, ctx, strict, ends=()):
        if not strict:
            return super().spot(look, eof, ctx, strict, ends)
        look = look[:LOOK_MAX]
        m = _KEYED.match(look)
        if m is not None:
            return YES if declared(ctx, m.group(1)) else NO
        return MAYBE if not eof and _KEYED_PREFIX.match(look) else NO

    def read(self, r, ctx, opener, ends, value):
        yield from keyed_calls(r, ctx)
        for closer in own_closer(opener, ends):
            if (yield from startswith(r, closer, skip_ws=True)):
                break


_KEYED = re.compile(r'\s*\[\s*\{\s*"([\w.\-]{1,64})"\s*:\s*\{')
_KEYED_PREFIX = re.compile(r'\s*(?:\[\s*(?:\{\s*(?:"(?:[\w.\-]{0,64}(?:"\s*(?::\s*)?)?)?)?)?)?\Z')
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


# A harmony header's items: a special token (`<|channel|>`, `<|constrain|>`, in any namespace),
# or a word (a role, a channel, a payload type).
_ITEM = re.compile(r"<[|｜][^<>|｜\s]{1,48}[|｜]>|[A-Za-z_][\w\-]*")
_OPENED = re.compile(r"<[|｜][^<>|｜\s/]{1,48}[|｜]>")
_ITEM_PREFIX = re.compile(r"<(?:[|｜][^<>|｜\s]{0,48}[|｜]?)?\Z")
_TO = re.compile(r"to[ \t]*=[ \t]*")
_TO_PREFIX = re.compile(r"t(?:o[ \t]*)?\Z")
_TOKEN = re.compile(r"<(?:[|｜][^<>|｜\s]{0,48}(?:[|｜]>?)?)?")      # (prefix-closed, for `token`)
_ADDRESS = re.compile(r"[\w.\-:/]+")
_WS = re.compile(r"\s*")
_ROLE_WORDS, _TAIL_ITEMS = 1, 4
# (items before `to=`: a role, a channel token and its word, a namespace token…; a run of tokens
# longer than a header's is no header, and not walked to the end of the look-ahead each time)
_HEAD_ITEMS = 8


def addressed(look: str, eof: bool, ctx, strict: bool) -> tuple[Verdict, str, int]:
    """A harmony header at the start of `look` (`[ROLE ]to=NS.NAME[ CHANNEL][ TYPE]`, its special
    tokens anywhere in it), then `{` or a parameter tag: (verdict, the recipient, where the header
    ends: the blanks after it are the payload's layout).  Before
    `to=` one bare word at most (the role; a channel token's word is the token's), after the
    recipient a few items; `strict`: the recipient must name a declared tool."""
    pos, words, token_word = _WS.match(look).end(), 0, False   # type: ignore[union-attr]  # (`*`)
    items = 0
    while (to := _TO.match(look, pos)) is None:
        items += 1
        if items > _HEAD_ITEMS:
            return NO, "", 0
        rest = look[pos:]
        if not rest or _TO_PREFIX.match(rest) or _ITEM_PREFIX.match(rest):
            return (NO if eof else MAYBE), "", 0
        m = _ITEM.match(look, pos)
        if m is None or (m.end() == len(look) and not eof):
            return (MAYBE if m is not None else NO), "", 0
        special = m.group()[0] == "<"
        if not special and not token_word:
            words += 1
            if words > _ROLE_WORDS:
                return NO, "", 0
        token_word = special
        pos = _WS.match(look, m.end()).end()   # type: ignore[union-attr]
        if pos == m.end() and not special and pos < len(look) and look[pos] != "<":
            return NO, "", 0                   # (a word glued to what follows is no header word)
    m = _ADDRESS.match(look, to.end())
    if m is None:
        return (MAYBE if not eof and to.end() == len(look) else NO), "", 0
    if m.end() == len(look) and not eof:
        return MAYBE, "", 0                    # (the name may go on)
    if strict and not declared(ctx, addressee(ctx, m.group())):
        return NO, "", 0
    pos = m.end()
    for _ in range(_TAIL_ITEMS + 1):
        gap = _WS.match(look, pos).end()       # type: ignore[union-attr]
        if look.startswith("{", gap):
            return YES, m.group(), pos
        if look.startswith("<", gap) and look[gap + 1:gap + 2] not in ("|", "｜", ""):
            # The arguments as parameter tags: laid out on lines when a newline follows the
            # header (their values' newlines at each end are then layout, as Qwen3-Coder's).
            v = tag_after(look[gap:], eof, _PARAMS)
            nl = look.find("\n", pos, gap)
            return (v, m.group(), gap if nl < 0 else nl) if v != NO else (NO, "", 0)
        if gap == len(look) or _ITEM_PREFIX.match(look, gap):
            return (NO if eof else MAYBE), "", 0
        item = _ITEM.match(look, gap)
        if item is None:
            return NO, "", 0
        if item.end() == len(look) and not eof:
            return MAYBE, "", 0
        pos = item.end()
    return NO, "", 0


def addressee(ctx, to: str) -> str:
    """The tool a recipient names: a declared tool it ends with after any namespace
    (`functions.search.web` for a tool `search.web`), else itself without harmony's `functions.`."""
    at = 0
    while True:
        if declared(ctx, to[at:]):
            return to[at:]
        dot = min((i for i in (to.find(".", at), to.find(":", at)) if i >= 0), default=-1)
        if dot < 0:
            return to.removeprefix("functions.")
        at = dot + 1


_PARAMS = ("<parameter=", "<parameter name=")


@functools.lru_cache(maxsize=64)
def _params(ends: tuple, value: str) -> Dialect:
    """`<parameter=K>V</parameter>` tags up to the wrapper's closer or the frame's next token."""
    return Dialect(call=FUNCTION, call_close=(), param=PARAMETER, value_close=("</parameter>",),
                   block_close=tuple(ends) + ("<|", "<｜"), trim_nl=True, untyped=VALUES[value])


class Addressee(Body):
    """A harmony header, then the call's JSON arguments: `assistant to=functions.NAME json\\n{…}`,
    `to=functions.NAME\\n{…}` (SGLang's gpt-oss dialect inside `<tool_call>`), spaced or with
    harmony's tokens (`to=functions.NAME<|constrain|>json<|message|>{…}<|call|>`); the arguments
    may be `<parameter=K>V</parameter>` tags instead (a payload some models write).  A known body
    of the parts table: read in any wrapper, for a declared tool (a namespace before the name,
    `functions.`, as `calls.qualified` resolves it).  One end token after the JSON is the call's."""

    def spot(self, look, eof, ctx, strict, ends=()):
        return addressed(look[:LOOK_MAX], eof, ctx, strict)[0]

    def read(self, r, ctx, opener, ends, value):
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, to, at = addressed(view, r.eof or len(view) >= LOOK_MAX, ctx, False)
            if v == YES:
                break
            if v == NO:
                raise Reject("not a harmony header")
            if not (yield from more(r)):
                raise Truncated("cut off in a harmony header")
        # (a wrapper-shaped token in the header, `<|tool|>to=functions.f…`, may be closed after
        # the call, before the block's own closer: `<|/tool|>`)
        opened = _OPENED.findall(r.buf, r.pos, r.pos + at)
        r.pos += at
        name = ctx.check(addressee(ctx, to))
        if r.buf[r.pos:r.pos + LOOK_MAX].lstrip().startswith("<"):
            yield from xml_call(r, ctx, _params(ends, value), name)
        else:
            yield from call_object(r, ctx, name=name)
        if (yield from peek(r)) == "<":
            at = r.at
            m = yield from token(r, _TOKEN, 64)
            if m is None or not _ITEM.fullmatch(m.group()) or m.group() in ends:
                r.rewind(at)                   # (no end token: the wrapper's closer, or text)
        for tok in reversed(opened):
            yield from _closer(r, _longest(closers(tok)))
        yield from trailer(r, ends)


# ---------------------------------------------------------------------------- a tool's own tag
# A child tag holding one parameter (`<path>`), and every start of one.
_CHILD = re.compile(r"<" + _keyed.KEY + r"\s*>")
_CHILD_PREFIX = re.compile(r"<[^\s<>/\"'=]{0,128}\s*")


class Tagged(Body):
    """A call written as the declared tool's own tag (Cline / Roo's XML tool use, what routers get
    from GLM and DeepSeek: RooCodeInc/Roo-Code#10270, musistudio/claude-code-router#1340):
    `<NAME>{json arguments}</NAME>`, or `<NAME>` then one child tag per parameter
    (`<path>README.md</path>`, objects and lists as nested elements: formats/_keyed.py), or
    `<NAME></NAME>` (no arguments), or `<NAME>text</NAME>` for a tool whose schema has one string
    parameter: the text is it (`<exec>ls -la</exec>`, Kimi through OpenClaw, openclaw#62998), as a
    harmony-style frame's raw text is (_channels).  The opener is the name: only a declared tool's
    tag is one, and only when one of these follows it (prose inside the tag of any other tool is
    no call; the text must close within the look-ahead, with no tag in it)."""

    syntax = "xml"

    def spot(self, look, eof, ctx, strict, ends=()):
        return NO                      # (the name is the wrapper's word: see `within`)

    def within(self, opener, look, eof, ctx, ends=()):
        name = _tag_name(opener)
        if name is None or not declared(ctx, name):
            return NO
        rest = look[:LOOK_MAX].lstrip()
        close = _tag_close(opener)
        if not rest or (close.startswith(rest) and not rest.startswith(close)):
            return NO if eof else MAYBE
        if rest[0] == "{" or rest.startswith(close) or _CHILD.match(rest):
            return YES
        if rest[0] != "<" and _one_string(ctx, name):
            return _text_ahead(rest, close, eof)
        return MAYBE if not eof and rest[0] == "<" and _CHILD_PREFIX.fullmatch(rest) else NO

    def read(self, r, ctx, opener, ends, value):
        tag = _tag_name(opener)
        name = ctx.check(tag or "")
        close = _tag_close(opener) if tag else ""
        c = yield from peek(r)
        if c == "{":
            yield from call_object(r, ctx, name=name)
        elif c != "<" and tag and _one_string(ctx, name):
            text = yield from until(r, close, limit=LOOK_MAX)     # (the closer consumed)
            a = ctx.start(name)
            a.begin("{")
            a.key(sole_key(ctx, name))
            a.string(text.strip())
            a.end()
            ctx.end()
            return
        else:
            yield from _keyed.tagged(r, ctx, name, close)
        yield from startswith(r, close, skip_ws=True)


def _one_string(ctx, name: str) -> bool:
    """Does the declared tool `name` take one parameter, a string (or untyped)?"""
    try:
        key = sole_key(ctx, name)
    except Bad:
        return False
    prop = (properties(ctx, name) or {}).get(key)
    return not isinstance(prop, dict) or prop.get("type") in (None, "string")


def _text_ahead(rest: str, close: str, eof: bool) -> Verdict:
    """Plain text up to the tool tag's closer: YES once it closes with no tag in the text,
    MAYBE while the closer may still come within the look-ahead."""
    text, sep, _ = rest.partition(close)
    if sep:
        return YES if text.strip() and "<" not in text else NO
    i = rest.find("<")
    if not eof and len(rest) < LOOK_MAX and (i < 0 or close.startswith(rest[i:])):
        return MAYBE
    return NO


# A namespace before the tool's tag word (`<ns:read_file>`, as MiMo writes every tag in one:
# apmantza/pi-free#255): the word after it is the tool's name, the whole tag its closer's.
# (a namespace in any script's letters, look-alikes too: `<𝑛𝑠:read_file>`; the tool's name ASCII)
_NS_TAG = re.compile(r"<[^\W\d][\w.\-]{0,31}:([A-Za-z_][\w.\-]{0,63})>")


def _tag_name(opener: str) -> str | None:
    """The word of a plain tag `<word>` or `<ns:word>` (None for any other opener)."""
    if opener.startswith("<") and opener.endswith(">") and _keyed.NAME_TAG.fullmatch(opener):
        return opener[1:-1]
    m = _NS_TAG.fullmatch(opener)
    return m.group(1) if m else None


def _tag_close(opener: str) -> str:
    """The closer of a tool's tag: the opener's words, namespace and all (`</ns:read_file>`)."""
    return "</" + opener[1:]


# A labelled step's head after its opener's label: the tool's name on the label's line, then the
# arguments' label on the next (`Action: NAME\nAction Input: {…}`).
_NAME = re.compile(r"[ \t]*([\w.\-]{1,64})[ \t]*")
_BLANKS = re.compile(r"[ \t]+")


class Labelled(Body):
    """A name line, then a labelled arguments line: after the opener's label, a declared tool's
    name, then `args` (its words, spaces between them optional) and the arguments as a JSON
    object (or a string holding one).  ReAct's `Action: NAME` / `Action Input: {json}`
    (LangChain's ReActSingleInputOutputParser, LlamaIndex's ReActOutputParser), Qwen-Agent's
    `✿FUNCTION✿: NAME` / `✿ARGS✿: {json}`: one body, the label a family's word.  A name the
    request did not declare, or an input that is no object, is no call: the step stays text."""

    def __init__(self, args: str = "Action Input:"):
        # (the label's words and marks, `Action`, `Input`, `:`; `✿`, `ARGS`, `✿`, `:`)
        self.words = tuple(re.findall(r"\w+|[^\w\s]", args))
        self.compact = "".join(self.words)
        self.head = re.compile(_NAME.pattern + r"\r?\n[ \t]*" + r"[ \t]*".join(map(re.escape, self.words))
                               + r"[ \t]*")

    def spot(self, look, eof, ctx, strict, ends=()):
        m = self.head.match(look)
        if m is None:
            return MAYBE if not eof and self._prefix(look[:LOOK_MAX]) else NO
        if not declared(ctx, m.group(1)):
            return NO
        first = look[m.end():m.end() + 1]
        return YES if first in ('{', '"') and first else MAYBE if not eof and not first else NO

    def _prefix(self, look: str) -> bool:
        """Is `look` a name, a line break and the start of the label (all the stream gave yet)?"""
        m = _NAME.match(look)
        if m is None:
            return not look.strip(" \t")
        rest = look[m.end():]
        rest = rest[1:] if rest.startswith("\r") else rest
        if not rest.startswith("\n"):
            return not rest
        said = _BLANKS.sub("", rest[1:])
        return len(said) < len(self.compact) and self.compact.startswith(said)

    def read(self, r, ctx, opener, ends, value):
        m = yield from token(r, _NAME, 256)
        if m is None:
            raise Reject("no tool after its label") if not r.eof else Truncated("cut off after the label")
        name = ctx.check(m.group().strip())
        for word in self.words:
            if not (yield from startswith(r, word, skip_ws=True)):
                raise Reject(f"no {self.compact} line")
        yield from call_object(r, ctx, name=name)
