"""A marker the tokenizer has as a special token, inside the engines: written as that token it is
markup (the call runs); spelled with ordinary tokens (a model quoting a file or page it read) it is
text, and the call in it does not run.  The same text both ways: only the token ids differ.

Shared by vllm_checks.py (through vllm_serving.py: vLLM's serving path, only the engine faked) and
sglang_checks.py.  Plain data at import.
"""
from __future__ import annotations

# family: (the call to get_weather for Paris, its tokenizer's special tokens in it)
FAMILIES = {
    "mistral": ('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}', ["[TOOL_CALLS]", "[ARGS]"]),
    "kimi_k2": ('<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>'
                '{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
                ["<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>",
                 "<|tool_call_end|>", "<|tool_calls_section_end|>"]),
    "deepseek_v31": ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}'
                     '<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
                     ["<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "<｜tool▁call▁end｜>",
                      "<｜tool▁calls▁end｜>"]),
    "hermes": ('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
               ["<tool_call>", "</tool_call>"]),
    "gemma4": ('<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>',
               ["<|tool_call>", "<tool_call|>", '<|"|>']),
}
MARKERS = sorted({t for _, tokens in FAMILIES.values() for t in tokens})
QUOTE = "The page says: "     # before the spelled call: the model quotes what it read
PARIS = ("get_weather", {"city": "Paris"})


class Spelled(str):
    """Model output written with ordinary tokens only (its markers' texts too)."""


def spelled_encoder(encode):
    """An engine's encode that spells Spelled text one character at a time: no character is a
    marker, so every marker's text comes as ordinary (byte) tokens."""
    def enc(text):
        if isinstance(text, Spelled):
            return [i for ch in text for i in encode(ch)]
        return encode(text)
    return enc


VLLM = [f"serve_spelled_{f}_{api}" for f in FAMILIES for api in ("chat", "responses")]
SGLANG = [f"spelled_{f}_{api}" for f in FAMILIES for api in ("chat", "responses")]
