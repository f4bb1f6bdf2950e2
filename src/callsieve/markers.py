"""What the scanner watches for in each state: call openers, thinking markers, answer wrappers.

The vocabulary is typed: each watched marker has an `Action` of a `Kind`; a `Table` holds the
markers of one state (a Matcher, their actions, an Anchor).  A state is a `TableKey` (what the
owners hold that changes which markers matter) over a `Watching` (what is fixed for a stream):
`marker_table` builds the table once per state and caches it, and a Sieve switches between a few.
"""
from __future__ import annotations

import functools
import re
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from .annotations import markers as annotation_tags
from .reasoning import END_TOKENS, LAST_TOKENS, PREFIXED, PREFIXED_TAG, STRIP, SYNTAXES, OpenThinking
from .scan import SHAPED, Anchor, Matcher, Shape, Shaped, near_re

if TYPE_CHECKING:
    from .formats import Format
    from .session import Session


class Kind(StrEnum):
    """What a watched marker does.  (A str enum: its hash and equality are str's, cheap on the
    hot path.)"""
    CALL = "call"                  # opens a block that its formats read as calls (DECIDE mode)
    THINK_OPEN = "think_open"      # opens a thinking block
    THINK_CLOSE = "think_close"    # closes the open thinking block
    STRAY_CLOSE = "stray_close"    # a thinking closer with nothing open (the prompt opened it)
    STRIP = "strip"                # an answer wrapper or end-of-turn token: markup, removed
    KEEP = "keep"                  # a marker of several tokens kept whole as text (reasoning="none")
    CONTROL = "control"            # a family's control token: markup
    SPAN = "span"                  # opens a span of control tokens, markup up to its closer
    SPAN_END = "span_end"          # that closer
    ANNOTATION = "annotation"      # a known family's inline annotation tag: markup, its words text


# The kinds of a family's control tokens (end-of-turn tokens are not among them: never content,
# anywhere): a block given back as written keeps them as text (marks.Marks.as_written).
FAMILY_TOKENS = frozenset((Kind.CONTROL, Kind.SPAN))


class Action(NamedTuple):
    """What a watched marker does: its kind, and what that kind needs."""
    kind: Kind
    fmts: tuple[Format, ...] = ()          # CALL: the formats that may read its block, in order
    syntax: OpenThinking | None = None     # THINK_OPEN, THINK_CLOSE, STRAY_CLOSE: the syntax
    closer: str | None = None              # SPAN: the span's closer
    canon: str | None = None               # CALL: the opener its formats read (a garbled spelling was written)


class Table(NamedTuple):
    """The markers watched in one state."""
    matcher: Matcher                       # finds markers anywhere
    actions: dict[str, Action]             # each marker's action (a shape's under scan.SHAPED)
    anchor: Anchor | None                  # markers that count only as the first thing in the content
    # the family's control tokens and span tokens among them (Marks.as_written looks for a
    # block's ends there: walking every action, ~600 undetected, cost each stream a tenth of a ms)
    tokens: tuple[str, ...] = ()


class Watching(NamedTuple):
    """What the markers watched depend on that is fixed for one stream (a Sieve's options)."""
    fmts: tuple[Format, ...]               # the candidate formats (candidates)
    tools: tuple[str, ...]                 # the declared tools' names
    reasoning: bool = True                 # thinking is separated (Thought.separated)
    calls_in_thinking: bool = True         # call openers are watched inside thinking too
    extra: tuple[str, ...] = ()            # the chat template's own special tokens


class TableKey(NamedTuple):
    """What the markers watched depend on that changes during a stream, each value read from its
    owner (see Sieve._watched): the driver compares it after each move and builds a new table
    only when it changed."""
    at_start: bool = False                 # Layout.at_start: no content has gone out yet
    fresh: bool = False                    # Layout.rlead: the thinking block has no words yet
    think: OpenThinking | None = None      # Thought.open: the thinking block open
    held: OpenThinking | None = None       # the held region's thinking syntax (Hold.region.think)
    family: tuple[Format, ...] = ()        # Marks.family: the formats whose tokens are markup
    span: str | None = None                # Marks.span: inside a span of control tokens, its closer


_SPECIAL = re.compile(r"[|｜▁]|\A\[[A-Z_]+\]\Z")


