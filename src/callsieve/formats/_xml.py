"""Shared scanning for XML-like call syntaxes with bare-text values (docs/syntax.md#xml-like).

A family is described by a `Dialect`: the tags that open and close a block, a call and a
parameter, and how values are typed.  The generators here do the reading:

    block   calls until the block's closer (or until something that is not a call follows);
    call    one call's parameters (or a JSON object) up to the call's closer;
    value   one bare-text value, streamed to a `_typed.Value` as it arrives.

A value runs to its own closing tag: nothing inside it is markup.  Closing tags are
string-aware the only way bare text allows: a value's closer counts only when another tag of
the syntax (or the end of the stream) follows it, so code values may contain `</parameter>`; and
a whole call of the syntax written inside a value (a parser test, docs about tool calling)
nests, so its closers close it, not the value.  With `lenient`, a missing value
closer is tolerated when the call's closer or, at the start of a line, the next parameter's
tag follows (and the value holds no such nested element).
Every decision looks at a bounded amount of text, so reading stays linear.
"""
from __future__ import annotations

import functools
import html
import re

from . import MAYBE, NO, YES, Context, Verdict, declared, parameters, properties
from ..fallback import ARGS_KEYS
from ..jsonargs import value as json_value
from ..reader import Bad, Reject, Truncated, avoiding, more, peek, peek_raw, startswith
from ..scan import Matcher
from ._json import call_sequence
from ._typed import ANY, STRING, Value, param_kinds

TAG_LIMIT = 4096          # an opening tag (with its attributes) is never longer
NEST_LIMIT = 64           # tags nested inside a value that are tracked
JUNK_LIMIT = 4096         # text dropped between tags inside a call
WS_LIMIT = 4096           # whitespace looked across after a closing tag


def next_mark(r, marks: Matcher, emit=None, limit: int | None = None, lane=None):
    """Move to the next literal of `marks` (not consumed) and return it.

    Text before it goes to `emit` (or is dropped).  At end of stream returns None, the reader at
    a possible cut-off literal (not emitted).  `limit` bounds the text passed over.  `lane`
    (sink: emit) lets the Sieve pass on chunks that cannot hold a literal while all is consumed.
    """
    passed = 0
    while True:
        buf = r.buf
        m = marks.search(buf, r.pos)
        found = m is not None and (r.eof or not marks.may_extend(buf, m.start(), m.group()))
        cut = m.start() if m is not None else marks.partial(buf, r.pos)
        if m is not None and not found:
            # (a longer literal may have begun before the one that may extend, `<</pa` for
            # `<</parameter>` around `</pa`: the text is passed over only up to the earlier)
            p = marks.partial(buf, r.pos)
            cut = p if 0 <= p < cut else cut
        if cut < 0:
            cut = len(buf)
        if cut > r.pos:
            passed += cut - r.pos
            if limit is not None and passed > limit:
                raise Bad("no tag where one was expected")
            if emit is not None:
                emit(buf[r.pos:cut])
            r.pos = cut
        if found:
            return m.group()  # type: ignore[union-attr]  # (found: m is a match)
        if not (yield from more(r, lane if r.pos >= len(r.buf) else None)) and m is None:
            return None           # (an undecided literal is whole at the end of the stream)


def whole_tag(r, tag: "Tag", start: str, stop: tuple):
    """Is a whole `tag` at the reader (`start` next), holding none of `stop`?  Nothing is
    consumed; at most `tag.limit` characters are looked at."""
    while True:
        buf = r.buf
        m = tag.end_at(buf, r.pos + len(start))
        if m is not None:
            span = buf[r.pos:m.end()]
            return tag.pattern.fullmatch(buf, r.pos, m.end()) is not None and not any(
                s in span for s in stop)
        if len(buf) - r.pos > tag.limit or not (yield from more(r)):
            return False


def at_mark(r, literals: tuple):
    """Which of `literals` is at the reader (not consumed)?  None if none is."""
    while True:
        rest = r.buf[r.pos:]
        if not r.eof and any(len(rest) < len(m) and m.startswith(rest) for m in literals):
            yield from more(r)
            continue
        for m in literals:          # longest first
            if rest.startswith(m):
                return m
        return None


def followed_by(r, skip: int, literals: tuple, eof_ok: bool = True):
    """Is the text `skip` characters past the reader, after whitespace, one of `literals`?

    Nothing is consumed.  The end of the stream (or a cut-off tag there) counts as `eof_ok`.
    """
    while True:
        buf = r.buf
        i = r.pos + skip
        n = len(buf)
        while i < n and buf[i].isspace():
            i += 1
        if i - r.pos - skip > WS_LIMIT:
            return False
        rest = buf[i:]
        if any(rest.startswith(m) for m in literals):
            return True
        if not any(m.startswith(rest) for m in literals):
            return False
        if not (yield from more(r)):
            return eof_ok


# A wrapper whose own word says it holds a call (`<acme_tool_call>`, `[Calling tool:`): a
# declared name alone in it is a call with no arguments, and `NAME(a=1)` a call; in any other tag
# (`<b>search</b>`, `<code>search(q="x")</code>`) they are prose.  A call line (a bracket, then
# words and a colon) is a wrapper only with such a word.  A result's wrapper
# (`<tool_result>`, `<function_output>`) holds what a call returned, never a call.
CALLISH = re.compile(r"tool|call|function|invoke", re.I)
_RESULT = re.compile(r"result|response|output|return|error", re.I)


def says_call(opener: str) -> bool:
    return CALLISH.search(opener) is not None and _RESULT.search(opener) is None


# A token shaped like a closer: `</x>`, `<|/x|>`, `<｜/x｜>`, `[/X]`, `<x|>` (Gemma's), or one
# whose words say it ends something (`<|x_end|>`, `<end_x>`, `<｜x▁end｜>`); `</x>` also with one
# delimiter garbled (`/x>`, `< /x>`, `</x >`, `<</x>`, `</x>>`, `</x` at its line's end:
# tests/test_generality_typos.py);
# CUT_CLOSING: one the end of the stream cut (`</acme_call`).
CLOSING = re.compile(r"<?</[^<>\s]+>>?|< /[^<>\s]+>|</[^<>\s]+ >|/[^<>\s/]+>|</[^<>\s]+(?=\s|\Z)"
                     r"|<[|｜]/[^<>\s]+>|\[/[^\[\]\s]+\]|<[^<>\s|｜]+[|｜]>"
                     r"|<[^<>\s]*(?<![A-Za-z])(?:end|close)(?![a-z])[^<>\s]*>", re.I)
