#!/usr/bin/env python3
"""Benchmark the streaming tool-call parsers of vLLM and SGLang on synthetic streams (the peers' harness).

Run with the interpreter of the venv built by bench/peers_setup.sh (`python -m bench --peers` does):
    "$PEERS_VENV"/bin/python bench/peers_harness.py --streams streams.jsonl

Parsers (unmodified peer code, imported from the installed wheels):
  vLLM 0.33.0   ToolParserManager "hermes"      -> Hermes2ProToolParser   (hermes streams)
                ToolParserManager "mistral"     -> MistralToolParser      (mistral streams)
                ToolParserManager "llama3_json" -> Llama3JsonToolParser   (llama3_json streams)
  SGLang 0.5.23 FunctionCallParser "qwen"       -> Qwen25Detector         (hermes streams)
                FunctionCallParser "hermes"     -> HermesDetector         (hermes streams)
                FunctionCallParser "mistral"    -> MistralDetector        (mistral streams)
                FunctionCallParser "llama3"     -> Llama32Detector        (llama3_json streams)
  litellm       OllamaTextCompletionResponseIterator (ollama_json streams; bench/peers_extra.py,
                run when litellm is installed)

Feeding, as the servers do:
  vLLM : per chunk, extract_tool_calls_streaming(previous_text, current_text, delta_text,
         previous_token_ids, current_token_ids, delta_token_ids, request), where
         current = previous + delta for both text and token ids (vllm.parser.
         abstract_parser.StreamState.advance/commit); after the last chunk the
         unstreamed-args flush of Parser.finalize_generation is applied.
  SGLang: per chunk, FunctionCallParser.parse_stream_chunk(delta) (a thin wrapper over
         detector.parse_streaming_increment(delta, tools)), then parse_stream_end().

Timing: time.perf_counter. "parser" time sums only the parser calls; "loop" time is the
whole feeding loop, including vLLM's server-side text/token-id accumulation. Best of N
runs (N=5 unless a (parser, stream) pair exceeds --budget seconds, then fewer; a single
run longer than --run-cap is aborted and reported as a lower bound).

Correctness (first run): tool calls are rebuilt from the deltas (name from the first
delta of an index, arguments = concatenation of argument deltas, parsed as JSON) and
compared with the expected calls; content is the concatenation of content deltas,
compared with the expected content after strip().
"""
import argparse
import gc
import importlib
import importlib.util
import json
import logging
import math
import os
import platform
import re
import sys
import time
import types
from collections import Counter, defaultdict

# Run as a script, this file's folder comes first on sys.path; it holds bench/profile.py, which
# would stand in for the standard library's `profile` (torch imports cProfile).
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]

# --------------------------------------------------------------------------- imports


def _bypass_sglang_package_init():
    """Make `import sglang.srt.function_call...` skip sglang/__init__.py.

    sglang/__init__.py imports the frontend DSL and applies transformers monkeypatches
    that pull in sglang.srt.utils.common -> triton (1 GB). The function_call package
    needs none of it. Only the package *init* is skipped; every parser module is the
    installed file, unmodified.
    """
    if "sglang" in sys.modules:
        return
    spec = importlib.util.find_spec("sglang")
    if spec is None:
        raise SystemExit("sglang not installed: run bench/peers_setup.sh and use its venv")
    pkg = types.ModuleType("sglang")
    pkg.__path__ = list(spec.submodule_search_locations)
    pkg.__file__ = None
    sys.modules["sglang"] = pkg


