"""What the engines' tokenizers say about callsieve's markers (standard library only)."""
from __future__ import annotations

import weakref

from callsieve import formats
from callsieve.reasoning import SYNTAXES

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
