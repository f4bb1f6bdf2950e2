"""callsieve.templates.seed_session: the format and the thinking a chat template implies, before the first turn.

The templates are short excerpts of the real ones (their generation-prompt branch and the
markup their tool-call rendering writes), Jinja as Hugging Face and llama.cpp carry them and
Go as Ollama does.
"""
import pytest

from callsieve import Sieve, parse
from callsieve.templates import seed_session
from callsieve.templates.read import inspect

# Qwen3: thinking on unless the request turns it off; then an empty block closes it.
QWEN3 = """{%- if tools %}
    {{- '<|im_start|>system\\n# Tools\\n\\nYou are provided with function signatures within <tools></tools> XML tags:\\n<tools>' }}
    {%- for tool in tools %}{{- "\\n" }}{{- tool | tojson }}{%- endfor %}
    {{- "\\n</tools>\\n\\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\\n<tool_call>\\n{\\"name\\": <function-name>, \\"arguments\\": <args-json-object>}\\n</tool_call><|im_end|>\\n" }}
{%- endif %}
{%- for message in messages %}
    {%- if message.role == "assistant" %}
        {{- '<|im_start|>' + message.role + '\\n<think>\\n' + reasoning_content.strip('\\n') + '\\n</think>\\n\\n' + content }}
        {%- for tool_call in message.tool_calls %}
            {{- '<tool_call>\\n{"name": "' }}{{- tool_call.name }}{{- '", "arguments": ' }}{{- tool_call.arguments | tojson }}{{- '}\\n</tool_call>' }}
        {%- endfor %}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\\n' }}
    {%- if enable_thinking is defined and enable_thinking is false %}
        {{- '<think>\\n\\n</think>\\n\\n' }}
    {%- endif %}
{%- endif %}"""

# DeepSeek-R1-0528: the generation prompt always ends with <think>.
R1 = """{% if not add_generation_prompt is defined %}{% set add_generation_prompt = false %}{% endif %}
{%- set ns = namespace(is_first=false, is_tool=false) -%}
{%- for message in messages %}{%- if message['role'] == 'assistant' and message['tool_calls'] is defined %}
{%- for tool in message['tool_calls'] %}{{'<｜Assistant｜><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>' + tool['type'] + '<｜tool▁sep｜>' + tool['function']['name'] + '\\n' + '```json' + '\\n' + tool['function']['arguments'] + '\\n' + '```' + '<｜tool▁call▁end｜>'}}{%- endfor %}{{'<｜tool▁calls▁end｜><｜end▁of▁sentence｜>'}}
{%- endif %}{%- endfor -%}
{% if add_generation_prompt and not ns.is_tool %}{{'<｜Assistant｜><think>\\n'}}{% endif %}"""

# A Gemma 4-style template: the thought channel opened only when the request turns thinking on.
GEMMA4 = """{%- for message in messages -%}
{%- if message['tool_calls'] -%}{%- for tc in message['tool_calls'] -%}{{- '<|tool_call>call:' + tc['function']['name'] + '{' -}}{{- '}<tool_call|>' -}}{%- endfor -%}{%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
{{- '<|turn>model\\n' -}}
{%- if enable_thinking is defined and enable_thinking -%}{{- '<|channel>thought\\n' -}}{%- endif -%}
{%- endif -%}"""

# Mistral: [TOOL_CALLS] in the assistant turn, no thinking in the prompt.
MISTRAL = """{%- for message in loop_messages %}
{%- if message['role'] == 'user' %}{{- '[INST]' + message['content'] + '[/INST]' }}
{%- elif message.tool_calls is defined and message.tool_calls is not none %}
{{- '[TOOL_CALLS][' }}{%- for tool_call in message.tool_calls %}{{- tool_call.function | tojson }}{%- endfor %}{{- ']' + eos_token }}
{%- endif %}
{%- endfor %}"""

# Llama 3.1-like: no thinking, no special tool markup beyond its python tag.
PLAIN = """{{- bos_token }}{%- for message in messages %}
{{- '<|start_header_id|>' + message['role'] + '<|end_header_id|>\\n\\n' + message['content'] | trim + '<|eot_id|>' }}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{%- endif %}"""

