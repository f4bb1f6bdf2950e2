"""Inside the engines at scale: what each tool parser costs vLLM's and SGLang's serving loop, per token.

Runs with the peers venv's python (bench/peers_setup.sh), from the project root (`python -m bench
--engines` does):
    ~/.cache/callsieve-peers-venv/bin/python -m bench.engines [--streams 256] [--out FILE] [--profile PARSER]

256 concurrent streams of about 500 tokens each (prose, then one call with a file's contents as its
argument), interleaved one token per stream per round, as the API server's one event loop serves
them.  Process CPU time per token over the whole run:

  vLLM    ChatStreamProcessor.step per token (OpenAIServingChat's per-choice step: the composed
          Parser's parse_delta and vLLM's own filtering), one processor and parser per stream.
  SGLang  FunctionCallParser.parse_stream_chunk per token (what OpenAIServingChat's
          _process_tool_call_stream calls per step), one parser per stream.
  library callsieve.Sieve.feed per token on the same streams: the parse alone, on the Sieve the
          plugin makes for the engine's request (same options), fed and closed as the plugin does.

"none" is a parser that does nothing (the delta is content): the engine's own cost per step.  A
parser's *share* is its cost above that.  The ratios the issue asks for come from one run:
callsieve's share / the library's per-feed cost (target ≤ 2) and the family parser's share /
callsieve's share (hermes: target ≥ 4).  Every stream's calls and content are checked at the end.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "engines_results.json")
BEGIN, END = "<!-- BEGIN ENGINES by `python -m bench --engines` -->", "<!-- END ENGINES -->"
FAMILIES = {   # stream format: (vLLM's parser, SGLang's parser)
    "hermes": ("hermes", "qwen25"),
    "qwen3_coder": ("qwen3_coder", "qwen3_coder"),
}
VARIANTS = 16   # distinct streams per family, cycled over the concurrent ones


def family_streams(fmt: str, tokens: int = 500) -> list[dict]:
    """VARIANTS streams of about `tokens` chunks: ~300 characters of prose, then one write_file call."""
    from bench import streams as S
    out = []
    for v in range(VARIANTS):
        rng = random.Random(zlib.crc32(f"engines/{fmt}/{v}".encode()))
        pre = S.prose(rng, 300)
        # the arguments fill the rest: ~3.5 characters per chunk, JSON-escaped newlines count twice
        content = S.file_contents(rng, int((tokens * 3.5 - 300 - 120) / 1.05))
        if fmt == "qwen3_coder":
            content = content.strip("\n")
        out.append(S.build(fmt, f"engine_{v}", pre, [("write_file", {"path": "src/example_module.py",
                                                                     "content": content})], "atomic"))
    return out


# --------------------------------------------------------------------------- vLLM
def null_parser():
    """`parse_delta` that does nothing: the delta text is content."""
    from vllm.entrypoints.generate.base.protocol import DeltaMessage
    from vllm.parser.abstract_parser import DelegatingParser

    class NullParser(DelegatingParser):
        reasoning_parser_cls = None
        tool_parser_cls = None

        def parse_delta(self, delta_text, delta_token_ids, request, prompt_token_ids=None, *, finished):
            return DeltaMessage(content=delta_text)
    return NullParser


def vllm_parser(name: str, tok):
    from vllm.parser import ParserManager
    if name == "none":
        return null_parser()
    if name == "callsieve+reasoning":
        tool, reasoning = "callsieve", "callsieve"
    else:
        tool, reasoning = name, None
    return ParserManager.get_parser(tool_parser_name=tool, reasoning_parser_name=reasoning,
                                    enable_auto_tools=True, tokenizer=tok)


def timed(loop) -> float:
    """Process CPU seconds of loop(), with the set-up's objects out of the collector's way (a server
    keeps no delta once sent: the timed runs keep none either)."""
    gc.collect()
    gc.freeze()
    t0 = time.process_time()
    loop()
    t = time.process_time() - t0
    gc.unfreeze()
    return t


def run_vllm(name: str, streams: list[dict], n: int, H, keep: bool = False) -> tuple[float, int, list]:
    """(CPU seconds, tokens, per-stream deltas if keep) for n concurrent streams through vLLM's step."""
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    from vllm.entrypoints.openai.chat_completion.stream_processor import ChatStreamProcessor
    tok = H.FakeTokenizer(streams[0]["special_tokens"])
    ids = [tok.ids_for_chunks(s["chunks"], True) for s in streams]
    cls = vllm_parser(name, tok)
    procs, feeds = [], []
    for i in range(n):
        s = streams[i % len(streams)]
        request = ChatCompletionRequest(model="bench", messages=[{"role": "user", "content": "go"}],
                                        tools=H.VLLM_TOOLS, tool_choice="auto", stream=True)
        proc = ChatStreamProcessor(request, cls(tok, request.tools, chat_template_kwargs={}),
                                   enable_auto_tools=True, parser_cls=cls)
        procs.append(proc)
        feeds.append((proc.step, s["chunks"], ids[i % len(streams)], [] if keep else None))
    prompt = [1]
    longest = max(len(f[1]) for f in feeds)

    def loop():
        for k in range(longest):
            for step, chunks, tids, out in feeds:
                if k < len(chunks):
                    d = step(chunks[k], [tids[k]], "stop" if k == len(chunks) - 1 else None, prompt).delta
                    if out is not None:
                        out.append(d)
    t = timed(loop)
    return t, sum(len(f[1]) for f in feeds), [f[3] for f in feeds]