CUT_CLOSING = re.compile(r"(?:</|<[|｜]/|\[/)[^<>\[\]\s]*")


def stray_closer(rest: str, eof: bool) -> int | None:
    """After a call, where its closer should stand: the length of `rest`'s blanks and a closer
    of another spelling (a typo, another family's) whose words say call (`says_call`: prose
    writes `</b>`, a namespace's cut `</｜DSML｜in>` is no closer) and that ends its line (or
    the stream, or a tag follows: `</tool_calls> is wrong` is prose); 0 when none is there,
    None when more text must decide (`rest` may be the start of one)."""
    token = rest.lstrip()
    j = len(rest) - len(token)
    m = CLOSING.match(rest, j)
    if m is None:
        if eof:
            cut = CUT_CLOSING.fullmatch(rest, j)
            return len(rest) if cut is not None and says_call(cut.group()) else 0
        return None if len(rest) < _ROOM and _OPENING.fullmatch(token) else 0
    line = rest[m.end():].lstrip(" \t")
    if not line and not eof:
        return None if len(rest) < _ROOM else 0
    if line and line[0] not in "\r\n<[":
        return 0
    return m.end() if says_call(m.group()) else 0


def _declared_param(ctx, name: str, key: str) -> bool:
    """Does the tool `name` declare a parameter `key` (a tag whose `>` was dropped is read only
    then: a line is taken for a parameter's name only when it is one)?"""
    props = properties(ctx, name)
    return props is not None and key.strip() in props


# blanks, or the start of a closing token: a prefix of what CLOSING matches (a `<` tag's word
# may hold brackets, `</]mtool_calls>`: excluding them decided "no closer" at `</]` when the
# text came a character at a time, and "a closer" when it came whole)
_OPENING = re.compile(r"(?:<<?(?: ?/)?[^<>\s]* ?|/[^<>\s/]*|\[[^\[\]\s]*)?")
_ROOM = 128                    # the most text waited for


def _stray_after(r, skip: int, closers: tuple, own: tuple = ()):
    """Is the text `skip` characters past the reader a closer of another spelling where one of
    `closers` should stand (`stray_closer`), none of the syntax's `own` tags?  0: no; -1: yes;
    n > 0: one of `closers` itself with one delimiter garbled or its name a letter short
    (`</funcion>`, `_xml.loose_closer`), ending with the text's n-th character (the caller's to
    consume).  Nothing is consumed."""
    if not closers:
        return 0
    while True:
        rest = r.buf[r.pos + skip:r.pos + skip + _ROOM]
        token = rest.lstrip()
        if token.startswith(closers) or (own and token.startswith(own)):
            return 0                   # (the syntax's own: read as ever, no waiting for the line's end)
        n = _one_off(rest, closers, r.eof)
        if n:
            return n
        if n is not None:
            n = stray_closer(rest, r.eof)
            if n is not None:
                return -1 if n > 0 and not rest.lstrip().startswith(own) else 0
        if not (yield from more(r)):
            continue                   # (the end of the stream decides)


def _gt_then(r, skip: int, literals: tuple):
    """Is the text `skip` characters past the reader a `>` (a closer's doubled), then one of
    `literals` after blanks?  Nothing is consumed."""
    while len(r.buf) <= r.pos + skip:
        if not (yield from more(r)):
            return False
    return r.buf[r.pos + skip] == ">" and (yield from followed_by(r, skip + 1, literals, eof_ok=False))


@functools.lru_cache(maxsize=64)
def _one_off_re(closers: tuple) -> re.Pattern:
    # (whole closers only: a closer cut short, DSML's `</｜DSML｜inv>`, a letter shorter is no closer)
    whole = [c for c in closers if _NAMED_CLOSER.fullmatch(c)
             and not any(o != c and o.startswith(c[:-1]) for o in closers)]
    if not whole:
        return re.compile("(?!)")
    return re.compile(r"\s*(?:" + "|".join(map(loose_closer, whole)) + r")(?=[ \t]*(?:[\r\n<\[]|\Z))")


def _one_off(rest: str, closers: tuple, eof: bool) -> int | None:
    """The end of one of `closers` one delimiter or letter off at the start of `rest` (after
    blanks), where it ends its line or a tag follows; 0 when none is; None when more text must
    decide."""
    found = _one_off_re(closers)
    if found.pattern == "(?!)":
        return 0
    m = found.match(rest)
    if m is not None and (eof or m.end() < len(rest.rstrip(" \t"))):
        return m.end()
    return None if not eof and len(rest) < _ROOM and _OPENING.fullmatch(rest.strip()) else 0


LOOK = 256                # the Sieve's bound on look-ahead: decide on no more, whatever the chunking


def tag_after(look: str, eof: bool, tags: tuple) -> Verdict:
    """For `decide`: YES when one of `tags` follows (after whitespace), MAYBE while it still may."""
    rest = look[:LOOK].lstrip()
    if any(rest.startswith(t) for t in tags):
        return YES
    return MAYBE if not eof and any(t.startswith(rest) for t in tags) else NO


def declared_then(look: str, eof: bool, ctx: Context, name: re.Pattern, prefix: re.Pattern, tags: tuple) -> Verdict:
    """For `decide`: a declared tool's name (the first group of `name`; `prefix` fully matches
    every start of one), then one of `tags`."""
    look = look[:LOOK]
    m = name.match(look)
    if m is None:
        return MAYBE if not eof and prefix.fullmatch(look) else NO
    if not declared(ctx, m.group(1)):
        return NO
    return tag_after(look[m.end():], eof, tags)


