"""InternLM2 / 2.5 / Intern-S1 <|action_start|><|plugin|> … <|action_end|> (docs/syntax.md#internlm)."""
from callsieve import formats
from helpers import check


def test_documented_example_newline_or_space_after_the_plugin_token():
    for gap in ("\n", " ", ""):
        text = f'Searching.<|action_start|><|plugin|>{gap}{{"name": "search_notes", "parameters": {{"tag": "fjord"}}}}<|action_end|>'
        m = check(text, content="Searching.", calls=[("search_notes", {"tag": "fjord"})])
        assert m.format == "internlm"


def test_interpreter_action_is_not_a_function_call():
    # Code for the interpreter, not a function call: its text is content, the family's control
    # tokens around it are markup (docs/syntax.md#control-tokens).
    text = "<|action_start|><|interpreter|>\nprint(1)\n<|action_end|>"
    check(text, content="print(1)", calls=[])


def test_model_names():
    assert formats.for_model("internlm/internlm2_5-7b-chat") == "internlm"
    assert formats.for_model("intern-s1-mini") == "internlm"
