"""Test helpers: run a text through the Sieve under many chunkings and check they all agree."""
from __future__ import annotations

import json
import random
from collections import Counter

from callsieve import (Markup, Reasoning, Sieve, Text, ToolCallArgs, ToolCallEnd, ToolCallError,
                       ToolCallStart, parse)
from callsieve.jsonargs import dumps
from callsieve.message import Folder


def feed(text: str, chunks=None, **kw):
    """(Message, events) for `text` fed as `chunks` (default: whole)."""
    s = Sieve(**kw)
    evs = []
    for c in (chunks if chunks is not None else [text]):
        evs += s.feed(c)
    evs += s.close()
    f = Folder()
    f.add(evs)
    return f.message(s.format), evs


def split(text: str, sizes) -> list[str]:
    out, i, k = [], 0, 0
    while i < len(text):
        n = sizes[k % len(sizes)]
        out.append(text[i:i + n])
        i += n
        k += 1
    return out


def chunkings(text: str, seed: int = 0):
    yield [text]
    for n in (1, 2, 3, 5, 8):
        yield split(text, [n])
    rng = random.Random(seed)
    for _ in range(4):
        yield split(text, [rng.randint(1, 9) for _ in range(17)])


def summary(msg):
    """The whole message: content, reasoning, calls, incomplete calls and errors."""
    return (msg.content, msg.reasoning, [(c.name, c.arguments) for c in msg.tool_calls],
            [(c.name, c.arguments) for c in msg.incomplete],
            [(e.index, e.reason, e.raw, e.incomplete) for e in msg.errors])


def strict_json(text: str):
    """RFC 8259 JSON: no NaN / Infinity, no duplicate keys (what every delta sequence must be)."""
    def pairs(kv):
        assert len({k for k, _ in kv}) == len(kv), f"duplicate key in {text!r}"
        return dict(kv)
    def const(c):
        raise AssertionError(f"{c} is not JSON: {text!r}")
    value = json.loads(text, object_pairs_hook=pairs, parse_constant=const)
    return value


def deltas_ok(evs) -> None:
    """Every call: Start, then deltas that concatenate to strict JSON equal to End.arguments, in
    the canonical text; or an incomplete call: its last event is its ToolCallError."""
    started, deltas = {}, {}
    for ev in evs:
        if isinstance(ev, ToolCallStart):
            assert ev.index not in started, f"call {ev.index} started twice"
            assert ev.id and ev.name
            started[ev.index] = ev
            deltas[ev.index] = []
        elif isinstance(ev, ToolCallArgs):
            assert ev.index in started, "arguments before start"
            deltas[ev.index].append(ev.delta)
        elif isinstance(ev, ToolCallEnd):
            text = "".join(deltas.pop(ev.index))
            assert strict_json(text) == ev.arguments, (text, ev.arguments)
            assert text == dumps(ev.arguments), "argument text is canonical"
            assert isinstance(ev.arguments, dict)
            assert ev.name == started[ev.index].name
        elif isinstance(ev, ToolCallError) and ev.incomplete:
            assert ev.index in deltas, "an incomplete call ends once"
            deltas.pop(ev.index)
            assert isinstance(ev.arguments, dict)
    assert not deltas, f"calls never ended: {list(deltas)}"
    assert sorted(started) == list(range(len(started))), "indexes must count from 0"


def same_characters(got: str, text: str, ordered: bool = True) -> None:
    """`got` holds every character of `text` once.  In order, but for whitespace: trailing
    whitespace is held until it is known to be content or layout, so it may come out after the
    markup that followed it (its count must still match)."""
    if ordered:
        squeeze = lambda t: "".join(t.split())
        assert squeeze(got) == squeeze(text), (got, text)
    assert Counter(got) == Counter(text), (got, text)


def accounted(text: str, evs, ordered: bool = True) -> None:
    """Every input character is text, reasoning or markup exactly once."""
    got = "".join(e.text for e in evs if isinstance(e, (Text, Reasoning, Markup)))
    same_characters(got, text, ordered)


def check(text: str, *, content=None, reasoning=None, calls=None, incomplete=None, ordered=True,
          reasoning_mode=None, **kw):
    """Parse `text` whole and under many chunkings: all must agree (and match what is given).
    `reasoning` is the reasoning expected; `reasoning_mode` the Sieve's `reasoning=`."""
    if reasoning_mode is not None:
        kw["reasoning"] = reasoning_mode
    whole = parse(text, **kw)
    want = summary(whole)
    for chunks in chunkings(text):
        msg, evs = feed(text, chunks, **kw)
        assert summary(msg) == want, f"chunks {chunks[:6]}…: {summary(msg)} != {want}"
        deltas_ok(evs)
    if kw.get("reasoning") != "deepseek-legacy":
        for chunks in ([text], split(text, [1]), split(text, [3])):
            _, evs = feed(text, chunks, markup=True, **kw)
            accounted(text, evs, ordered)
    if content is not None:
        assert whole.content == content, (whole.content, content)
    if reasoning is not None:
        assert whole.reasoning == reasoning, (whole.reasoning, reasoning)
    if calls is not None:
        assert [(c.name, c.arguments) for c in whole.tool_calls] == calls, whole.tool_calls
    if incomplete is not None:
        assert [(c.name, c.arguments) for c in whole.incomplete] == incomplete, whole.incomplete
    return whole


def tools(*names, **schemas):
    """An OpenAI tool list for `names` (and name=properties for typed ones)."""
    out = [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {}}}}
           for n in names]
    for n, props in schemas.items():
        out.append({"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": props}}})
    return out


try:
    from hypothesis import strategies as st

    @st.composite
    def chunked(draw, text, max_cuts: int = 40):
        """Hypothesis: `text` cut at up to `max_cuts` random places (empty chunks included)."""
        cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=max_cuts)))
        out, last = [], 0
        for c in cuts + [len(text)]:
            out.append(text[last:c])
            last = c
        return out
except ImportError:          # (the engines' venv runs some of these helpers without hypothesis)
    pass
