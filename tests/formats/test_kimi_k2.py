"""Kimi K2: a tool-calls section with functions.NAME:IDX ids kept as call ids (docs/syntax.md#kimi_k2)."""
from callsieve import formats, parse
from helpers import check, tools

EX = ('<|tool_calls_section_begin|><|tool_call_begin|>functions.mute_channel:3<|tool_call_argument_begin|>'
      '{"channel": "ops-pager"}<|tool_call_end|><|tool_calls_section_end|>')


def test_documented_example_keeps_the_id_and_the_content_before():
    m = check("Muting it." + EX, content="Muting it.", calls=[("mute_channel", {"channel": "ops-pager"})])
    assert m.tool_calls[0].id == "functions.mute_channel:3" and m.format == "kimi_k2"


def test_names_with_dashes_and_dots_and_odd_ids():
    text = ('<|tool_calls_section_begin|><|tool_call_begin|>functions.web.search-v2:17<|tool_call_argument_begin|>{}'
            '<|tool_call_end|><|tool_call_begin|>lookup:0<|tool_call_argument_begin|>{"q": 1}<|tool_call_end|>'
            '<|tool_call_begin|>functions.ns:tool:x<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>')
    m = check(text, calls=[("web.search-v2", {}), ("lookup", {"q": 1}), ("ns:tool:x", {})])
    assert [c.id for c in m.tool_calls] == ["functions.web.search-v2:17", "lookup:0", "functions.ns:tool:x"]


def test_singular_section_spelling_and_no_section_end():
    text = EX.replace("tool_calls_section", "tool_call_section")
    check(text, calls=[("mute_channel", {"channel": "ops-pager"})])
    check(EX.replace("<|tool_calls_section_end|>", ""), calls=[("mute_channel", {"channel": "ops-pager"})])


def test_section_opener_ends_reasoning_without_think_close():
    check("<think>Mute it." + EX, reasoning="Mute it.", calls=[("mute_channel", {"channel": "ops-pager"})])


def test_deepseek_ascii_look_alike_is_not_kimi():
    text = '<|tool_call_begin|>run<|tool_sep|>{"a": 1}<|tool_call_end|>'
    assert parse(text).format == "deepseek_v31"
    assert parse(EX.replace("<|tool_calls_section_begin|>", "")).format == "kimi_k2"


def test_stripped_special_tokens_leave_a_recognisable_id():
    m = check('Muting.functions.mute_channel:3{"channel": "ops"}functions.now:4{}',
              content="Muting.", calls=[("mute_channel", {"channel": "ops"}), ("now", {})])
    assert m.tool_calls[0].id == "functions.mute_channel:3"
    for text in ("see functions.py and functions.foo:3 too", "functions.mute:1 is no call", "functions."):
        check(text, content=text, calls=[])
    check('functions.rm:1{"all": true}', tools=tools("mute"), content='functions.rm:1{"all": true}', calls=[])


def test_model_names():
    assert formats.for_model("moonshotai/Kimi-K2-Instruct-0905") == "kimi_k2"


def test_stray_text_between_the_section_tokens_is_the_sections_markup():
    # (as vLLM's parser reads it: a model's noise inside a section that runs calls is markup,
    # reported with it; tests/test_nothing_vanishes.py accounts for it)
    text = ('Checking. <|tool_calls_section_begin|> spurious noise <|tool_call_begin|>functions.test:0 '
            '<|tool_call_argument_begin|>{"k": "v"} <|tool_call_end|> more <|tool_call_begin|>functions.b:1'
            '<|tool_call_argument_begin|>{}<|tool_call_end|> and <|tool_calls_section_end|>Done.')
    check(text, content="Checking. Done.", calls=[("test", {"k": "v"}), ("b", {})])


def test_a_section_opener_with_only_prose_after_it_stays_text():
    text = "Write <|tool_calls_section_begin|> and then " + "words " * 60 + "<|tool_call_begin|> in the docs."
    check(text, content=text, calls=[])


def _k2(name, idx, args):
    return (f"<|tool_call_begin|>functions.{name}:{idx}<|tool_call_argument_begin|>{args}<|tool_call_end|>")


def test_arguments_as_a_json_encoded_string():
    text = "<|tool_calls_section_begin|>" + _k2("get_weather", 0, '"{\\"city\\": \\"Paris\\"}"') + "<|tool_calls_section_end|>"
    check(text, calls=[("get_weather", {"city": "Paris"})], content="")


def test_one_bad_call_in_a_section_leaves_the_others():
    S, E = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
    ok_a, ok_b = _k2("get_weather", 0, '{"city": "A"}'), _k2("get_weather", 2, '{"city": "B"}')
    both = [("get_weather", {"city": "A"}), ("get_weather", {"city": "B"})]
    # undeclared: that call is text (no fabricated calls), its siblings run
    m = check(S + ok_a + _k2("nope", 1, '{"a": 1}') + ok_b + E, tools=tools("get_weather"), calls=both)
    assert m.content == _k2("nope", 1, '{"a": 1}')
    # malformed: an error, never run; the section goes on
    m = check(S + ok_a + _k2("get_weather", 1, '{"city": ') + ok_b + E, tools=tools("get_weather"), calls=both)
    assert m.content == "" and m.errors


