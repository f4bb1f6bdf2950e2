"""Markdown's other quoting in the content: a blockquote line (`> …`), an indented code block, a
table row (a line that starts with `|`), an HTML element that shows code or quotes (`<pre>`,
`<code>`, `<samp>`, `<blockquote>`…) or an HTML comment, and inline code
(`code_span`).  Markup written inside one is quoted (a
file the model read back to the user, a call shown in a sentence), not made: marks.quoted asks
`inside` and `in_code`.  (Fences: fences.py.)

The state is a tuple (prev, width, kind, seen, pre, tail), updated by `after` on each piece of
content as it is written, the same whatever the chunking:
- prev: what the previous line was (BLANK, CODE or TEXT; START before anything visible: leading
  whitespace there is layout, never an indented code block);
- width, kind, seen: the current line's leading whitespace so far (a tab to the next multiple of
  4), what it is (None until known: QUOTE, a `>` after at most three spaces; CODE, four columns
  of indent after a blank line or code, CommonMark's rule; ROW, a `|` after at most three
  spaces: a table's row, whose cells show things; TEXT) and whether anything but
  whitespace was written on it (a line of whitespace only is blank, whatever its indent);
- doc: a JSON document that starts the content (its first visible character `{` or `[`, the
  answer a JSON object): (depth, in a string, after a backslash) while it is open, None before
  anything visible, False once there is none (or it closed).  Markup inside one of its strings is
  quoted (`{"syntax": "<tool_call>…"}` documents a call);
- pre: (depth, comment, block, lead): how many of those elements are open (`<pre><code>` nest; a
  closer with none open changes nothing), inside `<!--` … `-->`, whether the first of them opened
  an HTML block that only its closer ends, and whether `tail` began where a line may start one.
  Where an unclosed one stops quoting follows CommonMark: a line that starts with `<pre`,
  `<script`, `<style`, `<textarea` (`<xmp`, `<listing`) or `<!--` opens a block that runs to its
  closer (or the end); anywhere else (`<code>`, `<q>` in a sentence, a `<blockquote>` block) the
  quoting ends with the paragraph, at a blank line, so a later call in its own paragraph runs;
  tail: the end of the content that may still begin one of those tags (or end the comment).
Only each line's leading whitespace is walked, and each piece with a `<` searched once: linear.
"""
from __future__ import annotations

import re

START, BLANK, CODE, TEXT, QUOTE, ROW = "start", "blank", "code", "text", "quote", "row"
PRE_OUT = (0, False, False, False)
OUTSIDE = (START, 0, None, False, PRE_OUT, "", None)
_JSON = re.compile(r'["{}\[\]]')
_STRING = re.compile(r'["\\]')
# Elements whose content is code, output, keys or a quotation: markup inside is shown, not made.
_NAMES = ("pre", "code", "samp", "kbd", "tt", "var", "xmp", "listing", "textarea", "blockquote", "q",
          "script", "style")
_TAG = re.compile(r"<(/?)(?:%s)(?=[\s>])|<!--" % "|".join(_NAMES), re.I)
_TAGS = tuple(f"<{c}{n}" for n in _NAMES for c in ("", "/")) + ("<!--",)
# Those that open an HTML block ended by their closer only, where a line starts with them
# (CommonMark's HTML blocks of kinds 1 and 2).
_BLOCKS = frozenset(("pre", "script", "style", "textarea", "xmp", "listing", "!--"))
_LONGEST = max(map(len, _TAGS))
# Every start of one of _TAGS (a set lookup: the end of each piece with a `<` is looked up once)
_STARTS = frozenset(t[:i] for t in _TAGS for i in range(1, len(t) + 1))


def inside(state: tuple) -> bool:
    """Is markup written now (on the current line) quoted?"""
    kind, doc = state[2], state[6]
    pre = state[4]
    return kind is QUOTE or kind is CODE or kind is ROW or bool(pre[0] or pre[1]) or bool(doc and doc[1])


