"""What the request gave the model to read (`Sources`): a call whose text is in it is a quote.

An agent reads a file, a web page or a tool's output that holds a call in the model's own markup;
the model quotes it back ("the file says [TOOL_CALLS]run[ARGS]{…}, which is text").  A call whose
text (its opener to its block's end, as the model wrote it) stands in one of the request's texts
(its user messages and tool results) is a quote, not a call: the Sieve gives it back as text.

The texts are indexed once, linear in their size: every place where a call's opener may start
(a character some format's marker starts with) is filed under a hash of the 16 and of the 64
characters from there.  A call is then looked up by its own first characters and compared only at those
places (at most MAX_PLACES of them per prefix), so a megabyte of tool results costs one pass.
"""
from __future__ import annotations

import re
from typing import Iterable

PREFIXES = (16, 64)   # a call is looked up by its first 64 characters, or 16 if it is shorter
MAX_PLACES = 256      # places compared per prefix (more: the first ones; bounded per call)
_SEP = "\x00"         # between the texts: no call's text holds it


def _starts() -> re.Pattern:
    """The first characters of every format's markers (a call's text begins with its opener)."""
    from . import formats
    firsts = {m[0] for f in formats.all_formats() for m in (*f.openers, *f.start_openers, *f.tool_openers)
              if m}
    return re.compile("[" + "".join(re.escape(c) for c in sorted(firsts)) + "]")


class Sources:
    """The request's texts, indexed: `has(text)` says whether `text` stands in one of them."""

    __slots__ = ("text", "places")

    def __init__(self, texts: Iterable[str]):
        self.text = text = _SEP.join(t for t in texts if isinstance(t, str) and t)
        self.places: tuple[dict[int, list[int]], ...] = ({}, {})
        for m in _starts().finditer(text):
            i = m.start()
            for n, places in zip(PREFIXES, self.places):
                at = places.setdefault(hash(text[i:i + n]), [])
                if len(at) < MAX_PLACES:
                    at.append(i)

    def __bool__(self) -> bool:
        return bool(self.text)

    def may_start(self, head: str) -> bool:
        """Does some text of the request hold `head` (a call's first 16 or 64 characters) at a
        place where a call may start?  (No: the call is not a quote, whatever follows.)"""
        text = self.text
        places = self.places[PREFIXES.index(len(head))]
        return any(text.startswith(head, i) for i in places.get(hash(head), ()))

    def has(self, call: str) -> bool:
        """Does the call's text `call` stand in one of the request's texts?"""
        if len(call) < PREFIXES[0]:
            return bool(call) and call in self.text     # (a call this short: one search)
        k = 1 if len(call) >= PREFIXES[1] else 0
        text = self.text
        return any(text.startswith(call, i)
                   for i in self.places[k].get(hash(call[:PREFIXES[k]]), ()))


def sources(texts: Iterable[str] | str | Sources | None) -> Sources | None:
    """A Sieve's `quotes` option as Sources (texts, or Sources already built), or None."""
    if texts is None or isinstance(texts, Sources):
        return texts or None
    if isinstance(texts, str):
        texts = (texts,)
    return Sources(texts) or None
