"""The README's quick start is what CI runs, and its library example prints what it says it prints."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def quick_start_commands() -> list[str]:
    """The shell commands of the quick start, each joined onto one line (a line ending in && goes on)."""
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [re.sub(r"&&\s*\n\s*", "&& ", block.strip()) for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_the_quick_start_starts_with_the_two_commands_for_a_fresh_machine():
    section = README.split("## Quick start", 1)[1]
    first_two = re.findall(r"```sh\n(.*?)```", section, re.S)[:2]
    assert section.index("```sh") < 600                   # the commands come first, not after pages of prose
    serve, tests = quick_start_commands()[:2]
    assert serve.startswith("python3 -m venv .venv && . .venv/bin/activate && ")   # a fresh machine needs it
    assert serve.endswith("setup/install.sh && callsieve serve"), serve
    assert tests.startswith("python3 -m venv .venv && . .venv/bin/activate && ") and len(first_two) == 2


def test_the_readme_test_command_is_exactly_what_ci_runs():
    ci = []
    for line in (ROOT / ".ci" / "run").read_text().splitlines():
        line = line.split(" #", 1)[0].strip()
        if line and not line.startswith(("#", "set ", "cd ", "export ")):   # the environment, not a step
            ci.append(" ".join(line.split()))
    assert quick_start_commands()[1] == " && ".join(ci)


def test_library_example_output():
    block = README.split("## The library", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    code = block.split("msg = parse(", 1)[0]
    expected = [line[2:] for line in block.splitlines() if line.startswith("# ")]
    printed = []
    exec(code, {"print": lambda ev: printed.append(repr(ev))})
    assert len(printed) == len(expected)
    for got, want in zip(printed, expected):
        assert re.fullmatch(re.escape(want).replace("…", ".*"), got), (got, want)
