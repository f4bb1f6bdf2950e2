"""The peers (vLLM and SGLang streaming tool-call parsers), side by side with callsieve.

The peers run in their own virtualenv, built by `bench/peers_setup.sh` (vLLM 0.33.0 and
SGLang 0.5.23 from PyPI, unmodified, and litellm 1.110.2's Ollama iterator on the Ollama
JSON-mode streams), with `bench/peers_harness.py` as the harness.
`python -m bench --peers` (or `python -m bench.peers`) installs this project into that venv
(--no-deps: the core needs nothing), writes the streams (bench.streams, identical to the
harness's streams), and runs the harness with callsieve included, so callsieve and the
peers are timed in one run on the same streams.  The raw results land in bench/peers_results.json.

Without a fresh run, bench/peers_baseline.json holds the peers' figures from the peers'
baseline (same streams, a 2-core machine like this one).
The quadratic peers' 100 KB runs (7.5 min each) are skipped in a fresh run, as the harness's
README does; their figures come from the baseline.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile

from . import streams as S

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "peers_results.json")
BASELINE = os.path.join(HERE, "peers_baseline.json")
DEFAULT_VENV = os.environ.get("PEERS_VENV") or os.path.expanduser("~/.cache/callsieve-peers-venv")
DEFAULT_HARNESS = os.environ.get("PEERS_HARNESS") or HERE
SKIP_SLOW = r"^(SGLang|vLLM llama3_json).*call_100k"
CALLSIEVE = "callsieve (auto)"
FAMILIES = ("vLLM", "SGLang", "litellm")   # a peer parser's label starts with its family


def venv_python(venv: str = DEFAULT_VENV) -> str | None:
    py = os.path.join(venv, "bin", "python")
    return py if os.path.exists(py) else None


def prepared_python(venv: str = DEFAULT_VENV, progress=print) -> str:
    """The peers venv's python, with this project importable in it (installed --no-deps if not)."""
    py = venv_python(venv)
    if py is None:
        raise RuntimeError(f"no peers virtualenv at {venv}: run `bash bench/peers_setup.sh` (2 min 24 s of CPU)")
    where = subprocess.run([py, "-c", "import callsieve, os; print(os.path.realpath(callsieve.__file__))"],
                           capture_output=True, text=True)
    snapshot = os.environ.get("PYTHONPATH") and where.returncode == 0   # a callsieve snapshot on PYTHONPATH
    if not snapshot and (where.returncode != 0 or not where.stdout.strip().startswith(os.path.realpath(ROOT))):
        progress(f"  peers: installing this project into {venv} (pip install --no-deps -e)")
        subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "-e", ROOT], check=True)
    return py


def run_peers(venv: str = DEFAULT_VENV, harness: str = DEFAULT_HARNESS, out: str = RESULTS,
              skip: str = SKIP_SLOW, only: str = "", progress=print) -> str:
    """Run the peers' harness with callsieve included; returns the path of the raw JSON results."""
    py = prepared_python(venv, progress)
    script = os.path.join(harness, "peers_harness.py")
    if not os.path.exists(script):
        raise RuntimeError(f"the peers' harness is not at {script} (set PEERS_HARNESS)")
    tmp = tempfile.mkdtemp(prefix="callsieve-peers-")
    streams = os.path.join(tmp, "streams.jsonl")
    S.write_jsonl(streams, S.peer_streams() + S.ollama_streams())
    cmd = [py, script, "--streams", streams, "--out", os.path.join(tmp, "peers.md"), "--json-out", out]
    if skip:
        cmd += ["--skip", skip]
    if only:   # a part re-run: the pairs not run keep their last figures
        cmd += ["--only", only] + (["--merge", out] if os.path.exists(out) else [])
    progress("  peers: " + " ".join(cmd[1:]) + "  (about 6 min)")
    subprocess.run(cmd, check=True, cwd=tmp)
    return out


# --------------------------------------------------------------------------- whole replies
WHOLE = os.path.join(HERE, "peers_whole_results.json")


def run_whole(venv: str = DEFAULT_VENV, out: str = WHOLE, progress=print) -> str:
    """Whole replies (bench/wholebench.py) through callsieve's parse() and every alternative
    installed in the peers' venv (bench/peers_whole.py, bench/peers_extra.py), one run."""
    from . import wholebench as W
    py = prepared_python(venv, progress)
    tmp = tempfile.mkdtemp(prefix="callsieve-peers-whole-")
    replies = os.path.join(tmp, "replies.json")
    with open(replies, "w", encoding="utf-8") as f:
        json.dump(W.replies(), f, ensure_ascii=False)
    cmd = [py, os.path.join(HERE, "peers_whole.py"), "--replies", replies, "--out", out]
    progress("  peers: " + " ".join(cmd[1:]) + "  (about 1 min)")
    subprocess.run(cmd, check=True, cwd=tmp)
    return out


