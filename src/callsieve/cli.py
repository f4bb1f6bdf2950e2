"""The command line: `callsieve parse`, `callsieve formats`, `callsieve serve`.

Each command imports what it needs when it runs, inside `main()`: `--version` and `parse` never
load the proxy stack (starlette, httpx, anyio), and a Ctrl-C while anything loads is an exit
with status 130 like any other Ctrl-C, not a traceback.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import Session

try:  # a Ctrl-C while even these load is a quiet exit too (the console script imports this module)
    import argparse
    import dataclasses
    import difflib
    import json
    import os
    import shutil
    import textwrap
    import unicodedata
    from pathlib import Path

    from . import __version__
except KeyboardInterrupt:
    sys.exit(130)

CALLS_HELP = ("a tool call written inside an open thinking block: hold = held until text after it or the "
              "block's closer (it was a thought: reasoning) or the output's end (it was the call); "
              "call = a call at once; reasoning = always reasoning text (default: hold)")

DESCRIPTION = textwrap.fill("Turn raw LLM output (tool-call markup of every major model family, thinking "
                            "blocks) into text, reasoning and tool calls, as it streams.", 79)
EPILOG = """examples:
  echo '<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>' | callsieve parse
  callsieve parse model-output.txt --tools tools.json
  some-model | callsieve parse - --stream
  callsieve formats
  callsieve serve --upstream http://127.0.0.1:8080/v1"""


class UsageError(Exception):
    """Bad input from the user: one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors look like every other error: one line, exit status 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# -- install hints: a checkout and an installed package need different commands -------------------

def checkout_root() -> Path | None:
    """The source checkout this callsieve runs from (`pip install -e .` or PYTHONPATH=src), if any."""
    root = Path(__file__).resolve().parents[2]
    try:
        return root if 'name = "callsieve"' in (root / "pyproject.toml").read_text(encoding="utf-8") else None
    except OSError:
        return None


def install_command(local: bool) -> str:
    """What to run for the proxy's dependencies (local=False) or for the embedded model too."""
    root = checkout_root()
    if root is None:
        return "pip install 'callsieve[local]'" if local else "pip install callsieve"
    here = Path.cwd().resolve() == root
    if local:
        return "setup/install.sh" if here else f"{root}/setup/install.sh"
    return "pip install -e ." if here else f"pip install -e {root}"


# -- input ---------------------------------------------------------------------------------------

def _read(path: str) -> str:
    name = "stdin" if path == "-" else path
    try:
        if path == "-":
            if sys.stdin is None:
                raise UsageError("no stdin to read from; give a FILE")
            if sys.stdin.isatty():
                print("callsieve parse: reading model output from the terminal; end it with Ctrl-D, "
                      "or give a FILE (callsieve parse --help)", file=sys.stderr, flush=True)
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UsageError(f"{name} is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}); "
                         "model output is read as UTF-8") from None
    if "\x00" in text:
        raise UsageError(f"{name} holds NUL bytes at offset {text.index(chr(0))}: binary data, not model output")
    return text


def _tools(spec: str | None):
    """--tools: a JSON file, or the JSON itself (a list, or a request body with "tools")."""
    if spec is None:
        return None
    inline = not os.path.exists(spec) and spec.lstrip().startswith(("[", "{"))
    where = "--tools" if inline else spec
    try:
        tools = json.loads(spec if inline else _read(spec))
    except ValueError as e:
        raise UsageError(f"invalid tools JSON in {where}: {e}") from None
    if isinstance(tools, dict) and "tools" in tools:       # a whole request body is fine too
        tools = tools["tools"]
    if not isinstance(tools, list):
        raise UsageError(f"{where}: expected a JSON list of tools")
    return tools


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def resolve_format(name: str) -> str:
    """The registered format for NAME or one of its aliases, in any case; UsageError if none."""
    known = {_key(n): row["name"] for row in format_rows() for n in (row["name"], *row["aliases"])}
    if _key(name) in known:
        return known[_key(name)]
    near = difflib.get_close_matches(_key(name), known, n=1)
    hint = f"did you mean {near[0]!r}? " if near else ""
    raise UsageError(f"unknown format {name!r}; {hint}'callsieve formats' lists the names and their aliases")


def positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


# -- callsieve formats ---------------------------------------------------------------------------

# The families of the README's table, in its order; a format missing here is listed under "other".
FAMILIES = {
    "JSON behind markers": (
        "tool_call_tag", "tools_tag", "fenced_json", "bracket_tool_calls", "bare_json", "llama3_json",
        "granite", "granite_20b", "functools", "tool_calls_array", "internlm", "command_r", "gigachat",
        "apertus", "functionary", "deepseek_v3", "deepseek_v31", "kimi_k2"),
    "XML-like, schema-typed values": (
        "qwen3_coder", "seed_oss", "glm", "hunyuan_v3", "minimax_m2", "minicpm5", "deepseek_dsml", "step3",
        "dots", "kimi_k3"),
    "literals and channels": ("gemma_special", "functiongemma", "pythonic", "lfm2", "harmony"),
    "nothing to parse": ("native",),
}


