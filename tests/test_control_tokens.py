"""A family's control tokens are never content (docs/syntax.md#control-tokens).

Each format declares the tokens of its template and tokenizer (`specials`, `spans`, `ends`,
`start_specials`).  A token of the special-token shape is markup wherever a parser does not
consume it, the family detected or not; every token of a detected or pre-seeded family is.
Quoted in `inline code` or a fenced code block, a token is text; a block given back as text
(an undeclared tool) keeps its tokens as written.
"""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from callsieve import Markup, Session, Sieve, formats, parse
from callsieve.markers import control_shape
from callsieve.templates import seed_session
from helpers import check, chunked, feed, same_characters, tools

CALL_DS = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Oslo"}'
           '<｜tool▁call▁end｜><｜tool▁calls▁end｜>')
GEMMA = '<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>}<tool_call|>'
OSLO = [("get_weather", {"city": "Oslo"})]


def seeded(name):
    return Session(name, seeded=True)


# ---------------------------------------------------------------- tokens after a call, any family

def test_deepseek_tool_output_a_model_made_up_is_markup_text_and_all():
    # The text between the tool-output tokens is a result the model invented, not its answer.
    text = (CALL_DS + "<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>22°C<｜tool▁output▁end｜>"
            "<｜tool▁outputs▁end｜>\n\nIt is 22 °C.<|end▁of▁sentence|>")
    m = check(text, calls=OSLO, content="It is 22 °C.")
    assert "22°C" not in m.content


def test_ascii_pipe_end_of_sentence_and_role_tokens_of_deepseek():
    check("Hello.<|end▁of▁sentence|>", content="Hello.")
    check("<｜Assistant｜>Hello.<｜end▁of▁sentence｜>", content="Hello.")


def test_gemma_tool_response_after_a_call_and_a_repeated_closer():
    check(GEMMA + "<|tool_response>", calls=OSLO, content="")
    check(GEMMA + "<tool_call|>\nDone.", calls=OSLO, content="Done.")
    check(GEMMA + "<|tool_response>response:get_weather{t:22}<tool_response|>It is 22.",
          calls=OSLO, content="It is 22.")


def test_gemma_channel_not_followed_by_thought_is_markup_for_gemma():
    check("<|channel>Hello there.", session=seeded("gemma_special"), content="Hello there.")
    check("<|channel>thought\nplan<channel|>Hello.", content="Hello.", reasoning="plan")
    # nothing in the turn is Gemma's: the lone token is the prose's (issue 31)
    check("<|channel>Hello there.", content="<|channel>Hello there.")


def test_kimi_cohere_harmony_tokens_at_the_end_of_an_answer():
    check("Done.<|open|>", content="Done.")
    check("Hi there<|END_OF_TURN_TOKEN|>", content="Hi there")
    check("<|channel|>final<|end|>Hello", content="Hello")


def test_mistral_tool_calls_twice_and_a_closer():
    check('[TOOL_CALLS][TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}', calls=OSLO, content="")
    check('[TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}[/TOOL_CALLS]', calls=OSLO, content="")


def test_think_written_twice_is_one_opener():
    check("<think><think>plan</think>Answer", reasoning="plan", content="Answer")
    check("<think>\n<think>\nplan</think>Answer", reasoning="plan", content="Answer")
    # after its first words the opener is the thought's own text
    check("<think>plan <think> more</think>Answer", reasoning="plan <think> more", content="Answer")


def test_hy3_end_token_and_suffixed_thinking():
    check("<think:opensource>plan</think:opensource>Answer<｜hy_eos:opensource｜>",
          reasoning="plan", content="Answer")


# ---------------------------------------------------------------- a pre-seeded or detected family

def test_a_stray_sep_in_a_pre_seeded_session_eats_no_text():
    check("Hello.<|sep|> there", session=seeded("kimi_k3"), content="Hello. there")
    check("Hello.<|sep|>", session=seeded("kimi_k3"), content="Hello.")


def test_plain_tokens_are_markup_only_for_their_family():
    # Seed-OSS's `<seed:eos>` is no special-token shape: markup only for that family.
    assert not control_shape("<seed:eos>")
    check("Done.<seed:eos>", content="Done.<seed:eos>")
    check("Done.<seed:eos>", session=seeded("seed_oss"), content="Done.")


def test_a_false_start_of_a_known_family_is_markup_not_content():
    # `<|channel|>` with no channel word after it: harmony's token, not the answer.
    check("<|channel|> Hello", content="<|channel|> Hello")
    check("<|channel|> Hello", session=seeded("harmony"), content="Hello")


