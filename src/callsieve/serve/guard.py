"""What keeps one client of a shared proxy from hurting another, or the upstream.

`Secrets` takes the upstream's credentials out of every text the proxy shows (answers, logs);
`forward_path` says which raw paths may be forwarded; `printable` makes client text safe to
log; `Guard` (ASGI middleware) refuses, before any route runs, what a web page or a careless
client could send: a foreign `Host` or `Origin`, a non-JSON body, a body too large or too slow,
more requests at once than the proxy takes.  docs/proxy-shared.md states these guarantees.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit, urlunsplit

if TYPE_CHECKING:  # uvicorn picks h11's or httptools' protocol at import time (both have what is used here)
    from uvicorn.protocols.http.h11_impl import H11Protocol as AutoHTTPProtocol
else:
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

from callsieve.serve.apis import JSON_PATHS, api_of
from callsieve.serve.capacity import Load

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}
WILDCARDS = {"0.0.0.0", "::", ""}
LOG_FIELD_CHARS = 200      # a client's string (a model name) is logged at most this long


# -- credentials ----------------------------------------------------------------------------------
def redact_url(url: str) -> str:
    """`url` without its userinfo and query values: `http://***@host/v1?key=***`."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparsable URL>"
    netloc = parts.netloc
    if "@" in netloc:
        netloc = "***@" + netloc.rsplit("@", 1)[1]
    query = "&".join(q.split("=", 1)[0] + "=***" for q in parts.query.split("&")) if parts.query else ""
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


class Secrets:
    """The credentials the proxy holds (the upstream URL's userinfo and query, the keys): `hide(text)`
    replaces each with `***`.  Every text the proxy shows about its upstream goes through it."""

    def __init__(self, upstream: str, *keys: str | None):
        parts = urlsplit(upstream)
        found = [unquote(s) for s in (parts.username, parts.password) if s]
        found += [s for s in (parts.username, parts.password) if s]
        found += [v for q in parts.query.split("&") if "=" in q for v in (q.split("=", 1)[1], unquote(q.split("=", 1)[1]))]
        found += [k for k in keys if k]
        # longest first, so that a secret containing another is replaced whole
        self.secrets = sorted({s for s in found if len(s) >= 3}, key=len, reverse=True)
        self.url = redact_url(upstream)

    def hide(self, text: str) -> str:
        for s in self.secrets:
            if s in text:
                text = text.replace(s, "***")
        return text


class HideSecrets(logging.Filter):
    """A log filter: the record's text with the secrets of every proxy in this process hidden and
    control characters escaped.  `install(secrets)` puts it on the loggers that may show them."""

    LOGGERS = ("callsieve.serve", "httpx", "httpcore", "uvicorn.error")

    def __init__(self):
        super().__init__()
        self.all: list[Secrets] = []

    def install(self, secrets: Secrets) -> None:
        self.all.append(secrets)
        for name in self.LOGGERS:
            logger = logging.getLogger(name)
            if self not in logger.filters:
                logger.addFilter(self)

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        clean = escape_controls(text)
        for secrets in self.all:
            clean = secrets.hide(clean)
        if clean != text:
            record.msg, record.args = clean, ()
        return True


LOG_FILTER = HideSecrets()


# -- log text -------------------------------------------------------------------------------------
def escaped(c: str) -> str:
    """A character as Python writes it in a string literal's escape (`\\x1b`, `\\u202e`)."""
    n = ord(c)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def escape_controls(text: str) -> str:
    """Every character Python does not call printable as a visible escape: line breaks, ESC and
    the other controls (one record, one line, no terminal sequence from a client), and the
    format characters, bidi overrides (U+202E) and isolates among them, which would make a log
    line read in another order than it was written."""
    return text if text.isprintable() else "".join(c if c.isprintable() else escaped(c) for c in text)


def printable(value, limit: int = LOG_FIELD_CHARS) -> str:
    """A client's value as one short log field."""
    text = escape_controls(str(value))
    return text if len(text) <= limit else f"{text[:limit]}…(+{len(text) - limit} chars)"


