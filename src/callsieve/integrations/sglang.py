"""callsieve as SGLang's tool-call and reasoning parser (written against SGLang 0.5.23).

    python -m sglang.launch_server --model-path MODEL --tool-call-parser callsieve --reasoning-parser callsieve

Registered by the package's `sglang.srt.plugins` entry point (callsieve.integrations.sglang_plugin).
SGLang runs its reasoning parser first and hands the tool parser what follows, so here the two are
separate (a call written inside a thinking block that never closes stays reasoning).  SGLang's
serving layer applies tool_choice ("none", the constrained "required" path) itself; the parsers
never see the request, so parallel_tool_calls is not applied here.

This module imports SGLang: import it only inside SGLang.
"""
from __future__ import annotations

from sglang.srt.function_call.base_format_detector import BaseFormatDetector
from sglang.srt.function_call.core_types import StreamingParseResult, ToolCallItem
from sglang.srt.parser.reasoning_parser import BaseReasoningFormatDetector
from sglang.srt.parser.reasoning_parser import StreamingParseResult as ReasoningResult

import contextvars
import weakref

from callsieve.integrations.markers import Specials, markers_are_special, specials, thinking_syntax
from callsieve.integrations.steps import Step, Steps, constructor, note_streamed, tool_dicts, whole
from callsieve.reasoning import thinking_of
from callsieve.templates import seed_session


class CallsieveDetector(BaseFormatDetector):
    """`--tool-call-parser callsieve`: the calls of every family callsieve knows, detected from the output."""

    def __init__(self):
        super().__init__()
        self.steps: Steps | None = None
        self.specials: Specials | None = None   # the stream's special marker tokens (step_ids)
        self.seen = 0                           # output ids seen, when SGLang hands them cumulated

    def _steps(self, tools) -> Steps:
        if self.steps is None:   # reasoning is SGLang's reasoning parser's job (or content without one)
            step = _STEP.get()
            if step is not None:
                self.specials = specials(step[0], _decode)
            self.steps = Steps(tool_dicts(tools) or None, reasoning="none",
                               special_tokens=self.specials.texts if self.specials is not None else None)
        return self.steps

    def _special(self, text: str) -> list[int] | None:
        """Where the step's special marker tokens are in `text` (see step_ids)."""
        step = _STEP.get()
        if self.specials is None or step is None:
            return None
        _, ids, cumulative = step
        if cumulative:
            ids, self.seen = ids[self.seen:], len(ids)
        return self.specials.at(text, ids)

    def has_tool_call(self, text: str) -> bool:
        # SGLang asks this before a non-streamed parse; a cut-off call counts, so its markup is removed
        _, _, _, s = whole(text, reasoning="none", **_answer_spelling(text))
        return bool(s.calls)

    def detect_and_parse(self, text: str, tools) -> StreamingParseResult:
        _, content, calls, _ = whole(text, tools=tool_dicts(tools) or None, reasoning="none",
                                     **_answer_spelling(text))
        position = {t["function"]["name"]: i for i, t in enumerate(tool_dicts(tools))}
        return StreamingParseResult(normal_text=content, calls=[
            ToolCallItem(tool_index=position.get(c.name, -1), name=c.name, parameters="".join(c.arguments))
            for c in calls])

    def parse_streaming_increment(self, new_text: str, tools) -> StreamingParseResult:
        steps = self._steps(tools)
        return self._result(steps.feed(new_text, self._special(new_text)))

    def finish(self, tools) -> StreamingParseResult:
        return self._result(self._steps(tools).close(), end=True)

    def _result(self, step: Step, end: bool = False) -> StreamingParseResult:
        note_streamed(self, step, end)
        calls = [_item({"tool_index": c.index, "name": c.name, "parameters": c.arguments}, _ITEM)
                 for c in step.calls]
        return _parsed({"normal_text": step.content, "calls": calls}, _PARSED)

    def supports_structural_tag(self) -> bool:
        return False   # any family: there is no one tag to constrain generation to

    def structure_info(self):
        raise NotImplementedError("callsieve detects the format from the output; it has no single call structure")


# The engine step being parsed: (tokenizer, its output ids, whether they are all of the output so
# far), set around SGLang's parse by the serving hooks (step_ids, answer_ids): SGLang hands its tool
# parser text only.
_STEP: "contextvars.ContextVar[tuple | None]" = contextvars.ContextVar("callsieve_step", default=None)


def _decode(tokenizer, ids) -> str:
    return tokenizer.decode(list(ids), skip_special_tokens=False)