class Tag:
    """An opening tag: begins with one of `starts`, runs through the first match of `end`, and
    must fully match `pattern` (whose named groups carry the name, key, type...)."""

    def __init__(self, starts, pattern: str, end: str = ">", limit: int = TAG_LIMIT):
        self.starts = tuple(starts)
        self.pattern = re.compile(pattern, re.S)
        self.end = re.compile(end)
        self.limit = limit
        # A tag whose attributes are all quoted ends at a quote's `>`: a `>` before any quote
        # ended it with none (`<invoke>`), malformed now, never a tag the stream cut.
        self.quoted = end.startswith('"')

    def end_at(self, buf: str, i: int):
        """The tag's end in buf, searched from its first non-blank character after i (None: not yet)."""
        while i < len(buf) and buf[i].isspace():
            i += 1
        return self.end.search(buf, i) if i < len(buf) else None

    def read(self, r, start: str):
        """The tag at the reader (`start` is next): consumed, its match returned; None if malformed."""
        while True:
            buf = r.buf
            m = self.end_at(buf, r.pos + len(start))
            if m is not None:
                t = self.pattern.fullmatch(buf, r.pos, m.end())
                if t is not None:
                    r.pos = m.end()
                return t
            if len(buf) - r.pos > self.limit:
                return None
            if self.quoted and (gt := buf.find(">", r.pos)) >= 0 and '"' not in buf[r.pos:gt]:
                return None
            if not (yield from more(r)):
                raise Truncated("cut off in a tag")


def attrs_tag(name: str, required: dict, optional: dict | None = None, close: str = ">",
              selfclose: bool = False, space: str = r"\s+") -> str:
    """Regex for `<NAME attr="v" ...>` with attributes in any order.

    `name`: regex for the tag's start; `required` / `optional`: {attribute: group name};
    `space`: regex for what stands before each attribute.
    """
    def look(a, g):
        return f'(?=[^>]*?{space}{a}\\s*=\\s*"(?P<{g}>[^"]*)")'
    parts = [name]
    parts += [look(a, g) for a, g in required.items()]
    parts += [f"(?:{look(a, g)})?" for a, g in (optional or {}).items()]
    parts.append(f'(?:{space}[\\w:.-]+\\s*=\\s*"[^"]*")*\\s*')
    if selfclose:
        parts.append("(?P<empty>/)?")
    parts.append(close)
    return "".join(parts)


# An element that holds a call's parameter tags (or its arguments object), named for that role
# (`<arguments><param name=…>…</param></arguments>`): transparent around the parameter tags.
# The element that holds a call's arguments, by its role: every spelling of an arguments key
# (`<arguments>`, `<tool_args>`, `<input>`…: fallback.ARGS_KEYS), longest first.
ARGS_OPEN = tuple(sorted((f"<{k}>" for k in ARGS_KEYS), key=lambda t: (-len(t), t)))
ARGS_CLOSE = tuple("</" + t[1:] for t in ARGS_OPEN)


def _garbled_starts(closer: str) -> tuple[str, ...]:
    """Starts of `closer` (`</NAME>`) written with one delimiter garbled: `</` and the name's first
    two letters (its `>` dropped or spaced, its name misspelled after them), `< /` (spaced),
    `/NAME` (its `<` dropped), `<NAME>` (its `/` dropped)."""
    if not closer.startswith("</"):
        return ()
    if len(closer.rstrip(">")) < 5:
        # (a name of one or two letters, `</v>`: its starts would be the closer itself, the
        # value's own opener `<v>`, or `/v` of any path; a derived family's values, test_derive)
        return ("< /",)
    # (the closing tag's first two letters, not any `</`: a value of HTML or XML, `</div>`, is
    # not held at each of its closers; a misspelling is after them nearly always)
    return (closer[:4], "< /", closer[1:-1] if closer.endswith(">") else closer[1:], "<" + closer[2:])


_GARBLED = re.compile(r"\s*(?:<\s*/?|/)\s*([^\s<>/]{1,64})\s*>?\s*")


def garbled_closer(text: str, closers: tuple) -> bool:
    """Is `text` (what a suspect began, up to the call's next tag) one of `closers` with one
    delimiter dropped or spaced (`/parameter>`, `</parameter`, `< /parameter>`, `</parameter >`)?
    Then the value ended there and it is markup.  A misspelled name (`</parametr>`: llama.cpp's
    DSML tests make that call not runnable), a word or a second tag: a value that may hold text,
    never run."""
    m = _GARBLED.fullmatch(text)
    return m is not None and any(c.startswith("</") and m.group(1) == c[2:].rstrip(">") for c in closers)


def loose(tag: str, ahead: bool = True) -> str:
    """A regex for the tag `tag` (`<x>`) as written, or with one delimiter garbled where the
    reader expects it: its `<` dropped, doubled or followed by a space, its `>` doubled or after
    a space, its `>` dropped before the value (tests/test_generality_typos.py).  Only where that
    tag is the next one expected: a stray `arg_value>` in prose is text.  `ahead`: for a tag's
    end (searched in the text as it comes); without it, for the tag's pattern (matched up to
    that end, where nothing after it is seen)."""
    left, word, right = (re.escape(t) for t in (tag[0], tag[1:-1], tag[-1]))
    # (its `>` dropped: only once a character of the value has come, so that what the tag is
    # does not depend on where a chunk ended, and not a `:`, which may begin a suffix before
    # the `>`, HY-V3's `<arg_value:opensource>`)
    return (rf"(?:{left}{word}{right}|{word}{right}|{left}{left}{word}{right}|{left} {word}{right}"
            rf"|{left}{word}{right}{right}|{left}{word} {right}|{left}{word}" + (rf"(?=[^{right}\s:]))" if ahead else ")"))


_NAMED_CLOSER = re.compile(r"</[\w.\-:|｜]{1,64}>")


def loose_closer(closer: str) -> str:
    """A regex for the closing tag `closer` (`</x>`) as written, or with one delimiter garbled
    where the reader expects it: its `<` dropped, its `>` dropped before a tag or a blank,
    a delimiter doubled or spaced, or (a name of three letters or more) one letter of its name
    dropped (`</argkey>`).  As `loose`, only where that closer is the next tag expected.  (Its `/`
    dropped it is its own opener, `<x>`: a tag written twice, not read so.)"""
    if not _NAMED_CLOSER.fullmatch(closer):
        return re.escape(closer)
    word = closer[2:-1]
    names = [word] + ([word[:i] + word[i + 1:] for i in range(len(word))] if len(word) >= 3 else [])
    name = "(?:" + "|".join(re.escape(n) for n in dict.fromkeys(names)) + ")"
    w = re.escape(word)
    return rf"(?:<?</{name}>>?|/{w}>|< /{w}>|</{w} >|</{w}(?=[<\s]))"


def loose_prefix(tag: str) -> str:
    """A regex for a proper start of `tag` (`<x>`) with its `<` dropped (`x`, `x_va`), running to
    the end of the text: where the text may still become that tag, a reader that would decide
    on the text's first character waits (chunk-independence)."""
    rest = tag[1:]
    return "(?:" + "|".join(re.escape(rest[:n]) for n in range(len(rest) - 1, 0, -1)) + r")\Z"