class CountingHandler(logging.Handler):
    """Counts log records per level without formatting them (keeps output clean)."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.counts = Counter()

    def emit(self, record):
        self.counts[record.levelname] += 1


LOG_COUNTER = CountingHandler()


def _capture_logs(name):
    lg = logging.getLogger(name)
    for h in list(lg.handlers):
        lg.removeHandler(h)
    lg.addHandler(LOG_COUNTER)
    lg.setLevel(logging.WARNING)
    lg.propagate = False


os.environ.setdefault("VLLM_LOGGING_LEVEL", "WARNING")
_bypass_sglang_package_init()

import vllm  # noqa: E402
from vllm.entrypoints.openai.chat_completion.protocol import (  # noqa: E402
    ChatCompletionRequest,
    ChatCompletionToolsParam,
)
from vllm.tool_parsers import ToolParserManager  # noqa: E402

from sglang.srt.entrypoints.openai.protocol import Function as SglFunction  # noqa: E402
from sglang.srt.entrypoints.openai.protocol import Tool as SglTool  # noqa: E402
from sglang.srt.function_call.function_call_parser import FunctionCallParser  # noqa: E402

for _name in ("vllm", "sglang"):
    _capture_logs(_name)

try:
    from importlib.metadata import version as _pkg_version

    SGLANG_VERSION = _pkg_version("sglang")
except Exception:  # pragma: no cover
    SGLANG_VERSION = "?"

# --------------------------------------------------------------------------- tools

TOOL_SCHEMAS = [
    {
        "name": "write_file",
        "description": "Write a text file.",
        "parameters": {
            "type": "object",
            "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
            "required": ["path", "content"],
        },
    },
    {
        "name": "get_weather",
        "description": "Weather forecast for a city.",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {"type": "string"},
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                "days": {"type": "integer"},
            },
            "required": ["city"],
        },
    },
]

VLLM_TOOLS = [ChatCompletionToolsParam(type="function", function=f) for f in TOOL_SCHEMAS]
SGL_TOOLS = [SglTool(type="function", function=SglFunction(**f)) for f in TOOL_SCHEMAS]

# --------------------------------------------------------------------------- tokenizer double

# Real ids of these special tokens in the model families that use them
# (Qwen2.5/Hermes-3 <tool_call>, Mistral v0.3 [TOOL_CALLS], Llama-3.1 <|python_tag|>).
SPECIAL_IDS = {
    "<tool_call>": 151657,
    "</tool_call>": 151658,
    "[TOOL_CALLS]": 5,
    "<|python_tag|>": 128010,
}
PLAIN_ID_BASE = 1000


class FakeTokenizer:
    """Just enough tokenizer for vLLM's tool parsers.

    The parsers under test ask the tokenizer only for its vocabulary (to find the id of
    their marker token) and, in some code paths, special-token lists / decode. The vocab
    holds the format's special tokens with their real ids plus one id per distinct
    plain chunk of the stream being fed, so delta_token_ids are consistent with the
    vocab: a special token delivered atomically carries its special id; a marker that
    arrives cut into pieces (or is only mentioned in prose) carries plain ids.
    No attribute is faked beyond what is defined here: anything else the parsers
    touched would raise AttributeError and show up as an error.
    """

    def __init__(self, special_tokens):
        self._vocab = {t: SPECIAL_IDS[t] for t in special_tokens}
        self._special = dict(self._vocab)
        self._rev = {i: t for t, i in self._vocab.items()}

    def ids_for_chunks(self, chunks, atomic_specials):
        ids = []
        for c in chunks:
            if atomic_specials and c in self._special:
                ids.append(self._special[c])
                continue
            key = c if c not in self._special else c + "\u0000plain"
            tid = self._vocab.get(key)
            if tid is None:
                tid = PLAIN_ID_BASE + len(self._vocab)
                self._vocab[key] = tid
                self._rev[tid] = c
            ids.append(tid)
        return ids

    # --- TokenizerLike surface used by the parsers
    def get_vocab(self):
        return dict(self._vocab)

    @property
    def vocab(self):
        return self.get_vocab()

    @property
    def all_special_tokens(self):
        return list(self._special)

    @property
    def all_special_ids(self):
        return list(self._special.values())

    def decode(self, ids, skip_special_tokens=False, **kw):
        return "".join(
            self._rev.get(i, "")
            for i in ids
            if not (skip_special_tokens and i in self._special.values())
        )

    def convert_ids_to_tokens(self, ids, skip_special_tokens=False):
        return [self._rev.get(i, "") for i in ids]

    def __len__(self):
        return len(self._vocab)


# --------------------------------------------------------------------------- runners


class RunResult:
    __slots__ = ("t_parser", "t_loop", "done", "content", "calls", "errors")

    def __init__(self):
        self.t_parser = 0.0
        self.t_loop = 0.0
        self.done = 0
        self.content = ""
        self.calls = {}
        self.errors = 0


def _add_call(calls, index, name, args_piece):
    c = calls.setdefault(index, {"name": None, "arguments": ""})
    if name and not c["name"]:
        c["name"] = name
    if args_piece:
        c["arguments"] += args_piece


class VllmRunner:
    peer = "vLLM " + vllm.__version__

    def __init__(self, registry_name):
        self.registry_name = registry_name
        self.cls = ToolParserManager.get_tool_parser(registry_name)
        self.label = f"vLLM {registry_name} ({self.cls.__name__})"

    def run(self, stream, run_cap):
        chunks = stream["chunks"]
        tok = FakeTokenizer(stream["special_tokens"])
        ids = tok.ids_for_chunks(chunks, stream["markers"] == "atomic")
        request = ChatCompletionRequest(
            model="bench",
            messages=[{"role": "user", "content": "go"}],
            tools=VLLM_TOOLS,
            tool_choice="auto",
        )
        parser = self.cls(tok, VLLM_TOOLS)
        fn = parser.extract_tool_calls_streaming
        pc = time.perf_counter
        deltas = []
        append = deltas.append
        t_parser = 0.0
        previous_text, previous_ids = "", []
        n = len(chunks)
        t0 = pc()
        for i in range(n):
            delta_text = chunks[i]
            delta_ids = [ids[i]]
            current_text = previous_text + delta_text  # StreamState.advance
            current_ids = previous_ids + delta_ids
            a = pc()
            dm = fn(previous_text, current_text, delta_text, previous_ids, current_ids,
                    delta_ids, request)
            t_parser += pc() - a
            append(dm)
            previous_text, previous_ids = current_text, current_ids  # commit
            if (i & 255) == 0 and pc() - t0 > run_cap:
                break
        else:
            # Parser.finalize_generation -> _append_unstreamed_tool_args on the last delta
            a = pc()
            dm = deltas[-1] if deltas else None
            if dm is not None and dm.tool_calls and dm.tool_calls[-1].function:
                last = dm.tool_calls[-1].function
                last.arguments = (last.arguments or "") + parser.get_remaining_unstreamed_args()
            t_parser += pc() - a
        res = RunResult()
        res.t_loop = pc() - t0
        res.t_parser = t_parser
        res.done = len(deltas)
        content = []
        for dm in deltas:
            if dm is None:
                continue
            if dm.content:
                content.append(dm.content)
            for tc in dm.tool_calls or ():
                f = tc.function
                if f is None:
                    name = args = None
                elif isinstance(f, dict):
                    name, args = f.get("name"), f.get("arguments")
                else:
                    name, args = f.name, f.arguments
                _add_call(res.calls, tc.index, name, args)
        res.content = "".join(content)
        return res


class SglangRunner:
    peer = "SGLang " + SGLANG_VERSION

    def __init__(self, registry_name):
        self.registry_name = registry_name
        self.cls = FunctionCallParser.ToolCallParserEnum[registry_name]
        self.label = f"SGLang {registry_name} ({self.cls.__name__})"

    def run(self, stream, run_cap):
        chunks = stream["chunks"]
        parser = FunctionCallParser(tools=SGL_TOOLS, tool_call_parser=self.registry_name)
        fn = parser.parse_stream_chunk
        pc = time.perf_counter
        outs = []
        append = outs.append
        t_parser = 0.0
        n = len(chunks)
        t0 = pc()
        for i in range(n):
            a = pc()
            out = fn(chunks[i])
            t_parser += pc() - a
            append(out)
            if (i & 255) == 0 and pc() - t0 > run_cap:
                break
        else:
            a = pc()
            append(parser.parse_stream_end())
            t_parser += pc() - a
        res = RunResult()
        res.t_loop = pc() - t0
        res.t_parser = t_parser
        res.done = min(len(outs), n)
        content = []
        for normal, calls in outs:
            if normal:
                content.append(normal)
            for c in calls:
                _add_call(res.calls, c.tool_index, c.name, c.parameters)
        res.content = "".join(content)
        return res


RUNNERS = {
    "hermes": [VllmRunner("hermes"), SglangRunner("qwen"), SglangRunner("hermes")],
    "mistral": [VllmRunner("mistral"), SglangRunner("mistral")],
    "llama3_json": [VllmRunner("llama3_json"), SglangRunner("llama3")],
    "ollama_json": [],
}


def _extra_runner():
    """litellm's Ollama iterator (bench/peers_extra.py), when litellm is installed."""
    spec = importlib.util.spec_from_file_location("peers_extra", os.path.join(_HERE, "peers_extra.py"))
    extra = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extra)
    try:
        runner = extra.LitellmOllama(RunResult, _add_call)
    except ImportError as e:
        print(f"not run: litellm's Ollama iterator ({e})", file=sys.stderr)
        return
    for name in ("LiteLLM", "LiteLLM Proxy", "LiteLLM Router"):
        _capture_logs(name)
    RUNNERS["ollama_json"].append(runner)