def inside_at(state: tuple, marker: str) -> bool:
    """Is `marker`, written now, quoted?  A marker that starts with a line ending (`\n[`) ends the
    current line first: the blank line it makes ends an element's quoting before it."""
    if marker[:1] == "\n" and inside(state) and (state[4][0] or state[4][1]):
        ended = after(state, "\n")
        if not (ended[4][0] or ended[4][1]):
            return inside(state[:4] + (ended[4],) + state[5:])
    return inside(state)


def settled(state: tuple) -> bool:
    """Can text with no newline and no `<` leave the state as it is (the line's kind is known
    and no tag is half written)?  The Layout's fast path asks."""
    return state[3] and not state[5] and state[6] is False and not state[4][1]


def after(state: tuple, text: str) -> tuple:
    """The state after content `text` was written."""
    prev, width, kind, seen, pre, tail, doc = state
    if doc is not False:
        doc = _doc(doc, text)
    # (elements are read up to each blank line, which ends those that are no HTML block)
    tags = tail or "<" in text or pre[0] or pre[1]
    fresh, done = not seen and width <= 3, 0
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
            if tags and prev is not START:     # a blank line
                pre, tail = _pre(pre, tail + text[done:i], pre[3] if tail else fresh)
                if (pre[0] or pre[1]) and not pre[2]:
                    pre, tail = PRE_OUT, ""
                fresh, done = True, i
            prev, width, kind = (START if prev is START else BLANK), 0, None
        elif c == " " or c == "\t":
            width += 1 if c == " " else 4 - width % 4
            if kind is None and width >= 4:
                kind = CODE if prev is BLANK or prev is CODE else TEXT
        else:
            seen = True
            if kind is None:
                kind = QUOTE if c == ">" else ROW if c == "|" else TEXT
    if tags and (done < n or tail):
        pre, tail = _pre(pre, tail + text[done:], pre[3] if tail else fresh)
    return prev, width, kind, seen, pre, tail, doc


def _doc(doc: tuple | None, text: str) -> tuple | bool | None:
    """The JSON document's state after `text` (see the module's docstring)."""
    i = 0
    if doc is None:
        body = text.lstrip()
        if not body:
            return None
        if body[0] not in "{[":
            return False
        i, doc = len(text) - len(body), (0, False, False)
    depth, string, escaped = doc
    n = len(text)
    if escaped and i < n:
        i, escaped = i + 1, False
    while i < n:
        if string:
            m = _STRING.search(text, i)
            if m is None:
                break
            i = m.end()
            if m.group() == '"':
                string = False
            elif i < n:
                i += 1                 # (the escaped character)
            else:
                escaped = True
            continue
        m = _JSON.search(text, i)
        if m is None:
            break
        i, c = m.end(), m.group()
        if c == '"':
            string = True
        elif c in "{[":
            depth += 1
        else:
            depth -= 1
            if depth <= 0:
                return False           # (the document closed: what follows is prose)
    return depth, string, escaped


def _pre(pre: tuple, text: str, fresh: bool) -> tuple[tuple, str]:
    """The quoting elements' state (see the module's docstring) after `text`, and the end of it
    that may still begin a tag (or end the comment).  `fresh`: text[0] stands where a line may
    still start an HTML block (after at most three spaces)."""
    depth, comment, block, _ = pre
    i, n = 0, len(text)
    while i < n:
        if comment:
            j = text.find("-->", i)
            if j < 0:
                break
            comment, i = False, j + 3
            block = block and depth > 0
            continue
        m = _TAG.search(text, i)
        if m is None:
            break
        if not depth and not comment:          # the first one opens: an HTML block?
            block = not m.group(1) and _starts_line(text, m.start(), fresh) and _kind(m) in _BLOCKS
        if m.group() == "<!--":
            comment = True
        elif m.group(1):
            depth = max(0, depth - 1)
            block = block and depth > 0
        else:
            depth += 1
        i = m.end()
    if comment:
        return (depth, True, block, False), "--" if text.endswith("--") else "-" if text.endswith("-") else ""
    k = text.rfind("<", max(i, len(text) - _LONGEST))
    if k < 0:
        return (depth, False, block, False), ""
    end = text[k:].lower()
    if end not in _STARTS:
        return (depth, False, block, False), ""
    return (depth, False, block, _starts_line(text, k, fresh)), end


