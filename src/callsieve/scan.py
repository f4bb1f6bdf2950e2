"""Finding markers in text: one compiled regex per set of markers, searched over new text only.

The pattern finds, at the leftmost position, either a whole marker or a proper prefix of one
that runs to the end of the text (which the caller holds back until the next chunk decides it).
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


class Matcher:
    """Leftmost search for any of `markers`, reporting a partial marker at the end of the text."""

    __slots__ = ("markers", "search", "extendable")

    def __init__(self, markers):
        markers = sorted(set(markers), key=lambda m: (-len(m), m))
        self.markers = markers
        if not markers:
            self.search = re.compile(r"(?!)").search
            self.extendable = {}
            return
        full = "|".join(re.escape(m) for m in markers)
        # A proper prefix of a marker, at the very end of the text.  Whole markers are tried
        # first at each position, so this branch only ever reports an incomplete one.
        part = _prefix_re(_trie(m[:-1] for m in markers if len(m) > 1))
        pattern = f"(?P<full>{full})" + (f"|(?P<part>{part})\\Z" if part else "")
        self.search = re.compile(pattern, re.S).search
        # Whole markers that are also the start of longer ones: wait while a longer one may follow.
        self.extendable = {m: tuple(o for o in markers if o != m and o.startswith(m)) for m in markers}
        self.extendable = {m: v for m, v in self.extendable.items() if v}

    def may_extend(self, text: str, start: int, marker: str) -> bool:
        """Could the whole `marker` at `start` still be the beginning of a longer marker?"""
        longer = self.extendable.get(marker)
        if not longer:
            return False
        rest = text[start:]
        return any(len(rest) < len(o) and o.startswith(rest) for o in longer)
