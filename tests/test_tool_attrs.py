"""A call whose arguments are its tag's attributes (formats/tool_attrs.py; hunt o, oh-my-pi#8837):
`<tool name="bash" command="ls" />`, `<bash command="ls" />`, with an empty body instead, and
`<tool name="bash"><command>ls</command></tool>`.  Made-up tag words that say a call × tools ×
value types × layouts, under many chunkings (helpers.check); read only for a declared tool whose
declared parameters hold every attribute, values typed by the schema.  HTML in prose, undeclared
tools, unknown keys, a missing required key, a key written twice and quoted examples stay text."""
import pytest

from helpers import check

TOOLS = [
    {"type": "function", "function": {"name": "bash", "parameters": {
        "type": "object", "properties": {"command": {"type": "string"}, "cwd": {"type": "string"}},
        "required": ["command"]}}},
    {"type": "function", "function": {"name": "sleep_for", "parameters": {
        "type": "object", "properties": {"seconds": {"type": "integer"}, "loud": {"type": "boolean"}}}}},
]
CALL_WORDS = ["tool", "tool_call", "acme:tool", "call", "tool-use"]
# (tool, attributes as written, arguments read)
CALLS = [("bash", 'command="ls -la" cwd="/repo"', {"command": "ls -la", "cwd": "/repo"}),
         ("bash", "command='grep -n &quot;x&quot; a.py'", {"command": 'grep -n "x" a.py'}),
         ("sleep_for", 'seconds="5" loud="true"', {"seconds": 5, "loud": True})]
ENDS = [" />", "/>", "></{w}>", ">\n</{w}>"]


@pytest.mark.parametrize("word", CALL_WORDS)
@pytest.mark.parametrize("tool,attrs,args", CALLS)
@pytest.mark.parametrize("end", ENDS)
def test_named_by_an_attribute(word, tool, attrs, args, end):
    text = f'<{word} name="{tool}" {attrs}{end.format(w=word)}'
    check(text, tools=TOOLS, calls=[(tool, args)], content="")


@pytest.mark.parametrize("tool,attrs,args", CALLS)
@pytest.mark.parametrize("end", ENDS)
def test_the_tools_own_tag(tool, attrs, args, end):
    check(f"<{tool} {attrs}{end.format(w=tool)}", tools=TOOLS, calls=[(tool, args)], content="")


@pytest.mark.parametrize("word", CALL_WORDS[:3])
def test_several_calls_then_prose(word):
    text = (f'<{word} name="bash" command="ls" />\n<{word} name="sleep_for" seconds="2" />\n'
            f"Both are queued.")
    check(text, tools=TOOLS, calls=[("bash", {"command": "ls"}), ("sleep_for", {"seconds": 2})])


@pytest.mark.parametrize("word", CALL_WORDS[:3])
def test_children_under_a_named_tag(word):
    text = f'<{word} name="bash">\n<command>ls -la</command>\n<cwd>/tmp</cwd>\n</{word}>'
    check(text, tools=TOOLS, calls=[("bash", {"command": "ls -la", "cwd": "/tmp"})], content="")


@pytest.mark.parametrize("text", [
    '<a href="https://example.com" name="bash">link</a> and more',       # HTML: no such parameter
    '<tool name="rm_rf" path="/" />',                                     # undeclared tool
    '<tool name="bash" command="ls" shell="zsh" />',                      # a key no parameter
    '<tool name="bash" cwd="/repo" />',                                   # the required key missing
    '<tool name="bash" command="ls" command="pwd" />',                    # a key written twice
    '<div name="bash" command="ls" />',                                   # a word that says no call
    '<bash command="ls">and then some</bash>',                            # a body that is text
    '<img src="a.png" alt="x" /> a picture',
])
def test_not_a_call_stays_text(text):
    check(text, tools=TOOLS, calls=[], content=text)


@pytest.mark.parametrize("text", [
    'Write it as `<tool name="bash" command="ls" />` in your reply.',
    'For example:\n```xml\n<tool name="bash" command="ls" />\n```\nThat runs ls.',
    'You could run <tool name="bash" command="ls" /> to list files, but I will not.',
])
def test_a_quoted_example_stays_text(text):
    check(text, tools=TOOLS, calls=[], content=text)


