"""What the scanner watches for in each state: call openers, thinking markers, answer wrappers.

One table per state (formats, at the start of the content or not, declared tools, the open
thinking block, reasoning on, calls on), built once and cached: a Sieve switches between a few.
"""
from __future__ import annotations

import functools
import re

from .reasoning import END_TOKENS, STRIP, SYNTAXES
from .scan import SHAPED, Anchor, Matcher, Shape

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
_CONTROL = re.compile(r"\A(?:</?[|｜][^\n]{1,64}>|<[^\n]{1,64}[|｜]>|\[/?[A-Z][A-Z_]*\])\Z")


@functools.lru_cache(maxsize=1024)
def control_shape(token: str) -> bool:
    """Is `token` shaped like a special token (so markup even when its family is not known yet)?
    A plain tag (`<tool_response>`) or words may be prose: markup only for a known family."""
    return _CONTROL.match(token) is not None


_TAIL = re.compile(r"(?:\s*</[^<>\n]{1,48}>)+\s*\Z")
_CLOSING = re.compile(r"</[^<>\n]{1,48}>")


@functools.lru_cache(maxsize=256)
def tails(f) -> tuple[str, ...]:
    """The closing tags a family's block ends with, markup where no block of it is open: a
    server that drained a block's opening (or a model echoing one) leaves its closers after the
    answer (`…running.</parameter></function></tool_call>`).  A run of two or more of them, as
    its example ends (innermost first, glued or one per line), and each special-token closer of
    its wrapper or body (`</｜DSML｜invoke>`): prose writes neither bare."""
    m = _TAIL.search(f.example or "")
    tags = _CLOSING.findall(m.group()) if m else []
    out: set[str] = set()
    for i in range(len(tags) - 1):
        out.update(("".join(tags[i:]), "\n".join(tags[i:])))
    out.update(t for t in (*tags, *getattr(f, "closes", ())) if t.startswith("</") and special(t))
    return tuple(sorted(out))


def controls(fmts: tuple, family: tuple, extra: tuple = ()) -> tuple:
    """(control tokens, {span opener: closer}) to watch: every candidate family's tokens of the
    special-token shape, all of the tokens of `family` (the detected or pre-seeded formats), and
    `extra` (those the session's chat template writes)."""
    spans: dict[str, str]
    tokens, spans = set(extra), {}
    for f in fmts + family:
        mine = f in family
        tokens.update(t for t in (*f.specials, *f.ends, *((f.closer,) if f.closer else ()))
                      if mine or control_shape(t))
        tokens.update(tails(f))
        for o, c in f.spans:
            if mine or control_shape(o):
                spans.setdefault(o, c)
    return tuple(sorted(tokens - set(spans))), spans


_TOKENS = re.compile(r"<[|｜][^<>\n]{1,64}?>|<[^<>|｜\n]{1,64}[|｜]>")


@functools.lru_cache(maxsize=1024)
def several_tokens(marker: str) -> bool:
    """Is `marker` made of several tokens, one of them a special token (Kimi K3's
    `<|open|>think<|sep|>`, Gemma 4's `<|channel>thought`, a ChatML `<|im_start|>assistant`)?
    Such a marker is one unit: matched, kept or removed whole, never its tokens one by one."""
    found = _TOKENS.findall(marker)
    return bool(found) and found != [marker]


# What reasoning="none" (thinking inline) watches outside calls: every thinking marker, kept
# in the content whole (a family's control token in one, Kimi K3's `<|sep|>`, is not removed
# from it), and the answer wrappers of several tokens, removed whole as their tokens would be.
_INLINE = (tuple(sorted({m for t in SYNTAXES if not t.start_only for m in t.opens + t.closes} - set(STRIP)))
           + tuple(m for m in STRIP if several_tokens(m)))


def whole_tag(marker: str) -> bool:
    """Is `marker` a whole tag (`<tool_call>`, `<minimax:tool_call>`), not a prefix (`<function=`)?
    Written alone as the whole content, it is markup: nobody answers with just `<tools>`."""
    return len(marker) > 2 and marker[0] == "<" and marker[-1] == ">" and ">" not in marker[1:-1]


_tables: dict = {}


@functools.lru_cache(maxsize=8)
def _shape_re(pattern: str):
    return re.compile(pattern).fullmatch


def marker_table(fmts: tuple, at_start: bool, tools: tuple, think, reasoning: bool, calls: bool,
                 fresh: bool = False, held=None, family: tuple = (), span: str | None = None,
                 extra: tuple = ()):
    """(Matcher, {marker: action}, Anchor or None) for one scanner state; cached, states are few.

    The Matcher finds markers anywhere; the Anchor, markers that count only as the first thing
    in the content (a bare `{` or `[`, plain-word thinking markers), which are never searched
    for through the text.
    """
    key = (fmts, at_start, tools, think, reasoning, calls, fresh, held, family, span, extra)
    hit = _tables.get(key)
    if hit is not None:
        return hit
    if span is not None:                   # inside a span (a made-up tool result): only its end
        hit = _tables[key] = (_compiled(Matcher, frozenset((span,))), {span: ("span_end", None)}, None)
        return hit
    t = _Table()
    if calls:
        for f in fmts:
            for m in f.openers + (f.tool_openers if tools else ()):
                t.add(m, "call", f)
            if at_start:
                for m in f.start_openers + (tools if f.name_openers else ()):
                    t.add(m, "call", f, start_only=True)
        t.shaped()
    if reasoning and think is not None:
        _inside_thinking(t, think, fresh)
    elif reasoning:
        _outside_thinking(t, at_start, held)
    else:
        # Thinking inline (reasoning="none"): a marker is still one unit, so the family's
        # control tokens in it are not removed one by one (`<|open|>think<|sep|>` would read
        # `think`): see _INLINE.
        for m in _INLINE:
            t.add(m, "strip" if m in STRIP else "keep")
    for m in END_TOKENS:
        t.add_new(m, "strip")
    if at_start and calls and think is None:
        for f in family:
            for m in f.start_specials:
                # (for the family, its word is markup even where its own opener would decline it)
                if t.actions.get(m, ("call",))[0] == "call":
                    t.actions.pop(m, None)
                    t.add(m, "control", start_only=True)
    if think is None:
        # (Inside thinking a family's tokens are part of the thought, as a held call's are.)
        tokens, spans = controls(fmts, family, extra)
        for m in tokens:
            t.add_new(m, "control")
        for m, closer in spans.items():
            t.add_new(m, "span", closer)
    hit = t.compiled()
    if len(_tables) > 512:
        _tables.clear()
    _tables[key] = hit
    return hit


