"""vLLM's tool-parser test contract, for callsieve's checks and its accuracy table.

vLLM tests its tool parsers with `run_tool_extraction` (its tests/tool_parsers/utils.py, not shipped
in the wheel; bench/peers_setup.sh takes that one file from vLLM's sdist into the peers venv): the
whole output through `extract_tool_calls`, or one token's text per call of
`extract_tool_calls_streaming`, the deltas folded by its StreamingToolReconstructor, which holds the
parser to vLLM's streaming rules (a delta carries content or tool calls, at most one tool-call
entry; a call's first entry has its id and name, later ones only arguments, for the last call begun).
This module runs those utilities, adds the `finish_streaming()` call vLLM's serving layer makes for
engine-based parsers, and provides a tokenizer whose family markers are one token each.

It imports vLLM lazily (it runs in the peers venv).
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import sys


@functools.cache
def vllm_utils():
    """vLLM's tests/tool_parsers/utils.py, from the peers venv (bench/peers_setup.sh puts it there)."""
    path = os.path.join(sys.prefix, "vllm-tests", "tool_parsers_utils.py")
    if not os.path.exists(path):
        raise AssertionError(f"no {path}: rebuild the peers venv (bash bench/peers_setup.sh)")
    spec = importlib.util.spec_from_file_location("vllm_tool_parsers_utils", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class MarkerTokenizer:
    """A tokenizer whose `special` strings are one token each (as in the real models) and whose
    other text is cut into tokens of up to `width` characters, never across a special token."""

    def __init__(self, special=(), width: int = 3):
        self.special = sorted(set(special), key=len, reverse=True)
        self.width = width
        self.ids = {t: 100 + i for i, t in enumerate(self.special)}
        self.rev = {i: t for t, i in self.ids.items()}

    def tokenize(self, text: str) -> list[str]:
        out, i = [], 0
        while i < len(text):
            m = next((s for s in self.special if text.startswith(s, i)), None)
            if m is None:
                j = i + 1
                while j < len(text) and j - i < self.width and not any(text.startswith(s, j) for s in self.special):
                    j += 1
                m = text[i:j]
            out.append(m)
            i += len(m)
        return out

    def _id(self, token: str) -> int:
        if token not in self.ids:
            self.ids[token] = 10_000 + len(self.ids)
            self.rev[self.ids[token]] = token
        return self.ids[token]

    def encode(self, text, add_special_tokens=False, **kw):
        return [self._id(t) for t in self.tokenize(text)]

    def decode(self, ids, skip_special_tokens=False, **kw):
        return "".join(self.rev.get(i, "") for i in ids
                       if not (skip_special_tokens and self.rev.get(i) in self.special))

    def convert_ids_to_tokens(self, ids, skip_special_tokens=False):
        return [self.rev.get(i, "") for i in ids]

    def convert_tokens_to_ids(self, tokens):
        return [self._id(t) for t in tokens] if isinstance(tokens, list) else self._id(tokens)

    def get_vocab(self):
        return dict(self.ids)

    def get_added_vocab(self):
        return {t: self.ids[t] for t in self.special}

    @property
    def vocab(self):
        return self.get_vocab()

    @property
    def all_special_tokens(self):
        return list(self.special)

    @property
    def all_special_ids(self):
        return [self.ids[t] for t in self.special]

    def __len__(self):
        return len(self.ids)


def default_request(tools=None):
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    kw = {"tools": tools} if tools else {}
    return ChatCompletionRequest(messages=[], model="test-model", **kw)


def extract(parser, text: str, request=None, streaming: bool = False, finish: bool = False,
            one_entry_per_delta: bool = True) -> tuple[str | None, list[tuple[str, str]]]:
    """(content, [(name, arguments)]) through vLLM's run_tool_extraction.  `finish`: streamed, an
    engine-based parser is then closed with finish_streaming(), as vLLM's serving layer closes it
    (vLLM's test helper does not).  A broken streaming rule raises vLLM's AssertionError."""
    utils = vllm_utils()
    request = request or default_request()
    if not streaming:
        content, calls = utils.run_tool_extraction(parser, text, request)
        return content, [(c.function.name, c.function.arguments) for c in calls]
    rec = utils.run_tool_extraction_streaming(parser, text, request, assert_one_tool_per_delta=one_entry_per_delta)
    if finish and getattr(parser, "engine_based_streaming", False):
        last = parser.finish_streaming()
        if last is not None:
            rec.append_delta(last)
    return rec.other_content or None, [(c.function.name, c.function.arguments) for c in rec.tool_calls]


def same_calls(got: list[tuple[str, str]], want: list[tuple[str, dict]]) -> bool:
    try:
        return [(n, json.loads(a) if a else {}) for n, a in got] == [(n, a) for n, a in want]
    except ValueError:
        return False
