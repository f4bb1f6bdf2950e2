"""Gemma 4: <|tool_call>call:NAME{literal}<tool_call|> (docs/syntax.md#gemma_special)."""
from callsieve import formats, parse
from helpers import check, tools
from samples_literal import long_string_streams

Q = '<|"|>'


def gemma(name, body):
    return f"<|tool_call>call:{name}{{{body}}}<tool_call|>"


def test_documented_example_with_prose_around():
    text = "Let me book.\n" + gemma("book_table", f'name:{Q}Ana "Bea" Ruiz{Q},party:4,terrace:true') + "\nDone."
    m = check(text, content="Let me book.\nDone.",
              calls=[("book_table", {"name": 'Ana "Bea" Ruiz', "party": 4, "terrace": True})])
    assert m.format == "gemma_special"


def test_several_calls_as_consecutive_wrappers_and_a_zero_argument_call():
    text = gemma("a", "x:1") + gemma("now", "") + " and " + gemma("b", f"y:{Q}two words{Q}")
    check(text, content="and", calls=[("a", {"x": 1}), ("now", {}), ("b", {"y": "two words"})])


def test_nested_and_unicode_arguments_and_literal_values():
    body = (f"plan:{{steps:[{{do:{Q}grüßen{Q},n:[1,2.5,-3e2]}}],who:{Q}日本 — naïve ✓{Q}}},"
            f'none:null,yes:true,"quoted key":"json string",{Q}odd key{Q}:0')
    check(gemma("plan", body), calls=[("plan", {
        "plan": {"steps": [{"do": "grüßen", "n": [1, 2.5, -300.0]}], "who": "日本 — naïve ✓"},
        "none": None, "yes": True, "quoted key": "json string", "odd key": 0})])


def test_closer_comma_and_brace_inside_a_string_end_nothing():
    value = 'a, b} ] <tool_call|> "c" <|tool_call>call:x{}'
    text = gemma("note", f"text:{Q}{value}{Q},n:1") + " after"
    check(text, content="after", calls=[("note", {"text": value, "n": 1})])


def test_call_truncated_at_end_of_stream_is_incomplete_and_reported():
    m = check(f"Sure. <|tool_call>call:f{{a:{Q}par", calls=[], incomplete=[("f", {"a": "par"})], content="Sure.")
    assert m.errors[-1].incomplete
    check("<|tool_call>call:f{a:[1,{b:2", calls=[], incomplete=[("f", {"a": [1, {"b": 2}]})])
    check("<|tool_call>call:f{a:1}", calls=[("f", {"a": 1})])        # closer missing at the end


def test_long_string_argument_streams():
    # (thinking=False: a call after prose in a turn that nothing explains is held whole until
    # the turn says it was no draft inside thinking the prompt opened: docs/reasoning.md)
    long_string_streams(f"Writing.<|tool_call>call:save{{path:{Q}a.txt{Q},text:{Q}", f"{Q}}}<tool_call|>", "text",
                        thinking=False)


def test_auto_detected_and_named():
    text = gemma("f", "a:1")
    assert parse(text).format == "gemma_special"
    for name in ("gemma_special", "gemma4"):
        assert [(c.name, c.arguments) for c in parse(text, format=name).tool_calls] == [("f", {"a": 1})]
    # a named format reads only its own syntax
    hermes = '<tool_call>{"name": "f", "arguments": {}}</tool_call>'
    assert parse(hermes, format="gemma_special").tool_calls == []
    assert formats.for_model("gemma-4-e4b-it") == "gemma_special"


def test_prose_spelling_the_opener_fabricates_nothing():
    for text in ["Gemma writes <|tool_call>call:NAME{args}<tool_call|> for calls.",
                 "Use `<|tool_call>call:` then a name.", "<|tool_call>call:",
                 "The <|tool_call> token, then call:f with {braces} later.",
                 "<|tool_call>call:f{not a literal} and more"]:
        check(text, content=text, calls=[])


def test_drift_spelling_with_literal_or_json_in_parentheses():
    check("<|tool_call|>call:f{a:1}<tool_call|>", calls=[("f", {"a": 1})])
    check('<|tool_call|>call:f({"a": [1, "x"], "b": {"c": null}})<tool_call|> ok', content="ok",
          calls=[("f", {"a": [1, "x"], "b": {"c": None}})])
    check("x <|tool_call|> call:g{}", content="x", calls=[("g", {})])


def test_drift_spelling_before_a_json_list_is_not_gemma():
    text = '<|tool_call|>[{"name": "f", "arguments": {"a": 1}}]'
    assert parse(text).format != "gemma_special"
    assert parse(text, format="gemma_special").tool_calls == []
    check("<|tool_call|> is a Granite token", content="<|tool_call|> is a Granite token", calls=[])


def test_other_spellings_are_other_formats():
    m = parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>')
    assert m.format == "tool_call_tag"


