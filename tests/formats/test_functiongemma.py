"""FunctionGemma: <start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call> (docs/syntax.md#functiongemma)."""
import pytest
from callsieve import formats, parse
from helpers import check, deltas_ok, feed, split, summary, tools
from samples_literal import long_string_streams

E = "<escape>"


def fg(name, body):
    return f"<start_function_call>call:{name}{{{body}}}<end_function_call>"


def test_documented_example_with_prose_before_and_after():
    text = "Texting now. " + fg("send_sms", f"to:{E}+354000{E},urgent:false") + " Sent."
    m = check(text, content="Texting now.  Sent.", calls=[("send_sms", {"to": "+354000", "urgent": False})])
    assert m.format == "functiongemma"


def test_several_calls_and_a_zero_argument_call():
    text = fg("a", "n:2") + "\n" + fg("now", "") + fg("b", f"s:{E}x{E}")
    check(text, calls=[("a", {"n": 2}), ("now", {}), ("b", {"s": "x"})])


def test_nested_and_unicode_arguments():
    body = f"who:{E}Þóra ✓ 日本{E},opts:{{deep:[1,{{x:null}}],ok:true}},n:-1.5"
    check(fg("f", body), calls=[("f", {"who": "Þóra ✓ 日本", "opts": {"deep": [1, {"x": None}], "ok": True},
                                        "n": -1.5})])


def test_closing_marker_and_separators_inside_an_escape_string():
    value = 'say "<end_function_call>", then }, ]'
    check(fg("say", f"text:{E}{value}{E}") + " ok", content="ok", calls=[("say", {"text": value})])


def test_truncated_call_is_incomplete():
    m = check(f"<start_function_call>call:f{{a:{E}hal", calls=[], incomplete=[("f", {"a": "hal"})])
    assert m.errors[-1].incomplete


def test_long_string_argument_streams():
    long_string_streams(f"<start_function_call>call:save{{text:{E}", f"{E}}}<end_function_call>", "text")


def test_auto_detected_named_and_model_pattern():
    text = fg("f", "a:1")
    assert parse(text).format == "functiongemma"
    assert [(c.name, c.arguments) for c in parse(text, format="functiongemma").tool_calls] == [("f", {"a": 1})]
    assert formats.for_model("functiongemma-270m-it") == "functiongemma"


def test_prose_mentioning_the_marker_is_text_and_undeclared_tools_are_text():
    for text in ["Calls start with <start_function_call> and end with <end_function_call>.",
                 "<start_function_call>call: nothing here"]:
        check(text, content=text, calls=[])
    text = fg("rm_rf", "a:1")
    check(text, tools=tools("f"), content=text, calls=[])


def test_the_tool_results_opener_after_a_call_is_markup():
    # FunctionGemma's template opens the tool result after a call; the model writes that token
    # as its turn's end, and at times a made-up result: markup, never content.
    call = "<start_function_call>call:lookup_city{city:<escape>Paris<escape>}<end_function_call>"
    check(call + "<start_function_response>", content="", calls=[("lookup_city", {"city": "Paris"})])
    check(call + "<start_function_response>response:lookup_city{temp:20}<end_function_response>", content="",
          calls=[("lookup_city", {"city": "Paris"})])


def test_a_namespaced_name_and_a_json_call_object_read_as_in_gemma_4():
    # the same literal reader (formats/_literal.py): the namespace rule and the JSON call object
    # hold for FunctionGemma's <escape> delimiter too
    ts = tools("send_sms")
    check(fg("default_api:send_sms", f"to:{E}+354{E}"), calls=[("send_sms", {"to": "+354"})], tools=ts)
    check(f'<start_function_call>{{"name": "send_sms", "arguments": {{"to": {E}+354{E}}}}}<end_function_call>',
          calls=[("send_sms", {"to": "+354"})], tools=ts)


QUOTES = ["<escape>", '<|"|>']


@pytest.mark.parametrize("outer", ["", "<|tool_call>", "<start_function_call>", "<acme_call>"])
@pytest.mark.parametrize("q", QUOTES)
def test_a_literal_s_strings_quoted_with_either_literal_family_s_token(outer, q):
    """Gemma 4's `<|"|>` and FunctionGemma's `<escape>` quote the same literal: a string quoted
    with either is a string whichever body reads it (a FunctionGemma call whose opener was
    stripped is read by Gemma 4's `call:`); the other token inside it is its text."""
    closer = {"": "<end_function_call>", "<|tool_call>": "<tool_call|>", "<start_function_call>": "<end_function_call>",
              "<acme_call>": "</acme_call>"}[outer]
    other = QUOTES[1 - QUOTES.index(q)]
    text = f"{outer}call:send_sms{{to:{q}+354 {other} 0{q},urgent:false}}{closer}"
    tools = [{"type": "function", "function": {"name": "send_sms", "parameters": {"type": "object"}}}]
    want = [("send_sms", {"to": f"+354 {other} 0", "urgent": False})]
    for chunks in ([text], split(text, [1]), split(text, [3, 7])):
        m, evs = feed(text, chunks, tools=tools)
        assert [(c.name, c.arguments) for c in m.tool_calls] == want and m.content == "", summary(m)
        deltas_ok(evs)
    fenced = f"For example:\n```\n{text}\n```\nThat is all."
    m, _ = feed(fenced, split(fenced, [4]), tools=tools)
    assert not m.tool_calls and "send_sms" in m.content
