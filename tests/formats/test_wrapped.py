"""A known body inside a wrapper no format declares, key/value tags known by their role, frames in
the harmony style in any namespace, and a family declared from known parts (issue 31).

Every case goes through `check`: whole and in every chunking the same calls, and with
markup=True every character once (the wrapper is markup, in the stream too)."""
import json

import pytest

from callsieve import Sieve, ToolCallArgs, ToolCallStart, parse
from callsieve.formats._parts import Family, Framed, Functions, JsonCalls, KeyEquals, KeyValue, NamedJson, closers
from helpers import check, split, tools

T = tools("f", "get_weather")
CALL = [("f", {"a": 1})]

# (text, calls): each a body in a wrapper no module knows, or under other tag names
READ = [
    # the issue's shapes
    ('<acme_tool_call><function=f><parameter=a>1</parameter></function></acme_tool_call>', CALL),
    ('<zz_call>f<arg_key>a</arg_key><arg_value>1</arg_value></zz_call>', CALL),
    ('<tool>{"name": "f", "arguments": {"a": 1}}</tool>', CALL),
    ('<json>{"name": "f", "arguments": {"a": 1}}</json>', CALL),
    ('<xml>{"name": "f", "arguments": {"a": 1}}</xml>', CALL),
    # wrapper spellings
    ('<|acme_call|>{"name": "f", "arguments": {"a": 1}}<|/acme_call|>', CALL),
    ('<|acme_call|>{"name": "f", "arguments": {"a": 1}}<|acme_call_end|>', CALL),
    ('<ns|call>{"name": "f", "arguments": {"a": 1}}</ns|call>', CALL),
    ('<ns:call>{"name": "f", "arguments": {"a": 1}}</ns:call>', CALL),
    ('<call:v2>{"name": "f", "arguments": {"a": 1}}</call:v2>', CALL),
    ('<｜tool▁x｜>{"name": "f", "arguments": {"a": 1}}<｜tool▁x▁end｜>', CALL),
    ('[CALL]{"name": "f", "arguments": {"a": 1}}[/CALL]', CALL),
    # (a long wrapper, cut anywhere by the chunking: its start is held whole, never half text)
    (f'<{"a" * 40}:{"b" * 40}>{{"name": "f", "arguments": {{"a": 1}}}}</{"a" * 40}:{"b" * 40}>', CALL),
    ('<acme_begin>[{"name": "f", "arguments": {"a": 1}}]<acme_end>', CALL),
    ('<acme_invoke><invoke name="f"><parameter name="a">1</parameter></invoke></acme_invoke>', CALL),
    # key/value tags by role, other names, namespaces, typed variants
    ('<tool_call>f<param_key>a</param_key><param_value>1</param_value></tool_call>', CALL),
    ('<tool_call>f<ns|arg_key>a</ns|arg_key><ns|arg_type>int</ns|arg_type><ns|arg_value>1</ns|arg_value></tool_call>', CALL),
    ('<tool_call>f<arg_key>a</arg_key><arg_type>string</arg_type><arg_value>1</arg_value></tool_call>', [("f", {"a": "1"})]),
    ('<|tool_call|>f\n<arg_key>a</arg_key><arg_value>1</arg_value><|/tool_call|>', CALL),
    ('<|arg_call|>f<|arg_key|>a<|/arg_key|><|arg_value|>1<|/arg_value|><|/arg_call|>', CALL),
    # a name, then JSON; key=value lines
    ('<tool_call>f>{"a": 1}</tool_call>', CALL),
    ('<tool_call>f\n{"a": 1}</tool_call>', CALL),
    ('<acme>f\na=1\nb=two words\n</acme>', [("f", {"a": 1, "b": "two words"})]),
    # harmony-style frames in another namespace, JSON or XML payload
    ('<|x:begin_tool_name:x|>f<|x:end_tool_name:x|><|x:msg|>{"a": 1}<|x:end|>', CALL),
    ('<|x:begin_tool_name:x|>f<|x:msg|><parameter=a>1</parameter><|x:call|>', CALL),
    # …with a content-type word between its header tokens (harmony's `<|constrain|>json`), nested in
    # its request wrappers (PLaMo 3)
    ('<|x:begin_tool_name:x|>f<|x:end_tool_name:x|><|x:constrain|>json<|x:msg|>{"a": 1}<|x:end|>', CALL),
    ('<|p:begin_tool_requests:p|><|p:begin_tool_request:p|><|p:begin_tool_name:p|>f<|p:end_tool_name:p|>'
     '<|p:begin_tool_arguments:p|><|p:constrain|>json<|p:msg|>{"a": 1}<|p:end_tool_arguments:p|>'
     '<|p:end_tool_request:p|><|p:end_tool_requests:p|>', CALL),
    ('<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>xml<|message|>'
     # (a compact body: the value's newlines are its own, as in qwen3_coder's compact bodies)
     '<parameter=a>1</parameter><parameter=b>\nhi\n</parameter><|call|>', [("f", {"a": 1, "b": "\nhi\n"})]),
    # several wrapped calls; prose before one that ends the turn
    ('<acme>{"name": "f", "arguments": {"a": 1}}</acme>\n<acme>{"name": "get_weather", "arguments": {}}</acme>',
     [("f", {"a": 1}), ("get_weather", {})]),
    # envelopes of angle-bracket runs (wrap2)
    ('<<<TOOL_CALL>>>{"name": "f", "arguments": {"a": 1}}<<<END_TOOL_CALL>>>', CALL),
    ('<<<TOOL_CALL>>>\n{"name": "f", "arguments": {"a": 1}}\n<<<END_TOOL_CALL>>>\n'
     '<<<TOOL_CALL>>>{"name": "get_weather", "arguments": {}}<<<END_TOOL_CALL>>>', [*CALL, ("get_weather", {})]),
    ('<<<acme>>>f\n{"a": 1}<<</acme>>>', CALL),
    # a call line, vllm-mlx's Qwen3: JSON arguments, or Python keywords (the pythonic reader's)
    ('[Calling tool: f({"a": 1})]', CALL),
    ('[Calling tool: f(a=1)]', CALL),
    ('[Calling tool: get_weather(city="Paris, France", days=[1, 2])]\n[Calling tool: f()]',
     [("get_weather", {"city": "Paris, France", "days": [1, 2]}), ("f", {})]),
    ('<acme_call>f({"a": 1})</acme_call>', CALL),
    # invoke tags in any namespace
    ('<foo:tool_calls><foo:invoke name="f"><foo:parameter name="a">1</foo:parameter></foo:invoke></foo:tool_calls>', CALL),
    ('<x:calls>\n<x:invoke name="f">\n<x:parameter name="a">1</x:parameter>\n</x:invoke>\n'
     '<x:invoke name="get_weather">\n</x:invoke>\n</x:calls>', [*CALL, ("get_weather", {})]),
    # a declared name alone in a wrapper whose word says it holds a call
    ('<iquestcoder_tool_call>get_weather</iquestcoder_tool_call>', [("get_weather", {})]),
    ('<|acme_function|>\nf\n<|/acme_function|>', [("f", {})]),
    ('[TOOL_CALL]f[/TOOL_CALL]', [("f", {})]),
    # a namespace in a special token, DeepSeek's DSML spelling in any namespace (issue 31 review)
    ('<｜ACME｜tool_calls>{"name": "f", "arguments": {"a": 1}}</｜ACME｜tool_calls>', CALL),
    ('<｜ACME｜tool▁calls>{"name": "f", "arguments": {"a": 1}}<｜ACME｜/tool▁calls>', CALL),
    ('<|ns|calls|>f<arg_key>a</arg_key><arg_value>1</arg_value><|ns|/calls|>', CALL),
    ('<|ns|calls|><function=f><parameter=a>1</parameter></function><|/ns|calls|>', CALL),
    # …and invoke tags in DeepSeek's DSML spelling under another namespace
    ('<acme_calls><｜ZZ｜invoke name="f"><｜ZZ｜parameter name="a" string="false">1</｜ZZ｜parameter></｜ZZ｜invoke>'
     '</acme_calls>', CALL),
    ('<|ZZ|calls|><|ZZ|invoke name="f"><|ZZ|parameter name="a">1</|ZZ|parameter></|ZZ|invoke><|/ZZ|calls|>', CALL),
    # a name prefix in a self-closing tag (Gemini): Gemma's literal, JSON, a call expression
    ('<call:f{a:1}/>', CALL),
    ('<call:default_api:f{a:1}/>', CALL),
    ('<call:default_api:f{"a": 1}/>', CALL),
    ('<invoke:f(a=1)/>', CALL),
    # Gemma's literal body in any wrapper, its strings delimited by the <|"|> token
    ('<acme_call>get_weather{city:<|"|>Paris, France<|"|>,days:[1,2]}</acme_call>',
     [("get_weather", {"city": "Paris, France", "days": [1, 2]})]),
    ('<|x|>call:default_api:f{a:1}<|/x|>', CALL),
    # a wrapper inside a wrapper (Gemini 3 Flash), up to three deep, several inner calls
    ('<function_calls>\n\n<tool_code>f(a=1)</tool_code>\n</function_calls>', CALL),
    ('<calls>\n<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>\n'
     '<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>\n</calls>', [*CALL, ("get_weather", {})]),
    ('[OUTER] <|mid|><zz_call>f<p_key>a</p_key><p_value>1</p_value></zz_call><|/mid|> [/OUTER]', CALL),
    # Python calls one per line, each perhaps in `print(…)` (Google's examples), names behind `default_api.`
    ('<tool_code>\nprint(default_api.f(a=1))\n</tool_code>', CALL),
    ('<function_calls>\n<tool_code>print(f(a=1))\nget_weather()</tool_code>\n</function_calls>',
     [*CALL, ("get_weather", {})]),
    # the name in a <name> element, then the arguments object in an element named for that role
    # (agents' <tool_use> protocols: sheawinkler/hermes-agent-ultra#277), any wrapper and spacing
    ('<tool_use>\n<name>f</name>\n<arguments>{"a": 1}</arguments>\n</tool_use>', CALL),
    ('<acme_call><name>f</name><parameters>{"a": 1}</parameters></acme_call>', CALL),
    ('<|invoke|>\n  <name> get_weather </name>\n  <input>{"city": "Oslo", "days": [1, 2]}</input>\n<|/invoke|>',
     [("get_weather", {"city": "Oslo", "days": [1, 2]})]),
    ("<ns:use><name>f</name><args>{'a': 1}</args></ns:use>", CALL),
    ('<tool_use><name>f</name><arguments>"{\\"a\\": 1}"</arguments></tool_use>', CALL),
    # a name element, then Qwen3-Coder's `<parameter=K>` tags (its `<function=NAME>` came out as
    # `<name>NAME</name>`: scouzi1966/maclocal-api#141), `</function>` written or not
    ('<tool_call>\n<name>f</name>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>', CALL),
    ('<acme_call><name>get_weather</name><parameter=city>Oslo</parameter><parameter=days>2</parameter></acme_call>',
     [("get_weather", {"city": "Oslo", "days": 2})]),
]


