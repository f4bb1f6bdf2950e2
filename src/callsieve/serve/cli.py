"""`callsieve serve`: the arguments and the runner (the main CLI calls these two functions)."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys

REASONING_FORMATS = ["none", "auto", "deepseek", "deepseek-legacy"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    env = os.environ.get
    parser.add_argument("--upstream", default=env("CALLSIEVE_UPSTREAM"), metavar="URL",
                        help="OpenAI-compatible base URL of the model server, e.g. http://127.0.0.1:8080/v1 "
                             "(default: start an embedded llama.cpp server on Gemma 3 270M; needs callsieve[local])")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    parser.add_argument("--api-key", default=env("CALLSIEVE_API_KEY"), metavar="KEY",
                        help="require 'Authorization: Bearer KEY' (or 'x-api-key: KEY') from clients")
    parser.add_argument("--upstream-api-key", default=env("CALLSIEVE_UPSTREAM_API_KEY"), metavar="KEY",
                        help="send 'Authorization: Bearer KEY' to the upstream")
    parser.add_argument("--format", default=None, metavar="NAME", help="force one tool-call format (default: detect)")
    parser.add_argument("--reasoning-format", default="auto", choices=REASONING_FORMATS,
                        help="where thinking goes, unless a request sets reasoning_format (default: auto)")
    parser.add_argument("--workers", type=int, default=1, metavar="N", help="worker processes (default: 1)")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                        help="log level (default: info)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from callsieve.serve.app import Config, config_to_env, create_app
    from callsieve.serve.embedded import EmbeddedServer, EmbeddedUnavailable

    if args.format:
        from callsieve import formats
        if args.format not in formats.names():
            print(f"callsieve serve: unknown format {args.format!r} (known: {', '.join(formats.names())})",
                  file=sys.stderr)
            return 2
    embedded = None
    upstream = args.upstream
    if not upstream:
        print("callsieve serve: no --upstream given, starting the embedded llama.cpp server (Gemma 3 270M)...",
              file=sys.stderr)
        try:
            embedded = EmbeddedServer().start()
        except EmbeddedUnavailable as e:
            print(f"callsieve serve: {e}", file=sys.stderr)
            return 2
        upstream = embedded.url
    level = args.log_level.upper()
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if level != "DEBUG":
        logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request is ours
    # uvicorn re-raises SIGTERM after its graceful shutdown: make that an exit that runs `finally`
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    config = Config(upstream=upstream, api_key=args.api_key, upstream_api_key=args.upstream_api_key,
                    format=args.format, reasoning_format=args.reasoning_format, log_level=args.log_level)
    print(f"callsieve serve: http://{args.host}:{args.port}/v1 -> {upstream}", file=sys.stderr)
    try:
        if args.workers > 1:
            config_to_env(config)
            uvicorn.run("callsieve.serve.app:app_from_env", factory=True, host=args.host, port=args.port,
                        workers=args.workers, log_level=args.log_level)
        else:
            uvicorn.run(create_app(config), host=args.host, port=args.port, log_level=args.log_level)
    finally:
        if embedded:
            embedded.stop()
    return 0
