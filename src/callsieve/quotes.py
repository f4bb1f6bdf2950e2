"""Markdown's other quoting in the content: a blockquote line (`> …`), an indented code block,
an HTML `<pre>` element.  Markup written inside one is quoted (a file the model read back to the
user), not made: marks.quoted asks `inside`.  (Inline code and fences: layout.py, fences.py.)

The state is a tuple (prev, width, kind, seen, pre, tail), updated by `after` on each piece of
content as it is written, the same whatever the chunking:
- prev: what the previous line was (BLANK, CODE or TEXT; START before anything visible: leading
  whitespace there is layout, never an indented code block);
- width, kind, seen: the current line's leading whitespace so far (a tab to the next multiple of
  4), what it is (None until known: QUOTE, a `>` after at most three spaces; CODE, four columns
  of indent after a blank line or code, CommonMark's rule; TEXT) and whether anything but
  whitespace was written on it (a line of whitespace only is blank, whatever its indent);
- pre: inside `<pre>` … `</pre>`; tail: the end of the content that may still begin one of
  those tags (at most 5 characters).
Only each line's leading whitespace is walked, and each piece with a `<` searched once: linear.
"""
from __future__ import annotations

import re

START, BLANK, CODE, TEXT, QUOTE = "start", "blank", "code", "text", "quote"
OUTSIDE = (START, 0, None, False, False, "")
_TAG = re.compile(r"<(/?)pre(?=[\s>])", re.I)


def inside(state: tuple) -> bool:
    """Is markup written now (on the current line) quoted?"""
    kind = state[2]
    return kind is QUOTE or kind is CODE or state[4]


def settled(state: tuple) -> bool:
    """Can text with no newline and no `<` leave the state as it is (the line's kind is known
    and no tag is half written)?  The Layout's fast path asks."""
    return state[3] and not state[5]


def after(state: tuple, text: str) -> tuple:
    """The state after content `text` was written."""
    prev, width, kind, seen, pre, tail = state
    if tail or "<" in text:
        pre, tail = _pre(pre, tail + text)
    i, n = 0, len(text)
    while i < n:
        if seen:                       # the line is known: on to the next one
            j = text.find("\n", i)
            if j < 0:
                break
            prev, width, kind, seen = (CODE if kind is CODE else TEXT), 0, None, False
            i = j + 1
            continue
        c = text[i]
        i += 1
        if c == "\n":
            prev, width, kind = (START if prev is START else BLANK), 0, None
        elif c == " " or c == "\t":
            width += 1 if c == " " else 4 - width % 4
            if kind is None and width >= 4:
                kind = CODE if prev is BLANK or prev is CODE else TEXT
        else:
            seen = True
            if kind is None:
                kind = QUOTE if c == ">" else TEXT
    return prev, width, kind, seen, pre, tail


def _pre(pre: bool, text: str) -> tuple[bool, str]:
    """Inside `<pre>` after `text`, and the end of it that may still begin a tag."""
    last = None
    for last in _TAG.finditer(text):
        pass
    if last is not None:
        pre = not last.group(1)
    k = text.rfind("<", max(0, len(text) - 5))
    if k < 0:
        return pre, ""
    end = text[k:].lower()
    return pre, end if "<pre".startswith(end) or "</pre".startswith(end) else ""
