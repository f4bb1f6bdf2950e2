"""The thinking state (Thought), a call held in thinking (Tentative) and the calls' counters
(Calls), each alone: their moves and their save/restore round trips."""
from types import SimpleNamespace

from callsieve.calls import Calls
from callsieve.events import Reasoning, Text, ToolCallArgs, ToolCallEnd, ToolCallStart
from callsieve.layout import Lead
from callsieve.held import Tentative
from callsieve.reasoning import ANY_THINK, SYNTAXES, Thought

THINK = SYNTAXES[0]                          # <think>…</think>


def test_outside_then_inside_then_outside():
    th = Thought("auto", None)
    assert not th.inside and not th.to_reasoning and th.calls_now and not th.seen
    th.opened(THINK)
    assert th.inside and th.to_reasoning and not th.calls_now and th.seen
    assert th.closed() is Lead.LAYOUT
    assert not th.inside and th.seen


def test_reasoning_none_keeps_thinking_in_the_content():
    th = Thought("none", True)
    assert not th.inside                     # thinking off: no block the prompt opened
    th.opened(THINK)
    assert th.inside and not th.to_reasoning


def test_legacy_keeps_the_whitespace_after_a_closer():
    th = Thought("deepseek-legacy", None)
    th.opened(THINK)
    assert th.closed() is Lead.TEXT


def test_the_request_or_session_opens_the_block_in_the_prompt():
    assert Thought("auto", True).open is ANY_THINK
    assert Thought("auto", None, SimpleNamespace(opens_thinking=True)).open is ANY_THINK
    # thinking off: the prompt opened nothing, but a block the model writes is still watched
    off = Thought("auto", False)
    assert off.open is None and off.separated


def test_a_call_opener_ends_thinking_and_a_block_without_a_call_puts_it_back():
    th = Thought("auto", None)
    th.opened(THINK)
    th.call_opened()
    assert not th.inside and th.before is THINK
    th.released()
    assert th.open is THINK and th.before is None
    th2 = Thought("auto", None)
    th2.call_opened()
    th2.released()
    assert th2.open is None and th2.before is None


def test_a_stray_closer_is_evidence_only_before_any_block():
    th = Thought("auto", None)
    assert th.stray(True) is Lead.LAYOUT and th.evidence
    assert th.verdict(0, True) is True
    th2 = Thought("auto", None)
    th2.opened(THINK)
    th2.closed()
    th2.stray(True)
    assert not th2.evidence


def test_verdict_says_nothing_when_the_request_said_or_a_call_was_made():
    assert Thought("auto", True).verdict(0, True) is None
    assert Thought("auto", None).verdict(1, True) is None
    assert Thought("auto", None).verdict(0, True) is False     # content, no thinking


def test_thought_save_and_restore_round_trip():
    th = Thought("auto", None)
    th.opened(THINK)
    saved = th.save()
    th.call_opened()
    assert th.save() != saved and th.before is THINK
    th.restore(saved)
    assert th.save() == saved and th.open is THINK and th.before is None


def test_calls_count_per_block_and_save_and_restore():
    out = []
    calls = Calls(out.append, None, True, 1 << 20)
    calls.enter(True)
    assert calls.at_start and calls.block_calls == 0
    saved = calls.save()
    calls.start("get_weather", "id1")
    assert calls.block_calls == 1 and calls.started_since(saved)
    calls.enter(False)
    assert calls.block_calls == 0 and not calls.at_start and calls.count == 1
    calls.restore(saved)
    assert calls.save() == saved and not calls.started_since(saved)
    assert isinstance(out[0], ToolCallStart) and out[0].index == 0


def tentative(data="<tool_call>{", pos=11):
    blk = SimpleNamespace(opener="<tool_call>", written="<tool_call>")
    return Tentative(THINK, blk, ("saved",), 0, data, pos)


def test_tentative_holds_the_events_and_joins_runs_of_one_kind():
    t = tentative()
    out = [ToolCallStart(0, "id", "f"), ToolCallArgs(0, '{"a"'), ToolCallArgs(0, ": 1}")]
    t.keep(out)
    assert out == [] and t.mark == 0
    out = [ToolCallArgs(0, ""), ToolCallEnd(0, "f", {"a": 1}), Text("x"), Text("y")]
    t.keep(out)
    assert t.events() == [ToolCallStart(0, "id", "f"), ToolCallArgs(0, '{"a": 1}'),
                          ToolCallEnd(0, "f", {"a": 1}), Text("xy")]


def test_tentative_keeps_only_the_events_after_its_mark():
    t = tentative()
    t.mark = 1
    out = [Reasoning("before"), Text("held")]
    t.keep(out)
    assert out == [Reasoning("before")] and t.events() == [Text("held")]


def test_tentative_text_is_the_region_less_what_is_not_read_yet():
    t = tentative("plan <tool_call>{", 16)
    for chunk in ('"name"', ": 1}", "</tool_call> more"):
        t.add(chunk)
    assert t.text(0) == '<tool_call>{"name": 1}</tool_call> more'
    assert t.text(5) == '<tool_call>{"name": 1}</tool_call>'


def test_tentative_text_across_many_joined_chunks():
    t = tentative("<tool_call>", 11)
    chunks = [str(i % 10) for i in range(3 * Tentative.JOIN + 7)]
    for c in chunks:
        t.add(c)
    assert t.text(0) == "<tool_call>" + "".join(chunks)
    assert len(t.parts) == 2 + 3               # the opener, the first chunk, three joins
