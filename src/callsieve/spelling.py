"""How a marker was spelled (`Spelling`): as the special token the tokenizer has for it, or with
ordinary tokens.

A model that makes a call writes `[TOOL_CALLS]` as one special token id; a model quoting a file or
a web page it read back spells the same characters with ordinary tokens (`[`, `TOOL`, `_CALLS`,
`]`).  The text is the same; only a caller that sees the token ids (an engine plugin) can tell.
Such a caller gives the Sieve the texts its tokenizer has as special tokens, and with each chunk
where in it a special token's text starts (none: an empty list); a marker holding one of those texts is markup only
where each such text came as its one special token.  Spelled with ordinary tokens the marker is
text, and so is what would have followed it (no block opens, so no call runs: nothing dropped).

A caller that does not use it pays nothing (the Sieve has no Spelling); one that does pays an
addition per chunk, and a dictionary lookup per marker found.
"""
from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable
from operator import itemgetter

_start = itemgetter(0)


@functools.lru_cache(maxsize=1024)
def inside(tokens: frozenset, marker: str) -> tuple[int, ...]:
    """Where in `marker` the texts of `tokens` start (a text inside a longer one found at the same
    place is not counted apart: the longer one is the token)."""
    found = sorted({(i, -len(t)) for t in tokens if t in marker
                    for i in _all(marker, t)})
    out, end = [], 0
    for i, neg in found:
        if i >= end:               # (not inside the token found before it)
            out.append(i)
            end = i - neg
    return tuple(out)


def _all(text: str, sub: str):
    i = text.find(sub)
    while i >= 0:
        yield i
        i = text.find(sub, i + 1)


class Spelling:
    """Which characters of the stream came from special tokens (see the module's docstring).

    Positions are offsets in the whole stream: `fed` counts the characters fed so far, and the
    text the Sieve scans always ends where the stream so far ends, so a marker found `back`
    characters before that end starts at `fed - back`, whatever was held or handed back."""

    __slots__ = ("tokens", "fed", "starts", "blind")

    def __init__(self, tokens: Iterable[str]):
        self.tokens = frozenset(t for t in tokens if t)
        self.fed = 0                   # characters fed so far
        # the offsets in the stream where a special token's text starts (one per special token
        # the model wrote, so few: markup only)
        self.starts: set[int] = set()
        # the stretches [start, end) fed with nothing said of their tokens (a caller not told a
        # step's ids): their markers count as written, as without the channel
        self.blind: list[list[int]] = []

    def feed(self, text: str, special: Iterable[int] | None) -> None:
        """`text` is fed; `special`: the offsets in it where a special token's text starts (empty:
        none does; None: not known, its markers count as written)."""
        base = self.fed
        self.fed = end = base + len(text)
        if special:
            self.starts.update(base + i for i in special)
        elif special is None:
            blind = self.blind
            if blind and blind[-1][1] == base:
                blind[-1][1] = end
            else:
                blind.append([base, end])

    def spelled(self, data: str, q: int) -> bool:
        """Does data[q:] (which ends where the text fed so far ends) begin with one of the
        tokenizer's special texts spelled with ordinary tokens?  (What follows a call held as a
        possible example: a wrapper's closer or an end-of-turn token would say it was the call,
        but not one the model spelled: then it is prose.)"""
        s = self.fed - (len(data) - q)
        if s in self.starts or self._unknown(s):
            return False
        return any(data.startswith(t, q) for t in self.tokens)

    def _unknown(self, s: int) -> bool:
        """Was the character at stream offset `s` fed with nothing said of its tokens?  (The
        stretches are in stream order: a binary search, however many there are.)"""
        blind = self.blind
        k = bisect.bisect_right(blind, s, key=_start) - 1
        return k >= 0 and s < blind[k][1]

    def as_token(self, marker: str, back: int) -> bool:
        """Did `marker`, which starts `back` characters before the end of the text fed so far,
        come as the special tokens it holds (True when it holds none of the tokenizer's)?"""
        at = inside(self.tokens, marker)
        if not at:
            return True
        s, starts = self.fed - back, self.starts
        if self.blind and self._unknown(s):
            return True
        return all(s + i in starts for i in at)
