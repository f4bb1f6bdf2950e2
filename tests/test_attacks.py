"""The promises under attack: each class of break found by adversarial inputs, as a regression.

Every test runs its input whole, one character at a time and in other chunkings (helpers.check
or helpers.feed), because each class below was a difference between chunkings or a crash.
"""
import json
import signal

import pytest

from callsieve import Reasoning, Sieve, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart, formats, parse
from callsieve.jsonargs import MAX_DEPTH
from callsieve.sieve import SieveFailed
from helpers import check, deltas_ok, feed, split, summary, tools


@pytest.fixture(autouse=True)
def no_hang():
    """A hang fails the test instead of stalling the suite."""
    def alarm(*_):
        raise TimeoutError("the Sieve did not return")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


# 1. Tool lists are user input ---------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    [{"type": "function", "function": {"name": ""}}],
    [{"type": "function", "function": {"name": 7}}],
    [{"type": "function", "function": {}}],
    [{"name": "a b"}],
    [{"name": "f"}, {"type": "function", "function": {"name": "f"}}],
    [3],
    {"name": "f"},
    [{"type": "function", "function": "f"}],
    [{"name": "x" * 257}],
])
def test_a_tool_list_that_cannot_be_used_is_a_value_error(bad):
    with pytest.raises(ValueError):
        Sieve(tools=bad)
    with pytest.raises(ValueError):
        parse('bash[TOOL_CALLS]{"command": "ls"}', tools=bad)


def test_names_that_share_prefixes_or_hold_marker_characters_work():
    t = tools("mute", "mute_channel", "a.b", "x|y", "<tool_call>", "[ARGS]", "f(")
    check('mute{"room": "den"} ok', tools=t, content="ok", calls=[("mute", {"room": "den"})])
    check('mute_channel{"room": "den"}', tools=t, calls=[("mute_channel", {"room": "den"})])
    check('<tool_call>{"name": "x|y", "arguments": {}}</tool_call>', tools=t, calls=[("x|y", {})])
    check('<tool_call>{"name": "<tool_call>", "arguments": {}}</tool_call>', tools=t,
          calls=[("<tool_call>", {})])


def test_thousands_of_tools():
    t = [{"name": f"tool_{i}"} for i in range(3000)]
    check('tool_2999{"a": 1} done', tools=t, content="done", calls=[("tool_2999", {"a": 1})])
    check('<tool_call>{"name": "tool_17", "arguments": {}}</tool_call>', tools=t, calls=[("tool_17", {})])


# 2. "The start of the content" is a property of the message so far --------------------------------

@pytest.mark.parametrize("text, kw", [
    ('<think>Sure, leaf{"a": 1} ok', {"tools": tools("f", "get_weather")}),
    ('<think>Let me check. {"name": "get_weather", "arguments": {}}', {}),
    ("<think>.[r()<", {}),
    ('<think>I could call f{"a": 1}</think>', {"tools": tools("f")}),
])
def test_start_of_content_forms_do_not_fire_inside_thinking(text, kw):
    m = check(text, **kw)
    assert m.tool_calls == [] and m.content in ("", " ok"[:0])


def test_start_of_content_forms_fire_right_after_thinking_closes():
    check('<think>plan</think>\n{"name": "f", "arguments": {"a": 1}}', reasoning="plan",
          calls=[("f", {"a": 1})])
    check('<think>plan</think>f{"a": 1}', tools=tools("f"), calls=[("f", {"a": 1})])


def test_prompt_opened_thinking_keeps_a_real_call():
    text = '.analysisW<tool_call>{"name": "f", "arguments": {}}</tool_call>'
    check(text, thinking=True, reasoning=".analysisW", content="", calls=[("f", {})])
    check(text + "t", thinking=True, reasoning=text + "t", content="", calls=[])   # thought aloud


# 3. Other chunking differences -------------------------------------------------------------------

def test_inline_code_rule_with_a_forced_format():
    text = '>`<tool_call>{"name": "f", "arguments": {}}</tool_call>'
    check(text, format="tool_call_tag", content=text, calls=[])


