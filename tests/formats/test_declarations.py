"""Every family module is a declaration of known parts (issue 31; docs/architecture.md#parts), and
the JSON-bodied parts (formats/_sections.py) make a made-up family one declaration too.

Each made-up family is declared in a line, under tokens no module knows, and read through `check`
(whole and in every chunking the same, every character once with markup=True)."""
import importlib
import json
import pkgutil
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import formats, parse
from callsieve.formats import MAYBE, NO, YES, Format
from callsieve.formats._parts import Family
from callsieve.formats._json_bodies import JsonAfter, NameArgs
from callsieve.formats._sections import Fields, IdCall, SepCall, Section, TokenPairs
from helpers import check, deltas_ok, feed, split, tools

T = tools("get_weather", "read")

def _family_modules():
    for info in pkgutil.iter_modules(formats.__path__):
        if not info.name.startswith("_"):
            yield info.name, importlib.import_module(f"callsieve.formats.{info.name}")


@pytest.mark.parametrize("name, module", list(_family_modules()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_family_module_is_a_declaration_or_says_why_not(name, module):
    declared = [v for v in vars(module).values() if isinstance(v, Family)]
    classes = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Format)
               and v.name and v.__module__ == module.__name__]
    why = getattr(module, "NOT_A_DECLARATION", None)
    if why is not None:
        assert isinstance(why, str) and why.strip()
        return
    assert declared and not classes, f"formats/{name}.py declares no Family (or still defines a Format class)"
    for fam in declared:                        # the registry holds the very instance the module declares
        assert formats.get(fam.name) is fam


def test_a_made_up_section_of_calls_in_a_new_wrapper():
    acme = Family("acme", "<|acme_calls|>", Section(SepCall("named"), ends=("acme_calls_end",)), closer="<|acme_calls_end|>")
    text = ('Sure.<|acme_calls|><|tool_call_begin|>get_weather<|tool_sep|>{"city": "Oslo"}<|tool_call_end|>\n'
            '<｜tool▁call▁begin｜>read<｜tool▁sep｜>{"path": "a.md"}<｜tool▁call▁end｜><|acme_calls_end|>Done.')
    check(text, tools=T, format=acme, content="Sure.Done.",
          calls=[("get_weather", {"city": "Oslo"}), ("read", {"path": "a.md"})])
    # the wrapper alone is no call: what follows it decides (a call's begin token, then its shape)
    assert acme.decide("<|acme_calls|>", "<|tool_call_begin|>read<|tool_sep|>{", False, None) == YES
    assert acme.decide("<|acme_calls|>", "<|tool_call_begin|>function<|tool_sep|>read\n", False, None) == NO
    assert acme.decide("<|acme_calls|>", "<|tool_ca", False, None) == MAYBE
    prose = parse("Use <|acme_calls|> to call read.", tools=T, format=acme)    # (the token itself is the family's markup)
    assert prose.tool_calls == [] and prose.content.endswith(" to call read.")


def test_a_bad_call_in_a_section_never_takes_its_sibling_with_it():
    acme = Family("acme", "<|acme_calls|>", Section(SepCall("named"), ends=("acme_calls_end",)), closer="<|acme_calls_end|>")
    bad = '<|tool_call_begin|>launch<|tool_sep|>{"now": true}<|tool_call_end|>'
    m = check('<|acme_calls|><|tool_call_begin|>read<|tool_sep|>{"path": "a.md"}<|tool_call_end|>' + bad
              + "<|acme_calls_end|>", tools=T, format=acme, calls=[("read", {"path": "a.md"})])
    assert bad in m.content and m.errors                  # the undeclared call: its text back, and why


