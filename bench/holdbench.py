"""A call written inside thinking (calls_in_reasoning="hold"): how long the stream stalls, and what
the hold costs in memory.

Stall: the most characters fed in a row with no event coming out, over the property-test corpus
(tests/corpus.py: every format's samples), each sample written inside a thinking block as a
thought (`<think>Plan: I could write SAMPLE but first let me think. …5 KB…</think>Final answer.`)
and as Qwen3.5's only call in a `<think>` it never closes (`plan SAMPLE\\n<|im_end|>`).  Two
figures: the largest stall anywhere (a held call arrives whole once decided: its own text is a
stall by design), and the largest stall *after* the call's text (what a user watching the model
think would see freeze).

Memory: tracemalloc's peak while feeding, over the held text's size (issue 22, item 10: a call
right after `<think>` then 2 MB of thinking; a 2 MB argument held in a never-closed block, beside
the same call outside thinking).
"""
from __future__ import annotations

import gc
import importlib.util
import os
import tracemalloc

import callsieve

from .feedbench import traced_peak

HERE = os.path.dirname(os.path.abspath(__file__))
THOUGHT_AFTER = " but first let me think. "
FILLER = "The user wants the weather, so I compare the two cities one more time. "


def corpus_samples() -> list:
    spec = importlib.util.spec_from_file_location("_corpus", os.path.join(HERE, "..", "tests", "corpus.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.SAMPLES


def stalls(chunks: list[str], after: int, **kw) -> tuple[int, int]:
    """(largest run of characters fed with no event, the same counting only characters past
    offset `after` of the text)."""
    s = callsieve.Sieve(**kw)
    worst = worst_after = run = run_after = 0
    fed = 0
    for c in chunks:
        evs = s.feed(c)
        past = max(0, fed + len(c) - max(after, fed))
        fed += len(c)
        if evs:
            run = run_after = 0
        else:
            run += len(c)
            run_after += past
            worst, worst_after = max(worst, run), max(worst_after, run_after)
    return worst, worst_after


def split(text: str, n: int) -> list[str]:
    return [text[i:i + n] for i in range(0, len(text), n)]


def stall_cases(scale: float = 1.0):
    """(id, text, end of the sample in the text) for every corpus sample, as a thought and as the call."""
    filler = FILLER * max(1, int(5 * 1024 * scale) // len(FILLER))
    for k, (fmt, sample, _) in enumerate(corpus_samples()):
        head = "<think>Plan: I could write "
        yield f"{fmt}#{k}/thought", head + sample + THOUGHT_AFTER + filler + "</think>Final answer.", \
            len(head) + len(sample)
        head = "<think>plan "
        yield f"{fmt}#{k}/the call", head + sample + "\n<|im_end|>\n", len(head) + len(sample)


def stall_report(scale: float = 1.0) -> dict:
    worst = {"any": (0, ""), "after": (0, "")}
    n = 0
    for cid, text, end in stall_cases(scale):
        for size in (1, 4):
            a, b = stalls(split(text, size), end)
            n += 1
            if a > worst["any"][0]:
                worst["any"] = (a, f"{cid}, {size}-char chunks")
            if b > worst["after"][0]:
                worst["after"] = (b, f"{cid}, {size}-char chunks")
    return {"streams": n, "largest_stall": worst["any"][0], "largest_stall_at": worst["any"][1],
            "largest_stall_after_call": worst["after"][0], "largest_stall_after_call_at": worst["after"][1]}


CALL = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'


def _cases(n: int) -> tuple[str, str]:
    thinking = (FILLER * (n // len(FILLER) + 1))[:n]
    return ("<think>" + CALL + thinking + "</think>ok",
            "<think>" + '<tool_call>{"name": "f", "arguments": {"a": "' + "x" * n + '"}}</tool_call>')


def proxy_peak(chunks: list[str]) -> int:
    """`traced_peak` through the proxy's own layers: each piece as an upstream Chat Completions chunk
    into `serve.turn.Turn`, its events written as Chat Completions SSE bytes (then dropped)."""
    from callsieve.serve import chat
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    opts = Options.from_request({"model": "m", "messages": [], "stream": True}, None, "auto", "hold")
    sess = callsieve.Session.for_model("m", learn=False)
    pieces = [{"choices": [{"index": 0, "delta": {"content": c}}]} for c in chunks]
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        turn, enc = Turn(opts, lambda: callsieve.Sieve(**opts.sieve_kwargs(sess))), chat.encoder({}, {})
        for piece in pieces:
            enc.write(turn.feed(piece))
        enc.write(turn.finish())
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def memory_report(scale: float = 1.0) -> list[dict]:
    out = []
    for t in _cases(1000):       # warm-up: imports and the scanners compiled once per process
        callsieve.parse(t)
        callsieve.parse(t[len("<think>"):])
    for size, mb in ((4, 2.0), (1, 0.5)):      # (one character at a time: 0.5 MB, for the time it takes)
        n = max(4096, int(mb * 1024 * 1024 * scale))
        text, held = _cases(n)

        # issue 22 item 10: +105 MB (4-char chunks), +268 MB (1-char) for 2 MB before the fix
        peak = traced_peak(split(text, size), tools=None)
        out.append({"case": f"a call right after <think>, then {n / 1e6:.1f} MB of thinking, {size}-char chunks",
                    "bytes": len(text), "traced_peak_bytes": peak, "x": peak / len(text)})
        peak = traced_peak(split(held, size), tools=None)
        plain = traced_peak(split(held[len("<think>"):], size), tools=None)
        out.append({"case": f"a {n / 1e6:.1f} MB argument held in a never-closed <think>, {size}-char chunks",
                    "bytes": len(held), "traced_peak_bytes": peak, "x": peak / len(held),
                    "not_held_peak_bytes": plain, "hold_x": (peak - plain) / len(held)})
        if size == 4:   # the same, through the proxy (the issue measured it there)
            peak = proxy_peak(split(held, size))
            plain = proxy_peak(split(held[len("<think>"):], size))
            out.append({"case": f"the same {n / 1e6:.1f} MB argument through the proxy's Turn and Chat encoder "
                                f"(SSE written), {size}-char chunks",
                        "bytes": len(held), "traced_peak_bytes": peak, "x": peak / len(held),
                        "not_held_peak_bytes": plain, "hold_x": (peak - plain) / len(held)})
    return out


def run(quick: bool = False, progress=print) -> dict:
    scale = 0.05 if quick else 1.0
    res = {"stall": stall_report(scale)}
    st = res["stall"]
    progress(f"  hold  stall over {st['streams']} corpus streams: largest {st['largest_stall']} chars "
             f"({st['largest_stall_at']}); after the call {st['largest_stall_after_call']} chars "
             f"({st['largest_stall_after_call_at']})")
    res["memory"] = memory_report(scale)
    for m in res["memory"]:
        progress(f"  hold  mem {m['case']}: traced peak {m['traced_peak_bytes'] / 1e6:.1f} MB = {m['x']:.2f}× the text"
                 + (f"; the hold itself {m['hold_x']:.2f}×" if "hold_x" in m else ""))
    return res


if __name__ == "__main__":          # python -m bench.holdbench [--quick]
    import sys
    run("--quick" in sys.argv)