def check_vllm(deltas_per_stream, streams, H) -> str:
    bad = 0
    from bench.vllm_loop import fold_deltas
    for i, deltas in enumerate(deltas_per_stream):
        res = fold_deltas(deltas, H)
        calls_ok, content_ok, _ = H.check(streams[i % len(streams)], res)
        bad += not (calls_ok and content_ok)
    return "ok" if not bad else f"{bad} of {len(deltas_per_stream)} streams wrong"


# --------------------------------------------------------------------------- SGLang
def sglang_parser(name: str, H):
    from sglang.srt.function_call.base_format_detector import BaseFormatDetector
    from sglang.srt.function_call.core_types import StreamingParseResult
    from sglang.srt.function_call.function_call_parser import FunctionCallParser
    if name == "none" and "callsieve-bench-none" not in FunctionCallParser.ToolCallParserEnum:
        class NullDetector(BaseFormatDetector):
            def has_tool_call(self, text):
                return False

            def detect_and_parse(self, text, tools):
                return StreamingParseResult(normal_text=text)

            def parse_streaming_increment(self, new_text, tools):
                return StreamingParseResult(normal_text=new_text)

            def structure_info(self):
                raise NotImplementedError
        FunctionCallParser.ToolCallParserEnum["callsieve-bench-none"] = NullDetector
    return lambda: FunctionCallParser(H.SGL_TOOLS, "callsieve-bench-none" if name == "none" else name)


def run_sglang(name: str, streams: list[dict], n: int, H, keep: bool = False) -> tuple[float, int, list]:
    make = sglang_parser(name, H)
    feeds = []
    for i in range(n):
        p = make()
        feeds.append((p.parse_stream_chunk, p, streams[i % len(streams)]["chunks"], [] if keep else None))
    longest = max(len(f[2]) for f in feeds)

    def loop():
        for k in range(longest):
            for parse, p, chunks, out in feeds:
                if k < len(chunks):
                    r = parse(chunks[k])
                    end = p.parse_stream_end() if k == len(chunks) - 1 else None
                    if out is not None:
                        out += [r] if end is None else [r, end]
    t = timed(loop)
    return t, sum(len(f[2]) for f in feeds), [f[3] for f in feeds]


def check_sglang(results_per_stream, streams, H) -> str:
    bad = 0
    for i, results in enumerate(results_per_stream):
        res = H.RunResult()
        content = []
        for normal, items in results:
            content.append(normal or "")
            for it in items:
                H._add_call(res.calls, it.tool_index, it.name, it.parameters)
        res.content = "".join(content)
        calls_ok, content_ok, _ = H.check(streams[i % len(streams)], res)
        bad += not (calls_ok and content_ok)
    return "ok" if not bad else f"{bad} of {len(results_per_stream)} streams wrong"


# --------------------------------------------------------------------------- the library alone
def plugin_sieve(engine: str, H, special_tokens):
    """The Sieve callsieve's plugin for `engine` feeds for one of the bench's requests, made by the
    plugin itself (its options: tools, reasoning, thinking, quotes), so the library row is the same
    parse the engine rows pay for, not a Sieve with other options."""
    if engine == "vllm":
        from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
        tok = H.FakeTokenizer(special_tokens)
        request = ChatCompletionRequest(model="bench", messages=[{"role": "user", "content": "go"}],
                                        tools=H.VLLM_TOOLS, tool_choice="auto", stream=True)
        parser = vllm_parser("callsieve", tok)(tok, request.tools, chat_template_kwargs={})
        parser.parse_delta("", [], request, [1], finished=False)   # the first step makes its Steps
        return parser.steps.sieve
    parser = sglang_parser("callsieve", H)()
    return parser.detector._steps(H.SGL_TOOLS).sieve


