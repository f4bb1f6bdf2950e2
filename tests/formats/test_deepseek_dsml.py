"""DeepSeek V3.2 / V4 DSML (docs/syntax.md#deepseek_dsml)."""
import pytest

from callsieve import Sieve, Text
from helpers import check, tools
from samples_xml import contract

test_contract = contract("deepseek_dsml")

EXAMPLE = ('<｜DSML｜function_calls><｜DSML｜invoke name="rate_movie"><｜DSML｜parameter name="title" string="true">'
           'Alien</｜DSML｜parameter><｜DSML｜parameter name="stars" string="false">4</｜DSML｜parameter>'
           '</｜DSML｜invoke></｜DSML｜function_calls>')


def test_documented_example_v32():
    m = check("<think>Rate it.</think>Rating.\n\n" + EXAMPLE, reasoning="Rate it.", content="Rating.",
              calls=[("rate_movie", {"title": "Alien", "stars": 4})])
    assert m.format == "deepseek_dsml"


def test_v4_tool_calls_section_and_several_invokes():
    text = ('<｜DSML｜tool_calls>\n<｜DSML｜invoke name="a">\n<｜DSML｜parameter name="x" string="false">[1, {"y": 2}]'
            '</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="b">\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>')
    check(text, calls=[("a", {"x": [1, {"y": 2}]}), ("b", {})])


def test_string_attribute_decides_the_type_over_the_guess():
    text = ('<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="zip" string="true">01234'
            '</｜DSML｜parameter><｜DSML｜parameter name="ok" string="false">true</｜DSML｜parameter>'
            '<｜DSML｜parameter name="q" string="false">"quoted"</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>')
    check(text, tools=tools(f={"zip": {"type": "integer"}}), calls=[("f", {"zip": "01234", "ok": True, "q": "quoted"})])


def test_tags_without_or_with_mixed_dsml_prefix():
    text = ('<｜DSML｜function_calls><invoke name="f"><parameter name="a" string="true">x</parameter>'
            '<｜DSML｜parameter name="b" string="false">2</parameter></｜DSML｜invoke></｜DSML｜function_calls>')
    check(text, calls=[("f", {"a": "x", "b": 2})])


def test_json_object_directly_inside_invoke():
    text = '<｜DSML｜function_calls><｜DSML｜invoke name="f">{"a": "x", "n": [1]}</｜DSML｜invoke></｜DSML｜function_calls>'
    check(text, calls=[("f", {"a": "x", "n": [1]})])


def test_a_trailing_lt_is_held():
    s = Sieve()
    evs = s.feed("Rating.<")
    assert "".join(e.text for e in evs if isinstance(e, Text)) == "Rating."
    evs = s.feed(EXAMPLE[1:]) + s.close()
    assert not any(isinstance(e, Text) for e in evs)


def test_stripped_dsml_prefix_still_recognised_before_an_invoke():
    text = ('<function_calls><invoke name="f"><parameter name="a" string="true">x</parameter></invoke>'
            '</function_calls>')
    assert check(text, calls=[("f", {"a": "x"})]).format == "deepseek_dsml"
    text = '<tool_calls>\n<invoke name="f"></invoke>\n</tool_calls>'
    check(text, calls=[("f", {})])


V41 = ('<｜DSML｜ calls>\n<｜DSML｜ invoke name="get_weather">\n<｜DSML｜ parameter name="city" string="true">Zürich'
       '</｜DSML｜ parameter>\n<｜DSML｜ parameter name="days" string="false">3</｜DSML｜ parameter>\n</｜DSML｜ invoke>\n'
       '<｜DSML｜ invoke name="search">\n<｜DSML｜ parameter name="q" string="true">cafés</｜DSML｜ parameter>\n'
       '</｜DSML｜ invoke>\n</｜DSML｜ calls>')


def test_v41_spells_every_tag_with_a_space_after_the_prefix():
    m = check("Checking.\n\n" + V41 + "\nDone.", content="Checking.\n\nDone.",
              calls=[("get_weather", {"city": "Zürich", "days": 3}), ("search", {"q": "cafés"})])
    assert m.format == "deepseek_dsml"


