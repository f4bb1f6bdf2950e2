"""Formats derived from a chat template, and the seeds a rendered template gives (callsieve.templates.derive)."""
import json

import pytest

pytest.importorskip("jinja2")

from callsieve import parse  # noqa: E402
from callsieve.templates import seed_session  # noqa: E402
from callsieve.templates.derive import derived_format, shape  # noqa: E402
from helpers import chunkings, feed  # noqa: E402
from templates_sdist import templates  # noqa: E402

TOOLS = [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {
    "q": {"type": "string"}, "n": {"type": "integer"}}}}} for n in ("find_docs", "count_rows")]

# An invented family no module knows: a section, an id, then the name and JSON arguments.
JSON_FAMILY = """{%- for m in messages -%}
{%- if m.role == 'user' -%}<|u|>{{ m.content }}<|e|>
{%- elif m.role == 'assistant' -%}<|a|>{{ m.content }}
{%- if m.tool_calls -%}<|acts|>{%- for c in m.tool_calls -%}<|act|>{{ c.id }}<|fn|>{{ c.function.name }}<|in|>{{ c.function.arguments | tojson }}<|/act|>{%- endfor -%}<|/acts|>{%- endif -%}<|e|>
{%- endif -%}{%- endfor -%}{%- if add_generation_prompt -%}<|a|>{%- endif -%}"""

# Another: key/value tags, values on lines of their own, no section.
KV_FAMILY = """{%- for m in messages -%}
{%- if m.role == 'user' -%}USER: {{ m.content }}
{% elif m.role == 'assistant' -%}BOT: {{ m.content }}
{%- for c in m.tool_calls or [] -%}<do:{{ c.function.name }}>
{% for k, v in c.function.arguments.items() %}<k>{{ k }}</k><v>
{{ v }}
</v>
{% endfor %}</do>
{% endfor -%}<end>
{% endif -%}{%- endfor -%}{%- if add_generation_prompt -%}BOT: {%- endif -%}"""


@pytest.mark.parametrize("template", [JSON_FAMILY, KV_FAMILY])
def test_an_unknown_family_works_from_its_template_alone(template):
    sess = seed_session(template)
    assert sess.format == "derived" and sess.derived is not None
    if template is JSON_FAMILY:
        text = ('Sure.<|acts|><|act|>c1<|fn|>find_docs<|in|>{"q": "a <|/acts|> b", "n": 2}<|/act|>'
                '<|act|>c2<|fn|>count_rows<|in|>{"q": "x"}<|/act|><|/acts|>')
    else:
        text = "Sure.<do:find_docs>\n<k>q</k><v>\na </do> b\n</v>\n<k>n</k><v>\n2\n</v>\n</do>\n<do:count_rows>\n<k>q</k><v>\nx\n</v>\n</do>\n"
    for chunks in chunkings(text):
        msg, _ = feed(text, chunks, tools=TOOLS, session=seed_session(template))
        got = [(c.name, c.arguments) for c in msg.tool_calls]
        want_q = "a <|/acts|> b" if template is JSON_FAMILY else "a </do> b"
        assert got == [("find_docs", {"q": want_q, "n": 2}), ("count_rows", {"q": "x"})]
        assert msg.content == "Sure."


def read_as(text, template, want):
    """`text`, in every chunking, read by a session seeded from `template`: (calls, content)."""
    for chunks in chunkings(text):
        msg, _ = feed(text, chunks, tools=TOOLS, session=seed_session(template))
        assert ([(c.name, c.arguments) for c in msg.tool_calls], msg.content) == want


def test_a_derived_format_keeps_the_error_rules():
    fmt = derived_format(JSON_FAMILY)
    # an undeclared tool: the block goes back to the text
    text = '<|acts|><|act|>c1<|fn|>rm_rf<|in|>{"q": "x"}<|/act|><|/acts|>'
    msg = parse(text, tools=TOOLS, format=fmt)
    assert not msg.tool_calls and "rm_rf" in msg.content
    # cut off inside the arguments: incomplete, never run
    msg = parse('<|acts|><|act|>c1<|fn|>find_docs<|in|>{"q": "unfinis', tools=TOOLS, format=fmt)
    assert not msg.tool_calls and msg.incomplete[0].name == "find_docs"
    # the arguments stream as they arrive
    _, evs = feed("", ['<|acts|><|act|>c1<|fn|>find_docs<|in|>{"q": "ab', 'cd"}<|/act|>'], tools=TOOLS, format=fmt)
    deltas = [e.delta for e in evs if type(e).__name__ == "ToolCallArgs"]
    assert len(deltas) >= 2 and json.loads("".join(deltas)) == {"q": "abcd"}


def test_a_template_with_no_call_markup_derives_nothing():
    assert derived_format("{% for m in messages %}{{ m.content }}{% endfor %}") is None


