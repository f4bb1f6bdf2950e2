"""Call lines from agent transcripts (`[Calling tool: NAME …]`) and what follows a name-only call
(formats/_call_line.py, issue 31).

A model imitates the line its client wrote into the history for each call: a name and JSON
arguments after a connecting phrase, or a name alone in place of a body's opening tag, the
body's parameters and closers after it.  A call runs only as the model wrote it: a name alone
followed by parameter markup is never a call with `{}`.  Every case goes through `check`
(whole, every chunking, every character accounted for with markup=True)."""
import pytest

from callsieve import Sieve, ToolCallEnd, ToolCallStart
from helpers import check, tools

T = tools("search_files", "terminal", "f")
CMD = [("terminal", {"command": "free -h && df -h /"})]
FOUND = [("search_files", {"file_glob": "*.tsx", "path": "/srv"})]
INVOKE_PARAMS = '<parameter name="file_glob">*.tsx</parameter>\n<parameter name="path">/srv</parameter>\n'

# (text, calls, content)
READ = [
    # a name, a connecting phrase (none, words, words and a colon, a symbol), then JSON arguments
    ('[Calling tool: terminal with arguments: {"command": "free -h && df -h /"}]', CMD, ""),
    ('[Calling tool: terminal with args {"command": "free -h && df -h /"}]', CMD, ""),
    ('[Calling tool: terminal args: {"command": "free -h && df -h /"}]', CMD, ""),
    ('[Calling tool: terminal using the input: {"command": "free -h && df -h /"}]', CMD, ""),
    ('[Calling tool: terminal {"command": "free -h && df -h /"}]', CMD, ""),
    ('[Calling tool: terminal → {"command": "free -h && df -h /"}]', CMD, ""),
    ('[Invoking function: terminal -> {"command": "free -h && df -h /"}]\nDone.', CMD, "Done."),
    ('<acme_tool_call>terminal with arguments: {"command": "free -h && df -h /"}</acme_tool_call>', CMD, ""),
    # (already read: the name, then its arguments in parentheses)
    ('[Calling tool: terminal({"command": "free -h && df -h /"})]', CMD, ""),
    # a name alone in place of the body's opening tag, then its parameters and closers
    ('[Calling tool: search_files]\n' + INVOKE_PARAMS + '</invoke>\n</minimax:tool_call>', FOUND, ""),
    ('[Calling tool: search_files]' + INVOKE_PARAMS + '</invoke>', FOUND, ""),
    ('[Calling tool: search_files]\n\n  ' + INVOKE_PARAMS.replace("parameter", "acme:parameter")
     + '</acme:invoke></acme:tool_calls>\nDone.', FOUND, "Done."),
    ('[Calling tool: search_files]\n<parameter=file_glob>*.tsx</parameter>\n<parameter=path>/srv</parameter>\n'
     '</function>\n</tool_call>', FOUND, ""),
    ('<acme_tool_call>search_files</acme_tool_call>\n' + INVOKE_PARAMS + '</invoke>', FOUND, ""),
    # key/value tag pairs of any spelling (no call tag around them): up to the next closing tag
    # that is none of theirs, the wrapper's
    ('[Calling tool: search_files]\n<arg_key>file_glob</arg_key><arg_value>*.tsx</arg_value>\n'
     '<arg_key>path</arg_key><arg_value>/srv</arg_value>\n</tool_call>', FOUND, ""),
    ('[Calling tool: search_files]<|param_key|>file_glob<|/param_key|><|param_value|>*.tsx<|/param_value|>'
     '<|param_key|>path<|/param_key|><|param_value|>/srv<|/param_value|></ns:tool_call>\nDone.', FOUND, "Done."),
    ('[Calling tool: search_files]\n<｜arg_key｜>path<｜/arg_key｜><｜arg_value｜>/srv<｜/arg_value｜><｜tool_call_end｜>',
     [("search_files", {"path": "/srv"})], ""),
    ('[Calling tool: search_files]\n<arg_key>path</arg_key><arg_value>a</b> b</arg_value></tool_call>',
     [("search_files", {"path": "a</b> b"})], ""),
    # a name alone, and nothing that may be its arguments after it: a call with no arguments
    # (the blank lines between a call and the text after it are layout)
    ('[Calling tool: search_files]', [("search_files", {})], ""),
    ('[Calling tool: search_files]\n\nDone.', [("search_files", {})], "Done."),
    ('[Calling tool: search_files]\n<b>bold</b> text', [("search_files", {})], "<b>bold</b> text"),
    ('[Calling tool: search_files]\nIt printed {"a": 1}', [("search_files", {})], 'It printed {"a": 1}'),
    # a name alone, then a JSON object: its arguments (never a call with `{}` before them)
    ('[Calling tool: search_files]\n{"file_glob": "*.tsx", "path": "/srv"}', FOUND, ""),
    ('<acme_tool_call>search_files</acme_tool_call>\n  {"file_glob": "*.tsx", "path": "/srv"}\nDone.', FOUND, "Done."),
    ('[Calling tool: search_files]\n[Calling tool: f]', [("search_files", {}), ("f", {})], ""),
]