class Dialect:
    """The syntax of one family, and the literal sets the readers need (computed once)."""

    def __init__(self, *, call: Tag, call_close: tuple, param: Tag, value_close: tuple,
                 block_close: tuple = (), fillers: tuple = (), many: bool = True,
                 trim_nl: bool = False, xml: bool = False, lenient: bool = True,
                 json_args: bool = True, json_calls: bool = False, untyped=ANY, json_strings: bool = False,
                 attr_entities: bool = False, filler_tails: dict | None = None, suspects: tuple = ()):
        self.call, self.param = call, param
        self.call_close, self.value_close = tuple(call_close), tuple(value_close)
        self.block_close, self.fillers = tuple(block_close), tuple(fillers)
        # {filler: regex}: text a filler may be followed by before the next call (Step-3's name
        # written again after `function<｜tool_sep｜>`), skipped only when a call tag follows it.
        self.filler_tails = dict(filler_tails or {})
        self.many, self.trim_nl, self.xml, self.lenient = many, trim_nl, xml, lenient
        self.json_args, self.json_calls, self.untyped = json_args, json_calls, untyped
        # A string value written as one JSON string literal (`<arg_value>"Seoul"</arg_value>`:
        # HyperCLOVA X SEED Think writes every value as JSON) is that string, as SGLang's GLM
        # reader reads it; a bare value stays the raw text (docs/syntax.md#schema-typed).
        self.json_strings = json_strings
        # Attribute values (names, keys) are XML-escaped: in real XML, and in syntaxes that
        # escape only their attributes (Kimi K3) while values stay raw text.
        self.attr_entities = xml or attr_entities

        # Fillers are tokens skipped between calls (Step-3's `function<｜tool_sep｜>`); those
        # that are tags also end a call whose closer is missing.
        outer = self.block_close + call.starts + tuple(f for f in self.fillers if f.startswith("<"))
        # (the closer of an element holding the parameter tags by its role, `</arguments>`,
        # follows the last value: _parts._args_inner)
        self.after_value = _longest(param.starts + self.call_close + self.value_close + outer + ARGS_CLOSE)
        self.after_call = _longest(outer)
        # the words of the parameter tags (`parameter` of `<parameter=`): in the text before an
        # orphan value closer, one is what is left of a mangled opener (`parameterpath>`)
        self.param_words = tuple(w for w in (re.sub(r"\W", "", m) for m in param.starts) if w)
        kinds = {}
        for m in call.starts:
            kinds[m] = "fn"
        for m in param.starts:
            kinds[m] = "param"
        for m in self.call_close:
            kinds[m] = "call"
        for m in self.value_close:
            kinds[m] = "close"
        # Starts of the syntax's closing tags that are none of its own (`</｜DSML｜parametr>`): a
        # misspelled closer, or text.  A value holding one is never ended leniently.
        for m in suspects:
            kinds[m] = "suspect"
        if lenient:
            # A value closer with one character garbled (its `<` or `>` dropped, spaced, its name
            # misspelled: tests/test_generality_typos.py) is a suspect in every lenient syntax:
            # a value the call's closer then ends leniently would hold the typo.
            # (never where a tag of the syntax starts the same way: `<parameter>` in a Qwen3-Coder
            # value opens an element of the value, its closer then text)
            for c in self.value_close:
                for m in _garbled_starts(c):
                    if m[1] == "/" or not any(m.startswith(k) or k.startswith(m) for k in kinds):
                        kinds.setdefault(m, "suspect")
        for c in self.value_close:
            if c.startswith("<") and "<" + c not in kinds:
                kinds["<" + c] = "doubled"
        if xml:
            kinds["&"] = "entity"
            kinds[_CDATA] = "cdata"
        self.value_kinds = kinds
        self.value_marks = Matcher(kinds)
        body = {m: "param" for m in param.starts}
        # A value's closer between the call's tags: a doubled one (junk), or the closer of the
        # one value whose opening tag was left out (call's `orphan`)
        body.update({m: "orphan" for m in self.value_close})
        body.update({m: "outer" for m in outer})
        body.update({m: "close" for m in self.call_close})
        self.body_kinds = body
        self.body_marks = Matcher(body)
        self.body_literals = tuple(sorted(body, key=len, reverse=True))     # (longest first: at_mark)
        self.block_marks = _longest(self.fillers + self.block_close + call.starts)
        # A parameter tag without attributes (`<parameter>`): no parameter, an element of a value.
        self.bare_param = Tag(param.starts, "(?:" + "|".join(map(re.escape, param.starts)) + r")\s*>")
        # What may follow a closer named after its parameter (`</content>`): the syntax's next
        # tag, never the value's own closer (then `</content>` was the value's text).
        self.after_named = _longest(param.starts + self.call_close + outer)
        # The value closers with their `/` dropped (`<parameter>` for `</parameter>`): where the
        # syntax's parameter tag starts the same way, a lenient end after one is its closer.
        self.slashless = _longest("<" + c[2:] for c in self.value_close if c.startswith("</"))
        self._named: dict[str, tuple[Matcher, dict]] = {}

    def named(self, key: str) -> tuple[Matcher, dict]:
        """The value marks of parameter `key`: the syntax's, and `</KEY>` (a closer named after
        the parameter) with `<KEY>` / `<KEY ` (an element of that name opened in the value)."""
        found = self._named.get(key)
        if found is None:
            kinds = dict(self.value_kinds)
            if _KEY_NAME.fullmatch(key) and f"</{key}>" not in kinds:
                kinds.update({f"</{key}>": "named", f"<{key}>": "named_open", f"<{key} ": "named_open"})
            found = (Matcher(kinds), kinds)
            if len(self._named) < 256:
                self._named[key] = found
        return found

    def allowed(self, ctx: Context, tool: str, key: str, tag):
        """The kinds a parameter's value may have: its tag's own typing, else the schema's."""
        g = tag.groupdict()
        s = g.get("string")
        if s is not None:
            return STRING if s.strip().lower() == "true" else ANY
        t = g.get("type")
        if t is not None:
            t = t.strip().lower()
            return STRING if t in ("string", "str") else ANY
        found = param_kinds(ctx, tool, key)
        return self.untyped if found is None else found


# a key a closer may be named after: a word (`content`, `file_path`, `x-y`), no markup
_KEY_NAME = re.compile(r"[A-Za-z_][\w.\-]{0,63}")


