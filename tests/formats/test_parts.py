"""A family's quirk is a named option of the shared part it belongs to, so a made-up family that
has it is one declaration too (issue 31; docs/architecture.md#parts).

Each family here is declared in a line, under tag names no module knows, and read through `check`
(whole and in every chunking the same, every character once with markup=True)."""
from callsieve import parse
from callsieve.formats import MAYBE, NO, YES
from callsieve.formats._parts import XTML, Family, Functions, Invoke, KeyValue, Keyed
from helpers import check, tools

T = tools("get_weather", "read")


def test_glms_slips_under_other_tag_names():
    zz = Family("zz", "<zz_call>", KeyValue("<p_key>", glued=True, trim_nl=False), closer="</zz_call>")
    # the first key glued to the name, its key tag left out: split on the declared tool's name
    check("<zz_call>get_weathercity</p_key><p_value>Paris</p_value></zz_call>", tools=T, format=zz,
          calls=[("get_weather", {"city": "Paris"})])
    # a key tag written twice, a typed pair, then a value whose opener was left out
    check("<zz_call>get_weather<p_key><p_key>city</p_key><p_type>string</p_type><p_value>7</p_value>"
          "<p_key>days</p_key>3</p_value></zz_call>", tools=T, format=zz,
          calls=[("get_weather", {"city": "7", "days": 3})])
    # without a declared name to split on, a glued key is no call: the text stays
    assert parse("<zz_call>lookupcity</p_key><p_value>x</p_value></zz_call>", tools=T, format=zz).tool_calls == []


def test_a_section_of_calls_with_suffixed_tags():
    sect = Family("sect", "<acme_calls>", KeyValue(glued=True, trim_nl=False, call="<acme_call>", suffixes=("", ":v2")),
                  closer="</acme_calls>")
    text = ("<acme_calls><acme_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value></acme_call>"
            "<acme_call:v2>read<arg_key:v2>path</arg_key:v2><arg_value:v2>a.md</arg_value:v2></acme_call:v2></acme_calls>")
    check(text, tools=T, format=sect, calls=[("get_weather", {"city": "Oslo"}), ("read", {"path": "a.md"})])
    # the section claims its opener only when a call tag follows
    assert sect.decide("<acme_calls>", '[{"name": "x"}]', False, None) == NO
    assert sect.decide("<acme_calls>", "\n<acme_ca", False, None) == MAYBE


def test_prose_and_parameters_before_the_function_tag_are_options():
    # (prose_before makes the opener alone markup; the call after the prose opens at `<function=`)
    loose = Family("loose", "<acme>", Functions(prose_before=True, params_first=True), closer="</acme>",
                   inline=("<function=",))
    strict = Family("strict", "<acme>", Functions(), closer="</acme>")
    prose = "<acme>Let me check.\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</acme>"
    check(prose, tools=T, format=loose, calls=[("get_weather", {"city": "Oslo"})], content="Let me check.")
    assert parse(prose, tools=T, format=strict).tool_calls == []
    first = "<acme>\n<parameter=path>a.md</parameter>\n<function=read>\n</function>\n</acme>"
    check(first, tools=T, format=loose, calls=[("read", {"path": "a.md"})])
    assert parse(first, tools=T, format=strict).tool_calls == []


def test_an_invoke_family_in_its_own_namespace_with_the_value_slip_and_a_stripped_wrapper():
    acme = Family("acme", "<acme:calls>", Invoke(prefixes=("acme:",), slip=True, selfclose=True), own=True,
                  tool_inline=('<acme:invoke name="',))
    check('<acme:calls><acme:invoke name="read"><acme:parameter name="path">a.md</acme:parameter></acme:invoke>'
          '<acme:invoke name="get_weather"/></acme:calls>', tools=T, format=acme,
          calls=[("read", {"path": "a.md"}), ("get_weather", {})])
    # a value closed by a misspelled closer of the syntax, the next parameter on the next line:
    # never runnable (the value would hold the typo); in a family without `slip` too (its `>`
    # dropped, it is the closer: tests/test_generality_typos.py)
    loose = Family("loose", "<acme:calls>", Invoke(prefixes=("acme:",)), own=True)
    for typo, calls in (("parameter", [("read", {"path": "a.md", "n": 2})]), ("parametr>", [])):
        slip = (f'<acme:calls><acme:invoke name="read"><acme:parameter name="path">a.md</acme:{typo}\n'
                '<acme:parameter name="n">2</acme:parameter></acme:invoke></acme:calls>')
        for fam in (acme, loose):
            check(slip, tools=T, format=fam, calls=calls)
    # the wrapper stripped: a bare invoke of a declared tool is a call, after prose too
    check('See <acme:invoke name="read"><acme:parameter name="path">a.md</acme:parameter></acme:invoke>', tools=T,
          format=acme, calls=[("read", {"path": "a.md"})], content="See")
    bare = 'See <acme:invoke name="lookup"><acme:parameter name="q">x</acme:parameter></acme:invoke>'
    check(bare, tools=T, format=acme, calls=[], content=bare)          # not a declared tool: text


def test_the_invoke_body_in_other_words_attributes_and_marks():
    xt = Family("xt", "<|open|>calls<|sep|>", Invoke(prefixes=("",), words=("fn", "arg"), names=("id", "k"),
                                                     types=("type",), marks=XTML), own=True)
    check('<|open|>calls<|sep|><|open|>fn id="read"<|sep|><|open|>arg k="path" type="string"<|sep|>a.md'
          '<|close|>arg<|sep|><|close|>fn<|sep|><|close|>calls<|sep|>', tools=T, format=xt,
          calls=[("read", {"path": "a.md"})])
    one = Family("one", (), Invoke(prefixes=("",), words=("call", "p"), types=(), xml=True, nameless=True, one=True),
                 closer="</call>", value="text", inline=('<call name="',))
    check('<call name="read"><p>a &amp; b.md</p></call>', tools=tools(read={"path": {"type": "string"}}),
          format=one, calls=[("read", {"path": "a & b.md"})])


def test_a_tool_name_glued_to_its_first_key_with_a_dot():
    dot = Family("dot", "<acme>", Invoke(prefixes=("",), dotted=True), own=True)
    check('<acme><invoke name="read.path">a.md</parameter></invoke></acme>', tools=T, format=dot,
          calls=[("read", {"path": "a.md"})])


def test_parameters_as_tags_named_after_them_under_another_namespace_token():
    ns = "[[x]]"
    keyed = Family("keyed", ns + "<calls>", Keyed(ns), closer="</calls>", own=True)
    check(f'{ns}<calls>{ns}<invoke name="get_weather">{ns}<city>Oslo{ns}</city>{ns}<days>3{ns}</days>'
          f'{ns}</invoke>{ns}</calls>', tools=T, format=keyed, calls=[("get_weather", {"city": "Oslo", "days": 3})])


def test_an_own_wrapper_decides_at_once_and_an_inline_opener_by_its_body():
    acme = Family("acme", "<acme>", Functions(), own=True, inline=("<function=",), closer="</acme>")
    assert acme.decide("<acme>", "", False, None) == YES
    assert acme.decide("<function=", "f>", False, None) == MAYBE
    assert acme.decide("<function=", "f><parameter=", False, None) == YES
    assert acme.decide("<function=", 'f>{"a": 1}', False, None) == NO
    assert acme.closer_for("<function=") == "</acme>" and acme.openers == ("<acme>", "<function=")
