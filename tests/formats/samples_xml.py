"""Samples of the XML-like families (formats.md §2.2–§2.7, §2.10, §2.11) for the property tests."""

SAMPLES = [
    ("qwen3_coder", "<tool_call>\n<function=set_alarm>\n<parameter=label>\nfeed the cat\n</parameter>\n"
                    "<parameter=minutes>\n45\n</parameter>\n</function>\n</tool_call>",
     [("set_alarm", {"label": "feed the cat", "minutes": 45})]),
    ("qwen3_coder", "<tool_call>\n<function=run>\n<parameter=code>\nprint('</parameter>')\n</parameter>\n"
                    "</function>\n</tool_call>",
     [("run", {"code": "print('</parameter>')"})]),
    ("seed_oss", "<seed:tool_call><function=track_parcel><parameter=code>ZX4471</parameter></function></seed:tool_call>",
     [("track_parcel", {"code": "ZX4471"})]),
    ("glm", "<tool_call>play_song<arg_key>title</arg_key><arg_value>Blue Train</arg_value>"
            "<arg_key>shuffle</arg_key><arg_value>false</arg_value></tool_call>",
     [("play_song", {"title": "Blue Train", "shuffle": False})]),
    ("glm", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Zürich</arg_value>\n</tool_call>",
     [("get_weather", {"city": "Zürich"})]),
    ("glm", "<tool_call>get_time</tool_call>", [("get_time", {})]),
    ("hunyuan_v3", "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value>"
                   "</tool_call></tool_calls>",
     [("mute", {"room": "den"})]),
    ("minimax_m2", '<minimax:tool_call>\n<invoke name="water_plants">\n<parameter name="zone">greenhouse</parameter>\n'
                   '<parameter name="liters">3</parameter>\n</invoke>\n</minimax:tool_call>',
     [("water_plants", {"zone": "greenhouse", "liters": 3})]),
    ("minicpm5", '<function name="translate_text"><param name="text">fish &amp; chips</param>'
                 '<param name="target">pt</param></function>',
     [("translate_text", {"text": "fish & chips", "target": "pt"})]),
    ("minicpm5", '<function name="now"/>', [("now", {})]),
    ("deepseek_dsml", '<｜DSML｜function_calls><｜DSML｜invoke name="rate_movie"><｜DSML｜parameter name="title" '
                      'string="true">Alien</｜DSML｜parameter><｜DSML｜parameter name="stars" string="false">4'
                      '</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>',
     [("rate_movie", {"title": "Alien", "stars": 4})]),
    ("step3", '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="mute">'
              '<steptml:parameter name="room">den</steptml:parameter></steptml:invoke><｜tool_call_end｜>'
              '<｜tool_calls_end｜>',
     [("mute", {"room": "den"})]),
    ("dots", '<dots_function_call><invoke name="toggle_lamp"><parameter name="room">attic</parameter></invoke>'
             '</dots_function_call>',
     [("toggle_lamp", {"room": "attic"})]),
    ("kimi_k3", '<|open|>tools<|sep|><|open|>call tool="mute" index="1"<|sep|><|open|>argument key="room" '
                'type="string"<|sep|>42<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
     [("mute", {"room": "42"})]),
]

# Look like the start of these syntaxes but are not: text, byte for byte.
NEAR_MISSES = [
    "<tool_call> is the tag", "<function=", "<parameter=x>", "<arg_key>", "<seed:tool", "<minimax:tool",
    '<function name="x">hello</function>', "<tool_calls> mention", "<|open|>tool", "<｜DSML｜", "<invoke",
    "<dots_function", "<｜tool_calls", "</parameter>", "<tool_call>a b c",
]


# ---------------------------------------------------------------------------------------------
# Writers: one call block of each family from (name, [(key, raw value text), ...]), following the
# documented syntax.  The per-family test files run the same contract over them (`contract`).

def _qwen3(name, params):
    body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in params)
    return f"<tool_call>\n<function={name}>\n{body}</function>\n</tool_call>"


def _seed(name, params):
    body = "".join(f"<parameter={k}>{v}</parameter>" for k, v in params)
    return f"<seed:tool_call><function={name}>{body}</function></seed:tool_call>"


def _glm(name, params):
    return f"<tool_call>{name}" + "".join(f"<arg_key>{k}</arg_key><arg_value>{v}</arg_value>" for k, v in params) + "</tool_call>"


def _hunyuan(name, params):
    pairs = "".join(f"<arg_key>{k}</arg_key><arg_value>{v}</arg_value>" for k, v in params)
    return f"<tool_calls><tool_call>{name}<tool_sep>{pairs}</tool_call></tool_calls>"


def _invoke(name, params, p=""):
    body = "".join(f'<{p}parameter name="{k}">{v}</{p}parameter>\n' for k, v in params)
    return f'<{p}invoke name="{name}">\n{body}</{p}invoke>'


def _minimax(name, params):
    return f"<minimax:tool_call>\n{_invoke(name, params)}\n</minimax:tool_call>"


def _minicpm(name, params):
    from html import escape
    body = "".join(f'<param name="{k}">{escape(v, quote=False)}</param>' for k, v in params)
    return f'<function name="{name}">{body}</function>'


def _dsml(name, params):
    return f"<｜DSML｜function_calls>\n{_invoke(name, params, '｜DSML｜')}\n</｜DSML｜function_calls>"