@functools.lru_cache(maxsize=1024)
def special(marker: str) -> bool:
    """Is `marker` a special token (`<|tool_call>`, `[TOOL_CALLS]`, DeepSeek's `<｜…｜>`), which a
    model writes only as markup, never as prose (`<tools>`, a fence, `[` may be prose)?"""
    return _SPECIAL.search(marker) is not None


_TOKEN = re.compile(r"\s*(<[|｜][^<>|｜\n]{1,48}[|｜]>|\[[A-Z_]+\])")


def starts_special(text: str) -> bool:
    """Does `text` begin (after whitespace) with a special token?"""
    m = _TOKEN.match(text)
    return m is not None and special(m.group(1))


# The shapes of a special token that prose never writes bare: `<|…|>`, DeepSeek's `<｜…｜>`,
# Gemma 4's one-sided `<|tool_response>` / `<tool_call|>`, Mistral's `[TOOL_CALLS]` / `[/TOOL_CALLS]`.
_SPECIAL_SHAPE = re.compile(r"\A(?:</?[|｜][^\n]{1,64}>|<[^\n]{1,64}[|｜]>|\[/?[A-Z][A-Z_]*\])\Z")


@functools.lru_cache(maxsize=1024)
def control_shape(token: str) -> bool:
    """Is `token` shaped like a special token (so markup even when its family is not known yet)?
    A plain tag (`<tool_response>`) or words may be prose: markup only for a known family."""
    return _SPECIAL_SHAPE.match(token) is not None


_TAIL = re.compile(r"(?:\s*</[^<>\n]{1,48}>)+\s*\Z")
_CLOSING = re.compile(r"</[^<>\n]{1,48}>")
# A closer named by one plain word (`</b>`, `</content>`, `</parameter>`) is also HTML that prose
# writes; one whose name joins words (`</dots_function_call>`, `</minimax:tool_call>`,
# `</arg_value>`) is a markup spelling, never a word of a sentence.
_PLAIN_CLOSER = re.compile(r"</[A-Za-z]+>")
# A plain tag opener (`<tool_call>`, `<minimax:tool_call>`): its garbled spellings open its block.
_PLAIN_TAG = re.compile(r"<[A-Za-z_][\w.\-]{2,47}(?::[A-Za-z_][\w.\-]{0,47})?>")


@functools.lru_cache(maxsize=256)
def tails(f) -> tuple[str, ...]:
    """The closing tags a family declares, markup where no block of it is open: a server that
    drained a block's opening (or a model echoing one) leaves its closers after the answer
    (`…running.</parameter></function></tool_call>`, `Done.\n</parameter>\n</invoke>\n`).  A run
    of two or more of the closers its example ends with, in their order: to the last one, glued or
    one per line; short of it, one per line with the last line ended (a run cut short mid-line,
    `</parameter>\n</function></acme>`, is what a quoted block shows: `inline code` is per line);
    alone, each closer of its example whose name is not one plain word (`</dots_function_call>`,
    `</arg_value>`) where it ends its line or the stream (watch.cut_token), never mid-sentence
    ("close it with </tool_call> please"); and each special-token closer (`</｜DSML｜invoke>`)
    anywhere: prose writes none of these bare.  A lone plain-word closer (`</parameter>`, `</b>`,
    `</content>`) stays text; `inline code` or a fence quotes them all (marks.quoted)."""
    example = f.example or ""
    m = _TAIL.search(example)
    tags = _CLOSING.findall(m.group()) if m else []
    out: set[str] = set()
    for i in range(len(tags) - 1):
        out.update(("".join(tags[i:]), "\n".join(tags[i:])))
        out.update("\n".join(tags[i:j]) + "\n" for j in range(i + 2, len(tags)))
    if not any(isinstance(o, Shape) for o in (*f.openers, *f.tool_openers)):
        # (a format opened by a shape, any wrapper, shows a made-up one: `</acme_call>` is no token)
        out.update(t + "\n" for t in _CLOSING.findall(example) if not _PLAIN_CLOSER.fullmatch(t))
    out.update(t for t in (*tags, *getattr(f, "closes", ())) if t.startswith("</") and special(t))
    return tuple(sorted(out))


# The words of a token that frames a turn: its end (`<|eot|>`, `<｜hy_eos｜>`, `<|END_OF_TURN_TOKEN|>`,
# `<turn|>`), the text's begin (`<|begin_of_text|>`), a role header (`<|im_assistant|>`, `<｜User｜>`,
# `<|start_of_role|>`, `[INST]`), padding.  A server that does not skip special tokens leaves them
# around an answer; they hold no word of it.
_TURN_WORDS = frozenset(("eos", "bos", "eot", "eom", "eod", "pad", "turn", "sentence", "text", "role",
                         "user", "assistant", "system", "chatbot", "human", "inst", "im", "observation"))
