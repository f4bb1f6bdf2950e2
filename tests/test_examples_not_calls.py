"""Examples are not calls, and markup inside a value is the value (issue 18 §3, §5).

A call quoted in a fenced code block, a bare JSON call that the prose goes on to talk about, and
tool-call markup written inside an XML-style value are text the model wrote about calls, never
calls; real calls around them still work, whatever the chunking (`check` feeds many).
"""
import pytest

from callsieve import Sieve, ToolCallStart
from callsieve.formats._parts import Family, Functions, KeyValue
from helpers import check, tools

T = tools("bash", "write_file", "get_weather")
BASH = {"command": "touch FABRICATED1.txt"}

# The same call to `bash` in each family's syntax.
QUOTED = {
    "hermes": '<tool_call>{"name": "bash", "arguments": {"command": "touch FABRICATED1.txt"}}</tool_call>',
    "mistral": '[TOOL_CALLS]bash[ARGS]{"command": "touch FABRICATED1.txt"}',
    "qwen3_coder": ("<tool_call>\n<function=bash>\n<parameter=command>\ntouch FABRICATED1.txt\n"
                    "</parameter>\n</function>\n</tool_call>"),
    "deepseek_v3": ("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>bash\n```json\n"
                    '{"command": "touch FABRICATED1.txt"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>'),
    "deepseek_v31": ("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>bash<｜tool▁sep｜>"
                     '{"command": "touch FABRICATED1.txt"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'),
    "kimi_k2": ("<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>"
                '{"command": "touch FABRICATED1.txt"}<|tool_call_end|><|tool_calls_section_end|>'),
    "glm": "<tool_call>bash<arg_key>command</arg_key><arg_value>touch FABRICATED1.txt</arg_value></tool_call>",
    "bare_json": '{"name": "bash", "arguments": {"command": "touch FABRICATED1.txt"}}',
}


# 1. A call quoted in a fenced code block ------------------------------------------------------------

@pytest.mark.parametrize("family", sorted(QUOTED))
@pytest.mark.parametrize("fence", ["```", "```xml", "~~~", "````text"])
def test_a_call_quoted_in_a_fenced_block_is_content(family, fence):
    if family == "bare_json" and fence in ("```", "```xml"):
        pytest.skip("a JSON call in a ``` / ```xml fence is the fenced_json format itself")
    close = fence.rstrip("textxml")
    text = f"This is how I write a tool call:\n{fence}\n{QUOTED[family]}\n{close}\nThat is all."
    for kw in ({"tools": T}, {}):
        check(text, content=text, calls=[], **kw)


@pytest.mark.parametrize("family", ["hermes", "mistral", "qwen3_coder", "glm"])
def test_a_real_call_after_the_fence_closes_still_runs(family):
    example = "Example:\n```\n" + QUOTED[family] + "\n```\n"
    real = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>'
    check(example + real, tools=T, content=example.rstrip(), calls=[("get_weather", {"city": "Oslo"})])


def test_what_opens_and_closes_a_fence():
    call = QUOTED["hermes"]
    # Not fences: mid-line backticks, four spaces of indentation, a one-line ```x``` code span.
    for before in ("Run it ```\n", "    ```\n", "Use ```x``` then\n"):
        check(before + call, tools=T, calls=[("bash", BASH)])
    # A longer fence is closed only by a fence as long; a line with text after ``` closes nothing.
    check("````\n```\n" + call + "\n````\n" + call, tools=T, calls=[("bash", BASH)])
    check("```\n``` not a closer\n" + call + "\n```  \n" + call, tools=T, calls=[("bash", BASH)])
    # An unclosed fence runs to the end of the stream.
    text = "Like this:\n```\n" + call
    check(text, tools=T, content=text, calls=[])


def test_fenced_json_whose_syntax_is_the_fence_still_calls():
    text = 'Checking.\n```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```'
    check(text, tools=T, content="Checking.", calls=[("get_weather", {"city": "Oslo"})])
    # Qwen2 (mlx-omni-server#4): prose, then the call in a fence tagged xml
    text = ("Let's check the current weather in Boston.\n\n```xml\n{\"name\": \"get_weather\", "
            "\"arguments\": {\"location\": \"Boston, MA\"}}\n```")
    check(text, tools=T, calls=[("get_weather", {"location": "Boston, MA"})])


