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
    return (f"CanIToolCall {version}, through the library: **{c['pass']} / {len(cases)} full passes**, "
            f"{c['soft_pass']} soft passes "
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


# --------------------------------------------------------------------------- per API (proxy.py)
API_NAMES = {"chat": "Chat Completions", "responses": "Responses", "messages": "Messages"}
DEFAULT = {"chat": "whole", "responses": "stream", "messages": "whole"}   # `--calls auto`


def _disagree(cases) -> int:
    return sum(not x.streams_agree for x in cases.values())


def render_apis(table: dict, library: dict[str, Case]) -> str:
    """The per-API table (a client's view through `callsieve serve`, proxy.py) beside the
    library's, and the fixtures whose result a client sees differently from the library."""
    c = counts(library.values())
    L = ["### As each API's client sees it (through `callsieve serve`)", "",
         "Each fixture's output sent by a scripted upstream (finish `length` for a truncated one) "
         "through the proxy, in the chunkings above and non-streamed, to a client of each API, with "
         "calls delivered whole (`--calls whole`) or streamed (`--calls stream`); `auto`, the default, "
         "is whole for Chat Completions and Messages and stream for Responses. A Chat client keeps every "
         "call it got a delta of (it cannot take a delta back); a Messages client every `tool_use` "
         "block opened (as the anthropic SDK's `get_final_message()`); a Responses client the "
         "`function_call` items that reached `output_item.done` as `completed` (bench/conformance/proxy.py).",
         "", "| client of | calls | full passes | soft | fails | stream ≠ non-stream |",
         "|---|---|---:|---:|---:|---:|",
         f"| the library (`Sieve`; a call counts at `ToolCallEnd`) | | {c['pass']} | {c['soft_pass']} | "
         f"{c['fail']} | {_disagree(library)} |"]
    for (api, mode), cases in table.items():
        k = counts(cases.values())
        label = f"{mode}{' (default)' if DEFAULT[api] == mode else ''}"
        L.append(f"| {API_NAMES[api]} | {label} | {k['pass']} | {k['soft_pass']} | {k['fail']} | "
                 f"{_disagree(cases)} |")
    worse = {}
    for (api, mode), cases in table.items():
        for fid, x in cases.items():
            if x.status != library[fid].status or x.streams_agree != library[fid].streams_agree:
                worse.setdefault(fid, []).append((API_NAMES[api], mode, x))
    if worse:
        L += ["", "Where a client sees other than the library's result:", "",
              "| fixture | client (calls) | library | client | first difference |", "|---|---|---|---|---|"]
        for fid in sorted(worse):
            who = ", ".join(f"{a} ({m})" for a, m, _ in worse[fid])
            x = worse[fid][0][2]
            detail = x.detail.replace("|", "\\|").replace("\n", "\\n")[:160]
            L.append(f"| `{fid}` | {who} | {library[fid].status} | {x.status} | {detail} |")
    return "\n".join(L) + "\n"


def summary_apis(table: dict, library: dict[str, Case]) -> str:
    """One sentence for the README: what each API's client sees, in each delivery mode."""
    lib = counts(library.values())

    def same(cases):
        return all(cases[f].status == library[f].status for f in library)
    alike = [f"{API_NAMES[a]} `--calls {m}`" for (a, m), cases in table.items() if same(cases)]
    s = (f"As a client of `callsieve serve` sees it: the same {lib['pass']} / {lib['soft_pass']} / "
         f"{lib['fail']} (full / soft / fail), fixture by fixture, in " + ", ".join(alike)
         + " (`--calls auto`, the default, is whole for Chat Completions and Messages, stream for Responses).")
    for (a, m), cases in table.items():
        if not same(cases):
            k, n = counts(cases.values()), sum(cases[f].status != library[f].status for f in library)
            s += (f" {API_NAMES[a]} `--calls {m}`: {k['pass']} / {k['soft_pass']} / {k['fail']}: on {n} "
                  "fixtures its client keeps the name and partial arguments of a call that turned out cut off or "
                  "invalid "
                  "(only the finish reason says so).")
    return s
