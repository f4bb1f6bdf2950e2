"""In-process benchmarks of the core: µs per feed, linearity, memory, whole-text parse() MB/s.

Timing is best-of-N wall time (time.perf_counter) with the garbage collector on, as a caller
would run.  The feed loop is the one of the peers' harness (build the Sieve, then feed every
chunk, keep the events, close), so the figures compare with theirs.
"""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
import tracemalloc

import callsieve
from callsieve import Text, ToolCallArgs, ToolCallStart

from . import streams as S

PC = time.perf_counter
CPU = time.process_time


def xml_available() -> bool:
    try:
        callsieve.formats.get("qwen3_coder")
        return True
    except KeyError:
        return False


# --------------------------------------------------------------------------- one stream
def feed_once(chunks, tools=S.TOOLS, fmt=None):
    """Feed a stream once; return (wall seconds, CPU seconds, events)."""
    sieve = callsieve.Sieve(tools=tools, format=fmt)
    feed = sieve.feed
    evs: list = []
    extend = evs.extend
    c0, t0 = CPU(), PC()
    for c in chunks:
        extend(feed(c))
    extend(sieve.close())
    t1, c1 = PC(), CPU()
    return t1 - t0, c1 - c0, evs


def fold(events) -> tuple[str, list]:
    """(content, [{"name", "arguments" (JSON text rebuilt from the deltas)}])."""
    content, calls = [], {}
    for ev in events:
        t = type(ev)
        if t is Text:
            content.append(ev.text)
        elif t is ToolCallStart:
            calls[ev.index] = {"name": ev.name, "arguments": ""}
        elif t is ToolCallArgs:
            calls[ev.index]["arguments"] += ev.delta
    return "".join(content), [calls[k] for k in sorted(calls)]


def check(expected: dict, content: str, calls: list) -> tuple[bool, bool, str]:
    """(calls_ok, content_ok, note): the peers' harness's check (content compared stripped)."""
    notes = []
    exp_calls = expected["tool_calls"]
    calls_ok = len(calls) == len(exp_calls)
    if not calls_ok:
        notes.append(f"{len(calls)}/{len(exp_calls)} calls"
                     + (f" ({', '.join(c['name'] for c in calls[:3])})" if calls else ""))
    for i, e in enumerate(exp_calls[:len(calls)]):
        g = calls[i]
        if g["name"] != e["name"]:
            calls_ok = False
            notes.append(f"call{i} name={g['name']!r}")
            continue
        try:
            args = json.loads(g["arguments"]) if g["arguments"] else None
        except ValueError as ex:
            calls_ok = False
            notes.append(f"call{i} args invalid JSON ({ex})")
            continue
        if args != e["arguments"]:
            calls_ok = False
            notes.append(f"call{i} args differ")
    exp_c, got_c = expected["content"].strip(), content.strip()
    content_ok = exp_c == got_c
    if not content_ok:
        notes.append(content_diff(exp_c, got_c))
    return calls_ok, content_ok, "; ".join(notes)


def content_diff(exp: str, got: str) -> str:
    if exp.startswith(got):
        return f"content truncated {len(got)}/{len(exp)} chars"
    if got.startswith(exp):
        return f"content has {len(got) - len(exp)} extra chars: {got[len(exp):][:40]!r}"
    i = next((k for k in range(min(len(exp), len(got))) if exp[k] != got[k]), min(len(exp), len(got)))
    return (f"content differs from char {i} ({len(got)} vs {len(exp)} chars): "
            f"expected {exp[i:i + 40]!r}, got {got[i:i + 40]!r}")


