"""Finding markers in text: compiled regexes searched over new text only.

`search` finds the leftmost whole marker; `partial` finds a proper prefix of a marker that runs
to the end of the text (the caller holds it back until the next chunk decides).  `first` finds
where a marker may be (its first characters, or fewer at the end): a chunk without one is plain
text, the common case.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Protocol, TypeVar


def _trie(words):
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
    return root


def _prefix_re(node) -> str:
    """Regex for any non-empty prefix of the words in the trie `node`."""
    alts = []
    for ch, child in sorted(node.items()):
        sub = _prefix_re(child) if child else ""
        alts.append(re.escape(ch) + (f"(?:{sub})?" if sub else ""))
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


def _words_re(words, top: bool = False) -> str:
    """Regex for any of `words`, the longest where several match at one position, as a trie:
    at a `<` of the text the regex follows one branch per character instead of trying every
    marker that starts with `<` (families declare a few hundred).  `top`: its first characters'
    branches not grouped, to be joined with other alternatives (see Matcher._sym)."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}                      # a word ends here

    def sub(node) -> str:
        alts = [re.escape(ch) + sub(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        # a shorter word ends here: the longer ones are tried first (a greedy `?`)
        return f"(?:{body})?" if "" in node else body
    if top and len([ch for ch in root if ch]) > 1 and "" not in root:
        return "|".join(re.escape(ch) + sub(child) for ch, child in sorted(root.items()) if ch)
    return sub(root)


_NEVER = re.compile(r"(?!)").search


class Shape(str):
    """A marker that is a shape, not a literal (formats/wrapped.py's wrapper tags): `parts` maps
    each character it begins with to a regex of the whole ones beginning there, `prefix` matches
    every proper prefix of one (at the end of the text, `reach` characters at most), `near` where
    one may begin (the fast path's test).  Its string (NUL, then a name) is its key in a marker table: a match's text is
    looked up there and, not found, stands for the shape (`action`)."""

    parts: dict[str, str]
    pattern: str
    prefix: str
    near: str
    reach: int                               # the longest a proper prefix of one can be
    starts: str
    label: str

    def __new__(cls, name: str, parts: dict[str, str], prefix: str, near: str, reach: int,
                label: str = ""):
        self = super().__new__(cls, "\x00" + name)
        self.parts, self.prefix, self.near, self.reach = dict(parts), prefix, near, reach
        self.pattern = "|".join(f"(?:{p})" for p in parts.values())
        self.starts = "".join(parts)
        self.label = label or name            # (what the docs' tables show)
        return self


_A = TypeVar("_A")
SHAPED = "\x00"          # a marker table's key for the action of its shape (markers._Table)


class Shaped(dict):
    """A marker table's {marker: action} when several shapes are watched (a wrapper tag and a
    family's annotation tags): `shapes` says which shape's action a match takes, the first
    whose pattern it matches whole."""

    def __init__(self, actions: dict, shapes: tuple):
        super().__init__(actions)
        self.shapes = shapes           # ((fullmatch of a shape's pattern, its action), …)


def action(actions: dict[str, _A], marker: str) -> _A:
    """A found marker's action in a marker table: its own, else its shape's (see Shape)."""
    hit = actions.get(marker)
    if hit is not None:
        return hit
    if type(actions) is Shaped:
        for whole, a in actions.shapes:
            if whole(marker):
                return a
    return actions[SHAPED]


def near_re(markers, depth: int = 3) -> str:
    """Regex for where a marker may be: its first `depth` characters, or fewer at the end of
    the text (a marker's start still arriving).  A text it does not match holds no marker and
    no start of one; it is cheaper to test than `search` and `partial`, and prose holds far
    fewer matches than characters a marker begins with (an "f" is not yet "fun" of `functools[`)."""
    ends = set(markers)

    def alts(node, path, left):
        out = []
        for ch, child in sorted(node.items()):
            here = path + ch
            if here in ends or left == 1 or not child:
                out.append(re.escape(ch))
            else:
                out.append(re.escape(ch) + "(?:" + alts(child, here, left - 1) + "|\\Z)")
        return "|".join(out)
    return alts(_trie(markers), "", depth)


class _Found:
    """A str.find result shaped like a match (None-like when nothing was found)."""
    __slots__ = ("i",)

    def __init__(self, i: int):
        self.i = i

    def start(self) -> int:
        return self.i

    def __bool__(self) -> bool:
        return self.i >= 0


def _next(found: dict, key, pos: int, text: str):
    """The next occurrence of `key` (a compiled search, or a literal for str.find) at or after
    pos, reusing the last search while it is still ahead."""
    hit = found.get(key)
    if hit is not None:
        since, m = hit
        if since <= pos and (not m or m.start() >= pos):
            return m if m else None
    m = key(text, pos) if callable(key) else _Found(text.find(key, pos))
    found[key] = (pos, m)
    return m if m else None


# How far back `partial` looks with the one regex of every marker's proper prefixes; a shape
# that may reach further has its own (Matcher._far).
_NEAR = 256


class Matcher:
    """Leftmost search for any of `markers`, and for an incomplete one at the end of the text."""

    __slots__ = ("markers", "search", "first", "chars", "_tail", "_reach", "extendable", "_sym",
                 "_words", "_word_re", "_groups", "_group_of", "_longest", "prose_first", "_literal", "_shaped",
                 "_far", "_far_reach")
    search: Callable[..., re.Match[str] | None]   # _search, or a search that never matches (no markers)
    _words: tuple[str, ...] | list[str]

    def __init__(self, markers: Iterable[str]) -> None:
        # (an empty marker would match everywhere and never consume: the scanner would loop)
        # (shapes in a fixed order, the one whose matches reach furthest first: at one position
        # a regex takes its first alternative that matches, and a family's element of tokens,
        # `<|close|>response<|sep|>`, must win over the any-tag wrapper shape's `<|close|>`)
        shapes = sorted((m for m in markers if isinstance(m, Shape)), key=lambda m: (-m.reach, m))
        markers = sorted(set(m for m in markers if m and not isinstance(m, Shape)),
                         key=lambda m: (-len(m), m))
        self.markers = markers
        self._literal, self._shaped = frozenset(markers), bool(shapes)
        self.search = self.first = self._tail = _NEVER
        self.prose_first: Callable[..., re.Match[str] | None] | None = None   # Watch's (watch.Watch.set)
        self.chars = ""
        self._reach = 0
        self._far: Callable[..., re.Match[str] | None] | None = None   # (see _NEAR)
        self._far_reach = 0
        self._words = ()
        self.extendable: dict[str, tuple[str, ...]] = {}
        if not markers and not shapes:
            return
        # Longest first, so that at one position the longest marker wins.
        # Speed (bench/): one regex over markers with different first characters scans prose at
        # ~200 MB/s, but over markers sharing their first character sre jumps between
        # occurrences of that character at GB/s.  So long texts are searched per first
        # character; short chunks (the streaming case) with the one combined regex.  Markers that
        # begin with a letter ("functools[") are found with str.find on their first three
        # characters, as a regex would stop at every common letter.
        sym = [m for m in markers if not m[0].isalnum()]
        words = [m for m in markers if m[0].isalnum()]
        # A shape is tried after the literals: at one position a literal marker wins.  Its parts
        # join the group of literals with their first character, so a long text is still
        # searched once per first character.
        # (one flat alternation, every branch beginning with its literal first character, the
        # trie's and the shapes': sre then scans for those characters in C; with the trie and
        # each shape in a group it tried the whole regex at every position of the text: 7.4 K
        # instructions a five-character chunk on the undetected table)
        def alt(ms, c=None):
            shape = [m.parts[k] for m in shapes for k in m.parts if c is None or k == c]
            return re.compile("|".join(p for p in (_words_re(ms, top=True), *shape) if p) or "(?!)").search
        self._sym = alt(sym)
        firsts = {m[0] for m in sym} | {k for m in shapes for k in m.parts}
        # (compiled when a long text first needs them: most tables never see one, and compiling
        # a regex per first character was most of a table's cost)
        self._groups: list | None = None
        self._group_of = lambda: [alt([m for m in sym if m[0] == c], c) for c in sorted(firsts)]
        self._longest = max((len(m) for m in markers), default=0)
        self._words = sorted({m[:3] for m in words})
        self._word_re = re.compile("|".join(re.escape(m) for m in words) or "(?!)").match
        self.search = self._search
        self.chars = "".join(sorted({m[0] for m in markers} | {c for m in shapes for c in m.starts}))
        self.first = re.compile("|".join(p for p in (near_re(markers), *(m.near for m in shapes)) if p)).search
        prefixes = [m[:-1] for m in markers if len(m) > 1]
        # A shape whose start may run far (a family's element of tokens with its attributes:
        # 1,648 characters) is also looked for on its own: with one regex of every prefix over
        # its whole reach, `partial` tried that regex at each of those characters of a long text
        # (x13 a whole-text parse's tail search).  So the one regex looks _NEAR characters back
        # at most, and the far shapes' own regex further; each finds every start in its window,
        # and the leftmost of the two is the one regex's answer.
        tails = ([f"(?:{_prefix_re(_trie(prefixes))})"] if prefixes else []) + [f"(?:{m.prefix})" for m in shapes]
        if tails:
            self._tail = re.compile(f"(?:{'|'.join(tails)})\\Z").search
            self._reach = max([len(p) for p in prefixes] + [m.reach for m in shapes])
        far = [m for m in shapes if m.reach > _NEAR]
        if far:
            self._far = re.compile(f"(?:{'|'.join(f'(?:{m.prefix})' for m in far)})\\Z").search
            self._far_reach, self._reach = self._reach, max([_NEAR] + [len(p) for p in prefixes])
        # Whole markers that are also the start of longer ones: wait while a longer one may follow.
        # (in sorted order the markers that start with `m` directly follow it: linear, where
        # comparing every pair cost a quarter of a second on the undetected table's 500 markers)
        srt = sorted(markers)
        for k, m in enumerate(srt):
            j = k + 1
            while j < len(srt) and srt[j].startswith(m):
                j += 1
            if j > k + 1:
                self.extendable[m] = tuple(srt[k + 1:j])

    def _search(self, text: str, pos: int = 0, found: dict | None = None) -> re.Match[str] | None:
        """The leftmost whole marker at or after `pos` (an re.Match), or None.

        `found` (a dict the caller keeps for one text) remembers each marker group's next
        occurrence, so scanning a long text marker after marker stays linear.
        """
        n = len(text)
        if n - pos < 512 or found is None:
            best = self._sym(text, pos)
            end = best.start() if best is not None else n
        elif (best := self._sym(text, pos, pos + 512)) is not None:
            end = best.start()       # a marker close by (dense text): one regex call finds it
        else:
            best, end = None, n
            groups = self._groups
            if groups is None:
                groups = self._groups = self._group_of()
            for group in groups:
                m = _next(found, group, pos, text)
                if m is not None and m.start() < end:
                    best, end = m, m.start()
        for prefix in self._words:
            if found is None or n - pos < 512:
                i = text.find(prefix, pos, end + 2)      # a marker may start up to `end`
                while 0 <= i < end:
                    m = self._word_re(text, i)
                    if m is not None:
                        # the leftmost wins: a later prefix group may still start before it
                        best, end = m, i
                        break
                    i = text.find(prefix, i + 1, end + 2)
                continue
            at = pos
            while True:
                m = _next(found, prefix, at, text)
                if m is None or m.start() >= end:
                    break
                w = self._word_re(text, m.start())
                if w is not None:
                    best, end = w, m.start()
                    break
                at = m.start() + 1
        return best

    def first_or(self, extra: str) -> Callable[..., re.Match[str] | None]:
        """A search for where a marker may start or `extra` (a pattern) matches: Watch's fast
        path test, compiled once per Matcher and kept with it (one `extra` per Matcher)."""
        first = self.prose_first
        if first is None:
            # (alternatives, not a class: every branch starting with a literal keeps sre's
            # first-character scan)
            first = self.prose_first = re.compile(self.first.__self__.pattern + extra).search  # type: ignore[attr-defined]
        return first

    def partial(self, text: str, pos: int, found: dict | None = None) -> int:
        """Start of a proper prefix of a marker that runs to the end of `text` (at or after pos), or -1.

        `found` (the caller's cache for one text, as `search`'s): the answer depends only on
        where the search starts, and asked at each marker of a long text it is the same.  Within
        the last `_reach` characters each marker starts it elsewhere: the last answer still holds
        for a start between the last search's start and that answer (no prefix starts between
        them), so the markers there do not each search the rest of the text again."""
        n = len(text)
        start = n - self._reach
        if start < pos:
            start = pos
        far_start = start
        if self._far is not None and start > pos:     # (the text reaches past the near window)
            far_start = max(pos, n - self._far_reach)
        key = (self._tail, start, far_start)
        if found is not None:
            hit = found.get(key)
            if hit is not None:
                return hit
            last = found.get(self._tail)
            if last is not None and last[0] <= start and last[1] <= far_start and (last[2] < 0 or start <= last[2]):
                return last[2]
        m = self._tail(text, start)
        p = -1 if m is None else m.start()
        if far_start < start:
            far = self._far(text, far_start)      # type: ignore[misc]
            if far is not None and (p < 0 or far.start() < p):
                p = far.start()
        if found is not None:
            found[key] = p
            found[self._tail] = (start, far_start, p)
        return p

    def may_extend(self, text: str, start: int, marker: str) -> bool:
        """Could the whole `marker` at `start` still be the beginning of a longer marker?"""
        longer = self.extendable.get(marker)
        if not longer:
            # A shape's match (`<|end|>`) may be the start of a literal still arriving
            # (`<|end|><|begin|>assistant`): the literal wins once it is whole.  (No prefix is
            # longer than `_reach`: a marker further from the end extends nothing, and asking the
            # tail regex would cost a search of its whole reach at every marker of a long text.)
            return (self._shaped and len(text) - start <= max(self._reach, self._far_reach) and marker not in self._literal
                    and self.partial(text, start) == start)
        rest = text[start:]
        return any(len(rest) < len(o) and o.startswith(rest) for o in longer)


_WS = re.compile(r"\s*")


class Hit(Protocol):
    """A marker found: a regex match (Matcher) or an Anchor's `_Hit`."""
    def start(self) -> int: ...
    def end(self) -> int: ...
    def group(self) -> str: ...


class _Hit:
    """A marker found by an Anchor, shaped like a regex match."""
    __slots__ = ("_start", "_end", "_text")

    def __init__(self, text: str, start: int, end: int):
        self._text, self._start, self._end = text, start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def group(self) -> str:
        return self._text[self._start:self._end]


_END = ""                  # trie key marking the end of a marker (no marker character is "")


class Anchor:
    """Markers that count only as the first non-blank thing of the content (a bare `{`, the
    declared tool names).  They are looked for at one place, so a trie walk is enough: no regex
    to compile, which matters for a request that declares thousands of tools."""

    __slots__ = ("markers", "_root")

    def __init__(self, markers: Iterable[str]) -> None:
        self.markers = sorted(set(m for m in markers if m), key=lambda m: (-len(m), m))
        root: dict = {}
        for m in self.markers:
            node = root
            for ch in m:
                node = node.setdefault(ch, {})
            node[_END] = True
        self._root = root

    @staticmethod
    def skip(text: str, pos: int) -> int:
        """Where the first non-blank character at or after `pos` is."""
        # `\s*` matches everywhere: never None (which mypy cannot know)
        return _WS.match(text, pos).end()  # type: ignore[union-attr]

    def _walk(self, text: str, pos: int):
        """(the end of the longest marker at pos or -1, the trie node where the text ran out or
        None if it left the trie first)."""
        node: dict | None
        node, best, i, n = self._root, -1, pos, len(text)
        while i < n:
            node = node.get(text[i])
            if node is None:
                return best, None
            i += 1
            if _END in node:
                best = i
        return best, node

    def match(self, text: str, pos: int) -> Hit | None:
        """The longest marker at `pos`, or None."""
        end = self._walk(text, pos)[0]
        return _Hit(text, pos, end) if end > 0 else None

    def partial(self, text: str, pos: int) -> bool:
        """Is text[pos:] a proper prefix of one of the markers?"""
        if pos >= len(text):
            return False
        node = self._walk(text, pos)[1]
        return node is not None and any(k != _END for k in node)

    def may_extend(self, text: str, pos: int, marker: str) -> bool:
        """Could the marker at `pos` still be the start of a longer one (text[pos:] runs out
        inside a longer marker)?"""
        return self.partial(text, pos)