@pytest.mark.parametrize("limit", [1, 8, 13, 100])
def test_max_call_bytes_is_counted_per_call_on_the_stream(limit):
    for text in ('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
                 '<tool_call>{"name": "f", "arguments": {"a": "' + "x" * 1000 + '"}}</tool_call>',
                 '<tool_call>\n<function=f>\n<parameter=a>\n' + "y" * 300 + '\n</parameter>\n</function>\n</tool_call>'):
        m = check(text, max_call_bytes=limit)
        for c in m.tool_calls:
            assert len(json.dumps(c.arguments, separators=(",", ":"), ensure_ascii=False)) <= limit
        _, evs = feed(text, [text], max_call_bytes=limit)
        sent = sum(len(e.delta) for e in evs if hasattr(e, "delta"))
        assert sent <= max(limit, 2)


def test_nesting_limit_is_the_same_whatever_the_chunking():
    for depth in (MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 200):
        text = '<tool_call>{"name": "f", "arguments": {"a": ' + "[" * depth + "]" * depth + "}}</tool_call>"
        m = check(text)
        # deeper than the limit: an error, and no runnable call (issue 18)
        assert len(m.tool_calls) == (depth < MAX_DEPTH) and len(m.incomplete) == (depth >= MAX_DEPTH)


def test_error_reasons_and_raw_do_not_depend_on_the_chunking():
    m = check('<TOOLCALL>[{"name": "f", "arguments": {"a": oops}}]</TOOLCALL>', calls=[])
    assert [c.name for c in m.incomplete] == ["f"]
    check('<tool_call>{"name": "f", "arguments": {"a": 1, "b": 1' + "2" * 100 + '}}</tool_call>')


# 4. No crash, no input-controlled recursion ------------------------------------------------------

def test_xml_family_with_a_tiny_limit_does_not_raise():
    text = '<tool_call>\n<function=f>\n<parameter=a>\nhello world this is long\n</parameter>\n</function>\n</tool_call>'
    m = check(text, max_call_bytes=5)
    assert m.tool_calls == [] and m.incomplete and "larger" in m.errors[-1].reason


@pytest.mark.parametrize("depth", [990, 5000])
def test_deep_json_is_an_error_not_a_recursion_error(depth):
    text = '<tool_call>{"name": "f", "arguments": {"a": ' + "[" * depth + "]" * depth + "}}</tool_call>"
    m = parse(text)
    assert m.errors and not m.tool_calls and len(m.incomplete) == 1
    m, evs = feed(text, split(text, [7]))
    deltas_ok(evs)
    deep = '{"tool_calls": ' * depth + "1" + "}" * depth
    parse(deep, tools=tools("f"))           # the broad pass too


# 5. Output is strict JSON ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    '<tool_call>{"name": "f", "arguments": {"a": 1e999}}</tool_call>',
    '<tool_call>{"name": "f", "arguments": {"a": -1e999, "b": 2}}</tool_call>',
    '<tool_call>\n<function=f>\n<parameter=a>\n1e999\n</parameter>\n</function>\n</tool_call>',
    '[f(a=1e999)]',
    '<|tool_call>call:f{a:1e999}<tool_call|>',
    '<tool_call>{"name": "f", "arguments": {"a": 1, "a": 2}}</tool_call>',
    '<tool_call>{"name": "f", "arguments": {"a": NaN}}</tool_call>',
])
def test_arguments_are_always_strict_json(text):
    m = check(text)
    for c in m.tool_calls:
        json.dumps(c.arguments, allow_nan=False)
    json.dumps(m.to_openai(), allow_nan=False)


def test_streamed_and_whole_argument_text_is_one_canonical_form():
    text = '<tool_call>{"name": "f", "arguments": {"city" : "Paris",  "unit":"celsius", "n": 1.50, "e": "\\u00e9\\/"}}</tool_call>'
    want = '{"city":"Paris","unit":"celsius","n":1.5,"e":"é/"}'
    for chunks in ([text], split(text, [1]), split(text, [3])):
        _, evs = feed(text, chunks)
        assert "".join(e.delta for e in evs if hasattr(e, "delta")) == want
    assert parse(text).to_openai()["tool_calls"][0]["function"]["arguments"] == want


