"""Any known body, in a wrapper no family declares (docs/architecture.md#parts).

`Known(table)` is the body of the parts table: what follows the wrapper's opener is whichever
of `_parts.BODIES`, `SHARED` and `table` (asked in that order) names a declared tool
(`_parts.pick`, which also keeps HTML's elements and a result's wrapper out).  A body added to
the table is read in every unknown wrapper with no more code.

`nested` (a wrapper's shape, formats/wrapped.py's WRAPPER): a wrapper may hold another wrapper
(up to `DEPTH` deep, whitespace between them), the innermost around a known body: Gemini 3
Flash writes `<function_calls>\\n<tool_code>f(a=1)</tool_code>\\n</function_calls>`.  Every
wrapper is then markup of the call, each closer consumed after what it holds.  The innermost
wrapper's word is the one that says whether a call expression or a bare name is a call
(`_parts.says_call`); an outer wrapper that is an HTML element (`<pre>`, which quotes) or a
result's wrapper holds no call.
"""
from __future__ import annotations

import functools
import re
import unicodedata

from . import MAYBE, NO, YES, Verdict, nested
from ._json import LOOK_MAX
from ._json_bodies import Addressee, Tagged
from ._parts import _RESULT, _TOKEN, CALLISH, Body, Family, _closer, _longest, _named, closers, html_element, pick, spacings, unspaced
from ..reader import Reject, Truncated, more, peek, startswith, token
from ..scan import Shape

DEPTH = 3                              # wrappers inside the outer one, at most


@functools.cache
def family_openers() -> dict[str, tuple]:
    """{the first two characters: ((whole-token opener, its families in the order the registry
    asks them), …)}, longest first (read once, on first use: the registry imports this module)."""
    from . import all_formats
    got: dict[str, list] = {}
    for f in all_formats():
        if not f.shaped and isinstance(f, Family):
            for o in f.openers:
                if isinstance(o, str) and _TOKEN.fullmatch(o) and o not in f.inline:
                    got.setdefault(o, []).append(f)
    heads: dict[str, list] = {}
    for o, fs in got.items():
        heads.setdefault(o[:2], []).append((o, tuple(fs)))
    return {h: tuple(sorted(v, key=lambda e: -len(e[0]))) for h, v in heads.items()}


class Inner(Body):
    """A known family's own block inside a wrapper no family declares: the wrapper bent
    (`<|acme:tool_calls_section_begin|>`, `<｜tool_calls_begin_v2｜>`) around a block that opens
    with one of the family's whole tokens (`<|tool_call_begin|>…`), read by the family itself;
    the wrapper is markup.  The family decides as it would on its own, and its calls run as
    they would (a call to a tool not declared does not), so a block no family reads leaves the
    wrapper text."""

    def _first(self, look: str, eof: bool, ctx):
        """(verdict, opener, family) of the family block at the start of `look`."""
        s = look.lstrip()
        if not s:
            return (NO if eof else MAYBE), None, None
        table = family_openers()
        if len(s) < 2:
            return (MAYBE if not eof and any(h.startswith(s) for h in table) else NO), None, None
        wait = False
        for o, fams in table.get(s[:2], ()):
            if s.startswith(o):
                for f in fams:
                    v = f.decide(o, s[len(o):], eof, ctx)
                    if v == YES:
                        return YES, o, f
                    wait = wait or v == MAYBE
            elif not eof and o.startswith(s):
                wait = True
        return (MAYBE if wait and not eof else NO), None, None

    def spot(self, look, eof, ctx, strict, ends=()):
        return self._first(look, eof, ctx)[0]

    def read(self, r, ctx, opener, ends, value):
        first = True
        while (got := (yield from self._next(r, ctx, first))) is not None:
            inner, fam = got
            yield from peek(r)
            r.pos += len(inner)
            yield from nested(fam.parse(r, ctx, inner))
            first = False
        yield from _closer(r, ends)

    def _next(self, r, ctx, first: bool):
        """(opener, family) of the next family block in the wrapper (several in a row, each
        read by its family: `<calls><tool_call>…</tool_call><tool_call>…</tool_call></calls>`);
        None after the first when none follows."""
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, inner, fam = self._first(view, r.eof or len(view) >= LOOK_MAX, ctx)
            if v == YES:
                return inner, fam
            if v == NO or not (yield from more(r)):
                if not first:
                    return None
                raise Reject("no family's block") if v == NO else Truncated("cut off before a call")


