"""A new family that combines the code and message bodies is one declaration with no code (issue 31;
docs/architecture.md#parts; every module being a declaration: test_declarations.py).

The made-up families below put the code and message bodies (formats/_code.py, _channels.py,
_harmony.py) in wrappers and under tokens no module knows; each is read through `check`: whole
and in every chunking the same calls, and with markup=True every character once."""
from callsieve import formats, parse
from callsieve.formats import MAYBE, NO, YES
from callsieve.formats._channels import Headed, Recipients
from callsieve.formats._code import Literal, Python
from callsieve.formats._harmony import Channels
from callsieve.formats._parts import Family
from helpers import check, tools

T = tools("get_weather", "read")


def test_a_pythonic_list_in_a_new_wrapper():
    acme = Family("acme_py", "<|acme_code|>", Python(), own=True)
    text = '<|acme_code|>[get_weather(city="Oslo", days=3), read(path=\'a.md\')]<|/acme_code|>'
    check(text, tools=T, format=acme, calls=[("get_weather", {"city": "Oslo", "days": 3}), ("read", {"path": "a.md"})],
          content="")
    # the wrapper's closer is spelled from its opener, in either spelling
    check('Done.<|acme_code|>read(path="b.md")<|acme_code_end|>', tools=T, format=acme,
          calls=[("read", {"path": "b.md"})], content="Done.")


def test_a_pythonic_fence_under_another_language_word_with_a_namespace():
    fence = Family("acme_fence", "```", Python(lang="acme_call", namespace="api."), closer="```", examples=True)
    check('```acme_call\nprint(api.read(path="a.md"))\n```', tools=T, format=fence, calls=[("read", {"path": "a.md"})])
    # another fence's code is no call of this family
    assert fence.decide("```", "python\nread(path='a.md')\n```", True, None) == NO


def test_a_literal_body_with_another_quote_token_and_leads():
    lit = Family("acme_lit", "<|acme_call|>", Literal("<q>"), own=True, start_inline=("call:",), name_inline=True)
    check("<|acme_call|>call:get_weather{city:<q>Oslo, NO<q>,days:3}<|/acme_call|>", tools=T, format=lit,
          calls=[("get_weather", {"city": "Oslo, NO", "days": 3})])
    # its markers stripped: `call:` opening the content, or the declared name alone before a literal
    check("call:read{path:<q>a.md<q>}", tools=T, format=lit, calls=[("read", {"path": "a.md"})])
    check("read{path:<q>a.md<q>}", tools=T, format=lit, calls=[("read", {"path": "a.md"})])
    # an undeclared name, or JSON after the name, is not this body
    for text in ("call:lookup{q:<q>x<q>}", 'read{"path": "a.md"}'):
        check(text, tools=T, format=lit, calls=[], content=text)


def test_harmony_channels_in_another_namespace():
    x = Channels(start="<|x:start|>", channel="<|x:channel|>", message="<|x:msg|>", constrain="<|x:constrain|>",
                 ends=("<|x:end|>", "<|x:return|>", "<|x:call|>"), role="model", functions="tools.")
    fam = Family("x_channels", (x.channel, x.start), x)
    text = ("<|x:channel|>analysis<|x:msg|>Look it up.<|x:end|><|x:start|>model<|x:channel|>commentary "
            'to=tools.get_weather <|x:constrain|>json<|x:msg|>{"city": "Oslo"}<|x:call|>')
    check(text, tools=T, format=fam, reasoning="Look it up.", calls=[("get_weather", {"city": "Oslo"})], content="")
    check("<|x:channel|>final<|x:msg|>It is 42.<|x:return|>", tools=T, format=fam, content="It is 42.", calls=[])
    # harmony's own tokens are not this family's
    assert fam.decide("<|channel|>", "analysis", True, None) != YES


def test_headed_messages_and_recipients_under_other_tokens():
    end = "<|acme_end|>"
    msg = Family("acme_msg", "<|acme_msg|>", Headed("<|as_json|>", "<|as_text|>", end), closer=end)
    check('<|acme_msg|>read<|as_json|>{"name": "read", "args": {"path": "a.md"}}<|acme_end|>', tools=T, format=msg,
          calls=[("read", {"path": "a.md"})])
    rcpt = Family("acme_to", "@@@", Recipients("@@@", text="user", code="sh"), closer={"@@@": None})
    check('@@@user\nChecking.@@@read\n{"path": "a.md"}', tools=T, format=rcpt, content="Checking.",
          calls=[("read", {"path": "a.md"})])
    assert rcpt.decide("@@@", " see below", True, None) == NO


def test_a_code_body_in_a_wrapper_no_family_declares():
    # the pythonic body is in the parts table: an unknown call wrapper around a list is read
    text = 'Sure.\n<acme_tool_call>[get_weather(city="Oslo"), read(path="a.md")]</acme_tool_call>'
    m = check(text, tools=T, calls=[("get_weather", {"city": "Oslo"}), ("read", {"path": "a.md"})], content="Sure.")
    assert m.format == "wrapped"
    # a wrapper whose word says nothing of a call, or an undeclared name: text
    for text in ('<note>[get_weather(city="Oslo")]</note>', '<acme_tool_call>[lookup(q="x")]</acme_tool_call>'):
        assert parse(text, tools=T).tool_calls == []


def test_a_lead_decides_by_its_body():
    lit = Family("acme_lit", "<|acme_call|>", Literal("<q>"), own=True, start_inline=("call:",), name_inline=True)
    assert lit.start_openers == ("call:",) and lit.name_openers and lit.openers == ("<|acme_call|>",)
    assert lit.decide("call:", "rea", False, None) == MAYBE
    assert lit.closer_for("call:") == "<|/acme_call|>" and lit.closer_for("<|acme_call|>") == "<|/acme_call|>"