def test_words_a_template_writes_at_the_start_are_markup_for_their_family():
    check("all\nHello there", session=seeded("functionary"), content="Hello there")
    check("all\nHello there", content="all\nHello there")        # anyone else: the answer's words
    text = 'Action: ```json\n[{"tool_name": "get_weather", "parameters": {"city": "Oslo"}}]\n```'
    check(text, calls=OSLO, content="")                          # Command R+: a format's opener
    check("Action: none needed.", content="Action: none needed.")


def test_apriel_final_response_marker_ends_the_thinking_the_prompt_opened():
    s = seeded("tool_calls_array")
    s.opens_thinking = True
    check("plan\n[BEGIN FINAL RESPONSE]Answer[END FINAL RESPONSE]<|end|>", session=s,
          reasoning="plan", content="Answer")
    check("Here are my reasoning steps:\nplan\n[BEGIN FINAL RESPONSE]Answer", reasoning="plan", content="Answer")


def test_a_derived_format_consumes_its_templates_end_tokens():
    from callsieve.templates import render
    if not render.available():
        return
    template = ("{%- for m in messages -%}{%- if m.role == 'user' -%}<|u_x|>{{ m.content }}"
                "{%- elif m.role == 'assistant' -%}<|a_x|>{{ m.content }}{%- if m.tool_calls -%}<calls_x>"
                "{%- for c in m.tool_calls -%}<call_x>{{ c.function.name }}<args_x>"
                "{{ c.function.arguments | tojson }}</call_x>{%- endfor -%}</calls_x>{%- endif -%}<|eot_x|>"
                "{%- endif -%}{%- endfor -%}{%- if add_generation_prompt -%}<|a_x|>{%- endif -%}")
    s = seed_session(template)
    assert s.derived is not None and "<|eot_x|>" in s.derived.specials
    text = 'Sure. <calls_x><call_x>get_weather<args_x>{"city": "Oslo"}</call_x></calls_x><|eot_x|>'
    check(text, session=s, calls=OSLO, content="Sure.")


# ---------------------------------------------------------------- what stays text

def test_a_block_given_back_keeps_its_tokens_as_written():
    # an undeclared tool: no fabricated call, and the user sees the markup whole
    check(CALL_DS, tools=tools("other"), calls=[], content=CALL_DS)
    check(GEMMA, tools=tools("other"), calls=[], content=GEMMA)


def test_tokens_quoted_in_code_stay_text():
    for text in ["Close the turn with `<|END_OF_TURN_TOKEN|>`.",
                 "Its tokens:\n```\n<｜tool▁output▁begin｜>result<｜tool▁output▁end｜>\n```\nDone.",
                 "Kimi K3 writes `<|open|>` and `<|sep|>` around tags."]:
        check(text, content=text)


# Prose that talks about tokens: the false-positive side of holding special-shaped tokens.
PROSE = [
    "Use `<|im_start|>` before each turn.",
    "In ChatML a turn starts with <im_start> and a role.",          # not the special shape
    "The model printed [NOTE] tags in its answer.",                # a bracket word no family has
    "x = a <| b |> c",                                             # operators, spaces
    "Pipes: <|> and <||> are not tokens.",
    "```python\nprint('<|tool_call>')\n```",
    "Gemma closes a call with `<tool_call|>`.",
]


def test_prose_about_tokens_keeps_them():
    for text in PROSE:
        assert parse(text).content == text, text


def test_false_positive_rate_of_bare_tokens_in_prose_is_measured():
    # A bare (unquoted) token of a family not detected is the prose's, unless it frames a turn
    # (markers.never_text): prose naming an end-of-turn or role token without quoting it loses
    # the token, and only it: the words around them stay (docs/syntax.md#control-tokens).
    m = parse("The <|tool_call_argument_begin|> token opens Kimi's arguments.")
    assert m.content == "The <|tool_call_argument_begin|> token opens Kimi's arguments."
    m = parse("The <|tool_call_argument_begin|> token opens Kimi's arguments.", session=seeded("kimi_k2"))
    assert m.content == "The  token opens Kimi's arguments."
    # a closer with no open block is the trace of a drained one (markers.tails): markup
    assert parse("The <|tool_call_end|> token closes a Kimi call.").content == "The  token closes a Kimi call."
    assert parse("Mistral wraps the user turn in [INST] tags.").content == "Mistral wraps the user turn in  tags."
    # tokens no family declares are never held
    assert parse("The <|made_up_token|> token.").content == "The <|made_up_token|> token."


# ---------------------------------------------------------------- vocabulary and invariants

def test_every_declared_token_is_markup_for_its_own_family():
    for f in formats.all_formats():
        for t in f.specials + f.start_specials:
            if t.strip() in f.openers:
                continue
            text = (t if t in f.start_specials else "Done." + t)
            m = parse(text, session=seeded(f.name))
            assert t not in m.content, (f.name, t, m.content)


