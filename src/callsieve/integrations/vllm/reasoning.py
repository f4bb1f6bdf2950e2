"""`--reasoning-parser callsieve` on its own, beside another family's tool parser, and as vLLM's
structured-output gate (which asks where reasoning ends)."""
from __future__ import annotations

from collections.abc import Sequence

from vllm.entrypoints.generate.base.protocol import DeltaMessage
from vllm.parser.engine.adapters import ParserEngineReasoningAdapter
from vllm.parser.engine.parser_engine import ReasoningEnd
from vllm.reasoning.abs_reasoning_parsers import ReasoningParser

from callsieve.integrations.steps import Watch, whole
from callsieve.reasoning import thinking_of
from callsieve.integrations.vllm.requests import (OPENERS, decode, delta_message, keep_special_tokens,
                                                   prompt_thinking, thinking_syntax)


class ReasoningGate:
    """vLLM's structured-output gate asks, per decode step, whether reasoning has ended in `input_ids`:
    the prompt's ids followed by the output's, speculative tokens included and sometimes popped again.
    The answer is a function of the output prefix: its ids are fed one at a time, and the length at
    which reasoning ended is kept, so a shorter prefix is answered without feeding anything.

    vLLM starts the grammar *after* the token at which this says "ended" (that token closed the
    thinking block).  An answer that starts without thinking has no such token: `first_content`
    finds its first token, which vLLM then shows to the grammar (an "implicit" end)."""

    CHECK = 16   # ids compared with what was fed, to notice rejected speculative tokens
    ids: list[int]              # the output's ids fed so far (set by _restart)
    ended_at: int | None        # how many of them there were when reasoning ended

    def __init__(self, tokenizer, thinking: bool | None):
        self.tokenizer, self.thinking = tokenizer, thinking
        self.start: int | None = None       # where the output begins in input_ids
        self.single: frozenset[str] | None = None   # the openers that are one token here
        self._restart()

    def _restart(self) -> None:
        self.watch, self.ids, self.ended_at, self.blank = Watch(self.thinking), [], None, True

    def prompt(self, prompt_ids) -> bool | None:
        """Ended before the output (True), not (False), or up to the output (None)."""
        self.start = len(prompt_ids)
        if self.thinking is None:
            said = prompt_thinking(self.tokenizer, prompt_ids)
            if said is not None:
                self.thinking = said
                self._restart()
        return None if self.thinking is None else not self.thinking

    def ended(self, input_ids, delta_ids) -> bool:
        if self.thinking is False:
            return True
        if self.start is None:   # not told the prompt: the first question comes at the first step
            self.prompt(input_ids[:max(0, len(input_ids) - len(list(delta_ids)))])
            if self.thinking is False:
                return True
        out = list(input_ids[self.start:])
        n = min(len(out), len(self.ids))
        if out[max(0, n - self.CHECK):n] != self.ids[max(0, n - self.CHECK):n]:
            self._restart()      # speculative tokens fed earlier were not the ones kept
        for tid in out[len(self.ids):]:
            self.ids.append(tid)
            text = decode(self.tokenizer, [tid])
            self.blank = self.blank and not text.strip()
            self.watch.feed(text)
            if self.ended_at is None and self.watch.ended:
                self.ended_at = len(self.ids)
        return self.ended_at is not None and len(out) >= self.ended_at

    def first_content(self, token_ids) -> int | None:
        """The offset in `token_ids` (the next tokens) of the answer's first token, when the output so
        far is blank and the answer starts there without a thinking block; else None."""
        if self.thinking is True or self.start is None or not self.blank:
            return None
        for offset, tid in enumerate(token_ids):
            text = decode(self.tokenizer, [tid]).lstrip()
            if not text:
                continue
            return None if self._could_open(text) else offset
        return None

    def _could_open(self, text: str) -> bool:
        """Whether a first token could begin a thinking block.  When the vocabulary has openers as
        tokens of their own (Qwen3's `<think>`, Magistral's `[THINK]`), the model thinks with those,
        and only those tokens begin a block: a `[` opening a JSON list, or a `<` opening a call tag,
        is the answer's first token.  Otherwise any text that begins an opener might."""
        if self.single is None:
            try:
                vocab = self.tokenizer.get_vocab()
            except Exception:
                vocab = {}
            self.single = frozenset(o for o in OPENERS if o in vocab)
        if self.single:
            return text.startswith(tuple(self.single))
        return any(o.startswith(text[:len(o)]) for o in OPENERS)