def test_a_self_closing_function_tag_drops_no_attribute():
    # (MiniCPM5's `<function name=…/>` is an empty call: with arguments beside the name it is
    # none, never a call that runs without them; its opener is that family's literal, so the
    # arguments are not read either: text)
    text = '<function name="bash" command="ls -la" />'
    check(text, tools=TOOLS, calls=[], content=text)


def test_without_tools_declared_it_is_text():
    text = '<tool name="bash" command="ls" />'
    check(text, calls=[], content=text)


# Attribute values are decoded by the one decoder of every attribute reader (_xml.decode): any
# whole character reference, named or numeric; an `&` that begins none stays as written.
@pytest.mark.parametrize("written,read", [
    ("echo &quot;hi&quot; &amp;&amp; ls", 'echo "hi" && ls'),
    ("echo &#34;hi&#34; &#38;&#38; ls", 'echo "hi" && ls'),          # decimal
    ("test 1 &#x3C; 2 &#X3e; 0", "test 1 < 2 > 0"),                   # hexadecimal, either case
    ("it&apos;s &#39;quoted&#x27;", "it's 'quoted'"),
    ("a&nbsp;b &copy;", "a\u00a0b ©"),                                # HTML's named references
    ("cat a & b", "cat a & b"),                                        # a bare '&'
    ("x &copy y &nosuch; z &#; &#xZZ; &", "x &copy y &nosuch; z &#; &#xZZ; &"),   # none whole
    ("grep &amp;lt; f", "grep &lt; f"),                               # decoded once, never twice
])
@pytest.mark.parametrize("quote", ['"', "'"])
def test_entities_in_a_value_decode_and_a_bare_ampersand_stays(written, read, quote):
    text = f"<tool name={quote}bash{quote} command={quote}{written}{quote} />"
    check(text, tools=TOOLS, calls=[("bash", {"command": read})], content="")


_HTML_PROSE = ['See <a href="https://example.com/docs" title="docs">the docs</a>.',
               '<A HREF="x.html">up</A> and <IMG SRC="a.png" ALT="a">',
               '<div class="note"><span style="color: red">Careful</span></div>',
               '<p align="center"><font color="red">x</font> y<hr size="1"></p>',
               '<td colspan="2">1</td><li class="item">two</li>']


@pytest.mark.parametrize("text", _HTML_PROSE)
def test_html_prose_is_no_candidate_with_tools_declared(text, monkeypatch):
    # HTML as prose writes it (a presentational element, then an HTML attribute) never starts a
    # tool_attrs candidate: text, and nothing asked of it (each such tag cost a whole
    # candidate's decision: bench/attacks.py's html_links).  (Whole: streamed, a chunk that ends
    # after `<a ` makes it a candidate still, turned down from its word.)
    from callsieve import parse
    from callsieve.formats import tool_attrs
    check(text, tools=TOOLS, calls=[], content=text)
    asked = []
    real = tool_attrs.Attributed.within
    monkeypatch.setattr(tool_attrs.Attributed, "within", lambda *a, **k: asked.append(a[1]) or real(*a, **k))
    assert parse(text, tools=TOOLS).content == text
    assert asked == []


@pytest.mark.parametrize("tool,text,args", [
    ("time", '<time zone="UTC" />', {"zone": "UTC"}),
    ("code", '<code lang="py" src="print(1)"></code>', {"lang": "py", "src": "print(1)"}),
    ("del", '<del path="/tmp/x" />', {"path": "/tmp/x"}),
    ("a", '<a x="1" />', {"x": "1"}),                       # a presentational element, no HTML attribute
    ("div", '<div />', {}),
])
def test_a_tool_named_like_an_html_element_writes_its_own_tag(tool, text, args):
    # (HTML's elements that a tool may be named after stay candidates)
    tools = [{"type": "function", "function": {"name": tool, "parameters": {
        "type": "object", "properties": {k: {"type": "string"} for k in args}}}}]
    check(text, tools=tools, calls=[(tool, args)], content="")


def test_a_tool_named_like_html_with_an_html_attribute_is_given_up():
    # (the one call the HTML rule gives up, documented in docs/syntax.md#tool_attrs: a tool named
    # after a presentational element with a parameter named after an HTML attribute)
    tools = [{"type": "function", "function": {"name": "a", "parameters": {
        "type": "object", "properties": {"href": {"type": "string"}}}}}]
    check('<a href="x" />', tools=tools, calls=[], content='<a href="x" />')
