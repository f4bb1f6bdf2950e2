"""Pythonic call lists: Llama 3.2 / 4, ToolACE, OLMo 3 (docs/syntax.md#pythonic)."""
import pytest

from callsieve import formats, parse
from helpers import check, tools
from samples_literal import long_string_streams

DOC = '[find_recipe(dish="mole", region="Oaxaca", vegan=False), send_sms(to="+354000", body="ready")]'
DOC_CALLS = [("find_recipe", {"dish": "mole", "region": "Oaxaca", "vegan": False}),
             ("send_sms", {"to": "+354000", "body": "ready"})]


def test_documented_example_first_in_the_content_with_prose_after():
    m = check(DOC + "\nSent.", content="Sent.", calls=DOC_CALLS)
    assert m.format == "pythonic"
    check("  \n" + DOC, calls=DOC_CALLS)                 # whitespace before is still "first"


def test_llama4_wrapper_with_prose_around():
    text = "Let me check. <|python_start|>" + DOC + "<|python_end|> Done."
    check(text, content="Let me check.  Done.", calls=DOC_CALLS)
    check("<|python_start|>get_time()<|python_end|>", calls=[("get_time", {})])   # no brackets


def test_olmo3_calls_one_per_line_in_a_wrapper_or_as_a_list():
    text = "Sure.\n<function_calls>\nget_weather(city='Reykjavík')\nget_time(tz=\"UTC\")\n</function_calls>\nok"
    check(text, content="Sure.\nok", calls=[("get_weather", {"city": "Reykjavík"}), ("get_time", {"tz": "UTC"})])
    check("<function_calls>[f(a=1), g()]</function_calls>", calls=[("f", {"a": 1}), ("g", {})])
    # OLMo also writes JSON spellings of the literals
    check("<function_calls>\nf(a=true, b=null, c=false)\n</function_calls>",
          calls=[("f", {"a": True, "b": None, "c": False})])


def test_zero_argument_calls_and_trailing_commas():
    check("[now(), later(a=1,), soon( )]", calls=[("now", {}), ("later", {"a": 1}), ("soon", {})])
    check("[now(),]", calls=[("now", {})])


def test_python_literals_convert_to_json():
    text = ("[f(t=True, n=None, f=False, i=-42, big=1_000_000, h=0x1F, o=0o17, b=0b101, x=2.5, e=1e-3,"
            " lead=.5, trail=3., plus=+7, zero=010)]")
    check(text, calls=[("f", {"t": True, "n": None, "f": False, "i": -42, "big": 1000000, "h": 31, "o": 15,
                              "b": 5, "x": 2.5, "e": 0.001, "lead": 0.5, "trail": 3.0, "plus": 7, "zero": 10})])


def test_nested_dicts_lists_tuples_and_unicode():
    text = ("[plan(steps=[{'do': 'grüßen', 'n': (1, 2)}, {\"deep\": {'x': [None, ()]}}], who='日本 — naïve ✓',"
            " keys={1: 'one', True: 'yes', None: 0, 'k': []})]")
    check(text, calls=[("plan", {"steps": [{"do": "grüßen", "n": [1, 2]}, {"deep": {"x": [None, []]}}],
                                 "who": "日本 — naïve ✓",
                                 "keys": {"1": "one", "true": "yes", "null": 0, "k": []}})])


def test_both_quote_styles_and_escapes():
    args = [r"a='it\'s'", r'b="say \"hi\""', r"c='tab\there\nnew'", r'd="\x41\u00e9\U0001F600\N{BULLET}\101"',
            r"e='back\\slash'", r"f=r'raw\d\''", 'g="""tri"ple "q" """', "h='''x'y'''", """i='a' "b" 'c'""",
            r"j='\q'", r"k='\ud83d\ude00'"]
    text = "[f(" + ",\n ".join(args) + ")]"
    check(text, calls=[("f", {"a": "it's", "b": 'say "hi"', "c": "tab\there\nnew", "d": "Aé😀•A",
                              "e": "back\\slash", "f": "raw\\d\\'", "g": 'tri"ple "q" ', "h": "x'y",
                              "i": "abc", "j": "\\q", "k": "😀"})])


