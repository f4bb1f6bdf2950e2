"""MiniMax-M2 <minimax:tool_call> with <invoke> (docs/syntax.md#minimax_m2)."""
import pytest

from callsieve import Sieve, Text
from helpers import check, tools
from samples_xml import contract

test_contract = contract("minimax_m2")

EXAMPLE = ('<minimax:tool_call>\n<invoke name="water_plants">\n<parameter name="zone">greenhouse</parameter>\n'
           '<parameter name="liters">3</parameter>\n</invoke>\n</minimax:tool_call>')


def test_documented_example():
    m = check("Watering.\n" + EXAMPLE, content="Watering.", calls=[("water_plants", {"zone": "greenhouse", "liters": 3})])
    assert m.format == "minimax_m2"


def test_several_invokes_and_a_parameterless_one_in_one_section():
    text = ('<minimax:tool_call>\n<invoke name="a">\n<parameter name="x">1</parameter>\n</invoke>\n'
            '<invoke name="b">\n</invoke>\n<invoke name="c"></invoke>\n</minimax:tool_call>')
    check(text, calls=[("a", {"x": 1}), ("b", {}), ("c", {})])


def test_partial_section_opener_is_held_not_leaked():
    s = Sieve()
    evs = s.feed("Watering.\n<minimax:tool")
    assert "".join(e.text for e in evs if isinstance(e, Text)).strip() == "Watering."
    evs = s.feed(EXAMPLE[len("<minimax:tool"):]) + s.close()
    assert not any(isinstance(e, Text) and "<" in e.text for e in evs)


def test_anyof_typed_values():
    t = tools(f={"n": {"anyOf": [{"type": "integer"}, {"type": "string"}]}, "s": {"type": "string"}})
    text = '<minimax:tool_call><invoke name="f"><parameter name="n">12</parameter><parameter name="s">12</parameter></invoke></minimax:tool_call>'
    check(text, tools=t, calls=[("f", {"n": 12, "s": "12"})])


def test_stray_leading_think_close_and_m3_thinking():
    check("thinking...</think>" + EXAMPLE, reasoning=None, calls=[("water_plants", {"zone": "greenhouse", "liters": 3})])
    m = check("<mm:think>plan</mm:think>" + EXAMPLE, calls=[("water_plants", {"zone": "greenhouse", "liters": 3})])
    assert m.reasoning == "plan"


def test_missing_parameter_closer_before_invoke_close():
    text = '<minimax:tool_call><invoke name="f"><parameter name="a">x\n</invoke></minimax:tool_call>'
    # the line break before the tag that ended a closer-less value is layout, whichever tag
    # (tests/formats/test_value_closer_missing_layout.py); a newline inside the value stays
    check(text, calls=[("f", {"a": "x"})])
    check(text.replace("x\n", "x\ny\n"), calls=[("f", {"a": "x\ny"})])


def test_bare_invokes_left_by_a_server_that_strips_special_tokens():
    text = 'Watering.\n<invoke name="water_plants">\n<parameter name="zone">roof</parameter>\n</invoke>\nDone.'
    m = check(text, tools=tools("water_plants"), calls=[("water_plants", {"zone": "roof"})])
    assert m.content.split() == ["Watering.", "Done."]
    # without tools, or for an undeclared name, or with other children, it is text
    for kw in ({}, {"tools": tools("other")}):
        assert check(text, **kw, calls=[]).content == text
    html = '<invoke name="water_plants">hello</invoke>'
    assert check(html, tools=tools("water_plants"), calls=[]).content == html


