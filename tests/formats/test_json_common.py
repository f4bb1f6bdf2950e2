"""What holds for every JSON-bodied family, run over each (the family's own traps are in
test_<family>.py).  Texts are built from the documented syntax by samples_json.FAMILIES."""
import pytest

from callsieve import Sieve, ToolCallEnd, ToolCallError, formats, parse
from helpers import check, tools
from samples_json import FAMILIES

FAMILY = {f.name: f for f in FAMILIES}
ids = [f.name for f in FAMILIES]
each = pytest.mark.parametrize("fam", FAMILIES, ids=ids)

NESTED = {"filter": {"tags": ["a", "b"], "range": [1, 2.5, None, True]}, "deep": [[{"x": {"y": [[]]}}]]}
UNICODE = {"text": "grüße — 日本語 ✓ \"quoted\" \\ back\nslash", "emoji": "🦀"}


def test_every_family_is_registered_with_models_and_an_example():
    for f in FAMILIES:
        fmt = formats.get(f.name)
        assert fmt.example and fmt.description
        m = parse(fmt.example, format=f.name)
        assert m.tool_calls, f.name
        assert parse(fmt.example).format == f.name
    for f in FAMILIES:
        if f.name not in ("tools_tag",):          # the ADR's Gemma fallback has no model of its own
            assert formats.get(f.name).models, f.name


@each
def test_documented_syntax_with_prose_around(fam):
    body = fam.render([("get_weather", {"city": "Paris", "days": 3})])
    text = ("Let me check. " if fam.before else "") + body + ("\nAnything else?" if fam.after else "")
    m = check(text, calls=[("get_weather", {"city": "Paris", "days": 3})])
    assert m.format == fam.name
    assert m.content.strip() == " ".join(p for p, ok in (("Let me check.", fam.before),
                                                         ("Anything else?", fam.after)) if ok)