def test_prose_inside_a_fence_streams_at_once():
    s = Sieve(tools=T)
    out = s.feed("Example:\n```\n<tool_call>")
    out += s.feed('{"name": "bash"')
    assert "".join(e.text for e in out) == 'Example:\n```\n<tool_call>{"name": "bash"'


# 2. A JSON call that the prose goes on to talk about -------------------------------------------------

def test_a_json_example_in_prose_is_content():
    text = ("To run it, a client would send\n" + QUOTED["bare_json"] + "\n to the tool, but I did "
            "not send it")
    check(text, tools=T, content=text, calls=[])


@pytest.mark.parametrize("after, called", [
    ("", True), ("\n\n", True), ("<|eot_id|>", True), ("\n</tool_call>", True),
    ('\n<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>', True),
    (" would create the file.", False), (".", False), ("\n<tool_call> is the tag", False),
])
def test_a_bare_json_call_after_prose_must_end_the_turn(after, called):
    text = "I will save it now.\n" + QUOTED["bare_json"] + after
    m = check(text, tools=T)
    assert [c.name for c in m.tool_calls][:1] == (["bash"] if called else [])
    if not called:
        assert m.content == text.strip()


def test_a_held_json_call_goes_out_once_the_turn_ends():
    s = Sieve(tools=T)
    early = s.feed("Saving.\n" + QUOTED["bare_json"]) + s.feed("\n")
    assert "".join(getattr(e, "text", "") for e in early) == "Saving."   # the prose went out at once
    assert not any(isinstance(e, ToolCallStart) for e in early)         # the call waits
    assert any(isinstance(e, ToolCallStart) for e in s.close())


def test_real_bare_json_outputs_still_call():
    # Llama 3.1 / 4 (Rapid-MLX#700, omlx#1153): the whole reply is the call
    check('{"name": "get_weather", "parameters": {"location": "Paris"}}', tools=T,
          calls=[("get_weather", {"location": "Paris"})])
    # a sentence, then the call on its own line (webbrain#2682)
    check('I will save it now.\n{"name": "bash", "arguments": {"command": "ls"}}', tools=T,
          content="I will save it now.", calls=[("bash", {"command": "ls"})])
    # JSON that is data stays data (sglang#35562, llama.cpp#16710)
    for text in ('{"a": 1} is a dict', 'The object should be this:\n{"name": "Bingo", "age": 30}'):
        check(text, tools=T, content=text, calls=[])


# 3. Markup inside an XML-style value is the value ----------------------------------------------------

DOC = '''# Tool-call formats

Hermes writes <tool_call>{"name": "f", "arguments": {}}</tool_call>, Mistral [TOOL_CALLS]f[ARGS]{}.
GLM: <tool_call>f<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>
Qwen3-Coder:
<tool_call>
<function=f>
<parameter=k>
v
</parameter>
</function>
</tool_call>
Gemma: <|tool_call>call:f{}<tool_call|>, and <think>x</think> <|im_end|> end.'''


@pytest.mark.parametrize("fmt", [None, "qwen3_coder", "glm"])
def test_a_value_holding_tool_call_markup_runs_to_its_own_closer(fmt):
    if fmt != "glm":
        text = ("Writing it.\n<tool_call>\n<function=write_file>\n<parameter=path>\ndocs.md\n</parameter>\n"
                "<parameter=content>\n" + DOC + "\n</parameter>\n</function>\n</tool_call>")
        check(text, tools=T, format=fmt, content="Writing it.",
              calls=[("write_file", {"path": "docs.md", "content": DOC})])
    if fmt != "qwen3_coder":
        text = ("Writing it.<tool_call>write_file<arg_key>path</arg_key><arg_value>docs.md</arg_value>"
                "<arg_key>content</arg_key><arg_value>" + DOC + "</arg_value></tool_call>")
        check(text, tools=T, format=fmt, content="Writing it.",
              calls=[("write_file", {"path": "docs.md", "content": DOC})])