def format_rows() -> list[dict]:
    """formats.table(), grouped by family and sorted by name within it, markers without repeats."""
    from . import formats

    family_of = {name: fam for fam, names in FAMILIES.items() for name in names}
    order = list(FAMILIES) + ["other"]
    rows = [{**row, "family": family_of.get(row["name"], "other"), "markers": list(dict.fromkeys(row["markers"]))}
            for row in formats.table()]
    return sorted(rows, key=lambda r: (order.index(r["family"]), r["name"]))


def _shown(marker: str) -> str:
    """A marker as the list shows it: a line opener's newline written as \\n (it would break the line)."""
    return marker.replace("\n", "\\n")


def _cols(s: str) -> int:
    """Terminal columns of s: the full-width bars of DeepSeek's markers take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def _pack(items: list[str], width: int, sep: str) -> list[str]:
    """Items in lines of at most `width` columns, never splitting one (markers hold spaces)."""
    lines = [""]
    for item in items:
        joined = lines[-1] + sep + item if lines[-1] else item
        if lines[-1] and _cols(joined + sep) > width:
            lines[-1] += sep.rstrip()  # "a, b," then "c": the list visibly goes on
            lines.append(item)
        else:
            lines[-1] = joined
    return lines


def render_formats(width: int | None = None) -> str:
    width = width or min(max(shutil.get_terminal_size((100, 24)).columns, 60), 100)
    rows = format_rows()
    name_w = max(len(r["name"]) for r in rows) + 2
    label_w = len("aliases  ")
    text_w = width - 2 - name_w - label_w
    out = [f"{len(rows)} tool-call formats. All are detected on the fly; --format NAME forces one",
           "(a name or an alias, in any case). Markers are the texts that open a call."]
    family = None
    for r in rows:
        if r["family"] != family:
            family = r["family"]
            out += ["", family]
        fields = [("", textwrap.wrap(r["description"], text_w + label_w) or ["-"]),
                  ("markers", _pack([_shown(m) for m in r["markers"]], text_w, "  ") if r["markers"] else ["(none)"]),
                  ("aliases", _pack(r["aliases"], text_w, ", ") if r["aliases"] else None),
                  ("models", _pack(r["models"], text_w, ", ") if r["models"] else None)]
        first = True
        for label, lines in fields:
            for i, line in enumerate(lines or ()):
                head = r["name"] if first else ""
                tag = (label if i == 0 else "").ljust(label_w) if label else ""
                out.append(f"  {head:<{name_w}}{tag}{line}".rstrip())
                first = False
    return "\n".join(out) + "\n"


# -- the commands --------------------------------------------------------------------------------

def _event_json(ev) -> str:
    return json.dumps({"type": type(ev).__name__, **dataclasses.asdict(ev)}, ensure_ascii=False)


def _session(path: str) -> Session:
    from .templates import load, seed_session
    try:
        return seed_session(load(path))
    except OSError as e:
        raise UsageError(f"cannot read --chat-template {path}: {e.strerror}") from None


def cmd_parse(args) -> int:
    from .message import Folder
    from .reasoning import CALLS_IN_REASONING
    from .sieve import Sieve

    if args.list_formats:
        return cmd_formats(args)
    forced = resolve_format(args.format) if args.format else None
    tools = _tools(args.tools)
    text = _read(args.file)
    thinking = {"on": True, "off": False, None: None}[args.thinking]
    session = _session(args.chat_template) if args.chat_template else None
    try:
        sieve = Sieve(tools=tools, format=forced, reasoning=args.reasoning, thinking=thinking, session=session,
                      strict=not args.any_tool, calls_in_reasoning=CALLS_IN_REASONING[args.calls_in_reasoning])
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
    if tools is not None and not args.any_tool:
        _say_undeclared(text, tools, forced, args, thinking)
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


def _say_undeclared(text: str, tools: list, forced, args, thinking) -> None:
    """With tools declared, a call to another name is text (no fabricated calls). A user checking a
    model's output should not have to guess why a call is missing: the same text read with any name
    accepted shows the calls that were kept as text."""
    from .message import parse
    from .reasoning import CALLS_IN_REASONING

    declared = {t.get("function", t).get("name") for t in tools if isinstance(t, dict)}
    lax = parse(text, tools=tools, format=forced, reasoning=args.reasoning, thinking=thinking, strict=False,
                calls_in_reasoning=CALLS_IN_REASONING[args.calls_in_reasoning])
    names = [c.name for c in lax.tool_calls + lax.incomplete if c.name not in declared]
    if names:
        quoted = ", ".join(repr(n) for n in dict.fromkeys(names))
        print(f"callsieve parse: {len(names)} call{'s' * (len(names) != 1)} to undeclared "
              f"tool{'s' * (len(set(names)) != 1)} {quoted} kept as text; --any-tool accepts "
              f"{'them' if len(names) != 1 else 'it'}", file=sys.stderr)


def cmd_formats(args) -> int:
    if getattr(args, "json", False):
        json.dump(format_rows(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(render_formats())
    return 0


def _missing(why: str) -> int:
    print(f"callsieve serve: error: the proxy needs starlette, uvicorn and httpx ({why}); "
          f"install them with: {install_command(local=False)}", file=sys.stderr)
    return 2


def cmd_serve(args) -> int:
    try:
        import httpx, starlette, uvicorn  # noqa: F401, E401 - the proxy's dependencies, checked before use
    except ImportError as e:
        return _missing(str(e))
    from .serve import cli as serve_cli
    return serve_cli.run(args)


def build_parser() -> argparse.ArgumentParser:
    from .reasoning import CALLS_IN_REASONING, MODES
    from .serve import cli as serve_cli  # its arguments only: the standard library

    p = Parser(prog="callsieve", description=DESCRIPTION, epilog=EPILOG,
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"callsieve {__version__}")
    # not required=True: argparse would then name the missing command before an unknown option
    sub = p.add_subparsers(dest="command", metavar="{parse,formats,serve}")

    pp = sub.add_parser("parse", help="parse model output (a file or stdin) into an OpenAI message",
                        description="Parse a model's raw output into an OpenAI assistant message (JSON), "
                                    "or into one JSON line per event with --stream.")
    pp.add_argument("file", nargs="?", default="-", metavar="FILE",
                    help="file with the model's raw output (UTF-8); - or nothing reads stdin")
    pp.add_argument("--tools", metavar="JSON",
                    help="the request's tools: a JSON file, or the JSON itself ('[{\"type\": \"function\", ...}]')")
    pp.add_argument("--format", metavar="NAME",
                    help="force one format (a name or alias from 'callsieve formats', any case); default: detect")
    pp.add_argument("--chat-template", metavar="FILE",
                    help="the model's chat template (Jinja, or a tokenizer_config.json): seeds the format "
                         "(or derives one from the template's markup) and whether the prompt opened thinking")
    pp.add_argument("--reasoning", choices=MODES, default="auto",
                    help="where thinking goes: auto/deepseek = reasoning_content, none = left in the content, "
                         "deepseek-legacy = both (default: auto)")
    pp.add_argument("--thinking", choices=("on", "off"),
                    help="the prompt already opened a thinking block (on), or thinking is off (off); "
                         "default: decided from the output")
    pp.add_argument("--calls-in-reasoning", default="hold", choices=sorted(CALLS_IN_REASONING),
                    help=CALLS_HELP)
    pp.add_argument("--any-tool", action="store_true",
                    help="accept calls to tools that --tools does not declare")
    pp.add_argument("--stream", action="store_true", help="print one JSON line per event instead of the message")
    pp.add_argument("--chunk-size", type=positive_int, metavar="N",
                    help="feed N characters at a time, as a stream would (default: all at once)")
    pp.add_argument("--list-formats", action="store_true", help="print the table of formats and exit")
    pp.set_defaults(func=cmd_parse, parser=pp)

    pf = sub.add_parser("formats", help="list the formats: markers, aliases and model-name patterns",
                        description="List the tool-call formats callsieve recognises, grouped by family.")
    pf.add_argument("--json", action="store_true", help="print the table as JSON, one object per format")
    pf.set_defaults(func=cmd_formats, parser=pf)

    ps = sub.add_parser("serve", help="OpenAI-compatible proxy that fixes tool calls for any model server "
                                      "(without --upstream it runs a small local model)",
                        description="An OpenAI-compatible proxy: chat answers get proper tool_calls and "
                                    "reasoning_content, whatever markup the model wrote. Without --upstream it "
                                    "runs a model itself: an embedded llama.cpp server on Gemma 3 270M (the "
                                    "'local' extra), to try the proxy on; with --upstream URL it proxies your "
                                    "model server.")
    serve_cli.add_arguments(ps)
    ps.set_defaults(func=cmd_serve, parser=ps)
    p.set_defaults(parser=p)
    return p


def main(argv=None) -> int:
    args = None
    try:
        parser = build_parser()
        argv = sys.argv[1:] if argv is None else list(argv)
        if not argv:
            parser.print_help(sys.stderr)
            return 2
        args, extra = parser.parse_known_args(argv)
        if extra:
            one_file = args.command == "parse" and not extra[0].startswith("-")
            args.parser.error(f"unrecognized arguments: {' '.join(extra)}"
                              + ("; parse reads one FILE" if one_file else ""))
        if args.command is None:
            parser.error("a command is required: parse, formats or serve")
        return args.func(args)
    except UsageError as e:
        print(f"{args.parser.prog if args else 'callsieve'}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `callsieve parse … | head`: stop quietly, and keep Python's exit flush quiet too
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:  # Ctrl-C: stop quietly, with the status shells expect
        print(file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
