"""`callsieve parse` and `callsieve formats` from the command line."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "callsieve", *args], input=stdin, capture_output=True,
                       text=True, cwd=ROOT, timeout=60)
    return p.returncode, p.stdout, p.stderr


def test_parse_example_file_as_the_readme_says():
    rc, out, err = run("parse", "examples/hermes.txt", "--tools", "examples/tools.json")
    assert rc == 0, err
    msg = json.loads(out)
    assert msg["role"] == "assistant" and msg["format"] == "tool_call_tag"
    assert msg["content"] == "Let me check the weather for you."
    call = msg["tool_calls"][0]
    assert call["function"]["name"] == "get_weather"
    assert json.loads(call["function"]["arguments"]) == {"city": "Paris", "unit": "celsius"}


@pytest.mark.parametrize("size", ["1", "3", "64"])
def test_chunk_size_does_not_change_the_result(size):
    _, whole, _ = run("parse", "examples/thinking.txt")
    _, chunked, _ = run("parse", "examples/thinking.txt", "--chunk-size", size)
    strip = lambda d: {**d, "tool_calls": [{**c, "id": None} for c in d.get("tool_calls", [])]}
    assert strip(json.loads(whole)) == strip(json.loads(chunked))


def test_reasoning_is_separated():
    rc, out, _ = run("parse", "examples/thinking.txt", "--reasoning", "auto")
    msg = json.loads(out)
    assert msg["reasoning_content"].startswith("The user wants")
    assert "<think>" not in (msg["content"] or "") and msg["tool_calls"][0]["function"]["name"] == "get_weather"


def test_stream_prints_one_event_per_line_from_stdin():
    rc, out, _ = run("parse", "-", "--stream", "--chunk-size", "4",
                     stdin='Hi <tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>')
    assert rc == 0
    events = [json.loads(line) for line in out.splitlines()]
    types = [e["type"] for e in events]
    assert types[0] == "Text" and "ToolCallStart" in types and types[-1] == "ToolCallEnd"
    assert events[-1]["arguments"] == {"x": 1}


def test_forced_format_and_every_registered_name_is_accepted():
    from callsieve import formats
    for name in formats.names():
        rc, _, err = run("parse", "-", "--format", name, stdin="hello")
        assert rc == 0, (name, err)


@pytest.mark.parametrize("args,stdin,needle", [
    (["parse", "no/such/file.txt"], None, "cannot read"),
    (["parse", "-", "--tools", "examples/hermes.txt"], "x", "invalid tools JSON"),
    (["parse", "-", "--format", "klingon"], "x", "unknown format"),
])
def test_bad_input_is_one_line_and_status_2(args, stdin, needle):
    rc, out, err = run(*args, stdin=stdin)
    assert rc == 2 and needle in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_formats_table_lists_every_format():
    from callsieve import formats
    rc, out, _ = run("formats")
    assert rc == 0
    for name in formats.names():
        assert name in out
    rc, out, _ = run("parse", "--list-formats")
    assert rc == 0 and "tool_call_tag" in out
    rc, out, _ = run("formats", "--json")
    assert {r["name"] for r in json.loads(out)} == set(formats.names())


# -- the rough edges of a first hour (issue 13) ----------------------------------------------------

def test_version_is_the_package_version():
    import callsieve
    rc, out, _ = run("--version")
    assert rc == 0 and out.strip() == f"callsieve {callsieve.__version__}"


def test_every_option_has_help_and_no_help_shows_markdown():
    from callsieve.cli import build_parser
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.choices and "parse" in a.choices).choices
    for name, sub in subparsers.items():
        for action in sub._actions:
            assert action.help, (name, action.option_strings or action.dest)
    for args in ([], ["parse"], ["formats"], ["serve"]):
        rc, out, err = run(*args, "--help")
        assert rc == 0 and "`" not in out, (args, out)


def test_the_docs_list_every_command_line_option():
    from callsieve.cli import build_parser
    readme = "".join((ROOT / "docs" / name).read_text(encoding="utf-8") for name in ("cli.md", "proxy.md"))
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.choices and "parse" in a.choices).choices
    options = {o for sub in subparsers.values() for a in sub._actions for o in a.option_strings if o.startswith("--")}
    options |= {o for a in parser._actions for o in a.option_strings if o.startswith("--")}
    assert sorted(o for o in options - {"--help"} if o not in readme) == []


def test_formats_are_grouped_like_the_readme_sorted_and_wrapped():
    from callsieve import formats
    from callsieve.cli import FAMILIES, _cols
    rc, out, _ = run("formats")
    lines = out.splitlines()
    assert rc == 0 and lines[0].startswith(f"{len(formats.names())} tool-call formats")
    assert max(_cols(line) for line in lines) <= 100
    heads = [line for line in lines if line and not line.startswith(" ") and line in FAMILIES]
    assert heads == list(FAMILIES)
    listed = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")]
    assert sorted(listed) == formats.names()           # each format exactly once
    for family in FAMILIES:
        block = out.split("\n" + family + "\n", 1)[1].split("\n\n", 1)[0]
        names = [line.split()[0] for line in block.splitlines() if not line.startswith("   ")]
        assert names == sorted(names), family


def test_formats_lists_markers_once_and_the_aliases():
    rc, out, _ = run("formats", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert rows["bare_json"]["markers"] == ["{", "["]
    assert all(len(r["markers"]) == len(set(r["markers"])) for r in rows.values())
    _, text, _ = run("formats")
    assert "aliases  mistral" in text


@pytest.mark.parametrize("spelling", ["MISTRAL", "Mistral", "bracket_tool_calls", "BRACKET_TOOL_CALLS"])
def test_format_names_and_aliases_in_any_case(spelling):
    rc, out, err = run("parse", "-", "--format", spelling, stdin='[TOOL_CALLS][{"name": "f", "arguments": {"a": 1}}]')
    assert rc == 0, err
    msg = json.loads(out)
    assert msg["format"] == "bracket_tool_calls" and msg["tool_calls"][0]["function"]["name"] == "f"


def test_every_alias_resolves():
    from callsieve import formats
    from callsieve.cli import resolve_format
    for row in formats.table():
        for alias in row["aliases"]:
            assert resolve_format(alias.upper()) == row["name"], alias


def test_inline_tools_json():
    tools = '[{"type": "function", "function": {"name": "get_weather"}}]'
    rc, out, err = run("parse", "-", "--tools", tools,
                       stdin='{"name": "get_weather", "arguments": {"city": "Paris"}}')
    assert rc == 0, err
    assert json.loads(out)["tool_calls"][0]["function"]["name"] == "get_weather"


@pytest.mark.parametrize("args,stdin,needle", [
    (["parse", "-", "--chunk-size", "0"], "x", "--chunk-size: must be at least 1"),
    (["parse", "-", "--chunk-size", "-3"], "x", "--chunk-size: must be at least 1"),
    (["parse", "-", "--chunk-size", "ten"], "x", "--chunk-size: expected a whole number"),
    (["parse", "examples/hermes.txt", "examples/thinking.txt"], None, "parse reads one FILE"),
    (["parse", "-", "--format", "mistrl"], "x", "did you mean 'mistral'"),
    (["parse", "-", "--tools", '[{"type": '], "x", "invalid tools JSON in --tools"),
    (["parse", "-", "--tools", "no/such/tools.json"], "x", "cannot read no/such/tools.json"),
    (["parse", "-", "--reasoning", "maybe"], "x", "invalid choice"),
])
def test_bad_arguments_are_one_line_naming_the_subcommand(args, stdin, needle):
    rc, out, err = run(*args, stdin=stdin)
    assert rc == 2 and out == "" and needle in err, err
    assert err.startswith("callsieve parse: error:") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("data,needle", [
    (b"ok \xff\xfe\x00 binary", "not UTF-8 text (byte 0xff at offset 3)"),
    (b"\x00\x01\x02 valid UTF-8 but binary", "NUL bytes"),
])
def test_binary_input_is_refused_from_stdin_and_from_a_file(tmp_path, data, needle):
    p = subprocess.run([sys.executable, "-m", "callsieve", "parse", "-"], input=data, capture_output=True,
                       cwd=ROOT, timeout=60)
    assert p.returncode == 2 and needle in p.stderr.decode() and p.stdout == b""
    f = tmp_path / "out.bin"
    f.write_bytes(data)
    rc, out, err = run("parse", str(f))
    assert rc == 2 and needle in err and out == ""


def test_bare_callsieve_prints_the_help():
    rc, out, err = run()
    assert rc == 2 and "parse" in err and "formats" in err and "serve" in err


def test_install_hint_in_a_checkout_and_for_an_installed_package(monkeypatch, tmp_path):
    from callsieve import cli
    monkeypatch.chdir(ROOT)
    assert cli.checkout_root() == ROOT
    assert cli.install_command(local=True) == "setup/install.sh"
    assert cli.install_command(local=False) == "pip install -e ."
    monkeypatch.chdir(tmp_path)
    assert cli.install_command(local=True) == f"{ROOT}/setup/install.sh"
    monkeypatch.setattr(cli, "checkout_root", lambda: None)
    assert cli.install_command(local=True) == "pip install 'callsieve[local]'"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_terminal_gets_a_hint_and_ctrl_c_no_traceback():
    import os
    import pty
    import select
    import signal

    master, slave = pty.openpty()
    # SIGINT as a terminal gives it, even when pytest runs with it ignored (a background job)
    proc = subprocess.Popen([sys.executable, "-m", "callsieve", "parse"], stdin=slave, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 30)
        assert ready, "no hint within 30 s"
        hint = os.read(proc.stderr.fileno(), 4096).decode()
        assert "end it with Ctrl-D" in hint
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "Traceback" not in err.decode()


def test_an_unknown_option_is_named():
    rc, out, err = run("--bogus")
    assert rc == 2 and "unrecognized arguments: --bogus" in err and "required" not in err


def test_version_and_parse_load_no_proxy_stack():
    code = ("import sys\nfrom callsieve import cli\n"
            "for argv in (['--version'], ['parse', '-']):\n"
            "    try:\n        cli.main(argv)\n    except SystemExit:\n        pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'starlette', 'httpx', 'anyio', 'uvicorn'}))")
    p = subprocess.run([sys.executable, "-c", code], input="", capture_output=True, text=True, timeout=60)
    assert p.stdout.strip().splitlines()[-1] == "[]", p.stdout + p.stderr


def test_a_call_to_an_undeclared_tool_is_reported_on_stderr():
    tools = '[{"type": "function", "function": {"name": "g"}}]'
    p = subprocess.run([sys.executable, "-m", "callsieve", "parse", "--tools", tools],
                       input='<tool_call>{"name": "f", "arguments": {}}</tool_call>', capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and '"content": "<tool_call>' in p.stdout
    assert "1 call to undeclared tool 'f' kept as text; --any-tool accepts it" in p.stderr


def test_help_examples_need_no_repository_files():
    rc, out, err = run("--help")
    assert "examples/" not in out and "callsieve parse" in out


def test_the_package_has_its_license_and_a_wheel_build_leaves_nothing_untracked():
    assert "MIT License" in (ROOT / "LICENSE").read_text() and "callsieve contributors" in (ROOT / "LICENSE").read_text()
    p = subprocess.run(["git", "check-ignore", "-q", "build/lib/x.py"], cwd=ROOT)
    assert p.returncode == 0  # `pip wheel .` writes build/