# A known family's token bent (`<|acme:tool_calls|>`, `<tool_calls_v2>`, `<ns|start_function_call>`,
# its bars swapped): (left, slash, word, right) of a token, its bars made ASCII; a namespace
# before the word, a suffix after it.
_BARS = str.maketrans("｜", "|")
_SIDES = re.compile(r"(<\|?|\[)(/?)([^<>\[\]\s]+?)(\|?>|\])")
_NS = re.compile(r"([A-Za-z][\w\-]{0,15}[:|.])(.+)")


@functools.cache
def family_words() -> dict[tuple, tuple]:
    """{(left, right, word) of a family's whole-token opener: ((opener, its families), …)}."""
    got: dict[tuple, list] = {}
    for entries in family_openers().values():
        for o, fams in entries:
            m = _SIDES.fullmatch(o.translate(_BARS))
            if m is not None and not m.group(2):
                got.setdefault((m.group(1), m.group(4), m.group(3)), []).append((o, fams))
    return {k: tuple(v) for k, v in got.items()}


@functools.lru_cache(maxsize=1024)
def unbent(opener: str) -> tuple[tuple[str, tuple, str, str], ...]:
    """The known openers `opener` is a bent spelling of: (opener, its families, the namespace
    before its word, the suffix after it).  (Cached: prose that repeats a token, `<|x>` after
    `<|x>`, asks it of the same few openers.)"""
    # (`<| x |>`, `< |x| >`: `<|x|>`; look-alike letters, `<ｔｏｏｌ_ｃａｌｌ>`, `<𝑛𝑠:tool_call>`, in
    # their compatibility form, NFKC, for matching only: the text stays as written)
    m = _SIDES.fullmatch(_nfkc(unspaced(opener)).translate(_BARS))
    if m is None or m.group(2):
        return ()
    left, _, word, right = m.groups()
    forms = [("", word, "")]
    ns = _NS.fullmatch(word)
    if ns is not None:
        forms.append((ns.group(1), ns.group(2), ""))
    for pre, w, _ in list(forms):
        # a suffix of up to 13 characters after a `_`, `-` or `:` (`_v2`, `:v1`, `_x_y`)
        # (the shortest first: `<|tool_call_start_v2|>` is LFM2's `<|tool_call_start|>` bent)
        forms += [(pre, w[:i], w[i:]) for i in range(len(w) - 2, max(0, len(w) - 14), -1) if w[i] in "_-:"]
    out = []
    table = family_words()
    for pre, w, post in forms:
        for o, fams in table.get((left, right, w), ()):
            if o != opener:
                out.append((o, fams, pre, post))
    return tuple(out)


# A special token spelled as a detokenizer or a slip bends a real one: spaced beside its bars
# (`<| x |>`, `< |x| >`) or with one bar (`<|x>`, `<｜x>`).  Prose writes these shapes often
# (`a < |b| > c`, `<|x>` then words), and each one asked of every known body costs what a
# whole wrapper does.  So when no known family's opener is behind it (`unbent`) and its word
# says no call, it is decided before the bodies are asked: a wrapper only when what follows
# can open one (markup, JSON, a declared tool's name: `<| zz |>{"name": …}` is still read).
_ONE_BAR = re.compile(r"<[|｜][^\s<>|｜]+>")


def _bent_spelling_of_nothing(opener: str) -> bool:
    """Is `opener` a special token spaced or with one bar that bends no known opener and
    whose word says no call?"""
    if unspaced(opener) == opener and _ONE_BAR.fullmatch(opener) is None:
        return False
    return CALLISH.search(opener) is None and not unbent(opener)


def _opens(look: str, eof: bool, ctx) -> Verdict:
    """Can `look` open a known body: markup or JSON (`<`, `{`, `[`), or a declared tool's name?
    NO for prose (`<|x> more words`); MAYBE while only blanks have come."""
    s = look.lstrip()
    if not s:
        return NO if eof else MAYBE
    return YES if s[0] in "<{[" else _named(s, eof, ctx, True)[0]


