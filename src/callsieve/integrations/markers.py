"""What the engines' tokenizers say about callsieve's markers (standard library only)."""
from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence

from callsieve import formats
from callsieve.reasoning import END_TOKENS, STRIP, SYNTAXES

# Every marker callsieve reads; if the tokenizer has one as a special token, the engine must not
# strip special tokens from the text it hands the parser.
MARKERS = frozenset(
    [m for f in formats.table() for m in (*f["markers"], f["closer"]) if m]
    + [m for t in SYNTAXES for m in (*t.opens, *t.closes)])
# Keyed by the tokenizer itself, weakly: an id() would be reused by a later tokenizer once the
# first is gone, which would then get the first one's answer.
_special: "weakref.WeakKeyDictionary[object, bool]" = weakref.WeakKeyDictionary()


def markers_are_special(tokenizer) -> bool:
    try:
        return _special[tokenizer]
    except (KeyError, TypeError):   # TypeError: not weakly referable (or unhashable): not cached
        pass
    try:
        special = set(tokenizer.get_added_vocab())
    except Exception:
        special = set(getattr(tokenizer, "all_special_tokens", ()) or ())
    answer = bool(special & MARKERS)
    try:
        _special[tokenizer] = answer
    except TypeError:
        pass
    return answer


def thinking_syntax(tokenizer):
    """The thinking syntax the model's tokenizer has as tokens of their own (Qwen3's `<think>`,
    Magistral's `[THINK]`), or None: the markers an engine's thinking budget or grammar gate
    forces and waits for."""
    try:
        vocab = tokenizer.get_vocab()
    except Exception:
        return None
    # (a syntax with no opener, such as Apriel's answer marker, only closes what the prompt opened)
    return next((t for t in SYNTAXES if not t.start_only and t.opens and t.opens[0] in vocab
                 and t.closes[0] in vocab), None)


# Every text callsieve reads as markup (openers, closers, control tokens, thinking markers, answer
# wrappers, end-of-turn tokens): a tokenizer's special token with one of these texts is a marker
# whose spelling the engine's token ids tell (callsieve.spelling).
READ = MARKERS | frozenset(
    [t for f in formats.all_formats() for t in f.vocabulary() if isinstance(t, str)] + [*END_TOKENS, *STRIP])
_ids: "weakref.WeakKeyDictionary[object, dict[int, str]]" = weakref.WeakKeyDictionary()


def special_ids(tokenizer) -> dict[int, str]:
    """{token id: text} of the tokenizer's added (special) tokens whose text callsieve reads; computed
    once per tokenizer, cached weakly as markers_are_special is."""
    try:
        return _ids[tokenizer]
    except (KeyError, TypeError):
        pass
    try:
        added = dict(tokenizer.get_added_vocab())
    except Exception:
        added = {}
    if not added:      # (a tokenizer with no added vocabulary to show: its special tokens' ids)
        try:
            vocab = tokenizer.get_vocab()
            added = {t: vocab[t] for t in getattr(tokenizer, "all_special_tokens", ()) or () if t in vocab}
        except Exception:
            added = {}
    table = {i: t for t, i in added.items() if t in READ and isinstance(i, int)}
    try:
        _ids[tokenizer] = table
    except TypeError:
        pass
    return table


_NONE: list[int] = []     # (never changed: the Sieve only reads it)


class Specials:
    """One stream's special marker tokens: where, in the text each engine step hands the parser, the
    texts of the step's special marker tokens start (the Sieve's `special`: a marker spelled with
    ordinary tokens is then text).  `table`: special_ids; `decode`: token ids to text."""

    # steps a token's text may lag behind its id: a detokenizer holds text back, and SGLang's
    # reasoning parser may hold a whole stretch before its tool parser sees it (a token whose text
    # never comes, one the reasoning parser consumed, is forgotten after that)
    WAIT = 256

    __slots__ = ("table", "ids", "texts", "decode", "waiting", "age")

    def __init__(self, table: dict[int, str], decode: Callable[[list[int]], str]):
        self.table, self.decode = table, decode
        self.ids = frozenset(table)
        self.texts = tuple(sorted(set(table.values())))   # the Sieve's special_tokens
        self.waiting: list[int] = []   # ids of an earlier step whose text has not come yet
        self.age = 0

    def at(self, text: str, ids: Sequence[int]) -> list[int]:
        """The offsets in `text` (a step's text, `ids` its token ids) where a special marker token's
        text starts (most steps hold none: one set test)."""
        if not self.waiting and self.ids.isdisjoint(ids):
            return _NONE
        seq, self.waiting = self.waiting + list(ids), []
        out: list[int] = []
        late: list[int] = []
        est = cursor = 0
        run: list[int] = []
        for tid in seq:
            t = self.table.get(tid)
            if t is None:
                run.append(tid)
                continue
            if run:     # the ordinary tokens before it: about this much text
                est, run = est + len(self.decode(run)), []
            # the copy of its text nearest to where the ordinary tokens before it end (a quote
            # of the same marker may come before it, or after it, in the same step)
            i = text.rfind(t, cursor, est + len(t))
            j = text.find(t, max(cursor, est))
            if i < 0 or 0 <= j - est < est - i:
                i = j
            if i < 0:   # not in this step's text (yet): looked for in the next steps' for a while
                late.append(tid)
                continue
            out.append(i)
            cursor = est = i + len(t)
        self.age = self.age + 1 if late else 0
        if late and self.age <= self.WAIT:
            self.waiting = late
        return out


def specials(tokenizer, decode: Callable[[object, list[int]], str]) -> Specials | None:
    """A stream's Specials for `tokenizer` (None when it has no special marker token: nothing to tell)."""
    table = special_ids(tokenizer)
    return Specials(table, lambda ids: decode(tokenizer, ids)) if table else None
