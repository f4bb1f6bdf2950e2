"""`--reasoning-parser callsieve` on its own, beside another family's tool parser, and as vLLM's
structured-output gate (which asks where reasoning ends)."""
from __future__ import annotations

from collections.abc import Sequence

from vllm.entrypoints.generate.base.protocol import DeltaMessage
from vllm.reasoning.abs_reasoning_parsers import ReasoningParser

from callsieve.integrations.steps import Watch, whole
from callsieve.reasoning import thinking_of
from callsieve.integrations.vllm.requests import decode, delta_message, keep_special_tokens, prompt_opens_thinking


class ReasoningGate:
    """vLLM's structured-output gate asks, per decode step, whether reasoning has ended in `input_ids`:
    the prompt's ids followed by the output's, speculative tokens included and sometimes popped again.
    The answer is a function of the output prefix: its ids are fed one at a time, and the length at
    which reasoning ended is kept, so a shorter prefix is answered without feeding anything."""

    CHECK = 16   # ids compared with what was fed, to notice rejected speculative tokens

    def __init__(self, tokenizer, thinking: bool | None):
        self.tokenizer, self.thinking = tokenizer, thinking
        self.start: int | None = None       # where the output begins in input_ids
        self._restart()

    def _restart(self) -> None:
        self.watch, self.ids, self.ended_at = Watch(self.thinking), [], None

    def prompt(self, prompt_ids) -> bool:
        self.start = len(prompt_ids)
        if self.thinking is None and prompt_opens_thinking(self.tokenizer, prompt_ids):
            self.thinking = True
            self._restart()
        return self.thinking is False

    def ended(self, input_ids, delta_ids) -> bool:
        if self.thinking is False:
            return True
        if self.start is None:   # not told the prompt: the first question comes at the first step
            self.start = max(0, len(input_ids) - len(list(delta_ids)))
        out = list(input_ids[self.start:])
        n = min(len(out), len(self.ids))
        if out[max(0, n - self.CHECK):n] != self.ids[max(0, n - self.CHECK):n]:
            self._restart()      # speculative tokens fed earlier were not the ones kept
        for tid in out[len(self.ids):]:
            self.ids.append(tid)
            self.watch.feed(decode(self.tokenizer, [tid]))
            if self.ended_at is None and self.watch.ended:
                self.ended_at = len(self.ids)
        return self.ended_at is not None and len(out) >= self.ended_at


class CallsieveReasoningParser(ReasoningParser):
    """`--reasoning-parser callsieve`: thinking of any syntax callsieve knows, detected from the output."""

    # Fed deltas only; vLLM asks has_engine_confirmed_reasoning_end() and calls finish_streaming().
    engine_based_streaming = True

    def __init__(self, tokenizer, *args, **kwargs):
        super().__init__(tokenizer, *args, **kwargs)
        self.chat_template_kwargs = kwargs.get("chat_template_kwargs")
        self.gate = ReasoningGate(tokenizer, thinking_of(self.chat_template_kwargs, None))
        self.watch: Watch | None = None   # the streamed extraction, started at its first delta

    def adjust_request(self, request):
        return keep_special_tokens(request, self.model_tokenizer)

    def is_reasoning_end(self, input_ids: Sequence[int]) -> bool:
        return self.gate.prompt(input_ids)   # vLLM asks this of the prompt

    def is_reasoning_end_streaming(self, input_ids, delta_ids) -> bool:
        return self.gate.ended(input_ids, delta_ids)

    def adjust_initial_state_from_prompt(self, prompt_token_ids) -> None:
        self.gate.prompt(prompt_token_ids)

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
