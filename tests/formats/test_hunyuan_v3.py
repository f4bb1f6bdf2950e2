"""Tencent HY-V3 / V4 <tool_calls><tool_call>NAME<tool_sep>… (docs/syntax.md#hunyuan_v3)."""
from callsieve import formats
from helpers import check
from samples_xml import contract

test_contract = contract("hunyuan_v3")


def test_several_calls_in_one_section():
    text = ("Both.<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call>"
            "<tool_call>lights<tool_sep><arg_key>on</arg_key><arg_value>false</arg_value></tool_call>"
            "<tool_call>ping<tool_sep></tool_call></tool_calls>")
    m = check(text, content="Both.", calls=[("mute", {"room": "den"}), ("lights", {"on": False}), ("ping", {})])
    assert m.format == "hunyuan_v3"


def test_suffixed_tokens():
    text = ("<tool_calls:opensource><tool_call:opensource>mute<tool_sep:opensource><arg_key>room</arg_key>"
            "<arg_value>den</arg_value></tool_call:opensource></tool_calls:opensource> ok")
    check(text, calls=[("mute", {"room": "den"})])


def test_decided_by_content_against_json_arrays_and_lines():
    f = formats.get("hunyuan_v3")
    assert f.decide("<tool_calls>", '[{"name": "x"}]', False, None) == formats.NO
    assert f.decide("<tool_calls>", '{"name": "x"}', False, None) == formats.NO
    assert f.decide("<tool_calls>", "\n<tool_", False, None) == formats.MAYBE
    assert f.decide("<tool_calls>", "\n<tool_call>", False, None) == formats.YES
    # the opener written twice is one opener: what follows the second decides
    assert f.decide("<tool_calls>", "<tool_calls>", False, None) == formats.MAYBE
    assert f.decide("<tool_calls>", "<tool_calls>\n<tool_call>", False, None) == formats.YES
    assert f.decide("<tool_calls>", '<tool_calls>[{"name": "x"}]', False, None) == formats.NO


def test_newlines_between_tags():
    text = ("<tool_calls>\n<tool_call>mute<tool_sep>\n<arg_key>room</arg_key>\n<arg_value>den</arg_value>\n"
            "</tool_call>\n</tool_calls>")
    check(text, calls=[("mute", {"room": "den"})])


def test_every_tag_suffixed_as_hy3s_template_writes_them():
    # Hy3 writes :opensource on the argument tags too: calls had no arguments before.
    t = lambda n: f"<{n}:opensource>"
    text = (t("tool_calls") + "\n" + t("tool_call") + "get_weather" + t("tool_sep") + "\n" + t("arg_key") + "city"
            + t("/arg_key") + "\n" + t("arg_value") + "Paris" + t("/arg_value") + "\n" + t("/tool_call") + "\n"
            + t("/tool_calls") + "<｜hy_eos:opensource｜>")
    check(text, calls=[("get_weather", {"city": "Paris"})], content="")


def test_a_call_closer_quoted_inside_a_suffixed_value_ends_nothing():
    text = ("<tool_calls:opensource><tool_call:opensource>write<tool_sep:opensource><arg_key:opensource>text"
            "</arg_key:opensource><arg_value:opensource>a </tool_call:opensource> b</arg_value:opensource>"
            "</tool_call:opensource></tool_calls:opensource>")
    check(text, calls=[("write", {"text": "a </tool_call:opensource> b"})], content="")


def test_suffixed_thinking_is_reasoning():
    check("<think:opensource>plan</think:opensource>Answer", reasoning="plan", content="Answer")


def test_arguments_as_json_in_a_fence_after_the_name():
    # Hunyuan's pretrain template (Hunyuan-0.5B/7B-Pretrain, Hy-Embodied) writes the arguments as
    # a ```json fence after the name; they are the call's, never dropped as text between tags.
    text = '<tool_calls><tool_call>lookup_city\n```json\n{"city": "Paris", "days": 3}\n```</tool_call></tool_calls>'
    check(text, calls=[("lookup_city", {"city": "Paris", "days": 3})], content="")


def test_what_may_be_arguments_between_tags_keeps_the_call_from_running():
    # Text between a call's tags is dropped, but not text that may hold its arguments: the call
    # would run without them.  It stays what the model wrote.
    text = '<tool_calls><tool_call>lookup_city\nwith {"city": "Paris"}</tool_call></tool_calls>'
    check(text, calls=[], content=text)


def test_the_unsuffixed_end_token_is_markup():
    # Hy3-preview's template writes <｜hy_eos｜> without the :opensource suffix.
    text = "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value></tool_call></tool_calls><｜hy_eos｜>"
    check(text, content="", calls=[("mute", {"room": "den"})])
