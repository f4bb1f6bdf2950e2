"""The core Sieve: each behaviour of the core issue, and each limitation of the seed designs fixed."""
import json

import pytest

from callsieve import (Markup, Reasoning, Session, Sieve, Text, ToolCallArgs, ToolCallEnd, ToolCallError, ToolCallStart,
                       formats, parse)
from helpers import check, feed, split, tools

WEATHER = tools("get_weather", "get_time")
HERMES = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def texts(evs):
    return "".join(e.text for e in evs if isinstance(e, Text))


# 1. No leak, no loss -------------------------------------------------------------------------

def test_text_goes_out_at_once_except_a_possible_marker_start():
    s = Sieve()
    assert s.feed("Hello ") == [Text("Hello")]   # its trailing space waits: layout or not
    assert s.feed("wor<tool") == [Text(" wor")]          # only "<tool" is held
    assert s.feed("_result> ok") == [Text("<tool_result> ok")]


def test_marker_split_over_many_chunks_never_leaks():
    text = "Sure." + HERMES + " Done."
    for size in (1, 2, 3, 4):
        msg, evs = feed(text, split(text, [size]))
        assert msg.content == "Sure. Done."
        assert "<" not in texts(evs) and "{" not in texts(evs)
        assert [(c.name, c.arguments) for c in msg.tool_calls] == [("get_weather", {"city": "Paris"})]


def test_marker_found_in_the_middle_of_a_chunk_and_fused_with_text():
    s = Sieve()
    evs = s.feed('Sure<tool_call>{"name": "f", "arguments": {}}</tool_call>after') + s.close()
    assert texts(evs) == "Sureafter"
    assert [e.name for e in evs if isinstance(e, ToolCallStart)] == ["f"]


@pytest.mark.parametrize("text", [
    "<tool_result>42</tool_result>", "<tools do not matter>", "a [b] c", "[TOOL_CALL] almost",
    "x <|tool_calls are>", "``` not a fence", "```python\nprint('{x}')\n```", "{not json}",
    "`<tool_call>` is how Hermes writes calls.", "I wrote <tool_call> in a sentence.",
])
def test_false_starts_are_released_byte_for_byte(text):
    check(text, content=text, calls=[])
    check(text, content=text, calls=[], tools=WEATHER)


# 2. Chunking never matters: see test_property.py ------------------------------------------------

# 3. Every call, as soon as it completes ---------------------------------------------------------

