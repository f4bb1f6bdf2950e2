"""TEXT mode's receive state (`Watch`): the markers watched now, the text held at the end of the
last chunk because a marker may start there, and the search cache for the text being scanned.

The Sieve sets the markers (a marker table, markers.py) when its owners' state changes which
ones matter.  A Watch only answers, as harmony's parser does (pull-style): `find` says where the
prose ends and which marker comes next (`Found`), or that the rest may be a marker's start; the
Sieve sends the prose out, holds the rest (`hold`) and acts.
"""
from __future__ import annotations

import re
from typing import Any, TypeAlias

from .markers import Table
from .scan import Hit, Matcher

# What `Watch.find` found from a position: (at, marker).  The prose runs up to `at`; then comes
# the marker to act on (a match: it starts at `at`), or None: the text from `at` on may be the
# start of a marker still arriving (to hold), or is the end.  (A plain pair: it is made for every
# marker, and a NamedTuple costs several times as much to make.)
Found: TypeAlias = "tuple[int, Hit | None]"


# A special token cut by the end of the stream (`…<tool_call|><|tool_call`, Gemma 4 at the end of a
# turn, FlashML-org/FreeToken#346): `<|` or `<｜` and a word of three characters or more, the start
# of a marker watched now.  Such a tail can only be markup: it is held as a marker start is, and
# the Sieve's close gives it out as markup, never content.  So is an element of tokens cut after
# its word (Kimi K3's `…<|close|>response`, its `<|sep|>` never sent: markers.elements), a marker
# whole or text whole, never its token removed and its word left.
_CUT_TOKEN = re.compile(r"<[|｜](?:[\w▁:]{3,}|[^<>|｜\n]{1,48}[|｜]>(?:[A-Za-z_][\w.\-]{0,31})?)\Z")


def cut_token(matcher: Matcher, data: str, pos: int) -> int:
    """At the end of the stream: where a special token cut by it starts in data[pos:] (see
    _CUT_TOKEN), or len(data) when none ends the text."""
    end = len(data)
    q = max(data.rfind("<|", pos), data.rfind("<｜", pos))
    if q < 0 or end - q > 64 or not _CUT_TOKEN.match(data, q) or matcher.partial(data, q) != q:
        # A closer watched as markup where it ends its line (`</dots_function_call>\n`:
        # markers.tails) ends at the end of the stream too: held the same way.
        q = data.rfind("</", pos)
        m = matcher.search(data + "\n", q) if 0 <= q and end - q <= 256 else None
        if m is not None and m.start() == q and m.end() == end + 1:
            return q
        # A closer watched now, cut by the end of the stream after its word (`…}</tool_call`,
        # oh-my-pi#10376): markup as the whole closer would be, never its start left as text.
        return q if 0 <= q and _CUT_CLOSER.match(data, q) and matcher.partial(data, q) == q else end
    return q


# (its word three letters or more, after a token's namespace, before a `:` or `|` suffix)
_CUT_CLOSER = re.compile(r"</(?:[|｜]{1,2}\w{1,16}[|｜]{1,2} ?)?[\w▁.\-]{3,48}(?:[:|][\w▁.\-]{0,48}){0,3}\Z")


# What Layout.prose must see besides a marker: a backtick, a newline, what may begin `<pre` or `</pre`.
_PROSE = "|`|\n|<(?:[pP/]|\\Z)"


_NOTHING = Table(Matcher(()), {}, None)     # (before the first set)