def test_a_tiny_limit_never_leaves_deltas_unclosed_for_a_finished_call():
    for limit in range(0, 40, 3):
        _, evs = feed('<tool_call>{"name": "f", "arguments": {"a": [1, {"b": "cc"}]}}</tool_call>',
                      max_call_bytes=limit)
        deltas_ok(evs)


# 6. A failed state after a bug -------------------------------------------------------------------

def test_an_exception_inside_a_format_puts_the_sieve_in_a_failed_state(monkeypatch):
    fmt = formats.get("tool_call_tag")

    def broken(self, r, ctx, opener):
        a = ctx.start("f")
        a.begin("{")
        yield None
        raise KeyError("a bug")

    monkeypatch.setattr(type(fmt), "parse", broken)
    s = Sieve(format="tool_call_tag")
    evs = s.feed('Hi <tool_call>{"name": "f", "arguments": {"a"')
    evs += s.feed(': 1}}</tool_call> more')
    errors = [e for e in evs if isinstance(e, ToolCallError)]
    assert errors and errors[-1].incomplete and "internal error" in errors[-1].reason
    assert not any(isinstance(e, ToolCallEnd) for e in evs), "the open call is not delivered"
    assert [e.text for e in evs if type(e).__name__ == "Text"][0] == "Hi"
    with pytest.raises(SieveFailed):
        s.feed("more")
    assert s.close() == []
    # inside thinking the call is held; the failure lets out what was held, then says why
    s = Sieve(format="tool_call_tag")
    evs = s.feed('<think>plan <tool_call>{"name": "f", "arguments": {"a"')
    assert [type(e) for e in evs] == [Reasoning]
    evs = s.feed(': 1}}</tool_call> more')
    assert [type(e) for e in evs][:2] == [ToolCallStart, ToolCallArgs]
    assert isinstance(evs[-1], ToolCallError) and evs[-1].incomplete and "internal error" in evs[-1].reason


# 7. Granite's plain-text thinking ----------------------------------------------------------------

def test_granite_plain_text_thinking_keeps_its_words():
    check("Here is my thought process:\nfinalHere is my response:", reasoning="final", content="")
    check("Here is my thought process:\nplan\nHere is my response:\nanswer", reasoning="plan",
          content="answer")


