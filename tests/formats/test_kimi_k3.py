"""Kimi K3 <|open|>tools<|sep|> … (formats.md §2.11)."""
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
