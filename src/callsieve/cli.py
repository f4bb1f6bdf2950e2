"""The command line: `callsieve parse`, `callsieve formats`, `callsieve serve`."""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from . import formats
from .message import Folder
from .reasoning import MODES
from .sieve import Sieve


class UsageError(Exception):
    """Bad input from the user: one line on stderr, exit status 2."""


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {path}: {e.strerror if isinstance(e, OSError) else e}") from None


def _tools(path: str | None):
    if path is None:
        return None
    try:
        tools = json.loads(_read(path))
    except ValueError as e:
        raise UsageError(f"invalid tools JSON in {path}: {e}") from None
    if isinstance(tools, dict) and "tools" in tools:       # a whole request body is fine too
        tools = tools["tools"]
    if not isinstance(tools, list):
        raise UsageError(f"{path}: expected a JSON list of tools")
    return tools


def _event_json(ev) -> str:
    return json.dumps({"type": type(ev).__name__, **dataclasses.asdict(ev)}, ensure_ascii=False)


def cmd_parse(args) -> int:
    if args.list_formats:
        return cmd_formats(args)
    text = _read(args.file)
    thinking = {"on": True, "off": False, None: None}[args.thinking]
    try:
        sieve = Sieve(tools=_tools(args.tools), format=args.format, reasoning=args.reasoning,
                      thinking=thinking, strict=not args.any_tool)
    except KeyError as e:
        raise UsageError(e.args[0]) from None
    except (TypeError, ValueError) as e:
        raise UsageError(f"invalid tools: {e}") from None
    size = args.chunk_size or max(len(text), 1)
    folder = Folder()
    out = sys.stdout
    for i in range(0, len(text), size):
        evs = sieve.feed(text[i:i + size])
        folder.add(evs)
        if args.stream:
            for ev in evs:
                out.write(_event_json(ev) + "\n")
    evs = sieve.close()
    folder.add(evs)
    if args.stream:
        for ev in evs:
            out.write(_event_json(ev) + "\n")
        return 0
    msg = folder.message(sieve.format)
    doc = msg.to_openai()
    doc["format"] = msg.format
    if msg.errors:
        doc["errors"] = [dataclasses.asdict(e) for e in msg.errors]
    json.dump(doc, out, ensure_ascii=False, indent=2)
    out.write("\n")
    return 0


def cmd_formats(args) -> int:
    rows = formats.table()
    if getattr(args, "json", False):
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    w = max(len(r["name"]) for r in rows)
    for r in rows:
        markers = " ".join(r["markers"]) or "(none)"
        models = ", ".join(r["models"]) or "-"
        print(f"{r['name']:<{w}}  {markers}\n{'':<{w}}  models: {models}\n{'':<{w}}  {r['description']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="callsieve", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    pp = sub.add_parser("parse", help="parse model output (a file or stdin) into an OpenAI message")
    pp.add_argument("file", nargs="?", default="-", help="file with the model's raw output, or - for stdin")
    pp.add_argument("--tools", help="JSON file with the request's tools (OpenAI list)")
    pp.add_argument("--format", help="force one format (see `callsieve formats`); default: detect")
    pp.add_argument("--reasoning", choices=MODES, default="auto")
    pp.add_argument("--thinking", choices=("on", "off"), help="the prompt opened a thinking block (on) or turned thinking off")
    pp.add_argument("--any-tool", action="store_true", help="accept calls to tools that are not declared")
    pp.add_argument("--stream", action="store_true", help="print one JSON line per event instead")
    pp.add_argument("--chunk-size", type=int, default=0, metavar="N", help="feed N characters at a time")
    pp.add_argument("--list-formats", action="store_true", help="print the table of formats and exit")
    pp.set_defaults(func=cmd_parse)

    pf = sub.add_parser("formats", help="list the formats: markers and model-name patterns")
    pf.add_argument("--json", action="store_true")
    pf.set_defaults(func=cmd_formats)

    ps = sub.add_parser("serve", help="OpenAI-compatible proxy that fixes tool calls for any model server")
    try:
        from .serve import cli as serve_cli
        serve_cli.add_arguments(ps)
        ps.set_defaults(func=serve_cli.run)
    except ImportError as e:
        missing = str(e)
        ps.set_defaults(func=lambda a: _missing(missing))
    return p


def _missing(why: str) -> int:
    print(f"callsieve serve needs starlette, uvicorn and httpx ({why}): pip install 'callsieve[local]' "
          "(or pip install starlette uvicorn httpx to proxy your own server)", file=sys.stderr)
    return 2


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "chunk_size", 0) and args.chunk_size < 0:
        parser.exit(2, "callsieve: error: --chunk-size must be positive\n")
    try:
        return args.func(args)
    except UsageError as e:
        print(f"callsieve: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