_NAME_WORDS = re.compile(r"[A-Za-z]+")


@functools.lru_cache(maxsize=1024)
def frames_turn(token: str) -> bool:
    """Does `token` (a declared control token) end, begin or head a turn, by its name's words
    (`<|assistant_end|>`, `<|eot_x|>`, `[SYSTEM_PROMPT]`), not mark up a call or a channel
    (`<|tool_sep|>`, `<|"|>`, `<|sep|>`, `<|channel>`)?"""
    words = {w.lower() for w in _NAME_WORDS.findall(token)}
    return bool(words & _TURN_WORDS) or any(w.startswith(("endof", "beginof", "startof")) for w in words)


def never_text(f, token: str) -> bool:
    """Is `token` markup even when nothing in the turn is `f`'s (issue 31)?  Only if it is of the
    special-token shape and frames a turn or a block: where a message of `f` ends (`ends`:
    harmony's `<|end|>`), a turn token (frames_turn), its closer (`<tool_call|>`: the trace of a
    drained block, and where a block given back as written ends, marks.Marks.as_written); or is whole with its neighbours (a closer of several
    tokens, Kimi K3's `<|close|>tools<|sep|>`); or a closing token (`[/TOOL_CALLS]`,
    `</｜DSML｜function_calls>`: prose writes no such slash bare).  Any other token of an undetected family alone
    (Gemma's `<|"|>`, Kimi K3's `<|sep|>`, DeepSeek's `<｜tool▁sep｜>`) is the text of prose that
    names it: it is markup for its family (detected, declared, pre-seeded), or whole with its
    neighbours (a marker of several tokens: several_tokens, elements)."""
    return control_shape(token) and (token in f.ends or token == f.closer or frames_turn(token)
                                     or several_tokens(token) or token.startswith(("</", "[/"))
                                     or token in paired(f))


_PAIRS = (("begin", "end"), ("start", "end"), ("open", "close"))


@functools.lru_cache(maxsize=256)
def paired(f) -> frozenset[str]:
    """`f`'s tokens that frame a block with another of its tokens, by their words (DeepSeek's
    `<｜tool▁outputs▁begin｜>` … `<｜tool▁outputs▁end｜>`, a section of made-up tool results):
    what such a pair holds is the family's, so neither token is the text of prose.  A token that
    leads one of the family's openers (InternLM's `<|action_start|>` of `<|action_start|><|plugin|>`)
    is not: the opener is the marker, whole (glued), and the lead alone is prose's."""
    declared = {t for t in (*f.specials, *f.ends, *((f.closer,) if f.closer else ())) if isinstance(t, str)}
    leads = {t for t in declared for o in (*f.openers, *f.tool_openers)
             if isinstance(o, str) and o != t and o.startswith(t)}
    out: set[str] = set()
    for t in declared - leads:
        for a, b in _PAIRS:
            if a in t and (other := t.replace(a, b)) in declared:
                out.update((t, other))
    return frozenset(out)


@functools.lru_cache(maxsize=256)
def glued(f) -> tuple[str, ...]:
    """`f`'s markers of two glued tokens beyond those it declares: an opener of two tokens
    (InternLM's `<|action_start|><|plugin|>`) shows its first token leads another of the family's,
    so that lead glued to any other of its tokens (`<|action_start|><|interpreter|>`) is one marker
    too, whole (a token alone of an undetected family is text: never_text)."""
    out: set[str] = set()
    for m in (*f.openers, *f.tool_openers):
        found = _TOKENS.findall(m) if isinstance(m, str) else []
        if len(found) == 2 and "".join(found) == m:
            out.update(found[0] + t for t in f.specials if t != found[1] and control_shape(t))
    return tuple(sorted(out))


