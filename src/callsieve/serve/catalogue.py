"""The upstream's models: the one reader of a `GET /models` answer (`model_ids`), the lists the
proxy keeps (`Catalogue`), one per credential the upstream was asked with, and `Models`, which
asks the upstream for them and keeps one `Session` per model it serves (pre-seeded from the chat
template the upstream serves it with).

What the upstream lists can depend on who asks: a gateway lists the models a key may use.  When
clients pass their own keys through (the proxy has no --upstream-api-key), one client's list must
not decide another's model (which model a request without one gets, which Session a name maps
to).  So each list is kept under a hash of the credential the upstream got (its Authorization
header; none is a credential too), never the credential itself, and at most MAX_LISTS of them,
least recently used out first.  With --upstream-api-key every client shares that one list.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import httpx

from callsieve import Session
from callsieve.serve.upstream import NotOpenAI, not_openai
from callsieve.templates import seed_session

if TYPE_CHECKING:
    from callsieve.serve.relay import Relay

log = logging.getLogger("callsieve.serve")

MAX_LISTS = 256        # credentials whose model list is kept (least recently used out first)
RECHECK_S = 1.0        # a name a list lacks re-reads that list at most this often
TIMEOUT_S = 3.0        # GET /models has its own timeout: a slow one must not hold a request for long
SESSIONS_MAX = 64      # models whose Session is kept (least recently used out first)
TEMPLATE_TIMEOUT_S = 3.0  # asking the upstream for a chat template: start-up must not wait long
UNREACHABLE, NO_ENDPOINT = object(), object()   # chat_template(): no answer; no such endpoint


def model_ids(data: bytes | str) -> list[str]:
    """The model ids of a `GET /models` answer (OpenAI's `{"data": [{"id": …}, …]}`), in its order:
    each a non-empty string (anything else in the list is left out).  ValueError for an answer
    that is no such list."""
    try:
        doc = json.loads(data)
    except RecursionError:
        raise ValueError("its GET /models answer is nested too deep") from None
    items = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise ValueError("its GET /models answer has no `data` list")
    return [m["id"] for m in items if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"]]


def credential(upstream_headers) -> str:
    """Whose list: a hash of the credential the upstream gets (its Authorization header), "" for none."""
    auth = upstream_headers.get("authorization")
    return hashlib.sha256(auth.encode("utf-8", "surrogateescape")).hexdigest() if auth else ""


class Catalogue:
    """The model ids each credential's `GET /models` gave, and when."""

    def __init__(self, max_lists: int = MAX_LISTS):
        self.max_lists = max_lists
        self.lists: OrderedDict[str, tuple[list[str], float]] = OrderedDict()

    def ids(self, key: str) -> list[str]:
        """The list read last for `key` (empty if none was)."""
        if key not in self.lists:
            return []
        self.lists.move_to_end(key)
        return self.lists[key][0]

    def due(self, key: str) -> bool:
        """Whether `key`'s list may be read again now (never read, or not for RECHECK_S)."""
        return key not in self.lists or time.monotonic() - self.lists[key][1] >= RECHECK_S

    def learn(self, key: str, ids: list[str], at: float | None = None) -> list[str]:
        """Keep `ids` as `key`'s list (read at `at`, default now); returns them."""
        self.lists[key] = (ids, time.monotonic() if at is None else at)
        self.lists.move_to_end(key)
        while len(self.lists) > self.max_lists:
            self.lists.popitem(last=False)
        return ids

    def tried(self, key: str) -> None:
        """A read of `key`'s list begins: not another before RECHECK_S (its old list stays until
        the read gives a new one)."""
        self.learn(key, self.lists[key][0] if key in self.lists else [])


class Models:
    """The upstream's models as the proxy knows them: the lists (a `Catalogue`) and a Session per
    model served.  One Session per model, shared by every client: it holds only what no client's
    answer can turn against another's (docs/proxy-shared.md)."""

    def __init__(self, relay: "Relay", catalogue: Catalogue, chat_template: Any = None):
        self.relay, self.catalogue = relay, catalogue
        self.chat_template_given = chat_template   # --chat-template: wins over what the upstream says
        self.sessions: OrderedDict[str, Session] = OrderedDict()

    async def refresh(self) -> None:
        """Pre-seed a Session per upstream model (best effort: the upstream may still be loading).
        An upstream that does not answer is worth a warning: the banner alone looks like success."""
        url = self.relay.secrets.url
        try:
            ids = await self.read(self.relay.headers({}))
        except httpx.HTTPError as e:
            log.warning("the upstream %s does not answer (%s: %s): requests get 502 until it does; "
                        "GET /ready says when it is up", url, type(e).__name__, e or "no answer")
            return
        except NotOpenAI as e:
            log.warning("the upstream %s %s: give the base URL of an OpenAI-compatible server "
                        "(llama.cpp, Ollama, vLLM: http://HOST:PORT/v1)", url, e)
            return
        except ValueError as e:
            log.warning("the upstream %s lists no models (%s): it may still be loading its model; "
                        "GET /ready says when it is up", url, e)
            return
        ask = True
        for model in ids[:SESSIONS_MAX]:
            template = await self.chat_template(model) if ask else None
            # an upstream with neither endpoint (vLLM, a cloud API) is not asked once per model
            ask = ask and template is not NO_ENDPOINT
            self.remember(model, template)

    async def read(self, headers: dict, timeout: float | None = None) -> list[str]:
        """The upstream's model ids as the credential in `headers` (a request's upstream headers)
        sees them, read now and kept in the catalogue under it.  Raises httpx.HTTPError (no
        answer in `timeout`, default TIMEOUT_S) or ValueError (a status other than 200, or no
        model list)."""
        key = credential(headers)
        self.catalogue.tried(key)   # requests meanwhile go on with the list as it is, not wait too
        r = await self.relay.client.get(self.relay.base + "/models", headers=headers, timeout=timeout or TIMEOUT_S)
        if r.status_code != 200:
            foreign = not_openai("GET /v1/models", r.status_code, r.headers.get("content-type"), r.content)
            raise NotOpenAI(foreign) if foreign else ValueError(f"it answers {r.status_code} to GET /models")
        return self.catalogue.learn(key, model_ids(r.content))

    async def known(self, headers: dict) -> list[str]:
        """The list `headers`' credential got, read first if it never was (or an empty list)."""
        key = credential(headers)
        ids = self.catalogue.ids(key)
        if not ids and self.catalogue.due(key):  # not read for this credential yet (or still starting)
            with contextlib.suppress(Exception):  # the request goes on as it is; the upstream will say
                ids = await self.read(headers)
        return ids

    async def served(self, model: str, headers: dict) -> str | None:
        """The upstream model a request's `model` names, in the list its credential (`headers`, the
        request's upstream headers) gets: itself when listed, the one model of a single-model
        upstream (llama.cpp serves it whatever the name), else None.  A name the list lacks (a
        model pulled since) re-reads it, at most every RECHECK_S."""
        key = credential(headers)
        ids = self.catalogue.ids(key)
        if model not in ids and self.catalogue.due(key):
            with contextlib.suppress(httpx.HTTPError, ValueError):
                ids = await self.read(headers)
        if model in ids:
            return model
        return ids[0] if len(ids) == 1 else None

    async def session(self, model: str, headers: dict) -> Session:
        """The Session of the model a request names.  One seen for the first time (a model swap)
        is pre-seeded from the chat template the upstream serves it with, so that its first turn
        already knows whether the prompt opened thinking.  Only models the upstream serves are
        asked about and kept (at most SESSIONS_MAX, least recently used out first): any other
        name gets a fresh Session from its name alone, and costs nothing later."""
        key = await self.served(model, headers)
        if key is None:
            return Session.for_model(model, learn=False)
        sess = self.sessions.get(key)
        if sess is not None:
            self.sessions.move_to_end(key)
            return sess
        return self.remember(key, await self.chat_template(key))

    def remember(self, model: str, template: Any) -> Session:
        found = isinstance(template, (str, list, dict))
        # learn=False: shared by every client, a Session learns nothing from answers about
        # thinking (one client's answer must not change another's); the template says it.
        sess = (seed_session(template, model, learn=False) if found
                else Session.for_model(model, learn=False))
        if template is UNREACHABLE:  # not remembered: the next request asks again
            return sess
        sess = self.sessions.setdefault(model, sess)  # two first requests at once share one
        self.sessions.move_to_end(model)
        while len(self.sessions) > SESSIONS_MAX:
            self.sessions.popitem(last=False)
        return sess

    async def chat_template(self, model: str) -> Any:
        """The upstream's template for `model`: llama.cpp's `GET /props` (`chat_template`),
        else Ollama's `POST /api/show` (`template`). None if they do not say, NO_ENDPOINT if
        neither exists, UNREACHABLE if the upstream did not answer (down, or loading).  Short,
        never fatal, and nothing but the upstream is asked.  A --chat-template given wins."""
        if self.chat_template_given is not None:
            return self.chat_template_given
        root = self.relay.base.removesuffix("/v1")
        asks = (("GET", root + "/props", None), ("POST", root + "/api/show", {"model": model}))
        answered, endpoint = False, False
        for method, url, body in asks:
            try:
                r = await self.relay.client.request(method, url, json=body, headers=self.relay.headers({}),
                                                    timeout=TEMPLATE_TIMEOUT_S)
                answered = answered or r.status_code < 500
                endpoint = endpoint or r.status_code == 200
                doc = r.json() if r.status_code == 200 else {}
            except Exception:  # noqa: BLE001 - an upstream without these endpoints, or down
                continue
            if not isinstance(doc, dict):
                continue
            settings = doc.get("default_generation_settings")
            for found in (doc.get("chat_template"), (settings or {}).get("chat_template")
                          if isinstance(settings, dict) else None, doc.get("template")):
                if found and isinstance(found, (str, list)):
                    return found
        return UNREACHABLE if not answered else None if endpoint else NO_ENDPOINT
