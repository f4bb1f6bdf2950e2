"""A request to a wire API, read and checked: its body against the API's schema (schema.py),
translated into the Chat Completions body that goes upstream, and what answering it needs (the
parsing options of options.py, the model's Session, a Turn to make per answer).
"""
from __future__ import annotations

import json
from functools import partial
from typing import Any, Callable, NamedTuple

from starlette.requests import Request
from starlette.responses import Response

from callsieve import Sieve
from callsieve.serve import replay
from callsieve.serve.catalogue import Models
from callsieve.serve.config import Config
from callsieve.serve.options import CALLS_HEADER, BadRequest, Options, prompt_thinking, whole_calls
from callsieve.serve.schema import MAX_DEPTH, problem
from callsieve.serve.turn import Turn
from callsieve.serve.wire import WireAPI


class Translated(NamedTuple):
    """A request read and translated (`translate`): what answering it needs."""
    body: dict            # as the client sent it
    chat_body: dict       # as it goes upstream
    content: bytes        # chat_body's bytes
    make_turn: Callable[[], Turn]
    seen: dict            # what the inspector records of the request: the Sieve's options, the Session


def json_object(raw: bytes, api: Any, kind: str | None = None) -> dict | Response:
    """The request body as a dict that `api`'s schema accepts (schema.py; `kind`: another request
    of that API, count_tokens), or the 400 that says why it is not one."""
    try:
        body = json.loads(raw)
    except RecursionError:
        return api.error(400, f"callsieve: the request body is nested deeper than {MAX_DEPTH} levels.")
    except ValueError as e:
        return api.error(400, f"callsieve: the request body is not valid JSON: {e}")
    if not isinstance(body, dict):
        return api.error(400, "callsieve: the request body must be a JSON object.")
    wrong = problem(kind or api.name, body)
    return body if wrong is None else api.error(400, f"callsieve: {wrong}")


async def translate(request: Request, api: WireAPI, config: Config, models: Models,
                    memory: replay.Memory | None, upstream_headers: dict) -> Translated | Response:
    """A request in `api`, checked and translated, or the error answer it gets.  `memory`: the
    turns answered before (replay.py); `upstream_headers`: the request's, as they go upstream
    (whose model list names its model)."""
    raw = await request.body()
    body = json_object(raw, api)
    if isinstance(body, Response):
        return body
    try:
        chat_body = api.to_chat(body)
    except BadRequest as e:
        return api.error(400, f"callsieve: {e}")
    cred = replay.credential(request.headers)
    if memory is not None:   # the turns we answered, back as the model wrote them
        chat_body = memory.restore(cred, chat_body)
    opts = Options.from_request(chat_body, config.format, config.reasoning_format, config.calls_in_reasoning)
    opts.whole_calls = whole_calls(api, config.calls, request.headers.get(CALLS_HEADER))
    if not api.stream(body):
        opts = opts.answered_whole()
    sess = await models.session(api.model(body), upstream_headers)
    opts.thinking = prompt_thinking(sess, chat_body, opts.thinking)
    try:  # the tools are checked before the upstream is asked (a tool list the library rejects)
        first_sieve = Sieve(**opts.sieve_kwargs(sess))
    except (ValueError, TypeError) as e:
        return api.error(400, f"callsieve cannot use these tools: {e}")
    # the client's own bytes when nothing changed and they are UTF-8, as every upstream reads
    # JSON; a body in UTF-16 or UTF-32 (RFC 8259 8.1's detection, which json.loads applies) or
    # with a byte-order mark goes as the UTF-8 of what it says
    same = chat_body is body and json.detect_encoding(raw) == "utf-8"
    content = raw if same else json.dumps(chat_body).encode()
    make_turn = partial(replay.Written, opts, lambda: Sieve(**opts.sieve_kwargs(sess)),
                        lambda: sess.record("native"), first_sieve, memory=memory, cred=cred,
                        call_sep=sess.call_sep)
    return Translated(body, chat_body, content, make_turn, {"sieve": opts.sieve_kwargs(None), "session": sess})
