"""Each piece of state has one owner (docs/architecture.md): no core module (src/callsieve/*.py,
formats/) assigns an attribute of an object other than `self`, inside `self`'s own class.  An
owner that another needs to change gets a method for it (Output.begin, Watch.hold, Block.wait,
Hold.forget, ...), so every change to its state is in its own class, where it can be read whole."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "src" / "callsieve"
CORE = sorted([*ROOT.glob("*.py"), *(ROOT / "formats").glob("*.py")])

# The one exception, by (variable, attribute): a Reader is a cursor over the block's text, and the
# format parsers are its readers: `r.buf[r.pos:]` is what is not consumed yet, and a parser moves
# `r.pos` as it consumes (as `re`'s `pos` argument moves), about 120 places, in the inner loops.
# Measured (Python 3.11): an attribute store is ~33 ns and a method call ~83 ns; the parsers move
# the cursor 1 to 2 times per feed of ~3.5 µs in the bench's call streams (hermes, mistral,
# qwen3_coder, llama3_json), so `r.seek(i)` would add 1.5-3% to every call-streaming row of
# `python -m bench`, and more to a whole-text parse (once per token).  The parsers are the
# Reader's clients by design (reader.py: `buf[pos:]` is what is not consumed yet); `r` is always
# a Reader in them.
ALLOWED = {("r", "pos")}


def _targets(node):
    """The targets that node stores to or deletes."""
    if isinstance(node, ast.Assign):
        found = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.comprehension)):
        found = [node.target]
    elif isinstance(node, ast.Delete):
        found = node.targets
    elif isinstance(node, ast.withitem) and node.optional_vars is not None:
        found = [node.optional_vars]
    else:
        return
    while found:
        t = found.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            found.extend(t.elts)
        elif isinstance(t, ast.Starred):
            found.append(t.value)
        else:
            yield t


def _is_self(node, in_class: bool) -> bool:
    return in_class and isinstance(node, ast.Name) and node.id == "self"


def foreign_writes(source: str) -> list[str]:
    """Where `source` assigns (or deletes, or setattr()s) an attribute of an object other than
    `self` in a method of its own class: `line: target` for each."""
    found = []

    def walk(node, in_class: bool):
        for child in ast.iter_child_nodes(node):
            # (a function nested in a method closes over its self; a module-level one has none)
            inside = in_class or isinstance(child, ast.ClassDef)
            for t in _targets(child):
                if not isinstance(t, ast.Attribute) or _is_self(t.value, inside):
                    continue
                name = t.value.id if isinstance(t.value, ast.Name) else None
                if (name, t.attr) not in ALLOWED:
                    found.append(f"{t.lineno}: {ast.unparse(t)}")
            if isinstance(child, ast.Call):
                f = child.func
                setter = ((isinstance(f, ast.Name) and f.id in ("setattr", "delattr"))
                          or (isinstance(f, ast.Attribute) and f.attr in ("__setattr__", "__delattr__")))
                if setter and not (child.args and _is_self(child.args[0], inside)):
                    found.append(f"{child.lineno}: {ast.unparse(child)}")
            walk(child, inside)

    walk(ast.parse(source), False)
    return found


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_core_module_writes_another_objects_attributes(path):
    assert foreign_writes(path.read_text(encoding="utf-8")) == [], (
        f"{path.name} writes another object's attributes: give their owner a method for it")


def test_the_check_finds_every_kind_of_foreign_write():
    """(The check above cannot pass by seeing nothing.)"""
    source = '''
class Owner:
    def __init__(self, other):
        self.x = 1                  # its own
        self.x += 1
        self.a, (self.b, self.c) = 1, (2, 3)
        setattr(self, "d", 4)
        other.x = 1                 # another object's, each below
        self.other.y = 2
        other.z += 1
        del other.x
        self.e, other.w = 1, 2
        for other.i in range(3):
            pass
        setattr(other, "v", 1)
        object.__setattr__(other, "u", 1)

def outside(self, r):
    self.x = 1                      # a function outside any class has no self of its own
    r.pos = 0                       # the Reader's cursor: the one exception
    r.eof = True
'''
    found = [line.split(": ", 1)[1] for line in foreign_writes(source)]
    assert found == ["other.x", "self.other.y", "other.z", "other.x", "other.w", "other.i",
                     "setattr(other, 'v', 1)", "object.__setattr__(other, 'u', 1)", "self.x", "r.eof"]
