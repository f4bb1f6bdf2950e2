"""The Starlette app: a proxy that parses tool calls out of upstream text.  This module only routes;
each concern has its room (docs/architecture.md, "The proxy"):

- catalogue.py: the upstream's models, one list per credential, one Session per model served;
- relay.py: the upstream client, the credentials each request takes there, and the pass-through
  of every /v1 route callsieve does not translate;
- answer.py: the translated exchange, one request in a wire API (apis.APIS: chat.py,
  responses.py, messages.py) read by request.py, streamed by translate.py or folded, and
  recorded as a typed `Exchange` (exchange.py) that the log line and the inspector read.

The upstream is always spoken to in Chat Completions.  The decisions are made sans-IO elsewhere:
what the upstream's body says (upstream_reader.py), what the answer is (turn.py over
callsieve.rules), how the client's API writes it (the encoders).
"""
from __future__ import annotations

import contextlib
import json
import logging
import os
from dataclasses import asdict
from functools import partial

import httpx
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from callsieve.serve import http1, inspect_routes, replay
from callsieve.serve.answer import Answers
from callsieve.serve.apis import APIS, COUNT_TOKENS
from callsieve.serve.capacity import Load, cannot_serve
from callsieve.serve.catalogue import Catalogue, Models
from callsieve.serve.config import Config
from callsieve.serve.guard import LOG_FILTER, Guard, allowed_hosts, is_loopback
from callsieve.serve.inspector import Inspector
from callsieve.serve.relay import Relay, upstream_base
from callsieve.serve.upstream import DefaultModel, readiness

__all__ = ["Config", "Proxy", "create_app", "app_from_env", "config_to_env", "setup_logging", "upstream_base"]
log = logging.getLogger("callsieve.serve")
CONFIG_ENV = "CALLSIEVE_SERVE_CONFIG"


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _OneName(logging.Filter):
    """uvicorn logs its start-up and errors as `uvicorn.error`, INFO lines included: call it uvicorn."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "uvicorn.error":
            record.name = "uvicorn"
        return True


def setup_logging(level: str) -> None:
    """One log, one format: callsieve's lines and uvicorn's (which runs with log_config=None)."""
    logging.basicConfig(level=level.upper(), format=LOG_FORMAT)
    for handler in logging.getLogger().handlers:
        handler.addFilter(_OneName())
    if level.upper() != "DEBUG":
        logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request is ours


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Proxy:
    """The rooms of one proxy, put together: the relay, the catalogue, the answers (and the
    inspector and replay memory they share)."""

    def __init__(self, config: Config):
        self.config = config
        self.catalogue = Catalogue()   # the upstream's model lists, one per credential
        self.relay = Relay(config, self.catalogue)
        self.base, self.secrets = self.relay.base, self.relay.secrets
        LOG_FILTER.install(self.secrets)
        self.models = Models(self.relay, self.catalogue, config.chat_template)
        self.sessions = self.models.sessions   # one Session per model served (catalogue.Models)
        self.memory = replay.Memory() if config.replay else None   # turns answered, per credential
        self.load = Load(config.max_concurrent)          # /v1 requests in flight (guard.Guard counts them)
        on = config.inspect if config.inspect is not None else is_loopback(config.host.strip("[]"))
        self.inspector = Inspector(config.inspect_keep, self.secrets.hide) if on else None
        self.answers = Answers(config, self.relay, self.models, self.memory, self.inspector)

    @property
    def client(self) -> httpx.AsyncClient:
        """The one HTTP client to the upstream (relay.py), open while the app runs."""
        return self.relay.client

    @client.setter
    def client(self, client: httpx.AsyncClient) -> None:
        self.relay.client = client

    @property
    def transport(self) -> http1.Transport | None:
        return self.relay.transport

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        async with self.relay.opened():
            await self.models.refresh()
            yield

    async def health(self, request: Request) -> Response:
        pid, url = self.config.embedded_pid, self.secrets.url
        if pid is not None and not alive(pid):  # callsieve is about to stop: it is not healthy
            return JSONResponse({"status": "failed", "upstream": url,
                                 "reason": f"the embedded llama.cpp server exited; its log: {self.config.embedded_log}"},
                                503)
        busy = cannot_serve(self.load, self.transport)
        if busy is not None:  # a load balancer sends the next request elsewhere
            return JSONResponse({"status": "overloaded", "upstream": url, "reason": busy}, 503,
                                headers={"retry-after": "1"})
        return JSONResponse({"status": "ok", "upstream": url})


def create_app(config: Config) -> Starlette:
    proxy = Proxy(config)
    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    routes = [Route("/health", proxy.health), Route("/ready", readiness),
              *[Route(api.path, partial(proxy.answers.answer, api=api), methods=["POST"]) for api in APIS],
              Route(COUNT_TOKENS, proxy.answers.count_tokens, methods=["POST"]),
              *inspect_routes.routes(proxy),
              Route("/v1/{path:path}", proxy.relay.forward, methods=methods)]
    guard = Middleware(Guard, hosts=allowed_hosts(config.host, config.allowed_hosts),
                       max_body=config.max_request_bytes, body_timeout=config.body_timeout,
                       max_concurrent=config.max_concurrent, load=proxy.load)
    app = Starlette(routes=routes, lifespan=proxy.lifespan,
                    middleware=[guard, Middleware(DefaultModel, proxy=proxy)])
    app.state.proxy = proxy
    return app


def app_from_env() -> Starlette:
    """Import-string factory for `uvicorn --workers N`: the config travels in an env variable."""
    config = Config(**json.loads(os.environ[CONFIG_ENV]))
    if config.log_level:
        setup_logging(config.log_level)
    return create_app(config)


def config_to_env(config: Config) -> None:
    os.environ[CONFIG_ENV] = json.dumps(asdict(config))
