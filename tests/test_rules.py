"""The request rules alone (callsieve.rules): which calls count, how they end, whole delivery."""
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import Sieve
from callsieve.rules import (Asked, CallArgs, CallCut, CallEnded, CallOpened, ChoiceRules, Content, WholeCalls,
                             finish_reason)

TOOLS = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in ("f", "g")]
TWO = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call><tool_call>{"name": "g", "arguments": {"b": 2}}</tool_call>'


def events(text: str, rules: ChoiceRules) -> list:
    sieve = Sieve(tools=TOOLS)
    return rules.events(sieve.feed(text)) + rules.events(sieve.close())


def test_parallel_false_keeps_the_first_call_only():
    rules = ChoiceRules(parallel=False)
    out = events(TWO, rules)
    assert [type(e) for e in out if type(e) is not Content] == [CallOpened, CallEnded]
    assert rules.calls == rules.delivered == 1 and finish_reason("stop", rules.delivered, rules.cut) == "tool_calls"


def test_a_cut_off_call_is_cut_and_the_finish_says_length():
    rules = ChoiceRules()
    out = events('<tool_call>{"name": "f", "arguments": {"a": ', rules)
    assert type(out[-1]) is CallCut and rules.cut == 1 and rules.errors
    assert finish_reason("stop", rules.delivered, rules.cut) == "length"


def test_whole_delivery_holds_calls_in_their_order_and_drops_one_cut():
    hold = WholeCalls()
    assert hold([CallOpened(0, 0, "c0", "f", '{"a"'), CallArgs(0, 0, ": 1}"), CallOpened(0, 1, "c1", "g", "{}")]) == []
    assert hold([CallEnded(0, 1)]) == []                # call 1 is whole, and waits for call 0
    assert hold([CallEnded(0, 0)]) == [CallOpened(0, 0, "c0", "f", '{"a": 1}'), CallEnded(0, 0),
                                       CallOpened(0, 1, "c1", "g", "{}"), CallEnded(0, 1)]
    hold = WholeCalls()
    assert hold([CallOpened(0, 0, "c0", "f", "{"), CallCut(0, 0), CallOpened(0, 1, "c1", "g", "{}")]) == []
    assert hold([CallEnded(0, 1)]) == [CallOpened(0, 0, "c1", "g", "{}"), CallEnded(0, 0)]   # numbered as delivered


def test_a_request_is_read_the_same_from_a_body_or_an_object():
    body = {"tools": TOOLS, "tool_choice": "none", "parallel_tool_calls": False,
            "chat_template_kwargs": {"enable_thinking": False}}

    class Req:
        pass

    req = Req()
    for k, v in body.items():
        setattr(req, k, v)
    assert Asked.read(body.get) == Asked.read(lambda k: getattr(req, k, None)) == \
        Asked(TOOLS, calls=False, parallel=False, thinking=False)


@settings(max_examples=200, deadline=None)
@given(upstream=st.sampled_from([None, "stop", "length", "tool_calls", "content_filter", "eos"]),
       delivered=st.integers(0, 3), cut=st.integers(0, 3), stop=st.one_of(st.none(), st.text(min_size=1, max_size=5)))
def test_a_cut_call_decides_the_finish_before_the_upstreams_reason_and_stop_string(upstream, delivered, cut, stop):
    """Issue 35: the one rule each API maps (Chat finish_reason, Responses status, Messages
    stop_reason: tests/serve/test_serve_runnable.py): a cut call says "length" whatever the
    upstream said, its stop string included, and a stop string is told only where the turn
    simply stopped."""
    rules = ChoiceRules(delivered=delivered, cut=cut)
    end = rules.finished(upstream, stop)
    if cut or upstream == "length":
        assert end.reason == "length"
    elif delivered:
        assert end.reason == "tool_calls"
    assert end.stop_sequence == (stop if end.reason == "stop" else None)
