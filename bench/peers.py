"""The peers (vLLM and SGLang streaming tool-call parsers), side by side with callsieve.

The peers run in their own virtualenv, built by the peers' harness's `setup_peers.sh` (vLLM 0.33.0
and SGLang 0.5.23 from PyPI, unmodified), with its `peers_bench.py`; the harness lives outside
this repository: point `PEERS_HARNESS` (or `--harness`) at its directory.
`python -m bench --peers` (or `python -m bench.peers`) installs this project into that venv
(--no-deps: the core needs nothing), writes the streams (bench.streams, identical to the
harness's gen_streams.py), and runs the harness with callsieve included, so callsieve and the
peers are timed in one run on the same streams.  The raw results land in bench/peers_results.json.

Without a fresh run, bench/peers_baseline.json holds the peers' figures from the shared
baseline (the harness's baseline.md, same streams, a 2-core machine like this one).
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
DEFAULT_HARNESS = os.environ.get("PEERS_HARNESS", "")     # the peers' harness is not part of the project
SKIP_SLOW = r"^(SGLang|vLLM llama3_json).*call_100k"
CALLSIEVE = "callsieve (auto)"


def venv_python(venv: str = DEFAULT_VENV) -> str | None:
    py = os.path.join(venv, "bin", "python")
    return py if os.path.exists(py) else None


def run_peers(venv: str = DEFAULT_VENV, harness: str = DEFAULT_HARNESS, out: str = RESULTS,
              skip: str = SKIP_SLOW, only: str = "", progress=print) -> str:
    """Run the peers' harness with callsieve included; returns the path of the raw JSON results."""
    py = venv_python(venv)
    if py is None:
        raise RuntimeError(f"no peers virtualenv at {venv}: run `bash {harness}/setup_peers.sh` (about 2 min)")
    if not harness:
        raise RuntimeError("where is the peers' harness? set PEERS_HARNESS (or --harness) to its directory")
    script = os.path.join(harness, "peers_bench.py")
    if not os.path.exists(script):
        raise RuntimeError(f"the peers' harness is not at {script} (set PEERS_HARNESS)")
    where = subprocess.run([py, "-c", "import callsieve, os; print(os.path.realpath(callsieve.__file__))"],
                           capture_output=True, text=True)
    snapshot = os.environ.get("PYTHONPATH") and where.returncode == 0   # a callsieve snapshot on PYTHONPATH
    if not snapshot and (where.returncode != 0 or not where.stdout.strip().startswith(os.path.realpath(ROOT))):
        progress(f"  peers: installing this project into {venv} (pip install --no-deps -e)")
        subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "-e", ROOT], check=True)
    tmp = tempfile.mkdtemp(prefix="callsieve-peers-")
    streams = os.path.join(tmp, "streams.jsonl")
    S.write_jsonl(streams, S.peer_streams())
    cmd = [py, script, "--streams", streams, "--out", os.path.join(tmp, "peers.md"), "--json-out", out]
    if skip:
        cmd += ["--skip", skip]
    if only:
        cmd += ["--only", only]
    progress("  peers: " + " ".join(cmd[1:]) + "  (about 6 min)")
    subprocess.run(cmd, check=True, cwd=tmp)
    return out


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
        for fam in ("vLLM", "SGLang"):
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
    m = re.search(r"Generated by `peers_bench.py` on (\S+) — ([^,]+, \d+ cores), Python ([\d.]+); "
                  r"vLLM ([\d.]+), SGLang ([\d.]+)", text)
    meta = {"date": m.group(1), "machine": m.group(2), "python": m.group(3), "vllm": m.group(4),
            "sglang": m.group(5), "source": "the peers' harness, baseline.md"} if m else {}

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
    ap.add_argument("--import-baseline", metavar="BASELINE_MD",
                    help="convert the peers' baseline.md into bench/peers_baseline.json and stop")
    a = ap.parse_args(argv)
    if a.import_baseline:
        data = import_baseline_md(a.import_baseline)
        with open(BASELINE, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
        print(f"wrote {BASELINE} ({len(data['results'])} rows)")
        return 0
    run_peers(a.venv, a.harness, RESULTS, a.skip, a.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
