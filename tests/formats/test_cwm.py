"""Meta CWM (docs/syntax.md#cwm): `<tool: function>\nNAME raw text\n</tool>`, or the label as the tool."""
from helpers import check, tools

T = tools("terminal", "python")


def test_both_forms_and_raw_text_kept_whole():
    cmd = 'grep -n "a > b" src/*.py | sort'
    check(f"<tool: function>\nterminal {cmd}\n</tool>", tools=T, calls=[("terminal", {"command": cmd})], content="")
    check("Running it.\n<tool: python print({'a': 1}) </tool>\n", tools=T,
          calls=[("python", {"command": "print({'a': 1})"})], content="Running it.")


def test_undeclared_no_tools_or_a_cut_block_is_no_call():
    text = "<tool: function>\nrm -rf /tmp/x\n</tool>"
    check(text, tools=T, calls=[], content=text)                          # `rm` is no declared tool
    check("<tool: python ls </tool>", calls=[], content="<tool: python ls </tool>")   # no tools: a label is prose
    m = check("<tool: function>\nterminal ls -la", tools=T, calls=[], incomplete=[])
    assert m.errors


def test_the_full_form_needs_no_declared_tools():
    check("<tool: function>\nterminal ls\n</tool>", calls=[("terminal", {"command": "ls"})])


def test_a_block_inside_a_sentence_is_an_example():
    text = "You would write <tool: function>\nterminal ls\n</tool> and wait."
    check(text, tools=T, calls=[], content=text)