def run_library(engine: str, streams: list[dict], n: int, H) -> float:
    """CPU seconds of Sieve.feed alone, per token on the same chunks, n streams interleaved (the
    plugin's Sieve: feed at each step, close after the last, as the plugin does)."""
    feeds = []
    for i in range(n):
        s = plugin_sieve(engine, H, streams[0]["special_tokens"])
        feeds.append((s.feed, s, streams[i % len(streams)]["chunks"]))
    longest = max(len(f[2]) for f in feeds)

    def loop():
        for k in range(longest):
            for feed, s, chunks in feeds:
                if k < len(chunks):
                    feed(chunks[k])
                    if k == len(chunks) - 1:
                        s.close()
    return timed(loop)


def measure(engine: str, fmt: str, n: int, runs: int, H, progress=print, reasoning: bool = False) -> list[dict]:
    streams = family_streams(fmt)
    own = FAMILIES[fmt][0 if engine == "vllm" else 1]
    names = ["none", own, "callsieve"] + (["callsieve+reasoning"] if engine == "vllm" and reasoning else [])
    run, check = (run_vllm, check_vllm) if engine == "vllm" else (run_sglang, check_sglang)
    rows = []
    for name in names:
        _, tokens, out = run(name, streams, n, H, keep=True)     # checked, not timed
        ok = check(out, streams, H) if name != "none" else "—"
        del out
        best = min(run(name, streams, n, H)[0] for _ in range(runs))
        rows.append({"engine": engine, "format": fmt, "parser": name, "streams": n, "tokens": tokens,
                     "us_per_token": best / tokens * 1e6, "correct": ok})
        progress(f"  {engine:6} {fmt:12} {name:20} {best / tokens * 1e6:7.2f} µs/token  {ok}")
    t = min(run_library(engine, streams, n, H) for _ in range(runs))
    rows.append({"engine": engine, "format": fmt, "parser": "library", "streams": n, "tokens": tokens,
                 "us_per_token": t / tokens * 1e6, "correct": "—"})
    progress(f"  {engine:6} {fmt:12} {'library (Sieve.feed)':20} {t / tokens * 1e6:7.2f} µs/token")
    return rows


def ratios(rows: list[dict]) -> list[dict]:
    """Per engine and format: each parser's share above "none", and the issue's two ratios."""
    out = []
    for engine, fmt in sorted({(r["engine"], r["format"]) for r in rows}):
        by = {r["parser"]: r["us_per_token"] for r in rows if (r["engine"], r["format"]) == (engine, fmt)}
        own = FAMILIES[fmt][0 if engine == "vllm" else 1]
        share = {p: by[p] - by["none"] for p in by if p not in ("none", "library")}
        out.append({"engine": engine, "format": fmt, "none_us": by["none"], "library_us": by["library"],
                    "share_us": share, "own": own,
                    "callsieve_vs_library": share["callsieve"] / by["library"],
                    "own_vs_callsieve": share[own] / share["callsieve"] if share["callsieve"] > 0 else float("inf")})
    return out


def markdown(data: dict) -> list[str]:
    m = data["meta"]
    L = [f"### Inside the engines at scale (CPU µs per token, {m['date']}, vLLM {m['vllm']}, SGLang {m['sglang']}, "
         f"{m['streams']} concurrent streams, best of {m['runs']})", "",
         f"{m['streams']} streams of ~500 tokens (prose, then one `write_file` call with a file as its argument), "
         "interleaved a token at a time as the API server's one event loop serves them; process CPU time per "
         "token. vLLM: `ChatStreamProcessor.step` with the composed parser; SGLang: "
         "`FunctionCallParser.parse_stream_chunk`. *none* is a parser that does nothing (the delta is content): "
         "the engine's own cost per step; a parser's *share* is its cost above it. *library*: `Sieve.feed` "
         "alone on the same streams, on the Sieve callsieve's plugin makes for that engine's request (its "
         "options: reasoning off, as with the tool parser alone). Targets (issue 33, ratios from this one run): callsieve's share ≤ 2× the "
         "library's per-feed cost, and the hermes parser's share ≥ 4× callsieve's"
         + (f"; load average {m['load']} (2 cores shared by other jobs: absolute figures swing between runs, "
            "ratios less)" if m.get("load") else "") + ". Command: `python -m bench --engines`.", "",
         "| engine | stream | none | library | family's parser | its share | callsieve share | "
         "callsieve ÷ library | family ÷ callsieve | correct (family / callsieve) |",
         "|---|---|---:|---:|---|---:|---:|---:|---:|:-:|"]
    for engine in ("vllm", "sglang"):
        run = m.get(f"{engine}_run")
        if run:
            L.insert(2, f"The {engine} rows are from a later run of that engine alone ({run['date']}, best of "
                        f"{run['runs']}, load average {run['load']}); each row's ratios come from one run.")
            L.insert(3, "")
    ok = {(r["engine"], r["format"], r["parser"]): r["correct"] for r in data["results"]}
    for r in data["ratios"]:
        e, f, own = r["engine"], r["format"], r["own"]
        L.append(f"| {e} | {f} | {r['none_us']:.2f} | {r['library_us']:.2f} | {own} | {r['share_us'][own]:.2f} | "
                 f"{r['share_us']['callsieve']:.2f} | {r['callsieve_vs_library']:.2f}× | {r['own_vs_callsieve']:.1f}× | "
                 f"{ok[(e, f, own)]} / {ok[(e, f, 'callsieve')]} |")
    extra = [(r["engine"], r["format"], r["share_us"].get("callsieve+reasoning")) for r in data["ratios"]]
    extra = [x for x in extra if x[2] is not None]
    if extra:
        L += ["", "With `--reasoning-parser callsieve` as well (one pass reads reasoning too), callsieve's share: "
              + "; ".join(f"{e} {f} {v:.2f} µs" for e, f, v in extra) + "."]
    return L


