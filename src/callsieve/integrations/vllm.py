"""callsieve as vLLM's tool-call and reasoning parser (written against vLLM 0.33).

    vllm serve MODEL --enable-auto-tool-choice --tool-call-parser callsieve --reasoning-parser callsieve

The package's `vllm.general_plugins` entry point (`callsieve.integrations.vllm_plugin:register`)
registers the name "callsieve" with vLLM's ToolParserManager and ReasoningParserManager at start-up;
`--tool-parser-plugin callsieve.integrations.vllm` does the same by importing this module.

vLLM composes the two flags into one `Parser` per request.  Its default composition runs the
reasoning parser first and hands the tool parser only what follows the reasoning; callsieve reads
both in one pass (a call written inside an unclosed thinking block is still a call), so when both
flags name callsieve, or one does and the other is unset, the plugin has vLLM compose `CallsieveParser`
instead, the way vLLM itself special-cases kimi_k3 and cohere_command.  `CallsieveToolParser` and
`CallsieveReasoningParser` also work alone, beside another family's parser.

This module imports vLLM: import it only inside vLLM.  The rest of callsieve does not need it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vllm.exceptions import VLLMValidationError
from vllm.entrypoints.generate.base.protocol import (DeltaFunctionCall, DeltaMessage, DeltaToolCall,
                                                      ExtractedToolCallInformation, FunctionCall, ToolCall)
from vllm.parser.abstract_parser import DelegatingParser
from vllm.reasoning.abs_reasoning_parsers import ReasoningParser, ReasoningParserManager
from vllm.renderers.chat_utils import make_tool_call_id
from vllm.tool_parsers.abstract_tool_parser import ToolParser, ToolParserManager

from callsieve import Session, formats
from callsieve.integrations import vllm_plugin
from callsieve.integrations.steps import Step, Steps, thinking_of, whole
from callsieve.reasoning import SYNTAXES

NAME = vllm_plugin.NAME

# Every marker callsieve reads; if the tokenizer has one as a special token, vLLM must not strip
# special tokens from the text it hands the parser.
MARKERS = frozenset(
    [m for f in formats.table() for m in (*f["markers"], f["closer"]) if m]
    + [m for t in SYNTAXES for m in (*t.opens, *t.closes)])
OPENERS = tuple(o for t in SYNTAXES for o in t.opens)
_special: dict[int, bool] = {}


def markers_are_special(tokenizer) -> bool:
    key = id(tokenizer)
    if key not in _special:
        try:
            special = set(tokenizer.get_added_vocab())
        except Exception:
            special = set(getattr(tokenizer, "all_special_tokens", ()) or ())
        _special[key] = bool(special & MARKERS)
    return _special[key]


def keep_special_tokens(request, tokenizer):
    """What vLLM's own parsers do when their markers are special tokens, unless the request chose."""
    if getattr(request, "skip_special_tokens", None) is None and markers_are_special(tokenizer):
        request.skip_special_tokens = False
    return request


def decode(tokenizer, ids) -> str:
    try:
        return tokenizer.decode(list(ids), skip_special_tokens=False)
    except TypeError:
        return tokenizer.decode(list(ids))


def prompt_opens_thinking(tokenizer, prompt_ids) -> bool:
    """The chat template ended the prompt inside a thinking block (`…assistant\\n<think>\\n`)."""
    if not prompt_ids:
        return False
    return decode(tokenizer, prompt_ids[-8:]).rstrip().endswith(OPENERS)


def tool_dicts(tools) -> list[dict]:
    """Chat Completions tools, and Responses function tools in the same shape."""
    out = []
    for t in tools or ():
        d = t.model_dump(exclude_none=True) if hasattr(t, "model_dump") else t
        if not isinstance(d, dict):
            continue
        if isinstance(d.get("function"), dict):
            out.append(d)
        elif d.get("type") == "function" and d.get("name"):
            out.append({"type": "function", "function": {"name": d["name"], "parameters": d.get("parameters") or {}}})
    return out


_sessions: dict[str, Session] = {}


