"""gpt-oss harmony channels (docs/syntax.md#harmony, #reasoning)."""
import re

import pytest

from callsieve import Reasoning, Sieve, Text, ToolCallArgs, ToolCallEnd, formats, parse
from helpers import check, tools
from samples_literal import long_string_streams

A = "<|channel|>analysis<|message|>"
FINAL = "<|start|>assistant<|channel|>final<|message|>"


def call(name, args, constrain=" <|constrain|>json", end="<|call|>"):
    return f"<|start|>assistant<|channel|>commentary to=functions.{name}{constrain}<|message|>{args}{end}"


def hcheck(text, **kw):
    # prose comes out from inside the block; the Sieve's markup audit keeps even that in order
    return check(text, ordered=True, **kw)


def test_documented_example_analysis_is_reasoning_and_the_call_streams():
    text = (A + "Count it first.<|end|><|start|>assistant<|channel|>commentary to=functions.count_words "
            '<|constrain|>json<|message|>{"path": "notes.md"}<|call|>')
    m = hcheck(text, content="", reasoning="Count it first.", calls=[("count_words", {"path": "notes.md"})])
    assert m.format == "harmony"


def test_final_channel_is_content_ending_at_return_end_or_end_of_stream():
    hcheck(A + "Think.<|end|>" + FINAL + "It is 42.<|return|>", content="It is 42.", reasoning="Think.")
    hcheck(A + "Think.<|end|>" + FINAL + "It is 42.<|end|>", content="It is 42.", reasoning="Think.")
    hcheck("<|channel|>final<|message|>Just this, cut", content="Just this, cut", reasoning="")


def test_preamble_then_calls_and_a_zero_argument_call():
    text = ("<|channel|>commentary<|message|>Checking both.<|end|>" + call("get_weather", '{"city": "Oslo"}')
            + call("get_time", "{}") + call("now", "{}", constrain=""))
    hcheck(text, content="Checking both.",
           calls=[("get_weather", {"city": "Oslo"}), ("get_time", {}), ("now", {})])


def test_recipient_in_the_header_does_not_leak_into_the_name():
    text = '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Rome"}<|call|>'
    hcheck(text, calls=[("get_weather", {"city": "Rome"})], content="")
    text = '<|channel|>commentary to=functions.a.b-c <|constrain|>json<|message|>{"x": 1}<|call|>'
    hcheck(text, calls=[("a.b-c", {"x": 1})])


def test_nested_and_unicode_arguments():
    args = '{"who": "日本 — naïve ✓", "steps": [{"do": "grüßen", "n": [1, 2.5]}], "opts": {"deep": null}}'
    hcheck(call("plan", args), calls=[("plan", {"who": "日本 — naïve ✓", "steps": [{"do": "grüßen", "n": [1, 2.5]}],
                                                "opts": {"deep": None}})])


def test_end_markers_quoted_inside_a_string_end_nothing():
    args = '{"code": "print(\'<|call|><|end|><|start|>\')"}'
    hcheck(call("run", args) + FINAL + "Ran it.", calls=[("run", {"code": "print('<|call|><|end|><|start|>')"})],
           content="Ran it.")


def test_markers_inside_the_text_of_a_channel():
    hcheck(A + "Is it <tool_call> or [f(a=1)]?<|end|>" + FINAL + "Use {braces}.<|return|>",
           reasoning="Is it <tool_call> or [f(a=1)]?", content="Use {braces}.", calls=[])


def test_call_truncated_at_end_of_stream_is_incomplete():
    m = hcheck(A + "Go.<|end|>" + call("f", '{"a": "par', end=""), calls=[], incomplete=[("f", {"a": "par"})],
               reasoning="Go.")
    assert m.errors[-1].incomplete
    hcheck(call("f", '{"a": 1}', end=""), calls=[("f", {"a": 1})])     # <|call|> missing


def test_analysis_and_final_stream_as_they_are_written():
    s = Sieve()
    evs = s.feed(A + "Let me")
    assert Reasoning("Let me") in evs
    evs = s.feed(" think<|e")
    assert Reasoning(" think") in evs
    evs = s.feed("nd|>" + FINAL + "The ans")
    assert Text("The ans") in evs
    assert s.feed("wer.<|return|>") == [Text("wer.")]