def load_whole(path: str = WHOLE) -> dict | None:
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# --------------------------------------------------------------------------- inside vLLM's serving loop
LOOP = os.path.join(HERE, "vllm_loop_results.json")
LOOP_BEGIN = "<!-- BEGIN GENERATED by `python -m bench.peers --vllm-loop --write` -->"
LOOP_END = "<!-- END GENERATED vllm-loop -->"


def run_vllm_loop(venv: str = DEFAULT_VENV, out: str = LOOP, progress=print) -> str:
    """bench/vllm_loop.py in the peers venv: vLLM's serving loop, callsieve's parser vs the family's."""
    py = prepared_python(venv, progress)
    progress("  peers: vLLM's serving loop, callsieve vs vLLM's parsers (about 2.5 min)")
    subprocess.run([py, "-m", "bench.vllm_loop", "--out", out], check=True, cwd=ROOT)
    return out


def loop_markdown(data: dict | None) -> list[str]:
    if not data:
        return []
    m = data["meta"]
    by: dict[str, dict] = {}
    for r in data["results"]:
        by.setdefault(r["stream"], {})["callsieve" if r["parser"] == "callsieve" else "vllm"] = r
    L = [f"### Inside vLLM's serving loop (µs per step, {m['date']}, vLLM {m['vllm']}, best of {m['runs']})", "",
         "Per engine step, `ChatStreamProcessor.step` (what `OpenAIServingChat` runs per output) with the "
         "composed parser: `--tool-call-parser <family>` against `--tool-call-parser callsieve "
         "--reasoning-parser callsieve` (auto-detection). Same streams, tokenizer stand-in and check as the "
         "peers' harness; wall time of the whole step, vLLM's own work included"
         + (f"; load average {m['load_start']} at the start, {m['load_end']} at the end (2 cores shared: "
            "expect wide swings between runs)" if m.get("load_start") else "") + ". "
         "✗ = vLLM's parser was wrong on the stream. Command: `python -m bench.peers --vllm-loop --write`.", "",
         "| stream | steps | vLLM's parser | µs/step | callsieve µs/step | vLLM ÷ callsieve | vLLM correct | callsieve correct |",
         "|---|---:|---|---:|---:|---:|:-:|:-:|"]
    for stream, p in by.items():
        v, c = p.get("vllm"), p.get("callsieve")
        if not v or not c:
            continue

        def us(r):
            return f"{r['us_per_step']:.1f}" if r.get("us_per_step") else "—"

        def ok(r):
            return "✅" if r["calls_ok"] and r["content_ok"] else "❌ " + r["note"]
        x = f"{v['us_per_step'] / c['us_per_step']:.1f}×" if v.get("us_per_step") and c.get("us_per_step") else "—"
        x += "" if v["calls_ok"] and v["content_ok"] else " ✗"   # against a parser that skipped the work
        L.append(f"| {stream} | {c['chunks']} | {v['parser'][5:]} | {us(v)} | {us(c)} | {x} | {ok(v)} | {ok(c)} |")
    return L


def write_loop_block(results_md: str = os.path.join(HERE, "RESULTS.md")) -> None:
    """Rewrite the serving-loop table in RESULTS.md (its own block, after the main generated one)."""
    with open(LOOP, encoding="utf-8") as f:
        block = LOOP_BEGIN + "\n" + "\n".join(loop_markdown(json.load(f))) + "\n" + LOOP_END
    old = open(results_md, encoding="utf-8").read()
    if LOOP_BEGIN in old and LOOP_END in old:
        new = old[:old.index(LOOP_BEGIN)] + block + old[old.index(LOOP_END) + len(LOOP_END):]
    else:
        cut = old.index("## How to run") if "## How to run" in old else len(old)
        new = old[:cut] + block + "\n\n" + old[cut:]
    with open(results_md, "w", encoding="utf-8") as f:
        f.write(new)


def load(prefer_fresh: bool = True) -> dict | None:
    """{"meta", "results", "source"}: the last fresh run merged over the baseline, or None."""
    base = fresh = None
    if os.path.exists(BASELINE):
        with open(BASELINE, encoding="utf-8") as f:
            base = json.load(f)
    if prefer_fresh and os.path.exists(RESULTS):
        with open(RESULTS, encoding="utf-8") as f:
            fresh = json.load(f)
    if fresh is None and base is None:
        return None
    if fresh is None:
        for r in base["results"]:
            r["source"] = "baseline"
        return {**base, "source": "baseline"}
    have = {(r["parser"], r["stream"]) for r in fresh["results"]}
    for r in fresh["results"]:
        r["source"] = "run"
    merged = list(fresh["results"])
    for r in (base or {}).get("results", []):
        if (r["parser"], r["stream"]) not in have:
            merged.append({**r, "source": "baseline"})
    return {"meta": fresh["meta"], "baseline_meta": (base or {}).get("meta"), "results": merged, "source": "run"}


