"""Regenerate the format tables of the README and docs/ from `callsieve.formats.table()`, and the
core's module map in docs/architecture.md from the modules themselves.

    python docs/generate.py          # rewrite the generated blocks in place
    python docs/generate.py --check  # exit 1 if one is out of date (tests/test_docs.py does this)

Each block sits between BEGIN and END markers; everything else in the files is hand-written.
"""
from __future__ import annotations

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

from callsieve import formats  # noqa: E402

BEGIN = "<!-- BEGIN GENERATED from formats.table() by `python docs/generate.py` -->"
END = "<!-- END GENERATED -->"
DOCS = {"json": "docs/formats-json.md", "xml": "docs/formats-xml.md", "literal": "docs/formats-literal.md"}


def _code(items) -> str:
    """Markers as code spans, `|` escaped for a Markdown table."""
    return ", ".join("`" + m.replace("|", "\\|").replace("\n", "\\n") + "`" for m in items) or "—"


def _cell(text: str) -> str:
    """Prose for a table cell: `|` escaped, and `<` too (a renderer would take `<tag>` for HTML)."""
    return text.replace("|", "\\|").replace("<", "&lt;")


def _link(name: str, prefix: str) -> str:
    return f"[`{name}`]({prefix}syntax.md#{name})"


def format_rows(rows, prefix: str) -> list[str]:
    out = ["| format | markers | closer | model globs | what it reads |", "|---|---|---|---|---|"]
    for r in rows:
        closer = _code([r["closer"]]) if r["closer"] else "—"
        out.append(f"| {_link(r['name'], prefix)} | {_code(r['markers'])} | {closer} | {_code(r['models'])} | "
                   f"{_cell(r['description'])} |")
    return out


def families() -> dict[str, str]:
    """{format: the families its section of docs/syntax.md names} (`### NAME: families`)."""
    with open(os.path.join(ROOT, "docs", "syntax.md"), encoding="utf-8") as f:
        heads = [line[4:].strip() for line in f if line.startswith("### ")]
    return {h.split(":", 1)[0]: h.split(":", 1)[1].strip() for h in heads if ":" in h}


def readme() -> str:
    rows = formats.table()
    fam = families()
    lines = [f"`callsieve formats` prints the table of the {len(rows)} registered formats with their markers and",
             "model-name patterns (the syntax of each: [docs/syntax.md](docs/syntax.md)).", "",
             "| syntax | formats |", "|---|---|"]
    for key, label in formats.SYNTAXES.items():
        names = sorted(r["name"] for r in rows if r["syntax"] == key)
        lines.append(f"| {label} | " + ", ".join(
            _link(n, "docs/") + (f" ({fam[n].replace('|', chr(92) + '|')})" if fam.get(n) else "") for n in names)
            + " |")
    return "\n".join(lines) + "\n"


def index() -> str:
    rows = formats.table()
    lines = [f"{len(rows)} formats. " + "; ".join(
        f"{label}: {sum(r['syntax'] == k for r in rows)}" for k, label in formats.SYNTAXES.items()) + ".", ""]
    return "\n".join(lines + format_rows(rows, "")) + "\n"


def per_syntax(key: str) -> str:
    return "\n".join(format_rows([r for r in formats.table() if r["syntax"] == key], "")) + "\n"


# ---------------------------------------------------------------- the core's module map
CORE_BEGIN = "<!-- BEGIN GENERATED from the core modules by `python docs/generate.py` -->"
CORE = os.path.join(ROOT, "src", "callsieve")
# src/callsieve/*.py that are not the core: the package's door, the command line, the request
# rules (a layer of their own above the core: docs/architecture.md's first table).
NOT_CORE = {"__init__.py", "__main__.py", "cli.py", "rules.py"}


def first_sentence(doc: str) -> str:
    """A docstring's first sentence, on one line."""
    para = " ".join(doc.strip().split("\n\n")[0].split())
    for i, c in enumerate(para):
        if c == "." and (i + 1 == len(para) or para[i + 1] == " ") and para.count("(", 0, i) == para.count(")", 0, i):
            return para[:i + 1]
    return para


def core_modules() -> list[tuple[str, str, list[str]]]:
    """(module, its job, its public classes) for each core module, from its source."""
    out = []
    for name in sorted(os.listdir(CORE)):
        if not name.endswith(".py") or name in NOT_CORE:
            continue
        with open(os.path.join(CORE, name), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef) and not n.name.startswith("_")]
        out.append((name, first_sentence(ast.get_docstring(tree) or ""), classes))
    return out


def core_map() -> str:
    lines = ["| module | what it does (its docstring) | its classes |", "|---|---|---|"]
    for name, job, classes in core_modules():
        lines.append(f"| `{name}` | {_cell(job)} | {', '.join(f'`{c}`' for c in classes) or '—'} |")
    return "\n".join(lines) + "\n"


def blocks() -> dict[str, str]:
    """{file (relative to the repository): the text of its generated block}."""
    out = {"README.md": readme(), "docs/syntax.md": index()}
    out.update({path: per_syntax(key) for key, path in DOCS.items()})
    return out


def other_blocks() -> dict[tuple[str, str], str]:
    """{(file, its block's BEGIN marker): the block's text}, for blocks made from the code."""
    return {("docs/architecture.md", CORE_BEGIN): core_map()}


def current(text: str, begin: str = BEGIN) -> str | None:
    """The generated block in `text` (None if it has none)."""
    if begin not in text:
        return None
    a = text.index(begin) + len(begin) + 1
    return text[a:text.index(END, a)]


def rewrite(text: str, block: str, begin: str = BEGIN) -> str:
    a = text.index(begin) + len(begin) + 1
    return text[:a] + block + text[text.index(END, a):]


def main(argv) -> int:
    stale = []
    every = {(rel, BEGIN): block for rel, block in blocks().items()}
    every.update(other_blocks())
    for (rel, begin), block in every.items():
        path = os.path.join(ROOT, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if current(text, begin) == block:
            continue
        stale.append(rel)
        if "--check" not in argv:
            with open(path, "w", encoding="utf-8") as f:
                f.write(rewrite(text, block, begin))
    if stale:
        print(("out of date: " if "--check" in argv else "rewrote: ") + ", ".join(stale))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