def test_long_string_argument_streams():
    long_string_streams('<|channel|>commentary to=functions.save <|constrain|>json<|message|>{"text": "',
                        '"}<|call|>', "text")


def test_built_in_tools_are_neither_calls_nor_content_and_are_reported_whole():
    for builtin in ['<|channel|>analysis to=python code<|message|>print(1)<|call|>',
                    '<|start|>assistant<|channel|>analysis to=browser.search code<|message|>{"query": "x"}<|call|>',
                    '<|channel|>commentary to=container.exec <|constrain|>json<|message|>{"cmd": ["ls"]}<|call|>']:
        m = hcheck(builtin, content="", calls=[])
        assert [(e.index, e.raw) for e in m.errors] == [(None, builtin)]
        m = hcheck(A + "Look it up.<|end|>" + builtin + FINAL + "Done.<|return|>", reasoning="Look it up.",
                   content="Done.", calls=[])
        assert [(e.index, e.raw) for e in m.errors] == [(None, builtin)]
        assert "built-in" in m.errors[0].reason


def test_without_constrain_a_json_payload_is_a_call_anything_else_an_error():
    hcheck(call("f", '{"a": 1}', constrain=""), calls=[("f", {"a": 1})])
    # A payload that is not whole JSON is no runnable call (issue 18): reported, raw text kept.
    m = hcheck(call("f", "not json at all", constrain=""), calls=[])
    assert m.errors and m.errors[0].raw == "not json at all" and [c.name for c in m.incomplete] == ["f"]
    m = hcheck(call("f", '{"a": 1} trailing', constrain=""), calls=[])
    assert m.errors and "trailing" in m.errors[0].raw and m.incomplete[0].arguments == {"a": 1}


def test_stripped_special_tokens_at_the_start_are_recognised():
    hcheck("analysisThe user wants weather.assistantcommentary to=functions.get_weather json"
           '{"city": "Paris"}', reasoning="The user wants weather.", content="",
           calls=[("get_weather", {"city": "Paris"})])
    hcheck("analysisThink it over.assistantfinalThe answer is 42.", reasoning="Think it over.",
           content="The answer is 42.")
    hcheck('commentary to=functions.get_weather json{"city": "Oslo"}', calls=[("get_weather", {"city": "Oslo"})])
    # recipient in the header: the channel word is fused to the name
    hcheck('analysisX.assistant to=functions.get_weathercommentary json{"city": "Oslo"}',
           reasoning="X.", calls=[("get_weather", {"city": "Oslo"})])
    m = parse('analysisX.assistant to=functions.add_commentarycommentary json{"a": 1}')
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("add_commentary", {"a": 1})]
    m = parse('analysisX.assistant to=functions.add_commentary json{"a": 1}', tools=tools("add_commentary"))
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("add_commentary", {"a": 1})]


def test_stripped_words_in_ordinary_prose_stay_prose():
    for text in ["analysis of the data shows a trend.", "final answer: 42", "commentary: none",
                 "Analysis shows it. assistantfinal is a word here.", "I sent it to=functions.f {}",
                 "analysis", "final"]:
        hcheck(text, content=text, calls=[])


def test_auto_detected_named_and_model_pattern():
    text = call("f", '{"a": 1}')
    assert parse(text).format == "harmony"
    for name in ("harmony", "gpt-oss"):
        assert [(c.name, c.arguments) for c in parse(text, format=name).tool_calls] == [("f", {"a": 1})]
    assert formats.for_model("openai/gpt-oss-20b") == "harmony"


def test_reasoning_none_keeps_analysis_inline_as_content():
    m = parse(A + "Hmm.<|end|>" + FINAL + "Yes.", reasoning="none")
    assert m.content == "Hmm.Yes." and m.reasoning == ""


def test_prose_before_a_channel_and_prose_naming_the_tokens():
    hcheck("Hello " + "<|channel|>final<|message|>world", content="Hello world")
    for text in ["The <|channel|> token starts a header.", "<|start|>user<|message|>hi<|end|>",
                 "<|channel|>thought\nno"]:
        hcheck(text, content=text, calls=[])


