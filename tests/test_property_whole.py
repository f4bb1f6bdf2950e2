"""Property tests: `parse()` on the whole text gives exactly the Message that feeding it in any
chunks gives.  The whole text takes the fast paths (a complete JSON value decoded in C in one go,
canonical string runs, prose checked instead of scanned); token-sized chunks take the streaming
ones.  The arguments below are built to sit on the edges between them: brackets and number-like
runs quoted in strings, raw control characters, escapes JSON writes and escapes it does not, long
numbers, deep nesting, duplicate keys, lone surrogates, max_call_bytes cuts."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from callsieve import parse
from helpers import chunked, feed, summary
from test_property import stream

TOOLS = [{"name": "get_weather"}, {"name": "run"}, {"name": "write_file"}]


def same(text, chunks, **kw):
    whole = parse(text, **kw)
    for cut in (chunks, list(text)):
        msg, _ = feed(text, cut, **kw)
        assert summary(msg) == summary(whole)
        assert msg.format == whole.format
        assert [c.arguments_json for c in msg.tool_calls] == [c.arguments_json for c in whole.tool_calls]
    return whole


@settings(max_examples=60)
@given(st.data())
def test_whole_text_is_the_same_message_as_any_chunking(data):
    noise = data.draw(st.booleans())
    text, calls, _ = data.draw(stream(with_noise=noise))
    whole = same(text, data.draw(chunked(text)))
    if not noise:                     # (noise may make or break calls)
        assert [(c.name, c.arguments) for c in whole.tool_calls] == calls


# String pieces on the edges of the fast paths: canonical escapes (kept as written), escapes
# that canonical text writes otherwise (\/, \u00e9), raw control characters (escaped), quoted
# brackets and long digit runs (they must not send a value off the fast path wrongly), astral
# characters as a pair of escapes, a lone surrogate, prose that looks like a closer.
PIECES = ["plain words ", '\\"quoted\\"', "\\\\", "\\n", "\\t", "\\/", "\\u00e9", "\\ud83d\\ude00",
          "\\ud800", "\n", "\t", "\x01", "{[{[", "]}", "1" * 70, "e" * 70, "ünï — ✓ ", "</tool_call>",
          "[TOOL_CALLS]", "\\x", "'"]
string_body = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)
number = st.sampled_from(["0", "-1", "3.25", "1e5", "1E+2", "-0.0", "1" * 65, "1e999", "12345678901234567890"])


@st.composite
def json_value(draw, depth=0):
    kind = draw(st.sampled_from(["str", "num", "word", "obj", "arr"] if depth < 3 else ["str", "num"]))
    if kind == "str":
        return '"' + draw(string_body) + '"'
    if kind == "num":
        return draw(number)
    if kind == "word":
        return draw(st.sampled_from(["true", "false", "null", "True", "None"]))
    items = draw(st.lists(json_value(depth + 1), max_size=4))
    if kind == "arr":
        return "[" + ", ".join(items) + "]"
    keys = draw(st.lists(st.sampled_from(["a", "b", "path", "content", "é"]), min_size=len(items),
                         max_size=len(items)))
    return "{" + ", ".join(f'"{k}": {v}' for k, v in zip(keys, items)) + "}"


@st.composite
def arguments(draw):
    """An arguments object as a model may write it, valid or not."""
    members = draw(st.lists(st.tuples(st.sampled_from(["path", "content", "n", "x"]), json_value(1)),
                            max_size=4))
    text = "{" + ", ".join(f'"{k}": {v}' for k, v in members) + "}"
    if draw(st.booleans()):
        text = "[" * 130 + "]" * 130 if draw(st.booleans()) else text[:draw(st.integers(0, len(text)))]
    return text


WRAP = [lambda a: f'<tool_call>\n{{"name": "write_file", "arguments": {a}}}\n</tool_call>',
        lambda a: f'[TOOL_CALLS][{{"name": "write_file", "arguments": {a}}}]',
        lambda a: f'<|python_tag|>{{"name": "write_file", "parameters": {a}}}',
        lambda a: f'{{"name": "write_file", "arguments": {a}}}']


@given(st.sampled_from(WRAP), arguments(), st.sampled_from(["", "Sure. ", "  "]),
       st.sampled_from(["", "\nDone.", "<|im_end|>"]), st.sampled_from([None, 40, 200]), st.data())
def test_whole_arguments_are_read_as_streamed_ones(wrap, args, before, after, limit, data):
    text = before + wrap(args) + after
    kw = {"tools": TOOLS}
    if limit is not None:
        kw["max_call_bytes"] = limit
    whole = same(text, data.draw(chunked(text)), **kw)
    for call in whole.tool_calls:     # a runnable call's arguments are what the model wrote
        assert call.arguments == json.loads(call.arguments_json)
        assert limit is None or len(call.arguments_json.encode("utf-8", "surrogatepass")) <= limit


@given(st.lists(st.sampled_from(["Some prose of ", "fun", "functools", "function", "ref ", "<b>", " < ",
                                 "{x}", "a [b]", "`code`", "\n", "  ", "f", "<", "<tool", "end.", "[",
                                 "_call>"]), max_size=40).map("".join), st.data())
def test_prose_with_marker_characters_any_chunking(text, data):
    # Prose full of characters markers begin with, and of markers' starts (which the next chunk
    # may complete: `functools` + `[`, `<tool` + `_call>`): the prose fast path checks what the
    # scanner would emit, and holds what it would hold.
    text = "Hello. " + text
    same(text, data.draw(chunked(text)))
    same(text, data.draw(chunked(text)), tools=TOOLS)
