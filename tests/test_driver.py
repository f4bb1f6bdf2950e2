"""The driver asks, the owners answer (issue 34): the Sieve hands its owners nothing of its own to
call, looks at what the watched markers depend on after each move (a TableKey), and every marker
kind has one place that acts on it."""
import ast
from pathlib import Path

from callsieve import Sieve, Text
from callsieve.events import Reasoning, ToolCallStart
from callsieve.markers import Kind, TableKey, Watching, candidates, marker_table
from callsieve.marks import _HANDLERS
from callsieve.reasoning import SYNTAXES

SIEVE = Path(__file__).resolve().parent.parent / "src" / "callsieve" / "sieve.py"
# The one seam left: the format parsers' channel for prose inside a block (harmony's channels),
# which must go out in order between the block's calls (formats.Context).
PARSERS_CHANNEL = {"_from_block"}


def _sieve_methods_handed_out() -> list[str]:
    """The Sieve's own methods passed as arguments (a callback into the driver), by name."""
    tree = ast.parse(SIEVE.read_text())
    handed = []
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            for n in ast.walk(arg):
                if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
                        and n.attr.startswith("_") and not n.attr.startswith("__")
                        and isinstance(getattr(_SIEVE_CLASS, n.attr, None), type(lambda: 0))):
                    handed.append(n.attr)
    return handed


_SIEVE_CLASS = Sieve


def test_no_owner_is_handed_a_method_of_the_sieve():
    handed = set(_sieve_methods_handed_out())
    assert handed <= PARSERS_CHANNEL, f"the Sieve hands its owners {sorted(handed - PARSERS_CHANNEL)}"


def test_the_check_sees_a_method_handed_out():
    # (the guard above is not vacuous: the one allowed seam is found by the same walk)
    assert "_from_block" in _sieve_methods_handed_out()


def test_every_kind_has_one_place_that_acts_on_it():
    # A call opener and a marker kept as text change the mode: the Sieve's (_scan).  Every
    # other kind is an Acts handler: a new kind without one fails here, not in a stream.
    assert set(_HANDLERS) | {Kind.CALL, Kind.KEEP} == set(Kind)
    assert not set(_HANDLERS) & {Kind.CALL, Kind.KEEP}


def test_the_table_depends_on_the_key_only_where_it_matters():
    fmts = candidates(None, None)[0]
    fixed = Watching(fmts, ())
    think = SYNTAXES[0]
    # Inside thinking the content's start and a held closer do not matter: one table.
    inside = marker_table(fixed, TableKey(at_start=False, think=think))
    assert marker_table(fixed, TableKey(at_start=True, think=think, held=SYNTAXES[1])) is inside
    # Outside it they do.
    assert marker_table(fixed, TableKey(at_start=True)) is not marker_table(fixed, TableKey())
    assert "</thinking>" in marker_table(fixed, TableKey(held=SYNTAXES[1])).actions


def test_what_is_watched_follows_the_owners_after_each_move():
    s = Sieve(tools=[{"type": "function", "function": {"name": "get_weather"}}])
    start = s._watch.tab
    assert "get_weather" in start.anchor.markers          # a bare name counts at the start…
    s.feed("Sure.")
    assert s._watch.tab is not start                       # …the content started: it no longer does
    assert start.anchor is not None and s._watch.tab.anchor is None
    again = s._watch.tab
    s.feed(" More prose.")
    assert s._watch.tab is again                           # nothing changed: no new table
    assert s._watched() is False


def test_a_thought_given_back_puts_back_what_is_watched():
    # A call inside thinking is held; visible text after it makes it a thought: every owner goes
    # back, and the table with them (the thinking block is open again: its closer is watched).
    s = Sieve(tools=[{"type": "function", "function": {"name": "f"}}], thinking=True)
    evs = s.feed("plan <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>")
    evs += s.feed(" and more thinking</think>Done.")
    evs += s.close()
    assert not any(isinstance(e, ToolCallStart) for e in evs)
    assert "".join(e.text for e in evs if isinstance(e, Reasoning)).endswith("and more thinking")
    assert "".join(e.text for e in evs if isinstance(e, Text)) == "Done."
