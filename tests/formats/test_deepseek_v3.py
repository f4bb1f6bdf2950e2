"""DeepSeek V3 / R1-0528 and V3.1 (docs/syntax.md#deepseek_v3, #deepseek_v31): one opener, told apart by what follows."""
from callsieve import formats, parse
from helpers import check, tools
from samples_json import family

V3 = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>check_stock\n```json\n{"sku": "KX-88"}\n'
      '```<｜tool▁call▁end｜><｜tool▁calls▁end｜>')
V31 = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>lookup_flight<｜tool▁sep｜>{"code": "FI615"}<｜tool▁call▁end｜>'
       '<｜tool▁calls▁end｜>')


def test_documented_examples_are_told_apart():
    m = check("Checking stock." + V3, content="Checking stock.", calls=[("check_stock", {"sku": "KX-88"})])
    assert m.format == "deepseek_v3"
    m = check("Looking.\n" + V31, content="Looking.", calls=[("lookup_flight", {"code": "FI615"})])
    assert m.format == "deepseek_v31"


def test_look_alike_spellings():
    for text in (V31.replace("｜", "|"), V31.replace("▁", "_").replace("｜", "|"), V31.replace("▁", " "),
                 V3.replace("▁", "_").replace("｜", "|"), V31.replace("tool▁calls▁begin", "tool▁calls")):
        m = check(text)
        assert len(m.tool_calls) == 1 and m.format in ("deepseek_v3", "deepseek_v31"), text


def test_a_call_begin_without_its_section():
    check('<｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>g<｜tool▁sep｜>{}'
          "<｜tool▁call▁end｜>", calls=[("f", {"a": 1}), ("g", {})])


def test_v3_without_the_fence_and_v31_with_a_tool_named_function():
    check('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
          calls=[("f", {"a": 1})])
    m = check('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
              calls=[("function", {"a": 1})])
    assert m.format == "deepseek_v31"


def test_step3_xml_body_is_not_claimed():
    text = ('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="f">'
            '<steptml:parameter name="k">v</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>')
    assert parse(text).format not in ("deepseek_v3", "deepseek_v31")


def test_unterminated_json_at_end_of_stream_is_incomplete():
    m = check(V3[:V3.index("88") + 1], calls=[], incomplete=[("check_stock", {"sku": "KX-8"})])
    assert m.errors[-1].incomplete


def test_only_the_closing_think_tag_and_a_call_that_skips_it():
    check("Need a flight.</think>" + V31, thinking=True, reasoning="Need a flight.", calls=[("lookup_flight", {"code": "FI615"})])
    check("Need a flight." + V31, thinking=True, reasoning="Need a flight.", calls=[("lookup_flight", {"code": "FI615"})])


def test_an_undeclared_call_goes_back_to_the_text_and_the_others_stay():
    text = family("deepseek_v31").render([("f", {}), ("rm", {"all": True})])
    m = check(text, tools=tools("f"), calls=[("f", {})])
    assert "rm<｜tool▁sep｜>" in m.content


def test_tokens_in_prose():
    text = "The token <｜tool▁calls▁begin｜> opens calls."
    check(text, content=text, calls=[])
    m = check("<｜tool▁call▁begin｜>", content="", calls=[])    # alone at the end: markup
    assert "cut off" in m.errors[0].reason


def test_model_names():
    assert formats.for_model("deepseek-ai/DeepSeek-V3.1-Terminus") == "deepseek_v31"
    assert formats.for_model("deepseek-r1-0528") == "deepseek_v3"
    assert formats.for_model("DeepSeek-V3-0324") == "deepseek_v3"
    assert formats.for_model("deepseek-v3") == "deepseek_v3"


def test_section_opener_variants_and_repeats():
    body = '<｜tool▁call▁begin｜>lookup_flight<｜tool▁sep｜>{"code": "FI615"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'
    for opener in ("<｜tool▁calls｜>", "<｜tool▁calls▁begin｜>" * 3):
        check(opener + body, calls=[("lookup_flight", {"code": "FI615"})], content="")


def test_a_v3_call_without_its_type_word():
    text = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜><｜tool▁sep｜>check_stock\n```json\n{"sku": "KX-88"}\n'
            '```<｜tool▁call▁end｜><｜tool▁calls▁end｜>')
    check(text, calls=[("check_stock", {"sku": "KX-88"})], content="")


def test_tool_outputs_the_model_wrote_are_markup():
    text = (V31 + "<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{\"on_time\": true}<｜tool▁output▁end｜>"
            "<｜tool▁outputs▁end｜>On time.<|end▁of▁sentence|>")
    check(text, calls=[("lookup_flight", {"code": "FI615"})], content="On time.")