def write_block(results_md: str = os.path.join(HERE, "RESULTS.md"), data_path: str = OUT) -> None:
    """Put the table into RESULTS.md (its own block, before "## How to run")."""
    with open(data_path, encoding="utf-8") as f:
        block = BEGIN + "\n" + "\n".join(markdown(json.load(f))) + "\n" + END
    old = open(results_md, encoding="utf-8").read()
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END):]
    else:
        cut = old.index("## How to run") if "## How to run" in old else len(old)
        new = old[:cut] + block + "\n\n" + old[cut:]
    with open(results_md, "w", encoding="utf-8") as f:
        f.write(new)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--streams", type=int, default=256)
    ap.add_argument("--runs", type=int, default=3, help="best of N runs per parser (default 3)")
    ap.add_argument("--with-reasoning", action="store_true", help="vLLM: also callsieve with --reasoning-parser")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--only", default="", help="vllm or sglang (with --merge: that engine's rows replace the file's)")
    ap.add_argument("--merge", action="store_true", help="with --only: merge into --out's existing results")
    ap.add_argument("--profile", metavar="PARSER", help="cProfile one vLLM hermes run of PARSER and stop")
    a = ap.parse_args(argv)
    import logging
    logging.disable(logging.WARNING)
    from bench import peers_harness as H
    from callsieve.integrations import sglang_plugin, vllm_plugin
    vllm_plugin.register()
    sglang_plugin.register()
    if a.profile:
        import cProfile
        import pstats
        streams = family_streams("hermes")
        cProfile.runctx("run_vllm(a.profile, streams, a.streams, H)", globals(), locals(), "/tmp/engines.prof")
        pstats.Stats("/tmp/engines.prof").sort_stats("tottime").print_stats(25)
        return 0
    import callsieve
    import sglang
    import vllm
    rows = []
    for engine in ("vllm", "sglang"):
        if a.only and engine != a.only:
            continue
        for fmt in FAMILIES:
            rows += measure(engine, fmt, a.streams, a.runs, H, reasoning=a.with_reasoning)
    meta = {"date": time.strftime("%Y-%m-%d"), "vllm": vllm.__version__,
            "sglang": getattr(sglang, "__version__", "0.5.23"), "callsieve": callsieve.__version__,
            "python": platform.python_version(), "streams": a.streams, "runs": a.runs,
            "load": "/".join(open("/proc/loadavg").read().split()[:3]) if os.path.exists("/proc/loadavg") else ""}
    if a.merge and a.only and os.path.exists(a.out):
        # one engine re-run: its rows replace the file's, the other engine's stay (each engine's ratios
        # still come from one run, said in the table)
        with open(a.out, encoding="utf-8") as f:
            old = json.load(f)
        rows = [r for r in old["results"] if r["engine"] != a.only] + rows
        meta = {**old["meta"], f"{a.only}_run": {k: meta[k] for k in ("date", "load", "runs")}}
    data = {"meta": meta, "results": rows, "ratios": ratios(rows)}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
    for r in data["ratios"]:
        print(f"{r['engine']} {r['format']}: callsieve share {r['share_us']['callsieve']:.2f} µs/token = "
              f"{r['callsieve_vs_library']:.2f}x the library; {r['own']} share {r['share_us'][r['own']]:.2f} = "
              f"{r['own_vs_callsieve']:.1f}x callsieve's")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