def _tokenizer(serving):
    """The serving object's tokenizer when callsieve is its tool parser, else None (a hook then
    runs SGLang's own code untouched)."""
    if getattr(serving, "tool_call_parser", None) != "callsieve":
        return None
    return getattr(getattr(serving, "tokenizer_manager", None), "tokenizer", None)


def _during(step: tuple, call, *args, **kwargs):
    """call(*args, **kwargs) with `step` there for the detector, and only then."""
    token = _STEP.set(step)
    try:
        return call(*args, **kwargs)
    finally:
        _STEP.reset(token)


def step_ids(original, serving, index, delta, parser_dict, content, request, *args, **kwargs):
    """AROUND OpenAIServingChat._process_tool_call_stream (an async generator): the step's output ids
    are there for callsieve's detector while SGLang runs it (a marker spelled with ordinary tokens
    is then text: callsieve.spelling)."""
    gen = original(serving, index, delta, parser_dict, content, request, *args, **kwargs)
    tokenizer = _tokenizer(serving)
    ids = content.get("output_ids") if isinstance(content, dict) else None
    if tokenizer is None or ids is None:
        return gen
    from sglang.srt.runtime_context import get_serving
    return _within(gen, (tokenizer, list(ids), not get_serving().incremental_streaming_output))


async def _within(gen, step):
    # set for each resumption only: another choice's generator may run between two
    while True:
        token = _STEP.set(step)
        try:
            item = await gen.__anext__()
        except StopAsyncIteration:
            return
        finally:
            _STEP.reset(token)
        yield item


def answer_ids(original, serving, request, ret, *args, **kwargs):
    """AROUND OpenAIServingChat._build_chat_response: a non-streamed answer's output ids, for the
    detector (one choice: with several, SGLang parses them in turn and which is which is not said)."""
    tokenizer = _tokenizer(serving)
    if tokenizer is None or len(ret) != 1 or ret[0].get("output_ids") is None:
        return original(serving, request, ret, *args, **kwargs)
    return _during((tokenizer, list(ret[0]["output_ids"]), True), original, serving, request, ret, *args, **kwargs)


def responses_stream(original, serving, request, sampling_params, result_generator, *args, **kwargs):
    """AROUND OpenAIServingResponses._responses_stream_generator_non_harmony: each engine chunk's
    output ids are there for callsieve's detector while SGLang parses that chunk (as step_ids)."""
    tokenizer = _tokenizer(serving)
    if tokenizer is not None:
        from sglang.srt.runtime_context import get_serving
        result_generator = _stepped(result_generator, tokenizer, not get_serving().incremental_streaming_output)
    return original(serving, request, sampling_params, result_generator, *args, **kwargs)


async def _stepped(results, tokenizer, cumulative: bool):
    # (an async generator runs in its consumer's context: what it sets there holds while SGLang
    # parses the chunk it yields, up to the next one)
    async for ctx in results:
        chunk = ctx if isinstance(ctx, dict) else getattr(ctx, "last_output", None)
        ids = chunk.get("output_ids") if isinstance(chunk, dict) else None
        _STEP.set((tokenizer, list(ids), cumulative) if ids is not None else None)
        yield ctx


def response_items(original, serving, *args, **kwargs):
    """AROUND OpenAIServingResponses._make_response_output_items: a non-streamed answer's output
    ids, for the detector (as answer_ids)."""
    tokenizer = _tokenizer(serving)
    ids = kwargs.get("output_ids")
    if tokenizer is None or ids is None:
        return original(serving, *args, **kwargs)
    return _during((tokenizer, list(ids), True), original, serving, *args, **kwargs)


def _answer_spelling(text: str) -> dict:
    """Whole(): where a non-streamed answer's special marker tokens are in `text` (what SGLang's
    reasoning parser left of the answer: its end), or nothing (not told, or not the answer's end)."""
    step = _STEP.get()
    if step is None:
        return {}
    sp = specials(step[0], _decode)
    if sp is None:
        return {}
    full = _decode(step[0], step[1])
    if not full.endswith(text):
        return {}
    cut = len(full) - len(text)
    found = sp.at(full, step[1]) or ()
    return {"special": [i - cut for i in found if i >= cut], "special_tokens": sp.texts}


# SGLang's per-step results, built without validating callsieve's own values again (steps.constructor)
_item, _parsed = constructor(ToolCallItem), constructor(StreamingParseResult)
_ITEM, _PARSED = frozenset({"tool_index", "name", "parameters"}), frozenset({"normal_text", "calls"})