_TAGS = re.compile(r"<[^<>\s]{1,64}>")


def _bent_within(look: str, opener: str, known: str, pre: str, post: str, closer: str | None) -> bool:
    """Does `look` hold a token bent as `opener` is from `known` (the namespace `pre`, the
    suffix `post`, its bars), other than the bent `closer`?  Then the body's own tokens are bent
    too (`<|x:channel|>…<|x:message|>`): the family reads only its own spelling, the parts read
    them (harmony's frames by `Addressee`)."""
    tags = [t for t in _TAGS.findall(look) if t != closer]
    if ("｜" in opener) != ("｜" in known):          # its bars swapped: tokens with its bars
        bar = "｜" if "｜" in opener else "|"
        if any(bar in t for t in tags):
            return True
    return any(k in t.translate(_BARS) for t in tags for k in (pre, post) if k)


def _bend(closer: str, pre: str, post: str, bars: bool) -> str:
    """`closer` bent as its opener was: the namespace and suffix on its word, its bars."""
    m = _SIDES.fullmatch(closer.translate(_BARS))
    if m is None:
        return closer
    left, slash, word, right = m.groups()
    out = left + slash + pre + word + post + right
    return out.replace("|", "｜") if bars else out


def _nfkc(text: str) -> str:
    """`text` in its compatibility form (look-alike letters as ASCII, `｜` as `|`), for matching."""
    return unicodedata.normalize("NFKC", text)


_TAG_PREFIX = re.compile(r"<[^<>\s]{0,64}>?")       # (a tag, or its start: prefix-closed, as `token` wants)


def _opens_own(look: str, eof: bool, f) -> Verdict:
    """Does `look` open (after blanks) with one of family `f`'s own openers?"""
    rest = look.lstrip()[:LOOK_MAX]
    own = [o for o in f.known if isinstance(o, str) and _TOKEN.fullmatch(o)]
    if any(rest.startswith(o) for o in own):
        return YES
    return MAYBE if not eof and any(o.startswith(rest) for o in own) else NO


class Bent(Body):
    """A known family's body after its opener bent (`unbent`): read by the family as after its
    own opener; the bent wrapper, and its closer bent the same way (any spacing of it), markup."""

    def __init__(self, opener: str, family, closers: tuple[str, ...]):
        self.opener, self.family, self.closers = opener, family, closers

    def read(self, r, ctx, opener, ends, value):
        yield from nested(self.family.parse(r, ctx, self.opener))
        if not any(ch != "｜" and _nfkc(ch) != ch for ch in opener):
            yield from _closer(r, _longest(ends + self.closers))
            return
        # (an opener in look-alike letters: its closer too, `<|ｔｏｏｌ_ｃａｌｌｓ_ｓｅｃｔｉｏｎ_ｅｎｄ|>`,
        # compared in its compatibility form)
        yield from peek(r)
        m = yield from token(r, _TAG_PREFIX, 66)
        if m is not None and not (m.group().endswith(">") and _nfkc(m.group()) in {_nfkc(c) for c in ends + self.closers}):
            r.pos = m.start()


def bent_body(opener: str, look: str, eof: bool, ctx) -> tuple[Verdict, Body | None]:
    """(YES, a Bent) when `opener` is a known family's opener bent, that family decides YES on
    what follows it, and no token up to its bent closer is bent the same way (`_bent_within`);
    MAYBE while one may.  The families are asked in order, as Block.choose asks, and the body
    is seen to its bent closer (or LOOK_MAX characters of it): the choice is the same in any
    chunking."""
    for o, fams, pre, post in unbent(opener):
        for f in fams:
            v = f.decide(o, look, eof, ctx, bent=True)
            if v == YES and f.decide(o, "\x00", True, ctx, bent=True) == YES:
                # (it takes its opener alone, whatever follows: bent, the opener says too little,
                # so the body must open with one of the family's own tokens, else the parts decide)
                v = _opens_own(look, eof, f)
            if v == YES:
                closer = f.closer_for(o)
                # (its closer bent the same way; a spaced opener's closer in any spacing)
                ends = (() if not closer else spacings(_bend(closer, pre, post, "｜" in opener), opener)
                        if opener != unspaced(opener) else (_bend(closer, pre, post, "｜" in opener),))
                end = min((i for i in map(look.find, ends) if i >= 0), default=-1)
                if end < 0 and not eof:
                    return MAYBE, None         # (the body's tokens up to its closer decide)
                if _bent_within(look[:end] if end >= 0 else look, opener, o, pre, post, ends[0] if ends else None):
                    return NO, None
                return YES, Bent(o, f, ends)
            if v == MAYBE and not eof:
                return MAYBE, None
    return NO, None