def _longest(literals) -> tuple:
    return tuple(sorted(set(literals), key=lambda m: (-len(m), m)))


_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});")
_ENTITY_PREFIX = re.compile(r"&(?:#[xX]?[0-9a-fA-F]{0,7}|[A-Za-z][A-Za-z0-9]{0,31})?\Z")


def decode(text: str) -> str:
    """`text` with its character references decoded, the one decoder of every reader of entities
    (`&lt;`, `&#60;`, `&#x3C;`, `&nbsp;`): only a whole reference, `;` included, so an `&` that
    begins none (`a & b`, `&copy` without its `;`, `&nosuch;`) stays as written."""
    return _ENTITY.sub(lambda m: html.unescape(m.group()), text) if "&" in text else text


# One attribute of a tag, `key="value"` or `key='value'`: the one grammar of every reader of
# attributes (formats/tool_attrs.py's call tags, a frame token's attributes: _parts.attributes).
# `bar`: what a value may not hold besides its quote (a frame token's values hold no markup and
# stay on their line, so prose quoting the token's head is never held as a tag).  Groups: the
# key, then the value as written in double or in single quotes (not decoded: `decode`).
ATTR_KEY = r"[A-Za-z_][\w.:\-]*"


def attribute(bar: str = "") -> str:
    """The regex of one whole attribute (see ATTR_KEY)."""
    return rf"""({ATTR_KEY})\s*=\s*(?:"([^"{bar}]*)"|'([^'{bar}]*)')"""


def attribute_start(bar: str = "") -> str:
    """The regex of what an attribute still arriving can be: part of its key, its `=`, its
    opening quote and part of its value."""
    return rf"""(?:{ATTR_KEY}\s*(?:=\s*(?:"[^"{bar}]*|'[^'{bar}]*)?)?)?"""


_ATTRIBUTE = re.compile(attribute())


def attributes_of(head: str) -> dict[str, str] | None:
    """The attributes written in `head` (a tag's text after its word), values decoded; None when
    a key is written twice (which value the model meant is unknown: not a call)."""
    found: dict[str, str] = {}
    for m in _ATTRIBUTE.finditer(head):
        if m.group(1) in found:
            return None
        found[m.group(1)] = decode(m.group(2) if m.group(2) is not None else m.group(3))
    return found


def _entity(r):
    """An XML character reference at the reader ('&' next): consumed, its decoded text returned."""
    while True:
        buf = r.buf
        m = _ENTITY.match(buf, r.pos)
        if m is not None:
            text = decode(m.group())
            if text != m.group():
                r.pos = m.end()
                return text
            r.pos += 1
            return "&"
        if not _ENTITY_PREFIX.match(buf, r.pos) or not (yield from more(r)):
            r.pos += 1
            return "&"            # a bare '&': kept as text


def value(r, d: Dialect, emit, strict: bool = False, key: str | None = None):
    """One bare-text value, streamed to `emit`, up to its own closer (consumed).

    Returns "close", or (lenient) "call" / "param" when the call's closer or, at the start of a
    line, the next parameter's tag ended a value whose closer is missing (then nothing of it is
    consumed).  A whole call tag of the syntax inside the value (where the syntax lays tags out
    one per line, at the start of a line) opens an element of the value, and so do parameter
    tags inside it: the closer of the innermost one closes it and is text.  A value that held
    such an element is never ended by the call's closer: its own closer is the only end, or it
    is cut off (incomplete).  `strict` (a value whose opening tag was left out): only its own
    closer ends it, never leniently.  After a suspect closing tag (`d.suspects`, a misspelled
    closer?) the text is held: the value's own closer makes it value; a lenient end, Bad.
    (Lenient) a closer named after the parameter `key` (`<parameter name="content">…</content>`,
    anthropics/claude-code#83088) ends the value when the syntax's next tag follows it, unless
    the value opened an element of that name.
    """
    lenient = d.lenient and not strict
    out = _Out(emit)
    put = out.put
    nested: list[str] = []         # closer kinds of the elements open inside the value
    held_tags = False              # the value held a tag of the syntax
    closed = False                 # its own closer came, with text after it (kept as value text)

    def lenient_end(lit, end):
        if not lenient:
            raise Bad(f"{lit} inside a value")
        if out.held is not None:
            if not garbled_closer("".join(out.held), d.value_close):
                raise Bad("a misspelled closer inside a value")
            out.drop()                         # the value's closer, one character garbled: markup
        if closed:
            # The value's closer did come, then text that is neither a tag nor a closer
            # (`X</arg_value>JUNK</tool_call>`): it was no quoted closer, the call is malformed.
            raise Bad("text after a value's closer")
        return end

    if not d.xml and (yield from _opens_cdata(r)):
        # A value that opens with a CDATA section (`<![CDATA[a < b]]>`): its text is the
        # section's, as XML reads it; further on in a value (a file's own XML) it is text.
        yield from _cdata(r, put)
    marks, kinds = d.named(key) if key and lenient else (d.value_marks, d.value_kinds)
    same_named = 0                 # elements named after the parameter open in the value
    lane = avoiding(marks.chars, put)   # a long value's plain chunks go straight to it
    while True:
        lit = yield from next_mark(r, marks, put, lane=lane)
        if lit is None:
            if r.buf[r.pos:] == "/":
                # (a lone slash cut by the end: a path's, `rm -rf ./`, more likely than the
                # start of a garbled closer, `/parameter>`: the cut value keeps it)
                put("/")
                r.pos += 1
            raise Truncated("cut off in a value")
        kind = kinds[lit]
        if kind == "named_open":
            same_named += 1
        elif kind == "named":
            if same_named:
                same_named -= 1
            elif not nested and out.held is None and not closed \
                    and (yield from followed_by(r, len(lit), d.after_named, eof_ok=False)):
                r.pos += len(lit)
                return "close"
        elif nested and kind == nested[-1]:
            nested.pop()           # it closes an element written inside the value
        elif kind == "close":
            # Where the syntax puts a newline before closers, one there is the closer too (text
            # between tags is then dropped); elsewhere another tag must follow it (MiniCPM5's
            # template too writes a list value's `</param>` unescaped).
            if ((d.trim_nl and out.prev == "\n") or (yield from followed_by(r, len(lit), d.after_value))
                    or (yield from _stray_after(r, len(lit), d.call_close + d.block_close))):
                r.pos += len(lit)
                out.release()
                return "close"
            if (yield from _gt_then(r, len(lit), d.after_value)):
                r.pos += len(lit) + 1  # (`</parameter>>`, its `>` doubled, then the next tag: markup)
                out.release()
                return "close"
            closed = True
        elif kind == "doubled":
            # The value's closer with its `<` doubled (`45\n<</parameter>`): at the start of a
            # line the extra `<` is markup; after text it is kept (`a <` may be the value's).
            if (d.trim_nl and out.prev == "\n") or (yield from followed_by(r, len(lit), d.after_value)):
                if out.prev != "\n":
                    put("<")
                r.pos += len(lit)
                out.release()
                return "close"
            put("<")
            r.pos += 1
            continue
        elif kind == "call":
            if not held_tags and (yield from followed_by(r, len(lit), d.after_call)):
                return lenient_end(lit, "call")
        elif kind == "param" and not nested:
            if out.prev == "\n":      # the next parameter: this value's closer is missing…
                if not lenient or (yield from whole_tag(r, d.param, lit, d.value_close)):
                    return lenient_end(lit, "param")
                if (yield from whole_tag(r, d.bare_param, lit, d.value_close)):
                    nested.append("close")     # …unless it is `<parameter>`, an element of the value
                    held_tags = True
            elif lenient and (yield from at_mark(r, d.slashless)):
                # The value's closer with its `/` dropped (`den<parameter></invoke>`): held as a
                # suspect, so a lenient end drops it as a garbled closer, never into the value.
                out.suspect()
        elif kind == "suspect":
            out.suspect()
        elif kind in ("param", "fn"):
            if (out.prev == "\n" or not d.trim_nl) and (yield from _opens_element(r, d, kind, lit, nested)):
                held_tags = True
        elif kind == "entity":
            put((yield from _entity(r)))
            continue
        else:                      # CDATA: raw text up to ]]>
            r.pos += len(lit)
            yield from _cdata(r, put)
            continue
        r.pos += len(lit)          # not a closer after all: the tag is text of the value
        put(lit)