@pytest.mark.parametrize("text,calls", READ, ids=range(len(READ)))
def test_a_known_body_is_read_whatever_its_wrapper(text, calls):
    m = check(text, tools=T, calls=calls)
    assert m.content == "", m.content          # the wrapper is markup, never content
    assert not m.errors


def test_prose_then_a_wrapped_call_that_ends_the_turn():
    check('Sure.\n<tool>{"name": "f", "arguments": {"a": 1}}</tool>', tools=T, calls=CALL, content="Sure.")


def test_the_call_streams_name_first_then_argument_deltas():
    text = '<zz_call>get_weather<arg_key>city</arg_key><arg_value>Paris, France</arg_value></zz_call>'
    s = Sieve(tools=T)
    evs = [e for c in split(text, [1]) for e in s.feed(c)] + s.close()
    kinds = [type(e) for e in evs if isinstance(e, (ToolCallStart, ToolCallArgs))]
    assert kinds[0] is ToolCallStart and kinds.count(ToolCallStart) == 1
    deltas = [e.delta for e in evs if isinstance(e, ToolCallArgs)]
    assert len(deltas) > 3                     # the value streamed as it came, not whole at the end
    assert json.loads("".join(deltas)) == {"city": "Paris, France"}


STAYS_TEXT = [
    'Use <b>bold</b> and [NOTE] for notes; <div>x</div>.',                        # tags in prose
    'Example: `<tool>{"name": "f", "arguments": {"a": 1}}</tool>` and so on.',     # inline code
    'Like this:\n```\n<tool>{"name": "f", "arguments": {"a": 1}}</tool>\n```\nDone.',   # a fence
    'You could write <tool>{"name": "f", "arguments": {"a": 1}}</tool> to call it, but I will not.',
    '<tool>{"name": "nope", "arguments": {"a": 1}}</tool>',                         # undeclared
    '<zz_call>nope<arg_key>a</arg_key><arg_value>1</arg_value></zz_call>',
    'Done.<|x:begin_tool_name:x|>nope<|x:msg|>{"a": 1}<|x:end|>',
    # a bare declared name in a tag whose word does not say it is a call; a call line whose
    # words do not say so, or whose name is not declared, or is shown in prose
    'Use <b>f</b> or <code>get_weather</code> here.',
    '<b>f</b>',
    '[Note: f(a=1)]',
    '[Calling tool: nope({"a": 1})]',
    'See [the docs](x), [Calling it: no] and [Calling tool: f(a=1)] as examples.',
    '<<<TOOL_CALL>>>{"name": "nope", "arguments": {"a": 1}}<<<END_TOOL_CALL>>>',
    'Write `<<<TOOL_CALL>>>{"name": "f", "arguments": {"a": 1}}<<<END_TOOL_CALL>>>` to call it.',
    '<foo:tool_calls><foo:invoke name="nope"><foo:parameter name="a">1</foo:parameter></foo:invoke></foo:tool_calls>',
    '<acme_call>nope</acme_call>',
    'You could send <acme_call>f</acme_call> but I will not.',
    # a call expression in a tag whose word does not say it holds a call; a result's wrapper
    'Run this: <code>f(a=1)</code>',
    '<code>f({"a": 1})</code>',
    '<tool_result>f</tool_result>',
    '<function_output>f(a=1)</function_output>',
    # HTML's own elements are never a call's wrapper; `<pre>` quotes what it holds (the property
    # test of quoting found `<pre><function=…>…</function>\n</tool_call></pre>` run as a call)
    '<div>{"name": "f", "arguments": {"a": 1}}</div>',
    '<p><zz_key>a</zz_key></p>',
    'Sure:\n<pre><function=f>\n<parameter=a>1</parameter>\n</function>\n</tool_call></pre>\n\nSure',
    # a wrapper inside HTML or a result's wrapper is no call's; nor a call expression whose
    # innermost wrapper says nothing of a call; nor a nest around prose or an undeclared name
    '<pre><acme_call>{"name": "f", "arguments": {"a": 1}}</acme_call></pre>',
    '<div>\n<acme_call>f(a=1)</acme_call>\n</div>',
    '<tool_result><acme_call>f(a=1)</acme_call></tool_result>',
    '<function_calls><em>f(a=1)</em></function_calls>',
    '<function_calls><acme>f(a=1)</acme></function_calls>',
    '<outer><inner>The answer is 4.</inner></outer>',
    '<function_calls><tool_code>nope(a=1)</tool_code></function_calls>',
    'You could send <function_calls><tool_code>f(a=1)</tool_code></function_calls> but I will not.',
    '<tool_code>print("hello")</tool_code>', '<tool_code>print(nope(a=1))</tool_code>', '<code>print(f(a=1))</code>',
    # a name prefix in a tag: prose, an undeclared name, a plain tag with a colon
    '<note: f{a:1}/>', '<call:nope{a:1}/>', 'See <xsl:value-of select="f"/> and <a:b>.',
    # a name element naming no declared tool, or quoted in prose
    '<tool_use><name>nope</name><arguments>{"a": 1}</arguments></tool_use>',
    'Reply with `<tool_use><name>f</name><arguments>{"a": 1}</arguments></tool_use>` to call f.',
    'You could send <tool_use><name>f</name><arguments>{"a": 1}</arguments></tool_use> but I will not.',
]


