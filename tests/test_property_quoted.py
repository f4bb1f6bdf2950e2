"""Property (issue 35): a quoted call never runs.  Any call of any family's syntax (tests/corpus.py)
quoted in Markdown (a fence, a blockquote, an indented code block, `<pre>`, inline code) and
followed by prose, and any call whose text stands in the request (a tool result the agent read,
a user's paste), in any chunking, is never a call: not through the library, and not through the
proxy's rules for each API (Chat, Responses, Messages: the request read as the proxy reads it,
the answer through its Turn, encoder and fold, with no network), streamed or folded.  Nothing
streamed ever announced it either."""
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import Sieve
from callsieve.reasoning import END_TOKENS, STRIP
from callsieve.serve import chat, messages, responses
from callsieve.serve.options import Options, whole_calls
from callsieve.serve.turn import Turn
from corpus import SAMPLES
from helpers import chunked, feed, summary

TOOL_NAMES = sorted({c[0] for _, _, calls in SAMPLES for c in calls})
TOOLS = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in TOOL_NAMES]
WORDS = ["Sure", "the", "file", "says", "it", "is", "text", "so", "I", "ran", "nothing", "."]
prose = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join)


def _quote(form: str, call: str) -> str | None:
    lines = call.split("\n")
    if form == "blockquote":
        return "\n".join("> " + x for x in lines)
    if form == "indented":
        return "\n" + "\n".join("    " + x for x in lines)
    if form == "pre":
        return "<pre>" + call + "</pre>"
    if form == "inline":               # (a code span may hold line endings: CommonMark)
        return None if "`" in call else "`" + call + "`"
    if form == "inline, after a line":
        return None if "`" in call else "`the call is\n" + call + "` and"
    if form == "double backticks":
        return None if "``" in call else "`` " + call + " ``"
    fence = form
    return fence + "\n" + call + "\n" + fence.split(" ")[0].rstrip("jsonxml")


FORMS = ["blockquote", "indented", "pre", "inline", "inline, after a line", "double backticks", "```", "~~~",
         "```json", "````"]


@st.composite
def quoted(draw):
    """(text, the call's text): prose, a call of some family quoted, prose after it."""
    _, call, _ = draw(st.sampled_from(SAMPLES))
    form = draw(st.sampled_from(FORMS))
    q = _quote(form, call)
    if q is None:
        form, q = "```", _quote("```", call)
    return draw(prose) + ":\n" + q + "\n\n" + draw(prose), call


def _visible(text: str) -> str:
    """The content a quote leaves: all of it, but end-of-turn tokens (never content)."""
    return reduce(lambda t, m: t.replace(m, ""), END_TOKENS + STRIP, text).strip()


def _no_call(msg) -> None:
    assert msg.tool_calls == [] and msg.incomplete == [], summary(msg)


@settings(max_examples=60, deadline=None)
@given(quoted(), st.booleans(), st.data())
def test_a_quoted_call_followed_by_text_is_never_a_call(case, declared, data):
    text, _ = case
    kw = {"tools": TOOLS} if declared else {}
    chunks = data.draw(chunked(text))
    whole, _ = feed(text, **kw)
    msg, _ = feed(text, chunks, **kw)
    _no_call(whole)
    assert summary(msg) == summary(whole)
    # (a call in a code span that began with a word is held, then given back as written when
    # the span closes, its end-of-turn token included: test_quoting_edges.py; every other quote
    # leaves all of the text but those tokens)
    loose = "`the call is\n" in text
    assert whole.content == _visible(text) or (loose and whole.content == text.strip())


@st.composite
def in_request(draw):
    """(the answer, the file the request holds): a call of some family copied from the file,
    alone or with prose around it."""
    _, call, _ = draw(st.sampled_from(SAMPLES))
    file = draw(prose) + "\n" + call + "\n" + draw(prose)
    answer = draw(st.sampled_from(["", "The file says "])) + call + draw(st.sampled_from(["", " which is text."]))
    return answer, file


@settings(max_examples=60, deadline=None)
@given(in_request(), st.data())
def test_a_call_whose_text_is_in_the_request_is_never_a_call(case, data):
    answer, file = case
    chunks = data.draw(chunked(answer))
    whole, _ = feed(answer, tools=TOOLS, quotes=[file])
    msg, _ = feed(answer, chunks, tools=TOOLS, quotes=[file])
    _no_call(whole)
    assert summary(msg) == summary(whole)