_extra_runner()


class CallsieveRunner:
    """callsieve, when it is importable in this interpreter (pip install -e <project> into the peers venv).
    Same streams, same checks; auto-detection (no format named)."""

    def __init__(self):
        import callsieve
        self.cs = callsieve
        self.peer = "callsieve " + getattr(callsieve, "__version__", "dev")
        self.label = "callsieve (auto)"
        self.tools = [{"type": "function", "function": f} for f in TOOL_SCHEMAS]

    def run(self, stream, run_cap):
        chunks = stream["chunks"]
        sieve = self.cs.Sieve(tools=self.tools)
        fn = sieve.feed
        pc = time.perf_counter
        evs = []
        extend = evs.extend
        n = len(chunks)
        t0 = pc()
        for i in range(n):
            extend(fn(chunks[i]))
        extend(sieve.close())
        res = RunResult()
        res.t_loop = res.t_parser = pc() - t0
        res.done = n
        content = []
        for ev in evs:
            k = type(ev).__name__
            if k == "Text":
                content.append(ev.text)
            elif k == "ToolCallStart":
                _add_call(res.calls, ev.index, ev.name, "")
            elif k == "ToolCallArgs":
                _add_call(res.calls, ev.index, None, ev.delta)
        res.content = "".join(content)
        return res


