"""A call written as the declared tool's own tag, Cline / Roo's XML (docs/syntax.md#tool_tag)."""
import pytest

from callsieve import parse
from helpers import check, feed, split, summary, tools

T = tools("list_dir", "notes", fetch_page={"url": {"type": "string"}, "retries": {"type": "integer"},
                                           "headers": {"type": "object"}})


@pytest.mark.parametrize("text,call", [
    ("<list_dir><path>src/lib</path></list_dir>", ("list_dir", {"path": "src/lib"})),
    ("<list_dir>\n  <path>src/lib</path>\n  <depth>2</depth>\n</list_dir>", ("list_dir", {"path": "src/lib", "depth": 2})),
    ('<fetch_page>{"url": "https://example.org", "retries": 3}</fetch_page>',
     ("fetch_page", {"url": "https://example.org", "retries": 3})),
    ("<fetch_page><url>https://example.org/?a=1&b=2</url><retries>3</retries></fetch_page>",
     ("fetch_page", {"url": "https://example.org/?a=1&b=2", "retries": 3})),
    ("<fetch_page><url>42</url><headers><accept>text/html</accept></headers></fetch_page>",
     ("fetch_page", {"url": "42", "headers": {"accept": "text/html"}})),       # typed by the schema
    ("<notes></notes>", ("notes", {})),
])
def test_a_declared_tools_own_tag_is_its_call(text, call):
    check(text, calls=[call], content="", tools=T)
    check("I will look first.\n\n" + text, calls=[call], content="I will look first.", tools=T)


def test_two_calls_in_a_row_and_prose_after_a_leading_call():
    check("<list_dir><path>a</path></list_dir>\n<list_dir><path>b</path></list_dir>",
          calls=[("list_dir", {"path": "a"}), ("list_dir", {"path": "b"})], content="", tools=T)
    check("<notes></notes>\nDone.", calls=[("notes", {})], content="Done.", tools=T)


@pytest.mark.parametrize("text", [
    "Use <list_dir> to see a folder.",                           # the tag named in prose
    "<list_dir>the folder listing</list_dir>",                   # prose inside the tag
    "<other_tool><path>a</path></other_tool>",                   # an undeclared tool's tag
    "<b>bold</b> and <path>a</path>",                            # markup in prose
    "Write it as\n<list_dir><path>a</path></list_dir>\nand it runs.",   # an example between prose
    "Write it as `<list_dir><path>a</path></list_dir>` in the prompt.",   # quoted in inline code
])
def test_prose_examples_and_undeclared_tags_stay_text(text):
    check(text, calls=[], content=text, tools=T)


def test_no_tools_no_call():
    text = "<list_dir><path>a</path></list_dir>"
    assert parse(text).tool_calls == [] and parse(text).content == text


def test_a_cut_call_is_never_runnable():
    m = parse("Looking.\n<list_dir><path>src/li", tools=T)
    assert m.tool_calls == [] and [c.name for c in m.incomplete] == ["list_dir"]


# A tool with one string parameter whose own tag holds plain text: the text is that parameter
# (`<exec>ls -la</exec>`, Kimi through OpenClaw: openclaw/openclaw#62998; tests/real_outputs/hunt_m.py).
ONE = tools(exec={"command": {"type": "string"}}, search={"query": {}}, count={"n": {"type": "integer"}},
            pair={"a": {"type": "string"}, "b": {"type": "string"}})


@pytest.mark.parametrize("text, call", [
    ("<exec>ls -la ~/projects</exec>", ("exec", {"command": "ls -la ~/projects"})),
    ("<exec>\n  git status --short\n</exec>", ("exec", {"command": "git status --short"})),
    ("<search>café opening hours, Reykjavík</search>", ("search", {"query": "café opening hours, Reykjavík"})),
    ('<exec>grep -n "a & b" x.txt | wc -l</exec>', ("exec", {"command": 'grep -n "a & b" x.txt | wc -l'})),
])
def test_plain_text_in_a_one_string_tools_tag_is_its_parameter(text, call):
    check(text, calls=[call], content="", tools=ONE)
    check("Let me look.\n" + text, calls=[call], content="Let me look.", tools=ONE)


@pytest.mark.parametrize("text", [
    "<count>5</count>",                          # its one parameter is no string
    "<pair>x</pair>",                            # two parameters: which one?
    "<exec>echo <b>hi</b></exec>",               # a tag in the text: not plain text
    "Use <exec>ls</exec> to list files.",        # in a sentence: an example
])
def test_plain_text_in_a_tag_that_is_no_one_string_tools_call_stays_text(text):
    check(text, calls=[], content=text, tools=ONE)


def test_plain_text_in_a_tools_tag_cut_off_is_text():
    check("<exec>ls -la", calls=[], content="<exec>ls -la", tools=ONE)


NS_TOOLS = tools(read_file={"path": {"type": "string"}, "limit": {"type": "integer"}})


@pytest.mark.parametrize("ns", ["mimo", "x", "ns_1", "a.b"])
@pytest.mark.parametrize("body", ['\n<path>README.md</path>\n<limit>5</limit>\n', '{"path": "README.md", "limit": 5}'])
def test_the_tools_tag_in_a_namespace_is_the_tools_tag(ns, body):
    # MiMo writes every tag in a namespace (apmantza/pi-free#255): the word after it names the
    # tool, the closer carries the same namespace
    text = f"Reading it.\n<{ns}:read_file>{body}</{ns}:read_file>"
    check(text, tools=NS_TOOLS, calls=[("read_file", {"path": "README.md", "limit": 5})], content="Reading it.")


def test_a_namespaced_tag_is_text_unless_it_is_a_declared_tools_call():
    for text in ("<ns:other_tool>\n<path>README.md</path>\n</ns:other_tool>",
                 "Tags like <ns:read_file> are shown here.",
                 "Write `<ns:read_file><path>a</path></ns:read_file>` to read a.",
                 "Like this:\n<ns:read_file><path>a</path></ns:read_file>\nand it reads the file."):
        check(text, tools=NS_TOOLS, calls=[], content=text)


@pytest.mark.parametrize("outer", ["tool_call", "acme_call", "|tool_call|", "function_calls"])
@pytest.mark.parametrize("inner", ["<read_file>\n<path>README.md</path>\n</read_file>",
                                   '<read_file>{"path": "README.md"}</read_file>'])
def test_a_tool_s_own_tag_inside_a_wrapper_is_the_call_and_the_wrapper_markup(outer, inner):
    """`<tool_call><read_file><path>…</path></read_file></tool_call>`: the tool's tag read as
    on its own, the wrapper around it markup (it was left in the content); undeclared or
    fenced, text."""
    c = f"</{outer}>" if not outer.startswith("|") else f"<|/{outer[1:]}>"
    text = f"<{outer}>\n{inner}\n{c}"
    declared = [{"type": "function", "function": {"name": "read_file", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}}}}]
    for chunks in ([text], split(text, [1]), split(text, [3, 5])):
        m, _ = feed(text, chunks, tools=declared)
        assert [(x.name, x.arguments) for x in m.tool_calls] == [("read_file", {"path": "README.md"})], summary(m)
        assert m.content == "", summary(m)
    other = [{"type": "function", "function": {"name": "other", "parameters": {"type": "object"}}}]
    for alike, t in ((text, other), (f"```\n{text}\n```", declared)):
        m, _ = feed(alike, split(alike, [2]), tools=t)
        assert not m.tool_calls and m.content == alike, summary(m)
