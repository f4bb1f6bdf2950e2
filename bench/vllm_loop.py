"""Inside vLLM's serving loop: callsieve's parser against vLLM's own parser for the family, µs per step.

Runs with the peers venv's python (vLLM 0.33 installed, bench/peers_setup.sh), from the project root:
    ~/.cache/callsieve-peers-venv/bin/python -m bench.vllm_loop [--out bench/vllm_loop_results.json]

Each step is what OpenAIServingChat does per engine output: ChatStreamProcessor.step(delta text,
its token ids, finish reason, prompt ids), which calls the composed Parser's parse_delta and vLLM's
own filtering.  The parsers: `--tool-call-parser <family>` (vLLM's) and `--tool-call-parser callsieve
--reasoning-parser callsieve` (auto-detection, one pass).  Same streams as the peers' harness, same
tokenizer stand-in and the same correctness check.  Time is wall time of the loop, best of runs.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "vllm_loop_results.json")
VLLM_PARSER = {"hermes": "hermes", "mistral": "mistral", "llama3_json": "llama3_json", "qwen3_coder": "qwen3_coder"}
CASES = ("call_1k", "call_10k", "parallel_8")


def streams():
    from bench import streams as S
    out = [s for s in S.peer_streams() + S.xml_streams() if s["case"] in CASES or s["format"] == "qwen3_coder"]
    return [s for s in out if not s["case"].endswith("100k")]


def parser_cls(tool_parser, reasoning_parser, tok):
    from vllm.parser import ParserManager
    return ParserManager.get_parser(tool_parser_name=tool_parser, reasoning_parser_name=reasoning_parser,
                                    enable_auto_tools=True, tokenizer=tok)


def run_once(cls, stream, H):
    """One pass of the serving loop over a stream: (seconds, steps, RunResult)."""
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest
    from vllm.entrypoints.openai.chat_completion.stream_processor import ChatStreamProcessor
    tok = H.FakeTokenizer(stream["special_tokens"])
    ids = tok.ids_for_chunks(stream["chunks"], stream["markers"] == "atomic")
    request = ChatCompletionRequest(model="bench", messages=[{"role": "user", "content": "go"}],
                                    tools=H.VLLM_TOOLS, tool_choice="auto", stream=True)
    proc = ChatStreamProcessor(request, cls(tok, request.tools, chat_template_kwargs={}), enable_auto_tools=True,
                               parser_cls=cls)
    chunks, n, prompt, deltas = stream["chunks"], len(stream["chunks"]), [1], []
    step, append, pc = proc.step, deltas.append, time.perf_counter
    t0 = pc()
    for i in range(n):
        append(step(chunks[i], [ids[i]], "stop" if i == n - 1 else None, prompt).delta)
    t = pc() - t0
    return t, n, fold_deltas(deltas, H)


def fold_deltas(deltas, H):
    """A stream's vLLM DeltaMessages (None for a step that sent nothing) as the harness's RunResult."""
    res = H.RunResult()
    content = []
    for d in deltas:
        if d is None:
            continue
        content.append(d.content or "")
        for tc in d.tool_calls or ():
            f = tc.function if isinstance(tc.function, dict) else (tc.function.model_dump() if tc.function else {})
            H._add_call(res.calls, tc.index, f.get("name"), f.get("arguments"))
    res.content = "".join(content)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args(argv)
    from bench import peers_harness as H   # vLLM's tools, the tokenizer stand-in and the harness's check
    import vllm

    import callsieve
    from callsieve.integrations import vllm_plugin
    vllm_plugin.register()
    load_start = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else []
    rows = []
    for s in streams():
        tok = H.FakeTokenizer(s["special_tokens"])
        for label, tp, rp in ((f"vLLM {VLLM_PARSER[s['format']]}", VLLM_PARSER[s["format"]], None),
                              ("callsieve", "callsieve", "callsieve")):
            row = {"stream": s["id"], "parser": label, "chunks": len(s["chunks"])}
            try:
                cls = parser_cls(tp, rp, tok)
                best, res = None, None
                for _ in range(a.runs):
                    t, n, res = run_once(cls, s, H)
                    best = t if best is None else min(best, t)
                calls_ok, content_ok, note = H.check(s, res)
                row.update(us_per_step=best / n * 1e6, calls_ok=calls_ok, content_ok=content_ok, note=note)
            except Exception as e:   # a peer parser that cannot run here is a row that says so
                row.update(us_per_step=None, calls_ok=False, content_ok=False, note=f"{type(e).__name__}: {e}"[:160])
            rows.append(row)
            print(f"  {s['id']:32} {label:22} "
                  + (f"{row['us_per_step']:8.1f} µs/step" if row["us_per_step"] else "   —") + f"  {row['note']}",
                  flush=True)
    meta = {"date": time.strftime("%Y-%m-%d"), "vllm": vllm.__version__, "callsieve": callsieve.__version__,
            "python": platform.python_version(), "runs": a.runs, "load_start": "/".join(load_start),
            "load_end": "/".join(open("/proc/loadavg").read().split()[:3]) if load_start else ""}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "results": rows}, f, indent=1, ensure_ascii=False)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
