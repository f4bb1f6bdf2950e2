"""Property: a call runs only as the model wrote it (issue 18).

Calls of several families whose argument text is written whole, cut off, or broken (a word
misspelt, a character dropped or added, a slice replaced by JSON-ish noise), fed in random
chunks.  Whatever the input, every runnable call (`ToolCallEnd`, `Message.tool_calls`) has
arguments the model wrote: for the JSON families, the strict JSON of some object in the text;
for Qwen3-Coder's XML, parameters whose every key and value stand in the text.  A broken call
is never closed into a smaller one (`rm(path)` without its `dry_run`).
"""
import json
import re

from hypothesis import given
from hypothesis import strategies as st

from callsieve import ToolCallEnd
from helpers import chunked, deltas_ok, feed

keys = st.sampled_from(["path", "dry_run", "city", "n", "command", "a"])
scalars = st.one_of(st.booleans(), st.integers(-99, 999), st.none(),
                    st.text(alphabet="abc /-.ü\"\\{}[],:", max_size=8))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(keys, inner, max_size=3), max_leaves=6)
arguments = st.dictionaries(keys, values, min_size=1, max_size=4)
NOISE = st.text(alphabet='tru fals{}[]",:\\ 0x', min_size=1, max_size=4)

JSON_FAMILIES = {
    "hermes": lambda a: '<tool_call>{"name": "rm", "arguments": ' + a + "}</tool_call>",
    "mistral": lambda a: "[TOOL_CALLS]rm[ARGS]" + a,
    "mistral_list": lambda a: '[TOOL_CALLS][{"name": "rm", "arguments": ' + a + "}]",
    "llama3": lambda a: '<|python_tag|>{"name": "rm", "parameters": ' + a + "}",
}
TOOLS = [{"type": "function", "function": {"name": "rm", "parameters": {"type": "object"}}}]


@st.composite
def broken(draw, text: str) -> str:
    """`text` as written, cut off, or with one small change."""
    how = draw(st.sampled_from(["whole", "cut", "drop", "add", "replace", "misspell"]))
    if how == "whole" or not text:
        return text
    i = draw(st.integers(0, len(text) - 1))
    if how == "cut":
        return text[:i]
    if how == "drop":
        return text[:i] + text[i + 1:]
    if how == "add":
        return text[:i] + draw(NOISE) + text[i:]
    if how == "replace":
        j = draw(st.integers(i, min(len(text), i + 6)))
        return text[:i] + draw(NOISE) + text[j:]
    return text.replace("true", "tru").replace("false", "fals").replace("null", "nul")


# Kept as the model wrote them: a backslash before a character JSON has no escape for (`\0`,
# `\u0fc`), and raw control characters in a string.
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.S)


def _literal_odd_escapes(text: str) -> str:
    return _ESCAPE.sub(lambda m: m.group() if len(m.group(1)) == 5 or m.group(1) in '"\\/bfnrt'
                       else "\\" + m.group(), text)


_read = json.JSONDecoder(strict=False).decode


def objects_in(text: str) -> list:
    """Every JSON object that some slice of `text` is, read strictly (odd escapes kept literally)."""
    text = _literal_odd_escapes(text)
    found = []
    starts = [i for i, c in enumerate(text) if c == "{"]
    ends = [i + 1 for i, c in enumerate(text) if c == "}"]
    for i in starts:
        for j in ends:
            if j > i:
                try:
                    v = _read(text[i:j])
                except (ValueError, RecursionError):
                    continue
                if isinstance(v, dict):
                    found.append(v)
    return found


def runnable(text, chunks, **kw):
    msg, evs = feed(text, chunks, **kw)
    deltas_ok(evs)
    ends = [e.arguments for e in evs if isinstance(e, ToolCallEnd)]
    assert ends == [c.arguments for c in msg.tool_calls]
    return ends


@given(st.sampled_from(sorted(JSON_FAMILIES)), arguments, st.booleans(), st.data())
def test_a_json_call_runs_only_with_arguments_the_model_wrote(family, args, spaced, data):
    written = json.dumps(args, separators=(", ", ": ") if spaced else (",", ":"))
    args_text = data.draw(broken(written))
    text = "I will clean up. " + JSON_FAMILIES[family](args_text) + data.draw(st.sampled_from(["", " Done."]))
    chunks = data.draw(chunked(text))
    for kw in ({}, {"tools": TOOLS}):
        ends = runnable(text, chunks, **kw)
        seen = objects_in(text)
        for got in ends:
            assert got in seen, f"{got!r} is not what the model wrote in {text!r}"
        if ends and args_text == written:
            assert ends == [args]


xml_value = st.text(alphabet="abc /-.ü1<>=", min_size=1, max_size=10).filter(lambda v: v.strip() == v)


@given(st.dictionaries(keys, xml_value, min_size=1, max_size=3), st.data())
def test_an_xml_call_runs_only_with_parameters_the_model_wrote(params, data):
    body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in params.items())
    text = "I will clean up.\n<tool_call>\n<function=rm>\n" + body + "</function>\n</tool_call>"
    text = data.draw(broken(text))
    chunks = data.draw(chunked(text))
    schema = {"type": "object", "properties": {k: {"type": "string"} for k in params}}
    tools = [{"type": "function", "function": {"name": "rm", "parameters": schema}}]
    for got in runnable(text, chunks, tools=tools):
        for k, v in got.items():
            # (its tag as written: whole, or with its `>` dropped at the line's end, for a
            # parameter the tool declares: formats/_parts.py FUNCTION_PARAMETER)
            assert re.search(r"<parameter=\s*%s(?:\s*>|[ \t]*\n)" % re.escape(k), text), (k, text)
            if not re.search(r"<parameter=\s*%s\s*>" % re.escape(k), text):
                assert k in schema["properties"], (k, text)
            # (a key the schema does not declare is typed "JSON if it parses": 1 is 1)
            assert (v if isinstance(v, str) else json.dumps(v)) in text, (k, v, text)


def test_a_trailing_comma_and_a_missing_brace_never_make_one_call():
    """Hypothesis found it: arguments cut after a comma and closed by the wrapper's brace read as
    a trailing comma (`{"path": [],}`), and the call object's own brace missing at the end of the
    stream (tolerated where the arguments closed): two repairs made a call of `rm` without the
    rest of its arguments.  Either alone is read as written."""
    cut = 'I will clean up. <|python_tag|>{"name": "rm", "parameters": {"path": [],}'
    assert runnable(cut, [cut]) == []
    assert runnable(cut + "}", [cut + "}"]) == [{"path": []}]                   # the call closed
    whole = 'I will clean up. <|python_tag|>{"name": "rm", "parameters": {"path": []}'
    assert runnable(whole, [whole]) == [{"path": []}]                        # the brace alone
