"""What callsieve asks of an engine's tokenizer, without the engine."""
import gc

from callsieve.integrations.markers import markers_are_special


class Tokenizer:
    def __init__(self, added):
        self.added = added

    def get_added_vocab(self):
        return dict.fromkeys(self.added, 0)


def test_each_tokenizer_gets_its_own_answer_even_after_another_is_gone():
    # A cache keyed by id() gave a new tokenizer at a reused address the old one's answer:
    # the engine then stripped (or kept) special tokens for the wrong model.
    for _ in range(50):
        assert markers_are_special(Tokenizer(["<tool_call>", "</tool_call>"])) is True
        gc.collect()
        assert markers_are_special(Tokenizer(["<pad>"])) is False
        gc.collect()


def test_a_tokenizer_that_cannot_be_weakly_referenced_still_gets_an_answer():
    class Slotted:
        __slots__ = ()

        def get_added_vocab(self):
            return {"[THINK]": 1}

    assert markers_are_special(Slotted()) is True


def test_every_thinking_syntax_can_be_asked_of_a_vocabulary():
    # A syntax with no opener of its own (one that only closes what the prompt opened) made the
    # question raise, and vLLM then refused the parser for every tokenizer.
    from callsieve.integrations.markers import thinking_syntax
    from callsieve.reasoning import SYNTAXES

    class Vocab:
        def __init__(self, words):
            self.words = words

        def get_vocab(self):
            return dict.fromkeys(self.words, 0)

    assert thinking_syntax(Vocab(["hello"])) is None
    for t in SYNTAXES:
        if t.opens and not t.start_only:
            assert thinking_syntax(Vocab([*t.opens, *t.closes])) is not None


def test_the_special_marker_tokens_of_a_tokenizer_and_where_a_step_has_them():
    """special_ids: the added tokens whose text callsieve reads (not `<pad>`); Specials.at: where a
    step's special marker tokens are in its text, a marker spelled with ordinary ids not among them,
    and a token whose text comes a step after its id found there."""
    from callsieve.integrations.markers import Specials, special_ids

    class Vocab(Tokenizer):
        def get_added_vocab(self):
            return {t: 100 + i for i, t in enumerate(self.added)}

    tok = Vocab(["[TOOL_CALLS]", "[THINK]", "<pad>"])
    assert special_ids(tok) == {100: "[TOOL_CALLS]", 101: "[THINK]"}
    text = {1: "[", 2: "TOOL", 3: "_CALLS", 4: "]", 5: "run", 100: "[TOOL_CALLS]", 101: "[THINK]"}
    sp = Specials(special_ids(tok), lambda ids: "".join(text[i] for i in ids))
    assert sp.at("run", [5]) == []                         # most steps: none
    # a quote spelled with ordinary tokens, then the model's own token, in one step
    assert sp.at("[TOOL_CALLS]run[TOOL_CALLS]", [1, 2, 3, 4, 5, 100]) == [15]
    assert sp.at("", [101]) == []                          # its text held back a step…
    assert sp.at("x[THINK]", [5]) == [1]                    # …is found in the next


def test_a_tokenizer_without_an_added_vocabulary_gives_its_special_tokens_ids():
    from callsieve.integrations.markers import special_ids

    class Plain:
        all_special_tokens = ["<s>", "[TOOL_CALLS]"]

        def get_vocab(self):
            return {"<s>": 1, "[TOOL_CALLS]": 9, "hello": 3}

    assert special_ids(Plain()) == {9: "[TOOL_CALLS]"}