def test_a_made_up_section_of_ids_with_an_argument_token():
    ids = Family("ids", ("<|acme_section|>", "fn."), Section(IdCall("<|acme_args|>", "fn."), ends=("acme_section_end",),
                                                    decided=True, stray=True, lost="fn."), closer="<|acme_section_end|>")
    text = ('<|acme_section|> noise <|tool_call_begin|>fn.read:0<|acme_args|>{"path": "a.md"}<|tool_call_end|>'
            '<|tool_call_begin|>fn.get_weather:1{"city": "Rome"}<|tool_call_end|><|acme_section_end|>')
    m = check(text, tools=T, format=ids, content="", calls=[("read", {"path": "a.md"}), ("get_weather", {"city": "Rome"})])
    assert [c.id for c in m.tool_calls] == ["fn.read:0", "fn.get_weather:1"]
    # every token stripped upstream: the id's prefix opens the call, for a declared tool only
    check('Now fn.read:2{"path": "b.md"}', tools=T, format=ids, content="Now", calls=[("read", {"path": "b.md"})])
    check('Now fn.rm:2{"all": true}', tools=T, format=ids, content='Now fn.rm:2{"all": true}', calls=[])


def test_json_after_a_made_up_marker_with_header_words_and_a_spelled_closer():
    zz = Family("zz", "<zz_call>", JsonAfter())
    assert zz.closer == "</zz_call>"
    check('Ok.<zz_call>\n<zz_call>\n[{"name": "read", "arguments": {"path": "a.md"}}]}\n</zz_call>', tools=T, format=zz,
          content="Ok.", calls=[("read", {"path": "a.md"})])
    hd = Family("hd", "<|msg|>", JsonAfter(again=False, head=("tool call", ("<|sep|>", "")), one=True, end="</s>"),
                closer={"<|msg|>": None})
    check('Hm.<|msg|>\ntool call<|sep|>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}</s>', tools=T,
          format=hd, content="Hm.", calls=[("get_weather", {"city": "Oslo"})])
    assert hd.decide("<|msg|>", "tool call\nplain words", True, None) == NO


def test_name_and_arguments_behind_made_up_bracket_tokens():
    br = Family("br", "[CALLS]", NameArgs("[CALLS]", "[ID]", "[ARGS]", ids=6), closer={"[CALLS]": None})
    m = check('[CALLS]read[ID]abc123[ARGS]{"path": "a.md"}[CALLS]get_weather{"city": "Oslo"}', tools=T, format=br,
              calls=[("read", {"path": "a.md"}), ("get_weather", {"city": "Oslo"})])
    assert m.tool_calls[0].id == "abc123" and len(m.tool_calls[1].id) == 6 and m.tool_calls[1].id.isalnum()


def test_fields_and_token_pairs_under_made_up_tokens():
    fx = Family("fx", ("<|calls|>", "<|call|>", "<|kv|>"), Fields("<|call|>", "<|name|>", "<|args|>", "<|/call|>", "<|/calls|>"),
                closer={"<|calls|>": "<|/calls|>", "<|call|>": "<|/calls|>", "<|kv|>": "<|/kv|>"},
                own=True, inline=("<|call|>", "<|kv|>"), value="text",
                bodies={"<|kv|>": TokenPairs("<|kv|>", "<|k|>", "<|v|>", "<|/v|>", "<|/kv|>")})
    m = check('<|calls|><|call|>c1<|name|>read<|args|>{"path": "a.md"}<|/call|><|/calls|>', tools=T, format=fx,
              calls=[("read", {"path": "a.md"})])
    assert m.tool_calls[0].id == "c1"
    check("<|kv|>get_weather\n<|k|>city<|v|>Oslo<|/v|>\n<|k|>days<|v|>3<|/v|>\n<|/kv|>",
          tools=tools(get_weather={"city": {"type": "string"}, "days": {"type": "integer"}}), format=fx,
          calls=[("get_weather", {"city": "Oslo", "days": 3})])


def test_a_section_whose_calls_have_wrappers_of_their_own_spelling():
    own = Family("own", "<|acme_calls|>", Section(SepCall("named", sep="acme_sep"), ends=("acme_calls_end",),
                                                  tokens=("acme_call", "acme_call_end")), closer="<|acme_calls_end|>")
    check('<|acme_calls|><|acme_call|>read<|acme_sep|>{"path": "a.md"}<|acme_call_end|>\n'
          '<|acme_call|>get_weather<|acme▁sep|>{"city": "Oslo"}<|acme_call_end|><|acme_calls_end|>', tools=T, format=own,
          calls=[("read", {"path": "a.md"}), ("get_weather", {"city": "Oslo"})])
    # a per-call wrapper alone, its section's opener stripped, opens the section too
    assert own.decide("<|acme_calls|>", "<|tool_call_begin|>read<|acme_sep|>{", False, None) == NO