# Known bodies built on the parts in other modules (`_parts.BODIES` cannot import them): a
# harmony header, then JSON (`assistant to=functions.NAME json\n{…}`); a known family's block.
SHARED: tuple[Body, ...] = (Addressee(), Inner())


class Known(Body):
    """One of the known bodies, whichever names a declared tool (decided per block)."""

    def __init__(self, table: tuple[Body, ...] = (), nested: Shape | None = None):
        self.table = SHARED + table
        self.nested = re.compile(nested.pattern) if nested is not None else None
        self.partial = re.compile(f"(?:{nested.prefix})\\Z") if nested is not None else None

    def spot(self, look, eof, ctx, strict, ends=()):
        return pick(look, eof, ctx, "", self.table)[0]

    def within(self, opener, look, eof, ctx, ends=()):
        return self.pick(opener, look, eof, ctx)[0]

    def pick(self, opener: str, look: str, eof: bool, ctx, depth: int = DEPTH) -> tuple[Verdict, Body | None]:
        """A known family's body after its opener bent (`bent_body`), `_parts.pick`, or a wrapper
        inside `opener` around a known body: (YES, a Nested)."""
        v, body = bent_body(opener, look, eof, ctx)
        if v == NO and _bent_spelling_of_nothing(opener):
            opens = _opens(look, eof, ctx)
            if opens != YES:
                return opens, None
        if v == NO:
            v, body = pick(look, eof, ctx, opener, self.table)
        if v != NO or self.nested is None or not depth or html_element(opener) or _RESULT.search(opener):
            return v, body
        s = look[:LOOK_MAX].lstrip()
        m = self.nested.match(s)
        if m is None:
            # (a wrapper's opener still arriving)
            return (MAYBE if not eof and s and self.partial.match(s) else NO), None  # type: ignore[union-attr]
        inner = m.group()
        if inner.endswith(":"):
            return NO, None                    # (a call line or a name prefix is no wrapper of wrappers)
        v, body = self.pick(inner, s[m.end():], eof, ctx, depth - 1)
        if v == NO and TAGGED.within(inner, s[m.end():], eof, ctx) != NO:
            # (a declared tool's own tag inside the wrapper, `<tool_call><f><a>1</a></f></tool_call>`)
            v, body = TAGGED.within(inner, s[m.end():], eof, ctx), TAGGED
        if v != YES or body is None:
            return v, None
        return YES, Nested(inner, body)

    def read(self, r, ctx, opener, ends, value):
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, body = self.pick(opener, view, r.eof or len(view) >= LOOK_MAX, ctx)
            if v == YES and body is not None:
                break
            if v == NO or not (yield from more(r)):
                raise Reject("no known body") if v == NO else Truncated("cut off before a call")
        yield from body.read(r, ctx, opener, ends, value)


TAGGED = Tagged()


class Nested(Body):
    """A wrapper, `inner`, around `body` (or around another Nested), inside the block's own
    wrapper: read once or more in a row (`<x><y>f()</y><y>g()</y></x>`), then the outer closer."""

    def __init__(self, inner: str, body: Body):
        self.inner, self.body = inner, body

    def read(self, r, ctx, opener, ends, value):
        mine = _longest(closers(self.inner))
        while (yield from startswith(r, self.inner, skip_ws=True)):
            yield from self.body.read(r, ctx, self.inner, mine, value)
            yield from _closer(r, mine)        # (a body that reads none leaves it)
            yield from peek(r)
        yield from _closer(r, ends)