def test_undeclared_tool_is_text_declared_one_is_a_call():
    text = gemma("rm_rf", "path:1")
    check(text, tools=tools("f"), content=text, calls=[])
    check(gemma("f", "a:1"), tools=tools("f"), calls=[("f", {"a": 1})])


def test_json_inside_the_gemma_wrapper_goes_to_the_broad_pass():
    check('<|tool_call>{"name": "f", "arguments": {"a": 1}}<tool_call|> ok', content="ok", calls=[("f", {"a": 1})])
    text = "<|tool_call>{not json}<tool_call|> ok"
    check(text, content=text, calls=[])


def test_a_bare_key_may_hold_spaces():
    text = ('<|tool_call>call:create_workflow{name:<|"|>Demo<|"|>, connections:{Basic LLM Chain:{main:[[{node:<|"|>X'
            '<|"|>, index:0}]]}}, key with space :1.5e-05,flag:false}<tool_call|>')
    check(text, content="", calls=[("create_workflow", {"name": "Demo", "connections": {
        "Basic LLM Chain": {"main": [[{"node": "X", "index": 0}]]}}, "key with space": 1.5e-05, "flag": False})])


def test_prose_in_braces_after_the_opener_is_no_call():
    text = "Write <|tool_call>call:f{some words here} to call f."
    check(text, content=text, calls=[])


# Bends real Gemma 4 outputs show (issue threads of vLLM, SGLang, Ollama): read as what they mean.

def test_single_quoted_values_and_keys_and_key_equals_value():
    check("<|tool_call>call:grep{pattern:'abc'}<tool_call|>", calls=[("grep", {"pattern": "abc"})])
    check("<|tool_call>call:f{refs:['a','b'],'k':1}<tool_call|>", calls=[("f", {"refs": ["a", "b"], "k": 1})])
    check("<|tool_call>call:save{save_as='report.docx',n=2}<tool_call|>",
          calls=[("save", {"save_as": "report.docx", "n": 2})])


def test_a_string_whose_opening_delimiter_was_left_out():
    check(gemma("web_search", f"query:weather in Tokyo{Q}"), calls=[("web_search", {"query": "weather in Tokyo"})])


def test_a_delimiter_not_followed_by_what_ends_a_value_is_a_literal_quote():
    body = f"code:{Q}x = sql({Q}{Q}{Q} SELECT 1 {Q}{Q}{Q}).df(){Q},refs:[{Q}a{Q}]"
    check(gemma("run", body), calls=[("run", {"code": 'x = sql(""" SELECT 1 """).df()', "refs": ["a"]})])


def test_python_style_arguments_in_parentheses():
    check("<|tool_call>call:grep(pattern: 'abc', n: 2)<tool_call|>", calls=[("grep", {"pattern": "abc", "n": 2})])
    check('<|tool_call>call:f({"a": "x"})<tool_call|>', calls=[("f", {"a": "x"})])


def test_two_calls_in_one_block():
    for sep in ("", "\n", ","):
        check(f"<|tool_call>call:a{{x:1}}{sep}call:b{{y:{Q}z{Q}}}<tool_call|>", content="",
              calls=[("a", {"x": 1}), ("b", {"y": "z"})])


def test_the_familys_tokens_after_a_call_are_markup():
    check(gemma("a", "x:1") + "<tool_call|><|tool_response>", content="", calls=[("a", {"x": 1})])


def test_call_without_its_token_opening_the_content_is_read_for_a_declared_tool():
    # vLLM #54256: straight from the closed thought channel into `call:`; stripped tokens alike
    check(f"<|channel>thought\nInspect it.\n<channel|>call:bash{{command:{Q}cat a.c{Q}}}", tools=tools("bash"),
          reasoning="Inspect it.", calls=[("bash", {"command": "cat a.c"})], content="")
    check('call:Bash{command:"ls -la"}', tools=tools("Bash"), calls=[("Bash", {"command": "ls -la"})], content="")
    # an undeclared name, no tools, prose before it, or no argument object: text
    for text, kw in (('call:rm{path:"/"}', {"tools": tools("bash")}), ('call:bash{command:"ls"}', {}),
                     ('Use call:bash{command:"ls"} to list.', {"tools": tools("bash")}),
                     ("call: me maybe", {"tools": tools("me")})):
        check(text, calls=[], content=text, **kw)


def test_a_bare_colon_or_dash_written_for_call():
    for glue in (":", "-", ":call:"):
        check(f"<|tool_call>{glue}get_weather{{city:{Q}Paris{Q}}}<tool_call|>", calls=[("get_weather", {"city": "Paris"})])


def test_a_declared_name_before_a_literal_is_the_call_when_the_whole_opener_is_lost():
    # mattn/tensai#217: `<|tool_call>call:` left out; JSON after the name stays Mistral's NAME{json}
    check(f"get_weather{{city:{Q}Paris{Q}}}", tools=tools("get_weather"), calls=[("get_weather", {"city": "Paris"})])
    m = parse('get_weather{"city": "Paris"}', tools=tools("get_weather"))
    assert [(c.name, c.arguments) for c in m.tool_calls] == [("get_weather", {"city": "Paris"})]
    assert m.format == "bracket_tool_calls"
    check('other{city:"Paris"}', tools=tools("get_weather"), calls=[], content='other{city:"Paris"}')