class CallsieveReasoningDetector(BaseReasoningFormatDetector):
    """`--reasoning-parser callsieve`: thinking of any syntax callsieve knows; calls stay content."""

    def __init__(self, stream_reasoning: bool = True, force_reasoning: bool | None = None, tokenizer=None, **kwargs):
        # callsieve reads every syntax; the start and end given SGLang are the model's own (its tokenizer's
        # thinking tokens), which SGLang's structured-output gate waits for.  reasoning_default None: the
        # thinking is read from the output, not forced on every request whose template SGLang cannot read.
        syntax = thinking_syntax(tokenizer) if tokenizer is not None else None
        start, end = (syntax.opens[0], syntax.closes[0]) if syntax else ("<think>", "</think>")
        super().__init__(start, end, force_reasoning=bool(force_reasoning), stream_reasoning=stream_reasoning,
                         reasoning_default=None)
        self.steps = Steps(calls=False, thinking=True if force_reasoning else None)
        # reasoning kept back when stream_reasoning is off, as pieces (a long thought is joined
        # once, not copied at every step)
        self.held: list[str] = []

    def detect_and_parse(self, text: str) -> ReasoningResult:
        reasoning, content, _, _ = whole(text, calls=False, thinking=True if self.force_reasoning else None)
        return ReasoningResult(normal_text=content, reasoning_text=reasoning)

    def parse_streaming_increment(self, new_text: str) -> ReasoningResult:
        return self._result(self.steps.feed(new_text), end=False)

    def finish(self) -> ReasoningResult:
        return self._result(self.steps.close(), end=True)

    def _result(self, step: Step, end: bool) -> ReasoningResult:
        if self.stream_reasoning:
            return ReasoningResult(normal_text=step.content, reasoning_text=step.reasoning)
        # SGLang's stream_reasoning=False: the reasoning goes out in one piece, when the answer starts
        if step.reasoning:
            self.held.append(step.reasoning)
        if step.content or end:
            reasoning, self.held = "".join(self.held), []
            return ReasoningResult(normal_text=step.content, reasoning_text=reasoning)
        return ReasoningResult()


def keep_special_tokens(result, serving, request) -> None:
    """After OpenAIServingChat._patch_reasoning_skip_special_tokens (SGLang's per-parser list of
    reasoning parsers whose markers are special tokens): callsieve's too, when the model's are
    (Magistral's [THINK]); requests with tools already keep them."""
    if getattr(serving, "reasoning_parser", None) == "callsieve":
        tokenizer = getattr(getattr(serving, "tokenizer_manager", None), "tokenizer", None)
        if tokenizer is not None and markers_are_special(tokenizer):
            request.skip_special_tokens = False


# what each served tokenizer's chat template does by default (a template is read once, not per request)
_opens: "weakref.WeakKeyDictionary[object, bool]" = weakref.WeakKeyDictionary()


def template_opens_thinking(tokenizer) -> bool:
    """Whether the tokenizer's chat template ends its generation prompt inside an opened thinking block
    when the request does not say (callsieve's reading of the template, as the proxy's and vLLM's)."""
    try:
        return _opens[tokenizer]
    except (KeyError, TypeError):
        pass
    template = getattr(tokenizer, "chat_template", None)
    opens = isinstance(template, (str, list)) and seed_session(template, learn=False).opens_thinking
    try:
        _opens[tokenizer] = opens
    except TypeError:
        pass
    return opens


def request_thinking(result, serving, request):
    """After OpenAIServingChat._get_reasoning_from_request, for `--reasoning-parser callsieve`: whether
    the answer starts in reasoning, read as vLLM's path reads it.  SGLang answers from the chat
    template's switch when it recognises one, else from the parser's `reasoning_default`, which
    callsieve (every family) cannot have: so a DeepSeek V3.1 request with `thinking: true`, whose
    prompt ends in `<think>`, would be parsed as if thinking were off.  The request's own
    `chat_template_kwargs` (`enable_thinking` / `thinking`) or `reasoning_effort: "none"` decide;
    when it says nothing, SGLang's answer, else what the template does by default.  SGLang hands
    the answer to the detector as `force_reasoning` and to its grammar gate (`require_reasoning`,
    so a constrained "required" answer may think first)."""
    if getattr(serving, "reasoning_parser", None) != "callsieve":
        return None          # None: SGLang's own answer stands
    said = thinking_of(getattr(request, "chat_template_kwargs", None), getattr(request, "reasoning_effort", None))
    if said is not None:
        return said
    if result:
        return None
    tokenizer = getattr(getattr(serving, "tokenizer_manager", None), "tokenizer", None)
    return tokenizer is not None and template_opens_thinking(tokenizer)