# -- forwarding -----------------------------------------------------------------------------------
def forward_path(raw_path: bytes) -> str | None:
    """The part after `/v1` of a raw request path that is genuinely under `/v1`, as it is to be
    sent upstream (still percent-encoded); None for one that is not.  A segment that decodes to
    `.` or `..`, or that hides a `/`, `\\`, `%` or a control character behind an escape, could
    name something outside `/v1` once the upstream (or a proxy in front of it) decodes it."""
    try:
        path = raw_path.decode("ascii")
    except UnicodeDecodeError:
        return None
    if not path.startswith("/v1/"):
        return None
    for seg in path[len("/v1/"):].split("/"):
        plain = unquote(seg)
        if plain in (".", "..") or (plain != seg and any(c in plain for c in "/\\%")) \
                or not plain.isprintable() or "\\" in plain:
            return None
    return path[len("/v1"):]


def sieved_path(raw_path: bytes) -> str | None:
    """The answer route (`apis.JSON_PATHS`) a raw path stands for when read leniently, as many
    upstreams read paths: empty segments, `.` segments, a trailing `/`, escapes of plain
    characters, another case (`/v1//chat/completions`, `/v1/chat/completions/`,
    `/v1/Chat/Completions`); None for any other path.  Such a near miss must not be forwarded:
    the upstream would answer it with no Sieve in between."""
    path = raw_path.decode("latin-1").split("?", 1)[0]
    plain = "/".join(seg for seg in (unquote(s).lower() for s in path.split("/")) if seg not in ("", "."))
    return next((p for p in JSON_PATHS if p.lower() == "/" + plain), None)


# -- the middleware -------------------------------------------------------------------------------
def allowed_hosts(bind: str, extra: list[str] | tuple = ()) -> set[str] | None:
    """The host names a request's `Host` may give; None: bound to every interface and no
    `--allow-host` given, where any IP address or loopback name may be given (`host_allowed`)."""
    names = {h.lower().strip("[]") for h in extra}
    bind = bind.strip("[]")
    if bind in WILDCARDS:
        return (names | LOOPBACK_NAMES) if names else None
    names.add(bind.lower())
    if is_loopback(bind):
        names |= LOOPBACK_NAMES
    return names


def host_allowed(host: str, hosts: set[str] | None) -> bool:
    """Whether a request's `Host` (its name, `host_of`) is served.  With no list (bound to every
    interface, no --allow-host), any IP address or loopback name is, and no other name: a page of
    a DNS name that was made to resolve to this machine (DNS rebinding) sends that name, and a
    client that reaches the proxy by a name of its own must be named with --allow-host.  (No
    Host at all, as an HTTP/1.0 client may send, is no page's request.)"""
    if hosts is not None:
        return host in hosts
    if host in LOOPBACK_NAMES or host == "":
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_of(value: str) -> str:
    """The host name of a `Host` header or an `Origin` (`http://h:p`), without port and brackets."""
    value = value.strip().lower()
    if "://" in value:
        value = urlsplit(value).netloc
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_json(content_type: str) -> bool:
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


class TooLarge(Exception):
    pass


class TooSlow(Exception):
    pass