def test_undeclared_tool_is_text_and_the_rest_still_parses():
    bad = call("rm_rf", '{"path": "/"}')
    hcheck(bad, tools=tools("f"), content=bad, calls=[])
    hcheck(A + "Hm.<|end|>" + bad + call("f", "{}"), tools=tools("f"), reasoning="Hm.", content=bad,
           calls=[("f", {})])


def test_deltas_for_a_call_come_before_its_end():
    s = Sieve()
    evs = s.feed(call("f", '{"a": "xy', end=""))
    assert any(isinstance(e, ToolCallArgs) for e in evs) and not any(isinstance(e, ToolCallEnd) for e in evs)
    evs = s.feed('z"}<|call|>') + s.close()
    assert [e.arguments for e in evs if isinstance(e, ToolCallEnd)] == [{"a": "xyz"}]


def test_output_that_starts_with_the_recipient_of_the_role_header():
    # The prompt ended with `<|start|>assistant`; the model wrote the recipient in the role header.
    hcheck('to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city": "Paris"}',
           content="", calls=[("get_weather", {"city": "Paris"})])
    hcheck('to=functions.set_alarm<|channel|>commentary json<|message|>{"hour": 6}<|call|>', content="",
           calls=[("set_alarm", {"hour": 6})])
    hcheck('to=functions.f<|channel|>analysis<|constrain|>json<|message|>{"a": 1}', calls=[("f", {"a": 1})])


def test_a_leading_to_that_is_no_recipient_is_prose():
    for text in ("to=be or not to be", "to=functions, see the docs", "to=functions.f and more words"):
        hcheck(text, content=text, calls=[])


def test_a_message_ends_only_at_its_end_token():
    text = (A + "I must not write <|call|> or <|channel|>final myself.<|end|>"
            + call("get_time", "{}"))
    hcheck(text, reasoning="I must not write <|call|> or <|channel|>final myself.", content="",
           calls=[("get_time", {})])


def test_a_header_cut_off_by_the_end_of_the_stream_is_no_content():
    text = A + "Call it.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json"
    m = hcheck(text, reasoning="Call it.", content="", calls=[])
    assert [(e.index, e.raw) for e in m.errors] == [(None, text[len(A + "Call it.<|end|>"):])]
    assert "cut off" in m.errors[0].reason


def test_a_header_without_channel_whose_tokens_follow_keeps_its_arguments():
    # GenieX writes the channel word without <|channel|>: the payload is still the call's
    for text in ('commentary to=functions.f<|message|>{"x": 1}<|call|>',
                 'commentary to=functions.f <|constrain|>json<|message|>{"x": 1}<|call|>'):
        check(text, calls=[("f", {"x": 1})], content="")


def test_a_declared_dotted_recipient_is_a_call_not_a_built_in():
    text = '<|channel|>commentary to=math.sum <|constrain|>json<|message|>{"a": 1}<|call|>'
    check(text, tools=tools("math.sum"), calls=[("math.sum", {"a": 1})], content="")
    m = check(text, tools=tools("other"), calls=[])        # undeclared: a built-in, reported
    assert m.errors


def test_a_header_without_a_message_is_markup():
    check("<|channel|>final<|end|>Hello", content="Hello")


def test_a_channel_word_in_the_role_slot():
    # transformers' response-parsing docs: <|start|>analysis…, <|start|>commentary to=… (role left out)
    text = ('<|start|>analysis<|message|>Think.<|end|><|start|>commentary to=functions.f<|channel|>commentary '
            '<|constrain|>json<|message|>{"a": 1}<|call|>')
    check(text, tools=tools("f"), reasoning="Think.", calls=[("f", {"a": 1})], content="")
    check("<|start|>user<|message|>Hi<|end|>", calls=[], content="<|start|>user<|message|>Hi<|end|>")


# ---------------------------------------------------------------- spaced tokens (LLM-jp-4.1)
def spaced(text: str, gap: str = " ") -> str:
    """`text` as a tokenizer that writes `gap` after every special token writes it."""
    return "".join(p + (gap if p.startswith("<|") and p.endswith("|>") else "")
                   for p in re.split(r"(<\|[a-z]+\|>)", text))


