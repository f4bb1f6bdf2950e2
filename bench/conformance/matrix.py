"""The conformance matrix: callsieve's CanIToolCall results per family and per tag, beside the
engines' published numbers, as Markdown for bench/RESULTS.md and a one-line summary for the README."""
from __future__ import annotations

from collections import Counter

from bench.conformance import STRATEGIES, Case

# The suite's published snapshot (2026-09-25): full passes / fixtures the engine supports.
PUBLISHED = (("vLLM", "0.30", 268, 469), ("llama.cpp", "", 278, 438), ("SGLang", "0.5.20", 189, 448),
             ("Ollama", "", 224, 261), ("transformers", "5.17", 33, 48))
SNAPSHOT = "2026-09-25"
KINDS = ("pass", "soft_pass", "fail")


def counts(cases) -> Counter:
    c = Counter(x.status for x in cases)
    c["fail"] += c.pop("error", 0)
    return c


def summary(cases: dict[str, Case], version: str) -> str:
    c = counts(cases.values())
    engines = ", ".join(f"{name}{' ' + ver if ver else ''} {ok}/{of}" for name, ver, ok, of in PUBLISHED)
    return (f"CanIToolCall {version}: **{c['pass']} / {len(cases)} full passes**, {c['soft_pass']} soft passes "
            f"(whitespace only), {c['fail']} fails. The engines' full passes in the suite's snapshot of "
            f"{SNAPSHOT}, each on the fixtures it supports: {engines}.")


def _row(label: str, c: Counter, n: int) -> str:
    return f"| {label} | {n} | {c['pass']} | {c['soft_pass']} | {c['fail']} |"


def render(cases: dict[str, Case], version: str, commit: str) -> str:
    n = len(cases)
    total = counts(cases.values())
    L = [f"CanIToolCall {version} (`pip install canitoolcall=={version}`), {n} fixtures, callsieve at {commit}: "
         "no format named, characters as units, chunkings " + ", ".join(f"`{s}`" for s in STRATEGIES)
         + " (`token` = one character per delta), `thinking=` from the fixture's generation prompt. "
         "A soft pass differs only by whitespace at the ends of the content or reasoning.", "",
         "### Beside the engines", "",
         "| engine | fixtures run | full passes | share |", "|---|---:|---:|---:|",
         f"| **callsieve** (this run) | {n} | **{total['pass']}** (+{total['soft_pass']} soft) | "
         f"{100 * total['pass'] / n:.0f} % |"]
    for name, ver, ok, of in PUBLISHED:
        L.append(f"| {name} {ver} | {of} | {ok} | {100 * ok / of:.0f} % |".replace("  |", " |"))
    L += ["", f"Engines: the suite's published snapshot of {SNAPSHOT} (each on the fixtures it supports).",
          "", "### Per family", "", "| family | fixtures | pass | soft | fail |", "|---|---:|---:|---:|---:|"]
    fams = sorted({x.family for x in cases.values()})
    for f in fams:
        sub = [x for x in cases.values() if x.family == f]
        L.append(_row(f, counts(sub), len(sub)))
    L.append(_row("**all**", total, n))
    L += ["", "### Per tag", "", "| tag | fixtures | pass | soft | fail |", "|---|---:|---:|---:|---:|"]
    tags = Counter(t for x in cases.values() for t in x.tags)
    for t, k in sorted(tags.items(), key=lambda kv: (kv[0].startswith("x-"), -kv[1], kv[0])):
        L.append(_row(f"`{t}`", counts(x for x in cases.values() if t in x.tags), k))
    bad = [(k, x) for k, x in sorted(cases.items()) if x.status != "pass"]
    if bad:
        L += ["", "### Not a full pass", "", "| fixture | status | first difference |", "|---|---|---|"]
        for k, x in bad:
            detail = x.detail.replace("|", "\\|").replace("\n", "\\n")[:200]
            L.append(f"| `{k}` | {x.status} | {detail} |")
    return "\n".join(L) + "\n"
