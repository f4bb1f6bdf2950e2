"""The syntax reference and the format tables agree with the registry, and the repository
cites only what it holds."""
import importlib.util
import os
import re
import subprocess
from pathlib import Path

from callsieve import formats

ROOT = Path(__file__).resolve().parent.parent
SYNTAX = (ROOT / "docs" / "syntax.md").read_text()
spec = importlib.util.spec_from_file_location("generate", ROOT / "docs" / "generate.py")
generate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generate)

# A file of the proxy (issue 9 work in progress) still cites the old reference; drop it from here
# once it cites docs/syntax.md#reasoning.
NOT_YET: set = set()


def _tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    return [p for p in out if (ROOT / p).is_file() and p not in NOT_YET]


def test_generated_tables_are_up_to_date():
    for rel, block in generate.blocks().items():
        assert generate.current((ROOT / rel).read_text()) == block, f"{rel}: run `python docs/generate.py`"


def test_the_readme_counts_the_registered_formats():
    readme = (ROOT / "README.md").read_text()
    assert f"the {len(formats.names())} registered formats" in readme
    for name in formats.names():
        assert f"[`{name}`](docs/syntax.md#{name})" in readme


def test_every_format_has_a_syntax_section_and_a_syntax_kind():
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', SYNTAX))
    for f in formats.all_formats():
        assert f.name in anchors, f"docs/syntax.md has no section for {f.name}"
        assert f.syntax in formats.SYNTAXES, f.name


def test_every_citation_of_the_reference_resolves():
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', SYNTAX))
    for rel in _tracked():
        if not rel.endswith((".py", ".md")):
            continue
        for cite in re.findall(r"syntax\.md#([a-z][a-z0-9_-]*)((?:, #[a-z][a-z0-9_-]*)*)", (ROOT / rel).read_text()):
            for a in [cite[0], *re.findall(r"#([a-z][a-z0-9_-]*)", cite[1])]:
                assert a in anchors, f"{rel} cites docs/syntax.md#{a}, which does not exist"


def test_nothing_refers_to_files_outside_the_repository():
    for rel in _tracked():
        try:
            text = (ROOT / rel).read_text()
        except UnicodeDecodeError:
            continue
        # (spelled in two pieces, so this file does not match itself)
        for ref in ("../" + "shared", "/work/" + "shared", "formats" + ".md"):
            assert ref not in text, f"{rel} refers to {ref}"


def _first_column(doc: str, header: str) -> set[str]:
    """The format names in the first column of the table under `header` in docs/`doc`."""
    text = (ROOT / "docs" / doc).read_text()
    rows = text.split(header, 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    return {n for row in rows if row.startswith("| `") for n in re.findall(r"`(\w+)`", row.split(" | ")[0])}


def _of(syntax):
    return {f.name for f in formats.all_formats() if f.syntax == syntax}


def test_hand_written_notes_cover_exactly_the_registered_formats():
    assert _first_column("formats-json.md", "| format | markers | stripped special tokens | decisions |") == _of("json")
    assert _first_column("formats-xml.md", "| format | what is left | recognised? |") == _of("xml")
    literal = (ROOT / "docs" / "formats-literal.md").read_text()
    assert set(re.findall(r"^## `(\w+)`", literal, re.M)) == _of("literal")


def _prose(md: str) -> str:
    """A Markdown text without its fenced code blocks (a `# comment` there is no heading)."""
    out, fenced = [], False
    for line in md.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced:
            out.append(line)
    return "\n".join(out)


def _anchors(md: str) -> set[str]:
    """GitHub's anchors for a Markdown file: its headings' slugs and its explicit <a id>s."""
    heads = re.findall(r"^#{1,6} (.+)$", _prose(md), re.M)
    slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}
    return slugs | set(re.findall(r'<a id="([^"]+)"></a>', md))


def test_every_relative_link_in_the_docs_resolves():
    """The README's sections moved into docs/: every link between them still lands on a file and a heading."""
    for rel in _tracked():
        if not rel.endswith(".md"):
            continue
        here = (ROOT / rel).parent
        text = re.sub(r"(`+).*?\1", "", _prose((ROOT / rel).read_text()))   # nor is a link in code
        for target, anchor in re.findall(r"\]\(([^)#:\s]*)(?:#([^)\s]+))?\)", text):
            path = (here / target).resolve() if target else ROOT / rel
            assert path.exists(), f"{rel} links to {target}, which does not exist"
            if anchor and path.suffix == ".md":
                assert anchor in _anchors(path.read_text()), f"{rel} links to {target}#{anchor}: no such heading"


def test_every_section_a_source_file_cites_exists():
    """`docs/agents.md#whole-calls` (cited by the proxy's --calls) once named a section that did
    not exist: every section of a `.md` file named in the code or the docs is a heading (or an `<a id>`) there."""
    bad = []
    for rel in _tracked():
        if not rel.endswith((".py", ".md")):
            continue
        for target, anchor in re.findall(r"([\w./-]+\.md)#([a-z0-9][a-z0-9_-]*)", (ROOT / rel).read_text()):
            near = ROOT / os.path.dirname(rel) / target
            path = near if near.exists() else ROOT / target
            if not path.exists() or anchor not in _anchors(path.read_text()):
                bad.append(f"{rel} cites {target}#{anchor}, which does not exist")
    assert not bad, "\n".join(bad)