def test_a_space_after_every_special_token_is_the_tokens():
    # LLM-jp-4.1 (llama.cpp's llm-jp-harmony parser): the header reads past the spaces, and the
    # one space after <|message|> is the token's: the text loses it, and nothing else
    text = spaced(A + "Look it up.<|end|>" + call("get_weather", '{"city": "Tokyo"}'))
    assert text.startswith("<|channel|> analysis<|message|> Look")
    hcheck(text, reasoning="Look it up.", content="", calls=[("get_weather", {"city": "Tokyo"})])
    hcheck(spaced(A + "Greeting.<|end|>" + FINAL + "こんにちは。"), reasoning="Greeting.", content="こんにちは。")
    # only a space is the token's: a text right after the token loses nothing
    hcheck("<|channel|> final<|message|>Answer  with  blanks.", content="Answer  with  blanks.", reasoning="")
    hcheck(spaced(A + "x<|end|>" + FINAL + "y"), content="y", reasoning="x")


def test_blanks_around_the_header_words_are_layout():
    for head in ("<|channel|>  commentary   to=functions.f  <|constrain|>\tjson<|message|>",
                 "<|channel|>commentary to = functions.f json<|message|>",
                 "<|channel|>\tcommentary to= functions.f<|message|>",
                 "<|start|>  assistant  to=functions.f <|channel|> commentary <|constrain|> json<|message|> "):
        hcheck(head + '{"a": 1}<|call|>', calls=[("f", {"a": 1})], content="", tools=tools("f"))


def test_a_spaced_recipient_first_header_at_the_start():
    # the prompt ended with `<|start|>assistant`; a spaced tokenizer writes `to= functions.f`
    hcheck('to= functions.f <|channel|> commentary json<|message|> {"a": 1}<|call|>', calls=[("f", {"a": 1})],
           content="")
    hcheck("to= be or not to be", content="to= be or not to be", calls=[])


def test_spaced_parallel_calls_as_consecutive_messages():
    # all but the last closed by <|end|>, each in its own message
    text = spaced(call("get_weather", '{"city": "Tokyo"}', constrain="", end="<|end|>")
                  + call("get_time", '{"tz": "Asia/Tokyo"}', constrain=""))
    hcheck(text, calls=[("get_weather", {"city": "Tokyo"}), ("get_time", {"tz": "Asia/Tokyo"})], content="")


def test_a_channel_word_with_a_suffix_is_its_channel():
    hcheck("<|channel|>analysis_2<|message|>Plan.<|end|><|start|>assistant<|channel|>final-answer<|message|>Done.",
           reasoning="Plan.", content="Done.")
    hcheck('<|channel|>commentary:tools to=functions.f<|message|>{"a": 1}<|call|>', calls=[("f", {"a": 1})])
    # a word that only starts like one is no channel: prose
    for text in ("<|channel|>finalize it<|message|>x", "<|channel|> analysis of the token"):
        hcheck(text, content=text, calls=[])


def test_spaced_tokens_in_another_namespace():
    # the tokens are options: a made-up namespace is read with the same tolerance
    from callsieve.formats._harmony import Channels
    from callsieve.formats._parts import Family
    x = Channels(start="<|x:start|>", channel="<|x:channel|>", message="<|x:msg|>", constrain="<|x:constrain|>",
                 ends=("<|x:end|>", "<|x:return|>", "<|x:call|>"), role="model", functions="tools.")
    fam = Family("x_spaced", (x.channel, x.start), x)
    text = ("<|x:channel|> analysis<|x:msg|> Look it up.<|x:end|> <|x:start|> model<|x:channel|> commentary "
            'to=tools.get_weather <|x:constrain|> json<|x:msg|> {"city": "Oslo"}<|x:call|>')
    check(text, tools=tools("get_weather"), format=fam, reasoning="Look it up.",
          calls=[("get_weather", {"city": "Oslo"})], content="")