@pytest.mark.parametrize("text", STAYS_TEXT, ids=range(len(STAYS_TEXT)))
def test_what_is_no_call_stays_text_whole(text):
    m = check(text, tools=T, calls=[], content=text)
    assert not m.errors


def test_no_tools_declared_no_made_up_wrapper_is_a_call():
    text = '<acme>{"name": "f", "arguments": {"a": 1}}</acme>'
    assert parse(text).content == text and not parse(text).tool_calls


@pytest.mark.parametrize("opener,closer", [
    ("<x>", "</x>"), ("<|x|>", "<|/x|>"), ("<ns|x>", "</ns|x>"), ("[X]", "[/X]"),
    ("<x_begin>", "<x_end>"), ("<|x:start|>", "<|x:end|>"), ("<｜x｜>", "<｜x▁end｜>"), ("<X_OPEN>", "<X_CLOSE>"),
    ("<<<TOOL_CALL>>>", "<<<END_TOOL_CALL>>>"), ("<<<x>>>", "<<</x>>>"), ("[Calling tool:", "]"),
    ("<｜NS｜x▁y>", "</｜NS｜x▁y>"), ("<｜NS｜x▁y>", "<｜NS｜/x▁y>"), ("<|ns|x|>", "<|/ns|x|>"), ("<|ns|x|>", "<|ns|/x|>"),
    ("<call:", "/>")])
