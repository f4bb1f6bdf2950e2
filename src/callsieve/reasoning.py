"""Thinking syntaxes: the markers that wrap a model's reasoning (formats.md §4).

The Sieve watches these markers with the same scanner as tool-call openers.  `opens` start a
block, `closes` end it; `strip` markers (answer wrappers, stray section tokens) are removed from
content.  Markers that are plain words are only recognised at the start of the output.
"""
from __future__ import annotations

from dataclasses import dataclass

MODES = ("none", "auto", "deepseek", "deepseek-legacy")


@dataclass(frozen=True)
class Thinking:
    name: str
    opens: tuple[str, ...]
    closes: tuple[str, ...]
    start_only: bool = False     # plain-text markers: only as the first thing in the output


SYNTAXES = (
    Thinking("think", ("<think>",), ("</think>",)),
    Thinking("thinking", ("<thinking>",), ("</thinking>",)),
    Thinking("mistral", ("[THINK]",), ("[/THINK]",)),
    Thinking("seed", ("<seed:think>",), ("</seed:think>",)),
    Thinking("kimi", ("◁think▷",), ("◁/think▷",)),
    Thinking("gemma4", ("<|channel>thought\n", "<|channel>thought"), ("<channel|>",)),
    Thinking("command", ("<|START_THINKING|>",), ("<|END_THINKING|>",)),
    Thinking("minimax_m3", ("<mm:think>",), ("</mm:think>",)),
    Thinking("apertus", ("<|inner_prefix|>",), ("<|inner_suffix|>",)),
    Thinking("k2_horizon", ("<ifm|think>", "<ifm|think_fast>", "<ifm|think_faster>"), ("</ifm|think>",)),
    Thinking("kimi_k3", ("<|open|>think<|sep|>",), ("<|close|>think<|sep|>",)),
    Thinking("plamo3", ("<|plamo:begin_think:plamo|>",), ("<|plamo:end_think:plamo|>",)),
    Thinking("granite", ("Here is my thought process:",), ("Here is my response:",), start_only=True),
)

# Wrappers around the answer: removed from content, the text inside kept.
STRIP = ("<answer>", "</answer>", "<response>", "</response>",
         "<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_TEXT|>",
         "<|open|>response<|sep|>", "<|close|>response<|sep|>")   # Kimi K3's reply channel

# End-of-turn special tokens a server left in the text (it did not skip special tokens): never
# content.  `</s>` is not among them: it is also HTML's strikethrough.
END_TOKENS = ("<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>", "<|end_of_text|>",
              "<end_of_turn>", "<｜end▁of▁sentence｜>")
