"""`callsieve serve`: the arguments and the runner (the main CLI calls these two functions).

This module imports only the standard library at the top: every `callsieve` command reads its
arguments, and only `serve` needs the proxy stack.
"""
from __future__ import annotations

import argparse
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
import urllib.parse
from typing import Any

from callsieve.reasoning import MODES

from callsieve.cli import CALLS_HELP, UsageError, install_command, positive_int, resolve_format
from callsieve.reasoning import CALLS_IN_REASONING
from callsieve.serve.capacity import UPSTREAM_TIMEOUT_S, WRITE_TIMEOUT_S
from callsieve.serve.options import DELIVERY

TIMED_HTTP = "callsieve.serve.guard:TimedHTTP"  # uvicorn's protocol with a header timeout


def add_arguments(parser: argparse.ArgumentParser) -> None:
    env = os.environ.get
    parser.add_argument("--upstream", default=env("CALLSIEVE_UPSTREAM"), metavar="URL", type=upstream_url,
                        help="OpenAI-compatible base URL of the model server, e.g. http://127.0.0.1:8080/v1 "
                             "(default: start an embedded llama.cpp server on Gemma 3 270M, which needs the "
                             "'local' extra)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=port_number, default=8000, help="port to listen on (default: 8000)")
    parser.add_argument("--api-key", default=env("CALLSIEVE_API_KEY"), metavar="KEY",
                        help="require 'Authorization: Bearer KEY' (or 'x-api-key: KEY') from clients")
    parser.add_argument("--upstream-api-key", default=env("CALLSIEVE_UPSTREAM_API_KEY"), metavar="KEY",
                        help="send 'Authorization: Bearer KEY' to the upstream")
    parser.add_argument("--format", default=None, metavar="NAME",
                        help="force one tool-call format, a name or alias from 'callsieve formats' (default: detect)")
    parser.add_argument("--reasoning-format", default="auto", choices=MODES,
                        help="where thinking goes, unless a request sets reasoning_format (default: auto)")
    parser.add_argument("--calls-in-reasoning", default="hold", choices=sorted(CALLS_IN_REASONING),
                        help=CALLS_HELP)
    parser.add_argument("--calls", default="auto", choices=DELIVERY,
                        help="how tool calls reach clients: 'whole' (each call once its arguments closed "
                             "and were valid, in one piece), 'stream' (deltas as parsed), or 'auto': whole "
                             "for Chat Completions and Messages, stream for Responses (default: auto; a "
                             "request may choose with the header X-Callsieve-Calls)")
    # a shared deployment: limits and timeouts (docs/proxy-shared.md)
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="also serve requests whose Host is NAME (repeatable; by default only the --host "
                             "address, and loopback names when bound to loopback; bound to 0.0.0.0 or ::, any IP "
                             "address and localhost, no other name: a web page cannot use DNS rebinding to reach "
                             "the proxy)")
    parser.add_argument("--upstream-timeout", type=seconds_or_zero, default=UPSTREAM_TIMEOUT_S, metavar="S",
                        help="give up on an upstream that sends nothing for S seconds: before its answer "
                             "(a non-streamed one comes whole) or between two pieces of a stream "
                             f"(default: {UPSTREAM_TIMEOUT_S:g}; 0: wait forever)")
    parser.add_argument("--write-timeout", type=seconds_or_zero, default=WRITE_TIMEOUT_S, metavar="S",
                        help="end the answer of a client that takes no bytes for S seconds while the proxy has "
                             "some to send, and close its upstream request: a client that stops reading holds "
                             f"no upstream connection (default: {WRITE_TIMEOUT_S:g}; 0: wait forever)")
    parser.add_argument("--keepalive", type=seconds_or_zero, default=10.0, metavar="S",
                        help="send a streaming client a keep-alive (an SSE comment; ping in Messages) when "
                             "nothing went out for S seconds, as while a model thinks or the upstream is silent "
                             "(default: 10; 0: never)")
    parser.add_argument("--max-request-bytes", type=positive_int, default=32 * 1024 * 1024, metavar="N",
                        help="refuse larger request bodies with a 413 (default: 32 MiB)")
    parser.add_argument("--body-timeout", type=positive_float, default=60.0, metavar="S",
                        help="a request body must arrive within S seconds, else 408 (default: 60)")
    parser.add_argument("--header-timeout", type=positive_float, default=10.0, metavar="S",
                        help="close a connection that has not sent its request head within S seconds (default: 10)")
    parser.add_argument("--max-concurrent", type=positive_int, default=256, metavar="N",
                        help="/v1 requests served at once per worker; more get a 503 with Retry-After (default: 256)")
    parser.add_argument("--chat-template", metavar="FILE",
                        help="the served model's chat template (Jinja, or a tokenizer_config.json), for an "
                             "upstream that does not serve it (vLLM, SGLang): seeds the format and thinking")
    parser.add_argument("--inspect", default="auto", choices=["auto", "on", "off"],
                        help="the inspector page at /inspect (what the model wrote beside what each client got): "
                             "auto = on when listening on loopback only; 'on' elsewhere too (behind --api-key "
                             "if set); 'off' (default: auto)")
    parser.add_argument("--inspect-keep", type=positive_int, default=20, metavar="N",
                        help="exchanges the inspector keeps, in memory only (default: 20)")
    parser.add_argument("--no-replay", dest="replay", action="store_false",
                        help="keep no memory of the turns answered (by default a turn that comes back in a later "
                             "request is given back as the model wrote it: docs/proxy-shared.md#the-replay-memory)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="N", help="worker processes (default: 1)")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                        help="log level (default: info)")


def seconds_or_zero(text: str) -> float:
    """A positive number of seconds, or 0 (never)."""
    with contextlib.suppress(ValueError):
        if float(text) == 0:
            return 0.0
    return positive_float(text)


def positive_float(text: str) -> float:
    try:
        n = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not n > 0 or n == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return n


def upstream_url(text: str) -> str:
    """An http:// or https:// URL with a host; anything else would fail every request later."""
    try:
        parts = urllib.parse.urlsplit(text.strip())
        ok = parts.scheme in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number in range
    except ValueError:
        ok = False
    if not ok:
        hint = f"; did you mean http://{text.strip()}?" if "://" not in text and text.strip() else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not an http:// or https:// URL with a host{hint}")
    return text.strip()


def template_file(path: str):
    from ..templates import load
    try:
        return load(path)
    except OSError as e:
        raise SystemExit(f"callsieve serve: cannot read --chat-template {path}: {e.strerror}") from None


def port_number(text: str) -> int:
    n = positive_int(text)
    if n > 65535:
        raise argparse.ArgumentTypeError(f"a port is at most 65535, got {n}")
    return n


def port_problem(host: str, port: int) -> str | None:
    """Why callsieve could not listen on host:port, found before any model is loaded; None if it can.

    The port is bound and released at once, the way uvicorn will bind it (SO_REUSEADDR, so a port
    whose last connections are in TIME_WAIT counts as free).
    """
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                          flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as e:
        return f"cannot listen on {host!r} ({e.strerror}); give an address of this machine with --host"
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                return (f"port {port} on {host} is already in use (another callsieve serve?); "
                        f"choose a free one with --port, e.g. --port {port + 1}")
            return f"cannot listen on {host}:{port} ({e.strerror}); choose another --port or --host"
    return None


def run(args: argparse.Namespace) -> int:
    from callsieve.serve import embedded
    from callsieve.serve.app import setup_logging

    problem = start_problem(args, embedded)
    if problem:
        return fail(problem)
    embedded_server = None
    upstream = args.upstream
    if not upstream:
        print("callsieve serve: no --upstream given: starting the embedded llama.cpp server on Gemma 3 270M "
              "(a few seconds)...", file=sys.stderr, flush=True)
        try:
            embedded_server = embedded.EmbeddedServer().start()
        except embedded.EmbeddedUnavailable as e:
            return fail(str(e))
        upstream = embedded_server.url
        print(f"callsieve serve: {embedded_server.describe()}", file=sys.stderr, flush=True)
    setup_logging(args.log_level)
    config = proxy_config(args, upstream, embedded_server)
    from callsieve.serve.guard import HEADER_TIMEOUT_ENV
    os.environ[HEADER_TIMEOUT_ENV] = str(args.header_timeout)  # read by each worker's connections
    for line in banner(args, upstream):
        print(line, file=sys.stderr)
    # uvicorn re-raises SIGTERM after its graceful shutdown: make that an exit that runs `finally`
    # (set first: the supervisor of --workers N installs its own handlers)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    server = supervised(args, config)
    if embedded_server:
        embedded_server.watch(server.fail)
    try:
        return server.run()
    finally:
        if embedded_server:
            embedded_server.stop(keep_log=server.failure is not None)


def banner(args: argparse.Namespace, upstream: str) -> list[str]:
    """What start-up says: where it listens and forwards to (the upstream URL's password and
    query values hidden: the banner ends up in terminals and service logs), and a warning when
    the network can reach a proxy that asks for no key."""
    from callsieve.serve.guard import is_loopback, redact_url
    from callsieve.serve.app import upstream_base
    # the upstream spelt as every later line spells it: with its /v1, credentials hidden
    lines = [f"callsieve serve: http://{args.host}:{args.port}/v1 -> {redact_url(upstream_base(upstream))}"]
    if not args.api_key and not is_loopback(args.host.strip("[]")):
        lines.append(f"callsieve serve: warning: listening on {args.host} without --api-key: anyone who can "
                     f"reach port {args.port} can use the upstream model (and any --upstream-api-key); give "
                     "--api-key KEY (or CALLSIEVE_API_KEY), or listen on 127.0.0.1. Requests whose Host is a "
                     "name (not an IP address or localhost) are refused unless --allow-host lists it")
    inspect = getattr(args, "inspect", "auto")
    if inspect == "on" or (inspect == "auto" and is_loopback(args.host.strip("[]"))):
        lines.append(f"callsieve serve: the inspector: http://{args.host}:{args.port}/inspect")
    return lines


def start_problem(args: argparse.Namespace, embedded) -> str | None:
    """Why `serve` cannot start with these arguments, found before any model loads; None if it
    can.  A --format is resolved to its format's name on the way."""
    if args.api_key == "":
        return ("--api-key (or CALLSIEVE_API_KEY) is empty, which would turn authentication off: "
                "give a key, or leave it unset")
    if args.format:
        try:
            args.format = resolve_format(args.format)
        except UsageError as e:
            return str(e)
    if not args.upstream and embedded.missing_packages():
        return (f"without --upstream, callsieve runs a local model, which needs "
                f"{', '.join(embedded.missing_packages())}; install it with: {install_command(local=True)}\n"
                f"  (this compiles llama.cpp: a few minutes), or proxy a running server: "
                f"callsieve serve --upstream http://127.0.0.1:8080/v1")
    return port_problem(args.host, args.port)


def proxy_config(args: argparse.Namespace, upstream: str, embedded_server):
    """The proxy's Config from the arguments (and the embedded server, if one runs)."""
    from callsieve.serve.app import Config
    return Config(upstream=upstream, api_key=args.api_key, upstream_api_key=args.upstream_api_key,
                  format=args.format, reasoning_format=args.reasoning_format, log_level=args.log_level,
                  calls_in_reasoning=args.calls_in_reasoning, calls=args.calls, host=args.host, allowed_hosts=args.allow_host,
                  timeout=args.upstream_timeout or None, write_timeout=args.write_timeout or None,
                  max_request_bytes=args.max_request_bytes,
                  body_timeout=args.body_timeout, max_concurrent=args.max_concurrent, keepalive=args.keepalive,
                  inspect={"auto": None, "on": True, "off": False}[args.inspect], inspect_keep=args.inspect_keep,
                  chat_template=template_file(args.chat_template) if args.chat_template else None,
                  replay=args.replay,
                  embedded_pid=embedded_server.child.pid if embedded_server else None,
                  embedded_log=embedded_server.log_path if embedded_server else None,
                  embedded_context=embedded_server.context if embedded_server else None)


def supervised(args: argparse.Namespace, config) -> Supervised:
    """uvicorn serving the proxy: in this process, or in --workers N processes (which build the
    app from the environment config_to_env fills)."""
    import uvicorn

    from callsieve.serve.app import config_to_env, create_app

    # uvicorn's access log would be a second line per request, with the status of the headers
    # (200 for a stream that later broke off): callsieve writes the one line, and uvicorn's own
    # lines go through the same log format.
    kw = dict(host=args.host, port=args.port, log_level=args.log_level, log_config=None, access_log=False,
              http=TIMED_HTTP)
    if args.workers > 1:
        config_to_env(config)
        return Supervised(uvicorn.Config("callsieve.serve.app:app_from_env", factory=True, workers=args.workers,
                                         **kw))
    return Supervised(uvicorn.Config(create_app(config), **kw))


class Supervised:
    """uvicorn's server (or its supervisor of --workers N), with the exit status it should have.

    uvicorn stops gracefully on SIGINT / SIGTERM and then returns as if nothing happened; a
    Ctrl-C must exit 130 here as it does while the model loads (128 + the signal). `fail()`
    stops it from another thread, when the embedded llama.cpp server died: exit status 1.
    """

    def __init__(self, config):
        import uvicorn
        from uvicorn.supervisors import Multiprocess

        self.signal: int | None = None
        self.failure: str | None = None
        outer = self

        class Server(uvicorn.Server):
            def handle_exit(self, sig, frame):
                outer.signal = outer.signal or sig
                super().handle_exit(sig, frame)

        class Supervisor(Multiprocess):
            def handle_int(self):
                outer.signal = outer.signal or signal.SIGINT
                super().handle_int()

            def handle_term(self):
                outer.signal = outer.signal or signal.SIGTERM
                super().handle_term()

        self.config, self.server = config, Server(config)
        self.supervisor: Multiprocess | None = None
        if config.workers > 1:
            sockets = [config.bind_socket()]
            supervise: Any = Supervisor  # Any: its signature depends on the uvicorn installed
            try:
                self.supervisor = supervise(config, sockets=sockets)
            except TypeError:  # older uvicorn also takes the worker's target
                self.supervisor = supervise(config, target=self.server.run, sockets=sockets)

    def run(self) -> int:
        if self.supervisor:
            self.supervisor.run()
        else:
            self.server.run()
        if self.failure is not None:
            return 1
        if self.signal is not None:
            return 128 + self.signal
        return 0 if self.supervisor or self.server.started else 3  # 3: uvicorn's "could not start"

    def fail(self, message: str) -> None:
        logging.getLogger("callsieve.serve").error("%s; callsieve serve stops", message)
        self.failure = message
        if self.supervisor:
            self.supervisor.should_exit.set()
        else:
            self.server.should_exit = True


def fail(message: str) -> int:
    print(f"callsieve serve: error: {message}", file=sys.stderr)
    return 2
