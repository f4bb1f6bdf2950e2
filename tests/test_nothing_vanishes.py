"""Nothing the model wrote vanishes (issue 31), and the thinking policies around calls.

A block whose calls all went bad (a duplicate key, keys that collide, invalid JSON, a missing or
misspelled inner closer, a list written as a repeated parameter) gives its text back as content,
once, in order, with an error that says what was wrong; one bad call of a section never takes a
good sibling with it.  The accounting property: for any mix of prose, thinking, calls that run and
calls that went bad, in any chunking, every character is in the content, the reasoning, a call
that runs (its markup included) or a thinking marker.  (A block cut off by the end of the stream
or over max_call_bytes is reported, never content: docs/guarantees.md.)
"""
from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import Markup, Sieve, ToolCallEnd, parse
from helpers import check, chunked, feed, tools

TOOLS = tools("f", "run")


# ---------------------------------------------------------------- a block that runs no call
BAD = {
    "duplicate key": '<tool_call>{"name": "f", "arguments": {"a": 1, "a": 2}}</tool_call>',
    "keys that collide": '<tool_call>{"name": "f", "arguments": {"a": 1, "\\u0061": 2}}</tool_call>',
    "invalid JSON": '<tool_call>{"name": "f", "arguments": {"a": 1, "b": oops}}</tool_call>',
    "inner closer missing": "<tool_call>\n<function=f>\n<parameter=a>\n1\n</tool_call>",
    "a list as a repeated parameter": ("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n"
                                       "<parameter=a>\n2\n</parameter>\n</function>\n</tool_call>"),
    "GLM: a key twice": ("<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n"
                         "<arg_key>a</arg_key>\n<arg_value>2</arg_value>\n</tool_call>"),
}


def test_a_block_that_runs_no_call_gives_its_text_back_as_content():
    for what, block in BAD.items():
        text = "Let me look. " + block + " Then I wait."
        msg = check(text, tools=TOOLS, calls=[], content=text)
        assert msg.errors and not msg.tool_calls, what
        assert "cut off" not in msg.errors[0].reason, (what, msg.errors[0].reason)


def test_the_error_says_what_was_wrong_not_cut_off():
    # The block's closer did arrive: the value that runs to its own closer is what is missing.
    msg = parse("<tool_call>\n<function=f>\n<parameter=a>\n1\n</tool_call> after", tools=TOOLS)
    assert msg.content == "<tool_call>\n<function=f>\n<parameter=a>\n1\n</tool_call> after"
    assert "inner closing tag is missing" in msg.errors[0].reason and msg.errors[0].incomplete
    assert parse(BAD["duplicate key"], tools=TOOLS).errors[0].reason == "duplicate key"


def test_a_cut_off_block_keeps_the_rules_for_cut_calls():
    # (max_tokens cut it: reported, incomplete, never content: the client must not act on it)
    msg = parse('Sure. <tool_call>{"name": "run", "arguments": {"command": "rm -rf ./', tools=TOOLS)
    assert msg.content == "Sure." and msg.incomplete and "cut off" in msg.errors[-1].reason


# A block its format took that starts no call: made-up wrappers around bodies nothing reads.
EMPTY = {
    "an object with no name": ("<tool_call>\n{}\n</tool_call>", "without a tool name"),
    "a JSON object of other keys": ('<tool_call>{"city": "Oslo"}</tool_call>', "without a tool name"),
    "words in a known wrapper": ("<minimax:tool_call>\nlet me think\n</minimax:tool_call>", "no call"),
    "a list of no calls": ("<tool_call>[1, 2]</tool_call>", "not a list of calls"),
    "another wrapper, no name": ('<tools>{"q": 1}</tools>', "without a tool name"),
    "a key with no value": ("<tool_call>f\n<arg_key>a</arg_key>\n</tool_call>", "no value"),
}


def test_a_block_that_starts_no_call_gives_its_text_back_and_says_what_was_wrong():
    for what, (block, why) in EMPTY.items():
        text = "Checking. " + block + " Then more."
        msg = check(text, tools=TOOLS, calls=[], content=text)
        assert [e.index for e in msg.errors] == [None] and why in msg.errors[0].reason, (what, msg.errors)
        assert block.split(">")[0] + ">" in msg.errors[0].reason, (what, msg.errors)    # (which block)


@pytest.mark.parametrize("wrapper", ["function_calls", "minimax:tool_call", "zz:tool_call"])
@pytest.mark.parametrize("inner", ["<invoke>\n</invoke>", "<invoke >x</invoke>",
                                   '<invoke name="f">\n<parameter>1</parameter>\n</invoke>'])