def controls(fmts: tuple, family: tuple, extra: tuple = (), tools: bool = True) -> tuple:
    """(control tokens, {span opener: closer}) to watch: every candidate family's tokens that
    are never text (never_text), all of the tokens of `family` (the detected or pre-seeded
    formats), and `extra` (those the session's chat template writes); with `tools` declared, the
    closers a drained call leaves (tails: with none, no call was drained, and they are the
    prose's); and every candidate family's spans of the special-token shape (a made-up tool
    result).  A family's element tokens are watched as its elements, whole (elements)."""
    spans: dict[str, str]
    tokens, spans = set(extra), {}
    for f in fmts + family:
        mine = f in family
        leads, shape = elements(f)
        tokens.update(t for t in (*f.specials, *f.ends, *((f.closer,) if f.closer else ()))
                      if (mine or never_text(f, t)) and t not in leads)
        if not mine:
            tokens.update(glued(f))
        if shape is not None:
            tokens.add(shape)
        if mine:
            tokens.update(garbled_closers(f))
        if tools:
            tokens.update(tails(f))
        for o, c in f.spans:
            if mine or control_shape(o):
                spans.setdefault(o, c)
    return tuple(sorted(tokens - set(spans))), spans


@functools.lru_cache(maxsize=256)
def garbled_closers(f) -> tuple[str, ...]:
    """A family's tag closers written with a `|` or a space before their `>` (`</tool_call|>`, as its
    openers are garbled: _Table.garbled): markup of that family, as its closer is.  Cut by the
    end of the stream (`</tool_call|`) they are markup too (watch.cut_token)."""
    closers = {f.closer_for(o) for o in f.openers if isinstance(o, str)} | {f.closer}
    return tuple(sorted(c[:-1] + g for c in closers if c and _PLAIN_TAG.fullmatch("<" + c[2:]) for g in ("|>", " >")))


# A whole opening token: a tag or a special token (`<tool_call>`, `<|tool_call_start|>`,
# `<｜tool▁calls▁begin｜>`) or a bracketed word (`[TOOL_CALLS]`).
_OPENING_TOKEN = re.compile(r"<[^<>\s/][^<>\s]{1,63}>|\[[A-Z][A-Z_]{1,31}\]")
_OPENING_TAG_START = re.compile(r"<[A-Za-z_][\w.\-:]{1,47}=")     # a tag's start, its name next: `<function=`


@functools.lru_cache(maxsize=1024)
def slips(opener: str) -> tuple[str, ...]:
    """`opener` one delimiter off as models slip (tests/test_generality_typos.py): its left
    delimiter dropped, doubled or spaced (`tool_call>`, `<<tool_call>`, `< tool_call>`), its right
    one spaced (`<tool_call >`), or, for a special token or a bracketed
    word whose own bar or capitals say where it ends, dropped (`<|tool_call_start|`, `[TOOL_CALLS`).
    Read only as the first thing of the content (_Table.slipped): mid-text `tool_call>` may be
    prose's, and a marker beginning with a letter would make every letter of prose a candidate."""
    if _OPENING_TAG_START.fullmatch(opener) is not None:
        return (f"< {opener[1:]}",)    # (`< function=f>`: a space after its `<`)
    if _OPENING_TOKEN.fullmatch(opener) is None:
        return ()
    left, inner, right = opener[0], opener[1:-1], opener[-1]
    # (its right delimiter doubled, `<tool_call>>`, the opener is whole: Block.resume)
    out = [inner + right, left + opener, f"{left} {inner}{right}", f"{left}{inner} {right}"]
    if left == "[" or inner[-1] in "|｜":
        out.append(left + inner)
    return tuple(out)


_TOKENS = re.compile(r"<[|｜][^<>\n]{1,64}?>|<[^<>|｜\n]{1,64}[|｜]>")


@functools.lru_cache(maxsize=1024)
def several_tokens(marker: str) -> bool:
    """Is `marker` made of several tokens, one of them a special token (Kimi K3's
    `<|open|>think<|sep|>`, Gemma 4's `<|channel>thought`, a ChatML `<|im_start|>assistant`)?
    Such a marker is one unit: matched, kept or removed whole, never its tokens one by one."""
    found = _TOKENS.findall(marker)
    return bool(found) and found != [marker]


