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


def test_the_readme_test_commands_are_exactly_what_ci_runs():
    """The light command (core, proxy, agents), then the engines' opt-in one: CI runs both, in order."""
    ci = []
    for line in (ROOT / ".ci" / "run").read_text().splitlines():
        line = line.split(" #", 1)[0].strip()
        if line and not line.startswith(("#", "set ", "cd ", "export ")):   # the environment, not a step
            ci.append(" ".join(line.split()))
    light, engines = quick_start_commands()[1:3]
    assert " && ".join(ci) == f"{light} && {engines}"
    assert light.endswith("python -m pytest --ignore=tests/integrations") and "vllm" not in light
    assert engines == "bash .ci/vllm.sh && python -m pytest tests/integrations"


def test_the_readme_examples_need_only_what_the_first_command_installs():
    """The proxy's examples run after `setup/install.sh` (the `local` extra): the SDKs they import are in it."""
    import tomllib

    section = README.split("## The proxy: `callsieve serve`", 1)[1].split("\n## ", 1)[0]
    imported = set(re.findall(r"^from (\w+) import", "\n".join(re.findall(r"```python\n(.*?)```", section, re.S)),
                              re.M))
    local = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["local"]
    names = {re.match(r"[\w.-]+", req).group(0).lower() for req in local}
    assert imported == {"openai", "anthropic"} and imported <= names, (imported, names)


# -- the times: one figure per step, the README's table, which the others repeat ---------------------
def readme_time(step: str) -> str:
    """The first-run CPU time of the README's row whose step starts with `step`."""
    for row in README.split("### Time and disk", 1)[1].splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if cells[0].startswith(step):
            return cells[1]
    raise AssertionError(f"no row for {step} in the README's time table")


FIGURE = r"(\d+ min \d+ s|\d+(?:\.\d)? s|~\d+ s|≈ ?\d+(?:–\d+)? min)"
ELSEWHERE = [   # (file, the step's figure there, the README's step)
    ("setup/install.sh", r"setup/install.sh +# the proxy \+ embedded Gemma 3 270M +\(" + FIGURE + " of CPU", "`setup/install.sh`"),
    ("setup/install.sh", r"Compiling llama\.cpp for the embedded model with these flags: " + FIGURE, "`setup/install.sh`"),
    ("bench/RESULTS.md", r"\| portable \(the default\) \|[^\n]*\| " + FIGURE + r" \(`setup/install.sh local,dev`", "`setup/install.sh`"),
    ("bench/RESULTS.md", r"`bash bench/peers_setup.sh` \(" + FIGURE + " of CPU", "`bash .ci/vllm.sh`"),
    ("docs/proxy.md", r"setup/install.sh +# " + FIGURE + " of CPU", "`setup/install.sh`"),
    ("docs/proxy.md", r"callsieve serve +#[^\n]*\(" + FIGURE + " of CPU", "`callsieve serve`"),
    ("docs/testing.md", r"`bash bench/peers_setup.sh`, " + FIGURE + " of CPU", "`bash .ci/vllm.sh`"),
    ("README.md", r"in a virtualenv of their\s+own \([^)]*?; " + FIGURE + " of CPU to set up", "`bash .ci/vllm.sh`"),
]


def test_each_step_has_one_time_which_the_readme_table_gives():
    """The install script's promise, bench/RESULTS.md and the docs say what the README's table says
    (issue 36: the compile was "3 min 7 s", "4 min 1 s" and "~200 s" in three places)."""
    for path, pattern, step in ELSEWHERE:
        found = re.findall(pattern, (ROOT / path).read_text())
        assert found, f"{path} no longer states the time of {step} where this test looks: {pattern}"
        assert set(found) == {readme_time(step)}, (path, step, found, readme_time(step))
    script = (ROOT / "setup" / "install.sh").read_text()
    assert set(re.findall(FIGURE, script)) == {readme_time("`setup/install.sh`")}   # no second figure for it


def test_library_example_output():
    block = README.split("## The library", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    code = block.split("msg = parse(", 1)[0]
    expected = [line[2:] for line in block.splitlines() if line.startswith("# ")]
    printed = []
    exec(code, {"print": lambda ev: printed.append(repr(ev))})
    assert len(printed) == len(expected)
    for got, want in zip(printed, expected):
        assert re.fullmatch(re.escape(want).replace("…", ".*"), got), (got, want)