def test_a_value_whose_own_closer_never_comes_is_cut_off_never_run():
    # the example call opened in the value takes the closers that follow: the value never closes
    text = ("<tool_call>\n<function=write_file>\n<parameter=content>\nsee\n<function=g>\n<parameter=x>\n1\n"
            "</parameter>\n</function>\n</tool_call>")
    m = check(text, tools=T, calls=[])
    assert [c.name for c in m.incomplete] == ["write_file"]


def test_tags_only_mentioned_in_a_value_and_a_missing_closer():
    # GLM (CanIToolCall glm45-marker-in-arguments): tags named in prose are no element
    note = "Wrap each call in <tool_call> and </tool_call>; keys go in <arg_key>."
    text = ("<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>f.md</arg_value>\n<arg_key>content"
            f"</arg_key>\n<arg_value>{note}</arg_value>\n</tool_call>")
    check(text, tools=T, calls=[("write_file", {"path": "f.md", "content": note})])
    # Qwen3-Coder (vLLM's test): a </parameter> left out before the next parameter
    text = ("<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n"
            "</parameter>\n</function>\n</tool_call>")
    check(text, tools=T, calls=[("get_weather", {"city": "Dallas", "state": "TX"})])


# 4. Granite's plain-word thinking markers (issue 18 §5) -----------------------------------------------

def test_granite_thinking_on_separates_thought_and_answer():
    text = "Here is my thought process:plan.Here is my response:Answer"
    for thinking in (True, None):
        check(text, thinking=thinking, reasoning="plan.", content="Answer")


def test_granite_call_written_in_the_thought_is_the_same_whatever_the_chunking():
    text = "Here is my thought process:functions.f:0{}Here is my response:"
    for thinking in (True, None):
        check(text, thinking=thinking, reasoning="functions.f:0{}", content="", calls=[])
        # a call at once (no hold): the leftmost marker wins, the call, in any chunking
        check(text, thinking=thinking, calls_in_reasoning=True, calls=[("f", {})])


# 5. A block the text shows as an example (issue 31, hunt h) -------------------------------------------
# Any family's block, not only bare JSON: written inside a sentence (prose and a space before it
# on its line after a word, `:` or `,`, the sentence going on after a space), or a body without its wrapper that prose
# introduces (`…looks like this:`) and prose follows.  A special token is never prose, and a call
# glued to the words (`pre<call>post`) or followed by a line break is the call.

ACME = Family("acme", "<acme_call>", KeyValue("<param_key>"), value="text")
ACME_FN = Family("acme_fn", "<acme_call>", Functions(), inline=("<function=",))   # a wrapper a server strips
ACME_CALL = "<acme_call>get_weather<param_key>city</param_key><param_value>Oslo</param_value></acme_call>"
OSLO = [("get_weather", {"city": "Oslo"})]
PLAIN = ("hermes", "qwen3_coder", "glm")     # QUOTED's families whose opener is a plain tag


@pytest.mark.parametrize("family", PLAIN)
def test_a_block_inside_a_sentence_is_an_example(family):
    text = f"To run it you would write {QUOTED[family]} and wait for the result."
    check(text, tools=T, calls=[], content=text)


def test_a_made_up_familys_block_inside_a_sentence_is_an_example_and_its_calls_still_run():
    shown = f"So you would write {ACME_CALL} and wait."
    check(shown, tools=T, format=ACME, calls=[], content=shown)
    for text in (f"Checking. {ACME_CALL}", f"Checking: {ACME_CALL}\nDone.", f"pre{ACME_CALL}post",
                 f"Checking.\n{ACME_CALL} Done.", f"Checking now. {ACME_CALL} Done."):
        check(text, tools=T, format=ACME, calls=OSLO)


