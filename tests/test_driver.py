"""The driver asks, the owners answer (issue 34): the Sieve hands its owners nothing of its own to
call (the format parsers neither: they yield their prose from inside a block, formats.Prose),
looks at what the watched markers depend on after each move (a TableKey), and every marker kind
has one place that acts on it."""
import ast
import functools
import types
from pathlib import Path

from callsieve import Sieve, Text
from callsieve.events import Markup, Reasoning, ToolCallStart
from callsieve.markers import Kind, TableKey, Watching, candidates, marker_table
from callsieve.marks import _HANDLERS
from callsieve.reasoning import SYNTAXES

SIEVE = Path(__file__).resolve().parent.parent / "src" / "callsieve" / "sieve.py"
TOOLS = [{"type": "function", "function": {"name": "f"}}]
# A harmony turn: thinking, a call, the answer (prose from inside one block, around its call).
HARMONY = ('<|channel|>analysis<|message|>Need f.<|end|><|start|>assistant<|channel|>commentary '
           'to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|><|start|>assistant'
           '<|channel|>final<|message|>It is done.<|return|>')


def _sieve_methods_handed_out(source: str) -> set[str]:
    """The Sieve's own methods passed as arguments (a callback into the driver: bare, in a
    partial, in a lambda), by name."""
    handed = set()
    for call in ast.walk(ast.parse(source)):
        if not isinstance(call, ast.Call):
            continue
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            for n in ast.walk(arg):
                if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
                        and not n.attr.startswith("__")
                        and isinstance(getattr(Sieve, n.attr, None), type(lambda: 0))):
                    handed.add(n.attr)
    return handed


def _ways_back(roots, sieve) -> list[str]:
    """The paths by which anything reachable from `roots` (owners, their methods, partials,
    closures, suspended parsers' locals) leads back to `sieve`."""
    found, seen = [], set()
    todo = [(r, name) for name, r in roots]
    while todo:
        obj, path = todo.pop()
        if obj is sieve:
            found.append(path)
            continue
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, type, types.ModuleType)) or obj is None:
            continue
        seen.add(id(obj))
        if isinstance(obj, types.MethodType):
            todo.append((obj.__self__, path + ".__self__"))
        elif isinstance(obj, functools.partial):
            todo += [(obj.func, path + ".func"), *((a, path + "()") for a in (*obj.args, *obj.keywords.values()))]
        elif isinstance(obj, types.FunctionType):
            todo += [(c.cell_contents, path + ".<closure>") for c in obj.__closure__ or () if c.cell_contents is not None]
        elif isinstance(obj, types.GeneratorType):
            if obj.gi_frame is not None:
                todo += [(v, f"{path}<{k}>") for k, v in obj.gi_frame.f_locals.items()]
            todo.append((obj.gi_yieldfrom, path + "<yield from>"))
        elif isinstance(obj, dict):
            todo += [(v, f"{path}[{k!r:.20}]") for k, v in obj.items()] + [(k, path + "<key>") for k in obj]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo += [(v, f"{path}[{i}]") for i, v in enumerate(obj)]
        else:
            slots = [n for k in type(obj).__mro__ for n in getattr(k, "__slots__", ())]
            todo += [(getattr(obj, n), f"{path}.{n}") for n in slots if hasattr(obj, n)]
            todo += [(v, f"{path}.{k}") for k, v in getattr(obj, "__dict__", {}).items()]
    return found


def test_no_owner_is_handed_a_method_of_the_sieve():
    handed = _sieve_methods_handed_out(SIEVE.read_text())
    assert not handed, f"the Sieve hands its owners {sorted(handed)}"


def test_the_check_sees_a_method_handed_out():
    # (the guard above is not vacuous: a method passed bare, in a partial or in a lambda is found;
    # another object's method is not the Sieve's)
    source = ("class Sieve:\n    def __init__(self):\n"
              "        self._calls = Calls(self._o.push, partial(self._emit, False), lambda s: self._play(s))\n"
              "        self._o.first(flush=self.close)\n")
    assert _sieve_methods_handed_out(source) == {"_emit", "_play", "close"}


def test_nothing_the_sieve_holds_leads_back_to_it():
    # In the middle of a block (its parser suspended in the answer's channel, a lane for prose
    # set), nothing the owners hold is a way back to the Sieve: the driver asks, they answer.
    s = Sieve(tools=TOOLS, markup=True)
    s.feed(HARMONY[:HARMONY.index("It is") + 2])
    blk = s._blk
    assert blk is not None and blk.gen is not None and blk.lane is not None
    assert _ways_back(vars(s).items(), s) == []


def test_the_walk_finds_a_way_back():
    # (the walk above is not vacuous: a Sieve method kept bare, in a partial, in a closure or in a
    # generator's locals is found)
    s = Sieve(tools=TOOLS)

    def gen(cb):
        yield cb

    g = gen(s._emit)
    next(g)
    held = [("bound", s.feed), ("partial", functools.partial(s._play, None)),
            ("closure", (lambda: s)), ("parser", g), ("owner", types.SimpleNamespace(back=[s]))]
    found = {p.split(".")[0].split("<")[0] for p in _ways_back(held, s)}
    assert found == {"bound", "partial", "closure", "parser", "owner"}


def test_prose_from_inside_a_block_goes_out_in_order_between_its_calls():
    # The parser yields its prose (formats.Prose) and the Sieve sends it out before it reads on:
    # the thinking, then the call, then the answer, the block's markup between them in place,
    # whatever the chunking (one character at a time: each piece of prose through its lane).
    for size in (1, 3, len(HARMONY)):
        s = Sieve(tools=TOOLS, markup=True)
        evs = [e for i in range(0, len(HARMONY), size) for e in s.feed(HARMONY[i:i + size])] + s.close()
        kinds = [type(e).__name__ for e in evs if not isinstance(e, Markup)]
        squeezed = [k for i, k in enumerate(kinds) if i == 0 or k != kinds[i - 1]]
        assert squeezed == ["Reasoning", "ToolCallStart", "ToolCallArgs", "ToolCallEnd", "Text"], size
        assert "".join(e.text for e in evs if isinstance(e, Reasoning)) == "Need f."
        assert "".join(e.text for e in evs if isinstance(e, Text)) == "It is done."
        # every character once, in order: the markup audit saw where each piece of prose ended
        assert "".join(e.text for e in evs if isinstance(e, (Text, Reasoning, Markup))) == HARMONY
        assert s.format == "harmony"


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
