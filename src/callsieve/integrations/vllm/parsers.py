"""`--tool-call-parser callsieve` (alone or beside another family's reasoning parser) and the
one-pass parser vLLM gets when the flags name only callsieve."""
from __future__ import annotations

from collections.abc import Sequence

from vllm.entrypoints.generate.base.protocol import DeltaMessage, ExtractedToolCallInformation, FunctionCall, ToolCall
from vllm.parser.abstract_parser import DelegatingParser
from vllm.renderers.chat_utils import make_tool_call_id
from vllm.tool_parsers.abstract_tool_parser import ToolParser

from callsieve.integrations.markers import Specials, specials
from callsieve.integrations.steps import OneEntryPerDelta, Steps, note_streamed, whole
from callsieve.integrations.vllm.reasoning import CallsieveReasoningParser
from callsieve.integrations.vllm.requests import (check_tools, decode, delta_message, keep_special_tokens,
                                                   options, prompt_thinking, random_id, session_for,
                                                   strict_unmet, structural_tag_model)


def spelled(sp: Specials | None, text: str, ids) -> list[int] | None:
    """Where in a step's (or answer's) text its special marker tokens start: a marker spelled with
    ordinary tokens is text (callsieve.spelling).  None: not known (no ids given, or the tokenizer
    has no special marker token)."""
    return sp.at(text, ids) if sp is not None and (ids or not text) else None


class CallsieveToolParser(ToolParser):
    """`--tool-call-parser callsieve`: tool calls of every family callsieve knows, detected from the output."""

    engine_based_streaming = True   # fed deltas only, and closed through finish_streaming() at the end
    supports_required_and_named = True   # "required" / a named tool: vLLM's guided JSON path, as for hermes

    def __init__(self, tokenizer, tools=None):
        super().__init__(tokenizer, tools)
        self.steps: Steps | None = None
        self.out = OneEntryPerDelta()
        self.specials = specials(tokenizer, decode)   # (the stream's: a parser serves one request)

    def adjust_request(self, request):
        check_tools(request)
        return keep_special_tokens(super().adjust_request(request), self.model_tokenizer)

    def _options(self, request) -> dict:
        # Beside another family's reasoning parser, or none: reasoning is not ours to split.
        return options(request, None, calls=True, reasoning=False, session=None, make_id=random_id)

    def extract_tool_calls(self, model_output: str, request) -> ExtractedToolCallInformation:
        _, content, calls, _ = whole(model_output, **self._options(request))
        return ExtractedToolCallInformation(
            tools_called=bool(calls),
            tool_calls=[ToolCall(id=c.id, function=FunctionCall(name=c.name, arguments="".join(c.arguments)))
                        for c in calls],
            content=content if content.strip() or not calls else None)

    def extract_tool_calls_streaming(self, previous_text, current_text, delta_text, previous_token_ids,
                                     current_token_ids, delta_token_ids, request) -> DeltaMessage | None:
        if self.steps is None:
            sp = self.specials     # (told the ids: the Sieve is told which markers came as tokens)
            self.steps = Steps(**self._options(request), special_tokens=sp.texts if sp is not None else None)
        step = self.out.take(self.steps.feed(delta_text, spelled(self.specials, delta_text, delta_token_ids)))
        note_streamed(self, step)
        return delta_message(step)

    def finish_streaming(self) -> DeltaMessage | None:
        if self.steps is None:
            return None
        step = self.out.take(self.steps.close(), end=True)
        note_streamed(self, step, end=True)
        return delta_message(step)


