"""What callsieve's vLLM parsers read from vLLM: the tokenizer, the model, the request; and the
DeltaMessage they answer with."""
from __future__ import annotations

from vllm.entrypoints.generate.base.protocol import DeltaFunctionCall, DeltaMessage, DeltaToolCall
from vllm.exceptions import VLLMValidationError
from vllm.renderers.chat_utils import make_tool_call_id

from callsieve import Session, formats
from callsieve.integrations.steps import Step, Steps, tool_dicts
from callsieve.reasoning import thinking_of
from callsieve.reasoning import SYNTAXES

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
        _sessions[key] = Session.for_model(hint, learn=False)   # shared: learns no thinking from answers
    return _sessions[key]


def options(request, chat_template_kwargs, *, calls: bool, reasoning: bool, session, make_id) -> dict:
    """Steps options for one request, read as the proxy reads them (serve.app)."""
    tools = tool_dicts(getattr(request, "tools", None))
    choice = getattr(request, "tool_choice", None)
    kwargs = chat_template_kwargs if chat_template_kwargs is not None else getattr(request, "chat_template_kwargs", None)
    # No tools declared (a Responses request can still say "auto"): vLLM drops whatever calls a parser
    # finds (keeps_tool_calls), so they stay text rather than vanish.
    return {"tools": tools or None, "calls": calls and choice != "none" and bool(tools),
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


def random_id(name: str, index: int) -> str:
    return make_tool_call_id()