def test_several_calls_prose_before_between_and_after():
    text = ("Let me look.\n" + HERMES + "\nand also\n"
            '<tool_call>{"name": "get_time", "arguments": {"tz": "CET"}}</tool_call>\nThat is all.')
    check(text, tools=WEATHER, content="Let me look.\nand also\nThat is all.",
          calls=[("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})])


def test_several_calls_closing_in_one_chunk():
    s = Sieve()
    evs = s.feed(HERMES + HERMES + HERMES)
    assert [e.index for e in evs if isinstance(e, ToolCallEnd)] == [0, 1, 2]


def test_name_goes_out_before_arguments_end_and_arguments_stream():
    s = Sieve()
    evs = s.feed('<tool_call>{"name": "write_file", "arguments": {"text": "')
    assert [type(e) for e in evs][:1] == [ToolCallStart] and evs[0].name == "write_file"
    big = "x" * 100_000
    deltas = []
    for i in range(0, len(big), 1000):
        step = s.feed(big[i:i + 1000])
        assert step, "a long argument must stream while it is written"
        deltas += [e.delta for e in step if isinstance(e, ToolCallArgs)]
    evs = s.feed('"}}</tool_call>') + s.close()
    end = [e for e in evs if isinstance(e, ToolCallEnd)][0]
    assert end.arguments == {"text": big}
    assert len("".join(deltas)) >= 100_000


def test_ids_are_generated_or_kept():
    msg = parse(HERMES + HERMES)
    a, b = msg.tool_calls
    assert a.id.startswith("call_") and b.id.startswith("call_") and a.id != b.id
    msg = parse('[TOOL_CALLS] [{"id": "abcDEF123", "name": "f", "arguments": {}}]')
    assert msg.tool_calls[0].id == "abcDEF123"


# 4. String-aware ---------------------------------------------------------------------------------

def test_closing_marker_quoted_inside_a_string_does_not_end_the_call():
    text = '<tool_call>{"name": "run", "arguments": {"code": "print(\'</tool_call>\')"}}</tool_call> ok'
    check(text, content="ok", calls=[("run", {"code": "print('</tool_call>')"})])


# 5. Tail recovery ----------------------------------------------------------------------------------

def test_unclosed_call_is_recovered_at_close():
    check('Here.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}',
          content="Here.", calls=[("get_weather", {"city": "Paris"})])


def test_call_cut_inside_a_string_is_incomplete_never_a_finished_call():
    text = '<tool_call>{"name": "run", "arguments": {"command": "rm -rf ./build/tmp'
    cut = text[:text.index("./") + 2]
    for chunks in ([cut], split(cut, [1]), split(cut, [5])):
        msg, evs = feed(cut, chunks)
        assert msg.tool_calls == [] and not any(isinstance(e, ToolCallEnd) for e in evs)
        assert [(c.name, c.arguments) for c in msg.incomplete] == [("run", {"command": "rm -rf ./"})]
        assert msg.errors[-1].incomplete and "cut off" in msg.errors[-1].reason
        assert msg.content == ""


def test_prose_around_a_cut_off_call_is_kept():
    # seed limitation: prose held around a call dropped at tail recovery
    msg = parse('Before.\n<tool_call>{"name": "f", "arguments": {"a": [1, 2')
    assert msg.content == "Before."
    assert msg.incomplete[0].arguments == {"a": [1, 2]}
    # arguments closed, only the block's closer missing: a complete call
    msg = parse('Before.\n<tool_call>{"name": "f", "arguments": {"a": [1, 2]}}')
    assert msg.tool_calls[0].arguments == {"a": [1, 2]} and not msg.incomplete


def test_tail_recovery_tries_every_format():
    # seed limitation: Tail took the first format that finds a call
    text = ('<tool_call>{"name": "f", "arguments": {"a": 1}}\n'
            '<|tool_call>call:g{b:<|"|>two<|"|>}')
    msg = parse(text)
    assert [(c.name, c.arguments) for c in msg.tool_calls] == [("f", {"a": 1}), ("g", {"b": "two"})]


def test_nothing_held_back_is_dropped_at_close():
    for text in ["abc <tool", "abc [TOOL_CAL", "x ```js", "<|tool_call>call:", "Hi <tool_call>  "]:
        msg = parse(text)
        assert msg.content == text.rstrip() and not msg.tool_calls, text   # (trailing whitespace: layout)
    # an opener that is the whole content is a call cut off: reported, not content, not lost
    s = Sieve(markup=True)
    evs = s.feed("<tool_call>  ") + s.close()
    assert "".join(e.text for e in evs if isinstance(e, Markup)) == "<tool_call>  "
    assert [e.reason for e in evs if isinstance(e, ToolCallError)] == [
        "cut off by the end of the stream after '<tool_call>'"]


# 6. Fallback ---------------------------------------------------------------------------------------

def test_block_its_parser_cannot_read_goes_to_the_broad_pass():
    text = '<tool_call>{"function": {"name": "f", "arguments": "{\\"a\\": 1}"}, "type": "function"}</tool_call>'
    assert [(c.name, c.arguments) for c in parse(text).tool_calls] == [("f", {"a": 1})]
    text = '<tool_call>{"calls": [{"name": "f", "arguments": {"a": 1}}, {"name": "g"}]}</tool_call>'
    assert [(c.name, c.arguments) for c in parse(text).tool_calls] == [("f", {"a": 1}), ("g", {})]


def test_block_with_no_call_at_all_is_text():
    text = "<tool_call>I cannot call tools right now.</tool_call>"
    check(text, content=text, calls=[])


# 7. No fabricated calls ------------------------------------------------------------------------------

def test_undeclared_tool_is_text():
    text = '<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>'
    check(text, tools=WEATHER, content=text, calls=[])
    assert parse(text, tools=WEATHER, strict=False).tool_calls[0].name == "rm_rf"
    assert parse(text).tool_calls[0].name == "rm_rf"     # no tools declared: any name


def test_prose_mentioning_markers_stays_prose():
    text = "Use `<tool_call>` tags, or `[TOOL_CALLS]` for Mistral, and `<|tool_call>` for Gemma."
    check(text, content=text, calls=[])


def test_json_in_prose_is_not_a_call_unless_it_names_a_declared_tool():
    text = 'The config is {"name": "prod", "arguments": {"x": 1}} as you see.'
    check(text, tools=WEATHER, content=text, calls=[])
    text = 'Calling {"name": "get_weather", "arguments": {"city": "Rome"}}\n'
    check(text, tools=WEATHER, content="Calling", calls=[("get_weather", {"city": "Rome"})])
    # ...and only if it ends the turn: prose after it talks about an example
    text = 'Calling {"name": "get_weather", "arguments": {"city": "Rome"}} would look it up.'
    check(text, tools=WEATHER, content=text, calls=[])


def test_stray_brace_does_not_hold_back_the_stream():
    # seed limitation: a stray `{` held back the rest of the stream
    s = Sieve(tools=WEATHER)
    assert texts(s.feed("Use {x} and ")) == "Use {x} and"
    assert texts(s.feed("{")) == ""                   # could be a call: held…
    assert texts(s.feed("y} more")) == " {y} more"     # …released at once


# 8. A call that goes bad after its name went out ---------------------------------------------------

def test_invalid_json_mid_arguments_is_never_a_runnable_call():
    # Issue 18: it used to end as f({"a": 1}), closed into valid JSON: a smaller call than the
    # model wrote (rm(path) without its dry_run).  Now it ends like a cut-off call.
    text = '<tool_call>{"name": "f", "arguments": {"a": 1, "b": oops}}</tool_call>after'
    for chunks in ([text], split(text, [1]), split(text, [4])):
        msg, evs = feed(text, chunks)
        err = [e for e in evs if isinstance(e, ToolCallError)]
        assert len(err) == 1 and "oops" in err[0].raw and err[0].incomplete
        assert not any(isinstance(e, ToolCallEnd) for e in evs)
        assert msg.tool_calls == [] and msg.incomplete[0].arguments == {"a": 1}
        sent = "".join(e.delta for e in evs if isinstance(e, ToolCallArgs))
        assert sent == '{"a":1', "the deltas stay as they were: nothing closes them"
        assert msg.content == text       # the block ran no call: its text is content (issue 31)


@pytest.mark.parametrize("text", [
    'I will clean up.<tool_call>{"name": "rm", "arguments": {"path": "/data", "dry_run": tru}}</tool_call>',
    'I will clean up.[TOOL_CALLS]rm[ARGS]{"path": "/data", "dry_run": tru}',
    'I will clean up.[TOOL_CALLS]rm[ARGS]{""Par',
    'I will clean up.<tool_call>rm<arg_key>path</arg_key><arg_value>/data</arg_value>'
    '<arg_key>dry_run</arg_key>tru</tool_call>',
])
def test_a_call_with_unusable_arguments_is_not_a_smaller_runnable_call(text):
    # The issue's example: rm(path="/data") without dry_run must never be delivered.
    tools = [{"type": "function", "function": {"name": "rm", "parameters": {"type": "object", "properties": {
        "path": {"type": "string"}, "dry_run": {"type": "boolean"}}}}}]
    for chunks in ([text], split(text, [1]), split(text, [5])):
        msg, evs = feed(text, chunks, tools=tools)
        assert not any(isinstance(e, ToolCallEnd) for e in evs), evs
        assert msg.tool_calls == [] and [c.name for c in msg.incomplete] == ["rm"]
        assert msg.content == text       # the block ran no call: its text is content (issue 31)


RM_TOOLS = [{"type": "function", "function": {"name": "rm", "parameters": {"type": "object", "properties": {
    "path": {"type": "string"}, "dry_run": {"type": "boolean"}}}}}]


def test_a_value_the_schema_rules_out_is_delivered_as_written():
    # The decision (docs/guarantees.md, "When a call goes bad"): a JSON string the schema rules out
    # is the model's string, never coerced, dropped or made a smaller call; the agent validates it.
    text = '<tool_call>{"name": "rm", "arguments": {"path": "/data", "dry_run": "tru"}}</tool_call>'
    check(text, tools=RM_TOOLS, calls=[("rm", {"path": "/data", "dry_run": "tru"})])


def test_an_xml_value_that_does_not_parse_as_its_declared_type_is_not_runnable():
    # Bare text typed by the schema (issue 35): `tru` for a boolean is no boolean, and no string
    # was written: the call is not runnable, its arguments kept as written.
    text = ('<tool_call>\n<function=rm>\n<parameter=path>\n/data\n</parameter>\n'
            '<parameter=dry_run>\ntru\n</parameter>\n</function>\n</tool_call>')
    m = check(text, tools=RM_TOOLS, calls=[])
    assert [(c.name, c.arguments) for c in m.incomplete] == [("rm", {"path": "/data", "dry_run": "tru"})]


def test_max_call_bytes_makes_the_call_incomplete_without_losing_the_stream():
    text = '<tool_call>{"name": "f", "arguments": {"a": "' + "x" * 5000 + '"}}</tool_call> tail'
    for chunks in ([text], split(text, [97]), split(text, [1])):
        msg, evs = feed(text, chunks, max_call_bytes=1000)
        err = [e for e in evs if isinstance(e, ToolCallError)]
        assert len(err) == 1 and "larger" in err[0].reason and err[0].incomplete
        assert not any(isinstance(e, ToolCallEnd) for e in evs), "never delivered as finished"
        sent = "".join(e.delta for e in evs if isinstance(e, ToolCallArgs))
        assert sent == '{"a":"' + "x" * 994              # exactly the limit, whatever the chunks
        assert msg.tool_calls == [] and msg.incomplete[0].arguments == {"a": "x" * 994}
        assert msg.content == "tail"                     # the call's own closer still ends it


# 9. Bounded cost: the reader keeps only what is unconsumed ---------------------------------------

def test_long_argument_is_not_kept_in_the_read_buffer():
    s = Sieve()
    s.feed('<tool_call>{"name": "f", "arguments": {"t": "')
    for _ in range(2000):
        s.feed("abcdefgh")
        assert len(s._blk.reader.buf) - s._blk.reader.pos <= 8


# The seeds' limitations -----------------------------------------------------------------------------

def test_markers_recognised_anywhere_not_only_at_token_start():
    s = Sieve()
    evs = s.feed("ok<tool_") + s.feed('call>{"name": "f", "arguments": {}}</tool_') + s.feed("call>") + s.close()
    assert texts(evs) == "ok" and [e.name for e in evs if isinstance(e, ToolCallEnd)] == ["f"]


def test_remembered_format_does_not_hide_other_formats():
    sess = Session.for_model("gemma-4-e2b-it")
    assert sess.format == "gemma_special"
    msg = parse(HERMES, session=sess)
    assert msg.tool_calls and msg.format == "tool_call_tag"
    assert sess.format == "tool_call_tag"                # a live swap is followed
    msg = parse('<|tool_call>call:f{a:1}<tool_call|>', session=sess)
    assert msg.format == "gemma_special" and sess.format == "gemma_special"


def test_fence_markup_around_a_json_call_does_not_leak():
    # A fence that ends the turn is the call, and its markup is no content…
    text = 'Sure:\n```json\n{"name": "list_files", "arguments": {"dir": "/srv"}}\n```\n'
    check(text, content="Sure:", calls=[("list_files", {"dir": "/srv"})])
    # …followed by prose it was an example: text, fence and all (issue 35)
    check(text + "Done.", content=text + "Done.", calls=[])


def test_code_fence_that_is_not_a_call_is_text():
    text = 'Example:\n```json\n{"name": "Alice", "age": 3}\n```\n'
    check(text, content=text.rstrip(), calls=[])


def test_parse_equals_feed_then_close():
    text = "Thinking done.\n" + HERMES
    whole = parse(text)
    msg, _ = feed(text, split(text, [3]))
    assert (msg.content, [(c.name, c.arguments) for c in msg.tool_calls]) == \
           (whole.content, [(c.name, c.arguments) for c in whole.tool_calls])


def test_to_openai_message():
    msg = parse("<think>why</think>Hi.\n" + HERMES)
    doc = msg.to_openai()
    assert doc["role"] == "assistant" and doc["content"] == "Hi."
    assert doc["reasoning_content"] == "why"
    call = doc["tool_calls"][0]
    assert call["type"] == "function" and json.loads(call["function"]["arguments"]) == {"city": "Paris"}
    assert parse(HERMES).to_openai()["content"] is None


def test_forced_format_only_parses_that_format():
    msg = parse('[TOOL_CALLS]f[ARGS]{"a": 1}' + HERMES, format="tool_call_tag")
    assert [c.name for c in msg.tool_calls] == ["get_weather"]
    assert msg.content.startswith("[TOOL_CALLS]")
    with pytest.raises(KeyError):
        Sieve(format="nope")


def test_registry():
    names = formats.names()
    for n in ("gemma_special", "tool_call_tag", "tools_tag", "fenced_json", "bracket_tool_calls",
              "bare_json", "native"):
        assert n in names
        assert formats.get(n).name == n
    assert formats.for_model("Qwen2.5-7B-Instruct") == "tool_call_tag"
    assert formats.for_model("mistral-small-3.1") == "bracket_tool_calls"


def test_session_records_native():
    s = Session()
    s.record("native")
    assert s.format == "native" and s.confirmed


def test_feed_after_close_is_an_error():
    s = Sieve()
    s.close()
    with pytest.raises(RuntimeError):
        s.feed("x")


def test_bad_reasoning_mode():
    with pytest.raises(ValueError):
        Sieve(reasoning="sometimes")


def test_reasoning_none_keeps_everything_as_text():
    text = "<think>hmm</think>Answer"
    msg = parse(text, reasoning="none")
    assert msg.content == text and msg.reasoning == ""
    assert not any(isinstance(e, Reasoning) for e in feed(text, reasoning="none")[1])


def test_broken_block_in_prose_does_not_hold_the_stream_until_its_closer():
    s = Sieve()
    evs = s.feed("Type <tool_call>{ then a name") + s.feed(" and more prose")
    assert texts(evs) == "Type <tool_call>{ then a name and more prose"


def test_an_empty_tool_list_means_no_call_is_declared():
    # what the proxy uses for tool_choice "none": markup stays text, reasoning is still split
    text = "<think>hm</think>" + HERMES
    msg = parse(text, tools=[])
    assert msg.tool_calls == [] and msg.content == HERMES and msg.reasoning == "hm"


def test_markers_and_calls_quoted_in_inline_code_are_prose():
    text = ('To request a tool, the model writes `<tool_call>` followed by a JSON object, for example '
            '`{"name": "get_weather", "arguments": {"city": "Paris"}}`. Not a call.\n'
            'But this is one: {"name": "get_weather", "arguments": {"city": "Rome"}}')
    check(text, tools=WEATHER, calls=[("get_weather", {"city": "Rome"})],
          content=text[: text.index("But this is one:") + len("But this is one:")])


def test_prose_streamed_from_inside_a_block_comes_out_in_the_same_feed():
    s = Sieve()
    s.feed("<|channel|>final<|message|>Hel")
    assert s.feed("lo there") == [Text("lo there")]


@pytest.mark.parametrize("token", ["<|im_end|>", "<|eot_id|>", "<end_of_turn>", "<|endoftext|>"])
def test_end_of_turn_tokens_left_by_the_server_are_not_content(token):
    check("The answer is 4." + token, content="The answer is 4.")
    assert parse("Hi" + token, reasoning="none").content == "Hi"


def test_html_strikethrough_stays():
    check("It is <s>5</s> 4.", content="It is <s>5</s> 4.")


def test_every_call_ends_when_its_text_is_whole_without_waiting_for_the_stream_to_end():
    # An engine's parser (vLLM's test helper) never closes the stream: a call must end as soon as
    # the text that ends it arrived, fed one character at a time, in every format's sample (only
    # a fenced call waits for the turn's end: an example or the call, issue 35).  A closer check
    # that waited for the line after the call's own closer held the call's end back (GLM, LongCat,
    # MiniCPM 5 in the CI dry run's vLLM test).
    from corpus import SAMPLES
    from callsieve import Sieve, ToolCallEnd
    for fmt, text, want in SAMPLES:
        if fmt in ("fenced_json", "tool_code"):
            continue
        tools = [{"type": "function", "function": {"name": n}} for n in sorted({n for n, _ in want})]
        s = Sieve(tools=tools, format=fmt)
        ended = [e for c in text for e in s.feed(c) if type(e) is ToolCallEnd]
        assert len(ended) == len(want), (fmt, text[-40:])