class _Out:
    """A value's text on its way out, held from a suspect closing tag on (a misspelled closer?)
    until the value's own closer says it was text."""

    __slots__ = ("emit", "prev", "held", "size")

    def __init__(self, emit):
        self.emit = emit
        self.prev = "\n"                       # the value's start counts as the start of a line
        self.held: list[str] | None = None     # text held from a suspect closing tag on
        self.size = 0                          # …and its length

    def put(self, s: str) -> None:
        if s:
            self.prev = s[-1]
            if self.held is None:
                self.emit(s)
                return
            self.held.append(s)
            self.size += len(s)
            if self.size > JUNK_LIMIT:         # too far from any end: it was text
                self.release()

    def suspect(self) -> None:
        """A suspect closing tag (a misspelled closer?): the text is held from here."""
        if self.held is None:
            self.held = []

    def drop(self) -> None:
        """The held text was markup (a garbled closer): none of it is the value's."""
        self.held, self.size = None, 0

    def release(self) -> None:
        if self.held is not None:
            self.emit("".join(self.held))
            self.held, self.size = None, 0


def _opens_element(r, d: Dialect, kind: str, lit: str, nested: list):
    """Does the tag at the reader (`lit` next, of `kind` "fn" or "param") open an element of the
    value?  A whole call tag opens one (an example of the syntax), and inside one so does a whole
    parameter tag; a tag only mentioned is text.  If it does, its closer's kind goes on `nested`."""
    tag = d.param if kind == "param" else d.call
    if len(nested) < NEST_LIMIT and (yield from whole_tag(r, tag, lit, d.value_close)):
        nested.append("close" if kind == "param" else "call")
        return True
    return False


_CDATA, _CDATA_END, _BLANK = "<![CDATA[", Matcher(("]]>",)), re.compile(r"\s*")


def _opens_cdata(r):
    """Does the value open with a CDATA section (after blank space, the layout's)?  If so, it
    is consumed up to the section's text."""
    while True:
        j = _BLANK.match(r.buf, r.pos).end()  # type: ignore[union-attr]  # (\s* always matches)
        rest = r.buf[j:j + len(_CDATA)]
        if rest == _CDATA:
            r.pos = j + len(_CDATA)
            return True
        if not _CDATA.startswith(rest) or not (yield from more(r)):
            return False


def _cdata(r, put):
    end = yield from next_mark(r, _CDATA_END, put)
    if end is None:
        raise Truncated("cut off in CDATA")
    r.pos += len(end)


def param_tag(r, tag: "Tag", lit, started: bool):
    """A parameter's opening tag.  A malformed one is no call of this format while the call has
    not started (the block goes back to the text), and an error in a call that has."""
    at = r.at
    m = yield from tag.read(r, lit)
    if m is None:
        if not started:
            raise Reject("malformed parameter tag", at)
        raise Bad("malformed parameter tag")
    return m


