"""Mutated real outputs: the corpus of tests/real_outputs bent the way a stream bends a model's
markup (a span dropped or doubled, a piece of another family's output spliced in, a cut-off,
a stray delimiter), and the promises still hold.  Fed whole, one character at a time and in
random chunks, each mutant gives the same message (calls, content, reasoning, incomplete
calls); every character comes out once, as text, reasoning or markup.

The shapes below the property are the ones it found (each a rule of its family or of the core,
minimised); they stay as examples so that they are tried on every run.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from callsieve import parse
from helpers import accounted, feed, split
from real_outputs.cases import CASES

TEXTS = [c.text for c in CASES]
STRAYS = '"\\{}[]<>/\n :,=|'


def got(msg):
    return ([(c.name, c.arguments) for c in msg.tool_calls], msg.content, msg.reasoning,
            [(c.name, c.arguments) for c in msg.incomplete])


def tools(*names):
    return [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {}}}}
            for n in names]


def holds(text: str, sizes: list[int], **kw) -> None:
    whole = got(parse(text, **kw))
    for chunks in (split(text, [1]), split(text, sizes)):
        msg, _ = feed(text, chunks, **kw)
        assert got(msg) == whole, f"chunks {chunks[:8]}"
    for chunks in ([text], split(text, [1]), split(text, sizes)):
        _, evs = feed(text, chunks, markup=True, **kw)
        accounted(text, evs)


@st.composite
def mutants(draw):
    """(text, Sieve keyword arguments): a corpus case with one to three mutations."""
    case = draw(st.sampled_from(CASES))
    text = case.text
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(("drop", "double", "splice", "cut", "stray")))
        n = draw(st.integers(1, 30))
        if op == "drop":
            text = text[:i] + text[i + n:]
        elif op == "double":
            text = text[:i] + text[i:i + n] + text[i:]
        elif op == "splice":
            other = draw(st.sampled_from(TEXTS))
            a = draw(st.integers(0, len(other)))
            text = text[:i] + other[a:a + 2 * n] + text[i:]
        elif op == "cut":
            text = text[:i]
        else:
            text = text[:i] + draw(st.sampled_from(STRAYS)) + text[i:]
    return text, {"tools": case.tool_list(), **case.kw}


@given(mutants(), st.lists(st.integers(1, 9), min_size=1, max_size=7))
def test_mutated_real_outputs_keep_every_promise(mutant, sizes):
    text, kw = mutant
    holds(text, sizes, **kw)


FOUND = [
    # a line opener given back after a held look rescanned from a negative index (lost "[\n")
    ("\n[\n[", ["file_toolkit"]),
    # text sent from inside a block (muse's to=self) went out again when the block was given back
    ("to=self<|message|>x<|start|>assistantc", ["get_weather"]),
    ("to=self<|message|>><|start|>assistant<", ["get_weather"]),
    # decide() said YES on a word the next character turned into another one
    ("<|channel|>analysise", None),
    ("<function=run_tests\n></function>", ["run_tests"]),
    ("```tool_code\nsearch (s=", ["search"]),
    # a token waited for after only whitespace had come
    ("<|start|>assistant to=user<|message|>><|start|>assistantto=\nc", ["get_weather"]),
    ("[k(m==<|message|>", ["book"]),          # `k(m=` is no call yet: `==` compares
    # an escaped Inkling payload broken inside: its error took the text after the block
    ("<|message_model|>web_fetch<|content_invoke_tool_json|>{&quot;name&quot:&quot\"<|end_message|>u", ["web_fetch"]),
    # a header rewound to before the text a streamed call had let go
    ("<channel|>commentary to=functions.read_file<|constrain|>n<|message|><|channel|>entaryssage|", ["read_file"]),
    ("<channel|>commentary to=functions.read_file<|constrain|>n<|message|><|channel|>e <|constral", ["read_file"]),
]


@pytest.mark.parametrize("text,names", FOUND)
def test_shapes_the_mutants_found(text, names):
    holds(text, [2, 3, 5], tools=tools(*names) if names else None)


def test_a_muse_block_that_thought_is_never_given_back_as_text():
    msg = parse("to=self<|message|>x<|start|>assistantc", tools=tools("get_weather"))
    assert (msg.reasoning, msg.content) == ("x", "c")


def test_an_object_value_with_adjacent_strings_is_kept_as_written():
    # Python would join "query" "query"; the model mistyped an object, and its text is kept (in a
    # call that is not runnable: no object parses from it, issue 35).
    schema = [{"type": "function", "function": {"name": "spawn", "parameters": {
        "type": "object", "properties": {"params": {"type": "object"}}}}}]
    value = '{"intent": "query" "query", "mode": "query"}'
    msg = parse(f"<function=spawn>\n<parameter=params>\n{value}\n</parameter>\n</function>", tools=schema)
    assert msg.tool_calls == []
    assert [(c.name, c.arguments) for c in msg.incomplete] == [("spawn", {"params": value})]
    msg = parse("<function=spawn>\n<parameter=params>\n{'intent': 'q', 'ok': True}\n</parameter>\n</function>",
                tools=schema)
    assert msg.tool_calls[0].arguments == {"params": {"intent": "q", "ok": True}}