TOKENS = sorted({t for f in formats.all_formats() for t in f.specials + f.ends
                 + tuple(x for span in f.spans for x in span) if control_shape(t)})
WORDS = ["Sure", " ", "\n", "x", "`", "```\n", "<", "|", ">", "all\n", "Action:"]


@given(st.lists(st.one_of(st.sampled_from(TOKENS), st.sampled_from(WORDS)), max_size=12),
       st.sampled_from([None, "kimi_k3", "deepseek_v3", "gemma_special", "functionary"]), st.data())
def test_control_tokens_any_chunking_every_character_once(parts, family, data):
    text = "".join(parts)
    chunks = data.draw(chunked(text))
    kw = {"session": seeded(family)} if family else {}
    whole, _ = feed(text, **kw)
    msg, _ = feed(text, chunks, **({"session": seeded(family)} if family else {}))
    assert (msg.content, msg.reasoning) == (whole.content, whole.reasoning)
    _, evs = feed(text, chunks, markup=True, **({"session": seeded(family)} if family else {}))
    same_characters("".join(e.text for e in evs if hasattr(e, "text")), text)


def test_markup_events_carry_the_tokens():
    s = Sieve(markup=True)
    evs = s.feed("Hi<|END_OF_TURN_TOKEN|>") + s.close()
    assert "<|END_OF_TURN_TOKEN|>" in "".join(e.text for e in evs if isinstance(e, Markup))


def test_a_templates_own_special_tokens_are_markup_for_its_session():
    # A hand-written family seeded from its template: the tokens the template writes count too
    # (read from the template's text: no rendering needed).
    template = ("{% for m in messages %}<|turn_x|>{{ m.role }}\n{{ m.content }}<|turn_end_x|>{% endfor %}"
                "{% if add_generation_prompt %}<|turn_x|>assistant\n{% endif %}")
    s = seed_session({"chat_template": template, "eos_token": "<|turn_end_x|>"})
    assert "<|turn_end_x|>" in s.tokens
    check("Hello.<|turn_end_x|>", session=s, content="Hello.")
    check("Hello.<|turn_end_x|>", content="Hello.<|turn_end_x|>")     # no family declares it


def test_what_a_block_given_back_covers_ends():
    # prose spelling an opener: given back as written up to its closer, end-of-turn tokens never
    check("Gemma writes <|tool_call>call:NAME{args}<tool_call|> for calls.<|im_end|>",
          content="Gemma writes <|tool_call>call:NAME{args}<tool_call|> for calls.")
    # ...and a later block that holds a call ends it: the family's tokens after it are markup
    check("The <|tool_call> token opens. " + GEMMA + "<|tool_response>", calls=OSLO,
          content="The <|tool_call> token opens.")


def test_a_special_token_cut_by_the_end_of_the_stream_is_markup():
    # Gemma 4 ends its turn on half an opener (FlashML-org/FreeToken#346); made-up variants: a cut
    # end-of-turn token, a cut DeepSeek token, inside thinking.
    check(GEMMA + "<|tool_call", tools=tools("get_weather"), content="", calls=OSLO)
    check("Done.<|im_e", content="Done.", calls=[])
    check("Done. <｜tool▁calls", content="Done.", calls=[])
    check("<think>hm <|tool_call", reasoning="hm", content="", calls=[])
    # too short to say, not the start of a watched marker, or not at the end: text
    for text in ("a <|x", "Use <|foo_bar", "Hello <tool_ca", "Type <|tool_call then more.", "Use `<|tool_call",
                 "In code:\n```\n<|tool_call"):
        check(text, content=text, calls=[])


def test_plamo3_end_of_turn_is_never_content():
    check("Hello!<|plamo:tag|>", content="Hello!", calls=[])
    check("<|plamo:begin_think:plamo|>plan<|plamo:end_think:plamo|>Hi.<|plamo:tag|>", reasoning="plan", content="Hi.")


# End-of-turn tokens by their parts (reasoning.END_TOKENS): a word saying the turn, message or
# sequence ends, in any special-token spelling, upper case too: `<eos>` (Gemma 4 on oMLX) and
# `<|end_of_msg|>` (Kimi K3) were left in the content (tests/real_outputs/hunt_m.py).
END_SPELLINGS = [f"<{o}{w}{c}>" for w in ("eos", "END_OF_MSG", "end_of_message", "endofturn")
                 for o, c in (("", ""), ("|", "|"), ("｜", "｜"))]


@pytest.mark.parametrize("end", END_SPELLINGS)
def test_an_end_of_turn_token_named_by_its_words_is_markup(end):
    check(f"The answer is 4.{end}", content="The answer is 4.")
    check(f"<tool_call>now</tool_call>{end}", tools=tools("now"), calls=[("now", {})], content="")
    check(f"<think>plan</think>Done.\n{end}", reasoning="plan", content="Done.")