def ratios(data: dict | None, ours: dict[str, float] | None = None) -> dict[str, dict]:
    """Per stream: callsieve µs/chunk and the peers' µs/chunk over it.

    callsieve's figure comes from the same peers run when it has one (ratios from one run);
    `ours` (this bench run) fills in otherwise.  For each peer family the *fastest* parser counts
    (the least favourable ratio).  "from_baseline" marks peer figures not from this run.
    """
    out: dict[str, dict] = {}
    if not data:
        return out
    by: dict[str, list] = {}
    for r in data["results"]:
        by.setdefault(r["stream"], []).append(r)
    for stream, rows in by.items():
        cs = next((r for r in rows if r["parser"] == CALLSIEVE and r.get("source") == "run"), None)
        us = cs["us_per_chunk_parser"] if cs else (ours or {}).get(stream)
        if not us:
            continue
        entry = {"callsieve_us": us, "callsieve_from": "peers run" if cs else "this run"}
        for fam in FAMILIES:
            peers = [r for r in rows if r["parser"].startswith(fam) and r.get("us_per_chunk_parser")]
            if not peers:
                continue
            fastest = min(peers, key=lambda r: r["us_per_chunk_parser"])
            entry[fam] = {"parser": fastest["parser"], "us": fastest["us_per_chunk_parser"],
                          "ratio": fastest["us_per_chunk_parser"] / us,
                          "from_baseline": any(r.get("source") == "baseline" for r in peers),
                          "peer_correct": all(r.get("calls_ok") and r.get("content_ok") for r in peers)}
        if cs:
            entry["callsieve_correct"] = bool(cs.get("calls_ok") and cs.get("content_ok"))
            entry["callsieve_note"] = cs.get("note", "")
        out[stream] = entry
    return out


# --------------------------------------------------------------------------- baseline import
def import_baseline_md(path: str) -> dict:
    """Parse the per-stream table of the peers' baseline.md into the harness's JSON shape."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"Generated by `peers_(?:bench|harness).py` on (\S+) — ([^,]+, \d+ cores), Python ([\d.]+); "
                  r"vLLM ([\d.]+), SGLang ([\d.]+)", text)
    meta = {"date": m.group(1), "machine": m.group(2), "python": m.group(3), "vllm": m.group(4),
            "sglang": m.group(5), "source": "the peers' baseline.md"} if m else {}

    def num(s):
        s = s.strip().lstrip("≥").replace(",", "")
        return None if s in ("", "—") else float(s)

    results = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 12 or not re.match(r"^(vLLM|SGLang|callsieve)", cells[0]):
            continue
        parser, stream, chunks, kb, runs, pms, pus, lus, mbs, calls, content, note = cells
        fmt, case, markers = stream.split("/")
        results.append({
            "parser": parser, "stream": stream, "format": fmt, "case": case, "markers": markers,
            "n_chunks": int(chunks), "runs": int(runs), "complete": not pms.startswith("≥"),
            "t_parser_s": num(pms) / 1e3, "us_per_chunk_parser": num(pus), "us_per_chunk_loop": num(lus),
            "mb_per_s_parser": num(mbs), "calls_ok": calls == "✅", "content_ok": content == "✅", "note": note})
    return {"meta": meta, "results": results}


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description="run the peers' harness with callsieve included")
    ap.add_argument("--venv", default=DEFAULT_VENV)
    ap.add_argument("--harness", default=DEFAULT_HARNESS)
    ap.add_argument("--skip", default=SKIP_SLOW)
    ap.add_argument("--only", default="")
    ap.add_argument("--vllm-loop", action="store_true",
                    help="only vLLM's serving loop with callsieve's parser vs the family's (about 2.5 min)")
    ap.add_argument("--write", action="store_true", help="with --vllm-loop: rewrite its table in RESULTS.md")
    ap.add_argument("--import-baseline", metavar="BASELINE_MD",
                    help="convert the peers' baseline.md into bench/peers_baseline.json and stop")
    a = ap.parse_args(argv)
    if a.import_baseline:
        data = import_baseline_md(a.import_baseline)
        with open(BASELINE, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
        print(f"wrote {BASELINE} ({len(data['results'])} rows)")
        return 0
    if a.vllm_loop:
        run_vllm_loop(a.venv)
        if a.write:
            write_loop_block()
        print("\n".join(loop_markdown(json.load(open(LOOP, encoding="utf-8")))))
        return 0
    run_peers(a.venv, a.harness, RESULTS, a.skip, a.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