class Guard:
    """ASGI middleware in front of every route (see the module docstring)."""

    def __init__(self, app, hosts: set[str] | None, max_body: int, body_timeout: float | None,
                 max_concurrent: int | None, load: Load | None = None):
        self.app, self.hosts, self.max_body, self.body_timeout = app, hosts, max_body, body_timeout
        self.max_concurrent = max_concurrent
        self.load = load if load is not None else Load(max_concurrent)   # also read by /health

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        path = scope["path"]
        refusal = self.refusal(scope, headers)
        if refusal:
            return await refuse(send, path, *refusal)
        if path.startswith("/v1/") and self.load.full():
            return await refuse(send, path, 503, f"callsieve: more than {self.max_concurrent} requests at once; "
                                "try again shortly", [(b"retry-after", b"1")])
        started = False

        async def watched_send(msg):
            nonlocal started
            started = started or msg["type"] == "http.response.start"
            await send(msg)

        counted = path.startswith("/v1/")
        self.load.active += counted
        try:
            await self.app(scope, self.limited(receive), watched_send)
        except (TooLarge, TooSlow) as e:
            if not started:
                await refuse(send, path, *self.failure(e))
        finally:
            self.load.active -= counted

    def refusal(self, scope, headers) -> tuple | None:
        host = host_of(headers.get("host", ""))
        if not host_allowed(host, self.hosts):
            return 421, (f"callsieve: requests for host {printable(host, 100)!r} are not served here "
                         "(a page may be trying DNS rebinding); start with --allow-host NAME to serve it")
        origin = headers.get("origin")
        if origin is not None and (origin == "null" or host_of(origin) not in (self.hosts or {host})):
            return 403, "callsieve: requests from web pages of other origins are refused"
        if scope["method"] == "POST" and scope["path"] in JSON_PATHS and not is_json(headers.get("content-type", "")):
            return 415, ("callsieve: the request body must be JSON, sent with 'content-type: application/json'")
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > self.max_body:
            return self.failure(TooLarge())
        return None

    def failure(self, e: Exception) -> tuple:
        if isinstance(e, TooLarge):
            return 413, f"callsieve: the request body is larger than {self.max_body} bytes (--max-request-bytes)"
        return 408, f"callsieve: the request body did not arrive within {self.body_timeout:g} s (--body-timeout)"

    def limited(self, receive):
        """`receive`, counting the body's bytes and timing it; raises TooLarge / TooSlow."""
        seen, done = 0, False
        deadline = asyncio.get_running_loop().time() + self.body_timeout if self.body_timeout else None

        async def receive_limited():
            nonlocal seen, done
            if done:
                return await receive()
            try:
                if deadline is None:
                    msg = await receive()
                else:
                    async with asyncio.timeout_at(deadline):
                        msg = await receive()
            except TimeoutError:
                raise TooSlow() from None
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_body:
                    raise TooLarge()
                done = not msg.get("more_body")
            else:
                done = True
            return msg

        return receive_limited


async def refuse(send, path: str, status: int, message: str, headers=()) -> None:
    """An error answer in the shape of the API the path belongs to (Anthropic's for /v1/messages),
    written as that API's other errors are (the same bytes as a 400 of the app would have)."""
    data = bytes(api_of(path).error(status, message).body)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": data})


# -- the connection -------------------------------------------------------------------------------
HEADER_TIMEOUT_ENV, DEFAULT_HEADER_TIMEOUT_S = "CALLSIEVE_HEADER_TIMEOUT", 10.0


class TimedHTTP(AutoHTTPProtocol):
    """uvicorn's HTTP protocol (httptools or h11, as uvicorn picks) with a header timeout: a
    connection that has not sent a whole request head within CALLSIEVE_HEADER_TIMEOUT seconds
    (default 10; 0: none) of opening, or of its last answer, is closed.  uvicorn drops idle
    connections (its keep-alive timeout), but not one that sends a header a byte at a time.
    `uvicorn.run(..., http="callsieve.serve.guard:TimedHTTP")`: by name, so --workers N can use it."""

    def connection_made(self, transport):
        self._head_timer = None
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self):
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc):
        if self._head_timer is not None:
            self._head_timer.cancel()
        super().connection_lost(exc)

    def _arm(self):
        if self._head_timer is not None:
            self._head_timer.cancel()
        timeout = float(os.environ.get(HEADER_TIMEOUT_ENV) or DEFAULT_HEADER_TIMEOUT_S)
        if timeout > 0:
            self._head_timer = self.loop.call_later(timeout, self._expire, self.cycle)

    def _expire(self, cycle):
        # no new request began since the timer was set, and none is being answered
        if self.cycle is cycle and (cycle is None or cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()