def traced_peak(chunks, tools=S.TOOLS) -> int:
    """Peak bytes allocated while feeding (events dropped as they come, as a proxy would)."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        sieve = callsieve.Sieve(tools=tools)
        for c in chunks:
            sieve.feed(c)
        sieve.close()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def bench_stream(rec: dict, runs: int = 5, budget: float = 10.0, fmt=None) -> dict:
    """Time one stream (best of `runs`, within `budget` seconds), check it, trace its memory.

    µs/feed is CPU time (time.process_time) of the feeding loop: on a shared 2-core machine the
    wall time also counts the moments this process waits for a core.  The wall figure is kept too.
    """
    chunks = rec["chunks"]
    walls, cpus, first = [], [], None
    spent = 0.0
    while len(walls) < runs:
        gc.collect()
        t, c, evs = feed_once(chunks, fmt=fmt)
        if first is None:
            first = evs
        walls.append(t)
        cpus.append(c)
        spent += t
        if spent > budget:
            break
    content, calls = fold(first)
    calls_ok, content_ok, note = check(rec["expected"], content, calls)
    best = min(cpus)
    n = len(chunks)
    size = rec["stats"]["utf8_bytes"]
    peak = traced_peak(chunks)
    return {
        "stream": rec["id"], "format": rec["format"], "case": rec["case"], "markers": rec["markers"],
        "chunks": n, "bytes": size, "chars": rec["stats"]["chars"], "runs": len(walls),
        "seconds": best, "us_per_feed": best / n * 1e6, "mb_s": size / best / 1e6,
        "wall_us_per_feed": min(walls) / n * 1e6,
        "median_us_per_feed": sorted(cpus)[len(cpus) // 2] / n * 1e6,
        "traced_peak_bytes": peak, "traced_peak_x": peak / size,
        "calls_ok": calls_ok, "content_ok": content_ok, "note": note,
    }


# --------------------------------------------------------------------------- whole text
def bench_parse(text: str, runs: int = 3, budget: float = 20.0, calls: list | None = None,
                expect_content: str | None = None) -> dict:
    """callsieve.parse(text) MB/s (best of runs); checks the calls and the content.

    Content is compared with runs of whitespace collapsed: the Sieve drops the whitespace that
    only separated prose from a call, by design.
    """
    size = len(text.encode("utf-8"))
    times, walls, msg, spent = [], [], None, 0.0
    while len(times) < runs:
        gc.collect()
        c0, t0 = CPU(), PC()
        m = callsieve.parse(text, tools=S.TOOLS)
        t, c = PC() - t0, CPU() - c0
        msg = msg or m
        times.append(c)
        walls.append(t)
        spent += t
        if spent > budget:
            break
    ok, note = True, ""
    got = [{"name": c.name, "arguments": c.arguments} for c in msg.tool_calls]
    if calls is not None and got != calls:
        ok = False
        bad = next((i for i, (a, b) in enumerate(zip(got, calls)) if a != b), min(len(got), len(calls)))
        note = f"{len(got)}/{len(calls)} calls, first difference at call {bad}"
    if expect_content is not None:
        exp_c, got_c = " ".join(expect_content.split()), " ".join(msg.content.split())
        if exp_c != got_c:
            ok = False
            note = (note + "; " if note else "") + content_diff(exp_c, got_c)
    best = min(times)
    return {"bytes": size, "runs": len(times), "seconds": best, "mb_s": size / best / 1e6,
            "wall_seconds": min(walls), "calls": len(msg.tool_calls), "ok": ok, "note": note}


def parse_ladder(make, sizes, runs: int, cap_s: float = 90.0, progress=None) -> list[dict]:
    """bench_parse at growing sizes; a size whose predicted time exceeds cap_s is not run.

    `make(n)` returns (text, calls or None, expected content).  The prediction extrapolates the
    growth exponent k measured between the two previous sizes (k = 1 linear, 2 quadratic).
    """
    out = []
    for n in sizes:
        if len(out) >= 1:
            a = out[-1]
            k = out[-1].get("k") or 1.0
            predicted = a["seconds"] * (n / a["bytes"]) ** max(1.0, k)
            if predicted > cap_s:
                out.append({"bytes": n, "skipped": f"predicted {predicted:,.0f} s (k = {k:.2f}) > {cap_s:.0f} s"})
                break
        text, calls, content = make(n)
        r = bench_parse(text, runs=runs, calls=calls, expect_content=content)
        if out and "seconds" in out[-1]:
            import math
            p = out[-1]
            r["k"] = math.log(r["seconds"] / p["seconds"]) / math.log(r["bytes"] / p["bytes"])
        out.append(r)
        if progress:
            progress(f"  parse {r['bytes'] / 1e6:6.2f} MB: {r['mb_s']:7.1f} MB/s"
                     + (f" (k = {r['k']:.2f})" if "k" in r else "") + (f" {r['note']}" if r["note"] else ""))
    return out


def dense_expected_content(text: str) -> str:
    """The prose of a dense_calls text: everything outside the <tool_call> blocks."""
    out, pos = [], 0
    while True:
        i = text.find("<tool_call>", pos)
        if i < 0:
            out.append(text[pos:])
            break
        out.append(text[pos:i])
        pos = text.index("</tool_call>", i) + len("</tool_call>")
    return "".join(out)


# --------------------------------------------------------------------------- RSS (subprocess)
_RSS_CHILD = r"""
import gc, json, sys
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
spec = json.loads(sys.stdin.read())
import callsieve
text, lens = spec["text"], spec["lens"]
tools = spec["tools"]
sieve = callsieve.Sieve(tools=tools)
gc.collect()
try:
    open("/proc/self/clear_refs", "w").write("5")   # reset the high-water mark (Linux >= 4.0)
except OSError:
    pass
base = status("VmRSS")
pos = 0
n = 0
for k in lens:                       # fresh chunk objects, as from a socket; events are dropped
    n += len(sieve.feed(text[pos:pos + k]))
    pos += k
n += len(sieve.close())
print(json.dumps({"base": base, "hwm": status("VmHWM"), "events": n}))
"""


def rss_growth(rec: dict) -> dict:
    """Peak RSS growth while feeding one stream, in a fresh interpreter (Linux /proc)."""
    text = "".join(rec["chunks"])
    spec = {"text": text, "lens": [len(c) for c in rec["chunks"]], "tools": S.TOOLS}
    p = subprocess.run([sys.executable, "-c", _RSS_CHILD], input=json.dumps(spec), capture_output=True,
                       text=True, timeout=300, env={**os.environ, "PYTHONHASHSEED": "0"})
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "RSS child failed")
    r = json.loads(p.stdout)
    size = rec["stats"]["utf8_bytes"]
    growth = max(0, r["hwm"] - r["base"])
    return {"stream": rec["id"], "bytes": size, "rss_growth_bytes": growth, "rss_growth_x": growth / size}


def memory_streams(scale: float) -> list[dict]:
    """Streams for the memory benchmark: prose and one big call, 100 KB and 1 MB (scaled)."""
    out = []
    for label, n in (("100k", 100 * 1024), ("1m", 1024 * 1024)):
        n = max(2048, int(n * scale))
        text = S.big_prose(n, f"mem_prose_{label}")
        out.append(S.build("hermes", f"mem_prose_{label}", text, [], "atomic"))
        rng = __import__("random").Random(label)
        args = {"path": "big.py", "content": S.file_contents(rng, n)}
        out.append(S.build("hermes", f"mem_call_{label}", "Writing it.", [("write_file", args)], "atomic"))
    for r in out:
        r["id"] = r["id"].replace("hermes/", "").replace("/atomic", "")
    return out