# An element of a family written in tokens: a token of its own, a word (and attributes), a token
# (Kimi K3's `<|open|>call tool="f"<|sep|>`, `<|close|>response<|sep|>`), the shape some of its
# declared markers have.  Its first token is no marker alone: an element is markup whole, and
# prose that names the token (`<|open|>call, then…`) is text whole, never a token removed and its
# word left (issue 31).
_ELEMENT = re.compile(rf"({_TOKENS.pattern})[A-Za-z_][\w.\-]*(?:\s[^<>\n]*)?({_TOKENS.pattern})\Z")
_WORD = r"[A-Za-z_][\w.\-]{0,31}"
_ATTR = r'\s+[\w.\-:]{1,32}\s*=\s*"[^"<>\n]{0,128}"'       # key="value": prose words are none
_ATTRS = rf"(?:{_ATTR}){{0,8}}\s*"
_ATTRS_OPEN = rf'(?:{_ATTR}){{0,8}}(?:\s+[\w.\-:]{{0,32}}(?:\s*=\s*(?:"[^"<>\n]{{0,128}})?)?)?\s*'


@functools.lru_cache(maxsize=256)
def elements(f) -> tuple[frozenset, Shape | None]:
    """(the tokens that lead `f`'s elements, a Shape of its elements): found in the markers it
    declares (openers, closer), each lead one of its declared tokens (`specials`), so a made-up
    family of `<|a|>WORD<|b|>` markers has them as Kimi K3 has."""
    declared = (*f.openers, *f.tool_openers, *((f.closer,) if f.closer else ()))
    pairs = sorted({(m.group(1), m.group(2)) for x in declared
                    if (m := _ELEMENT.match(x)) is not None and m.group(1) in f.specials})
    if not pairs:
        return frozenset(), None
    parts: dict[str, list[str]] = {}
    prefix = []
    for lead, tail in pairs:
        parts.setdefault(lead[0], []).append(rf"{re.escape(lead)}{_WORD}{_ATTRS}{re.escape(tail)}")
        # every proper prefix: a part of the lead, or the lead, the word, attributes, part of the tail
        prefix += [re.escape(lead[:k]) for k in range(1, len(lead))]
        prefix.append(rf"{re.escape(lead)}(?:{_WORD}{_ATTRS_OPEN}(?:{'|'.join(re.escape(tail[:k]) for k in range(1, len(tail)))})?)?")
    reach = max(len(lead) + 32 + 8 * 200 + len(tail) for lead, tail in pairs)
    shape = Shape(f"element {f.name}", {c: "|".join(ps) for c, ps in parts.items()}, "|".join(sorted(set(prefix))),
                  near_re([lead for lead, _ in pairs]), reach, " ".join(f"{lead}WORD…{tail}" for lead, tail in pairs))
    return frozenset(lead for lead, _ in pairs), shape


# What reasoning="none" (thinking inline) watches outside calls: every thinking marker, kept
# in the content whole (a family's control token in one, Kimi K3's `<|sep|>`, is not removed
# from it), and the answer wrappers of several tokens, removed whole as their tokens would be.
_INLINE = (tuple(sorted({m for t in SYNTAXES if not t.start_only for m in t.opens + t.closes} - set(STRIP)))
           + tuple(m for m in STRIP if several_tokens(m)))


def whole_tag(marker: str) -> bool:
    """Is `marker` a whole tag (`<tool_call>`, `<minimax:tool_call>`), not a prefix (`<function=`)?
    Written alone as the whole content, it is markup: nobody answers with just `<tools>`."""
    return len(marker) > 2 and marker[0] == "<" and marker[-1] == ">" and ">" not in marker[1:-1]


_tables: dict[Watching, dict[tuple, Table]] = {}


def tables(fixed: Watching) -> dict[tuple, Table]:
    """The cache of the tables of one stream's fixed part (a Sieve keeps it: a lookup in it
    hashes only the few values of a TableKey, not the candidate formats)."""
    hit = _tables.get(fixed)
    if hit is None:
        if len(_tables) > 128:
            _tables.clear()
        hit = _tables[fixed] = {}
    return hit


@functools.lru_cache(maxsize=8)
def _shape_re(pattern: str):
    return re.compile(pattern).fullmatch


@functools.lru_cache(maxsize=1024)
def _name_prefix(pattern: str, marker: str) -> bool:
    """Is `marker` (`<tool:`, CWM's) a whole match of a shape's name prefix in a tag, which counts
    only before a name and its `(`, `{` or `:` (wrapped.WRAPPER's `<call:` then `NAME(…)/>`)?"""
    rx = re.compile(pattern)
    return marker[-1:] == ":" and any((m := rx.match(marker + c)) is not None and m.end() == len(marker)
                                      for c in ("f(", "f{", "f:"))


