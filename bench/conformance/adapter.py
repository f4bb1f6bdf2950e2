"""callsieve as a CanIToolCall engine (the suite's `canitoolcall.adapters.base.Adapter` contract).

    canitoolcall run --engine bench.conformance.adapter:CallsieveAdapter --python .venv/bin/python

(from the repository root, with callsieve installed or `--env PYTHONPATH=src`).

What the adapter does, and why:
- **No format is named**: callsieve detects it, as it does for its users.
- **Units are characters** (no tokenizer is available offline): `token` is one character per
  delta, `rand:S:M` groups of 1..M characters.  A character split is harsher than any token
  split (it cuts special tokens), so nothing here is easier than on a real server.
- **`thinking=`** comes from the generation prompt, as a proxy that rendered the template knows
  it (see `thinking_from_prompt`).
- A call counts when it ends (`ToolCallEnd`): that is when a callsieve user may run it.  A call
  that ends in a `ToolCallError` without `ToolCallEnd` (cut off) is not one.  In the streams the
  arguments are the concatenated `ToolCallArgs` deltas, as an OpenAI client accumulates them, so
  the suite also checks that the deltas add up to the JSON.
"""
from __future__ import annotations

import json
from collections.abc import Sequence

import callsieve
from callsieve import (Reasoning, Sieve, Text, ToolCallArgs, ToolCallEnd, ToolCallStart, parse)
from callsieve.reasoning import SYNTAXES
from canitoolcall.adapters.base import Adapter, ReplayInput, Support
from canitoolcall.results import ParsedToolCall, ParseResult

_OPENS = tuple(m for t in SYNTAXES if not t.start_only for m in t.opens)
_CLOSES = tuple(m for t in SYNTAXES if not t.start_only for m in t.closes)


def _last(text: str, markers) -> tuple[int, str]:
    """The position and marker of the last occurrence of any of `markers` (-1 if none)."""
    best = (-1, "")
    for m in markers:
        i = text.rfind(m)
        if i > best[0] or (i == best[0] >= 0 and len(m) > len(best[1])):
            best = (i, m)
    return best


def thinking_from_prompt(prompt: str | None, flag: bool | None = None) -> bool | None:
    """`thinking=` for a turn whose chat template ended with `prompt`.

    A thinking block opened and not closed → True (the output starts inside it); an empty closed
    block (or a lone closer, DeepSeek's `</think>`) or the request's `thinking: false` → False;
    anything else → None (decided from the output).
    """
    if flag is False:
        return False
    if not prompt:
        return None
    at_open, opener = _last(prompt, _OPENS)
    at_close, _ = _last(prompt, _CLOSES)
    if at_open >= 0 and at_close < at_open:
        return True
    if at_close >= 0 and (at_open < 0 or not prompt[at_open + len(opener):at_close].strip()):
        return False
    return None


def _result(content: str, reasoning: str, calls) -> ParseResult:
    return ParseResult(content=content or None, reasoning_content=reasoning or None,
                       tool_calls=tuple(ParsedToolCall(n, a) for n, a in calls))


def replay_stream(text_deltas: Sequence[str], tools, thinking) -> ParseResult:
    """Feed the deltas one by one; fold the events as an OpenAI client folds deltas."""
    sieve = Sieve(tools=list(tools) or None, thinking=thinking)
    content, reasoning = [], []
    names: dict[int, str] = {}
    args: dict[int, list[str]] = {}
    ended: list[int] = []
    for events in [*(sieve.feed(d) for d in text_deltas), sieve.close()]:
        for ev in events:
            if type(ev) is Text:
                content.append(ev.text)
            elif type(ev) is Reasoning:
                reasoning.append(ev.text)
            elif type(ev) is ToolCallStart:
                names[ev.index], args[ev.index] = ev.name, []
            elif type(ev) is ToolCallArgs:
                args[ev.index].append(ev.delta)
            elif type(ev) is ToolCallEnd:
                ended.append(ev.index)
    return _result("".join(content), "".join(reasoning),
                   [(names[i], "".join(args[i])) for i in sorted(ended)])


def replay_whole(text: str, tools, thinking) -> ParseResult:
    msg = parse(text, tools=list(tools) or None, thinking=thinking)
    return _result(msg.content, msg.reasoning,
                   [(c.name, json.dumps(c.arguments, ensure_ascii=False)) for c in msg.tool_calls])


class CallsieveAdapter(Adapter):
    name = "callsieve"
    pinned_version = callsieve.__version__
    supports_text_deltas = True
    tokens_per_step = "many"        # every chunking counts toward a case's status

    def version(self) -> str:
        return callsieve.__version__

    def supports(self, family: str, model: str) -> Support:
        return Support(True)

    def parser_config(self, raw: ReplayInput) -> dict:
        return {"format": None, "units": "characters",
                "thinking": thinking_from_prompt(raw.generation_prompt, raw.thinking)}

    def units(self, raw: ReplayInput) -> list[int]:
        return [ord(c) for c in raw.text]

    def parse(self, raw: ReplayInput, tools) -> ParseResult:
        return replay_whole(raw.text, tools, thinking_from_prompt(raw.generation_prompt, raw.thinking))

    def parse_stream(self, raw: ReplayInput, chunks, tools) -> ParseResult:
        deltas = ["".join(map(chr, group)) for group in chunks]
        return replay_stream(deltas, tools, thinking_from_prompt(raw.generation_prompt, raw.thinking))

    def parse_stream_text(self, raw: ReplayInput, deltas, tools) -> ParseResult:
        return replay_stream(deltas, tools, thinking_from_prompt(raw.generation_prompt, raw.thinking))