try:
    _cs = CallsieveRunner()
    for _fmt in RUNNERS:
        RUNNERS[_fmt].insert(0, _cs)
except ImportError:
    pass

# --------------------------------------------------------------------------- checking


def check(stream, res):
    """Return (calls_ok, content_ok, note)."""
    exp = stream["expected"]
    notes = []
    got = [res.calls[k] for k in sorted(res.calls)]
    calls_ok = len(got) == len(exp["tool_calls"])
    if not calls_ok:
        notes.append(f"{len(got)}/{len(exp['tool_calls'])} calls")
    for i, e in enumerate(exp["tool_calls"]):
        if i >= len(got):
            break
        g = got[i]
        if g["name"] != e["name"]:
            calls_ok = False
            notes.append(f"call{i} name={g['name']!r}")
            continue
        try:
            args = json.loads(g["arguments"]) if g["arguments"] else None
        except json.JSONDecodeError as ex:
            calls_ok = False
            notes.append(f"call{i} args invalid JSON ({ex.msg} at {ex.pos}/{len(g['arguments'])})")
            continue
        if args != e["arguments"]:
            calls_ok = False
            notes.append(f"call{i} args differ")
    exp_c, got_c = exp["content"].strip(), res.content.strip()
    content_ok = exp_c == got_c
    if not content_ok:
        if exp_c.startswith(got_c):
            notes.append(f"content truncated {len(got_c)}/{len(exp_c)} chars")
        elif got_c.startswith(exp_c):
            notes.append(f"content has {len(got_c) - len(exp_c)} extra chars")
        else:
            notes.append(f"content differs ({len(got_c)} vs {len(exp_c)} chars)")
    return calls_ok, content_ok, "; ".join(notes)


# --------------------------------------------------------------------------- main


def bench_pair(runner, stream, max_runs, budget, run_cap):
    runs = []
    spent = 0.0
    LOG_COUNTER.counts.clear()
    while len(runs) < max_runs:
        gc.collect()
        r = runner.run(stream, run_cap)
        runs.append(r)
        spent += r.t_loop
        if r.done < len(stream["chunks"]) or spent > budget:
            break
    logs = dict(LOG_COUNTER.counts)
    first = runs[0]
    complete = first.done >= len(stream["chunks"])
    if complete:
        calls_ok, content_ok, note = check(stream, first)
    else:
        calls_ok = content_ok = None
        note = f"aborted after {first.done}/{len(stream['chunks'])} chunks ({first.t_loop:.0f} s)"
    warn = sum(v for k, v in logs.items() if k in ("WARNING", "ERROR", "CRITICAL"))
    if warn:
        note = (note + "; " if note else "") + "log " + ",".join(f"{k.lower()}={v}" for k, v in sorted(logs.items()))
    best = min(runs, key=lambda r: r.t_parser)
    n = best.done
    return {
        "parser": runner.label,
        "peer": runner.peer,
        "stream": stream["id"],
        "format": stream["format"],
        "case": stream["case"],
        "markers": stream["markers"],
        "n_chunks": len(stream["chunks"]),
        "utf8_bytes": stream["stats"]["utf8_bytes"],
        "args_chars": stream["stats"]["args_chars"],
        "runs": len(runs),
        "complete": complete,
        "done_chunks": n,
        "t_parser_s": best.t_parser,
        "t_loop_s": min(r.t_loop for r in runs),
        "us_per_chunk_parser": best.t_parser / n * 1e6 if n else None,
        "us_per_chunk_loop": min(r.t_loop for r in runs) / n * 1e6 if n else None,
        "mb_per_s_parser": (stream["stats"]["utf8_bytes"] / 1e6) / best.t_parser
        if complete and best.t_parser > 0 else None,
        "calls_ok": calls_ok,
        "content_ok": content_ok,
        "note": note,
    }