@pytest.mark.parametrize("text", [
    "Set tokenizer.eos_token to <eos_token> first.",      # not the token's word alone
    "The <eosin> stain and <end_of> tags are text.",
    "a <| eos |> b",                                       # spaced: an operator, not a token
])
def test_words_near_an_end_token_are_text(text):
    check(text, content=text)


# ---------------------------------------------------------------- a lone token of an undetected family (issue 31)
from callsieve.formats import Format  # noqa: E402
from callsieve.markers import controls, frames_turn  # noqa: E402


class _MadeUp(Format):
    name = "made_up_tokens"
    openers = ("<|zz_calls|><|zz_call|>",)
    closer = "<|zz_calls_end|>"
    specials = ("<|zz_sep|>", "<|'|>", "<|zz_arg|>", "<|zz_eot|>", "<|zz_assistant_start|>", "[/ZZ_CALLS]",
                "<｜qq_eos:ns｜>", "<|zz_startofturn|>", "<|zz_role_end|>")
    ends = ("<|zz_done|>",)


# (made-up spellings: what frames a turn or a block, by its words or its place, and what does not)
TURN = ["<|zz_eot|>", "<|zz_assistant_start|>", "<｜qq_eos:ns｜>", "<|zz_startofturn|>", "<|zz_role_end|>",
        "[/ZZ_CALLS]", "<|zz_done|>", "<|zz_calls_end|>", "<|zz_calls|><|zz_sep|>"]
CALL_MARKUP = ["<|zz_sep|>", "<|'|>", "<|zz_arg|>"]


def test_a_lone_token_of_an_undetected_family_is_text_unless_it_frames_a_turn_or_a_block():
    watched, _ = controls((_MadeUp(),), ())
    assert set(TURN) <= set(watched) and not set(CALL_MARKUP) & set(watched), watched
    mine, _ = controls((_MadeUp(),), (_MadeUp(),))
    assert set(CALL_MARKUP) <= set(mine)          # the family detected: every token is markup
    assert not any(frames_turn(t) for t in ("<|tool_sep|>", '<|"|>', "<|sep|>", "<|channel>", "<|message|>"))


@pytest.mark.parametrize("text, family", [
    ('He said <|"|>hi<|"|> to me.', "gemma_special"),
    ("a <|sep|> b, and <|sep|> alone", "kimi_k3"),
    ("Split it at <｜tool▁sep｜> then.", "deepseek_v3"),
    ("Harmony writes <|message|> then the text.", "harmony"),
])
def test_a_lone_call_token_is_the_proses_unless_its_family_is_the_turns(text, family):
    check(text, content=text)
    assert parse(text, session=seeded(family)).content != text


@pytest.mark.parametrize("token", ["<|END_OF_TURN_TOKEN|>", "<|eot|>", "<｜hy_eos｜>", "<|assistant_end|>",
                                   "[/TOOL_CALLS]", "<|return|>", "<|im_assistant|>"])
def test_a_token_that_frames_a_turn_is_markup_whatever_the_family(token):
    check(f"Done.{token}", content="Done.")


def test_a_lead_glued_to_another_token_of_its_family_is_one_marker():
    # InternLM's opener `<|action_start|><|plugin|>` shows its lead: glued to its other tokens, markup whole
    check("<|action_start|><|interpreter|>\nprint(1)\n<|action_end|>", content="print(1)")
    check("Use <|action_start|> to act.", content="Use <|action_start|> to act.")


def test_tokens_that_frame_a_block_by_their_words_are_never_text():
    # A pair of a family's tokens named begin/start/open and end/close (DeepSeek's
    # `<｜tool▁outputs▁begin｜>` … `<｜tool▁outputs▁end｜>`) frames a block: markup even with the family
    # undetected; a token that leads an opener of the family stays the prose's alone.
    from callsieve.markers import paired

    class _Framed(Format):
        name = "made_up_framed"
        openers = ("<|qq_act_start|><|qq_tool|>",)
        closer = "<|qq_act_end|>"
        specials = ("<|qq_results_begin|>", "<|qq_results_end|>", "<｜qq▁out▁open｜>", "<｜qq▁out▁close｜>",
                    "<|qq_act_start|>", "<|qq_sep|>")

    got = paired(_Framed())
    assert {"<|qq_results_begin|>", "<|qq_results_end|>", "<｜qq▁out▁open｜>", "<｜qq▁out▁close｜>"} <= got
    assert "<|qq_act_start|>" not in got and "<|qq_sep|>" not in got
    watched, _ = controls((_Framed(),), ())
    assert "<|qq_results_begin|>" in watched and "<|qq_sep|>" not in watched and "<|qq_act_start|>" not in watched