def test_a_wrappers_closer_is_spelled_from_its_opener(opener, closer):
    assert closer in closers(opener)


def test_a_new_family_of_known_parts_is_one_declaration():
    acme = Family("acme", "<acme_call>", KeyValue("<param_key>"), value="text")
    text = ("Checking.<acme_call>get_weather<param_key>city</param_key><param_value>42</param_value>"
            "</acme_call>")
    # (value="text": untyped values stay strings; the same text as made-up markup reads the same)
    check(text, tools=T, format=acme, calls=[("get_weather", {"city": "42"})], content="Checking.")
    bodies = [Family("j", "<j>", JsonCalls()), Family("n", "<n>", NamedJson()), Family("q", "<q>", Functions()),
              Family("e", "<e>", KeyEquals()), Family("h", "<|h:name|>", Framed())]
    texts = ['<j>{"name": "f", "arguments": {"a": 1}}</j>', '<n>f\n{"a": 1}</n>',
             '<q><function=f><parameter=a>1</parameter></function></q>', '<e>f\na=1\n</e>',
             '<|h:name|>f<|h:msg|>{"a": 1}<|h:end|>']
    for fam, t in zip(bodies, texts):
        check(t, tools=T, format=fam, calls=CALL)


def test_a_declared_family_reads_any_tool_name_the_request_allows():
    # With no tools declared a family's own markup is proof enough (a made-up wrapper is not).
    acme = Family("acme", "<acme_call>", NamedJson())
    assert [c.name for c in parse('<acme_call>lookup\n{"q": 1}</acme_call>', format=acme).tool_calls] == ["lookup"]


def test_a_name_element_with_its_arguments_element_cut_off_never_runs():
    check('<tool_use><name>f</name><arguments>{"a": 1', tools=T, calls=[], incomplete=CALL)
