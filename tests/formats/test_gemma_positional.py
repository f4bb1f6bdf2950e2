"""Gemma 4's positional call (`call:NAME:` then one `BEGIN_ARG:` … `END_ARG` block per value,
Gemma 4 under Continue, ollama/ollama#18275, hunt o): the values are the declared tool's
parameters in their declared order, typed by their schemas, a value of several lines kept
whole; several calls in one block; prose around kept.  An undeclared tool, more values than
parameters, or a tool without declared parameters: no call (nothing says which value is which);
a block cut off in a value: the call is incomplete."""
import pytest

from helpers import check, tools

T = tools(write={"path": {"type": "string"}, "content": {"type": "string"}, "mode": {"type": "integer"}},
          bare={})


def block(*calls):
    return "<|tool_call>" + "".join(
        f"call:{name}:\n" + "".join(f"BEGIN_ARG:\n{v}\nEND_ARG\n" for v in values) for name, values in calls
    ) + "<tool_call|>"


@pytest.mark.parametrize("values,args", [
    (["a.py"], {"path": "a.py"}),
    (["a.py", "import re\n\nx = 1"], {"path": "a.py", "content": "import re\n\nx = 1"}),
    (["a.py", "", "644"], {"path": "a.py", "content": "", "mode": 644}),
])
def test_values_bound_in_the_declared_order(values, args):
    check("Writing it.\n" + block(("write", values)) + "\nDone.", tools=T, calls=[("write", args)],
          content="Writing it.\nDone.")


def test_several_calls_in_one_block():
    check(block(("write", ["a.py"]), ("write", ["b.py", "x"])), tools=T,
          calls=[("write", {"path": "a.py"}), ("write", {"path": "b.py", "content": "x"})], content="")


@pytest.mark.parametrize("name,values", [("delete", ["a.py"]), ("write", ["a", "b", "1", "extra"]), ("bare", ["x"])])
def test_no_call_when_nothing_says_which_value_is_which(name, values):
    check(block((name, values)), tools=T, calls=[])


def test_a_block_cut_off_in_a_value_is_incomplete():
    check("<|tool_call>call:write:\nBEGIN_ARG:\na.py\nEND_ARG\nBEGIN_ARG:\nimport re\n", tools=T, calls=[],
          incomplete=[("write", {"path": "a.py", "content": "import re"})])
