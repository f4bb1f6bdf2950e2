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
