"""Rendering a chat template as a server does: jinja2 in a sandbox, with the names transformers
gives a template (`tojson`, `raise_exception`, `strftime_now`, `{% generation %}`).

transformers renders in jinja2's ImmutableSandboxedEnvironment, which refuses any change to a list
or dict (`ns.ids.append(x)`).  llama.cpp's own Jinja engine allows it, and the templates written
for it use it (Kimi K2's `tool_response_queue.ids.append(...)`): such a template is rendered
again in the plain sandbox, which allows those changes and refuses everything else the immutable
one does, on a copy of the messages and tools.

Optional: jinja2 is the `template` extra (`pip install callsieve[template]`), imported on the
first render; nothing else in callsieve imports it.  `turn` answers "what does the model write for this assistant message":
the conversation rendered with the message, less the prompt rendered before it and less the
end of the turn.
"""
from __future__ import annotations

import copy
import functools
import json
import re
from datetime import datetime

from .read import chat_template_of


class TemplateError(ValueError):
    """The template could not be rendered (it raised, or is not valid Jinja)."""


@functools.lru_cache(maxsize=2)
def _environment(mutable: bool = False):
    try:
        import jinja2
        from jinja2.ext import Extension, loopcontrols
        from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment
    except ImportError:                      # pragma: no cover - the extra is missing
        raise ImportError("rendering a chat template needs jinja2: pip install 'callsieve[template]'") from None

    class Generation(Extension):
        """transformers' `{% generation %}…{% endgeneration %}`: marks the assistant's part; a no-op here."""
        tags = {"generation"}

        def parse(self, parser):
            lineno = next(parser.stream).lineno
            body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
            return jinja2.nodes.Scope(body).set_lineno(lineno)

    def raise_exception(message):
        raise TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    sandbox = SandboxedEnvironment if mutable else ImmutableSandboxedEnvironment
    env = sandbox(trim_blocks=True, lstrip_blocks=True, extensions=[Generation, loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: datetime.now().strftime(fmt)
    return env, jinja2.TemplateError


@functools.lru_cache(maxsize=64)
def _compiled(text: str, mutable: bool = False):
    env, error = _environment(mutable)
    try:
        return env.from_string(text)
    except error as e:
        raise TemplateError(f"not a Jinja template: {e}") from None


def available() -> bool:
    """Is jinja2 installed (can templates be rendered)?"""
    try:
        _environment()
    except ImportError:
        return False
    return True


def render(template, messages: list, tools: list | None = None, add_generation_prompt: bool = False,
           **kwargs) -> str:
    """The prompt `template` (text, list form, or tokenizer_config.json dict) writes for `messages`."""
    specials = {}
    if isinstance(template, dict):
        for k in ("bos_token", "eos_token"):
            v = template.get(k)
            specials[k] = v.get("content", "") if isinstance(v, dict) else v or ""
        template = template.get("chat_template")
    text = chat_template_of(template)
    if not text:
        raise TemplateError("no chat template")
    from jinja2.sandbox import SecurityError
    _, error = _environment()
    args = {"bos_token": "", "eos_token": "", **specials, **kwargs}
    for mutable in (False, True):
        t = _compiled(text, mutable)
        given = copy.deepcopy((messages, tools)) if mutable else (messages, tools)
        try:
            return t.render(messages=given[0], tools=given[1], add_generation_prompt=add_generation_prompt, **args)
        except SecurityError as e:
            if mutable:
                raise TemplateError(f"{type(e).__name__}: {e}") from None
        except (error, TemplateError, TypeError, ValueError, KeyError, AttributeError, IndexError,
                RecursionError, ZeroDivisionError) as e:
            raise TemplateError(f"{type(e).__name__}: {e}") from None
    raise AssertionError("unreachable: the mutable sandbox raises or returns")


USER = {"role": "user", "content": "Hello there."}
END_PROBE = "Zq7 done."


def _common(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


_END_TOKEN = re.compile(r"<[^<>\s]{2,64}>|\[[A-Z_]{2,32}\]|[^\s<\[]+|\[")


def _token_start(text: str, i: int) -> int:
    """`i`, moved back to the start of a tag or special token it falls inside (the prompt's
    `<think>` and the turn's `<tool_call>` share `<`)."""
    for o, c in (("<", ">"), ("[", "]")):
        j = text.rfind(o, 0, i)
        if j >= 0 and text.find(c, j, i) < 0 and i - j <= 64:
            i = j
    return i


HEADER_WORDS = 12      # a turn's header or end is a few words: no more are looked for


def _start(prompt: str, full: str, last: list[str], own: list[str]) -> int:
    """Where the model's output begins in `full` (the conversation rendered with the message):
    right after the generation prompt `prompt` when `full` starts with it.  Else the header the
    prompt writes after the last message's text (`last`) is looked for between that text and the
    message's own (`own`) in `full`: a template may render the rest of a past conversation
    otherwise (an instruction only the prompt adds, the tool list before the last user turn
    only), or a past turn's header otherwise (`<|startofturn|><|assistant|>` where the prompt
    writes `<|assistant|>`): the output follows the longest run of that header's words found
    there (whitespace aside; the nearest of equal ones), else it begins where the two part."""
    if full.startswith(prompt):
        return len(prompt)
    lo_p = max((prompt.rfind(s) + len(s) for s in last if s in prompt), default=-1)
    lo_f = max((full.rfind(s) + len(s) for s in last if s in full), default=-1)
    if lo_p < 0 or lo_f < 0:                 # the last message is not rendered as it was given
        return _token_start(full, _common(prompt, full))
    head = prompt[lo_p:]
    if full.startswith(head, lo_f):
        return lo_f + len(head)
    hi_f = min((j for s in own if (j := full.find(s, lo_f)) >= 0), default=len(full))
    # (a header is a few words: its last HEADER_WORDS are looked for, not a whole prompt's tail)
    words = [(m.group(), m.end()) for m in _END_TOKEN.finditer(head)][-HEADER_WORDS:]
    best = None
    for i in range(len(words)):
        for j in range(len(words), i, -1):
            pattern = r"\s*".join(re.escape(w) for w, _ in words[i:j])
            found = list(re.finditer(pattern, full[lo_f:hi_f]))
            if found:
                key = (j - i, found[-1].end())
                if best is None or key > best[0]:
                    best = (key, lo_f + found[-1].end(), words[j - 1][1])
                break
    if best is None:
        return lo_f + _token_start(full[lo_f:], _common(head, full[lo_f:]))
    _, end, in_head = best
    after = head[in_head:]
    ws = after[:len(after) - len(after.lstrip())]      # the layout the header writes after the run
    return end + len(ws) if full.startswith(ws, end) else end


def turn_end(template, tools=None, **kwargs) -> str:
    """What the template writes after an assistant message's content (`<|im_end|>\\n`, …)."""
    full = render(template, [USER, {"role": "assistant", "content": END_PROBE}], tools, **kwargs)
    i = full.rfind(END_PROBE)
    return full[i + len(END_PROBE):] if i >= 0 else ""


def turn(template, message: dict, tools=None, before: list | None = None, **kwargs) -> tuple[str, str]:
    """(prompt, output): the generation prompt before `message`, and what the model writes for it
    (the rendered message, less the end of the turn).  Where the template renders a past
    assistant turn differently from the generation prompt (a thinking opener), the output is
    taken from where the two part."""
    msgs = [*(before or [USER])]
    prompt = render(template, msgs, tools, add_generation_prompt=True, **kwargs)
    full = render(template, [*msgs, message], tools, **kwargs)
    out = full[_start(prompt, full, _texts(msgs[-1]), _texts(message)):]
    # The model stops at its end-of-turn token (a server does not pass it on): what the template
    # writes from there (the token, the next turn's header) is not the model's.
    # Where the turn's end shows after all the message's own text (its tokens may be quoted in an
    # argument, and some are the syntax's own, `<|close|>`): the longest run of its tokens found,
    # then the rarest, then the first.
    # (A string may be written JSON-encoded, its quotes escaped: that spelling counts too.)
    quoted = [q for s in _texts(message) for q in (s, json.dumps(s, ensure_ascii=False)[1:-1], json.dumps(s)[1:-1])]
    after = max((out.find(s) + len(s) for s in quoted if s in out), default=0)
    # (its first HEADER_WORDS tokens: a template that renders the whole conversation again after
    # the turn, as a judge's prompt does, would cost a search per pair of its thousands of tokens)
    toks = _END_TOKEN.findall(turn_end(template, tools, **kwargs))[:HEADER_WORDS]
    best = None
    for k in range(len(toks)):
        for n in range(len(toks) - k, 0, -1):
            run = "".join(toks[k:k + n])
            at = out.find(run, after)
            if at >= 0:
                key = (-n, out.count(run, after), at)
                best = min(best or (key, at), (key, at))
                break
    if best is not None:
        out = out[:best[1]]
    return prompt, out


def _texts(message: dict) -> list[str]:
    """The strings of a message (its content, reasoning, call names and string values)."""
    out: list[str] = []
    todo = [message]
    while todo:
        v = todo.pop()
        if isinstance(v, str) and v:
            out.append(v)
        elif isinstance(v, dict):
            todo.extend(x for k, x in v.items() if k not in ("role", "type", "id"))
        elif isinstance(v, list):
            todo.extend(v)
    return out