def session_for(model_config) -> Session | None:
    """One Session per served model, shared by its requests, so a format seen once is watched first."""
    if model_config is None:
        return None
    served = getattr(model_config, "served_model_name", None)
    served = served[0] if isinstance(served, (list, tuple)) and served else served
    model = str(getattr(model_config, "model", "") or "")
    key = str(served or model)
    if key not in _sessions:
        hint = str(served) if served and formats.for_model(str(served)) else model
        _sessions[key] = Session.for_model(hint)
    return _sessions[key]


def options(request, chat_template_kwargs, *, calls: bool, reasoning: bool, session, make_id) -> dict:
    """Steps options for one request, read as the proxy reads them (serve.app)."""
    tools = tool_dicts(getattr(request, "tools", None))
    choice = getattr(request, "tool_choice", None)
    kwargs = chat_template_kwargs if chat_template_kwargs is not None else getattr(request, "chat_template_kwargs", None)
    return {"tools": tools or None, "calls": calls and choice != "none",
            "parallel": getattr(request, "parallel_tool_calls", True) is not False,
            "reasoning": "auto" if reasoning else "none",
            "thinking": thinking_of(kwargs, getattr(request, "reasoning_effort", None)),
            "session": session, "make_id": make_id}


def check_tools(request) -> None:
    """A tool list callsieve cannot use (two tools of one name, a blank name) is the client's error: a
    400 before generation, not a failure in the middle of the stream."""
    try:
        Steps(tool_dicts(getattr(request, "tools", None)) or None)
    except ValueError as e:
        raise VLLMValidationError(f"tools: {e}", parameter="tools") from e


def delta_message(step: Step, include_reasoning: bool = True) -> DeltaMessage | None:
    """A Step as vLLM's DeltaMessage: a call's id, type and name in one entry, its arguments in the next."""
    calls = []
    for c in step.calls:
        if c.name is not None:
            calls.append(DeltaToolCall(index=c.index, type="function", id=c.id,
                                       function=DeltaFunctionCall(name=c.name).model_dump(exclude_none=True)))
        if c.arguments:
            calls.append(DeltaToolCall(index=c.index,
                                       function=DeltaFunctionCall(arguments=c.arguments).model_dump(exclude_none=True)))
    # only the fields this step has: a field set to None would still be sent as null
    fields = {"reasoning": step.reasoning if include_reasoning else "", "content": step.content, "tool_calls": calls}
    fields = {k: v for k, v in fields.items() if v}
    return DeltaMessage(**fields) if fields else None


def joined(a: Step, b: Step) -> Step:
    return Step(a.reasoning + b.reasoning, a.content + b.content, a.calls + b.calls)


def random_id(name: str, index: int) -> str:
    return make_tool_call_id()


class Watch:
    """Whether reasoning has ended, step by step: content, a call, or a thinking block that closed."""

    def __init__(self, thinking: bool | None):
        self.steps = Steps(calls=False, thinking=thinking)
        self.was_thinking = False
        self.ended = thinking is False

    def feed(self, text: str) -> Step:
        step = self.steps.feed(text)
        think = getattr(self.steps.sieve, "_think", None) is not None   # no public "in reasoning" yet
        self.ended = self.ended or bool(step.content.strip() or step.calls) or (self.was_thinking and not think)
        self.was_thinking = think
        return step


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


