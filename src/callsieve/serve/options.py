"""What one request asks of the translation, worked out once from the Chat Completions body.

Every API the proxy speaks is first translated into a Chat Completions body (that is what goes
upstream), so this one function decides the parsing options for all of them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from callsieve.reasoning import CALLS_IN_REASONING, HOLD
from callsieve.rules import Asked
from callsieve.sources import sources
from callsieve.templates import prompt_opens

# How calls reach the client (`callsieve serve --calls`, or a request's `X-Callsieve-Calls`
# header): "whole", each call once its arguments closed and were valid (one delta with its name
# and all its arguments), or "stream", name and argument deltas as they are parsed.  "auto" is
# whole for the APIs that cannot take back what they sent (Chat Completions, Messages) and stream
# for Responses, whose items say "completed" or "incomplete" (docs/agents.md#whole-calls).
DELIVERY = ("auto", "whole", "stream")
CALLS_HEADER = "x-callsieve-calls"


def whole_calls(api: Any, server: str, header: str | None) -> bool:
    """Is a call delivered whole, for `api` (a wire.WireAPI: its `calls_whole` says what "auto"
    is), the server's `--calls` and the request's header?"""
    mode = header.strip().lower() if header and header.strip().lower() in DELIVERY else server
    if mode == "auto":
        return bool(api.calls_whole)
    return mode == "whole"


# No tool declared: with strict parsing every call is an undeclared name and goes out as text,
# which is how `tool_choice: "none"` turns call parsing off while reasoning stays split.
NO_TOOLS: list = []


def thinking_of(body: dict) -> bool | None:
    """Thinking on/off from a Chat request body; None when the request does not say."""
    return Asked.read(body.get).thinking


@dataclass
class Options:
    """What one request asks of the translation."""
    tools: list | None = None
    format: str | None = None
    reasoning: str = "auto"
    thinking: bool | None = None
    parallel_tool_calls: bool = True
    tool_choice_none: bool = False
    include_usage: bool = False
    calls_in_reasoning: bool | str = HOLD
    whole_calls: bool = False     # deliver each call only once runnable (rules.WholeCalls)
    quotes: Any = None            # the request's texts, indexed once (a call in one is a quote)

    @classmethod
    def from_request(cls, body: dict, format: str | None = None, reasoning: str = "auto",
                     calls_in_reasoning: str = "hold") -> "Options":
        """`format`, `reasoning` and `calls_in_reasoning` are the server's defaults (`--format`,
        `--reasoning-format`, `--calls-in-reasoning`)."""
        asked = Asked.read(body.get)   # the rules the engine integrations read too
        return cls(tools=asked.tools, format=format,
                   calls_in_reasoning=CALLS_IN_REASONING[calls_in_reasoning],
                   reasoning=body.get("reasoning_format") or reasoning, thinking=asked.thinking,
                   parallel_tool_calls=asked.parallel, tool_choice_none=not asked.calls,
                   include_usage=bool((body.get("stream_options") or {}).get("include_usage")),
                   quotes=sources(asked.quotes))

    def answered_whole(self) -> "Options":
        """The options of a non-streamed answer (the fold of a stream with these): its calls are
        delivered whole, and llama.cpp's deepseek-legacy, inline only while streaming, separates
        the thinking."""
        return replace(self, whole_calls=True,
                       reasoning="deepseek" if self.reasoning == "deepseek-legacy" else self.reasoning)

    def sieve_kwargs(self, session: Any = None) -> dict:
        tools = NO_TOOLS if self.tool_choice_none else self.tools
        return {"tools": tools, "format": self.format, "reasoning": self.reasoning,
                "session": session, "thinking": self.thinking,
                "calls_in_reasoning": self.calls_in_reasoning, "quotes": self.quotes}


class BadRequest(ValueError):
    """A request the proxy cannot translate: the client gets a 400 with this message."""


def text_of(content) -> str:
    """The text of a message content: a string, or a list of parts (`text`, `input_text`, …)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p if isinstance(p, str) else str(p.get("text") or "") for p in content
                       if isinstance(p, str) or isinstance(p, dict))
    raise BadRequest(f"a message content must be a string or a list of parts, not {type(content).__name__}")


def system_first(msgs: list) -> list:
    """All system text as one leading system message: many chat templates refuse a system message
    anywhere else (Claude Code and Codex send some after the first user message)."""
    system = [m["content"] for m in msgs if m["role"] == "system" and m["content"]]
    rest = [m for m in msgs if m["role"] != "system"]
    return ([{"role": "system", "content": "\n\n".join(system)}] if system else []) + rest


def prompt_thinking(session: Any, chat_body: dict, asked: bool | None) -> bool | None:
    """Whether the upstream's prompt opened thinking for this request: with the model's chat
    template known, what it renders under the request's switches (`chat_template_kwargs`, and
    `reasoning_effort`), so a switch the template does not read changes nothing and one it
    does read counts, whatever its name; else what the request asked (`asked`).  True: opened;
    False: closed; None: not said."""
    kwargs = chat_body.get("chat_template_kwargs")
    switches = dict(kwargs) if isinstance(kwargs, dict) else {}
    if isinstance(chat_body.get("reasoning_effort"), str):
        switches.setdefault("reasoning_effort", chat_body["reasoning_effort"])
    found = prompt_opens(session, switches) if getattr(session, "template", None) is not None else None
    if found is None or found:
        return asked if found is None else True
    # closed: said so when the switches closed what the template opens by default, or the request
    # turned it off; else unsaid (a model that writes its own thinking block is still read)
    return False if session.opens_thinking or asked is False else None
