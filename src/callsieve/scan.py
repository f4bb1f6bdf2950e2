"""Finding markers in text: compiled regexes searched over new text only.

`search` finds the leftmost whole marker; `partial` finds a proper prefix of a marker that runs
to the end of the text (the caller holds it back until the next chunk decides).  `first` finds
any character a marker can start with: a chunk without one is plain text, the common case.
"""
from __future__ import annotations

import re


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


_NEVER = re.compile(r"(?!)").search


class Matcher:
    """Leftmost search for any of `markers`, and for an incomplete one at the end of the text."""

    __slots__ = ("markers", "search", "first", "_tail", "_reach", "extendable")

    def __init__(self, markers):
        markers = sorted(set(markers), key=lambda m: (-len(m), m))
        self.markers = markers
        self.search = self.first = self._tail = _NEVER
        self._reach = 0
        self.extendable = {}
        if not markers:
            return
        # Longest first, so that at one position the longest marker wins.
        self.search = re.compile("|".join(re.escape(m) for m in markers)).search
        self.first = re.compile("[" + "".join(sorted({re.escape(m[0]) for m in markers})) + "]").search
        prefixes = [m[:-1] for m in markers if len(m) > 1]
        if prefixes:
            self._tail = re.compile(f"(?:{_prefix_re(_trie(prefixes))})\\Z").search
            self._reach = max(len(p) for p in prefixes)
        # Whole markers that are also the start of longer ones: wait while a longer one may follow.
        ext = {m: tuple(o for o in markers if o != m and o.startswith(m)) for m in markers}
        self.extendable = {m: v for m, v in ext.items() if v}

    def partial(self, text: str, pos: int) -> int:
        """Start of a proper prefix of a marker that runs to the end of `text` (at or after pos), or -1."""
        m = self._tail(text, max(pos, len(text) - self._reach))
        return -1 if m is None else m.start()

    def may_extend(self, text: str, start: int, marker: str) -> bool:
        """Could the whole `marker` at `start` still be the beginning of a longer marker?"""
        longer = self.extendable.get(marker)
        if not longer:
            return False
        rest = text[start:]
        return any(len(rest) < len(o) and o.startswith(rest) for o in longer)