def test_keyword_names_that_are_python_keywords_and_dotted_names():
    check('[convert(from="ISK", to="CHF", amount=250, class=1, lambda=None)]',
          calls=[("convert", {"from": "ISK", "to": "CHF", "amount": 250, "class": 1, "lambda": None})])
    check("[Calendar.add_event(title='x'), api.v2.get-item(id=3)]",
          calls=[("Calendar.add_event", {"title": "x"}), ("api.v2.get-item", {"id": 3})])


def test_closing_markers_quoted_inside_strings():
    code = "print(']'); x = \"<|python_end|>\" ) ]"
    text = "<|python_start|>[run(code=" + repr(code) + ")]<|python_end|> after"
    check(text, content="after", calls=[("run", {"code": code})])
    check("[run(code='f(a=1)], [')] tail", content="tail", calls=[("run", {"code": "f(a=1)], ["})])


def test_call_truncated_at_end_of_stream_is_incomplete():
    m = check("[f(a='par", calls=[], incomplete=[("f", {"a": "par"})])
    assert m.errors[-1].incomplete
    check("[f(a=[1, {'b': (2,", calls=[], incomplete=[("f", {"a": [1, {"b": [2]}]})])
    check("[f(a=1), g(b=2)", calls=[("f", {"a": 1}), ("g", {"b": 2})])
    check("<|python_start|>[f(a=1)]", calls=[("f", {"a": 1})])


def test_long_string_argument_streams():
    long_string_streams("[save(path='a.txt', text=\"", "\")]", "text")
    long_string_streams("<|python_start|>[save(text='''", "''')]<|python_end|>", "text")


def test_auto_detected_named_and_model_patterns():
    assert parse(DOC).format == "pythonic"
    for name in ("pythonic", "olmo3", "llama4"):
        assert [(c.name, c.arguments) for c in parse(DOC, format=name).tool_calls] == DOC_CALLS
    for model in ("olmo-3-7b-instruct", "toolace-8b"):
        assert formats.for_model(model) == "pythonic", model
    # Llama 3.2 / 4 share their names with Llama JSON (docs/syntax.md#llama3_json): a hint only, the output decides
    assert {"llama-3.2*", "llama-4*"} <= set(formats.get("pythonic").models)


@pytest.mark.parametrize("text", [
    "[see the docs](http://example.com) for more.", "[1, 2, 3] are the numbers.", "[note: f(x) grows]",
    "[see(below)] for details", "[f(x, y)]", "[TODO] fix", "[]", "[ ]", "[a](b)", "[x == f(y)]",
    "[f(a == 1)]", "[print('hi')]",
])
def test_a_bracket_that_is_no_call_list_is_text(text):
    check(text, content=text, calls=[])
    check(text, content=text, calls=[], tools=tools("f", "see"))


def test_a_list_after_prose_is_text():
    text = "Here: " + DOC
    check(text, content=text, calls=[])


def test_expressions_are_never_evaluated():
    # ...and a call holding an expression is no runnable call (issue 18): never f(a=1).
    m = parse("[f(a=__import__('os').system('echo hi'))]")
    assert m.errors and not m.tool_calls and m.incomplete[0].arguments == {}
    m = parse("[f(a=1 + 2)]")
    assert m.errors and not m.tool_calls and m.incomplete[0].arguments == {"a": 1}


def test_bare_names_as_values_are_kept_as_strings():
    check("[set_color(color=RED, mode=Mode.fast)]", calls=[("set_color", {"color": "RED", "mode": "Mode.fast"})])


def test_undeclared_tool_is_text_and_declared_ones_are_calls():
    check("[rm_rf(path='/')]", tools=tools("f"), content="[rm_rf(path='/')]", calls=[])
    check("[f(a=1)]", tools=tools("f"), calls=[("f", {"a": 1})])


def test_json_list_is_left_to_the_json_formats():
    m = parse('[{"name": "f", "arguments": {"a": 1}}]')
    assert m.format != "pythonic" and [(c.name, c.arguments) for c in m.tool_calls] == [("f", {"a": 1})]


def test_a_unicode_escape_cut_by_the_end_of_the_stream_is_a_cut_off_call():
    # (after a high surrogate, `\u` with no digits yet made int('') fail: found by the fuzzer)
    for text in ('[get_weather(city="\\ud83d\\u', '[get_weather(city="\\u'):
        m = check(text, calls=[], content="")
        assert [c.name for c in m.incomplete] == ["get_weather"]