def fmt_ok(v):
    return "—" if v is None else ("✅" if v else "❌")


def fmt_num(v, digits=1):
    if v is None:
        return "—"
    if v >= 1000:
        return f"{v:,.0f}"
    return f"{v:.{digits}f}"


def fmt_sig(v):
    return "—" if v is None else f"{v:.3g}"


def growth_rows(results):
    """Per parser and marker mode: time at 1k/10k/100k arguments and the slope."""
    by = defaultdict(dict)
    for r in results:
        if r["case"] in ("call_1k", "call_10k", "call_100k"):
            by[(r["parser"], r["markers"])][r["case"]] = r
    rows = []
    for (parser, markers), d in by.items():
        if len(d) < 3:
            continue
        a, b, c = d["call_1k"], d["call_10k"], d["call_100k"]
        ta, tb, tc = a["t_parser_s"], b["t_parser_s"], c["t_parser_s"]
        if not c["complete"]:
            # lower bound for the full run: scale the measured part by chunk count at
            # least linearly (a quadratic parser would cost more)
            tc = tc * c["n_chunks"] / max(1, c["done_chunks"])
        r1 = tb / ta if ta else float("nan")
        r2 = tc / tb if tb else float("nan")
        # exponent k in t ~ n^k, from the 10k -> 100k step (n = stream size)
        size_ratio = c["utf8_bytes"] / b["utf8_bytes"]
        k = math.log(r2) / math.log(size_ratio) if r2 > 0 else float("nan")
        verdict = "linear" if k < 1.3 else ("super-linear" if k < 1.7 else "quadratic")
        if not all(x["calls_ok"] for x in (a, b, c)):
            verdict += " (calls not parsed: not comparable)"
        rows.append((parser, markers, ta, tb, tc, r1, r2, k, verdict, c["complete"],
                     a["us_per_chunk_parser"], b["us_per_chunk_parser"], c["us_per_chunk_parser"]))
    return rows


def write_markdown(results, path, meta, missing=(), notes=""):
    L = []
    L.append("# Peer streaming tool-call parsers: baseline")
    L.append("")
    L.append(f"Generated by `peers_harness.py` on {meta['date']} — {meta['machine']}, "
             f"Python {meta['python']}; vLLM {meta['vllm']}, SGLang {meta['sglang']} "
             "(parser code unmodified; see bench/peers_setup.sh).")
    L.append("")
    L.append("Columns: **parser µs/chunk** = time inside the parser call only; "
             "**loop µs/chunk** adds what the server does around it (vLLM: "
             "`previous+delta` text and token-id accumulation). **MB/s** = UTF-8 bytes of "
             "the stream / parser time. Best of *runs* (5 unless the pair exceeded the "
             f"{meta['budget']:.0f} s budget). ✅/❌ = rebuilt tool calls (argument "
             "deltas concatenated, parsed as JSON) / content (stripped) equal the expected "
             "ones. *split* = markers cut across chunks; *atomic* = special-token markers "
             "arrive as one chunk (as with the real tokenizer).")
    L.append("")
    L.append("| parser | stream | chunks | KB | runs | parser ms | parser µs/chunk | loop µs/chunk | MB/s | calls | content | notes |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|---|")
    for r in results:
        L.append(
            f"| {r['parser']} | {r['format']}/{r['case']}/{r['markers']} | {r['n_chunks']} | "
            f"{r['utf8_bytes'] / 1024:.1f} | {r['runs']} | "
            f"{('≥' if not r['complete'] else '') + fmt_num(r['t_parser_s'] * 1e3)} | "
            f"{fmt_num(r['us_per_chunk_parser'])} | {fmt_num(r['us_per_chunk_loop'])} | "
            f"{fmt_sig(r['mb_per_s_parser'])} | {fmt_ok(r['calls_ok'])} | "
            f"{fmt_ok(r['content_ok'])} | {r['note']} |"
        )
    if missing:
        L.append("")
        L.append("Not measured (left out to save time, see the notes below): "
                 + ", ".join(f"{p} on {st}" for p, st in missing) + ".")
    L.append("")
    L.append("## Growth with argument length (one call, prose + 1 KB / 10 KB / 100 KB arguments)")
    L.append("")
    L.append("k = log(t100k / t10k) / log(bytes100k / bytes10k): ≈1 linear, ≈2 quadratic.")
    L.append("")
    L.append("| parser | markers | 1 KB ms | 10 KB ms | 100 KB ms | ×(1→10 KB) | ×(10→100 KB) "
             "| µs/chunk 1k → 10k → 100k | k | cost |")
    L.append("|---|---|---:|---:|---:|---:|---:|---|---:|---|")
    for (parser, markers, ta, tb, tc, r1, r2, k, verdict, complete,
         ua, ub, uc) in growth_rows(results):
        L.append(f"| {parser} | {markers} | {fmt_num(ta * 1e3, 2)} | {fmt_num(tb * 1e3)} | "
                 f"{'≥' if not complete else ''}{fmt_num(tc * 1e3)} | {r1:.1f} | {r2:.1f} | "
                 f"{fmt_num(ua)} → {fmt_num(ub)} → {fmt_num(uc)} | {k:.2f} | {verdict} |")
    L.append("")
    if notes:
        L.append(notes.rstrip())
        L.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(L))