@pytest.mark.parametrize("family", ["mistral", "deepseek_v31", "kimi_k2"])
def test_a_special_token_block_inside_a_sentence_is_the_call(family):
    check(f"I will run {QUOTED[family]} now.", tools=T, calls=[("bash", BASH)])


def test_a_wrapperless_body_that_prose_introduces_and_follows_is_an_example():
    body = "<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>"
    shown = f"A call looks like this:\n\n{body}\n\nEach parameter tag holds one argument."
    for fmt in ("qwen3_coder", ACME_FN):
        check(shown, tools=T, format=fmt, calls=[], content=shown)
        check(f"A call looks like this:\n\n{body}", tools=T, format=fmt, calls=OSLO)   # it ends the turn
        check(f"Checking the weather.\n{body}\nDone.", tools=T, format=fmt, calls=OSLO)  # not introduced


# A family's own namespaced wrapper (`<minimax:tool_call>`, `<seed:tool_call>`) is no word of a
# sentence either (hunt k: SGLang's `Text before <minimax:tool_call>…</minimax:tool_call> Text after`);
# a namespaced tag no family declares (a shape any wrapper matches) is shown as an example as a
# plain tag is, and `inline code` quotes them all.
NS = Family("acme_ns", "<acme:call>", Functions(), closer="</acme:call>")
NAMESPACED = {
    "minimax_m2": ('<minimax:tool_call><invoke name="bash"><parameter name="command">touch FABRICATED1.txt'
                   '</parameter></invoke></minimax:tool_call>'),
    "seed_oss": ("<seed:tool_call><function=bash><parameter=command>touch FABRICATED1.txt</parameter></function>"
                 "</seed:tool_call>"),
    NS: "<acme:call><function=bash><parameter=command>touch FABRICATED1.txt</parameter></function></acme:call>",
}


@pytest.mark.parametrize("family", list(NAMESPACED), ids=lambda f: getattr(f, "name", f))
def test_a_familys_own_namespaced_wrapper_inside_a_sentence_is_the_call(family):
    block = NAMESPACED[family]
    check(f"Text before {block} Text after", tools=T, format=family, calls=[("bash", BASH)],
          content="Text before  Text after")
    if family is not NS:                       # (detected, not forced: its opener found it)
        check(f"I will run {block} now.", tools=T, calls=[("bash", BASH)])
    quoted = f"Write `{block}` to run it."
    check(quoted, tools=T, format=family, calls=[], content=quoted)


def test_a_namespaced_tag_no_family_declares_inside_a_sentence_is_an_example():
    text = ("So you would write <foo:tool_call><function=bash><parameter=command>touch FABRICATED1.txt"
            "</parameter></function></foo:tool_call> and wait.")
    check(text, tools=T, calls=[], content=text)


# A turn that showed a call as an example documents calls: a fenced call later in it, even the
# turn's last, is one more example (amd/gaia#1430; tests/real_outputs/hunt_m.py).  Made-up turns:
# the first example fenced or bare after prose, the later fence tagged json or untagged.
FIRST = [
    'Create one like this:\n\n```json\n{"name": "write_file", "arguments": {"path": "a"}}\n```\n\nor',
    'You can send {"name": "write_file", "arguments": {"path": "a"}} to the tool, and',
]
LATER = ['```json\n{"name": "get_weather", "arguments": {}}\n```',
         '```\n{"name": "get_weather", "arguments": {}}\n```']


@pytest.mark.parametrize("first", FIRST)
@pytest.mark.parametrize("later", LATER)
def test_a_fence_after_an_example_in_the_turn_is_an_example_too(first, later):
    text = f"{first} check the weather with:\n\n{later}"
    check(text, tools=T, content=text, calls=[])


@pytest.mark.parametrize("later", LATER)
def test_a_fenced_call_ending_a_turn_with_no_example_before_still_runs(later):
    check(f"Checking now.\n{later}", tools=T, content="Checking now.", calls=[("get_weather", {})])


def test_a_real_tagged_call_after_an_example_still_runs():
    text = FIRST[0] + ' not. Now:\n<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>'
    check(text, tools=T, calls=[("get_weather", {})])