# Cut-off calls are safe -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    '<tool_call>{"name": "run", "arguments": {"command": "rm -rf ./',
    '[TOOL_CALLS]run[ARGS]{"command": "rm -rf ./',
    '<|tool_call>call:run{command:<|"|>rm -rf ./',
    '<tool_call>\n<function=run>\n<parameter=command>\nrm -rf ./',
    '[run(command="rm -rf ./',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>run\n```json\n{"command": "rm -rf ./',
])
def test_a_call_cut_by_the_end_of_the_stream_is_never_finished(text):
    m = check(text, calls=[], content="")
    assert [c.name for c in m.incomplete] == ["run"]
    assert m.incomplete[0].arguments == {"command": "rm -rf ./"}
    assert "tool_calls" not in m.to_openai()


def test_special_token_markup_cut_before_its_call_is_never_content():
    for text in ('<|tool_call>call:ru', '[TOOL_CALLS]', 'Ok.<|python_tag|>', '<tool_call>{"na'):
        m = check(text, calls=[])
        assert m.content in ("", "Ok."), m.content
        assert m.errors and m.errors[0].index is None
    # once its name went out it is a call: an incomplete one, the unusable tail in raw
    m = check('<tool_call>{"name": "run", "argu', calls=[], content="", incomplete=[("run", {})])
    assert m.errors[0].incomplete and m.errors[0].raw == '"argu'


def test_a_tag_opener_that_is_the_whole_content_at_the_end_is_a_cut_off_call():
    # Qwen stopped by max_tokens right after `<tool_call>`: the marker never leaks as the answer.
    for text in ("<tool_call>", "\n<tool_call>\n", "<minimax:tool_call>"):
        m = check(text, calls=[], content="")
        assert m.errors and m.errors[0].index is None and "cut off" in m.errors[0].reason
    m = check("Plan.</think>\n\n<tool_call>", thinking=True, reasoning="Plan.", content="", calls=[])
    assert m.errors
    # after prose, or not a whole tag, or not at the end, it may be prose: text
    for text in ("Use <tool_call>", "The tag is <tools>", "<function=", "<tool_call> is Qwen's tag."):
        check(text, content=text, calls=[])


def test_special_token_markup_cut_inside_its_section_is_never_content():
    for text in ("Hi.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_wea",
                 "Hi.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>",
                 "Hi.<|tool_calls_section_begin|> <|tool_call_begin|>functions.get"):
        m = check(text, calls=[], content="Hi.")
        assert m.errors and "cut off" in m.errors[0].reason and m.errors[0].raw.strip().startswith("<")


def test_special_token_markup_that_holds_no_call_is_reported():
    text = '<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁calls▁end｜>'
    m = check(text, calls=[], content=text)        # nothing lost: the text stays
    assert m.errors and m.errors[0].index is None


@pytest.mark.parametrize("text", [
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{"x": 1'
    '<|tool_call_end|><|tool_call_begin|>functions.b:1<|tool_call_argument_begin|>{"y": 2}<|tool_call_end|>'
    '<|tool_calls_section_end|>',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>a<｜tool▁sep｜>{"x": 1<｜tool▁call▁end｜>'
    '<｜tool▁call▁begin｜>b<｜tool▁sep｜>{"y": 2}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
])
def test_one_bad_call_in_a_section_leaves_its_siblings_alone(text):
    # each call of a section has its own end token: the bad one ends there (not runnable), the
    # next is read
    m = check(text, content="", calls=[("b", {"y": 2})])
    assert [e.index for e in m.errors] == [0] and [(c.name, c.arguments) for c in m.incomplete] == [("a", {"x": 1})]


@pytest.mark.parametrize("text,first", [
    ("[calc(x=1e999), get_weather(city='LA')]", {}),
    ("<function_calls>calc(x=foo())\nget_weather(city='LA')</function_calls>", {}),   # OLMo 3's lines
    ("[calc(x=[1, {'a': foo(2)}], y=')'), get_weather(city='LA')]", {"x": [1, {}]}),
    ('[TOOL_CALLS] [{"name": "calc", "arguments": {"x": oops}}, {"name": "get_weather", "arguments": {"city": "LA"}}]', {}),
    ('<tool_calls>[{"name": "calc", "arguments": {"x": [1e999]}}, {"name": "get_weather", "arguments": {"city": "LA"}}]</tool_calls>', {"x": []}),
])
def test_one_bad_call_in_a_list_leaves_the_next_calls_alone(text, first):
    # the bad call ends not runnable (an error; `arguments` what was good); the rest of it,
    # string-aware, is its raw; the next call is read as usual
    m = check(text, content="", calls=[("get_weather", {"city": "LA"})])
    assert [(c.name, c.arguments) for c in m.incomplete] == [("calc", first)]
    assert [e.index for e in m.errors] == [0] and m.errors[0].raw.rstrip().endswith((")", "}", ")]", "}}"))


def test_a_tagged_call_streams_its_name_before_the_arguments():
    s = Sieve()
    evs = s.feed('<tool_call>\n{"name": "get_weather", "argu')
    assert [e.name for e in evs if isinstance(e, ToolCallStart)] == ["get_weather"]
    evs += s.feed('ments": {"city": "Paris"}}\n</tool_call>') + s.close()
    deltas_ok(evs)
    assert [e.arguments for e in evs if isinstance(e, ToolCallEnd)] == [{"city": "Paris"}]


def test_prose_like_openers_that_are_not_calls_stay_text():
    for text in ("Use <tools> here.", "```json\n[1, 2]\n```", "[1, 2]", '{"a": 1}'):
        check(text, content=text, calls=[])


def test_whole_message_agrees_between_whole_one_character_and_random_chunks():
    text = ('<think>x</think>Sure.<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'
            '[TOOL_CALLS]g[ARGS]{"b": "cu')
    whole = summary(parse(text))
    for chunks in (list(text), split(text, [2, 5, 1, 9])):
        msg, evs = feed(text, chunks)
        assert summary(msg) == whole
        deltas_ok(evs)
    assert [s for s in whole[2]] == [("f", {"a": 1})] and whole[3] == [("g", {"b": "cu"})]
    started = [e for e in feed(text)[1] if isinstance(e, ToolCallStart)]
    assert [e.name for e in started] == ["f", "g"]


def test_a_failure_in_text_mode_loses_no_text(monkeypatch):
    s = Sieve()

    def broken(*a, **k):
        raise RuntimeError("a bug in the scanner")

    evs = s.feed("Hello there. ")
    monkeypatch.setattr(s, "_scan", broken)
    evs += s.feed("More <tool_call>")     # (a whole marker: prose with none never reaches _scan)
    assert "".join(e.text for e in evs if type(e).__name__ == "Text").startswith("Hello there.")
    errors = [e for e in evs if isinstance(e, ToolCallError)]
    assert errors and errors[-1].index is None and "a bug in the scanner" in errors[-1].reason
    with pytest.raises(SieveFailed):
        s.feed("x")


def test_a_failure_never_sends_earlier_events_again(monkeypatch):
    # A bug on the fast path of feed() (or at the start of close()), before that call's own
    # output exists: what earlier calls returned must not come out a second time.
    class Boom:
        def first(self, text):
            raise RuntimeError("a bug on the fast path")

    s = Sieve()
    evs = s.feed("Hello there.") + s.feed(" More.")
    monkeypatch.setattr(s._watch, "tab", s._watch.tab._replace(matcher=Boom()))
    monkeypatch.setattr(s._watch, "first", Boom().first)  # (the fast path's own check)
    evs += s.feed(" Again.")
    assert "".join(e.text for e in evs if isinstance(e, Text)) == "Hello there. More."
    assert [type(e) for e in evs] == [Text, Text, ToolCallError]
    s = Sieve()
    evs = s.feed("Hello there.")
    monkeypatch.setattr(s, "_close", lambda: 1 / 0)
    evs += s.close()
    assert [type(e) for e in evs] == [Text, ToolCallError]


@pytest.mark.parametrize("limit", [9, 10, 11, 12, 13, 40])
def test_max_call_bytes_counts_utf8_bytes_whatever_the_chunking(limit):
    # "é" is 2 bytes, "日" 3, "😀" 4: the limit is in bytes of the argument text, and a cut never
    # splits a character, fed whole or one character at a time.
    for text in ('<tool_call>{"name": "f", "arguments": {"a": "é日😀é日😀é日😀"}}</tool_call> after',
                 '<tool_call>\n<function=f>\n<parameter=a>\né日😀é日😀é日😀\n</parameter>\n</function>\n</tool_call> after'):
        m = check(text, max_call_bytes=limit)
        for chunks in ([text], split(text, [1]), split(text, [3])):
            _, evs = feed(text, chunks, max_call_bytes=limit)
            sent = "".join(e.delta for e in evs if isinstance(e, ToolCallArgs))
            assert len(sent.encode()) <= limit, (limit, sent)
        assert m.content == "after"
        if limit < 40:                    # '{"a":"' + 27 bytes + '"}' is 35 bytes
            assert m.tool_calls == [] and "larger than %d bytes" % limit in m.errors[-1].reason
            assert len(json.dumps(m.incomplete[0].arguments, ensure_ascii=False, separators=(",", ":"))
                       .encode()) <= limit + 2          # (closed: its '"}' added)
        else:
            assert m.tool_calls[0].arguments == {"a": "é日😀é日😀é日😀"}


def test_a_block_never_closed_does_not_swallow_the_blocks_after_it():
    # `<start_function_call>` (FunctionGemma) that never closes: its broad pass ends where the
    # next block opens, so the calls written after it run and are not its markup.
    text = (' <start_function_call> \n[TOOL_CALL]\n{tool => "get_weather", args => {\n  --city "Paris"\n  --days 4\n}}\n'
            '[/TOOL_CALL]\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n')
    check(text, content="<start_function_call>",
          calls=[("get_weather", {"city": "Paris", "days": 4}), ("get_weather", {"city": "Paris"})])