class _Table:
    """A marker table being built: each marker's action, and where it counts."""

    def __init__(self):
        self.actions: dict[str, tuple] = {}
        self.anywhere: set[str] = set()
        self.anchored: set[str] = set()      # only as the first thing in the content

    def add(self, marker, kind, arg=None, start_only=False):
        if kind == "call":
            self.actions.setdefault(marker, ("call", []))[1].append(arg)
        else:
            self.actions.setdefault(marker, (kind, arg))
        (self.anchored if start_only else self.anywhere).add(marker)

    def shaped(self) -> None:
        """A format opened by a shape (any wrapper tag: formats/wrapped.py) is also the last
        candidate of every call opener of that shape (`<tool_call>`, `<|tool_call|>`): a known
        body under other tag names, which none of the opener's own formats reads, is its."""
        for s, (kind, fmts) in list(self.actions.items()):
            if kind != "call" or not isinstance(s, Shape):
                continue
            whole = _shape_re(s.pattern)
            for m, (k, cands) in self.actions.items():
                if k == "call" and not isinstance(m, Shape) and whole(m):
                    cands.extend(f for f in fmts if f not in cands)

    def add_new(self, marker, kind, arg=None, start_only=False):
        """Add `marker` unless it already has an action."""
        if marker not in self.actions:
            self.add(marker, kind, arg, start_only)

    def compiled(self) -> tuple:
        anchored = self.anchored - self.anywhere
        table = {m: (a[0], tuple(a[1]) if a[0] == "call" else a[1]) for m, a in self.actions.items()}
        for m, a in table.items():
            if isinstance(m, Shape):
                table[SHAPED] = a
                break
        # The compiled parts depend on the marker sets only, not on which tools were declared: a
        # request with a new tool list reuses them (compiling ~100 markers takes milliseconds).
        return (_compiled(Matcher, frozenset(self.anywhere)), table,
                _compiled(Anchor, frozenset(anchored)) if anchored else None)


def _inside_thinking(t: _Table, think, fresh: bool) -> None:
    """Inside a thinking block only its end matters (and, before its first words, an opener)."""
    for m in think.closes:
        t.actions[m] = ("think_close", think)
        t.anywhere.add(m)
    if fresh and think.name != "any":
        # The block's own opener again before its first words (`<think><think>`): markup.
        for m in think.opens:
            t.add(m, "control", start_only=think.start_only)
    if fresh and think.name == "any":
        # The prompt opened the block and nothing is written yet: a model that writes the
        # opener anyway (`<think>` again) wrote markup, and says which syntax it is.
        # Plain-word openers (Granite's) count only as its first words.
        for s in SYNTAXES:
            for m in s.opens:
                t.add(m, "think_open", s, start_only=s.start_only)


def _outside_thinking(t: _Table, at_start: bool, held) -> None:
    """Outside thinking: every syntax's openers, their closers (stray), answer wrappers."""
    for s in SYNTAXES:
        if s.start_only:                   # plain words: markers only as the first thing
            if at_start:
                for m in s.opens:
                    t.add(m, "think_open", s, start_only=True)
            continue
        for m in s.opens:
            t.add(m, "think_open", s)
        for m in s.closes:
            if m not in STRIP:             # (an answer wrapper that ends thinking: the answer's start)
                t.add(m, "stray_close", s)
    for m in STRIP:
        t.add(m, "strip")
    if held is not None:
        # A call held as a possible thought (Tentative): its thinking block's closer
        # decides it, plain words too (Granite's `Here is my response:`).
        for m in held.closes:
            t.add(m, "stray_close", held)


_candidates: dict = {}


def candidates(forced, session) -> tuple:
    """(the formats a Sieve watches, their call wrappers' closing tags); cached: every request
    pays for a new Sieve, and these depend only on the registry, the `forced` (or derived)
    format and the session's remembered one."""
    from . import formats as registry
    derived = getattr(session, "derived", None)     # a format derived from the chat template
    pref = session.format if session is not None else None
    registry._load()
    key = (forced, derived, pref, len(registry._REGISTRY))   # (the registry only grows)
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


def family(fmts: tuple, names: set, derived) -> tuple:
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


def vocabulary(fam: tuple) -> frozenset:
    """The special tokens of a family's formats: never content (a false start is markup)."""
    hit = _vocabularies.get(fam)
    if hit is None:
        if len(_vocabularies) >= 256:
            _vocabularies.clear()
        hit = _vocabularies[fam] = frozenset(t for f in fam for t in f.vocabulary() if special(t))
    return hit


_compiled_cache: dict = {}


def _compiled(kind, markers: frozenset):
    hit = _compiled_cache.get((kind, markers))
    if hit is None:
        if len(_compiled_cache) > 256:
            _compiled_cache.clear()
        hit = _compiled_cache[(kind, markers)] = kind(markers)
    return hit


