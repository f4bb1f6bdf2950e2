"""The type checker runs clean over the package (its config: [tool.mypy] in pyproject.toml), and
the seams it cannot see hold at run time."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from callsieve import formats
from callsieve.formats import MAYBE, NO, YES, Verdict

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (it comes with the dev extra)")
def test_mypy_is_clean():
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_verdict_has_no_truth_value():
    # NO as an int is false and MAYBE true: `if f.decide(...)` would read "show me more" as yes.
    for v in (YES, NO, MAYBE):
        with pytest.raises(TypeError):
            bool(v)
    assert YES == Verdict.YES and MAYBE != NO


@pytest.mark.parametrize("name", formats.names())
def test_decide_answers_a_verdict(name):
    """Every format answers with a Verdict (an int would let truth tests slip back in)."""
    from types import SimpleNamespace
    f = formats.get(name)
    ctx = SimpleNamespace(tools=None, block_calls=0, at_start=True, open=False)
    for opener in (*f.openers, *f.start_openers, *f.tool_openers):
        for look, eof in (("", False), ("", True), (f.example[:40], False), (f.example, True)):
            assert isinstance(f.decide(opener, look, eof, ctx), Verdict), (opener, look)