def marker_table(fixed: Watching, key: TableKey, cache: dict[tuple, Table] | None = None) -> Table:
    """The markers watched in one state; cached (in `cache`, else `tables(fixed)`), states are few.

    The Matcher finds markers anywhere; the Anchor, markers that count only as the first thing
    in the content (a bare `{` or `[`, plain-word thinking markers), which are never searched
    for through the text.
    """
    think = key.think
    # What decides the table: the content's start and a held region's closer count outside
    # thinking only, a fresh block inside it (so the owners' other values share a table).
    at_start = key.at_start and think is None
    fresh = key.fresh and think is not None
    held = key.held if think is None else None
    state = (at_start, fresh, think, held, key.family, key.span)
    if cache is None:
        cache = tables(fixed)
    hit = cache.get(state)
    if hit is None:
        if len(cache) > 64:
            cache.clear()
        hit = cache[state] = _build(fixed, TableKey._make(state))
    return hit


def _build(fixed: Watching, key: TableKey) -> Table:
    span, think, at_start, tools = key.span, key.think, key.at_start, fixed.tools
    if span is not None:                   # inside a span (a made-up tool result): only its end
        return Table(_compiled(Matcher, frozenset((span,))), {span: Action(Kind.SPAN_END)}, None)
    t = _Table()
    calls = think is None or fixed.calls_in_thinking
    if calls:
        for f in fixed.fmts:
            for m in f.openers + (f.tool_openers if tools else ()):
                t.call(m, f)
            if at_start:
                for m in f.start_openers + (tools if f.name_openers else ()):
                    t.call(m, f, start_only=True)
        t.shaped()
        t.garbled()
        if at_start:
            t.slipped()
        t.shaped()        # (a garbled opener, `<tool_call `, may be a shape's too: tool_attrs's)
    if fixed.reasoning and think is not None:
        _inside_thinking(t, think, key.fresh)
    elif fixed.reasoning:
        _outside_thinking(t, at_start, key.held)
    else:
        # Thinking inline (reasoning="none"): a marker is still one unit, so the family's
        # control tokens in it are not removed one by one (`<|open|>think<|sep|>` would read
        # `think`): see _INLINE.
        for m in _INLINE:
            t.add(m, Action(Kind.STRIP if m in STRIP else Kind.KEEP))
    for m in END_TOKENS:
        t.add_new(m, Action(Kind.STRIP))
    if think is None:
        # (text where a line goes on after it; the end of the stream decides: Sieve._close)
        for m in LAST_TOKENS:
            t.add_new(m + "\n", Action(Kind.KEEP))
    if at_start and calls and think is None:
        for f in key.family:
            for m in f.start_specials:
                # (for the family, its word is markup even where its own opener would decline it)
                if m not in t.actions or m in t.calls:
                    t.actions.pop(m, None)
                    t.calls.pop(m, None)
                    t.add(m, Action(Kind.CONTROL), start_only=True)
    for f in key.family:
        # A known family's inline annotation tags (Cohere's citations): markup in the content
        # and inside thinking alike, the words between them text (annotations.py).
        for m in annotation_tags(f):
            t.add_new(m, Action(Kind.ANNOTATION))
    if think is None:
        # (Inside thinking a family's tokens are part of the thought, as a held call's are.)
        tokens, spans = controls(fixed.fmts, key.family, fixed.extra, bool(tools))
        for m in tokens:
            t.add_new(m, Action(Kind.CONTROL))
        for m, closer in spans.items():
            t.add_new(m, Action(Kind.SPAN, closer=closer))
    return t.compiled()