# ---------------------------------------------------------------- a harmony header in another wrapper
def test_a_harmony_header_in_a_tool_call_wrapper():
    # SGLang's gpt-oss dialect (multi-format detector): the header, then the arguments
    T = tools("get_weather")
    hcheck('Some preamble.\n<tool_call>assistant to=functions.get_weather json\n{"city": "NYC"}\n</tool_call>',
           tools=T, content="Some preamble.", calls=[("get_weather", {"city": "NYC"})])
    hcheck('<tool_call>to=functions.get_weather\n{"city": "NYC"}\n</tool_call>', tools=T, content="",
           calls=[("get_weather", {"city": "NYC"})])
    hcheck('<tool_call>to=get_weather {"city": "NYC"}</tool_call>', tools=T, content="",
           calls=[("get_weather", {"city": "NYC"})])
    # harmony's own header tokens inside, and its end token before the closer
    hcheck('<tool_call>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>'
           '{"city": "NYC"}<|call|></tool_call>', tools=T, content="", calls=[("get_weather", {"city": "NYC"})])


def test_a_harmony_header_in_made_up_wrappers():
    T = tools("get_weather")
    for o, c in (("<acme_call>", "</acme_call>"), ("<|zz_tool|>", "<|/zz_tool|>"), ("[TOOL_CALL]", "[/TOOL_CALL]"),
                 ("<ns|invoke>", "</ns|invoke>"), ("<｜fn▁begin｜>", "<｜fn▁end｜>")):
        text = f'{o}assistant to=functions.get_weather json\n{{"city": "Oslo", "days": [1, 2]}}\n{c}'
        m = hcheck(text, tools=T, content="", calls=[("get_weather", {"city": "Oslo", "days": [1, 2]})])
        assert m.format == "wrapped", (text, m.format)


def test_a_harmony_header_then_parameter_tags_in_a_wrapper():
    T = tools("f")
    hcheck('<tool_call>to=functions.f\n<parameter=a>\n1\n</parameter>\n<parameter=b>x y</parameter>\n</tool_call>',
           tools=T, content="", calls=[("f", {"a": 1, "b": "x y"})])
    hcheck('<|x:channel|>commentary to=functions.f<|x:message|><parameter=a>\nx\n</parameter><|x:call|>', tools=T,
           content="", calls=[("f", {"a": "x"})])      # (a compact body laid out as its first value: `\nx\n`)
    text = "<tool_call>to=functions.f <p>hi</p></tool_call>"
    hcheck(text, tools=T, content=text, calls=[])


def test_a_harmony_header_that_names_no_declared_tool_or_is_prose_stays_text():
    T = tools("get_weather")
    for text in ('<tool_call>assistant to=functions.unregistered json\n{"x": 1}\n</tool_call>',
                 '<acme_call>please send it to=functions.get_weather {"city": "Oslo"}</acme_call>',
                 'Write `<tool_call>to=functions.get_weather {"city": "Oslo"}</tool_call>` to call it.',
                 '<acme_call>to=functions.get_weatherjson {"city": "Oslo"}</acme_call>'):
        hcheck(text, tools=T, content=text, calls=[])


def test_a_harmony_header_with_a_bad_or_cut_payload_is_no_call():
    T = tools("get_weather")
    # not JSON: no call, the text comes back (sglang: "malformed JSON is rejected")
    text = "<tool_call>assistant to=functions.get_weather json\nnot json\n</tool_call>"
    hcheck(text, tools=T, content=text, calls=[])
    text = '<tool_call>to=functions.get_weather\n{"city": "NYC", "city": "LA"}\n</tool_call>'
    m = hcheck(text, tools=T, content=text, calls=[])
    assert m.errors
    # cut off by the end of the stream: never runnable
    m = hcheck('Sure.\n<tool_call>to=functions.get_weather\n{"city": "Par', tools=T, content="Sure.", calls=[],
               incomplete=[("get_weather", {"city": "Par"})])
    assert m.errors and m.errors[-1].incomplete


def test_a_harmony_call_in_a_namespace_no_family_declares():
    # the header tokens in another namespace (or fullwidth bars): the call message is a known
    # body (a header, then JSON) after a token no family declares, read by its parts
    T = tools("f")
    for text in ('<|x:channel|>commentary to=functions.f <|x:constrain|>json<|x:message|>{"a": 1}<|x:call|>',
                 '<|x:start|>assistant<|x:channel|>commentary to=functions.f <|x:constrain|>json<|x:message|>{"a": 1}'
                 '<|x:call|>',
                 '<｜channel｜> commentary to=functions.f<｜message｜> {"a": 1}<｜call｜>'):
        m = hcheck(text, tools=T, content="", calls=[("f", {"a": 1})])
        assert m.format == "wrapped"
    m = hcheck('Let me.\n<|x:start|>assistant to=functions.f<|x:channel|>commentary<|x:message|>{"a": 1}<|x:call|>',
               tools=T, content="Let me.", calls=[("f", {"a": 1})])
    text = '<|x:channel|>commentary to=functions.nope<|x:message|>{"a": 1}<|x:call|>'
    hcheck(text, tools=T, content=text, calls=[])


