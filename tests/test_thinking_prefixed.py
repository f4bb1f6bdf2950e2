"""A thinking tag by its role word behind a model's or vendor's prefix (hunt o, issue 31):
`<deepseek_thought>`, `<model-thinking>`, `<ns:reasoning>`, `<M2_7think>` open a thinking block
where a plain `<think>` would, and their own closer ends it (reasoning.PREFIXED_TAG, a scan.Shape:
no list of prefixes).  Made-up prefixes × separators × role words, under many chunkings
(helpers.check).  A prefix joined with nothing counts only when it ends with a digit (a model's
version): `<overthink>` is a word; a prefixed tag in a sentence, or a tag naming no role, is text."""
import pytest

from callsieve.reasoning import ROLE_WORDS
from helpers import check, tools

WEATHER = tools("get_weather")
HERMES_CALL = ('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>',
               [("get_weather", {"city": "Oslo"})])
# (prefix, separator): made-up vendors, namespaces, versions; each joined as models write them
PREFIXES = [("acme", "_"), ("zeta.v2", "-"), ("ns", ":"), ("Qx9", ""), ("M2_7", ""), ("my-model", "_"),
            ("lab3", ":"), ("Orbit", "-")]


def tag(prefix, sep, word):
    return f"{prefix}{sep}{word}"


@pytest.mark.parametrize("word", ROLE_WORDS)
@pytest.mark.parametrize("prefix,sep", PREFIXES)
@pytest.mark.parametrize("layout", ["<{t}>{r}</{t}>{a}", "<{t}>\n{r}\n</{t}>\n\n{a}"])
def test_a_prefixed_block_then_an_answer(word, prefix, sep, layout):
    t = tag(prefix, sep, word)
    text = layout.format(t=t, r="Weigh both options.", a="Take the train.")
    check(text, reasoning="Weigh both options.", content="Take the train.", calls=[])


@pytest.mark.parametrize("word", ["thought", "reasoning"])
@pytest.mark.parametrize("prefix,sep", PREFIXES[:4])
@pytest.mark.parametrize("thinking", [None, False])
def test_a_prefixed_block_then_a_call(word, prefix, sep, thinking):
    t = tag(prefix, sep, word)
    body, calls = HERMES_CALL
    kw = {} if thinking is None else {"thinking": thinking}
    check(f"<{t}>Need the forecast.</{t}>\n{body}", tools=WEATHER, reasoning="Need the forecast.",
          content="", calls=calls, **kw)


@pytest.mark.parametrize("prefix,sep", PREFIXES[:4])
def test_kept_whole_when_reasoning_is_not_separated(prefix, sep):
    t = tag(prefix, sep, "think")
    text = f"<{t}>Weigh it.</{t}>\nDone."
    check(text, reasoning_mode="none", content=text, reasoning="")


@pytest.mark.parametrize("word", ["overthink", "rethink", "forethought", "groupthink", "unreasoning"])
@pytest.mark.parametrize("declared", [False, True])
def test_a_word_ending_in_a_role_word_is_no_tag(word, declared):
    text = f"Don't <{word}>it</{word}> - the answer is 4.\n<{word}>\nstill text</{word}>"
    check(text, content=text, reasoning="", calls=[], **({"tools": WEATHER} if declared else {}))


@pytest.mark.parametrize("prefix,sep", PREFIXES)
def test_a_prefixed_tag_named_in_a_sentence_is_a_word(prefix, sep):
    t = tag(prefix, sep, "thought")
    text = f"Models write <{t}> around their plan, then </{t}> after it."
    check(text, content=text, reasoning="")


@pytest.mark.parametrize("t", ["acme_plan", "ns:notes", "think_fast_x", "thoughts_log", "M2_7"])
def test_a_prefixed_tag_naming_no_role_stays_text(t):
    text = f"<{t}>Weigh it.</{t}>\nDone."
    check(text, content=text, reasoning="")


def test_a_prefixed_block_in_a_fence_stays_text():
    text = "```xml\n<acme_think>plan</acme_think>\n```\nDone."
    check(text, content=text, reasoning="")


def test_a_family_token_keeps_its_own_reading():
    check("<seed:think>a</seed:think>b", reasoning="a", content="b")
    check("<mm:think>a</mm:think>b", reasoning="a", content="b")
