"""The inspector's routes (I/O only): `/inspect`, its live events, one exchange, its raw text and replay.

They are off the API paths, behind the same Host/Origin guard as every route, and behind
`--api-key` when one is set (inspector.allowed). With the inspector off there are no routes at all:
`/inspect` is a 404 like any unknown path.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from callsieve.serve import inspect_page
from callsieve.serve.apis import APIS
from callsieve.serve.inspect_view import client_view, spans
from callsieve.serve.inspector import Exchange, Inspector, allowed

HEARTBEAT_S = 15.0   # a live page gets a comment this often, so that a closed page is noticed
NO_STORE = {"cache-control": "no-store", "x-content-type-options": "nosniff",
            # the pages run only their own inline script and load nothing from anywhere
            "content-security-policy": "default-src 'none'; script-src 'unsafe-inline'; "
                                       "style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'"}


def routes(proxy: Any) -> list[Route]:
    inspector: Inspector | None = proxy.inspector
    if inspector is None:
        return []
    key = proxy.config.api_key

    def refused(request: Request) -> Response | None:
        if allowed(request.headers, key):
            return None
        return PlainTextResponse("The inspector needs the proxy's API key (any user name, the key as password).",
                                 401, {"www-authenticate": 'Basic realm="callsieve inspector", charset="UTF-8"'})

    def exchange(request: Request) -> Exchange | Response:
        ex = inspector.get(request.path_params["id"])
        if ex is None:
            return PlainTextResponse("No such exchange (the inspector keeps only the last "
                                     f"{inspector.exchanges.maxlen}).", 404)
        return ex

    async def listing(request: Request) -> Response:
        no = refused(request)
        if no:
            return no
        summaries = [ex.summary() for ex in reversed(inspector.exchanges)]
        if "application/json" in request.headers.get("accept", ""):
            return JSONResponse(summaries, headers=NO_STORE)
        return HTMLResponse(inspect_page.list_page(summaries, inspector.exchanges.maxlen or 0), headers=NO_STORE)

    async def one(request: Request) -> Response:
        no = refused(request)
        ex = exchange(request) if no is None else no
        if isinstance(ex, Response):
            return ex
        session = ex.options.get("session")
        view = spans(ex, session)
        api = next((a for a in APIS if a.name == ex.api), None)
        client = client_view(ex, api.fold if api else None)
        reasoning = inspector.hide("".join(p.reasoning for p in ex.pieces))
        if "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"exchange": ex.summary(), "errors": ex.errors, **view, "client": client,
                                 "upstream_reasoning": reasoning}, headers=NO_STORE)
        x = {**ex.summary(), "errors": ex.errors}
        return HTMLResponse(inspect_page.exchange_page(x, view, client, reasoning), headers=NO_STORE)

    async def raw(request: Request) -> Response:
        no = refused(request)
        ex = exchange(request) if no is None else no
        if isinstance(ex, Response):
            return ex
        return PlainTextResponse(ex.raw, headers={**NO_STORE, "content-disposition":
                                                  f'attachment; filename="callsieve-exchange-{ex.id}.txt"'})

    async def events(request: Request) -> Response:
        no = refused(request)
        if no:
            return no
        q = inspector.follow()
        if q is None:
            return PlainTextResponse("Too many live inspector pages are open.", 503)

        async def body():
            try:
                yield b": live\n\n"
                while q in inspector.pages:
                    try:
                        notice = await asyncio.wait_for(q.get(), HEARTBEAT_S)
                    except TimeoutError:
                        yield b": keep-alive\n\n"
                        continue
                    yield b"data: " + json.dumps(notice, ensure_ascii=False).encode() + b"\n\n"
            finally:
                inspector.leave(q)

        return StreamingResponse(body(), media_type="text/event-stream", headers=NO_STORE)

    return [Route("/inspect", listing), Route("/inspect/events", events),
            Route("/inspect/{id:int}", one), Route("/inspect/{id:int}/raw", raw)]
