"""Inline annotation spans: a family's tags around words of its answer or thinking (Cohere's
citations, `foo <co>bar</co: 0:[1,2]>`): the tags are markup, the words inside stay text.

A family declares them (`annotations`: `Annotation`s, an opening and a closing `Tag` each);
the marker tables watch their tags, in the content and inside thinking, only once the family
is known (forced, detected, pre-seeded: markers.TableKey.family), so `<co>` in another
family's prose is text.  A family's `signs` (tokens only it writes: Cohere's
`<|START_THINKING|>`) prove it as a call would (marks.Marks.signed).  Each tag is markup on its
own: an opener whose closer never comes leaves its words as text, and so does a closer with no
opener (nothing vanishes; the tag itself is the family's markup).  A tag in `inline code` or a
fence is quoted, text (marks.quoted).  Tags are found by the scanner like any marker, so a
tag's start at the end of a chunk is held only while it may still become one: a tag is a
literal, or a literal head, a bounded run of one character class and a literal tail
(`</co: 0:[1]>`), a scan.Shape.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from .scan import Shape, near_re


class Tag(NamedTuple):
    """A literal tag (`<co>`), or `head`, 1 to `most` characters of the class `chars` (a regex
    class), then `tail` (`</co: 0:[1,2]>`)."""
    head: str
    chars: str = ""
    most: int = 0
    tail: str = ""

    def marker(self) -> str:
        """What the scanner watches: the literal, or a Shape of the patterned tag."""
        return self.head if not self.chars else _shape(self)


class Annotation(NamedTuple):
    """An annotation span: its opening and closing tags (each markup on its own)."""
    opener: Tag
    closer: Tag


def markers(fmt) -> tuple[str, ...]:
    """The tags a format's annotation spans are written with, as watched markers."""
    return tuple(t.marker() for a in getattr(fmt, "annotations", ()) for t in a)


@functools.lru_cache(maxsize=32)
def _shape(tag: Tag) -> Shape:
    h, head = tag.head, re.escape(tag.head)
    whole = rf"{head}{tag.chars}{{1,{tag.most}}}{re.escape(tag.tail)}"
    # every proper prefix: a part of the head, or the head and some of the run (no tail yet)
    prefix = "|".join([re.escape(h[:k]) for k in range(1, len(h))] + [rf"{head}{tag.chars}{{0,{tag.most}}}"])
    return Shape("annotation " + h, {h[0]: whole}, prefix, near_re([h]), len(h) + tag.most,
                 f"{h}…{tag.tail}")