def call(r, ctx: Context, d: Dialect, name: str, cid: str | None = None, first=None, pre=()):
    """One call's body after its opening tag, up to its closer.

    The call starts (ToolCallStart) at its first parameter or at its end, so a call cut off
    right after its name is not counted (docs/syntax.md#qwen3_coder).  `first`: (key, tag) of
    a first parameter whose tag the call's own tag held (GLM's key glued to the name).  `pre`:
    (key, tag, text) of parameters written before the call's tag, in its block (MiMo-V2-Flash).
    """
    a = None
    glued = first is not None
    # Where the syntax trims a newline at each end of a value (Qwen3-Coder's template writes
    # `<parameter=K>\n` + value + `\n</parameter>`), a body laid out on lines (a newline after
    # the call's tag) trims every value.  A compact body (`<function=f><parameter=k>…`) is laid
    # out as its first value is: written `\n…\n` (rtp-llm's Qwen3-Coder tests, as the family's
    # reference parsers trim), every value's end newlines are layout; written bare (MiMo-V2.6,
    # vllm-project/vllm#58019), a value's newlines are its own.  None: not decided yet.
    trim: bool | None = d.trim_nl and (first is not None or (yield from peek_raw(r)) in ("\n", "\r"))
    if d.trim_nl and not trim:
        trim = None
    for key, tag, text in pre:
        if a is None:
            a = ctx.start(name, cid)
            a.begin("{")
        a.key(key)
        v = Value(a, d.allowed(ctx, name, key, tag), trim, hold_nl=d.lenient, quoted=d.json_strings)
        v.feed(text)
        v.end()
        trim = _laid_out(trim, v)
    c = "" if first else (yield from peek(r))
    fenced = a is None and c == "`" and d.json_args and (yield from fence_open(r))
    if a is None and (c == "{" or fenced) and d.json_args:
        a = ctx.start(name, cid)
        yield from json_value(r, a)
        if fenced:
            yield from startswith(r, "```", skip_ws=True)
    wrapper = None if first else (yield from at_mark(r, ARGS_OPEN))
    if wrapper and (yield from followed_by(r, len(wrapper), d.param.starts, eof_ok=False)):
        r.pos += len(wrapper)       # an arguments element around the parameter tags: transparent
        yield from peek(r)
    elif a is None and not first and _KEYED_CLOSE in d.call_close and (yield from peek(r)) == "<" \
            and (yield from at_mark(r, d.body_literals)) is None:
        # Not the syntax's parameter tags but tags named after the parameters, `<path>a</path>`:
        # MiniMax-M3's body without its namespace token (GLM-4.7 through opencode, #6883).
        from ._keyed import _call as keyed_call
        yield from keyed_call(r, ctx, name, "", _KEYED_CLOSE)
        return
    while True:
        if first:
            (key, tag), first = first, None
        elif a is not None and (n := (yield from _stray_after(r, 0, d.call_close + d.block_close, d.body_literals))):
            if n > 0:
                r.pos += n         # (its closer one delimiter or letter off: markup, the call's)
            break                  # (its closer of another spelling: the block's, block.Block.stray)
        else:
            lit = yield from _next_tag(r, d, ctx, name, a is None)
            if isinstance(lit, list):
                # The one parameter's value, its opening tag left out, up to its own closer
                # (MiMo-v2.6 via a freeform tool, lidge-jun/opencodex#5499): the tool has no
                # other parameter it could be.  The template's newline before the closer is
                # layout.
                a = ctx.start(name, cid)
                a.begin("{")
                a.key(sole_key(ctx, name))
                v = Value(a, d.allowed(ctx, name, sole_key(ctx, name), _NO_TAG), d.trim_nl, hold_nl=d.lenient,
                          quoted=d.json_strings)
                v.feed("".join(lit))
                v.end()
                continue
            if lit is None:
                if a is None:
                    raise Truncated("cut off in a call")
                raise Truncated("cut off before the end of the call")
            kind = d.body_kinds[lit]
            if kind == "close":
                r.pos += len(lit)
                break
            if kind == "outer":
                break
            if a is not None and not a.open:
                raise Bad("a parameter after JSON arguments")
            try:
                tag = yield from param_tag(r, d.param, lit, a is not None)
            except Truncated:
                # The stream ended with the tag open, yet the call's closer came after it (a key
                # with no value, `<arg_key>k</arg_key></tool_call>`): malformed, not cut off.
                if not any(c in r.buf[r.pos:] for c in d.call_close):
                    raise
                raise Bad("a parameter tag with no value") from None
            key = tag.group("key")
            if tag.groupdict().get("unclosed") is not None and not _declared_param(ctx, name, key):
                raise Bad(f"a parameter tag with no '>': {key!r} is no parameter of {name!r}")
        if key is None:
            key = sole_key(ctx, name)
        elif d.attr_entities:
            key = decode(key)
        if a is None:
            a = ctx.start(name, cid)
            a.begin("{")
        a.key(key.strip())
        if tag.groupdict().get("empty"):
            a.string("")
            continue
        v = Value(a, d.allowed(ctx, name, key.strip(), tag), trim, hold_nl=d.lenient, quoted=d.json_strings)
        # Cut off inside the value (Truncated): it is not ended, so the deltas sent stay as they
        # were; the call is not runnable anyway (its arguments never closed).
        # A value whose opening tag was left out must have its closer (never leniently ended):
        # a key tag without its `opened` group, or a first key its call's tag held without one.
        opened = tag.groupdict().get("opened", "" if not glued else None)
        glued = False
        try:
            ended = yield from value(r, d, v.feed, strict=opened is None, key=key.strip())
        except (Bad, Truncated):
            v.flush()             # a held newline is still what was read of the value
            raise
        # The next parameter's tag or the call's closer at the start of a line ended a value
        # whose closer is missing: the newline before that tag is layout, the template's line
        # break between tags (deepseek_dsml: vllm-project/vllm#54838; Solar Open 2's
        # `…Seoul\n<|tool_call:end|>`, vLLM's reasoning tests).
        v.end(layout=ended in ("param", "call"))
        trim = _laid_out(trim, v)
    if a is None:
        ctx.start(name, cid)
    elif a.open:
        a.end()
    ctx.end()


_KEYED_CLOSE = "</invoke>"          # (an invoke with no namespace: its parameters may be keyed tags)


def _laid_out(trim: bool | None, v: Value) -> bool | None:
    """A compact body's layout once its first value has begun: that value's own (call)."""
    return v.led if trim is None and not v.lead else trim


def _next_tag(r, d: Dialect, ctx: Context, name: str, first: bool):
    """The call's next tag (not consumed; None at the end of the stream).  Text between the
    call's tags is dropped (newlines, a doubled closer, a word), but not what may be its
    arguments in another syntax: the call would run without them (Bad).

    Before the call's first parameter, text then a value's closer is that value, its opening tag
    left out, when the tool has one parameter only: the text is returned (a list of pieces), the
    closer consumed."""
    junk: list[str] = []
    while True:
        lit = yield from next_mark(r, d.body_marks, junk.append, limit=JUNK_LIMIT)
        if lit is None or d.body_kinds[lit] != "orphan":
            break
        if "".join(junk).strip():
            text = "".join(junk)
            if first and _sole(ctx, name) and not _MANGLED_TAG.search(text) \
                    and not any(w in text for w in d.param_words):
                r.pos += len(lit)
                return junk
            # the value of a parameter whose tag was left out: the call would run without it
            raise Bad("a value without its parameter tag")
        r.pos += len(lit)           # a doubled closer: junk
        junk.append(lit)
    if junk and _ARGS_LIKE.search(_TAGS.sub("", "".join(junk))):
        raise Bad("text that may be the call's arguments between its tags")
    return lit