def _kind(m: re.Match) -> str:
    """The element a _TAG match opens (`!--` for a comment)."""
    return m.group()[1:].lower().lstrip("/")


def _starts_line(text: str, k: int, fresh: bool) -> bool:
    """Does text[k] stand where a line starts, after at most three spaces (`fresh`: text[0] may)?
    (Looks back four characters at most.)"""
    back = text[max(0, k - 4):k]
    nl = back.rfind("\n")
    if nl >= 0:
        return back[nl + 1:].strip(" ") == ""
    return k < 4 and fresh and back.strip(" ") == ""


# ------------------------------------------------------------------ inline code
# CommonMark's code spans: a run of n backticks opens a span that the next run of exactly n closes
# (a run of another length inside is literal); line endings inside are allowed, but a span never
# crosses a blank line (the paragraph ends), nor a fence line (a run of three or more where a line
# starts: it interrupts the paragraph).  Runs of three or more elsewhere neither open nor close one
# (DeepSeek's ```json inside a drafted call; fences.py reads them).  A span is taken as open from
# its opening run on, closed or not: a marker is decided where it stands, so an unclosed backtick
# holds nothing back (it quotes what follows it up to the paragraph's end at most).
#
# The state is (open, run, lines, fresh): the length of the run that opened the span (0: none);
# the backtick run the text ends with (still growing, so not counted yet); whether the span crossed
# a line ending; whether the current line is blank so far (read only while a span is open).
SPAN_OUT = (0, 0, False, False)
_TICK = re.compile(r"`+|\n")


def code_span(state: tuple, s: str) -> tuple:
    """The inline-code state after `s` was written (the same whatever the chunking: whole runs
    are counted, and each piece is searched once for backticks and line endings)."""
    opened, run, lines, fresh = state
    if "`" not in s:
        if not opened and not run:
            return SPAN_OUT            # (the common case: prose outside code)
        if s and "\n" not in s:        # (inside a span, on its line)
            if run:
                opened, lines, fresh = _ended(opened, run, lines, fresh)
            return (opened, 0, lines, fresh and s.isspace()) if opened else SPAN_OUT
    i = 0
    for m in _TICK.finditer(s):
        j = m.start()
        if j > i:
            if run:
                opened, lines, fresh = _ended(opened, run, lines, fresh)
                run = 0
            if fresh and not s[i:j].isspace():
                fresh = False
        if s[j] == "`":
            run += m.end() - j
        else:
            if run:
                opened, lines, fresh = _ended(opened, run, lines, fresh)
                run = 0
            if opened:
                if fresh:              # a blank line: the paragraph, and the span, end
                    opened, lines, fresh = 0, False, False
                else:
                    lines, fresh = True, True
        i = m.end()
    if i < len(s):
        if run:
            opened, lines, fresh = _ended(opened, run, lines, fresh)
            run = 0
        if fresh and not s[i:].isspace():
            fresh = False
    # (outside code every state is the same one: Layout.prose asks `is SPAN_OUT` on its hot path)
    return (opened, run, lines, fresh) if opened or run else SPAN_OUT


def _ended(opened: int, run: int, lines: bool, fresh: bool) -> tuple[int, bool, bool]:
    """(open, lines, fresh) once a backtick run of length `run` ended."""
    if run >= 3:
        if fresh and opened:           # a fence line: the paragraph ends
            return 0, False, False
    elif not opened:
        return run, False, False
    elif run == opened:
        return 0, False, False
    return opened, lines, False


def in_code(state: tuple, lines: bool = False) -> bool:
    """Is markup written now inside inline code (a run the text ends with ends at it): opened on
    this line, or (`lines`) on an earlier line of the paragraph?"""
    opened, run, crossed, fresh = state
    if run:
        opened, crossed, fresh = _ended(opened, run, crossed, fresh)
    return bool(opened) and (lines or not crossed)


def span_settled(state: tuple) -> bool:
    """Can text with no backtick and no newline leave the inline-code state as it is?"""
    return not state[1] and not (state[0] and state[3])