def test_a_tag_with_no_attribute_is_malformed_not_cut_off(wrapper, inner):
    # (its attributes are all quoted: a `>` before any quote ends it, the stream did not cut it)
    block = f"<{wrapper}>\n{inner}\n</{wrapper}>"
    text = "Checking. " + block + " Then more."
    msg = check(text, tools=TOOLS, calls=[], content=text)
    assert not any("cut off" in e.reason for e in msg.errors), msg.errors
    # (a wrapper no format declares opens a block only around a known body: no block, no error)
    assert wrapper.startswith("zz") or (msg.errors and all("malformed" in e.reason for e in msg.errors)), msg.errors


def test_a_call_to_no_tool_of_the_request_and_a_fence_stay_text_with_no_error():
    # (another agent's markup, or prose showing a call: nothing went wrong)
    for text in ('<tool_call>{"name": "other", "arguments": {}}</tool_call>',
                 'For example:\n```\n{"city": "Oslo"}\n```\nThat is all.'):
        assert check(text, tools=TOOLS, calls=[], content=text).errors == [], text


S, E = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
GOOD = '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>'


def test_a_bad_kimi_call_never_takes_its_good_sibling_nor_the_prose_after():
    # The malformed id (no index, the argument token left out) used to wait for an argument
    # token to the end of the stream: the section's end and the prose after it were gone, and
    # the error said "cut off by the end of the stream".
    bad = '<|tool_call_begin|>functions.f{"a": 2}<|tool_call_end|>'
    msg = check("Sure. " + S + GOOD + bad + E + " ok", tools=TOOLS, calls=[("f", {"a": 1})],
                content="Sure. " + bad + " ok")
    assert "no argument token" in msg.errors[0].reason
    # the bad call first: the good one still runs (a bad call to an undeclared tool: written
    # `functions.f{…}`, its name is `f` behind a namespace, calls.qualified, read as a name then JSON)
    bad = bad.replace("functions.f", "functions.nope")
    msg = check("Sure. " + S + bad + GOOD + E + " ok", tools=TOOLS, calls=[("f", {"a": 1})])
    assert 'functions.nope{"a": 2}' in msg.content and msg.content.endswith(" ok")


@pytest.mark.parametrize("noise", ["oops", " I will call f now. ", "functions", "\u2026 sí"])
def test_words_between_a_sections_tokens_are_never_dropped(noise):
    # only words: no call, the section goes back as written, with an error
    text = "Sure. " + S + noise + E + " ok"
    msg = check(text, tools=TOOLS, calls=[], content=text)
    assert msg.errors and "only text" in msg.errors[0].reason
    # around a call: the call runs, the words are the section's markup (as vLLM's parser reads
    # them), reported with it: every character accounted for, none in the content
    for section in (S + noise + GOOD + E, S + GOOD + noise + E, S + GOOD + noise + GOOD.replace(":0", ":1") + E):
        text = "Sure. " + section + " ok"
        msg = check(text, tools=TOOLS)
        assert msg.tool_calls and " ".join(msg.content.split()) == "Sure. ok"
        for chunks in ([text], list(text)):
            s = Sieve(tools=TOOLS, markup=True)
            evs = [e for c in chunks for e in s.feed(c)] + s.close()
            marked = "".join(e.text for e in evs if type(e).__name__ == "Markup")
            assert noise in marked, chunks[:1]


# ---------------------------------------------------------------- the accounting property
# Pieces of one turn, each with what it must become: ("content" | "reasoning" | "call" | "markup").
PROSE = [("Let me check. ", "content"), ("Done now. ", "content"), ("x = [1, 2] ", "content")]
FAMILIES = {
    "hermes": [('<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>', "call"),
               (BAD["duplicate key"], "content"), (BAD["invalid JSON"], "content"),
               (BAD["keys that collide"], "content")],
    "qwen3_coder": [("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>", "call"),
                    (BAD["inner closer missing"], "content"), (BAD["a list as a repeated parameter"], "content")],
    "glm": [("<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>", "call"),
            (BAD["GLM: a key twice"], "content")],
    # (after its call the family is detected: a stray token of its own is markup)
    "kimi_k2": [(S + GOOD + E, "call"), (S + GOOD + E + "<|tool_call_argument_begin|>", "call"),
                (S + GOOD + '<|tool_call_begin|>functions.f{"a": 2}<|tool_call_end|>' + E, "mixed")],
}
THINK = [("<think>plan a</think>", "reasoning")]