def test_v41_tag_quoted_inside_a_value_ends_nothing():
    text = ('<｜DSML｜ calls>\n<｜DSML｜ invoke name="echo">\n<｜DSML｜ parameter name="text" string="true">Write '
            '<｜DSML｜ invoke name="x"> inside <｜DSML｜ calls> to call</｜DSML｜ parameter>\n</｜DSML｜ invoke>\n'
            '</｜DSML｜ calls>')
    check(text, calls=[("echo", {"text": "Write <｜DSML｜ invoke name=\"x\"> inside <｜DSML｜ calls> to call"})])


def test_a_bare_calls_tag_is_prose():
    text = 'Use <calls> to list them, then <invoke name="f"> is just text.'
    check(text, content=text, calls=[])


def test_a_self_closing_invoke_is_a_call_without_arguments():
    text = ('<｜DSML｜tool_calls>\n<｜DSML｜invoke name="submit"/>\n<｜DSML｜invoke name="f">\n'
            '<｜DSML｜parameter name="a" string="false">1</｜DSML｜parameter>\n</｜DSML｜invoke>\n'
            '<｜DSML｜ invoke name="g" />\n</｜DSML｜tool_calls>')
    check(text, content="", calls=[("submit", {}), ("f", {"a": 1}), ("g", {})])


def test_a_mark_cut_short_by_the_end_of_the_stream_is_markup():
    # tag words are ordinary tokens: the stream may end inside one
    m = check("Hi. <｜DSML｜function_calls>\n<｜DSML｜invok", content="Hi.", calls=[])
    assert m.errors and "cut off" in m.errors[0].reason
    for tail in ("</｜DSML｜function_calls", "</｜DSML｜"):
        check("Hi. " + EXAMPLE[:-len("</｜DSML｜function_calls>")] + tail, content="Hi.",
              calls=[("rate_movie", {"title": "Alien", "stars": 4})])


def test_the_bar_as_the_double_vertical_line():
    # `‖` (U+2016) for the fullwidth bar (lsdefine/GenericAgent#804); a made-up V4 tool_calls variant
    T = tools("rate_movie")
    check(EXAMPLE.replace("｜", "‖"), tools=T, calls=[("rate_movie", {"title": "Alien", "stars": 4})])
    check("Now.\n" + EXAMPLE.replace("｜", "‖").replace("function_calls", "tool_calls"), tools=T, content="Now.",
          calls=[("rate_movie", {"title": "Alien", "stars": 4})])


def test_the_namespace_is_a_part_every_bar_spelling_applies_to():
    # GigaChat 3.5 writes the DSML body under its own token (`<｜GCML｜tool_calls>`): each declared
    # namespace in each bar spelling, with and without prose before, reads the same call
    from callsieve.formats.deepseek_dsml import NAMESPACES, _spellings
    t = tools("get_weather")
    for ns in NAMESPACES:
        for p in _spellings(ns):
            block = (f'<{p}tool_calls><{p}invoke name="get_weather"><{p}parameter name="days" string="false">3'
                     f'</{p}parameter></{p}invoke></{p}tool_calls>')
            for text in (block, "Checking.\n" + block):
                check(text, tools=t, calls=[("get_weather", {"days": 3})])


@pytest.mark.parametrize("bar", ["|", "｜"])
def test_the_token_spaced_out_by_a_detokenizer(bar):
    # `< | DSML | invoke …>`: each piece of the token joined with spaces (NousResearch/hermes-agent#15473;
    # tests/real_outputs/hunt_m.py); made-up calls: two invokes, a JSON-typed value, prose before
    p = f" {bar} DSML {bar} "
    block = (f'<{p}tool_calls>\n<{p}invoke name="terminal">\n<{p}parameter name="command" string="true">a | b'
             f'</{p}parameter>\n</{p}invoke>\n<{p}invoke name="get_weather">\n<{p}parameter name="days" '
             f'string="false">3</{p}parameter>\n</{p}invoke>\n</{p}tool_calls>')
    want = [("terminal", {"command": "a | b"}), ("get_weather", {"days": 3})]
    check(block, tools=tools("terminal", "get_weather"), calls=want)
    check("Running both.\n" + block, tools=tools("terminal", "get_weather"), calls=want, content="Running both.")


def test_spaced_bars_in_prose_are_text():
    for text in ("if a < | DSML | b then", "x < | y | > z", "< | DSML | tool_calls is the opener"):
        check(text, content=text, calls=[], tools=tools("terminal"))
