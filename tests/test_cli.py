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
    assert msg["content"] == "Let me check the weather for you.\n"
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