def _id_call(cid, args='{"q": 1}'):
    return f"<|tool_call_begin|>{cid}<|tool_call_argument_begin|>{args}<|tool_call_end|>"


def test_an_id_names_a_declared_tool_with_any_separator_kept_verbatim():
    # Kimi K2.7-Code's `functions_Bash_2` (llama.cpp#24658), and the same rule under the other
    # separators, with no namespace or no index: the declared tool is the name, the id is kept.
    ids = ["functions_Bash_2", "functions-Bash-3", "functions:Bash.4", "Bash_5", "functions.Bash", "Bash"]
    S, E = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
    m = check(S + "".join(_id_call(i) for i in ids) + E, tools=tools("Bash", "Read"), content="",
              calls=[("Bash", {"q": 1})] * len(ids))
    assert [c.id for c in m.tool_calls] == ids


def test_names_holding_separators_take_the_longest_declared_match():
    text = "<|tool_calls_section_begin|>" + _id_call("functions_get_weather_now_7") + "<|tool_calls_section_end|>"
    check(text, tools=tools("get", "get_weather", "get_weather_now"), calls=[("get_weather_now", {"q": 1})])
    check(text, tools=tools("get", "get_weather"), content=text, calls=[])     # (no shorter name is guessed)


def test_an_id_naming_no_declared_tool_is_read_as_before():
    S, E = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
    # a namespace of more than one word does not shorten a name to a declared one that ends alike
    m = check(S + _id_call("functions_Read_1") + _id_call("functions.mcp_read:0") + E, tools=tools("read", "Read"),
              calls=[("Read", {"q": 1})])
    assert m.content == _id_call("functions.mcp_read:0")
    # no tools declared: the family's own shape only
    check(S + _id_call("functions_Bash_2") + _id_call("functions.Bash:3") + E,
          calls=[("functions_Bash_2", {"q": 1}), ("Bash", {"q": 1})])


def test_an_id_without_its_argument_token_stops_at_the_familys_own_tokens():
    # (the id rule is shared; which tokens end a call before its argument token is Kimi's)
    S, E = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
    bad = "<|tool_call_begin|>functions_Bash_2 <|tool_call_end|>"
    m = check(S + _id_call("functions_Bash_1") + bad + _id_call("functions_Bash_3") + E, tools=tools("Bash"),
              calls=[("Bash", {"q": 1})] * 2)
    assert m.content == bad


try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:                  # (hypothesis comes with the dev extra)
    given = None

if given is not None:
    WORD = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=6)
    NAME = st.lists(WORD, min_size=1, max_size=3).flatmap(
        lambda ws: st.sampled_from("_-.").map(lambda sep: sep.join(ws)))

    @settings(max_examples=60, deadline=None)
    @given(NAME, st.lists(NAME, max_size=3), st.one_of(st.just(""), WORD.filter(lambda w: not w.isdigit())),
           st.sampled_from(".:_-"), st.one_of(st.none(), st.integers(0, 99)), st.sampled_from(".:_-"))
    def test_any_id_shape_names_the_declared_tool_it_holds(name, others, ns, sep, idx, sep2):
        # a made-up id spelling: [namespace SEP] NAME [SEP IDX]; the declared name runs, the id is kept
        cid = (ns + sep if ns else "") + name + ("" if idx is None else f"{sep2}{idx}")
        declared = [name] + sorted({o for o in others if o != name and o not in cid})
        text = "<|tool_calls_section_begin|>" + _id_call(cid) + "<|tool_calls_section_end|>"
        m = parse(text, tools=tools(*declared))
        assert [(c.name, c.id) for c in m.tool_calls] == [(name, cid)], (cid, declared)


def test_a_json_call_object_in_place_of_the_id_is_the_call_and_the_section_its_markup():
    """A JSON call object between the call tokens, no `functions.NAME:0` id line (hermes-agent's
    fallback, hunt k): the object names the tool; the section tokens around it are markup, in
    either section spelling, beside an id call, with prose before; an undeclared name stays text."""
    obj = '<|tool_call_begin|>{"name": "get_weather", "arguments": {"city": "Oslo"}}<|tool_call_end|>'
    T = tools("get_weather", "lookup")
    for sec in ("tool_calls_section", "tool_call_section"):
        check(f"Checking.\n<|{sec}_begin|>{obj}<|{sec}_end|>", tools=T, content="Checking.",
              calls=[("get_weather", {"city": "Oslo"})])
    both = ('<|tool_calls_section_begin|>' + obj.replace('{"name"', ' {\n "name"') +
            '<|tool_call_begin|>functions.lookup:1<|tool_call_argument_begin|>{"q": 2}<|tool_call_end|>'
            '<|tool_calls_section_end|>')
    check(both, tools=T, content="", calls=[("get_weather", {"city": "Oslo"}), ("lookup", {"q": 2})])
    m = parse("<|tool_calls_section_begin|>" + obj.replace("get_weather", "launch") + "<|tool_calls_section_end|>",
              tools=T)
    assert not m.tool_calls and "launch" in m.content