# In the text before an orphan closer, an angle bracket is what is left of a mangled opening tag
# (`parameter=path>`, `<parameterpath>`, `<parame0`): the value's opener was mangled, not left out,
# and the text is no value (issue 35's property: a call runs only with parameters the model
# wrote). The recovery is for a value written bare, with its opener simply left out.
_MANGLED_TAG = re.compile(r"[<>]")

_NO_TAG = re.compile("").match("")


def _sole(ctx: Context, tool: str) -> bool:
    try:
        sole_key(ctx, tool)
    except Bad:
        return False
    return True


_TAGS = re.compile(r"<[^<>]*>")
_ARGS_LIKE = re.compile(r'[{\["=]')
# The arguments as JSON in a Markdown fence, right after the name (Hunyuan's pretrain template:
# `<tool_call>NAME\n```json\n{…}\n```</tool_call>`), and every prefix of that opening.
_FENCE = re.compile(r"```[A-Za-z0-9_]*[ \t]*\n?\s*(?=\{)")
_FENCE_PREFIX = re.compile(r"`{1,3}\Z|```[A-Za-z0-9_]*[ \t]*\n?\s*\Z")


def fence_open(r):
    """A fence opening JSON arguments at the reader: consumed, True; else nothing consumed."""
    while True:
        m = _FENCE.match(r.buf, r.pos)
        if m is not None:
            r.pos = m.end()
            return True
        if r.eof or len(r.buf) - r.pos > 64 or not _FENCE_PREFIX.match(r.buf, r.pos):
            return False
        yield from more(r)


def sole_key(ctx: Context, tool: str) -> str:
    """A parameter tag without a name (MiniCPM5's `<param>x</param>`): the tool's one parameter,
    its schema's only property (or only required one).  Bad when the schema does not say which."""
    params = parameters(ctx, tool) or {}
    for keys in (list(params.get("properties") or ()), list(params.get("required") or ())):
        if len(keys) == 1 and isinstance(keys[0], str):
            return keys[0]
    raise Bad("a parameter without a name")


def block(r, ctx: Context, d: Dialect, name_of=None, pre=()):
    """Calls until the block's closer, or until what follows is not a call (left unconsumed).

    `name_of(match)` gives a call tag's name (default: its `name` group).  `pre`: parameters
    read before the first call's tag (see `call`).
    """
    n = 0
    while True:
        c = yield from peek(r)
        if not c:
            if n:
                return
            raise Truncated("no call in the block")
        if n == 0 and d.json_calls and c in "{[":
            yield from call_sequence(r, ctx, d.block_close[0] if d.block_close else None)
            return
        lit = yield from at_mark(r, d.block_marks)
        if lit is None:
            rest = r.buf[r.pos:]
            if r.eof and any(m.startswith(rest) for m in d.block_marks):
                # The end of the stream cut a mark short (`<｜DSML｜invok`): markup, never content.
                if not n:
                    raise Truncated("cut off in a tag")
                r.pos = len(r.buf)
                return
            if n:
                return
            raise Reject("no call in the block")
        if lit in d.block_close:
            r.pos += len(lit)
            return
        if lit in d.fillers:
            r.pos += len(lit)
            tail = d.filler_tails.get(lit)
            if tail is not None:
                yield from skip_tail(r, d, tail)
            continue
        if n and not d.many:
            return
        at = r.at
        tag = yield from d.call.read(r, lit)
        if tag is None:
            raise Reject("malformed call tag", at)
        name = name_of(tag) if name_of else tag.group("name")
        first = None
        if isinstance(name, tuple):          # (name, key): the call's tag held its first key
            name, key = name
            first = (key, tag)
        if d.attr_entities:
            name = decode(name)
        try:
            name = ctx.check(name)
        except Reject as e:
            e.place(at)
            raise
        if tag.groupdict().get("empty"):
            ctx.start(name)
            ctx.end()
        else:
            yield from call(r, ctx, d, name, first=first, pre=pre)
        pre = ()
        n += 1


def skip_tail(r, d: Dialect, tail):
    """Consume a match of `tail` at the reader when a call tag follows it; else nothing."""
    while True:
        buf = r.buf
        if r.pos < len(buf):
            m = tail.match(buf, r.pos)
            if m is None or m.end() - r.pos > LOOK:
                return
            rest = buf[m.end():]
            if rest and not any(len(rest) < len(s) and s.startswith(rest) for s in d.call.starts):
                if any(rest.startswith(s) for s in d.call.starts):
                    r.pos = m.end()
                return
        if not (yield from more(r)):
            return


def invoke_dialect(prefixes=("",), block_close=(), fillers=(), selfclose=False, **kw) -> Dialect:
    """`<P invoke name="N"><P parameter name="K">V</P parameter></P invoke>` for tag prefixes P.

    MiniMax-M2 and dots.llm use no prefix, Step-3 `steptml:`, DeepSeek DSML `｜DSML｜`.
    `selfclose`: `<P invoke name="N"/>` is a call without arguments.
    """
    alt = "(?:" + "|".join(re.escape(p) for p in prefixes) + ")"
    # Every attribute is quoted, so a tag ends at a quote's `>`: a `>` inside a name is the name's
    # (`<parameter name="a>b">`, vllm-project/vllm#38803).
    end = r'"\s*/?>'
    call_tag = Tag(tuple(f"<{p}invoke" for p in prefixes),
                   attrs_tag(f"<{alt}invoke", {"name": "name"}, selfclose=selfclose), end=end)
    param = Tag(tuple(f"<{p}parameter" for p in prefixes),
                attrs_tag(f"<{alt}parameter", {"name": "key"}, {"string": "string", "type": "type"}), end=end)
    return Dialect(call=call_tag, call_close=closers(prefixes, "invoke"), param=param,
                   value_close=closers(prefixes, "parameter"), block_close=block_close, fillers=fillers, **kw)


def closers(prefixes: tuple[str, ...], word: str) -> tuple[str, ...]:
    """The closing tags of element `word` under each tag prefix; under a namespace prefix also
    the tag cut short (`</｜DSML｜inv>` for `</｜DSML｜invoke>`: DeepSeek V4's 4-6 bit quants write
    it so every time, ml-explore/mlx-lm's test_deepseek_dsml_close_tag): a closing tag in the
    family's namespace whose word begins the element's (three letters or more) is that closer.
    Never without a namespace: `</inv>` alone is anybody's tag."""
    whole = tuple(f"</{p}{word}>" for p in prefixes)
    cut = tuple(f"</{p}{word[:n]}>" for p in prefixes if p for n in range(3, len(word)))
    return whole + cut