def test_olmo_lines_without_their_wrapper_open_the_content_with_a_declared_name():
    t = tools("get_weather", "run")
    check("get_weather(city='SF')\nrun(n=1)", tools=t, content="",
          calls=[("get_weather", {"city": "SF"}), ("run", {"n": 1})])
    for prose in ("get_weather(x) is how", "Sure. get_weather(city='SF')", "get_weather is a tool"):
        check(prose, tools=t, content=prose, calls=[])
    assert parse("get_weather(city='SF')").tool_calls == []     # no tools declared: prose


def test_a_list_after_prose_at_a_line_start_is_the_call_when_it_ends_the_turn():
    # vLLM #22917: Llama 4 writes its reasoning first, then the list on a line of its own
    t = tools("get_date", "get_weather")
    text = 'I will get the date first.\n\n[get_date(), get_weather(city="Dublin")]'
    check(text, tools=t, content="I will get the date first.",
          calls=[("get_date", {}), ("get_weather", {"city": "Dublin"})])
    # prose after it: an example; an undeclared name, no tools, or mid-line: text
    for text, kw in (('For example:\n[get_date()]\nwould do it.', {"tools": t}),
                     ('Then:\n[rm(path="/")]', {"tools": t}), ('Then:\n[get_date()]', {}),
                     ('Call it as [get_date()]', {"tools": t}), ("Items:\n[1, 2]", {"tools": t})):
        check(text, calls=[], content=text, **kw)


def test_a_wrapped_list_gone_bad_after_its_calls_is_given_back_whole():
    # The block ran no call: its text goes back as content, once, in order (issue 31: nothing
    # the model wrote vanishes), its wrapper with it, never half of it.
    text = "Sure.<|python_start|>[foo(x=1])]<|python_end|> Done."
    check(text, tools=tools("foo"), calls=[], incomplete=[("foo", {"x": 1})], content=text)


def test_a_bare_word_of_any_script_as_a_value():
    # A bare name is kept as a string; a CJK one is a name too (it crashed the reader: the
    # failed state caught it, but the call was lost).
    check("[book(city=天气)]", calls=[("book", {"city": "天气"})])


# A call whose one argument is the arguments object (`exec({"command": "pwd"})`, as models write
# JavaScript-style calls; OpenClaw's Kimi k2p5 turn, tests/real_outputs/hunt_m.py): the dict is
# the arguments, read like any Python literal.  Made-up spellings: names, quotes, nesting, layout.
@pytest.mark.parametrize("text, calls", [
    ('exec({"command": "pwd", "description": "Print working directory"})',
     [("exec", {"command": "pwd", "description": "Print working directory"})]),
    ("run_job({'queue': 'fast', 'retries': 3, 'dry': True, 'tag': None})",
     [("run_job", {"queue": "fast", "retries": 3, "dry": True, "tag": None})]),
    ('exec( {\n  "cmd": "ls",\n  "env": {"A": [1, 2]},\n} )', [("exec", {"cmd": "ls", "env": {"A": [1, 2]}})]),
    ("exec({})", [("exec", {})]),
    ('exec({"a": 1})\nrun_job({"queue": "slow"})', [("exec", {"a": 1}), ("run_job", {"queue": "slow"})]),
    ('[exec({"a": "x"}), run_job(queue="q")]', [("exec", {"a": "x"}), ("run_job", {"queue": "q"})]),
    ('<|python_start|>exec({"a": "b"})<|python_end|>', [("exec", {"a": "b"})]),
])
def test_a_call_whose_argument_is_the_arguments_dict(text, calls):
    check(text, calls=calls, content="", tools=tools("exec", "run_job"))


@pytest.mark.parametrize("text, incomplete", [
    ('exec({"a": 1}', [("exec", {"a": 1})]),                 # the call's `)` never came
    ('exec({"a": "par', [("exec", {"a": "par"})]),
    ('exec({"a": 1}, 2)', [("exec", {"a": 1})]),             # a second argument: not this form
])
def test_a_dict_call_cut_or_malformed_never_runs(text, incomplete):
    check(text, calls=[], incomplete=incomplete, tools=tools("exec"))


@pytest.mark.parametrize("text", [
    'Then call exec({"cmd": "ls"}) to list the files.',      # named in prose
    'x = exec({"cmd": "ls"})',
    'delete_all({"force": true})',                           # undeclared
])
def test_a_dict_call_in_prose_or_to_an_undeclared_name_is_text(text):
    check(text, content=text, calls=[], tools=tools("exec"))
