"""Property test for formats derived from chat templates (callsieve.templates.derive): for every template
that derives a format (the real ones llama.cpp ships, when the sdist can be had, and the invented
families of test_derive.py), random calls — names, ids, nested JSON arguments whose strings quote
the family's own markers — rendered by the template parse back to the same calls, with no
content, whatever the chunking, the derived format forced.
"""
from __future__ import annotations

import functools
import re

import pytest

pytest.importorskip("jinja2")

from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from callsieve.templates.derive import assistant, derived_format, output, thinking  # noqa: E402
from callsieve.formats._derived import FIELDS, PARAMS  # noqa: E402
from helpers import chunked, feed  # noqa: E402
from templates_sdist import templates  # noqa: E402
from test_derive import JSON_FAMILY, KV_FAMILY  # noqa: E402

# Arguments typed by a schema the tool list declares (key/value families type bare values by it).
SCHEMA = {"text": {"type": "string"}, "count": {"type": "integer"}, "meta": {"type": "object"},
          "items": {"type": "array"}, "flag": {"type": "boolean"}}
WORDS = ["Paris", "naïve", "日本", "x", "a-b", "two words", "say \"hi\"", "back\\slash", "50%", "{braces}"]


@functools.lru_cache(maxsize=1)
def derived_templates() -> list:
    """[(name, template, derived format, prompt opens thinking)] of the templates that derive one."""
    found = {"invented-json": JSON_FAMILY, "invented-kv": KV_FAMILY, **templates()}
    out = []
    for name, t in found.items():
        fmt = derived_format(t)
        if fmt is not None:
            opens = (thinking(t) or (False,))[0]
            out.append((name, t, fmt, opens))
    return out


def markers(fmt) -> list[str]:
    """The literals of a derived format's markup (what a string may quote).  Key/value families
    write values as bare text, where only a closer can be told from text (by what follows it): an
    opening tag there, unclosed, is the start of a nested example (docs/syntax.md#xml-like), so
    their strings quote closers."""
    m = fmt.markup
    if PARAMS in m.call:
        tail = m.call[m.call.index(PARAMS) + 1:]
        lits = [p for p in tail if p not in FIELDS] + [m.section_close, m.params[-1]]
    else:
        lits = [p for p in m.call if p not in FIELDS] + [m.section_open, m.section_close, m.sep]
    return [x for x in dict.fromkeys(lits) if x]


def strings(marks):
    """Text as a model quotes it: words, sometimes a marker of the family inside (never at an end)."""
    word = st.sampled_from(WORDS)
    quoted = st.tuples(word, st.sampled_from(marks), word).map(" ".join)
    return st.lists(st.one_of(word, quoted), min_size=1, max_size=3).map(" ".join)


def json_values(marks):
    leaf = st.one_of(strings(marks), st.integers(-10**6, 10**6), st.booleans())
    return st.recursive(leaf, lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3),
        st.dictionaries(st.sampled_from(["a", "b_c", "deep", "k"]), inner, min_size=1, max_size=3)), max_leaves=6)


def arguments(marks):
    kinds = {"text": strings(marks), "count": st.integers(-10**6, 10**6), "flag": st.booleans(),
             "meta": st.dictionaries(st.sampled_from(["a", "b_c", "deep"]), json_values(marks), min_size=1, max_size=3),
             "items": st.lists(json_values(marks), min_size=1, max_size=3)}
    return st.lists(st.sampled_from(sorted(kinds)), min_size=1, max_size=3, unique=True).flatmap(
        lambda keys: st.fixed_dictionaries({k: kinds[k] for k in keys}))


NAMES = st.from_regex(r"[a-z][a-z0-9_]{1,10}", fullmatch=True).map(lambda s: "fn_" + s)
IDS = st.from_regex(r"[A-Za-z0-9]{9}", fullmatch=True)


def mentions(text: str, name: str) -> int:
    """How often `name` is written whole in `text`: one declared name may begin another
    (`fn_a0`, `fn_a00`), and the longer one written is no sign of the shorter."""
    return len(re.findall(rf"(?<![\w]){re.escape(name)}(?![\w])", text))


@settings(max_examples=60, deadline=None)  # (rendering is slow: ~15 s with the sdist)
@given(st.data())
def test_derived_formats_read_back_random_calls_in_any_chunking(data):
    name, template, fmt, opens = data.draw(st.sampled_from(derived_templates()), label="template")
    marks = markers(fmt)
    calls = data.draw(st.lists(st.tuples(IDS, NAMES, arguments(marks)), min_size=1, max_size=3), label="calls")
    tools = [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": SCHEMA}}}
             for n in dict.fromkeys(n for _, n, _ in calls)]
    text = output(template, assistant(calls), tools=tools)
    # a template that cannot render these calls (or drops some) says nothing about the format
    assume(text is not None and all(mentions(text, n) for _, n, _ in calls))
    if len(calls) > 1:
        assume(sum(mentions(text, n) for n in {n for _, n, _ in calls}) >= len(calls))
    kw = {"tools": tools, "format": fmt, **({"thinking": True} if opens else {})}
    want = [(n, a) for _, n, a in calls]
    for chunks in ([text], data.draw(chunked(text), label="chunks")):
        msg, _ = feed(text, chunks, **kw)
        got = [(c.name, c.arguments) for c in msg.tool_calls]
        assert (got, msg.content.strip(), msg.incomplete) == (want, "", []), f"{name}: {text!r}"
