"""docs/architecture.md stays true to the code: its generated module map is current, and every
module, file and `Owner.method` / `module.name` it names exists (a renamed or removed function
fails here, not in a reader's head)."""
import ast
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "src" / "callsieve"
DOC = (ROOT / "docs" / "architecture.md").read_text()
spec = importlib.util.spec_from_file_location("generate", ROOT / "docs" / "generate.py")
generate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generate)


def _index() -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """({class: its attributes}, {module stem or package: its top-level names}, every file's path
    relative to the package), from the source (nothing is imported)."""
    classes: dict[str, set[str]] = {}
    modules: dict[str, set[str]] = {}
    files: set[str] = set()
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG)
        files.add(str(rel))
        tree = ast.parse(path.read_text())
        stem = path.parent.name if path.name == "__init__.py" else path.stem
        top = modules.setdefault(stem, set())
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                top.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    top.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                top.update((a.asname or a.name).split(".")[0] for a in node.names)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            attrs = classes.setdefault(node.name, set())
            for n in ast.walk(node):
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    attrs.add(n.name)
                elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
                    attrs.add(n.attr)
                elif isinstance(n, (ast.AnnAssign, ast.Assign)):
                    for t in n.targets if isinstance(n, ast.Assign) else [n.target]:
                        attrs.update(x.id for x in ast.walk(t) if isinstance(x, ast.Name))
                elif isinstance(n, ast.Constant) and isinstance(n.value, str):
                    attrs.add(n.value)          # (__slots__ entries, enum values)
    return classes, modules, files


CLASSES, MODULES, FILES = _index()
CODE = re.findall(r"`([^`\n]+)`", DOC)


def test_the_core_module_map_is_current():
    for (rel, begin), block in generate.other_blocks().items():
        assert generate.current((ROOT / rel).read_text(), begin) == block, f"{rel}: run `python docs/generate.py`"


def test_the_map_lists_every_core_module_and_only_them():
    listed = {m for m, _, _ in generate.core_modules()}
    assert {"sieve.py", "watch.py", "markers.py", "held.py"} <= listed
    assert not listed & {"cli.py", "rules.py", "__init__.py"}


def test_every_file_it_names_exists():
    named = {c for c in CODE if re.fullmatch(r"[\w/]+\.py", c)}
    assert "sieve.py" in named and "serve/app.py" in named      # (the check reads both kinds)
    for name in named:
        rel = name.removeprefix("src/callsieve/")
        hits = [f for f in FILES if f == rel or f.endswith("/" + rel)]
        assert hits or (ROOT / name).exists(), f"docs/architecture.md names {name}, which does not exist"


def test_every_dotted_name_it_gives_exists():
    checked = 0
    for c in CODE:
        m = re.fullmatch(r"([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?:\(.*\))?", c)
        if m is None:
            continue
        owner, name = m.groups()
        if name in ("py", "md", "json"):
            continue                        # (a file: test_every_file_it_names_exists)
        if owner in CLASSES:
            known = CLASSES[owner]
        elif owner in MODULES:
            known = MODULES[owner]
        else:
            continue                        # (not ours: `tokenizer_config.json`, `h11`…)
        checked += 1
        assert name in known, f"docs/architecture.md names {owner}.{name}, which does not exist"
    assert checked > 30                     # (the doc does name the code)


def test_every_class_it_names_in_the_core_section_exists():
    core = DOC[DOC.index("## The core"):DOC.index("## Calls read by their parts")]
    every = set(CLASSES) | {n for names in MODULES.values() for n in names}
    for c in re.findall(r"`([A-Z][a-z]+(?:[A-Z][a-z]*)+|[A-Z][a-z]{2,})`", core):
        assert c in every, f"docs/architecture.md's core section names {c}, which does not exist"


def test_the_check_would_catch_a_removed_name():
    # (what the issue found: the doc named Sieve._find after it was gone)
    assert "_find" not in CLASSES["Sieve"] and "_scan" in CLASSES["Sieve"]
    assert "find" in CLASSES["Watch"] and "act" not in MODULES["marks"]
