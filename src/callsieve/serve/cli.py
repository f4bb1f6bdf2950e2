"""`callsieve serve`: the arguments and the runner (the main CLI calls these two functions)."""
from __future__ import annotations

import argparse
import errno
import logging
import os
import signal
import socket
import sys

from callsieve.cli import CALLS_HELP, UsageError, install_command, positive_int, resolve_format
from callsieve.reasoning import CALLS_IN_REASONING

REASONING_FORMATS = ["none", "auto", "deepseek", "deepseek-legacy"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    env = os.environ.get
    parser.add_argument("--upstream", default=env("CALLSIEVE_UPSTREAM"), metavar="URL",
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
    parser.add_argument("--reasoning-format", default="auto", choices=REASONING_FORMATS,
                        help="where thinking goes, unless a request sets reasoning_format (default: auto)")
    parser.add_argument("--calls-in-reasoning", default="hold", choices=sorted(CALLS_IN_REASONING),
                        help=CALLS_HELP)
    parser.add_argument("--chat-template", metavar="FILE",
                        help="the served model's chat template (Jinja, or a tokenizer_config.json), for an "
                             "upstream that does not serve it (vLLM, SGLang): seeds the format and thinking")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="N", help="worker processes (default: 1)")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                        help="log level (default: info)")


def template_file(path: str):
    from ..template import load
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
    import uvicorn

    from callsieve.serve.app import Config, config_to_env, create_app
    from callsieve.serve import embedded

    if args.format:
        try:
            args.format = resolve_format(args.format)
        except UsageError as e:
            return fail(str(e))
    if not args.upstream and embedded.missing_packages():
        return fail(f"without --upstream, callsieve runs a local model, which needs "
                    f"{', '.join(embedded.missing_packages())}; install it with: {install_command(local=True)}\n"
                    f"  (this compiles llama.cpp: a few minutes), or proxy a running server: "
                    f"callsieve serve --upstream http://127.0.0.1:8080/v1")
    problem = port_problem(args.host, args.port)
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
    level = args.log_level.upper()
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if level != "DEBUG":
        logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request is ours
    # uvicorn re-raises SIGTERM after its graceful shutdown: make that an exit that runs `finally`
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    config = Config(upstream=upstream, api_key=args.api_key, upstream_api_key=args.upstream_api_key,
                    format=args.format, reasoning_format=args.reasoning_format, log_level=args.log_level,
                    calls_in_reasoning=args.calls_in_reasoning,
                    chat_template=template_file(args.chat_template) if args.chat_template else None)
    print(f"callsieve serve: http://{args.host}:{args.port}/v1 -> {upstream}", file=sys.stderr)
    try:
        if args.workers > 1:
            config_to_env(config)
            uvicorn.run("callsieve.serve.app:app_from_env", factory=True, host=args.host, port=args.port,
                        workers=args.workers, log_level=args.log_level)
        else:
            uvicorn.run(create_app(config), host=args.host, port=args.port, log_level=args.log_level)
    finally:
        if embedded_server:
            embedded_server.stop()
    return 0


def fail(message: str) -> int:
    print(f"callsieve serve: error: {message}", file=sys.stderr)
    return 2
