"""Non-streamed answers: parse each choice's whole content with `callsieve.parse`.

`parse` is "feed everything, then close" through the same Sieve as the stream, so a streamed
and a non-streamed answer to the same output agree.
"""
from __future__ import annotations

from typing import Any, Callable

from callsieve.serve.options import Options
from callsieve.serve.turn import finish_reason, runnable_arguments


def parse_kwargs(opts: Options, session: Any) -> dict:
    """The Sieve's arguments for a whole answer."""
    kwargs = opts.sieve_kwargs(session)
    if kwargs["reasoning"] == "deepseek-legacy":  # legacy: inline only while streaming
        kwargs["reasoning"] = "deepseek"
    return kwargs


def translate(data: dict, opts: Options, session: Any, parse: Callable) -> tuple[dict, dict]:
    """Return the response to send and the numbers for the log line."""
    info = {"format": None, "calls": 0, "reasoning_chars": 0, "errors": 0}
    kwargs = parse_kwargs(opts, session)
    choices = []
    for choice in data.get("choices") or []:
        msg = dict(choice.get("message") or {})
        calls = [dict(tc) for tc in msg.get("tool_calls") or []]
        if calls:
            session.record("native")
        # A non-streamed answer is always delivered whole: a call that is not runnable (native
        # arguments that are no whole JSON object, a parsed call in Message.incomplete) is left
        # out of tool_calls, and the finish reason says "length" (see turn.finish_reason).
        native = len(calls)
        calls = [tc for tc in calls if runnable_arguments((tc.get("function") or {}).get("arguments") or "")]
        reasoning = msg.get("reasoning_content") or msg.pop("reasoning", None) or ""
        content, cut = msg.get("content"), native - len(calls)
        info["errors"] += cut
        if isinstance(content, str):
            m = parse(content, **kwargs)
            info["format"] = info["format"] or m.format
            info["errors"] += len(m.errors)
            cut += len(m.incomplete)
            content, reasoning = m.content, reasoning + (m.reasoning or "")
            calls += [{"id": tc.id, "type": "function",
                       "function": {"name": tc.name, "arguments": tc.arguments_json}}
                      for tc in m.tool_calls]
        if not opts.parallel_tool_calls:
            calls = calls[:1]
        msg["role"] = msg.get("role") or "assistant"
        msg["content"] = None if calls and not content else content
        if reasoning:
            msg["reasoning_content"] = reasoning
        if calls:
            msg["tool_calls"] = calls
        else:
            msg.pop("tool_calls", None)
        info["calls"] += len(calls)
        info["reasoning_chars"] += len(reasoning)
        finish = finish_reason(choice.get("finish_reason"), len(calls), cut)
        choices.append({**choice, "message": msg, "finish_reason": finish})
    return {**data, "choices": choices}, info


def completion_chunks(answer: dict) -> list[dict]:
    """A whole chat completion as the chunks a streaming upstream would have sent: one per choice
    (its message as the delta, native calls indexed), then one with the usage."""
    base = {k: answer[k] for k in ("id", "created", "model", "system_fingerprint") if k in answer}
    base["object"] = "chat.completion.chunk"
    out = []
    for n, choice in enumerate(answer.get("choices") or []):
        if not isinstance(choice, dict):
            continue
        msg = choice.get("message") if isinstance(choice.get("message"), dict) else {}
        delta = {k: msg[k] for k in ("role", "content", "reasoning_content", "reasoning") if msg.get(k) is not None}
        calls = msg.get("tool_calls")
        if isinstance(calls, list) and calls:
            delta["tool_calls"] = [{**tc, "index": k} for k, tc in enumerate(calls) if isinstance(tc, dict)]
        one = {"index": choice.get("index", n), "delta": delta, "finish_reason": choice.get("finish_reason")}
        if isinstance(choice.get("stop_reason"), str):
            one["stop_reason"] = choice["stop_reason"]
        out.append({**base, "choices": [one]})
    if isinstance(answer.get("usage"), dict):
        out.append({**base, "choices": [], "usage": answer["usage"]})
    return out