REAL = templates()
# (template, the format its rendered calls say, the generation prompt opens thinking)
SEEDS = [("deepseek-ai-DeepSeek-V3.1.jinja", "deepseek_v31", False),
         ("deepseek-ai-DeepSeek-V3.2.jinja", "deepseek_dsml", False),
         ("deepseek-ai-DeepSeek-V4.jinja", "deepseek_dsml", False),
         ("unsloth-Apriel-1.5.jinja", "tool_calls_array", False),
         ("MiniMax-M1.jinja", "tool_calls_array", False),
         ("meetkai-functionary-medium-v3.2.jinja", "functionary", False),
         ("Kimi-K3.jinja", "kimi_k3", True),
         ("Qwen3.5-4B.jinja", "qwen3_coder", True)]


@pytest.mark.skipif(not REAL, reason="the llama-cpp-python sdist could not be downloaded")
@pytest.mark.parametrize("name,fmt,opens", SEEDS)
def test_a_real_template_seeds_the_format_and_thinking_its_renders_show(name, fmt, opens):
    sess = seed_session(REAL[name])
    assert (sess.format, sess.opens_thinking) == (fmt, opens)


def test_a_template_that_cannot_be_rendered_falls_back_to_reading_it():
    assert shape("{% for %}") is None or shape("{% for %}")[0].format is None


# llama.cpp's Jinja lets a template change a list (Kimi K2's `tool_response_queue.ids.append`);
# transformers' immutable sandbox refuses it.  Written here in that shape.
APPENDS = JSON_FAMILY.replace("{%- for m in messages -%}", "{%- set ns = namespace(ids=[]) -%}{%- for m in messages -%}"
                              ).replace("<|act|>{{ c.id }}", "{%- set _ = ns.ids.append(c.id) -%}<|act|>{{ c.id }}")


def test_a_template_that_changes_a_list_renders_and_derives():
    sess = seed_session(APPENDS)
    assert sess.format == "derived" and sess.derived is not None
    text = '<|acts|><|act|>c1<|fn|>find_docs<|in|>{"q": "x"}<|/act|><|/acts|>'
    assert [(c.name, c.arguments) for c in parse(text, tools=TOOLS, session=sess).tool_calls] == [("find_docs", {"q": "x"})]


def test_the_sandbox_still_refuses_what_is_unsafe():
    from callsieve.templates.render import TemplateError, render
    with pytest.raises(TemplateError):
        render("{{ messages.__class__.__mro__ }}", [{"role": "user", "content": "hi"}])
    msgs = [{"role": "user", "content": "hi"}]
    render("{%- set _ = messages.append(1) -%}{{ messages | length }}", msgs)
    assert msgs == [{"role": "user", "content": "hi"}], "a template changes a copy, never the caller's messages"


def test_kimi_k2_templates_render():
    found = {n: t for n, t in templates().items() if n.startswith(("Kimi-K2", "moonshotai-Kimi-K2"))}
    if not found:
        pytest.skip("the llama-cpp-python sdist could not be downloaded")
    from callsieve.templates.derive import PROBE_CALLS, renders_calls
    for name, t in found.items():
        out = renders_calls(t, PROBE_CALLS[:1])
        assert out and "<|tool_calls_section_begin|>" in out, name
        assert seed_session(t).format == "kimi_k2", name


# A past assistant turn's header differs from the generation prompt's (`<|turn|><|bot|>` where the
# prompt writes `<|bot|>`), and the prompt adds an instruction to the last user turn only: what the
# model writes after the prompt is the calls alone, not the past turn's header nor the user's text.
HEADERS = """{%- for m in messages -%}
{%- if m.role == 'user' -%}<|turn|>user: {{ m.content }}{% if loop.last and add_generation_prompt %} (answer briefly){% endif %}<|end|>
{%- elif m.role == 'assistant' -%}<|turn|><|bot|>{{ m.content }}
{%- for c in m.tool_calls or [] -%}<|do|>{{ c.function.name }}<|in|>{{ c.function.arguments | tojson }}<|od|>{%- endfor -%}<|end|>
{%- endif -%}{%- endfor -%}{%- if add_generation_prompt -%}<|bot|>{%- endif -%}"""


@pytest.mark.parametrize("instruction", [False, True])
def test_the_output_starts_after_the_prompts_header_when_a_past_turn_writes_another(instruction):
    from callsieve.templates.derive import assistant, output
    template = HEADERS if instruction else HEADERS.replace(" (answer briefly)", "")
    call = ("c1", "find_docs", {"q": "x"})
    assert output(template, assistant([call]), tools=TOOLS) == '<|do|>find_docs<|in|>{"q": "x"}<|od|>'
    assert output(template, assistant([call], content="Sure."), tools=TOOLS).startswith("Sure.<|do|>")
    sess = seed_session(template)
    text = 'Sure.<|do|>find_docs<|in|>{"q": "x"}<|od|>'
    msg = parse(text, tools=TOOLS, session=sess)
    assert ([(c.name, c.arguments) for c in msg.tool_calls], msg.content) == ([("find_docs", {"q": "x"})], "Sure.")


