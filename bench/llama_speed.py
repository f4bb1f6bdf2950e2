"""Tokens per second of the installed llama.cpp build on the embedded Gemma 3 270M.

    python -m bench.llama_speed [--threads N] [--runs N] [--backend-dir DIR]

Run it with the Python of each venv whose llama-cpp-python build is compared (portable, native,
runtime CPU dispatch): bench/RESULTS.md, "The embedded llama.cpp build". It prints one JSON line:
the CPU features llama.cpp uses, prompt processing and generation in tokens per second (the median
and the best of the runs: the machine is shared, so the best is the least disturbed).
`--backend-dir` loads `libggml-cpu-*.so` variants from DIR first, as a build with
`-DGGML_BACKEND_DL=ON` needs (llama-cpp-python does not load them).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import statistics

PROMPT = ("The history of the city begins with a small fishing village on the river. Over the centuries "
          "it grew into a market town, then a port, and finally the capital of the region. ") * 6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tokens", type=int, default=64, help="tokens to generate per run")
    ap.add_argument("--backend-dir", help="load the libggml-cpu-*.so variants from this directory first")
    args = ap.parse_args(argv)

    import llama_cpp
    from llama_cpp import _ggml

    from callsieve.serve.embedded import model_path

    if args.backend_dir:
        _ggml.libggml.ggml_backend_load_all_from_path.argtypes = [ctypes.c_char_p]
        _ggml.libggml.ggml_backend_load_all_from_path(args.backend_dir.encode())
    llm = llama_cpp.Llama(str(model_path()), n_ctx=1024, n_threads=args.threads, n_threads_batch=args.threads,
                          verbose=False)
    prompt, gen = [], []
    for _ in range(args.runs):
        llm.reset()
        llama_cpp.llama_perf_context_reset(llm.ctx)
        llm.create_completion(PROMPT, max_tokens=args.tokens, temperature=0.0)
        perf = llama_cpp.llama_perf_context(llm.ctx)
        prompt.append(perf.n_p_eval / perf.t_p_eval_ms * 1000)
        gen.append(perf.n_eval / perf.t_eval_ms * 1000)
    features = [f for f in llama_cpp.llama_print_system_info().decode().split("|") if "= 1" in f]
    print(json.dumps({"system": " ".join(f.strip().replace(" = 1", "") for f in features),
                      "threads": args.threads, "prompt_tokens": perf.n_p_eval, "runs": args.runs,
                      "prompt_tok_s": {"median": round(statistics.median(prompt)), "best": round(max(prompt))},
                      "gen_tok_s": {"median": round(statistics.median(gen), 1), "best": round(max(gen), 1)}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