class CallsieveReasoningParser(ParserEngineReasoningAdapter):
    """`--reasoning-parser callsieve`: thinking of any syntax callsieve knows, detected from the output.

    A ParserEngineReasoningAdapter only so vLLM's structured-output gate asks `find_reasoning_end`,
    its one way to show the grammar the token that ended reasoning (an answer without thinking);
    no ParserEngine is made, every method is callsieve's."""

    # Fed deltas only; vLLM asks has_engine_confirmed_reasoning_end() and calls finish_streaming().
    engine_based_streaming = True

    def __init__(self, tokenizer, *args, **kwargs):
        ReasoningParser.__init__(self, tokenizer, *args, **kwargs)
        self.chat_template_kwargs = kwargs.get("chat_template_kwargs")
        self.gate = ReasoningGate(tokenizer, thinking_of(self.chat_template_kwargs, None))
        self.watch: Watch | None = None   # the streamed extraction, started at its first delta
        self.syntax = thinking_syntax(tokenizer)

    # What vLLM's thinking_token_budget forces and counts: the model's own markers, when its
    # tokenizer has them (none known: vLLM asks for --reasoning-config, as without a parser).
    @property
    def reasoning_start_str(self) -> str | None:
        return self.syntax.opens[0] if self.syntax else None

    @property
    def reasoning_end_str(self) -> str | None:
        return self.syntax.closes[0] if self.syntax else None

    @property
    def reasoning_end_token_ids(self) -> frozenset[int]:
        # vLLM consults find_reasoning_end only when this is non-empty; -1 is no token (its padding)
        ids = {self.vocab.get(c) for c in (self.syntax.closes if self.syntax else ())} - {None}
        return frozenset(ids or {-1})

    @property
    def implicit_reasoning_end_token_ids(self) -> frozenset[int]:
        return frozenset()

    @property
    def opens_reasoning_in_content(self) -> bool:
        """vLLM 0.34 asks this (the adapter's own reads a ParserEngine callsieve never makes): yes, a
        thinking block that opens after content has started is reasoning too (interleaved thinking),
        as in callsieve's non-streamed parse; so vLLM keeps feeding this parser after reasoning ends
        when no tool parser follows it."""
        return True

    def adjust_request(self, request):
        return keep_special_tokens(request, self.model_tokenizer)

    def is_reasoning_end(self, input_ids: Sequence[int]) -> bool | None:
        # vLLM asks this of the prompt.  None ("the output will tell") makes vLLM's serving layer let
        # the engine's own gate read the prompt too (ChatCompletionRequest.resolve_reasoning_ended).
        return self.gate.prompt(input_ids)

    def is_reasoning_end_streaming(self, input_ids, delta_ids) -> bool:
        return self.gate.ended(input_ids, delta_ids)

    def find_reasoning_end(self, token_ids: Sequence[int]) -> ReasoningEnd | None:
        offset = self.gate.first_content(list(token_ids))
        return None if offset is None else ReasoningEnd(offset, True)

    def adjust_initial_state_from_prompt(self, prompt_token_ids) -> None:
        self.gate.prompt(prompt_token_ids)

    set_prompt_token_ids = ReasoningParser.set_prompt_token_ids
    count_reasoning_tokens = ReasoningParser.count_reasoning_tokens

    def get_streaming_fallback_content(self, text, request) -> str | None:
        return None   # finish_streaming sends what is left

    def extract_content_ids(self, input_ids: list[int]) -> list[int]:
        return input_ids

    def extract_reasoning(self, model_output: str, request) -> tuple[str | None, str | None]:
        thinking = thinking_of(self.chat_template_kwargs, getattr(request, "reasoning_effort", None))
        reasoning, content, _, _ = whole(model_output, calls=False,
                                         thinking=thinking if thinking is not None else self.gate.thinking)
        return reasoning or None, content or None

    def extract_reasoning_streaming(self, previous_text, current_text, delta_text, previous_token_ids,
                                    current_token_ids, delta_token_ids) -> DeltaMessage | None:
        if self.watch is None:
            self.watch = Watch(self.gate.thinking)
        return delta_message(self.watch.feed(delta_text))

    def has_engine_confirmed_reasoning_end(self) -> bool:
        return self.watch is not None and self.watch.ended

    def finish_streaming(self) -> DeltaMessage | None:
        if self.watch is None:
            self.watch = Watch(self.gate.thinking)
        return delta_message(self.watch.steps.close())