def _step3(name, params):
    return ("<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>" + _invoke(name, params, "steptml:")
            + "<｜tool_call_end｜><｜tool_calls_end｜>")


def _dots(name, params):
    return f"<dots_function_call>{_invoke(name, params)}</dots_function_call>"


def _kimi_k3(name, params):
    args = "".join(f'<|open|>argument key="{k}"<|sep|>{v}<|close|>argument<|sep|>' for k, v in params)
    return f'<|open|>tools<|sep|><|open|>call tool="{name}" index="1"<|sep|>{args}<|close|>call<|sep|><|close|>tools<|sep|>'


# format: (writer, the closing tag of a value)
WRITERS = {
    "qwen3_coder": (_qwen3, "</parameter>"), "seed_oss": (_seed, "</parameter>"), "glm": (_glm, "</arg_value>"),
    "hunyuan_v3": (_hunyuan, "</arg_value>"), "minimax_m2": (_minimax, "</parameter>"),
    "minicpm5": (_minicpm, "</param>"), "deepseek_dsml": (_dsml, "</｜DSML｜parameter>"),
    "step3": (_step3, "</steptml:parameter>"), "dots": (_dots, "</parameter>"),
    "kimi_k3": (_kimi_k3, "<|close|>argument<|sep|>"),
}
UNTYPED_IS_STRING = {"minicpm5"}      # values are strings unless the schema types them


def contract(fmt):
    """The behaviour every XML-like family shares, as one parametrised test for `fmt`."""
    import pytest
    import callsieve
    from callsieve import Sieve, ToolCallArgs, ToolCallStart
    from helpers import check, tools

    w, closer = WRITERS[fmt]

    def prose_around():
        m = check("Sure.\n" + w("set_alarm", [("label", "feed the cat")]) + "\nDone.",
                  calls=[("set_alarm", {"label": "feed the cat"})])
        assert m.content.split() == ["Sure.", "Done."] and m.format == fmt

    def several_and_zero_argument():
        text = w("a", [("x", "one")]) + "\n" + w("now", []) + "\nthen " + w("b", [("y", "two words")])
        check(text, calls=[("a", {"x": "one"}), ("now", {}), ("b", {"y": "two words"})])

    def nested_and_unicode():
        t = tools(plan={"steps": {"type": "array"}, "who": {"type": "string"}, "opt": {"type": "object"}})
        check(w("plan", [("steps", '[{"do": "grüßen", "n": [1, 2.5]}]'), ("who", "日本 — naïve ✓ \"q\""),
                         ("opt", '{"deep": {"x": null, "y": "</z>"}}')]), tools=t,
              calls=[("plan", {"steps": [{"do": "grüßen", "n": [1, 2.5]}], "who": "日本 — naïve ✓ \"q\"",
                               "opt": {"deep": {"x": None, "y": "</z>"}}})])

    def closer_quoted_in_value():
        code = f'print("{closer}")\nx = 1'
        check(w("run", [("code", code), ("lang", "py")]) + " after",
              calls=[("run", {"code": code, "lang": "py"})])

    def truncated_is_incomplete():
        full = w("write", [("path", "a.txt"), ("body", "hello world")])
        text = full[:full.index("hello wor") + len("hello wor")]
        m = check(text, content="", calls=[], incomplete=[("write", {"path": "a.txt", "body": "hello wor"})])
        assert m.errors and m.errors[-1].incomplete, "a cut-off call is reported, never run"

    def schema_types_values():
        t = tools(f={"code": {"type": "string"}, "n": {"type": "integer"}, "on": {"type": "boolean"},
                     "xs": {"anyOf": [{"type": "array"}, {"type": "null"}]}})
        check(w("f", [("code", "42"), ("n", "7"), ("on", "true"), ("xs", "[1]")]), tools=t,
              calls=[("f", {"code": "42", "n": 7, "on": True, "xs": [1]})])

    def untyped_values():
        want = ({"a": "42", "b": "42 apples", "c": "true"} if fmt in UNTYPED_IS_STRING
                else {"a": 42, "b": "42 apples", "c": True})
        check(w("f", [("a", "42"), ("b", "42 apples"), ("c", "true")]), calls=[("f", want)])

    def streams_before_the_closer():
        text = w("write", [("body", "hello world, and more")])
        cut = text.index("hello world") + len("hello world")
        s = Sieve(tools=tools(write={"body": {"type": "string"}}))
        evs = s.feed(text[:cut])
        assert any(isinstance(e, ToolCallStart) for e in evs)
        assert "hello world" in "".join(e.delta for e in evs if isinstance(e, ToolCallArgs))
        s.feed(text[cut:])
        s.close()

    def format_named():
        text = w("f", [("a", "x")])
        assert callsieve.parse(text, format=fmt).tool_calls[0].arguments == {"a": "x"}

    def undeclared_tool_is_text():
        text = w("f", [("a", "x")])
        m = check(text, tools=tools("other"), calls=[])
        assert m.content == text

    cases = [prose_around, several_and_zero_argument, nested_and_unicode, closer_quoted_in_value,
             truncated_is_incomplete, schema_types_values, untyped_values, streams_before_the_closer,
             format_named, undeclared_tool_is_text]

    @pytest.mark.parametrize("case", cases, ids=[c.__name__ for c in cases])
    def test_contract(case):
        case()

    return test_contract