@each
def test_several_calls_closing_in_one_chunk(fam):
    calls = [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"}), ("get_weather", {"city": "Oslo"})]
    text = fam.render(calls)
    check(text, calls=calls)
    s = Sieve()
    evs = s.feed(text) + s.close()
    assert [(e.index, e.name, e.arguments) for e in evs if isinstance(e, ToolCallEnd)] == \
        [(i, n, a) for i, (n, a) in enumerate(calls)]


@each
def test_zero_argument_calls(fam):
    calls = [("now", {}), ("get_weather", {"city": "Rome"}), ("now", {})]
    check(fam.render(calls), calls=calls)


@each
def test_nested_and_unicode_arguments(fam):
    calls = [("search", NESTED), ("write", UNICODE)]
    check(fam.render(calls), calls=calls)


@each
def test_closing_marker_quoted_inside_a_string(fam):
    args = {"code": f"print('{fam.quoted}')", "then": fam.quoted}
    check(fam.render([("run", args), ("now", {})]), calls=[("run", args), ("now", {})])


@each
def test_call_truncated_at_end_of_stream_is_incomplete_never_a_call(fam):
    text = fam.render([("write_file", {"path": "a.txt", "text": "Hello, world"})])
    cut = text[:text.index("world") + 2]
    m = check(cut, content="", calls=[], incomplete=[("write_file", {"path": "a.txt", "text": "Hello, wo"})])
    assert m.errors and isinstance(m.errors[0], ToolCallError) and m.errors[0].incomplete


@each
def test_detected_with_no_format_named_and_parsed_with_it_named(fam):
    text = fam.render([("get_weather", {"city": "Lima"})])
    assert parse(text).format == fam.name
    for name in [fam.name, *formats.get(fam.name).aliases]:
        m = parse(text, format=name)
        assert [(c.name, c.arguments) for c in m.tool_calls] == [("get_weather", {"city": "Lima"})]


@each
def test_undeclared_tool_is_text(fam):
    text = fam.render([("delete_everything", {"really": True})])
    check(text, tools=tools("get_weather"), content=text, calls=[])


@each
def test_declared_tools_pass(fam):
    text = fam.render([("get_weather", {"city": "Kyiv"})])
    check(text, tools=tools("get_weather"), calls=[("get_weather", {"city": "Kyiv"})])


@each
def test_long_argument_streams_in_linear_time(fam):
    big = "x" * 200_000
    text = fam.render([("write", {"text": big})])
    s = Sieve()
    head, n = text[:text.index("xxx")], 0
    s.feed(head)
    for i in range(0, len(big), 4096):
        n += bool(s.feed(big[i:i + 4096]))
    if fam.after:
        assert n > 40, "a long argument must stream while it is written"
    else:
        # A fence may be a quoted example until the turn ends: nothing of it may go out before.
        assert n == 0, "a call that prose after it may still make an example must not stream"
    evs = s.feed(text[len(head) + len(big):]) + s.close()
    assert [e.arguments for e in evs if isinstance(e, ToolCallEnd)] == [{"text": big}]


@pytest.mark.parametrize("text", [
    "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>" + "n" * 300 + "<｜tool▁sep｜>{}<｜tool▁call▁end｜>",
    "```json\n" + " " * 300 + '{"name": "f", "arguments": {}}\n```',
    "<|tool_call_begin|>" + "x" * 300 + "<|tool_call_argument_begin|>{}<|tool_call_end|>",
    '{"name": "' + "a" * 300 + '", "arguments": {}}',
    "<function=" + "f" * 300 + ">{}</function>",
    "<tool_call>" + " " * 300 + '{"name": "f", "arguments": {}}</tool_call>',
])
def test_decisions_past_the_look_ahead_bound_agree_under_any_chunking(text):
    check(text)
    check(text, tools=[{"name": "a" * 256}, {"name": "f"}])


def test_reasoning_that_mentions_a_marker_stays_reasoning():
    for thought in ("see functions.py", "then a >>> b", "[1, 2] or {x}", "a function call now"):
        check(f"<think>{thought}</think>ok", tools=tools("f"), reasoning=thought, content="ok")


@pytest.mark.parametrize("text", [
    "<tool_call>\n{\"name\": \"lookup_city\", \"arguments\": {'city': 'Paris', 'days': 3, 'ok': True}}\n</tool_call>",
    "<tool_calls>[{\"name\": \"lookup_city\", \"arguments\": {'city': 'Paris', 'days': 3, 'ok': True}}]</tool_calls>",
    "[{\"name\": \"lookup_city\", \"arguments\": {'city': 'Paris', 'days': 3, 'ok': True}}]",
])
def test_arguments_written_as_a_python_dict_are_that_dict(text):
    # Templates that print the arguments' str() (Apriel, vLLM's phi4_mini, NightPrince) render
    # {'city': 'Paris'}: a literal, read as what it says, never half-read or dropped.
    check(text, calls=[("lookup_city", {"city": "Paris", "days": 3, "ok": True})], content="", tools=tools("lookup_city"))
    cut = text[:text.index("3")]
    check(cut, calls=[], incomplete=[("lookup_city", {"city": "Paris"})], tools=tools("lookup_city"))


@pytest.mark.parametrize("text", [
    '[TOOL_CALL] {"tool": "lookup_city", "args": {"city": "Paris", "days": 3}} [/TOOL_CALL]',
    '<tool_call>\n{"tool": "lookup_city", "args": {"city": "Paris", "days": 3}}\n</tool_call>',
    '<TOOLCALL>[{"args": {"city": "Paris", "days": 3}, "tool": "lookup_city"}]</TOOLCALL>',
    '{"tool": "lookup_city", "args": {"city": "Paris", "days": 3}}',
])
def test_a_call_object_keyed_tool_and_args_is_a_call(text):
    # MiniMax writes its hash header `{tool => NAME, args => {…}}` as JSON too (lmstudio-bug-tracker#1177):
    # `tool` names the tool as `name` does, under the same guards (a declared name, a whole object).
    check(text, calls=[("lookup_city", {"city": "Paris", "days": 3})], content="", tools=tools("lookup_city"))
    check(text, calls=[], tools=tools("other"))
    for prose in ('Bring the right tool: {"tool": "lookup_city", "count": 3}.', '{"tool": "lookup_city", "note": 1}'):
        check(prose, calls=[], content=prose, tools=tools("lookup_city"))


# `{"function=NAME", "arguments": {…}}`: Qwen's XML `<function=NAME>` fused into a JSON key with
# no value (tetherto/qvac#2677, tests/real_outputs/hunt_m.py).  Made-up spellings of the key,
# spacing, wrappers; an undeclared name, two names, or the frame in prose are no call.
@pytest.mark.parametrize("text, calls", [
    ('<tool_call>\n{"function=get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>',
     [("get_weather", {"city": "Oslo"})]),
    ('<tool_call>{"name=get_weather","arguments":{"city":"Oslo"}}</tool_call>', [("get_weather", {"city": "Oslo"})]),
    ('<tool_call>{ "tool = get_weather" , "parameters": {"city": "Oslo"} }</tool_call>',
     [("get_weather", {"city": "Oslo"})]),
    ('<tool_call>{"function=get_weather"}</tool_call>', [("get_weather", {})]),
    ('[TOOL_CALLS][{"function=get_weather", "arguments": {"city": "Oslo"}}]', [("get_weather", {"city": "Oslo"})]),
])
def test_the_name_fused_into_a_key_names_the_call(text, calls):
    check(text, tools=tools("get_weather"), calls=calls, content="")


@pytest.mark.parametrize("text", [
    '<tool_call>{"function=rm_rf", "arguments": {"path": "/"}}</tool_call>',                # undeclared
    'See {"function=get_weather", "arguments": {"city": "Oslo"}} in the docs.',
])
def test_a_fused_name_key_that_names_no_declared_tool_or_stands_in_prose_is_text(text):
    check(text, tools=tools("get_weather"), calls=[], content=text)


def test_a_fused_name_key_and_a_name_member_are_two_names():
    m = check('<tool_call>{"function=get_weather", "name": "other", "arguments": {}}</tool_call>',
              tools=tools("get_weather", "other"), calls=[])
    assert m.errors


LISTS = {   # a family's list of call objects, {} standing for the objects
    "command_r": '<|START_ACTION|>[{}]<|END_ACTION|>',
    "tool_call_tag": "<tool_call>[{}]</tool_call>",
    "bracket_tool_calls": "[TOOL_CALLS][{}]",
}
CALL_A = '{"tool_call_id": "0", "tool_name": "a", "parameters": {"k": "}{"}}'
CALL_B = '{"tool_call_id": "1", "tool_name": "b", "parameters": {}}'


@pytest.mark.parametrize("family", sorted(LISTS))
@pytest.mark.parametrize("gap", ["", "\n", "  ", "\n    "])
def test_a_list_whose_objects_miss_their_comma_is_read_whole(family, gap):
    # Ollama's cohere parser tests: `[{…}{…}]`; each object is whole as written, as in a
    # sequence of objects, and the list's `]` is markup with them, never content
    a, b = CALL_A, CALL_B
    if family != "command_r":
        a = '{"name": "a", "arguments": {"k": "}{"}}'
        b = '{"name": "b", "arguments": {}}'
    text = LISTS[family].replace("{}", a + gap + b)
    check(text, tools=tools("a", "b"), calls=[("a", {"k": "}{"}), ("b", {})], content="")


def test_a_list_missing_its_commas_quoted_in_prose_stays_text():
    text = 'Lists look like [{"name": "a", "arguments": {}}{"name": "b", "arguments": {}}] here.'
    check(text, tools=tools("a", "b"), calls=[], content=text)