def _lone_tokens() -> dict[str, str]:
    """{a control token some family declares: what it is alone in a turn of none of its families}:
    markup if it frames a turn (markers.never_text: an end-of-turn or role token), else content
    (Gemma's `<|"|>`, Kimi K3's `<|sep|>`, DeepSeek's `<｜tool▁sep｜>`: prose naming them)."""
    from callsieve import formats as registry
    from callsieve.markers import control_shape, elements, never_text, several_tokens
    from callsieve.reasoning import END_TOKENS, STRIP, SYNTAXES
    fmts = registry.all_formats()
    mine = {t for f in fmts if f.name in FAMILIES for t in f.vocabulary() | set(f.ends)}
    watched = {m for f in fmts for m in (*f.openers, *f.start_openers, *f.tool_openers, *elements(f)[0])
               if isinstance(m, str)}
    watched |= {m for t in SYNTAXES for m in t.opens + t.closes} | set(STRIP) | set(END_TOKENS)
    # (a token that opens a wrapper block, `[AVAILABLE_TOOLS]`, `<|action_start|>`, which is
    # given back as written: the tokens after it are text up to its closer, marks.Marks.as_written)
    declared = {t for f in fmts for t in f.vocabulary() | set(f.ends)}
    watched |= {t for t in declared if "</｜DSML｜function_calls>" in parse(f"{t} x </｜DSML｜function_calls>", tools=TOOLS).content}
    out: dict[str, str] = {}
    for f in fmts:
        for t in (*f.specials, *f.ends, *((f.closer,) if f.closer else ())):
            if control_shape(t) and not several_tokens(t) and t not in watched | mine:
                if never_text(f, t) or out.get(t) != "markup":
                    out[t] = "markup" if never_text(f, t) else "content"
    return out


LONE = _lone_tokens()


@st.composite
def turns(draw):
    fam = draw(st.sampled_from(sorted(FAMILIES)))
    # (a token with words after it: glued to a block, it may be its wrapper, formats/wrapped.py)
    lone = st.sampled_from(sorted(LONE.items())).map(lambda t: [t, ("then ", "content")])
    items = draw(st.lists(st.one_of(st.sampled_from(PROSE + FAMILIES[fam]).map(lambda p: [p]), lone),
                          min_size=1, max_size=6))
    pieces = [p for item in items for p in item]
    if draw(st.booleans()):
        pieces = THINK + pieces
    return pieces


def test_lone_tokens_of_both_kinds_are_drawn():
    # (the property below covers both sides of the rule, found from the registry)
    assert {'<|"|>', "<|sep|>", "<｜tool▁sep｜>"} <= {t for t, k in LONE.items() if k == "content"}
    assert {"<|END_OF_TURN_TOKEN|>", "<|eot|>", "<｜hy_eos｜>", "[/TOOL_CALLS]"} <= {
        t for t, k in LONE.items() if k == "markup"}


def _bare(s: str) -> str:
    return "".join(s.split())           # (layout whitespace is no character of the accounting)


@settings(max_examples=80, deadline=None)
@given(turns(), st.data())
def test_every_character_is_content_reasoning_a_call_that_runs_or_a_control_token_of_the_family(pieces, data):
    text = "".join(p for p, _ in pieces)
    chunks = data.draw(chunked(text))
    msg, evs = feed(text, chunks, tools=TOOLS, markup=True)
    content, markup = [], []
    for p, kind in pieces:
        if kind == "content":
            content.append(p)
        elif kind == "reasoning":
            markup += ["<think>", "</think>"]
        elif kind in ("call", "markup"):
            markup.append(p)
        else:                           # a section: one call runs, the bad one's text is content
            bad = '<|tool_call_begin|>functions.f{"a": 2}<|tool_call_end|>'
            content.append(bad)
            markup.append(p.replace(bad, ""))
    # the text of every block that ran no call is in the content, once, in order, with the prose
    assert _bare(msg.content) == _bare("".join(content))
    assert _bare(msg.reasoning) == ("plana" if pieces[0] in THINK else "")
    runs = sum(1 for _, k in pieces if k in ("call", "mixed"))
    assert len(msg.tool_calls) == runs == sum(isinstance(e, ToolCallEnd) for e in evs)
    # what is markup is the markup of the calls that ran, the thinking markers, a control token of
    # the detected family or one that frames a turn: nothing else
    assert _bare("".join(e.text for e in evs if isinstance(e, Markup))) == _bare("".join(markup))


# ---------------------------------------------------------------- policy (a): a call that ends thinking
KIMI_THINKING = ("<think>The user wants f. " + S + GOOD + E + "\n</think>\n")


def test_a_whole_declared_call_that_ends_thinking_runs_when_no_answer_follows():
    # Kimi K2 Thinking and Qwen3.5 end their thinking with their call; the agent waited for it.
    check(KIMI_THINKING, tools=TOOLS, calls=[("f", {"a": 1})], reasoning="The user wants f.", content="")
    qwen = "I will list it.\n<tool_call>\n<function=run>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>\n</think>\n\n"
    check(qwen, tools=TOOLS, thinking=True, calls=[("run", {"command": "ls"})], reasoning="I will list it.")
    check(qwen + "<|im_end|>", tools=TOOLS, thinking=True, calls=[("run", {"command": "ls"})])


