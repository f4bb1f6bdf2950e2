"""vLLM's tool-parser test contract, written afresh for callsieve's checks and its accuracy table.

vLLM tests its tool parsers with `run_tool_extraction` (tests/tool_parsers/utils.py, not shipped
in the wheel): the whole output through `extract_tool_calls`, or one token's text per call of
`extract_tool_calls_streaming`, the deltas folded by a reconstructor that holds the parser to
vLLM's streaming rules.  This module does the same, in its own code, for any vLLM ToolParser:

- a delta carries content or tool calls (or both), and at most one tool-call entry;
- a call's first entry has its id and name; later entries of it have neither, and are for the
  last call begun (a call is never resumed after the next one started);
- only function calls.

It imports vLLM lazily (it runs in the peers venv).
"""
from __future__ import annotations

import json


class ContractError(AssertionError):
    """The parser broke one of vLLM's streaming rules."""


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


class Reconstructor:
    """Folds streamed DeltaMessages into (content, calls), raising ContractError on a broken rule."""

    def __init__(self, one_entry_per_delta: bool = True):
        self.content = ""
        self.calls: list[dict] = []      # {"id", "name", "arguments"}
        self.one = one_entry_per_delta

    def add(self, delta) -> None:
        entries = list(delta.tool_calls or ())
        if delta.content is None and not entries:
            raise ContractError(f"a delta with neither content nor tool calls: {delta}")
        self.content += delta.content or ""
        if self.one and len(entries) > 1:
            raise ContractError(f"{len(entries)} tool-call entries in one delta: {entries}")
        for e in entries:
            f = e.function if not isinstance(e.function, dict) else type("F", (), {
                "name": e.function.get("name"), "arguments": e.function.get("arguments")})()
            if e.type not in (None, "function"):
                raise ContractError(f"not a function call: {e.type}")
            if e.index < len(self.calls):
                if f.name or e.id:
                    raise ContractError(f"call {e.index}'s id or name sent again: {e}")
                if e.index != len(self.calls) - 1:
                    raise ContractError(f"arguments for call {e.index} after call {len(self.calls) - 1} began")
                self.calls[e.index]["arguments"] += f.arguments or ""
            else:
                if e.id is None or f.name is None:
                    raise ContractError(f"a call's first entry lacks its id or name: {e}")
                if e.index != len(self.calls):
                    raise ContractError(f"call index {e.index}, expected {len(self.calls)}")
                self.calls.append({"id": e.id, "name": f.name, "arguments": f.arguments or ""})


def token_deltas(tokenizer, text: str) -> list[str]:
    """The text one token at a time, as vLLM's tests split it (decoded prefixes' differences)."""
    ids, out, seen = tokenizer.encode(text, add_special_tokens=False), [], ""
    for k in range(1, len(ids) + 1):
        now = tokenizer.decode(ids[:k])
        out.append(now[len(seen):])
        seen = now
    return out


def default_request(tools=None):
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    kw = {"tools": tools} if tools else {}
    return ChatCompletionRequest(messages=[], model="test-model", **kw)


def extract(parser, text: str, request=None, streaming: bool = False, finish: bool = False,
            one_entry_per_delta: bool = True) -> tuple[str | None, list[tuple[str, str]]]:
    """(content, [(name, arguments)]) the way vLLM's run_tool_extraction sees them.

    `finish` also calls the parser's finish_streaming() at the end, as vLLM's serving layer does
    for engine-based parsers (vLLM's test helper does not)."""
    request = request or default_request()
    if not streaming:
        info = parser.extract_tool_calls(text, request)
        if info.tools_called != bool(info.tool_calls):
            raise ContractError(f"tools_called={info.tools_called} with {len(info.tool_calls)} calls")
        return info.content, [(c.function.name, c.function.arguments) for c in info.tool_calls]
    rec, prev, prev_ids = Reconstructor(one_entry_per_delta), "", []
    vocab = parser.vocab
    for delta in token_deltas(parser.model_tokenizer, text):
        ids = [vocab[t] for t in parser.model_tokenizer.tokenize(delta) if t in vocab]
        msg = parser.extract_tool_calls_streaming(prev, prev + delta, delta, prev_ids, prev_ids + ids, ids, request)
        if msg is not None:
            rec.add(msg)
        prev, prev_ids = prev + delta, prev_ids + ids
    if finish and getattr(parser, "engine_based_streaming", False):
        msg = parser.finish_streaming()
        if msg is not None:
            rec.add(msg)
    return rec.content or None, [(c["name"], c["arguments"]) for c in rec.calls]


def same_calls(got: list[tuple[str, str]], want: list[tuple[str, dict]]) -> bool:
    try:
        return [(n, json.loads(a) if a else {}) for n, a in got] == [(n, a) for n, a in want]
    except ValueError:
        return False