def main():
    ap = argparse.ArgumentParser(description="Benchmark peer streaming tool-call parsers")
    ap.add_argument("--streams", default=os.path.join(os.path.dirname(__file__), "streams.jsonl"))
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "peers_baseline.md"))
    ap.add_argument("--json-out", default=None, help="also write raw results (default: OUT with .json)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--budget", type=float, default=30.0,
                    help="stop repeating a (parser, stream) pair once this many seconds are spent")
    ap.add_argument("--run-cap", type=float, default=600.0,
                    help="abort a single run after this many seconds")
    ap.add_argument("--only", default="",
                    help="regex: run only pairs whose 'parser-label stream-id' matches")
    ap.add_argument("--skip", default="",
                    help="regex: skip pairs whose 'parser-label stream-id' matches")
    ap.add_argument("--merge", nargs="*", default=[],
                    help="raw JSON results of earlier runs to include in the report "
                         "(pairs re-run now replace them)")
    ap.add_argument("--no-run", action="store_true", help="only merge and write the report")
    ap.add_argument("--notes", default=None,
                    help="markdown file appended to the report (hand-written findings)")
    args = ap.parse_args()

    streams = [json.loads(line) for line in open(args.streams, encoding="utf-8")]
    results = []
    for s in streams:
        for runner in RUNNERS[s["format"]]:
            key = f"{runner.label} {s['id']}"
            if args.no_run or (args.only and not re.search(args.only, key)) or (
                    args.skip and re.search(args.skip, key)):
                continue
            r = bench_pair(runner, s, args.runs, args.budget, args.run_cap)
            results.append(r)
            print(f"{r['parser']:<40} {r['stream']:<34} runs={r['runs']} "
                  f"parser={r['t_parser_s'] * 1e3:10.1f} ms  {fmt_num(r['us_per_chunk_parser']):>8} µs/chunk "
                  f"calls={fmt_ok(r['calls_ok'])} content={fmt_ok(r['content_ok'])} {r['note']}",
                  flush=True)
    meta = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "vllm": vllm.__version__,
        "sglang": SGLANG_VERSION,
        "budget": args.budget,
    }
    json_out = args.json_out or os.path.splitext(args.out)[0] + ".json"
    fresh = {(r["parser"], r["stream"]) for r in results}
    for path in args.merge:
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        for r in old["results"]:
            if (r["parser"], r["stream"]) not in fresh:
                results.append(r)
                fresh.add((r["parser"], r["stream"]))
    # report order: stream order of the streams file, then runner order
    order = {}
    for s in streams:
        for runner in RUNNERS[s["format"]]:
            order[(runner.label, s["id"])] = len(order)
    results.sort(key=lambda r: order.get((r["parser"], r["stream"]), 1 << 30))
    have = {(r["parser"], r["stream"]) for r in results}
    missing = [k for k in sorted(order, key=order.get) if k not in have]
    notes = open(args.notes, encoding="utf-8").read() if args.notes else ""
    write_markdown(results, args.out, meta, missing, notes)
    with open(json_out, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1, ensure_ascii=False)
    print(f"wrote {args.out} and {json_out}")


if __name__ == "__main__":
    main()
