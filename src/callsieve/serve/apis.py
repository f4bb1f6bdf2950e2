"""The wire APIs the proxy speaks, once: the routes, the middleware's paths, the auth hints and the
error shapes come from this tuple (each a `wire.WireAPI`)."""
from __future__ import annotations

from callsieve.serve import chat, messages, responses
from callsieve.serve.wire import WireAPI

APIS: tuple[WireAPI, ...] = (chat, responses, messages)   # mypy checks each module against WireAPI
PATHS = tuple(api.path for api in APIS)          # the requests whose answers the proxy translates
COUNT_TOKENS = messages.path + "/count_tokens"   # answered by the proxy itself (an estimate)
JSON_PATHS = PATHS + (COUNT_TOKENS,)             # the requests whose body must be JSON


def api_of(path: str) -> WireAPI:
    """The API a path belongs to, for its error shape (Chat Completions' for any other /v1 path)."""
    return next((api for api in APIS if path == api.path or path.startswith(api.path + "/")), chat)
