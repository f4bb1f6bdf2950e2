"""StepFun Step-3 <steptml:invoke> (docs/syntax.md#step3)."""
from helpers import check
from samples_xml import contract

test_contract = contract("step3")


def test_documented_syntax_several_calls():
    call = ('<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="{n}"><steptml:parameter name="k">{v}'
            '</steptml:parameter></steptml:invoke><｜tool_call_end｜>')
    text = ("reasoning here</think>Calling.<｜tool_calls_begin｜>" + call.format(n="a", v="1") + "\n"
            + call.format(n="b", v="x y") + "<｜tool_calls_end｜>")
    m = check(text, thinking=True, reasoning="reasoning here", content="Calling.", calls=[("a", {"k": 1}), ("b", {"k": "x y"})])
    assert m.format == "step3"


def test_deepseek_lookalike_tokens_are_not_step3():
    text = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
    assert check(text).format != "step3"


def test_invoke_left_when_special_tokens_are_stripped():
    text = 'function<steptml:invoke name="mute"><steptml:parameter name="room">den</steptml:parameter></steptml:invoke>'
    m = check(text, calls=[("mute", {"room": "den"})])
    assert m.content == "function"      # the plain word before the stripped token cannot be told from prose


def test_step_deepresearch_wrapper():
    # vLLM #29652: <steptml:toolcall> … </steptml:toolcall> around the invokes, no special tokens
    text = ('Searching.\n<steptml:toolcall>\n<steptml:invoke name="web_search">\n<steptml:parameter name="q">ai'
            '</steptml:parameter>\n</steptml:invoke>\n</steptml:toolcall>\nDone.')
    check(text, calls=[("web_search", {"q": "ai"})], content="Searching.\nDone.")