def test_a_namespaced_name_is_the_declared_tool_its_last_segment_names():
    # Gemini's `default_api:` and an MCP server's `server:ns:` before the name (omlx #1854); a
    # name declared whole keeps its namespace; an undeclared last segment is no call.
    ts = tools("create-pdf-file", "ns:keep")
    check(gemma("google:mcp:text_generation:create-pdf-file", "filename:'out.pdf',content:'a, b: {c}'"),
          calls=[("create-pdf-file", {"filename": "out.pdf", "content": "a, b: {c}"})], tools=ts)
    check(gemma("default_api:create-pdf-file", f"filename:{Q}x.pdf{Q}"),
          calls=[("create-pdf-file", {"filename": "x.pdf"})], tools=ts)
    check(gemma("ns:keep", "n:1"), calls=[("ns:keep", {"n": 1})], tools=ts)
    assert parse(gemma("srv:delete_all", "n:1"), tools=ts).tool_calls == []


def test_a_json_call_object_in_the_wrapper_reads_either_quoting():
    # Gemma 4's JSON variant quotes strings with the <|"|> token (mlx-lm function_gemma4), some
    # turns every key too; plain JSON reads the same; the name may be namespaced.
    ts = tools("get_weather")
    for body in (f'{{"name": "get_weather", "arguments": {{"city": {Q}Lyon{Q}, "days": 2}}}}',
                 f'{{{Q}name{Q}: {Q}get_weather{Q}, {Q}arguments{Q}: {{{Q}city{Q}: {Q}Lyon{Q}, {Q}days{Q}: 2}}}}',
                 '{"name": "get_weather", "parameters": {"city": "Lyon", "days": 2}}',
                 f'{{"name": "default_api:get_weather", "arguments": {{"city": "Lyon", "days": 2}}}}'):
        check(f"Looking.<|tool_call>{body}<tool_call|>", content="Looking.",
              calls=[("get_weather", {"city": "Lyon", "days": 2})], tools=ts)
    check(f'<|tool_call>{{"name": "get_weather"}}<tool_call|>', calls=[("get_weather", {})], tools=ts)
    # members after the arguments (an id, a type) are read past; the call is whole once its
    # arguments closed, as in the JSON formats, even if the stream ends in those members
    check(f'<|tool_call>{{"name": "get_weather", "arguments": {{"days": 1}}, "id": "c1", "type": {Q}f{Q}}}'
          "<tool_call|> Done.", content="Done.", calls=[("get_weather", {"days": 1})], tools=ts)
    check('<|tool_call>{"name": "get_weather", "arguments": {"days": 1}, "id"', calls=[("get_weather", {"days": 1})],
          tools=ts)
    # cut inside the arguments: not runnable
    check(f'<|tool_call>{{"name": "get_weather", "arguments": {{"city": {Q}Ly', calls=[],
          incomplete=[("get_weather", {"city": "Ly"})], tools=ts)


def test_gemini_writes_its_dsls_declaration_word_or_a_self_closing_call_tag():
    # hermes-agent#74771: `declaration:NS:NAME{…}` opening the content; bayes-platform#620: the call
    # in a self-closing tag, `<call:NS:NAME{…}/>` (formats/wrapped.py: a name prefix in a tag),
    # its values bare words.  The prefix word and the namespace go with the name (calls.qualified).
    ts = tools("ask_team", "file_incident")
    check("declaration:default_api:ask_team{requests:[{assistant:ops,request:restart}]}", tools=ts,
          calls=[("ask_team", {"requests": [{"assistant": "ops", "request": "restart"}]})], content="")
    check("<call:default_api:file_incident{severity:high,reference:ABC-123}/>", tools=ts,
          calls=[("file_incident", {"severity": "high", "reference": "ABC-123"})], content="")
    check("Filing it.\n<call:file_incident{severity:low}/>", tools=ts,
          calls=[("file_incident", {"severity": "low"})], content="Filing it.")
    check("Asking.\ndeclaration:default_api:ask_team{requests:[]}", tools=ts,
          calls=[("ask_team", {"requests": []})], content="Asking.")
    # an undeclared last segment, no tools, or the tag shown inside a sentence: text
    for text, kw in (("declaration:default_api:wipe{all:true}", {"tools": ts}),
                     ("<call:default_api:wipe{all:true}/>", {"tools": ts}),
                     ("<call:default_api:file_incident{severity:high}/>", {}),
                     ("Write <call:file_incident{severity:high}/> to file one.", {"tools": ts}),
                     ("Asking.\ndeclaration:default_api:ask_team{requests:[]}\nThat is the syntax.", {"tools": ts})):
        check(text, calls=[], content=text, **kw)