class Watch:
    """What TEXT mode looks for and what it holds (see the module's docstring)."""

    __slots__ = ("tab", "first", "held", "found")

    def __init__(self) -> None:
        self.tab: Table = _NOTHING     # the markers watched now (set)
        # The fast path's test: where a marker may be (the Matcher's `first`), or a backtick, a
        # newline or what may begin `<pre` or `</pre` (layout.Layout.prose's bookkeeping: code,
        # fences, lines, quotes.py), in one regex; None: the chunk is plain prose
        self.first: Any = None
        self.held = ""                 # a possible marker start, from the last chunk
        self.found: dict = {}          # Matcher.search cache for the text being scanned

    def set(self, tab: Table) -> None:
        self.tab = tab
        # (compiled once per Matcher, and kept with it: markers.py bounds how many live)
        self.first = tab.matcher.first_or(_PROSE)

    def hold(self, text: str) -> None:
        """`text` may be the start of a marker: held until the next chunk (take)."""
        self.held = text

    def release(self) -> str:
        """What was held, no longer held (the end of the stream, or a failure)."""
        held, self.held = self.held, ""
        return held

    def take(self, data: str, pos: int) -> tuple[str, int]:
        """The text to scan: what was held, then data[pos:]."""
        if self.held:
            data, pos, self.held = self.held + data[pos:], 0, ""
        found = self.found
        if found.get(None) is not data:
            found.clear()
            found[None] = data
        return data, pos

    def plain(self, text: str) -> str | None:
        """When what is held plus `text` holds no marker: the prose a scan would send out,
        holding the start of a marker at its end as a scan does (None if it holds a marker;
        `text` is then untouched).  A chunk of prose often holds a character a marker starts
        with (every "f" may begin `functools[`, every "<" a tag): this is cheaper than scanning."""
        tab = self.tab
        matcher, anchor = tab.matcher, tab.anchor
        t = self.held + text if self.held else text
        if anchor is not None or matcher.search(t, 0) is not None:
            return None
        p = matcher.partial(t, 0)
        if p < 0:
            self.held = ""
            return t
        self.held = t[p:]
        return t[:p]

    def search(self, data: str, pos: int) -> Hit | None:
        """The next marker anywhere at or after `pos` (a match), or None."""
        return self.tab.matcher.search(data, pos, self.found)

    def partial(self, data: str, pos: int) -> int:
        """The Matcher's `partial`, cached for the text being scanned (see `take`)."""
        found = self.found
        return self.tab.matcher.partial(data, pos, found if found.get(None) is data else None)

    def prose_end(self, data: str, pos: int, m: Hit | None, eof: bool) -> int:
        """Where the prose from `pos` ends: at the marker `m`, or where a marker may start."""
        end = m.start() if m is not None else len(data)
        p = -1 if eof else self.partial(data, pos)
        return end if p < 0 else min(p, end)

    def cut(self, data: str, pos: int, m: Hit | None, eof: bool) -> Found:
        """Given the next marker `m` (search's answer): (s, marker) when the marker to act on
        starts at s, the prose data[pos:s] before it; or (at, None) when data[pos:at] is prose
        and the rest may be the start of a marker still arriving (to hold)."""
        tab = self.tab
        matcher, anchor = tab.matcher, tab.anchor
        if anchor is not None:                 # the content has not started yet
            w = anchor.skip(data, pos)
            if (m is None or m.start() > w) and self.partial(data, w) != w:
                a = anchor.match(data, w)
                if not eof and (anchor.partial(data, w) if a is None
                                else anchor.may_extend(data, w, a.group())):
                    # a start-only marker may still be arriving ("mute" of "mute_channel")
                    return w, None
                if a is not None:
                    m = a
        if m is None:
            if eof:
                return cut_token(matcher, data, pos), None
            p = self.partial(data, pos)
            return len(data) if p < 0 else p, None
        s = m.start()
        if not eof and s > pos:
            # A longer marker may begin before this one and still be arriving
            # ("<｜DSML｜" is the start of "<｜DSML｜invoke", not "<" + "｜DSML｜").
            p = self.partial(data, pos)
            if 0 <= p < s:
                return p, None
        if not eof and matcher.may_extend(data, s, m.group()):
            return s, None
        if eof and m.end() < len(data) and cut_token(matcher, data, s) == s:
            return s, None             # a marker (`<|close|>`) that begins an element the end cut
        return s, m

    def find(self, data: str, pos: int, eof: bool) -> Found:
        """The next marker to act on at or after `pos`, and the prose before it (see Found)."""
        return self.cut(data, pos, self.tab.matcher.search(data, pos, self.found), eof)   # (search, inline)
