"""Apertus: the tool name is the JSON key (docs/syntax.md#apertus)."""
from callsieve import formats
from helpers import check


def test_documented_example_with_reasoning():
    m = check('<|inner_prefix|>Attic.<|inner_suffix|><|tools_prefix|>[{"toggle_lamp": {"room": "attic"}}]<|tools_suffix|>',
              reasoning="Attic.", calls=[("toggle_lamp", {"room": "attic"})])
    assert m.format == "apertus"


def test_several_keys_in_one_object_and_one_object_without_a_list():
    check('<|tools_prefix|>[{"a": {}, "b": {"x": [1]}}, {"c": {"s": "}]<|tools_suffix|>"}}]<|tools_suffix|>',
          calls=[("a", {}), ("b", {"x": [1]}), ("c", {"s": "}]<|tools_suffix|>"})])
    check('<|tools_prefix|>{"a": {"k": 1}}<|tools_suffix|>', calls=[("a", {"k": 1})])


def test_not_calls():
    for text in ("<|tools_prefix|>[]<|tools_suffix|>", "<|tools_prefix|> none", '<|tools_prefix|>[{"a": 1}]'):
        check(text, content=text, calls=[])


def test_model_names():
    assert formats.for_model("swiss-ai/Apertus-8B-Instruct-2509") == "apertus"
