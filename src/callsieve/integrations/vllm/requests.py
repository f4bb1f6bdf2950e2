"""What callsieve's vLLM parsers read from vLLM: the tokenizer, the model, the request; and the
DeltaMessage they answer with."""
from __future__ import annotations

import logging

from vllm.entrypoints.generate.base.protocol import DeltaFunctionCall, DeltaMessage, DeltaToolCall
from vllm.exceptions import VLLMValidationError
from vllm.renderers.chat_utils import make_tool_call_id

from callsieve import Session, formats
from callsieve.integrations.markers import MARKERS, markers_are_special, thinking_syntax  # noqa: F401
from callsieve.integrations.steps import Step, Steps, constructor, tool_dicts
from callsieve.rules import Asked
from callsieve.reasoning import SYNTAXES
from callsieve.templates import seed_session

OPENERS = tuple(o for t in SYNTAXES for o in t.opens)
logger = logging.getLogger("callsieve")


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


def prompt_thinking(tokenizer, prompt_ids) -> bool | None:
    """What the end of the prompt says of the answer's thinking: True when the chat template opened
    a block (`…assistant\\n<think>\\n`), False when it wrote an empty one (`<think>\\n\\n</think>\\n\\n`,
    thinking turned off), None when it says nothing."""
    if not prompt_ids:
        return None
    tail = decode(tokenizer, prompt_ids[-8:]).rstrip()
    if tail.endswith(OPENERS):
        return True
    for t in SYNTAXES:
        for close in t.closes:
            if tail.endswith(close) and any(tail[:-len(close)].rstrip().endswith(o) for o in t.opens):
                return False
    return None


_sessions: dict[str, Session] = {}


def session_for(model_config, tokenizer=None) -> Session | None:
    """One Session per served model, shared by its requests, so a format seen once is watched first;
    seeded from the tokenizer's chat template when it has one (the format its calls are written in,
    whether its prompt opens thinking), else from the model's name."""
    if model_config is None:
        return None
    served = getattr(model_config, "served_model_name", None)
    served = served[0] if isinstance(served, (list, tuple)) and served else served
    model = str(getattr(model_config, "model", "") or "")
    key = str(served or model)
    if key not in _sessions:
        hint = str(served) if served and formats.for_model(str(served)) else model
        template = getattr(tokenizer, "chat_template", None)
        _sessions[key] = (seed_session(template, hint, learn=False) if isinstance(template, (str, list))
                          else Session.for_model(hint, learn=False))
    return _sessions[key]


def options(request, chat_template_kwargs, *, calls: bool, reasoning: bool, session, make_id) -> dict:
    """Steps options for one request, read by the rules the proxy reads it with (callsieve.rules)."""
    asked = Asked.read(lambda name: getattr(request, name, None), chat_template_kwargs)
    tools = tool_dicts(asked.tools)
    # No tools declared (a Responses request can still say "auto"): vLLM drops whatever calls a parser
    # finds (keeps_tool_calls), so they stay text rather than vanish.
    return {"tools": tools or None, "calls": calls and asked.calls and bool(tools), "parallel": asked.parallel,
            "reasoning": "auto" if reasoning else "none", "thinking": asked.thinking,
            "session": session, "make_id": make_id, "quotes": asked.quotes}


# callsieve's format -> vLLM's structural tag for it (vllm.tool_parsers.structural_tag_registry): the
# grammar vLLM's own parser of that family sends for strict tools and --tool-strict-level.
TAGS = {"tool_call_tag": "hermes", "llama3_json": "llama", "qwen3_coder": "qwen_3_coder",
        "deepseek_v3": "deepseek_r1", "deepseek_v31": "deepseek_v3_1", "kimi_k2": "kimi",
        "kimi_k3": "kimi_k3", "glm": "glm_4_7", "minimax_m2": "minimax"}
_warned: set[str] = set()


def structural_tag_model(session) -> str | None:
    return TAGS.get(session.format) if session is not None else None