# Qwen3.5-style: thinking on by default, the request may close it.
QWEN35 = """{%- for message in messages %}{%- if message.tool_calls %}
{{- '<tool_call>\\n<function=' + tool_call.name + '>\\n' }}{{- '<parameter=' + args_name + '>\\n' }}{{- '\\n</parameter>\\n' }}{{- '</function>\\n</tool_call>' }}
{%- endif %}{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\\n' }}
    {%- if enable_thinking is defined and enable_thinking is false %}{{- '<think>\\n\\n</think>\\n\\n' }}
    {%- else %}{{- '<think>\\n' }}
    {%- endif %}
{%- endif %}"""

# Nemotron-style: the template sets its own default before the generation prompt.
NEMOTRON = """{%- set enable_thinking = enable_thinking if enable_thinking is defined else true %}
{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}
{%- if enable_thinking -%}{{- '<think>\\n' -}}{%- else -%}{{- '<think></think>' -}}{%- endif -%}
{%- endif -%}"""

# GLM-4.5: an inline conditional writes the empty block when thinking is off.
GLM = """{%- for m in messages %}{%- for tc in m.tool_calls %}{{ '\\n<tool_call>' + tc.name }}
{% for k, v in tc.arguments.items() %}<arg_key>{{ k }}</arg_key>\\n<arg_value>{{ v }}</arg_value>\\n{% endfor %}</tool_call>{% endfor %}{% endfor %}
{%- if add_generation_prompt -%}<|assistant|>{{- '\\n<think></think>' if (enable_thinking is defined and not enable_thinking) else '' -}}{%- endif -%}"""

# DeepSeek V3.1: the request's `thinking` (undefined: off) picks <think> or </think>.
V31 = """{%- for tool in message['tool_calls'] %}{{'<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>'+ tool['function']['name'] + '<｜tool▁sep｜>' + tool['function']['arguments'] + '<｜tool▁call▁end｜>'}}{%- endfor %}
{% if add_generation_prompt and not ns.is_tool %}{{'<｜Assistant｜>'}}{%- if not thinking %}{{'</think>'}}{%- else %}{{'<think>'}}{%- endif %}{% endif %}"""

# Ollama (Go templates): a thinking model's prompt, and Qwen3's with the request's switch.
OLLAMA_THINKING = """{{- range $i, $_ := .Messages }}
{{- $last := eq (len (slice $.Messages $i)) 1 -}}
{{- if eq .Role "user" }}<|im_start|>user
{{ .Content }}<|im_end|>
{{ else if eq .Role "assistant" }}<|im_start|>assistant
{{ if .Content }}{{ .Content }}{{ end }}{{ if .ToolCalls }}<tool_call>
{{ range .ToolCalls }}{"name": "{{ .Function.Name }}", "arguments": {{ .Function.Arguments }}}{{ end }}
</tool_call>{{ end }}{{ if not $last }}<|im_end|>
{{ end }}
{{- end }}
{{- if and (ne .Role "assistant") $last }}<|im_start|>assistant
<think>
{{ end }}
{{- end }}"""
OLLAMA_SWITCH = OLLAMA_THINKING.replace("<|im_start|>assistant\n<think>\n{{ end }}", (
    "<|im_start|>assistant\n{{ if and $.IsThinkSet (not $.Think) }}<think>\n\n</think>\n\n{{ end }}{{ end }}"))


@pytest.mark.parametrize("template,fmt,opens,switch", [
    (QWEN3, "tool_call_tag", False, True),
    (R1, "deepseek_v3", True, False),
    (GEMMA4, "gemma_special", False, True),
    (MISTRAL, "bracket_tool_calls", False, False),
    (PLAIN, None, False, False),
    (QWEN35, "qwen3_coder", True, True),
    (NEMOTRON, None, True, True),
    (GLM, "glm", False, True),
    (V31, "deepseek_v3", False, True),
    (OLLAMA_THINKING, "tool_call_tag", True, False),
    (OLLAMA_SWITCH, "tool_call_tag", False, True),
    ("{%- if add_generation_prompt\n%}{{- '<|im_start|>assistant\n<think>\n' }}{% endif %}", None, True, False),
])
def test_template_shape(template, fmt, opens, switch):
    sess = seed_session(template)
    assert (sess.format, sess.opens_thinking, sess.thinking_switch) == (fmt, opens, switch)
    assert not sess.confirmed           # a hint: the first turn in another format replaces it


