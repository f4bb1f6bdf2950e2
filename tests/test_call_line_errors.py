"""A call line's errors in its own terms (formats/_call_line.py): `[Calling tool: NAME]` then
parameter markup whose own closing tag never comes.  The `]` of the line stands before the
parameters: it is no closer they ran past.  (A call line is read as the first thing in the
content: after prose it is an example.)  A closer of the call or of its wrapper after them
says which tag is missing; with none, the stream ended in them.  Either way the call never runs
and its text goes back as content (tests/test_call_lines.py)."""
from __future__ import annotations

import pytest

from helpers import check, tools

TOOLS = tools("f", "run")

# Made-up variants: parameter spellings, each with the closer its call ends with.
PARAMS = [
    ('<parameter name="a">1', "</invoke>"),
    ('<acme:parameter name="a">1', "</acme:invoke>"),
    ("<parameter=a>\n1", "</function>"),
    ('<parameter name="a">1\n<parameter name="b">2', "</invoke>"),
    ("<arg_key>a</arg_key>\n", "</tool_call>"),
    ("<param_key>a</param_key>\n", "</zz_tool_call>"),
]
LINES = ["[Calling tool: {}]\n", "[Calling tool: {}]\n\n"]


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("params, closer", PARAMS)
def test_a_missing_inner_closer_is_said_in_the_call_lines_terms(line, params, closer):
    text = line.format("f") + params + "\n" + closer + " then more."
    msg = check(text, tools=TOOLS, calls=[], content=text)
    reason = msg.errors[0].reason
    assert "call line" in reason and repr(closer) in reason and "f" in reason, reason
    assert "']'" not in reason and "cut off" not in reason, reason


@pytest.mark.parametrize("params, closer", PARAMS)
def test_parameters_the_stream_ends_in_are_no_call_said_in_its_terms(params, closer):
    text = LINES[0].format("f") + params
    msg = check(text, tools=TOOLS, calls=[])
    assert msg.content.strip() == text.strip()
    reason = msg.errors[0].reason
    assert "call line" in reason and "'f'" in reason and "']'" not in reason, reason


def test_whole_parameters_still_run():
    text = '[Calling tool: f]\n<parameter name="a">1</parameter>\n</invoke> then more.'
    check(text, tools=TOOLS, calls=[("f", {"a": 1})], content="then more.")