# Qwen3-Coder's call body inside a section of the template's own (`<wrap_call>`): Qwen3-Coder's
# format reads the calls but leaves the section's tags as text, so the template's markup is derived.
WRAPPED = """{%- for m in messages -%}
{%- if m.role == 'user' -%}<|im_start|>user\n{{ m.content }}<|im_end|>\n
{%- elif m.role == 'assistant' -%}<|im_start|>assistant\n{{ m.content }}
{%- for c in m.tool_calls or [] %}
<wrap_call>
<function={{ c.function.name }}>
{% for k, v in c.function.arguments.items() %}<parameter={{ k }}>
{{ v }}
</parameter>
{% endfor %}</function>
</wrap_call>
{%- endfor -%}<|im_end|>\n
{%- endif -%}{%- endfor -%}{%- if add_generation_prompt -%}<|im_start|>assistant\n{%- endif -%}"""


def test_a_known_body_in_an_unknown_section_derives_the_section():
    sess = seed_session(WRAPPED)
    assert sess.format == "derived"
    text = "Sure.\n<wrap_call>\n<function=find_docs>\n<parameter=q>\na </wrap_call> b\n</parameter>\n</function>\n</wrap_call>"
    read_as(text, WRAPPED, (
            [("find_docs", {"q": "a </wrap_call> b"})], "Sure."))


# The name on a line of its own, the JSON arguments right below it: nothing but a newline between.
NAME_THEN_ARGS = """{%- for m in messages -%}
{%- if m.role == 'user' -%}<|u|>{{ m.content }}<|e|>
{%- elif m.role == 'assistant' -%}<|a|>{{ m.content }}
{%- for c in m.tool_calls or [] -%}<|go|>call
{{ c.function.name }}
{{ c.function.arguments | tojson }}<|og|>{%- endfor -%}<|e|>
{%- endif -%}{%- endfor -%}{%- if add_generation_prompt -%}<|a|>{%- endif -%}"""


def test_a_name_followed_by_its_arguments_alone_is_derived():
    sess = seed_session(NAME_THEN_ARGS)
    assert sess.format == "derived"
    text = 'Sure.<|go|>call\nfind_docs\n{"q": "a <|og|> b", "n": 2}<|og|><|go|>call\ncount_rows\n{"q": "x"}<|og|>'
    read_as(text, NAME_THEN_ARGS, (
            [("find_docs", {"q": "a <|og|> b", "n": 2}), ("count_rows", {"q": "x"})], "Sure."))
    # cut off in the arguments: never runnable
    msg = parse('<|go|>call\nfind_docs\n{"q": "a', tools=TOOLS, session=seed_session(NAME_THEN_ARGS))
    assert not msg.tool_calls and msg.incomplete[0].name == "find_docs"


# A judge's template: after an assistant turn it writes a long instruction (thousands of words).
# Finding where the model's output ends looks at the first words of that, not at every run of them.
JUDGE = JSON_FAMILY.replace("<|/acts|>{%- endif -%}<|e|>", "<|/acts|>{%- endif -%}<|e|>" + " ".join(
    f"rule{i}." for i in range(2000)))


def test_a_long_text_after_the_turn_is_not_the_output():
    # (what it costs is not asserted here: render.turn looks at the turn end's first
    # HEADER_WORDS tokens only, so the judge's thousands of words are never searched pairwise)
    from callsieve.templates.derive import assistant, output
    out = output(JUDGE, assistant([("c1", "find_docs", {"q": "x"})]), tools=TOOLS)
    assert out == '<|acts|><|act|>c1<|fn|>find_docs<|in|>{"q": "x"}<|/act|><|/acts|>'


# A template that names its own end token (`{% set eos_token = … %}`), of no special-token shape.
OWN_EOS = "{%- set eos_token = '<end:7f3a>' -%}" + JSON_FAMILY.replace("<|/acts|>{%- endif -%}<|e|>",
                                                                      "<|/acts|>{%- endif -%}{{ eos_token }}")


def test_the_end_token_a_template_sets_itself_is_markup_not_content():
    text = 'Sure.<|acts|><|act|>c1<|fn|>find_docs<|in|>{"q": "x"}<|/act|><|/acts|><end:7f3a>'
    read_as(text, OWN_EOS, ([("find_docs", {"q": "x"})], "Sure."))
