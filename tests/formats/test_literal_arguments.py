"""Arguments written as a Python dict after a call's name (`{'filePath': 'a.txt', 'force': True}`):
read as the literal it is, in every family whose wrapper names the tool before its arguments
object, known or not (hunt q: vLLM's Kimi K2.5 reasoning tests write Kimi's arguments so; templates
that print the arguments' str() teach it).  JSON stays JSON (a single quote inside a JSON string is a
character), an undeclared name or a literal that never closes runs nothing, and its text stays."""
import pytest

from callsieve import parse
from helpers import check, tools

T = tools("read", "ping", edit={"path": {"type": "string"}, "lines": {"type": "array"}, "force": {"type": "boolean"}})


def kimi(name, args):
    return (f"<|tool_calls_section_begin|><|tool_call_begin|>functions.{name}:0<|tool_call_argument_begin|>{args}"
            "<|tool_call_end|><|tool_calls_section_end|>")


def deepseek(name, args):
    return (f"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>{name}<｜tool▁sep｜>{args}<｜tool▁call▁end｜>"
            "<｜tool▁calls▁end｜>")


def mistral(name, args):
    return f"[TOOL_CALLS]{name}[ARGS]{args}"


def harmony(name, args):
    return f"<|channel|>commentary to=functions.{name} <|constrain|>json<|message|>{args}<|call|>"


def unknown_tag(name, args):
    return f"<zz_call>{name} {args}</zz_call>"          # a wrapper no module declares, a name then the object


def unknown_token(name, args):
    return f"<|acme:tool_call|>{name}\n{args}<|/acme:tool_call|>"


WRAPPERS = [kimi, deepseek, mistral, harmony, unknown_tag, unknown_token]
ARGS = [
    ("{'filePath':'file.txt'}", "read", {"filePath": "file.txt"}),
    ("{'path': 'a b.py', 'force': True, 'lines': [1, 2, None]}", "edit",
     {"path": "a b.py", "force": True, "lines": [1, 2, None]}),
    ("{ 'path': 'say \"hi\"', 'lines': [{'n': 1.5, 'ok': False}] }", "edit",
     {"path": 'say "hi"', "lines": [{"n": 1.5, "ok": False}]}),
    ("{'path': '北京/文件.txt'}", "edit", {"path": "北京/文件.txt"}),
    ("{}", "ping", {}),
]


@pytest.mark.parametrize("wrap", WRAPPERS, ids=lambda w: w.__name__)
@pytest.mark.parametrize("args,name,want", ARGS, ids=range(len(ARGS)))
def test_a_python_dict_after_the_name_is_the_arguments(wrap, args, name, want):
    m = check("Let me look.\n" + wrap(name, args), tools=T, calls=[(name, want)])
    assert m.content == "Let me look." and not m.errors


@pytest.mark.parametrize("wrap", WRAPPERS, ids=lambda w: w.__name__)
def test_json_with_a_single_quote_inside_a_string_stays_json(wrap):
    check(wrap("edit", '{"path": "it\'s.txt", "force": false}'), tools=T,
          calls=[("edit", {"path": "it's.txt", "force": False})])


@pytest.mark.parametrize("wrap", [kimi, deepseek, unknown_tag, unknown_token], ids=lambda w: w.__name__)
def test_an_undeclared_name_runs_nothing_and_its_text_stays(wrap):
    text = wrap("rm_rf", "{'path': '/'}")
    m = check(text, tools=T, calls=[])
    assert "rm_rf" in m.content and "'/'" in m.content


@pytest.mark.parametrize("wrap", WRAPPERS, ids=lambda w: w.__name__)
def test_a_literal_cut_by_the_end_of_the_stream_is_not_runnable(wrap):
    text = wrap("edit", "{'path': 'a.py', 'lines': [1, 2")
    cut = text[:text.index("[1, 2") + 5]
    m = parse(cut, tools=T)
    assert m.tool_calls == [] and "'a.py'" in m.content + "".join(str(c.arguments) for c in m.incomplete)