def test_a_value_closed_by_a_tag_named_after_its_parameter():
    # anthropics/claude-code#83088: `<parameter name="content">…</content>`; made-up names, the
    # closer followed by the next parameter, by the invoke's closer, or glued to it
    T = tools(write={"path": {"type": "string"}, "body": {"type": "string"}, "n": {"type": "integer"}})
    wrap = '<minimax:tool_call>\n<invoke name="write">\n{}\n</invoke>\n</minimax:tool_call>'
    check(wrap.format('<parameter name="path">a.txt</path>\n<parameter name="n">2</parameter>'), tools=T,
          calls=[("write", {"path": "a.txt", "n": 2})])
    check(wrap.format('<parameter name="n">7</parameter>\n<parameter name="body">one\n\ntwo</body>'), tools=T,
          calls=[("write", {"n": 7, "body": "one\n\ntwo"})])
    check('<minimax:tool_call><invoke name="write"><parameter name="path">b.md</path><parameter name="body">x'
          '</parameter></invoke></minimax:tool_call>', tools=T, calls=[("write", {"path": "b.md", "body": "x"})])


def test_a_closer_named_after_the_parameter_inside_its_value_is_text():
    # an element of that name opened in the value, or the value's own closer right after it
    T = tools(fmt={"b": {"type": "string"}})
    wrap = '<minimax:tool_call>\n<invoke name="fmt">\n{}\n</invoke>\n</minimax:tool_call>'
    check(wrap.format('<parameter name="b">a <b>bold</b>\n</parameter>'), tools=T, calls=[("fmt", {"b": "a <b>bold</b>\n"})])
    check(wrap.format('<parameter name="b">x</b></parameter>'), tools=T, calls=[("fmt", {"b": "x</b>"})])


# An invoke whose parameters are tags named after them (MiniMax-M3's body without its namespace
# token): GLM-4.7 wrote it through opencode (anomalyco/opencode#6883, tests/real_outputs/hunt_m.py).
# Made-up calls: bare or in a section, nested values typed by the schema, after prose.
KT = tools(bash={"command": {"type": "string"}, "timeout": {"type": "integer"}},
           edit={"path": {"type": "string"}, "ops": {"type": "array"}})


@pytest.mark.parametrize("text, calls", [
    ('<invoke name="bash">\n  <command>bun test</command>\n  <timeout>30</timeout>\n</invoke>',
     [("bash", {"command": "bun test", "timeout": 30})]),
    ('<minimax:tool_call>\n<invoke name="bash"><command>ls -la</command></invoke>\n</minimax:tool_call>',
     [("bash", {"command": "ls -la"})]),
    ('<function_calls><invoke name="edit"><path>a.py</path><ops>[{"line": 3}]</ops></invoke>'
     '<invoke name="bash"><command>make</command></invoke></function_calls>',
     [("edit", {"path": "a.py", "ops": [{"line": 3}]}), ("bash", {"command": "make"})]),
])
def test_an_invoke_with_parameters_as_tags_named_after_them(text, calls):
    check(text, tools=KT, calls=calls, content="")
    check("On it.\n" + text, tools=KT, calls=calls, content="On it.")


@pytest.mark.parametrize("text", [
    '<invoke name="rm_rf"><path>/</path></invoke>',             # undeclared
    '<invoke name="bash">just words</invoke>',                  # no parameter tags
])
def test_an_invoke_with_no_keyed_call_stays_text(text):
    check(text, tools=KT, calls=[], content=text)


def test_a_keyed_invoke_cut_off_is_not_runnable():
    check('<invoke name="bash"><command>ls', tools=KT, calls=[], incomplete=[("bash", {"command": "ls"})])


@pytest.mark.parametrize("text", [
    '<invoke name="edit"><path>a.py</path><parameter name="ops">[{"line": 3}]</parameter></invoke>',
    '<function_calls>\n<invoke name="edit">\n<path>a.py</path>\n<parameter name="ops">[{"line": 3}]</parameter>\n'
    '</invoke>\n</function_calls>',
])
def test_an_invoke_mixing_both_parameter_spellings_reads_each_value(text):
    # claude-agent-sdk-typescript#345: `<prompt>…</prompt>` then `<parameter name="preset">…`.
    # (A keyed tag after a `<parameter name=…>` one is not read: the call is given back as text.)
    check(text, tools=KT, calls=[("edit", {"path": "a.py", "ops": [{"line": 3}]})], content="")
