"""Issue 35: the proxy's own work linear, one heavy answer sliced, clients that stop reading cut off.

    python -m bench.transportbench [--quick]

- `ladder`: each case at n, 2n and 4n (in this process, CPU time, best of runs) and the ratios
  t(2n) / t(n): doubling the input at most doubles the time (about 2; a quadratic scan gives 4).
  The cases are the issue's: one SSE event of n `data:` lines, a non-streamed answer of n native
  calls (whole delivery) and of n Hermes calls, a Messages stream of n native calls in one chunk.
- `stall`: the longest step of the event loop (what `/health` or any other client waits) while
  the proxy makes one non-streamed answer of n tiny calls.
- `slow_readers`: `callsieve serve` (its own process, `--max-concurrent K --write-timeout T`)
  against bench.upstream; K clients ask for long streams and never read. Measured: what
  `/health` says while they hold every slot, how fast a new request is refused (not queued
  behind an upstream pool), when a new client is served again, and whether the stalled
  clients' connections were closed.

Timings are never asserted; a wrong answer (a call lost, a client never served) is a wrong result.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import socket
import subprocess
import sys
import tempfile
import time

from . import proxybench as X

CPU = time.process_time
PC = time.perf_counter


# --------------------------------------------------------------------------- the cases, in process
def _completion(message: dict) -> bytes:
    return json.dumps({"id": "x", "object": "chat.completion", "created": 1, "model": "m",
                       "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]}).encode()


def _native(n: int) -> list[dict]:
    return [{"index": k, "id": f"call_{k}", "type": "function",
             "function": {"name": "get_weather", "arguments": '{"k": %d}' % k}} for k in range(n)]


TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]


async def _whole(data: bytes, body: dict):
    """The proxy's non-streamed answer to the upstream's completion `data` (a Response)."""
    import httpx

    from callsieve import Session, Sieve
    from callsieve.serve import app, chat
    from callsieve.serve.exchange import Exchange
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    proxy = app.Proxy(app.Config(upstream="http://127.0.0.1:9/v1"))
    opts = Options.from_request(body, None, "auto", "hold").answered_whole()
    turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs(Session(learn=False))))
    ex = Exchange.begin(0, "chat", "-", "m", False, {})
    return await proxy.answers.whole_answer(httpx.Response(200, content=data), data, turn, chat, body, body, ex)


def _calls(answer) -> int:
    """The calls in a non-streamed Chat answer (a Response)."""
    return len(json.loads(answer.body)["choices"][0]["message"].get("tool_calls") or [])


def case_sse_lines(n: int):
    from callsieve.serve.upstream_reader import UpstreamReader
    doc = {"choices": [{"index": 0, "delta": {"content": "x"}}], **{f"k{i}": i for i in range(n)}}
    body = b"".join(b"data: " + line.encode() + b"\n" for line in json.dumps(doc, indent=0).split("\n")) + b"\n"

    def run():
        reader = UpstreamReader()
        items = reader.feed(body) + reader.close()
        return len(items) == 1
    return run


def case_whole_native(n: int):
    data, body = _completion({"role": "assistant", "content": None, "tool_calls": _native(n)}), \
        {"model": "m", "messages": []}
    return lambda: _calls(asyncio.run(_whole(data, body))) == n


def case_whole_parsed(n: int):
    content = "".join('<tool_call>{"name": "get_weather", "arguments": {"k": %d}}</tool_call>' % k for k in range(n))
    data, body = _completion({"role": "assistant", "content": content}), {"model": "m", "messages": [], "tools": TOOLS}
    return lambda: _calls(asyncio.run(_whole(data, body))) == n


def case_messages_native(n: int):
    """A Messages stream (calls streamed) of n native calls that came in one upstream chunk."""
    import httpx

    from callsieve import Session, Sieve
    from callsieve.serve import app, messages
    from callsieve.serve.exchange import Exchange
    from callsieve.serve.options import Options
    from callsieve.serve.turn import Turn
    from callsieve.serve.upstream_reader import as_stream
    body = {"model": "m", "max_tokens": 10, "stream": True, "messages": [{"role": "user", "content": "go"}]}
    data = _completion({"role": "assistant", "content": None, "tool_calls": _native(n)})

    async def go():
        proxy = app.Proxy(app.Config(upstream="http://127.0.0.1:9/v1"))
        chat_body = messages.to_chat(body)
        opts = Options.from_request(chat_body, None, "auto", "hold")
        turn = Turn(opts, lambda: Sieve(**opts.sieve_kwargs(Session(learn=False))))
        ex = Exchange.begin(0, "messages", "-", "m", True, {})
        out = [p async for p in proxy.answers.stream(httpx.Response(200, content=data), turn,
                                              messages.encoder(body, chat_body), ex, as_stream(data))]
        return b"".join(out).count(b'"type": "tool_use"') + b"".join(out).count(b'"type":"tool_use"')
    return lambda: asyncio.run(go()) == n


CASES = (("one SSE event of n data: lines", case_sse_lines, 20000),
         ("non-streamed answer, n native calls (whole delivery)", case_whole_native, 20000),
         ("non-streamed answer, n Hermes calls", case_whole_parsed, 10000),
         ("Messages stream, n native calls in one chunk", case_messages_native, 10000))


def _timed(make, n: int, runs: int) -> tuple[float, bool]:
    run = make(n)
    best, ok = float("inf"), True
    for _ in range(runs):
        gc.collect()
        c0 = CPU()
        ok = run() and ok
        best = min(best, CPU() - c0)
    return best, ok


def ladder(quick: bool, runs: int, progress=print) -> list[dict]:
    out = []
    for name, make, n in CASES:
        n = max(250, n // 20) if quick else n
        _timed(make, max(50, n // 10), 1)              # warm-up: imports, a first Sieve's compiled scanners
        times, ok = [], True
        for size in (n, 2 * n, 4 * n):
            t, right = _timed(make, size, runs)
            times.append(t)
            ok = ok and right
        r = {"case": name, "n": n, "s": times, "x2": times[1] / times[0], "x4": times[2] / times[1], "ok": ok}
        if not ok:
            r["wrong"] = "a call or the event was lost"
        progress(f"  linear {name:<54} n={n:>6}: {times[0]:.3f} s, ×{r['x2']:.2f} at 2n, ×{r['x4']:.2f} at 4n "
                 f"{'ok' if ok else 'WRONG'}")
        out.append(r)
    return out


def stall(n: int) -> dict:
    """The longest event-loop step while one non-streamed answer of n tiny Hermes calls is made."""
    content = "".join('<tool_call>{"name": "get_weather", "arguments": {"k": %d}}</tool_call>' % k for k in range(n))
    data, body = _completion({"role": "assistant", "content": content}), {"model": "m", "messages": [], "tools": TOOLS}

    async def go():
        worst, done = 0.0, False

        async def other_client():
            nonlocal worst
            while not done:
                t = PC()
                await asyncio.sleep(0)
                worst = max(worst, PC() - t)

        other = asyncio.ensure_future(other_client())
        await asyncio.sleep(0)
        t0 = PC()
        try:
            answer = await _whole(data, body)
        finally:
            done = True
            await other
        return worst, PC() - t0, _calls(answer)

    warm = "".join('<tool_call>{"name": "get_weather", "arguments": {"k": %d}}</tool_call>' % k for k in range(50))
    asyncio.run(_whole(_completion({"role": "assistant", "content": warm}), body))   # imports, compiled scanners
    worst, total, calls = asyncio.run(go())
    r = {"calls": n, "answer_s": total, "longest_step_ms": worst * 1000, "ok": calls == n}
    if calls != n:
        r["wrong"] = f"{calls} of {n} calls"
    return r


# --------------------------------------------------------------------------- clients that stop reading
def _stalled(port: int, body: dict) -> socket.socket:
    data = json.dumps(body).encode()
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(30)
    s.connect((X.HOST, port))
    s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: %s:%d\r\ncontent-type: application/json\r\n"
              b"content-length: %d\r\n\r\n%s" % (X.HOST.encode(), port, len(data), data))
    s.recv(12)   # the status line; then nothing more is read
    return s


def _get(port: int, path: str) -> tuple[int, bytes]:
    with socket.create_connection((X.HOST, port), timeout=30) as s:
        s.sendall(b"GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path.encode(), X.HOST.encode()))
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return int(data[9:12] or 0), data.split(b"\r\n\r\n", 1)[-1]


def _closed(s: socket.socket, guard: float) -> bool:
    s.settimeout(guard)
    try:
        while s.recv(1 << 20):
            pass
        return True
    except (ConnectionResetError, socket.timeout):
        return False


def slow_readers(quick: bool, log_dir: str) -> dict:
    k, write_timeout = (2, 1.0) if quick else (8, 2.0)
    guard = 30 * write_timeout
    up = subprocess.Popen([sys.executable, "-m", "bench.upstream", "--port", "0"], cwd=X.ROOT, env=X._env(),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    proxy = None
    stalled: list[socket.socket] = []
    try:
        line = up.stdout.readline().split()
        if len(line) != 2 or line[0] != "PORT":
            return {"skipped": "the scripted upstream did not start"}
        port = X._free_port()
        with open(f"{log_dir}/transport-proxy.log", "w") as log:
            proxy = subprocess.Popen([sys.executable, "-m", "callsieve", "serve", "--upstream",
                                      f"http://{X.HOST}:{line[1]}/v1", "--host", X.HOST, "--port", str(port),
                                      "--log-level", "warning", "--max-concurrent", str(k),
                                      "--write-timeout", str(write_timeout)],
                                     cwd=X.ROOT, env=X._env(), stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if _get(port, "/health")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        long_body = X._body("prose", 60000)
        asyncio.run(X.sse_request(int(line[1]), long_body, timeout=120))   # the upstream encodes it once
        light = X._body("prose", 24)
        stalled = [_stalled(port, long_body) for _ in range(k)]
        status, said = _get(port, "/health")
        refused: list[float] = []
        t0, served_after = time.monotonic(), None
        while time.monotonic() - t0 < guard:
            t = PC()
            r = asyncio.run(X.sse_request(port, light, timeout=guard))
            if r["status"] == 200 and r["done"]:
                served_after = time.monotonic() - t0
                break
            refused.append(PC() - t)
            time.sleep(0.05)
        closed = all(_closed(s, guard) for s in stalled)
        out = {"stalled_clients": k, "write_timeout_s": write_timeout, "health_while_held": status,
               "health_reason": json.loads(said or b"{}").get("reason", ""),
               "refused": len(refused), "refused_max_ms": max(refused, default=0) * 1000,
               "served_after_s": served_after, "stalled_closed": closed}
        if served_after is None or not closed or status != 503:
            out["wrong"] = ("no new client served" if served_after is None else
                            "a stalled client's connection stayed open" if not closed else
                            f"/health said {status} while every slot was held")
        return out
    finally:
        for s in stalled:
            s.close()
        for p in (proxy, up):
            if p is not None and p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()


# --------------------------------------------------------------------------- together
def run(quick: bool, runs: int = 3, progress=print) -> dict:
    runs = 1 if quick else runs
    res: dict = {"ladder": ladder(quick, runs, progress)}
    res["stall"] = stall(2000 if quick else 30000)
    s = res["stall"]
    progress(f"  stall  one non-streamed answer of {s['calls']:,} calls: {s['answer_s']:.2f} s, the longest step "
             f"of the event loop {s['longest_step_ms']:.1f} ms {'ok' if s['ok'] else 'WRONG'}")
    why = X.proxy_available()
    if why:
        res["slow_readers"] = {"skipped": why}
    else:
        with tempfile.TemporaryDirectory() as d:
            res["slow_readers"] = slow_readers(quick, d)
    progress(f"  slow readers {json.dumps(res['slow_readers'])}")
    return res


def wrong(res: dict) -> list[str]:
    out = [f"linear {r['case']}: {r['wrong']}" for r in res.get("ladder", []) if r.get("wrong")]
    for key in ("stall", "slow_readers"):
        if (res.get(key) or {}).get("wrong"):
            out.append(f"{key}: {res[key]['wrong']}")
    return out


def render(res: dict) -> list[str]:
    """Markdown rows for bench/RESULTS.md."""
    L = ["", "**The proxy's own work** (issue 35; bench/transportbench.py; CPU time, best of runs; "
         "×2n = t(2n) ÷ t(n): 2 is linear, 4 quadratic):", "",
         "| case | n | s at n | ×2n | ×4n | right |", "|---|---:|---:|---:|---:|:-:|"]
    L += [f"| {r['case']} | {r['n']:,} | {r['s'][0]:.3f} | {r['x2']:.2f} | {r['x4']:.2f} | "
          f"{'yes' if r['ok'] else 'NO'} |" for r in res.get("ladder", [])]
    s = res.get("stall")
    if s:
        L += ["", f"One non-streamed answer of {s['calls']:,} calls: {s['answer_s']:.2f} s; the longest step of "
              f"the event loop meanwhile (what any other client waits): {s['longest_step_ms']:.1f} ms."]
    sr = res.get("slow_readers") or {}
    if sr and "skipped" not in sr:
        L += ["", f"{sr['stalled_clients']} clients that never read, `--max-concurrent {sr['stalled_clients']} "
              f"--write-timeout {sr['write_timeout_s']:g}`: `/health` said {sr['health_while_held']} while they "
              f"held every slot; {sr['refused']} new requests refused meanwhile (the slowest refusal "
              f"{sr['refused_max_ms']:.0f} ms: refused, not queued); a new client served "
              + (f"{sr['served_after_s']:.1f} s" if sr["served_after_s"] is not None else "never")
              + f" after they stopped; their connections closed: {'yes' if sr['stalled_closed'] else 'NO'}."]
    return L


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    res = run(args.quick, progress=lambda m: print(m, file=sys.stderr, flush=True))
    print(json.dumps(res, indent=1))
    return 1 if wrong(res) else 0


if __name__ == "__main__":
    sys.exit(main())