# ------------------------------------------------------------------ through the proxy's APIs
def _request(api, file: str) -> dict:
    """A request of `api` whose last message is the result of a tool that read `file`."""
    if api is chat:
        return {"model": "m", "stream": True, "tools": TOOLS, "messages": [
            {"role": "user", "content": "Read notes.txt"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": file}]}
    if api is responses:
        return {"model": "m", "stream": True, "input": [
            {"role": "user", "content": "Read notes.txt"},
            {"type": "function_call", "call_id": "c1", "name": "read", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": file}],
            "tools": [{"type": "function", "name": t["function"]["name"], "parameters": {"type": "object"}}
                      for t in TOOLS]}
    return {"model": "m", "stream": True, "max_tokens": 100, "messages": [
        {"role": "user", "content": "Read notes.txt"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "read", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": file}]}],
        "tools": [{"name": t["function"]["name"], "input_schema": {"type": "object"}} for t in TOOLS]}


def _through(api, file: str, chunks: list) -> tuple[list, dict]:
    """What a client of `api` gets for an upstream answer in `chunks`: the streamed events and
    their fold (app.py's steps, without the sockets)."""
    import json
    body = _request(api, file)
    chat_body = api.to_chat(body)
    opts = Options.from_request(chat_body)
    opts.whole_calls = whole_calls(api, "auto", None)
    enc = api.encoder(body, chat_body)
    turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs()))
    out = enc.start()
    for piece in chunks:
        up = {"id": "up", "object": "chat.completion.chunk", "created": 1, "model": "m",
              "choices": [{"index": 0, "delta": {"content": piece}}]}
        enc.upstream(up)
        out += enc.write(turn.feed(up))
    up = {"id": "up", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    enc.upstream(up)
    out += enc.write(turn.feed(up))
    out += enc.write(turn.finish())
    out += enc.close()
    events = [json.loads(line[5:]) for line in b"".join(out).decode().splitlines()
              if line.startswith("data:") and line[5:].strip() != "[DONE]"]
    return events, api.fold(events)


def _calls(api, events: list, folded: dict) -> list:
    """Every call the client was told of, streamed or folded."""
    if api is chat:
        told = [tc for e in events for c in e.get("choices", []) for tc in (c.get("delta") or {}).get("tool_calls") or []]
        return told + [tc for c in folded["choices"] for tc in c["message"].get("tool_calls") or []]
    if api is responses:
        told = [e for e in events if (e.get("item") or {}).get("type") == "function_call"]
        return told + [o for o in folded.get("output", []) if o.get("type") == "function_call"]
    told = [e for e in events if (e.get("content_block") or {}).get("type") == "tool_use"]
    return told + [b for b in folded.get("content", []) if b.get("type") == "tool_use"]


@settings(max_examples=25, deadline=None)
@given(st.one_of(quoted().map(lambda q: (q[0], None)), in_request()), st.data())
def test_through_every_api_a_quoted_call_is_never_a_call(case, data):
    answer, file = case
    chunks = data.draw(chunked(answer))
    for api in (chat, responses, messages):
        events, folded = _through(api, file or "Some notes, nothing to run.", chunks)
        assert _calls(api, events, folded) == [], (api.name, answer)


def test_through_every_api_the_real_call_still_runs():
    call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
    for api in (chat, responses, messages):
        events, folded = _through(api, "Some notes.", [call[:20], call[20:]])
        assert len(_calls(api, events, folded)) >= 1, api.name      # (streamed, and folded)


# ---------------------------------------------------------------------------------------------
# A family known from the start (a Session that knows it): the head of one of its tags, which the
# model writes on (`<｜DSML｜invoke` then ` name="…">`), quoted in prose or in inline code, is text
# like the rest of the sentence, whole, in any chunking; never markup that vanishes and leaves the
# rest (issue 31, deepseek_dsml-41).
def _heads() -> list[tuple[str, str]]:
    from callsieve import formats
    return sorted({(f.name, m) for f in formats.all_formats() for m in f.openers + f.tool_openers
                   if len(m) > 2 and m[0] in "<[" and m[-1] not in ">]|｜" and not m[-1].isspace()})


HEADS = _heads()
AFTER = [' name="read_file"> and its parameters', " then the attributes", ", then a newline", ""]


@pytest.mark.parametrize("head", HEADS, ids=[f"{f}:{m}" for f, m in HEADS])
@settings(max_examples=12, deadline=None)
@given(st.sampled_from(AFTER), st.booleans(), prose, st.data())
def test_the_head_of_a_seeded_familys_tag_quoted_in_prose_is_text(head, after, inline, before, data):
    from callsieve import Session
    fam, marker = head
    quote = f"`{marker}{after}`" if inline else marker + after
    text = f"{before} {quote} is how it starts."
    chunks = data.draw(chunked(text))
    kw = {"tools": TOOLS}
    whole, _ = feed(text, session=Session(fam, seeded=True), **kw)
    msg, _ = feed(text, chunks, session=Session(fam, seeded=True), **kw)
    _no_call(whole)
    assert whole.content == text, (fam, whole.content)
    assert summary(msg) == summary(whole)


def test_the_heads_are_found_from_the_declarations():
    assert {("deepseek_dsml", "<｜DSML｜invoke"), ("kimi_k3", "<|open|>message")} <= set(HEADS)


# ---------------------------------------------------------------------------------------------
# Inline code by CommonMark's rules (quotes.code_span): a run of n backticks opens a span that the
# next run of exactly n closes, line endings inside allowed, up to the paragraph's end (a blank
# line, a fence line).  A call shown in a span over several lines stays text; a call after the span
# closed, or after the paragraph an unclosed backtick stood in, runs; so does one after a stray
# backtick that no run closes (literal, CommonMark) when the turn ends with it; nothing is held back
# for it.
import json  # noqa: E402

from callsieve import quotes  # noqa: E402
from helpers import chunkings  # noqa: E402

CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
WEATHER = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]


def _runs(text: str) -> set:
    """How many calls `text` makes, in each of several chunkings (one value if they agree)."""
    return {len(feed(text, chunks, tools=WEATHER)[0].tool_calls) for chunks in chunkings(text)}


@pytest.mark.parametrize("text", [
    "Write `the call is\n" + CALL + "` and wait.",                  # opened on the line before
    "Write `` the call is\n" + CALL + " `` and wait.",              # double backticks
    "Write `` a ` then\n" + CALL + " `` and wait.",                 # a shorter run inside is literal
    "Write `it\nover\nlines\n" + CALL + "\n` and wait.",
    "Write `open, with prose\n" + CALL + "\nafter the call.",      # (held: prose after it, an example)
])
def test_a_call_in_a_code_span_over_several_lines_stays_text(text):
    assert _runs(text) == {0}
    assert feed(text, tools=WEATHER)[0].content == text


@pytest.mark.parametrize("text", [
    "Use `a` and\n" + CALL,                                          # closed before the line ends
    "Use `a\nb` then\n" + CALL,                                     # closed on a later line
    "Type `` ` `` here:\n" + CALL,                                   # `` ` `` is a span of one backtick
    "A stray ` here.\n\n" + CALL,                                   # the paragraph ended
    "A stray ` here.\n  \t\n" + CALL,                              # (a line of whitespace is blank)
    "A stray ` here:\n```\ncode\n```\n" + CALL,                   # a fence ends the paragraph
    "Write `unclosed and\n" + CALL,                                  # no run closes it: literal (CommonMark)
    "Use the `get_weather tool. " + CALL,                            # (on the same line)
    "Run `ls, then " + CALL + "\n\n",
])
def test_a_call_after_the_span_or_its_paragraph_runs(text):
    assert _runs(text) == {1}


def test_an_unclosed_backtick_holds_no_prose_back():
    s = Sieve(tools=WEATHER)
    for piece in ["Use `grep", " to find", " it,\nthen", " read the", " file."]:
        out = "".join(e.text for e in s.feed(piece))
        assert out.strip() == piece.strip()


def test_a_thinking_closer_that_starts_a_line_is_not_quoted_by_a_span_from_an_earlier_line():
    msg, _ = feed("Plan: run `grep\n</think>\n\nIt is 4.", thinking=True)
    assert msg.reasoning == "Plan: run `grep" and msg.content == "It is 4."


@given(st.text(alphabet="` \n\tx~", max_size=40), st.data())
def test_the_code_span_state_is_the_same_in_any_chunking(text, data):
    whole = quotes.code_span(quotes.SPAN_OUT, text)
    cuts = [0, *sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=6))), len(text)]
    state = quotes.SPAN_OUT
    for a, b in zip(cuts, cuts[1:]):
        state = quotes.code_span(state, text[a:b])
    assert quotes.in_code(state) == quotes.in_code(whole)
    assert quotes.in_code(state, True) == quotes.in_code(whole, True)
    assert state == whole


def test_a_call_in_a_table_row_an_html_element_or_comment_stays_text_and_after_them_runs():
    for text in ("| syntax | note |\n|---|---|\n| " + CALL + " | the call |\n\nDone.",
                 "Write <code>" + CALL + "</code> to call it."):
        assert _runs(text) == {0}
    for text in ("Output: <samp>" + CALL + "</samp> was printed.", "<!--\n" + CALL + "\n-->\nDone.",
                 "<blockquote><p>" + CALL + "</p></blockquote>"):
        assert _runs(text) == {0}
    for text in ("| a | b |\n\n" + CALL, "Use <code>x</code>:\n" + CALL, "a | b\n" + CALL,
                 "<pre><code>x</code></pre>\n" + CALL, "<!-- a note -->\n" + CALL, "x</code> y\n" + CALL):
        assert _runs(text) == {1}


def test_a_call_in_a_string_of_a_json_answer_stays_text_and_after_it_runs():
    doc = '{"syntax": ' + json.dumps(CALL) + ', "note": "a \\" and a }"}'
    assert _runs(doc) == {0} and feed(doc, tools=WEATHER)[0].content == doc
    assert _runs('[{"a": ' + json.dumps(CALL) + "}]") == {0}
    for text in (doc + "\n" + CALL, '{"a": 1}\n' + CALL, "{name} is a placeholder.\n" + CALL,
                 'Say "hi" and\n' + CALL):
        assert _runs(text) == {1}, text