class _Table:
    """A marker table being built: each marker's action, and where it counts."""

    def __init__(self) -> None:
        self.actions: dict[str, Action] = {}
        self.calls: dict[str, list[Format]] = {}    # a call opener's formats, growing
        self.canon: dict[str, str] = {}             # a garbled opener: the opener it stands for
        self.anywhere: set[str] = set()
        self.anchored: set[str] = set()      # only as the first thing in the content

    def add(self, marker: str, action: Action, start_only: bool = False) -> None:
        self.actions.setdefault(marker, action)
        (self.anchored if start_only else self.anywhere).add(marker)

    def call(self, marker: str, fmt: Format, start_only: bool = False) -> None:
        """`marker` opens a call that `fmt` may read (after the formats added before it)."""
        if marker not in self.actions:
            self.actions[marker] = Action(Kind.CALL)
            self.calls[marker] = []
        if marker in self.calls:
            self.calls[marker].append(fmt)
        (self.anchored if start_only else self.anywhere).add(marker)

    def shaped(self) -> None:
        """A format opened by a shape (any wrapper tag: formats/wrapped.py) is also the last
        candidate of every call opener of that shape (`<tool_call>`, `<|tool_call|>`): a known
        body under other tag names, which none of the opener's own formats reads, is its."""
        for s, fmts in list(self.calls.items()):
            if not isinstance(s, Shape):
                continue
            whole = _shape_re(s.pattern)
            for m, cands in self.calls.items():
                if not isinstance(m, Shape) and (whole(m) or _name_prefix(s.pattern, m)):
                    cands.extend(f for f in fmts if f not in cands)

    def garbled(self) -> None:
        """A tag opener written with its `>` garbled (`<tool_call|`, `<tool_call ` before the
        body: Qwen 3.7 / 3.8 through ModelScope, oh-my-pi#10376) opens the block the tag opens,
        read by the same formats: the garbled spelling is markup when a call follows, text when
        none does, as the opener's own is."""
        for m, fmts in list(self.calls.items()):
            if isinstance(m, Shape) or not _PLAIN_TAG.fullmatch(m):
                continue
            for g in (m[:-1] + "|", m[:-1] + " "):
                if g not in self.actions:
                    self.actions[g] = Action(Kind.CALL)
                    self.calls[g] = list(fmts)
                    self.canon[g] = m
                    (self.anywhere if m in self.anywhere else self.anchored).add(g)

    def slipped(self) -> None:
        """A call opener one delimiter off as the first thing of the content (`slips`) opens
        the opener's block, read by the same formats: markup when a call follows, text when
        none does, as `garbled`'s spellings are."""
        for m, fmts in list(self.calls.items()):
            if isinstance(m, Shape):
                continue
            for g in slips(m):
                if g not in self.actions:
                    self.actions[g] = Action(Kind.CALL)
                    self.calls[g] = list(fmts)
                    self.canon[g] = m
                    self.anchored.add(g)

    def add_new(self, marker: str, action: Action, start_only: bool = False) -> None:
        """Add `marker` unless it already has an action."""
        if marker not in self.actions:
            self.add(marker, action, start_only)

    def compiled(self) -> Table:
        anchored = self.anchored - self.anywhere
        table = {m: Action(Kind.CALL, tuple(self.calls[m]), canon=self.canon.get(m)) if a.kind is Kind.CALL else a
                 for m, a in self.actions.items()}
        shapes = [(m, a) for m, a in table.items() if isinstance(m, Shape)]
        if shapes:
            table[SHAPED] = shapes[0][1]
        if len(shapes) > 1:            # (which shape a match is: scan.action)
            # A narrower shape decides before the any-tag wrapper's call (`<deepseek_thought>`
            # is a thinking tag, reasoning.PREFIXED_TAG, though any tag may wrap a call).
            shapes.sort(key=lambda s: s[1].kind is Kind.CALL)
            table = Shaped(table, tuple((_shape_re(m.pattern), a) for m, a in shapes))
        # The compiled parts depend on the marker sets only, not on which tools were declared: a
        # request with a new tool list reuses them (compiling ~100 markers takes milliseconds).
        return Table(_compiled(Matcher, frozenset(self.anywhere)), table,
                     _compiled(Anchor, frozenset(anchored)) if anchored else None,
                     tuple(m for m, a in table.items() if a.kind in FAMILY_TOKENS and isinstance(m, str)))


_PREFIXED_OPEN = Action(Kind.THINK_OPEN, syntax=PREFIXED)


def _inside_thinking(t: _Table, think: OpenThinking, fresh: bool) -> None:
    """Inside a thinking block only its end matters (and, before its first words, an opener)."""
    for m in think.closes:
        t.actions[m] = Action(Kind.THINK_CLOSE, syntax=think)
        t.calls.pop(m, None)
        t.anywhere.add(m)
    if fresh and think.name != "any":
        # The block's own opener again before its first words (`<think><think>`): markup.
        for m in think.opens:
            t.add(m, Action(Kind.CONTROL), start_only=getattr(think, "start_only", False))
    if fresh and think.name == "any":
        # The prompt opened the block and nothing is written yet: a model that writes the
        # opener anyway (`<think>` again) wrote markup, and says which syntax it is.
        # Plain-word openers (Granite's) count only as its first words.
        for s in SYNTAXES:
            for m in s.opens:
                t.add(m, Action(Kind.THINK_OPEN, syntax=s), start_only=s.start_only)
        t.add(PREFIXED_TAG, _PREFIXED_OPEN)