class CallsieveParser(DelegatingParser):
    """Both flags callsieve: reasoning, content and calls read in one pass over the output.

    "required" and named tool choices go through vLLM's own guided-JSON path (DelegatingParser), as
    for hermes; everything else is callsieve's.
    """

    reasoning_parser_cls = CallsieveReasoningParser
    tool_parser_cls = CallsieveToolParser
    _enable_auto_tools = True

    def __init__(self, tokenizer, tools=None, *args, model_config=None, **kwargs):
        super().__init__(tokenizer, tools, *args, model_config=model_config, **kwargs)
        self.chat_template_kwargs = kwargs.get("chat_template_kwargs")
        self.session = session_for(model_config, tokenizer)
        self.prompt_thinking: bool | None = None
        self.steps: Steps | None = None
        self.forced = False   # tool_choice "required" / named: vLLM's guided-JSON path (read once)
        self.include_reasoning = True
        self.out = OneEntryPerDelta()
        self.specials = specials(tokenizer, decode)
        if self._tool_parser is not None:
            # strict tools / --tool-strict-level: the grammar of the served model's family, as its
            # own vLLM parser would send (hermes for Qwen3…), where vLLM has one
            self._tool_parser.structural_tag_model = structural_tag_model(self.session)

    def _calls(self) -> bool:
        return self.tool_parser_cls is not None

    def _reasoning(self) -> bool:
        return self.reasoning_parser_cls is not None

    def _forced(self, request) -> bool:
        """tool_choice "required" or a named tool: vLLM's guided JSON, parsed by DelegatingParser
        (unless the family's structural tag constrains the calls: then they come in its own syntax)."""
        choice = getattr(request, "tool_choice", None)
        tagged = getattr(getattr(request, "structured_outputs", None), "structural_tag", None) is not None
        return self._calls() and not tagged and (
            choice == "required" or (choice is not None and not isinstance(choice, str)))

    def adjust_request(self, request):
        request = super().adjust_request(request)
        if self._tool_parser is not None:
            strict_unmet(request, self.tool_strict_level, self.session)
        return request

    def _make_id(self, name: str, index: int) -> str:
        state = self._stream_state
        return make_tool_call_id(state.tool_call_id_type, name, state.history_tool_call_cnt + index)

    def _options(self, request, calls: bool) -> dict:
        opts = options(request, self.chat_template_kwargs, calls=calls, reasoning=self._reasoning(),
                       session=self.session, make_id=self._make_id)
        if opts["thinking"] is None and self._reasoning():
            opts["thinking"] = self.prompt_thinking
        return opts

    def set_prompt_token_ids(self, prompt_token_ids) -> None:
        super().set_prompt_token_ids(prompt_token_ids)
        self.prompt_thinking = prompt_thinking(self.model_tokenizer, prompt_token_ids)

    def is_reasoning_end(self, input_ids: list[int]) -> bool | None:
        if not self._reasoning():
            return True
        return super().is_reasoning_end(input_ids)

    def parse(self, model_output: str, request, enable_auto_tools: bool = False,
              model_output_token_ids: Sequence[int] = ()) -> tuple[str | None, str | None, list[FunctionCall] | None]:
        if self._forced(request):
            return super().parse(model_output, request, enable_auto_tools, model_output_token_ids)
        self._initialize_history_tool_call_cnt(request)
        calls_on = self._calls() and enable_auto_tools
        # Told the answer's ids (a fresh Specials: they are all here), the Sieve is told which
        # markers came as tokens; not told them, the text alone cannot tell.
        sp = specials(self.model_tokenizer, decode) if model_output_token_ids else None
        reasoning, content, calls, _ = whole(model_output, spelled(sp, model_output, model_output_token_ids),
                                             special_tokens=sp.texts if sp is not None else None,
                                             **self._options(request, calls_on))
        tool_calls = [FunctionCall(id=c.id, name=c.name, arguments="".join(c.arguments)) for c in calls]
        if tool_calls and not content.strip():
            content = ""
        return reasoning or None, content or None, tool_calls if calls_on else None

    def parse_delta(self, delta_text: str, delta_token_ids: list[int], request,
                    prompt_token_ids: list[int] | None = None, *, finished: bool) -> DeltaMessage | None:
        steps = self.steps
        if steps is not None and not finished:   # every step but the first and the last
            step = steps.feed(delta_text, spelled(self.specials, delta_text, delta_token_ids))
            return delta_message(self.out.take(step), self.include_reasoning)
        if steps is None and not self.forced:
            # the request is read once per stream, here (a parser serves one request)
            if self._forced(request):
                # vLLM's "required" streaming reads the whole text so far (previous/current), which its
                # state keeps only for parsers that are not engine-based: be one for this request.
                self._engine_based = self._stream_state.engine_based = False
                self.forced = True
            else:
                self._initialize_history_tool_call_cnt(request)
                if prompt_token_ids is not None:
                    self.set_prompt_token_ids(prompt_token_ids)
                sp = self.specials
                self.steps = Steps(**self._options(request, self._calls() and self._enable_auto_tools),
                                   special_tokens=sp.texts if sp is not None else None)
                self.include_reasoning = getattr(request, "include_reasoning", True)
        steps = self.steps
        if steps is None:    # forced
            return super().parse_delta(delta_text, delta_token_ids, request, prompt_token_ids, finished=finished)
        step = steps.feed(delta_text, spelled(self.specials, delta_text, delta_token_ids))
        if finished:
            step = step + steps.close()
        return delta_message(self.out.take(step, end=finished), self.include_reasoning)


def parser_class(*, tools: bool, reasoning: bool, strict_level=None) -> type[CallsieveParser]:
    """The unified parser for the flags given (a tool parser, a reasoning parser, or both)."""
    return type("CallsieveParser", (CallsieveParser,), {
        "tool_parser_cls": CallsieveToolParser if tools else None,
        "reasoning_parser_cls": CallsieveReasoningParser if reasoning else None,
        "tool_strict_level": strict_level, "_enable_auto_tools": tools})