def test_a_call_that_ends_thinking_is_a_thought_when_an_answer_or_another_call_follows():
    check(KIMI_THINKING + "It is done.", tools=TOOLS, calls=[], content="It is done.",
          reasoning="The user wants f. " + S + GOOD + E)
    # a call after it: the one in thinking was its draft, only the real one runs
    msg = check(KIMI_THINKING + S + GOOD + E, tools=TOOLS, calls=[("f", {"a": 1})])
    assert GOOD in msg.reasoning
    # text between the call and the closer: a thought, as before
    check("<think>x " + S + GOOD + E + " no</think>", tools=TOOLS, calls=[])
    # undeclared tools never run this way (no tools declared: a thought, as before)
    check(KIMI_THINKING, calls=[])


# ---------------------------------------------------------------- issue 35: the prompt opened thinking, no template
DRAFT = ("I need to list the files.\n<tool_call>\n<function=run>\n<parameter=command>\nls\n</parameter>\n"
         "</function>\n</tool_call>\nActually, first ask which folder.\n</think>\n\nWhich folder?")


def test_a_call_drafted_in_thinking_the_prompt_opened_never_runs_without_a_template():
    # vLLM and SGLang serve no template: nothing said the prompt opened <think>.  The closer with
    # no opener after the call says it was written inside thinking: a draft, never run.
    msg = check(DRAFT, tools=TOOLS, calls=[], incomplete=[])
    assert "<function=run>" in msg.reasoning and "Actually, first ask which folder." in msg.reasoning
    assert msg.content.endswith("Which folder?") and "<tool_call>" not in msg.content
    # no closer after it: the call (a model that does not think, and writes on after its call)
    check("I need to list the files.\n" + BAD["inner closer missing"].replace("<parameter=a>\n1\n", "") + " ok",
          tools=TOOLS)
    plain = DRAFT.split("\nActually")[0]
    check(plain + "\nI will wait for it.", tools=TOOLS, calls=[("run", {"command": "ls"})],
          content="I need to list the files.\nI will wait for it.")
    # the whole call ends that thinking, no answer after it: policy (a), it runs
    check(plain + "\n</think>\n\n", tools=TOOLS, calls=[("run", {"command": "ls"})])


def test_only_a_turn_that_nothing_explains_holds_its_call():
    from callsieve import Sieve, ToolCallStart
    from callsieve.templates import seed_session
    call = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'

    def started_before_the_end(**kw) -> bool:
        s = Sieve(tools=TOOLS, **kw)
        return any(isinstance(e, ToolCallStart) for e in s.feed("Checking.\n") + s.feed(call))

    assert not started_before_the_end()                      # nothing known: held to the end
    assert started_before_the_end(thinking=False)            # the request said
    template = "{% for m in messages %}{{ m.content }}{% endfor %}<|im_start|>assistant\n"
    assert started_before_the_end(session=seed_session(template))   # the template said
    s = Sieve(tools=TOOLS)
    assert any(isinstance(e, ToolCallStart) for e in s.feed(call))            # at the start: streamed


def test_after_a_call_over_the_limit_the_text_that_follows_is_the_same_whatever_the_chunking():
    # the fuzzer (tests/fuzz.py) found a harmony header cut by the end of the stream, after a call
    # over max_call_bytes, reported with its text fed whole and without it fed one character at a time
    from helpers import feed, summary
    text = ('<|start|>assistant to=functions.run<|channel|>commentary json<|message|>{"a": 1}<|call|>'
            '<|start|>a')
    kw = {"strict": False, "max_call_bytes": 0}
    whole, _ = feed(text, **kw)
    for chunks in (list(text), [text[:80], text[80:]]):
        msg, _ = feed(text, chunks, **kw)
        assert summary(msg) == summary(whole)
    assert whole.errors[-1].raw == "<|start|>a"


def test_what_follows_a_held_example_is_judged_whole_whatever_the_chunking():
    # the fuzzer found `<|channel>` (a control token: the held JSON was the call) judged before it
    # became `<|channel>thought` (Gemma 4's thinking, which the JSON in prose was an example before)
    from helpers import feed, summary
    kw = {"tools": [{"type": "function", "function": {"name": "f"}}], "strict": False}
    for text in ('ok{"name": "f", "arguments": {"a": 1}}<|channel>thought',
                 'ok {"name": "f", "arguments": {"a": 1}}<|channel>x'):
        whole, _ = feed(text, **kw)
        msg, _ = feed(text, list(text), **kw)
        assert summary(msg) == summary(whole), text
