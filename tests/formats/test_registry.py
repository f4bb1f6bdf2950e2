"""The registry refuses what it cannot tell apart, and every format is recognised from its own
example with no format named."""
from types import SimpleNamespace

import pytest

from callsieve import formats, parse
from callsieve.formats import NO, Format, RegistryError, register

EVERY = formats.all_formats()
WITH_SYNTAX = [f for f in EVERY if f.openers or f.start_openers or f.tool_openers]


def _fresh(**attrs):
    return type("Probe", (Format,), {"name": "probe_fmt", **attrs})


@pytest.fixture
def scratch_registry(monkeypatch):
    """Register into copies, so a probe format never leaks into other tests."""
    formats.names()
    monkeypatch.setattr(formats, "_REGISTRY", dict(formats._REGISTRY))
    monkeypatch.setattr(formats, "_ALIASES", dict(formats._ALIASES))


def test_a_name_taken_as_another_formats_alias_is_refused(scratch_registry):
    taken = formats.get("granite_20b").aliases[0]
    with pytest.raises(RegistryError, match="granite_20b"):
        register(_fresh(name=taken))
    assert formats.get(taken).name == "granite_20b"


def test_an_alias_equal_to_another_formats_name_is_refused(scratch_registry):
    with pytest.raises(RegistryError, match="glm"):
        register(_fresh(aliases=("glm",)))


def test_a_shared_model_glob_needs_an_explicit_order(scratch_registry):
    with pytest.raises(RegistryError, match="kimi-k2"):
        register(_fresh(models=("kimi-k2*",)))
    register(_fresh(models=("kimi-k2*",), models_after=("kimi_k2",)))
    assert formats.for_model("kimi-k2-instruct") == "kimi_k2"


def test_an_ordered_model_glob_follows_the_order():
    # Llama 4 writes JSON and pythonic calls alike; pythonic is declared first.
    assert formats.for_model("Llama-4-Scout-17B") == "pythonic"
    assert formats.for_model("llama-3.1-8b-instruct") == "llama3_json"


def test_no_two_formats_share_a_glob_without_an_order():
    for i, a in enumerate(EVERY):
        for b in EVERY[i + 1:]:
            if set(a.models) & set(b.models):
                assert a.name in b.models_after or b.name in a.models_after, (a.name, b.name)


@pytest.mark.parametrize("fmt", WITH_SYNTAX, ids=lambda f: f.name)
def test_the_example_is_detected_as_its_format(fmt):
    assert fmt.example, f"{fmt.name} has no example"
    # (a wrapper no format declares, or a format that opens only with tools declared, is a
    # call only around a declared tool's name)
    tool_only = fmt.shaped or not (fmt.openers or fmt.start_openers)
    kw = {"tools": [{"type": "function", "function": {"name": "get_weather"}}]} if tool_only else {}
    m = parse(fmt.example, **kw)
    assert m.format == fmt.name
    assert m.tool_calls


def _shared_openers():
    """(format, marker, other format whose example opens with it) for every shared marker.

    A bare `{` or `[` at the start of the content is no marker: several formats read the same
    JSON there, and their priority orders them (test below)."""
    for f in WITH_SYNTAX:
        for other in WITH_SYNTAX:
            if other is f:
                continue
            for op in f.openers:
                at = other.example.find(op)
                if at >= 0 and op in other.openers + other.start_openers and not other.example[:at].strip():
                    yield pytest.param(f, op, other, id=f"{f.name}-vs-{other.name}-{op}")


@pytest.mark.parametrize("fmt,opener,other", list(_shared_openers()))
def test_formats_sharing_an_opener_say_no_to_each_others_examples(fmt, opener, other):
    look = other.example[other.example.find(opener) + len(opener):]
    ctx = SimpleNamespace(tools=None, at_start=True)   # what decide() may ask of the Calls
    assert fmt.decide(opener, look, True, ctx) == NO


def test_formats_sharing_a_start_opener_have_an_order():
    for i, a in enumerate(WITH_SYNTAX):
        for b in WITH_SYNTAX[i + 1:]:
            if set(a.start_openers) & set(b.start_openers):
                assert a.priority != b.priority, (a.name, b.name)