def strict_unmet(request, strict_level, session) -> None:
    """Strict tools (or --tool-strict-level) asked for, and no grammar sent: say so in the log, once
    per model, as vLLM does for its parsers without a structural tag; the calls are still parsed."""
    from vllm.tool_parsers.tool_strict_level import ToolStrictLevel
    tools = tool_dicts(getattr(request, "tools", None))
    asked = any(t["function"].get("strict") for t in tools) or (
        strict_level is not None and strict_level >= ToolStrictLevel.FUNCTION)
    tagged = getattr(getattr(request, "structured_outputs", None), "structural_tag", None) is not None
    key = getattr(session, "format", None) or "unknown"
    if tools and asked and not tagged and key not in _warned:
        _warned.add(key)
        logger.warning("callsieve: strict tool calls are not enforced for this model: vLLM has no grammar "
                       "for its tool-call format (%s); the calls are parsed, not constrained. Formats with "
                       "one: %s", key, ", ".join(sorted(TAGS)))


def check_tools(request) -> None:
    """A tool list callsieve cannot use (two tools of one name, a blank name) is the client's error: a
    400 before generation, not a failure in the middle of the stream."""
    try:
        Steps(tool_dicts(getattr(request, "tools", None)) or None)
    except ValueError as e:
        raise VLLMValidationError(f"tools: {e}", parameter="tools") from e


def delta_message(step: Step, include_reasoning: bool = True) -> DeltaMessage | None:
    """A Step as vLLM's DeltaMessage, one tool-call entry per CallDelta (see OneEntryPerDelta).

    Built as pydantic's model_construct builds a model (see steps.constructor): the values are
    callsieve's own strings and ints, already of the declared types, so validating them again (three
    models per call delta, vLLM's extra-field logger on each) would be most of the integration's
    cost per step.  The fields marked set are the ones the step has, as validated construction from those
    keys would mark them (vLLM sends the set fields; a field set to None would go out as null)."""
    calls = step.calls
    content = step.content
    if calls:
        c = calls[0]
        if c.name is None and c.arguments and len(calls) == 1 and not content and not step.reasoning:
            # most steps of a call: a piece of its arguments, alone
            return _message({"role": None, "content": None, "reasoning": None, "tool_calls": [_entry(c)]}, _CALLS)
        # an entry has a name or arguments (a CallDelta of neither sends nothing)
        calls = [_entry(c) for c in calls if c.arguments or c.name is not None]
    reasoning = step.reasoning if include_reasoning else ""
    if not calls:
        if reasoning:
            return _message({"role": None, "content": content or None, "reasoning": reasoning, "tool_calls": []},
                            _BOTH if content else _REASONING)
        return _message({"role": None, "content": content, "reasoning": None, "tool_calls": []},
                        _CONTENT) if content else None
    return _message({"role": None, "content": content or None, "reasoning": reasoning or None,
                     "tool_calls": calls}, _WITH_CALLS[bool(content), bool(reasoning)])


def _entry(c) -> DeltaToolCall:
    """One CallDelta as a tool-call entry: the call's id and name (with any arguments), or arguments."""
    if c.name is None:
        return _tool_call({"id": None, "type": None, "index": c.index,
                           "function": _function({"name": None, "arguments": c.arguments}, _ARGS)}, _NEXT)
    f = _function({"name": c.name, "arguments": c.arguments}, _NAME_ARGS) if c.arguments else \
        _function({"name": c.name, "arguments": None}, _NAME)
    return _tool_call({"id": c.id, "type": "function", "index": c.index, "function": f}, _FIRST)


_NAME_ARGS, _NAME, _ARGS = frozenset({"name", "arguments"}), frozenset({"name"}), frozenset({"arguments"})
_FIRST, _NEXT = frozenset({"id", "type", "index", "function"}), frozenset({"index", "function"})
_CONTENT, _REASONING = frozenset({"content"}), frozenset({"reasoning"})
_BOTH, _CALLS = frozenset({"content", "reasoning"}), frozenset({"tool_calls"})
_WITH_CALLS = {(c, r): frozenset({"tool_calls"} | ({"content"} if c else set()) | ({"reasoning"} if r else set()))
               for c in (False, True) for r in (False, True)}   # by (has content, has reasoning)


_message, _tool_call, _function = constructor(DeltaMessage), constructor(DeltaToolCall), constructor(DeltaFunctionCall)


def random_id(name: str, index: int) -> str:
    return make_tool_call_id()