_WORD = st.text(string.ascii_lowercase, min_size=2, max_size=8)
_VALUE = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none(), st.text(max_size=12),
                   st.lists(st.integers(0, 9), max_size=3))
_CALLS = st.lists(st.tuples(st.sampled_from(("get_weather", "read")),
                            st.dictionaries(st.text(string.ascii_letters, min_size=1, max_size=6), _VALUE, max_size=3)),
                  min_size=1, max_size=3)


@settings(deadline=None)
@given(_WORD, st.sampled_from("|｜"), st.sampled_from(("named", "typed")), _CALLS,
       st.lists(st.integers(1, 9), min_size=1))
def test_a_section_family_of_any_spelling_declared_in_a_line_reads_its_calls_in_any_chunking(word, bar, shape,
                                                                                            calls, cuts):
    def tok(w):
        return f"<{bar}{word}_{w}{bar}>"
    fam = Family("gen", tok("calls_begin"), Section(SepCall(shape, sep=f"{word}_sep"), ends=(f"{word}_calls_end",),
                                                    tokens=(f"{word}_call_begin", f"{word}_call_end")),
                 closer=tok("calls_end"))

    def one(name, args):
        a = json.dumps(args, ensure_ascii=False)
        inner = f"{name}{tok('sep')}{a}" if shape == "named" else f"function{tok('sep')}{name}\n```json\n{a}\n```"
        return tok("call_begin") + inner + tok("call_end")
    text = "Lead." + tok("calls_begin") + "\n".join(one(n, a) for n, a in calls) + tok("calls_end") + " Tail."
    msg, evs = feed(text, split(text, cuts), tools=T, format=fam)
    deltas_ok(evs)
    assert [(c.name, c.arguments) for c in msg.tool_calls] == calls
    assert msg.content == "Lead. Tail." and not msg.errors


@settings(deadline=None)
@given(_WORD, _CALLS, st.lists(st.integers(1, 9), min_size=1), st.booleans())
def test_json_behind_a_made_up_marker_reads_its_calls_in_any_chunking(word, calls, cuts, listed):
    fam = Family("gen", f"<|{word}|>", JsonAfter())            # (the closer spelled from the opener: <|/word|>)
    objs = [{"name": n, "arguments": a} for n, a in calls]
    body = json.dumps(objs, ensure_ascii=False) if listed else "\n".join(json.dumps(o, ensure_ascii=False) for o in objs)
    text = f"Lead.<|{word}|>{body}<|/{word}|> Tail."
    msg, evs = feed(text, split(text, cuts), tools=T, format=fam)
    deltas_ok(evs)
    assert [(c.name, c.arguments) for c in msg.tool_calls] == calls
    assert msg.content == "Lead. Tail." and not msg.errors


@pytest.mark.parametrize("opener", ["<|open|>", "<|begin|>", "<|tool_call_begin|>", "<tool_start>", "<|acme|>"])
def test_every_closer_spelled_from_a_json_wrapper_ends_its_block(opener):
    # A wrapper whose closer is spelled several ways (`<|open|>` … `<|/open|>` or `<|close|>`):
    # each ends the block as markup, never content (the first spelling only, before).
    fam = Family("gen", opener, JsonAfter())
    assert len(fam.closes) >= 1
    for closer in fam.closes:
        text = f'Lead.{opener}{{"name": "get_weather", "arguments": {{}}}}{closer} Tail.'
        for cuts in ([1], [len(text)]):
            msg, evs = feed(text, split(text, cuts), tools=T, format=fam)
            assert [(c.name, c.arguments) for c in msg.tool_calls] == [("get_weather", {})], (opener, closer)
            assert msg.content == "Lead. Tail." and not msg.errors, (opener, closer)
