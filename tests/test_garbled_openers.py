"""A block opener one delimiter off (markers.slips: `tool_call>`, `< tool_call>`, `<<tool_call>`,
`<tool_call >`; Block.resume: `<tool_call>>`, `[TOOL_CALL]]`; `|tool_call_start|>`, `<|tool_call_start|` before its body,
`[TOOL_CALLS`, `TOOL_CALLS]`) as the first thing of the content opens the opener's block: the
call as written, the slip its markup, in any chunking.  Every registered family whose example is
a tag opener, a body and its closer × every slip: a made-up variant set, not cases.  Only where
it is safe: before prose, or naming a tool nobody declared, the slip is text, whole; mid-text it
opens nothing (a `>` or a word of a sentence)."""
import pytest

from helpers import check
from test_generality_bends import KNOWN_WRAPPERS

from callsieve import parse
from callsieve.markers import slips

_CASES = [(fam, slip, body + closer, tools, calls)
          for fam, opener, body, closer, tools, calls in KNOWN_WRAPPERS for slip in (*slips(opener), opener + opener[-1])]
_SLIPS = [(o, s) for _, o, *_ in KNOWN_WRAPPERS for s in slips(o)] + [
    ("[TOOL_CALLS]", s) for s in slips("[TOOL_CALLS]")]


def test_every_family_has_its_slips():
    """(the variant set is not empty: every tag-opened family's opener yields its slips)"""
    assert len(KNOWN_WRAPPERS) >= 15 and len(_CASES) >= 4 * len(KNOWN_WRAPPERS)


@pytest.mark.parametrize("fam,slip,rest,tools,calls", _CASES, ids=[f"{c[0]}:{c[1]}" for c in _CASES])
def test_a_slipped_opener_at_the_start_of_the_content_opens_its_block(fam, slip, rest, tools, calls):
    text = slip + rest
    check(text, tools=tools, calls=calls, content="")


@pytest.mark.parametrize("opener,slip", _SLIPS)
def test_a_slipped_opener_before_prose_is_text(opener, slip):
    text = slip + "see the docs for how this tag is written."
    check(text, tools=[{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
          calls=[], content=text)


@pytest.mark.parametrize("fam,slip,rest,tools,calls", _CASES[::3], ids=[f"{c[0]}:{c[1]}" for c in _CASES[::3]])
def test_a_slipped_opener_before_an_undeclared_tool_runs_nothing(fam, slip, rest, tools, calls):
    other = [{"type": "function", "function": {"name": "zz_other", "parameters": {"type": "object"}}}]
    msg = parse(slip + rest, tools=other)
    assert not msg.tool_calls, (slip + rest, msg.tool_calls)


@pytest.mark.parametrize("slip", ["tool_call>", "< tool_call>", "TOOL_CALLS]", "[TOOL_CALLS", "<<tool_call>"])
def test_a_slipped_opener_mid_sentence_runs_nothing(slip):
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    text = f'Write {slip}{{"name": "f", "arguments": {{"a": 1}}}} like that, then stop.'
    check(text, tools=tools, calls=[], content=text)


def test_a_tag_start_spaced_after_its_less_than_at_the_start_of_the_content_opens_its_block():
    """`< function=f>` (Qwen3-Coder's call tag, a space after its `<`) as the first thing of the
    content: the call as written; before prose, text."""
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    assert slips("<function=") == ("< function=",)
    text = "< function=f>\n<parameter=a>\n1\n</parameter>\n</function>"
    check(text, tools=tools, calls=[("f", {"a": 1})], content="")
    check("< function=x means a keyword argument", tools=tools, calls=[],
          content="< function=x means a keyword argument")