@pytest.mark.parametrize("text,calls,content", READ, ids=range(len(READ)))
def test_a_call_line_is_read_as_the_model_wrote_it(text, calls, content):
    m = check(text, tools=T, calls=calls, content=content)
    assert not m.errors


# A name alone, then parameter markup that cannot be read whole: no call runs (never `{}`), and
# every character of it is content.
NOT_RUN = [
    '[Calling tool: search_files]\n<parameter name="file_glob">*.tsx</parameter>\n',         # no closer
    '[Calling tool: search_files]\n<parameter name="file_glob">*.tsx',                       # cut in a value
    '[Calling tool: search_files]\n<parameter',                                              # cut in a tag
    '[Calling tool: search_files]\n<par',
    '[Calling tool: search_files]\n<arg_key>a</arg_key><arg_value>1</arg_value>',            # no closer
    '[Calling tool: search_files]\n<arg_key>a</arg_key><arg_value>1',
    '[Calling tool: search_files]\n<param_value>x</param_value>',                            # no key
    '<acme_call>search_files</acme_call>\n<ns|parameter name="a">1',
    '[Calling tool: search_files]\n{"file_glob": "*.tsx"',                                  # cut JSON
]


@pytest.mark.parametrize("text", NOT_RUN, ids=range(len(NOT_RUN)))
def test_a_name_alone_before_parameters_it_cannot_read_is_no_call(text):
    m = check(text, tools=T, calls=[])
    assert m.content.strip() == text.strip()


STAYS_TEXT = [
    # an example in prose, quoted, or an undeclared name
    'The client logs lines like [Calling tool: search_files] when it runs a tool.',
    'Write `[Calling tool: terminal with arguments: {"command": "ls"}]` to run it.',
    'It printed [Calling tool: terminal with arguments: {"command": "ls"}] before it stopped.',
    '[Calling tool: nope with arguments: {"command": "ls"}]',
    '[Calling tool: nope]\n<parameter name="a">1</parameter>\n</invoke>',
    # a phrase too long to be a connector, a bracket of no call
    '[Calling tool: terminal with the following four arguments: {"command": "ls"}]',
    '[Note: terminal with arguments: {"command": "ls"}]',
]


@pytest.mark.parametrize("text", STAYS_TEXT, ids=range(len(STAYS_TEXT)))
def test_what_is_no_call_line_stays_text(text):
    check(text, tools=T, calls=[], content=text)


def test_a_name_alone_is_delivered_only_once_what_follows_it_is_known():
    """The stream does not deliver a name-only call's end before the next non-blank text says
    no parameters follow (nor its start: a call that turns out to have parameters streams them)."""
    s = Sieve(tools=T)
    evs = list(s.feed("[Calling tool: search_files]\n\n"))
    assert not any(isinstance(e, (ToolCallStart, ToolCallEnd)) for e in evs)
    evs = list(s.feed('<parameter name="path">/srv</parameter></invoke>')) + list(s.close())
    assert [e.name for e in evs if isinstance(e, ToolCallStart)] == ["search_files"]
    s = Sieve(tools=T)
    list(s.feed("[Calling tool: search_files]\n\n"))
    evs = list(s.feed("Done."))
    assert any(isinstance(e, ToolCallEnd) for e in evs)


@pytest.mark.parametrize("text", [
    '[Calling tool: search_files]\n' + INVOKE_PARAMS + '</invoke>\n</minimax:tool_call>',
    '[Calling tool: search_files]\n<parameter=path>/srv</parameter>\n</function>\n</tool_call>',
    '[Calling tool: search_files]\n<arg_key>path</arg_key><arg_value>/srv</arg_value>\n</tool_call>',
])
def test_cut_anywhere_a_call_line_before_parameters_never_runs_without_them(text):
    """The stream ends anywhere after the call line: the call runs with every parameter the model
    wrote, or not at all (never with `{}` or with some of them)."""
    whole = [(c.name, c.arguments) for c in check(text, tools=T).tool_calls]
    # (cut before the parameters' first `<`, the line is a call with no arguments: nothing follows it)
    for end in range(text.index("<") + 1, len(text)):
        got = [(c.name, c.arguments) for c in check(text[:end], tools=T).tool_calls]
        assert got in ([], whole), (text[:end], got)
