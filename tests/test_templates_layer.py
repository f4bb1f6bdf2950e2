"""The chat-template code sits above the core: the dependency points one way (templates -> core).

The core (src/callsieve/*.py and formats/, docs/architecture.md) parses with what a Session
holds and never reads a template itself; callsieve.templates renders, derives and seeds.  Read
from the source with `ast`, so an import inside a function counts as much as one at the top.
"""
from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PKG = SRC / "callsieve"
# The command line is an application over everything (it reads --chat-template), not the core.
NOT_CORE = {"cli.py", "__main__.py"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(source: str, module: str, is_package: bool = False) -> list[tuple[str, list[str]]]:
    """(absolute module, names taken from it) for every import in `source`, relative ones
    resolved against `module` (the dotted name of the file)."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            names = [a.name for a in node.names]
            out.append((name, names))
            # `from . import x` may import the submodule x
            out += [(f"{name}.{n}", []) for n in names]
    return out


def _core_files() -> list[Path]:
    files = [p for p in PKG.glob("*.py") if p.name not in NOT_CORE]
    return files + sorted((PKG / "formats").rglob("*.py"))


def _of(path: Path) -> list[tuple[str, list[str]]]:
    return imports(path.read_text(), _module(path), path.name == "__init__.py")


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _templates(name: str) -> bool:
    return _under(name, "callsieve.templates")


def test_the_import_reader_resolves_relative_imports():
    """(so that the test below cannot pass by reading no import at all)"""
    found = imports("def f():\n    from ..templates.seed import seed_session\n", "callsieve.formats.glm")
    assert ("callsieve.templates.seed", ["seed_session"]) in found
    found = imports("from . import templates\n", "callsieve.session")
    assert any(_templates(name) for name, _ in found)
    found = imports("from .derive import shape\n", "callsieve.templates", is_package=True)
    assert ("callsieve.templates.derive", ["shape"]) in found


def test_no_core_module_imports_the_templates_package():
    core = _core_files()
    assert {"sieve.py", "session.py", "message.py", "__init__.py"} <= {p.name for p in core}
    assert any(p.parent.name == "formats" for p in core)
    wrong = [f"{p.relative_to(SRC)} imports {name}" for p in core for name, _ in _of(p) if _templates(name)]
    assert not wrong, wrong


def test_no_core_module_imports_jinja2():
    wrong = [f"{p.relative_to(SRC)}" for p in _core_files() for name, _ in _of(p) if name.split(".")[0] == "jinja2"]
    assert not wrong, wrong


def test_the_template_modules_use_only_each_others_public_names():
    files = sorted((PKG / "templates").glob("*.py"))
    assert {"read.py", "evaluate.py", "render.py", "derive.py", "seed.py"} <= {p.name for p in files}
    private = [f"{p.name}: {name}.{n}" for p in files for name, names in _of(p)
               if name.startswith("callsieve.") for n in names if n.startswith("_")]
    assert not private, private


def test_the_session_renders_nothing():
    """Plain memory: session.py uses only the registry (a model id's format), never the Sieve,
    a renderer or a deriver (the loop session -> derive -> message -> sieve is gone)."""
    names = {name for name, _ in _of(PKG / "session.py")}
    others = [n for n in names if n.startswith("callsieve.") and not _under(n, "callsieve.formats")]
    assert not others, others
