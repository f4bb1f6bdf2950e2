"""Seed-OSS <seed:tool_call> around the Qwen3-Coder body (docs/syntax.md#seed_oss)."""
from helpers import check
from samples_xml import contract

test_contract = contract("seed_oss")


def test_documented_example():
    text = "Tracking it.\n<seed:tool_call><function=track_parcel><parameter=code>ZX4471</parameter></function></seed:tool_call>"
    m = check(text, content="Tracking it.", calls=[("track_parcel", {"code": "ZX4471"})])
    assert m.format == "seed_oss"


def test_seed_prefix_starts_both_thinking_and_calls():
    text = ("<seed:think>Need the code.</seed:think>Checking.<seed:tool_call>\n<function=track_parcel>\n"
            "<parameter=code>\nZX4471\n</parameter>\n</function>\n</seed:tool_call>")
    check(text, reasoning="Need the code.", content="Checking.", calls=[("track_parcel", {"code": "ZX4471"})])


def test_several_functions_in_one_block_and_missing_closer():
    text = ("<seed:tool_call><function=a><parameter=x>1</parameter></function>"
            "<function=b><parameter=y>\nmulti\nline\n</function></seed:tool_call>")
    # a compact body (no newline after the function tag) is laid out as its first value: `b`'s
    # is written `\n…\n`, so its end newlines are layout (docs/syntax.md#qwen3_coder; vLLM's
    # seed_oss reader is Qwen3's and trims them)
    check(text, calls=[("a", {"x": 1}), ("b", {"y": "multi\nline"})])
    # written bare, its closer missing: the line break before </function>, the tag that ended
    # it, is layout as before a next parameter's tag (test_value_closer_missing_layout.py)
    bare = text.replace("<parameter=y>\n", "<parameter=y>")
    check(bare, calls=[("a", {"x": 1}), ("b", {"y": "multi\nline"})])
    laid = text.replace("<function=b>", "<function=b>\n")
    check(laid, calls=[("a", {"x": 1}), ("b", {"y": "multi\nline"})])


def test_near_misses_stay_text():
    for text in ("<seed:tool_call> is the tag", "<seed:tool_call>plain words</seed:tool_call>"):
        assert check(text, calls=[]).content == text
