"""Markdown code fences in the content: a call written inside one is quoted, not made.

A fence opens where a line starts (after at most three spaces) with three or more backticks or
tildes, and closes at a line of the same character, at least as long, and nothing but spaces
(CommonMark).  A backtick fence whose info string holds a backtick is no fence but inline code
("```x```").  An unclosed fence runs to the end of the stream.

The state is a pair (fence, line), updated by `after` on each piece of content as it is
written: `fence` is "" or the run that opened the fence; `line` says what the current line
can still be (a tuple while it may be a fence line, INFO on the opening line's info string,
None once it cannot matter).  The update is a per-character automaton that only walks the start
of a line, then jumps to the next newline: linear, and the same whatever the chunking.
"""
from __future__ import annotations

import re

INFO = "info"
START = (0, "", 0, False, False)   # (indent, fence character, its run, spaces after it, opening)
OUTSIDE = ("", START)
_CANDIDATE = re.compile(r"\n(?= {0,3}[`~])")     # a line that may be a fence line


def after(state: tuple, text: str) -> tuple:
    """The fence state after `text` (content, in order) was written."""
    fence, line = state
    i, n = 0, len(text)
    while i < n:
        if line is None or line is INFO:
            j = text.find("\n", i)
            end = n if j < 0 else j
            if line is INFO and fence[0] == "`" and text.find("`", i, end) >= 0:
                fence, line = "", None         # "```x```": inline code, not a fence
            if j < 0:
                break
            # Lines that do not start with a fence character change nothing: jump over them
            # (to the next one that does, or to the last line).
            m = _CANDIDATE.search(text, j)
            i, line = (m.start() if m is not None else text.rfind("\n", j)) + 1, START
            continue
        indent, ch, run, ws, opening = line
        c = text[i]
        i += 1
        if c == "\n":
            if opening:
                fence = c_run(ch, run)
            elif fence and ch == fence[0] and run >= len(fence):
                fence = ""                     # a closing fence
            line = START
        elif c == " " and not run:
            line = (indent + 1, ch, run, ws, opening) if indent < 3 else None
        elif c in "`~" and not ws and ch in ("", c):
            run += 1
            if not opening and not fence and run == 3:
                fence, opening = c * 3, True   # open: the rest of the line is quoted too
            line = (indent, c, run, ws, opening)
        elif opening:
            fence, line = c_run(ch, run), INFO
            i -= 1                             # (the info string starts here)
        elif c in " \t" and run and fence:
            line = (indent, ch, run, True, opening)   # a closing fence may end in spaces
        else:
            line = None
    return fence, line


def c_run(ch: str, run: int) -> str:
    """The fence an opening run of `run` characters `ch` opened.  (Made once, when the run
    ends: made at each character, a line of a million backticks took quadratic time.)"""
    return ch * run
