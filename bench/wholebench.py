"""Whole replies and fixed costs: what a non-streamed request pays (the proxy's, vLLM's
`extract_tool_calls`), and the prose hot path against a null loop.

- `replies()`: the replies of the whole-text comparison (issue 23's table): one short Hermes call,
  eight parallel ones, a 10 KB and a 100 KB argument (Hermes; Mistral at 100 KB), 10 KB of prose,
  a gpt-oss (harmony) call after its reasoning, and a 100 KB argument whose strings hold raw newlines
  (models write them: not strict JSON, read as the streaming reader reads them).  The same texts go to the peers (bench/peers_whole.py).
- `run()`: `callsieve.parse(text, tools=...)` per reply (CPU µs and MB/s, best of runs, checked),
  the fixed costs (a new `Sieve`, `parse("")`), and the prose streams' µs per feed against a null
  loop: the feeding loop of feedbench.feed_once around a feed that returns `[Text(chunk)]`, the
  least any parser emitting one event per chunk can cost.
"""
from __future__ import annotations

import gc
import json
import random
import re
import time

import callsieve
from callsieve import Text

from . import feedbench as F
from . import streams as S

CPU = time.process_time


def _args(n: int, seed: str) -> dict:
    return {"path": "big.py", "content": S.file_contents(random.Random(seed), n)}


def replies(scale: float = 1.0) -> list[dict]:
    """[{id, format, text, calls: [{name, arguments}], content}]"""
    k = lambda n: max(1024, int(n * scale))
    rng = random.Random("whole")
    weather = S.weather_calls(rng, 8)
    out = []

    def add(rid, fmt, pre, calls):
        segs = S.render(fmt, pre, calls)
        out.append({"id": rid, "format": fmt, "text": "".join(s for _, s in segs), "content": pre,
                    "calls": [{"name": n, "arguments": a} for n, a in calls]})
    add("hermes/one_short_call", "hermes", "", weather[:1])
    add("hermes/parallel_8", "hermes", "", weather)
    add("hermes/arg_10k", "hermes", "Writing it.", [("write_file", _args(k(10 * 1024), "10k"))])
    add("hermes/arg_100k", "hermes", "Writing it.", [("write_file", _args(k(100 * 1024), "100k"))])
    add("mistral/arg_100k", "mistral", "Writing it.", [("write_file", _args(k(100 * 1024), "100k"))])
    prose = S.big_prose(k(10 * 1024), "whole_prose")
    out.append({"id": "prose_10k", "format": None, "text": prose, "content": prose, "calls": []})
    # gpt-oss (harmony): reasoning on the analysis channel, then a call on the commentary channel
    out.append({"id": "harmony/one_call", "format": "harmony", "content": "",
                "text": "<|channel|>analysis<|message|>The user wants the weather in Paris.<|end|>"
                        "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
                        '<|message|>{"city": "Paris", "days": 3}<|call|>',
                "calls": [{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}]})
    # raw newlines inside the argument strings (not strict JSON; what many models write)
    big = out[3]
    raw = re.sub(r'(?<!\\)((?:\\\\)*)\\n', lambda m: m.group(1) + "\n", big["text"])
    out.append({**big, "id": "hermes/arg_100k_raw_newlines", "text": raw})
    return out


def check(rep: dict, msg) -> tuple[bool, str]:
    got = [{"name": c.name, "arguments": c.arguments} for c in msg.tool_calls]
    if got != rep["calls"]:
        right = sum(1 for g, e in zip(got, rep["calls"]) if g == e)
        return False, f"{right}/{len(rep['calls'])} calls right"
    if " ".join(msg.content.split()) != " ".join(rep["content"].split()):
        return False, "content differs"
    return True, ""


def _best(fn, n: int, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        c0 = CPU()
        for _ in range(n):
            fn()
        best = min(best, (CPU() - c0) / n)
    return best


def _repeat_for(size: int) -> int:
    return max(1, min(2000, 200_000 // max(size, 1)))


def parse_replies(reps: list[dict], runs: int) -> list[dict]:
    out = []
    for rep in reps:
        text = rep["text"]
        size = len(text.encode("utf-8"))
        msg = callsieve.parse(text, tools=S.TOOLS)
        ok, note = check(rep, msg)
        s = _best(lambda: callsieve.parse(text, tools=S.TOOLS), _repeat_for(size), runs)
        out.append({"reply": rep["id"], "bytes": size, "us": s * 1e6, "mb_s": size / s / 1e6,
                    "ok": ok, "note": note})
    return out


class _Null:
    """A parser that does nothing but emit each chunk as text."""

    def feed(self, text):
        return [Text(text)]

    def close(self):
        return []


def _loop(make, chunks) -> float:
    s = make()
    feed = s.feed
    evs: list = []
    extend = evs.extend
    c0 = CPU()
    for c in chunks:
        extend(feed(c))
    extend(s.close())
    return CPU() - c0


def prose_vs_null(runs: int, scale: float = 1.0) -> list[dict]:
    out = []
    for rec in S.peer_streams(scale):
        if rec["case"] != "prose_10k":
            continue
        ch = rec["chunks"]
        null = sieve = float("inf")
        for _ in range(max(runs, 3) * 4):          # alternated: the machine's load moves both alike
            null = min(null, _loop(_Null, ch))
            sieve = min(sieve, _loop(lambda: callsieve.Sieve(tools=S.TOOLS), ch))
        n = len(ch)
        out.append({"stream": rec["id"], "chunks": n, "null_us": null / n * 1e6, "us": sieve / n * 1e6,
                    "x": sieve / null})
    return out


def fixed_costs(runs: int) -> dict:
    """µs for a new Sieve (the bench's tool list, as a request sends it: a fresh list each time),
    and for parse("") with it."""
    lists = [json.loads(json.dumps(S.TOOLS)) for _ in range(1000)]
    best = {"sieve_us": float("inf"), "parse_empty_us": float("inf")}
    for _ in range(runs):
        for key, fn in (("sieve_us", lambda t: callsieve.Sieve(tools=t)),
                        ("parse_empty_us", lambda t: callsieve.parse("", tools=t))):
            gc.collect()
            c0 = CPU()
            for t in lists:
                fn(t)
            best[key] = min(best[key], (CPU() - c0) / len(lists) * 1e6)
    return best


def run(quick: bool = False, runs: int = 5, progress=print) -> dict:
    scale = 0.05 if quick else 1.0
    runs = 1 if quick else runs
    res = {"replies": parse_replies(replies(scale), runs), "fixed": fixed_costs(runs),
           "prose": prose_vs_null(runs, scale)}
    for r in res["replies"]:
        progress(f"  whole {r['reply']:<32} {r['us']:9.1f} µs {r['mb_s']:8.2f} MB/s  "
                 f"{'ok' if r['ok'] else 'WRONG ' + r['note']}")
    f = res["fixed"]
    progress(f"  fixed Sieve() {f['sieve_us']:.1f} µs, parse('') {f['parse_empty_us']:.1f} µs")
    for p in res["prose"]:
        progress(f"  prose {p['stream']:<32} {p['us']:.3f} µs/feed, null loop {p['null_us']:.3f}: {p['x']:.2f}×")
    return res