def test_model_name_breaks_a_tie_and_fills_a_template_without_tool_markup():
    assert seed_session(V31, "DeepSeek-V3.1-Terminus").format == "deepseek_v31"
    assert seed_session(PLAIN, "mistral-small-3.2").format == "bracket_tool_calls"
    assert seed_session(QWEN3, "mistral-small").format == "tool_call_tag"   # the template wins


def test_hugging_face_list_form_and_tokenizer_config():
    listed = [{"name": "tool_use", "template": MISTRAL}, {"name": "default", "template": R1}]
    assert seed_session(listed).format == "deepseek_v3"
    assert seed_session([{"name": "rag", "template": QWEN35}]).opens_thinking
    config = {"chat_template": listed, "bos_token": "<s>"}
    assert seed_session(config).opens_thinking
    # a response_schema describes what the model writes: its markup decides the format
    schema = {"type": "object", "properties": {"tool_calls": {"x-regex-iterator": r"<tool_call>(.*?)</tool_call>"}}}
    assert seed_session({"chat_template": MISTRAL, "response_schema": schema}).format == "tool_call_tag"
    schema = {"x-regex": r"^(?P<content>.*?)(?:\[TOOL_CALLS\](?P<tool_calls>.*))?$"}    # regex-escaped
    assert seed_session({"chat_template": QWEN3, "response_schema": schema}).format == "bracket_tool_calls"


def test_what_cannot_be_read_tells_nothing():
    deep = "{% if add_generation_prompt %}" + "{% if x %}" * 5000 + "<think>" + "(" * 5000
    for junk in ("", "{% if add_generation_prompt %}{{ 'x' if ( }}{% endif %}", "{{ unclosed", None, 42, [{}],
                 deep, "{% if add_generation_prompt %}{{ " + "(" * 5000 + "'<think>'" + ")" * 5000 + " }}"):
        sess = seed_session(junk)
        assert (sess.format, sess.opens_thinking) == (None, False)


def test_the_first_turn_starts_in_reasoning():
    text = "The user wants the sum.</think>\n\nIt is 4."
    for template in (R1, QWEN35, NEMOTRON, OLLAMA_THINKING):
        msg = parse(text, session=seed_session(template))
        assert (msg.reasoning, msg.content) == ("The user wants the sum.", "It is 4."), template[:40]


def test_a_request_that_says_thinking_off_wins():
    # QWEN35's default is on; the request turned it off, so the prompt closed an empty block
    msg = parse("It is 4.", session=seed_session(QWEN35), thinking=False)
    assert (msg.reasoning, msg.content) == ("", "It is 4.")


def test_a_template_whose_thinking_is_off_by_default_waits_for_the_request():
    sess = seed_session(GEMMA4)
    assert parse("It is 4.", session=sess).content == "It is 4."
    msg = parse("Add them.<channel|>It is 4.", session=sess, thinking=True)
    assert (msg.reasoning, msg.content) == ("Add them.", "It is 4.")


def test_streaming_sieve_sends_reasoning_from_the_first_chunk():
    sieve = Sieve(session=seed_session(R1))
    events = sieve.feed("Let me ")
    assert [type(e).__name__ for e in events] == ["Reasoning"]
    assert sieve.in_reasoning


def test_inspect_names_the_syntax_the_prompt_opens():
    assert inspect(GEMMA4).syntax == "gemma4"
    assert inspect(R1).syntax == "think"
    assert inspect(MISTRAL).syntax is None


def test_prompt_opens_renders_under_the_request_switches_and_the_session_remembers():
    """The session is the memory, callsieve.templates the renderer: an answer is rendered once per
    setting of the switches, and at most Session.OPENS_MAX settings are kept (the oldest go)."""
    pytest.importorskip("jinja2")
    from callsieve import Session
    from callsieve.templates import prompt_opens
    sess = seed_session(QWEN35)
    assert sess.template is not None and sess.opens_thinking
    assert prompt_opens(sess, {}) is True
    assert prompt_opens(sess, {"enable_thinking": False}) is False
    assert sess.opened('{"enable_thinking": false}') == (True, False)
    for i in range(Session.OPENS_MAX + 5):
        prompt_opens(sess, {"unread_switch": i})
    assert sess.opened('{"unread_switch": %d}' % (Session.OPENS_MAX + 4)) == (True, True)
    assert sess.opened("{}") == (False, None)             # the oldest went
    assert prompt_opens(Session(), {"enable_thinking": True}) is None   # no template: nothing said