def test_a_broken_header_closed_by_an_end_token_is_reasoning_never_content():
    # gpt-oss-20b at temperature 1 (llama.cpp#27720): after <|channel|> and a channel word, junk,
    # then <|end|> and the real messages.  The broken header's words go to the reasoning (nothing
    # the model wrote vanishes, and none of it is the answer), its tokens are markup, and an error
    # reports it whole.
    rest = FINAL.join(("<|end|><|start|>assistant<|channel|>analysis<|message|>Think.<|end|>", "Answer.<|return|>"))
    for head in ("<|channel|>commentary?", "<|channel|>commentary 2?", "<|channel|>commentary?commentary?",
                 "<|channel|>commentary to=assistant<|channel|>commentary?", "<|channel|> final ??", "<|channel|>??",
                 "<|channel|>The user asks for the weather."):
        words = head.replace("<|channel|>", "").strip()
        m = hcheck(head + rest, reasoning=words + "Think.", content="Answer.", calls=[])
        assert [(e.index, e.raw) for e in m.errors] == [(None, head + "<|end|>")], m.errors
    # a call after it still runs
    hcheck("<|channel|>commentary?<|end|>" + call("f", '{"a": 1}'), calls=[("f", {"a": 1})], content="")
    # no end token (prose naming the tokens), or not within 200 characters, or a message token
    # first: text, as before
    for text in ("<|channel|>??", "<|channel|>commentary? is a header word, they say.",
                 "<|channel|>commentary? " + "x" * 200 + "<|end|>", "<|channel|>?? " + "x" * 200 + "<|end|>",
                 "The <|channel|> token, then <|message|> and <|end|>."):
        hcheck(text, content=text, calls=[])


def test_a_tool_result_the_model_made_up_is_markup():
    # after its call the model writes the tool's reply itself (no tool ran): never content
    result = '<|start|>functions.f to=assistant<|channel|>commentary<|message|>{"temp": 20}<|end|>'
    hcheck(call("f", '{"a": 1}') + result + FINAL + "It is 20.", tools=tools("f"), calls=[("f", {"a": 1})],
           content="It is 20.")
    hcheck(A + "Hm.<|end|>" + result + FINAL + "It is 20.", tools=tools("f"), reasoning="Hm.", content="It is 20.",
           calls=[])
    hcheck(result + FINAL + "It is 20.", tools=tools("f"), content="It is 20.", calls=[])
    # a message from the prompt's roles is no tool result: text, as before
    hcheck("<|start|>user<|message|>hi<|end|>", content="<|start|>user<|message|>hi<|end|>", calls=[])


# The role word in the channel slot (`<|channel|>assistant<|message|>`, GPT-OSS 20B through qvac,
# tests/real_outputs/hunt_m.py): the assistant's message, its channel unsaid (as after
# `<|start|>assistant<|message|>`).  Made-up variants: spaced tokens, prose before, a call after.
@pytest.mark.parametrize("text, content", [
    ("<|channel|>assistant<|message|>Hello! How can I help?<|end|>", "Hello! How can I help?"),
    ("<|channel|> assistant <|message|> It is 42.<|return|>", "It is 42."),
    ("Sure.<|channel|>assistant<|message|>Here it is.<|end|>", "Sure.Here it is."),
])
def test_the_role_word_in_the_channel_slot_is_the_assistants_message(text, content):
    check(text, content=content, calls=[])


def test_the_role_word_in_the_channel_slot_then_a_call():
    text = ('<|channel|>assistant<|message|>Checking.<|end|><|start|>assistant<|channel|>commentary '
            'to=functions.get_weather <|constrain|>json<|message|>{"city": "Oslo"}<|call|>')
    check(text, tools=tools("get_weather"), content="Checking.", calls=[("get_weather", {"city": "Oslo"})])
