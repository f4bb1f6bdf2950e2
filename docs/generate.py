"""Regenerate the format tables of the README and docs/ from `callsieve.formats.table()`.

    python docs/generate.py          # rewrite the generated blocks in place
    python docs/generate.py --check  # exit 1 if one is out of date (tests/test_docs.py does this)

Each block sits between BEGIN and END markers; everything else in the files is hand-written.
"""
from __future__ import annotations

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


def blocks() -> dict[str, str]:
    """{file (relative to the repository): the text of its generated block}."""
    out = {"README.md": readme(), "docs/syntax.md": index()}
    out.update({path: per_syntax(key) for key, path in DOCS.items()})
    return out


def current(text: str) -> str | None:
    """The generated block in `text` (None if it has none)."""
    if BEGIN not in text:
        return None
    a = text.index(BEGIN) + len(BEGIN) + 1
    return text[a:text.index(END, a)]


def rewrite(text: str, block: str) -> str:
    a = text.index(BEGIN) + len(BEGIN) + 1
    return text[:a] + block + text[text.index(END, a):]


def main(argv) -> int:
    stale = []
    for rel, block in blocks().items():
        path = os.path.join(ROOT, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if current(text) == block:
            continue
        stale.append(rel)
        if "--check" not in argv:
            with open(path, "w", encoding="utf-8") as f:
                f.write(rewrite(text, block))
    if stale:
        print(("out of date: " if "--check" in argv else "rewrote: ") + ", ".join(stale))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
