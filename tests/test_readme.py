"""The README's library example prints what the README says it prints."""
import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_library_example_output():
    block = README.split("## The library", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    code = block.split("msg = parse(", 1)[0]
    expected = [line[2:] for line in block.splitlines() if line.startswith("# ")]
    printed = []
    exec(code, {"print": lambda ev: printed.append(repr(ev))})
    assert len(printed) == len(expected)
    for got, want in zip(printed, expected):
        assert re.fullmatch(re.escape(want).replace("…", ".*"), got), (got, want)
