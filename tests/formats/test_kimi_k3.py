"""Kimi K3 <|open|>tools<|sep|> … (docs/syntax.md#kimi_k3)."""
from helpers import check, tools
from samples_xml import contract

test_contract = contract("kimi_k3")


def arg(k, v, t=None):
    return f'<|open|>argument key="{k}"' + (f' type="{t}"' if t else "") + f"<|sep|>{v}<|close|>argument<|sep|>"


def test_documented_syntax_with_types():
    text = ('Muting.<|open|>tools<|sep|><|open|>call tool="mute" index="1"<|sep|>' + arg("room", "42", "string")
            + arg("minutes", "15", "integer") + arg("opts", '{"a": [true]}', "object")
            + '<|close|>call<|sep|><|open|>call tool="ping" index="2"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>')
    m = check(text, content="Muting.", tools=tools("ping", mute={"room": {"type": "string"}}),
              calls=[("mute", {"room": "42", "minutes": 15, "opts": {"a": [True]}}), ("ping", {})])
    assert m.format == "kimi_k3"


def test_type_attribute_wins_over_the_guess():
    text = '<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>' + arg("zip", "01234", "string") + arg("n", "5") \
        + "<|close|>call<|sep|><|close|>tools<|sep|>"
    check(text, calls=[("f", {"zip": "01234", "n": 5})])


CALL = ('<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>' + arg("city", "Paris", "string")
        + "<|close|>call<|sep|><|close|>tools<|sep|>")


def test_the_turn_frame_and_response_channel_are_never_content():
    # The template opened the think channel in the prompt.
    text = ("Live data needed.<|close|>think<|sep|><|open|>response<|sep|>Let me check.<|close|>response<|sep|>"
            + CALL + "<|close|>message<|sep|>")
    check(text, thinking=True, reasoning="Live data needed.", content="Let me check.",
          calls=[("get_weather", {"city": "Paris"})])


def test_with_thinking_off_the_response_channel_still_goes():
    # The prompt opened the response channel: the model writes the answer, then closes both.
    check("Hello! How can I help?<|close|>response<|sep|><|close|>message<|sep|>", thinking=False,
          content="Hello! How can I help?", reasoning="", calls=[])
    check("<|close|>response<|sep|>" + CALL + "<|close|>message<|sep|>", thinking=False, content="",
          calls=[("get_weather", {"city": "Paris"})])


def test_a_response_channel_ends_a_thinking_block_the_prompt_opened():
    check("<|open|>response<|sep|>Hello world<|close|>response<|sep|><|close|>message<|sep|>", thinking=True,
          content="Hello world", reasoning="")


def test_a_message_opener_with_its_attributes_is_syntax():
    check('<|open|>message role="assistant"<|sep|><|open|>response<|sep|>Hi.<|close|>response<|sep|>'
          "<|close|>message<|sep|>", content="Hi.")


def test_attribute_values_are_xml_escaped_argument_values_are_raw():
    text = ('<|open|>tools<|sep|><|open|>call tool="save" index="1"<|sep|>' + arg("q&amp;a", "fish &amp; chips", "string")
            + arg("say &quot;hi&quot;", 'she said "hi"', "string") + "<|close|>call<|sep|><|close|>tools<|sep|>")
    check(text, calls=[("save", {"q&a": "fish &amp; chips", 'say "hi"': 'she said "hi"'})])


def test_the_tools_and_call_names_glued_where_tokens_were_lost():
    # `<|open|>toolscall tool=…` (can1357/oh-my-pi#8495); a made-up variant with prose and two calls
    T = tools("Shell")
    arg = '<|open|>argument key="command" type="string"<|sep|>{}<|close|>argument<|sep|><|close|>call<|sep|>'
    check('<|open|>toolscall tool="Shell" index="1"<|sep|>' + arg.format("ls") + "<|close|>tools<|sep|>", tools=T,
          content="", calls=[("Shell", {"command": "ls"})])
    check('Running.<|open|>toolscall tool="Shell" index="1"<|sep|>' + arg.format("ls")
          + '<|open|>call tool="Shell" index="2"<|sep|>' + arg.format("pwd") + "<|close|>tools<|sep|>", tools=T,
          content="Running.", calls=[("Shell", {"command": "ls"}), ("Shell", {"command": "pwd"})])
    # an undeclared tool: no call
    assert not check('<|open|>toolscall tool="rm" index="1"<|sep|>' + arg.format("x") + "<|close|>tools<|sep|>",
                     tools=T).tool_calls
