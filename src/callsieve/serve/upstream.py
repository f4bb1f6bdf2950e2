"""What the proxy knows of its upstream: whether it answers (`GET /ready`) and its model ids.

`/health` says the proxy process is alive; `/ready` says whether a chat request could be served
now, so a load balancer sends traffic only where the model server is up (and loaded: llama.cpp
answers 503 while it loads a model).

`DefaultModel` fills in the upstream's only model id when a chat request names no model: the
answer's `model` then is that id, the one `/v1/models` lists, where llama-cpp-python would write
the path of its GGUF file.
"""
from __future__ import annotations

import json
import re

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse

from callsieve.serve.apis import PATHS   # "model" means the same in each
from callsieve.serve.guard import printable

NO_SUCH_ENDPOINT = (404, 405, 501)   # the path or the method is unknown there: not an OpenAI-compatible API
TITLE = re.compile(rb"<title[^>]*>(.*?)</title", re.I | re.S)
READY_TIMEOUT_S = 3.0  # a load balancer's probe must get an answer, even from a hung upstream
NO_MODEL = re.compile(rb'"model"\s*:\s*(null|"")')


def what_it_is(content_type: str | None, data: bytes) -> str | None:
    """What a body is in a few words, when it is not the JSON object an OpenAI-compatible server
    answers with (an HTML page, plain text, nothing); None when it is one."""
    try:
        if isinstance(json.loads(data), dict):
            return None
    except (ValueError, RecursionError):
        pass
    text = data.strip()
    if not text:
        return "an empty body"
    title = TITLE.search(text[:4096])
    if title or (content_type or "").lower().startswith("text/html") or text[:1] == b"<":
        name = printable(title.group(1).decode("utf-8", "replace").strip(), 80) if title else ""
        return f"an HTML page ({name!r})" if name else "an HTML page"
    kind = printable((content_type or "no content-type").split(";", 1)[0].strip(), 60)
    return f"{kind} ({printable(text[:80].decode('utf-8', 'replace'), 80)!r})"


class NotOpenAI(ValueError):
    """The upstream's answer shows it is no OpenAI-compatible API (its message says why)."""


def not_openai(request: str, status: int, content_type: str | None, data: bytes) -> str | None:
    """Why an upstream's error answer to `request` ("POST /chat/completions") shows it is no
    OpenAI-compatible API (a 404, 405 or 501 that is no JSON error: another kind of server, or the
    wrong URL), else None (a JSON error, or a server error page: the upstream's own answer)."""
    found = what_it_is(content_type, data)
    if found is None or status not in NO_SUCH_ENDPOINT:
        return None
    return f"is not an OpenAI-compatible API: {request} answered {status} with {found}"


async def readiness(request: Request) -> JSONResponse:
    proxy = request.app.state.proxy
    shown = proxy.secrets.url
    try:
        ids = await proxy.models.read(proxy.relay.headers({}), READY_TIMEOUT_S)   # (the proxy's own credential)
    except httpx.HTTPError as e:
        return JSONResponse({"status": "unavailable", "upstream": shown,
                             "reason": proxy.secrets.hide(f"unreachable ({type(e).__name__}: {e or 'no answer'})")}, 503)
    except Exception as e:  # noqa: BLE001 - a wrong answer: the upstream is not ready, whatever it said
        return JSONResponse({"status": "unavailable", "upstream": shown,
                             "reason": proxy.secrets.hide(str(e) or repr(e))}, 503)
    return JSONResponse({"status": "ready", "upstream": shown, "models": ids})




class DefaultModel:
    """ASGI middleware: a request without a model gets the upstream's model, if it has one only:
    in the list the request's own credential gets (catalogue.py), never another client's."""

    def __init__(self, app, proxy):
        self.app, self.proxy = app, proxy

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] not in PATHS:
            return await self.app(scope, receive, send)
        messages = []
        while True:
            msg = await receive()
            messages.append(msg)
            if msg["type"] != "http.request" or not msg.get("more_body"):
                break
        body = b"".join(m.get("body", b"") for m in messages)  # joined once: linear in the body's size
        if msg["type"] == "http.request" and (b'"model"' not in body or NO_MODEL.search(body)):
            named = await self.with_model(body, {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]})
            if named is not None:
                messages = [{"type": "http.request", "body": named, "more_body": False}]
        replay = iter(messages)

        async def receive_again():
            # the buffered request first; then the client's own channel (a disconnect must still arrive)
            return next(replay, None) or await receive()

        await self.app(scope, receive_again, send)

    async def with_model(self, body: bytes, incoming: dict) -> bytes | None:
        try:
            doc = json.loads(body)
        except (ValueError, RecursionError):
            return None  # the app answers 400
        if not isinstance(doc, dict) or doc.get("model"):
            return None
        # as the request goes upstream: whose list it is
        ids = await self.proxy.models.known(self.proxy.relay.headers(incoming))
        if len(ids) != 1:
            return None
        doc["model"] = ids[0]
        return json.dumps(doc).encode()