class CallsieveToolParser(ToolParser):
    """`--tool-call-parser callsieve`: tool calls of every family callsieve knows, detected from the output."""

    engine_based_streaming = True   # fed deltas only, and closed through finish_streaming() at the end
    supports_required_and_named = True   # "required" / a named tool: vLLM's guided JSON path, as for hermes

    def __init__(self, tokenizer, tools=None):
        super().__init__(tokenizer, tools)
        self.steps: Steps | None = None

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
            self.steps = Steps(**self._options(request))
        step = self.steps.feed(delta_text)
        self._note(step)
        return delta_message(step)

    def finish_streaming(self) -> DeltaMessage | None:
        if self.steps is None:
            return None
        step = self.steps.close()
        self._note(step)
        return delta_message(step)

    def _note(self, step: Step) -> None:
        """Keep vLLM's bookkeeping (prev_tool_call_arr, streamed_args_for_tool) true, for code that reads it."""
        for c in step.calls:
            while len(self.prev_tool_call_arr) <= c.index:
                self.prev_tool_call_arr.append({})
                self.streamed_args_for_tool.append("")
            if c.name is not None:
                self.prev_tool_call_arr[c.index]["name"] = c.name
            self.streamed_args_for_tool[c.index] += c.arguments
            self.prev_tool_call_arr[c.index]["arguments"] = self.streamed_args_for_tool[c.index]
            self.current_tool_id = c.index


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
        self.session = session_for(model_config)
        self.prompt_thinking = False
        self.steps: Steps | None = None

    def _calls(self) -> bool:
        return self.tool_parser_cls is not None

    def _reasoning(self) -> bool:
        return self.reasoning_parser_cls is not None

    def _forced(self, request) -> bool:
        """tool_choice "required" or a named tool: vLLM's guided JSON, parsed by DelegatingParser."""
        choice = getattr(request, "tool_choice", None)
        return self._calls() and (choice == "required" or (choice is not None and not isinstance(choice, str)))

    def _make_id(self, name: str, index: int) -> str:
        state = self._stream_state
        return make_tool_call_id(state.tool_call_id_type, name, state.history_tool_call_cnt + index)

    def _options(self, request, calls: bool) -> dict:
        opts = options(request, self.chat_template_kwargs, calls=calls, reasoning=self._reasoning(),
                       session=self.session, make_id=self._make_id)
        if opts["thinking"] is None and self.prompt_thinking and self._reasoning():
            opts["thinking"] = True
        return opts

    def set_prompt_token_ids(self, prompt_token_ids) -> None:
        super().set_prompt_token_ids(prompt_token_ids)
        self.prompt_thinking = prompt_opens_thinking(self.model_tokenizer, prompt_token_ids)

    def is_reasoning_end(self, input_ids: list[int]) -> bool:
        if not self._reasoning():
            return True
        return super().is_reasoning_end(input_ids)

    def parse(self, model_output: str, request, enable_auto_tools: bool = False,
              model_output_token_ids: Sequence[int] = ()) -> tuple[str | None, str | None, list[FunctionCall] | None]:
        if self._forced(request):
            return super().parse(model_output, request, enable_auto_tools, model_output_token_ids)
        self._initialize_history_tool_call_cnt(request)
        calls_on = self._calls() and enable_auto_tools
        reasoning, content, calls, _ = whole(model_output, **self._options(request, calls_on))
        tool_calls = [FunctionCall(id=c.id, name=c.name, arguments="".join(c.arguments)) for c in calls]
        if tool_calls and not content.strip():
            content = ""
        return reasoning or None, content or None, tool_calls if calls_on else None

    def parse_delta(self, delta_text: str, delta_token_ids: list[int], request,
                    prompt_token_ids: list[int] | None = None, *, finished: bool) -> DeltaMessage | None:
        if self._forced(request):
            return super().parse_delta(delta_text, delta_token_ids, request, prompt_token_ids, finished=finished)
        if self.steps is None:
            self._initialize_history_tool_call_cnt(request)
            if prompt_token_ids is not None:
                self.set_prompt_token_ids(prompt_token_ids)
            self.steps = Steps(**self._options(request, self._calls() and self._enable_auto_tools))
        step = self.steps.feed(delta_text)
        if finished:
            step = joined(step, self.steps.close())
        return delta_message(step, getattr(request, "include_reasoning", True))


def parser_class(*, tools: bool, reasoning: bool, strict_level=None) -> type[CallsieveParser]:
    """The unified parser for the flags given (a tool parser, a reasoning parser, or both)."""
    return type("CallsieveParser", (CallsieveParser,), {
        "tool_parser_cls": CallsieveToolParser if tools else None,
        "reasoning_parser_cls": CallsieveReasoningParser if reasoning else None,
        "tool_strict_level": strict_level, "_enable_auto_tools": tools})


# `--tool-parser-plugin callsieve.integrations.vllm` only imports this module: register here too.
ToolParserManager.register_module(NAME, module=CallsieveToolParser)
ReasoningParserManager.register_module(NAME, module=CallsieveReasoningParser)
vllm_plugin.compose_unified()