def _outside_thinking(t: _Table, at_start: bool, held: OpenThinking | None) -> None:
    """Outside thinking: every syntax's openers, their closers (stray), answer wrappers."""
    for s in SYNTAXES:
        if s.start_only:                   # plain words: markers only as the first thing
            if at_start:
                for m in s.opens:
                    t.add(m, Action(Kind.THINK_OPEN, syntax=s), start_only=True)
            continue
        for m in s.opens:
            t.add(m, Action(Kind.THINK_OPEN, syntax=s))
        for m in s.closes:
            if m not in STRIP:             # (an answer wrapper that ends thinking: the answer's start)
                t.add(m, Action(Kind.STRAY_CLOSE, syntax=s))
    t.add(PREFIXED_TAG, _PREFIXED_OPEN)
    for m in STRIP:
        t.add(m, Action(Kind.STRIP))
    if held is not None:
        # A call held as a possible thought (Tentative): its thinking block's closer
        # decides it, plain words too (Granite's `Here is my response:`).
        for m in held.closes:
            t.add(m, Action(Kind.STRAY_CLOSE, syntax=held))


_candidates: dict = {}


def candidates(forced: Format | None, session: Session | None) -> tuple[tuple[Format, ...], tuple[str, ...]]:
    """(the formats a Sieve watches, their call wrappers' closing tags); cached: every request
    pays for a new Sieve, and these depend only on the registry, the `forced` (or derived)
    format and the session's remembered one."""
    from . import formats as registry
    derived = getattr(session, "derived", None)     # a format derived from the chat template
    pref = session.format if session is not None else None
    key = (forced, derived, pref, registry.count())   # (the registry only grows)
    hit = _candidates.get(key)
    if hit is not None:
        return hit
    if forced:
        fmts = [forced]
    else:
        fmts = [f for f in registry.all_formats() if f.openers or f.start_openers or f.tool_openers]
        if derived is not None:
            fmts.insert(0, derived)
        if pref:
            fmts.sort(key=lambda f: f.name != pref)      # the remembered format decides first
    closers = tuple(sorted({f.closer for f in fmts if f.closer and (special(f.closer) or whole_tag(f.closer))}))
    if len(_candidates) >= 256:                      # (derived formats: one per chat template)
        _candidates.clear()
    hit = _candidates[key] = (tuple(fmts), closers)
    return hit


_families: dict = {}


def family(fmts: tuple[Format, ...], names: set[str], derived: Format | None) -> tuple[Format, ...]:
    """The formats among `fmts` whose control tokens are all markup: those `names` (forced,
    detected in this turn, the session's seed) and the one `derived` from the chat template."""
    if not names and derived is None:
        return ()
    key = (fmts, frozenset(names), derived)     # (asked by every Sieve, for a few keys)
    hit = _families.get(key)
    if hit is None:
        if len(_families) >= 256:
            _families.clear()
        hit = _families[key] = tuple(f for f in fmts if f.name in names or f is derived)
    return hit


_vocabularies: dict = {}
_WHOLE_END = ">]|｜"                     # how a whole token ends; a tag's head ends in a word


def vocabulary(fam: tuple) -> frozenset:
    """The special tokens of a family's formats: never content (a false start is markup).
    Only whole ones: an opener that is the head of a tag whose rest the model writes on
    (`<｜DSML｜invoke` then ` name="…">`, Kimi K3's `<|open|>message`) is, unclaimed, the text
    of prose that quotes the tag; as markup it would vanish and leave the rest (issue 31).  So
    is the token that leads an element (`<|open|>`: elements)."""
    hit = _vocabularies.get(fam)
    if hit is None:
        if len(_vocabularies) >= 256:
            _vocabularies.clear()
        hit = _vocabularies[fam] = frozenset(t for f in fam for t in f.vocabulary()
                                             if special(t) and t[-1] in _WHOLE_END
                                             and t not in elements(f)[0])
    return hit



_compiled_cache: dict = {}


def _compiled(kind, markers: frozenset):
    hit = _compiled_cache.get((kind, markers))
    if hit is None:
        if len(_compiled_cache) > 256:
            _compiled_cache.clear()
        hit = _compiled_cache[(kind, markers)] = kind(markers)
    return hit


