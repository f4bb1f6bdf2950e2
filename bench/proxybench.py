"""Proxy benchmarks: `callsieve serve` in front of a scripted upstream that streams as fast as it can.

Three processes, all on loopback: the scripted upstream (`python -m bench.upstream`), the proxy
(`python -m callsieve serve --upstream ...`, one process), and this one, the client (raw HTTP/1.1
over asyncio streams, so the client costs little next to what it measures).  Every request loop
is bounded in count and time; both servers are stopped at the end.

Measured:
  * ttft      - time to the first content chunk, proxy vs direct (median of alternating requests)
  * e2e       - end-to-end time of a ~2,000-chunk stream (prose + a call), proxy vs direct,
                unpaced (upstream as fast as it can) and paced (upstream at R chunks/s)
  * throughput- upstream SSE chunks/s through one proxy process, 1 stream and 8 concurrent streams,
                and the proxy's CPU time per chunk (from /proc/PID/stat)
  * clients   - 200 concurrent streaming clients: every one must get HTTP 200, [DONE], no error
                event, and fold to exactly the expected content and tool call (no lost chunk)
  * the same ttft and 8-stream throughput through the Responses API (`/v1/responses`) and the
    Messages API (`/v1/messages`): the upstream is still spoken to in Chat Completions, so "direct"
    is the upstream's Chat stream and the proxy's figure includes translating into the other API
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time

from . import streams as S

PC = time.perf_counter
HOST = "127.0.0.1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Skip(Exception):
    """The benchmark cannot run here (the reason is reported, not raised to the caller)."""


def proxy_available() -> str | None:
    """None if the proxy can be benchmarked, else why not."""
    try:
        from callsieve.serve.app import create_app  # noqa: F401
    except ImportError as e:
        return f"callsieve.serve.app.create_app is not importable ({e})"
    return None


# --------------------------------------------------------------------------- processes
def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _env() -> dict:
    env = dict(os.environ)
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    for k in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        env.pop(k, None)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _cpu_seconds(pid: int) -> float:
    """user + system CPU time of a process (Linux /proc), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Servers:
    """The scripted upstream and the proxy as child processes (context manager)."""

    def __init__(self, log_dir: str):
        self.log_dir = log_dir
        self.up = self.proxy = None

    def __enter__(self) -> "Servers":
        env = _env()
        self.up = subprocess.Popen([sys.executable, "-m", "bench.upstream", "--port", "0"], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.up.stdout.readline().split()
        if len(line) != 2 or line[0] != "PORT":
            self.__exit__()
            raise Skip("the scripted upstream did not start")
        self.up_port = int(line[1])
        self.proxy_port = _free_port()
        self.proxy_log = os.path.join(self.log_dir, "proxy.log")
        with open(self.proxy_log, "w") as log:
            self.proxy = subprocess.Popen(
                [sys.executable, "-m", "callsieve", "serve", "--upstream", f"http://{HOST}:{self.up_port}/v1",
                 "--host", HOST, "--port", str(self.proxy_port), "--log-level", "warning"],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline, answer = time.monotonic() + 60, "no answer"
        while time.monotonic() < deadline:
            if self.proxy.poll() is not None:
                answer = f"it exited with status {self.proxy.returncode}"
                break
            try:
                with socket.create_connection((HOST, self.proxy_port), timeout=1) as s:
                    s.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    line = s.recv(64).split(b"\r\n", 1)[0]
                    if line.startswith(b"HTTP/1.1 200"):
                        return self
                    answer = f"GET /health answered {line.decode('latin-1')!r}"
            except OSError as e:
                answer = f"GET /health: {type(e).__name__}: {e}"
            time.sleep(0.1)
        tail = open(self.proxy_log).read()[-600:]
        self.__exit__()
        # what /health said, beside the log: a proxy that refuses the probe (as the 421 for a foreign
        # Host did before 3c84093) looks, by its log alone, like one that never started
        raise Skip(f"`callsieve serve` did not come up ({answer}): {tail.strip() or 'no output'}")

    def __exit__(self, *exc) -> None:
        for p in (self.proxy, self.up):
            if p is not None and p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(5)


# --------------------------------------------------------------------------- the client
PATHS = {"chat": "/v1/chat/completions", "responses": "/v1/responses", "messages": "/v1/messages"}
LAST = {"responses": (b"event: response.completed", b"event: response.incomplete", b"event: response.failed"),
        "messages": (b"event: message_stop", b"event: error")}


def _first_token(api: str, obj: dict) -> bool:
    """Whether an event is the first content: text, or a call opening."""
    if api == "chat":
        d = ((obj.get("choices") or [{}])[0].get("delta") or {})
        return bool(d.get("content") or d.get("tool_calls"))
    if api == "responses":
        return obj.get("type") == "response.output_text.delta" or (
            obj.get("type") == "response.output_item.added" and obj["item"]["type"] == "function_call")
    return obj.get("type") == "content_block_delta" or (
        obj.get("type") == "content_block_start" and obj["content_block"]["type"] == "tool_use")


async def sse_request(port: int, body: dict, timeout: float = 120.0, api: str = "chat") -> dict:
    """POST a streaming request in `api`; return status, ttft, e2e and the raw SSE payloads."""
    data = json.dumps(body).encode()
    spec = json.dumps(body.get("bench") or {})
    head = (f"POST {PATHS[api]} HTTP/1.1\r\nHost: {HOST}:{port}\r\ncontent-type: application/json\r\n"
            f"accept: text/event-stream\r\ncontent-length: {len(data)}\r\nx-bench: {spec}\r\n"
            "connection: close\r\n\r\n").encode()
    last = LAST.get(api, ())

    async def go():
        t0 = PC()
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            writer.write(head + data)
            status = int((await reader.readuntil(b"\r\n")).split()[1])
            headers = {}
            while True:
                line = await reader.readuntil(b"\r\n")
                if line == b"\r\n":
                    break
                k, _, v = line.decode("latin-1").partition(":")
                headers[k.strip().lower()] = v.strip().lower()
            payloads: list[bytes] = []
            ttft = None
            done_at = None
            buf = b""
            chunked = headers.get("transfer-encoding") == "chunked"
            while True:
                if chunked:
                    size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                    if size == 0:
                        break
                    piece = (await reader.readexactly(size + 2))[:-2]
                else:
                    piece = await reader.read(65536)
                    if not piece:
                        break
                buf += piece
                start = 0
                while True:
                    i = buf.find(b"\n\n", start)
                    if i < 0:
                        break
                    ev = buf[start:i]
                    start = i + 2
                    if ev.startswith(last or b"\0"):   # the last event of a Responses / Messages stream
                        done_at = PC()
                    at = ev.find(b"data:")
                    if at < 0:
                        continue
                    p = ev[at + 5:].strip()
                    if p == b"[DONE]":
                        done_at = PC()
                        continue
                    payloads.append(p)
                    if ttft is None and _first_token(api, json.loads(p)):  # parse only until the first content
                        ttft = PC() - t0
                buf = buf[start:]
            end = PC()
            return {"status": status, "ttft": ttft, "e2e": (done_at or end) - t0, "done": done_at is not None,
                    "payloads": payloads, "api": api}
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    return await asyncio.wait_for(go(), timeout)


def fold(payloads: list[bytes], api: str = "chat") -> dict:
    """Fold the payloads of one stream in `api` into content, tool calls and error events."""
    content, calls, errors, n = [], {}, [], 0
    for p in payloads:
        obj = json.loads(p)
        kind = obj.get("type")
        if (api == "chat" and "error" in obj) or kind in ("error", "response.failed"):
            errors.append(obj.get("error") or obj["response"].get("error") or {})
            continue
        if api == "responses":
            n += 1
            if kind == "response.output_text.delta":
                content.append(obj["delta"])
            elif kind == "response.output_item.added" and obj["item"]["type"] == "function_call":
                calls[obj["output_index"]] = {"name": obj["item"]["name"], "arguments": ""}
            elif kind == "response.function_call_arguments.delta":
                calls[obj["output_index"]]["arguments"] += obj["delta"]
            continue
        if api == "messages":
            n += 1
            if kind == "content_block_start" and obj["content_block"]["type"] == "tool_use":
                calls[obj["index"]] = {"name": obj["content_block"]["name"], "arguments": ""}
            elif kind == "content_block_delta" and obj["delta"]["type"] == "text_delta":
                content.append(obj["delta"]["text"])
            elif kind == "content_block_delta" and obj["delta"]["type"] == "input_json_delta":
                calls[obj["index"]]["arguments"] += obj["delta"]["partial_json"]
            continue
        for ch in obj.get("choices") or []:
            n += 1
            d = ch.get("delta") or {}
            if d.get("content"):
                content.append(d["content"])
            for tc in d.get("tool_calls") or []:
                c = calls.setdefault(tc["index"], {"name": None, "arguments": ""})
                fn = tc.get("function") or {}
                c["name"] = c["name"] or fn.get("name")
                c["arguments"] += fn.get("arguments") or ""
    return {"content": "".join(content), "calls": [calls[k] for k in sorted(calls)], "errors": errors,
            "chunks": n}


def verify(res: dict, expected: dict) -> str:
    """'' if a proxied response is complete and exactly right, else what is wrong."""
    if res["status"] != 200:
        return f"HTTP {res['status']}"
    if not res["done"]:
        return "no [DONE]" if res.get("api", "chat") == "chat" else "no final event"
    f = fold(res["payloads"], res.get("api", "chat"))
    if f["errors"]:
        return f"error event: {f['errors'][0].get('message', '')[:80]}"
    if f["content"].strip() != expected["content"].strip():
        return f"content differs ({len(f['content'].strip())} vs {len(expected['content'].strip())} chars)"
    want = [(c["name"], c["arguments"]) for c in expected["tool_calls"]]
    try:
        got = [(c["name"], json.loads(c["arguments"])) for c in f["calls"]]
    except ValueError:
        return "tool call arguments are not JSON"
    if got != want:
        return f"tool calls differ ({len(got)} vs {len(want)})"
    return ""


def _body(stream: str, chunks: int, rate: float = 0, api: str = "chat") -> dict:
    spec = {"stream": stream, "chunks": chunks, "rate": rate}
    if api == "responses":
        return {"model": "bench-model", "stream": True, "input": "go", "bench": spec,
                "tools": [{"type": "function", **t["function"]} for t in S.TOOLS]}
    if api == "messages":
        return {"model": "bench-model", "stream": True, "max_tokens": 100000, "bench": spec,
                "messages": [{"role": "user", "content": "go"}],
                "tools": [{"name": t["function"]["name"], "description": t["function"]["description"],
                           "input_schema": t["function"]["parameters"]} for t in S.TOOLS]}
    return {"model": "bench-model", "stream": True, "messages": [{"role": "user", "content": "go"}],
            "tools": S.TOOLS, "bench": spec}


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else float("nan")


# --------------------------------------------------------------------------- the benchmarks
async def _ttft(srv: Servers, n: int, api: str = "chat") -> dict:
    """Against the upstream's own Chat stream: what a client of `api` waits more than talking Chat to it."""
    body, direct = _body("prose", 24, api=api), _body("prose", 24)
    for _ in range(3):                                   # warm both paths (connections, caches)
        await sse_request(srv.up_port, direct)
        await sse_request(srv.proxy_port, body, api=api)
    d, p = [], []
    cpu = 0.0
    for _ in range(n):
        d.append((await sse_request(srv.up_port, direct))["ttft"])
        c0 = _cpu_seconds(srv.proxy.pid)
        p.append((await sse_request(srv.proxy_port, body, api=api))["ttft"])
        cpu += _cpu_seconds(srv.proxy.pid) - c0
    md, mp = _median(d), _median(p)
    return {"n": n, "direct_ms": md * 1e3, "proxy_ms": mp * 1e3, "overhead_ms": (mp - md) * 1e3,
            "proxy_best_ms": min(p) * 1e3, "direct_best_ms": min(d) * 1e3,
            "proxy_p90_ms": sorted(p)[int(len(p) * 0.9)] * 1e3 if p else None,
            "proxy_cpu_ms_per_request": cpu / n * 1e3}


async def _ttft_new_tools(srv: Servers, n: int) -> dict:
    """Time to first token when every request declares a tool list the proxy has not seen yet."""
    d, p = [], []
    for i in range(n):
        body = _body("prose", 24)
        body["tools"] = [{"type": "function", "function": {"name": f"tool_{i}_{j}", "parameters": {}}}
                         for j in range(5)]
        d.append((await sse_request(srv.up_port, body))["ttft"])
        p.append((await sse_request(srv.proxy_port, body))["ttft"])
    md, mp = _median(d), _median(p)
    return {"n": n, "direct_ms": md * 1e3, "proxy_ms": mp * 1e3, "overhead_ms": (mp - md) * 1e3}


async def _e2e(srv: Servers, chunks: int, runs: int, rate: float) -> dict:
    body = _body("proxy", chunks, rate)
    expected = S.proxy_stream(chunks)["expected"]
    n_up = len(S.proxy_stream(chunks)["chunks"])
    await sse_request(srv.up_port, body)
    r = await sse_request(srv.proxy_port, body)
    wrong = verify(r, expected)
    d, p, cpu = [], [], []
    for _ in range(runs):
        d.append((await sse_request(srv.up_port, body))["e2e"])
        c0 = _cpu_seconds(srv.proxy.pid)
        p.append((await sse_request(srv.proxy_port, body))["e2e"])
        cpu.append(_cpu_seconds(srv.proxy.pid) - c0)
    md, mp = _median(d), _median(p)
    return {"chunks": n_up, "runs": runs, "rate": rate, "direct_ms": md * 1e3, "proxy_ms": mp * 1e3,
            "direct_best_ms": min(d) * 1e3, "proxy_best_ms": min(p) * 1e3,
            "ratio": mp / md, "overhead_pct": (mp / md - 1) * 100, "proxy_chunks_s": n_up / mp,
            "proxy_cpu_us_per_chunk": sum(cpu) / (n_up * runs) * 1e6, "wrong": wrong}


async def _throughput(srv: Servers, chunks: int, streams: int, runs: int, api: str = "chat") -> dict:
    body = _body("proxy", chunks, api=api)
    expected = S.proxy_stream(chunks)["expected"]
    n_up = len(S.proxy_stream(chunks)["chunks"])
    best, wrong, cpu_all = None, "", 0.0
    for _ in range(runs):
        c0 = _cpu_seconds(srv.proxy.pid)
        t0 = PC()
        res = await asyncio.gather(*(sse_request(srv.proxy_port, body, api=api) for _ in range(streams)))
        wall = PC() - t0
        cpu = _cpu_seconds(srv.proxy.pid) - c0
        wrong = wrong or next((w for w in (verify(r, expected) for r in res) if w), "")
        cpu_all += cpu
        best = wall if best is None else min(best, wall)
    total = n_up * streams
    return {"streams": streams, "chunks_per_stream": n_up, "runs": runs, "wall_s": best,
            "chunks_s": total / best, "proxy_cpu_us_per_chunk": cpu_all / (total * runs) * 1e6,
            "wrong": wrong}


async def _clients(srv: Servers, clients: int, chunks: int) -> dict:
    body = _body("proxy", chunks)
    expected = S.proxy_stream(chunks)["expected"]
    n_up = len(S.proxy_stream(chunks)["chunks"])
    t0 = PC()
    res = await asyncio.gather(*(sse_request(srv.proxy_port, body, timeout=300) for _ in range(clients)),
                               return_exceptions=True)
    wall = PC() - t0
    failures: dict[str, int] = {}
    for r in res:
        why = f"{type(r).__name__}: {r}"[:80] if isinstance(r, BaseException) else verify(r, expected)
        if why:
            failures[why] = failures.get(why, 0) + 1
    return {"clients": clients, "chunks_per_stream": n_up, "wall_s": wall, "chunks_s": clients * n_up / wall,
            "failed": sum(failures.values()), "failures": failures}


def run(quick: bool, log_dir: str, progress=print) -> dict:
    """All proxy benchmarks; {"skipped": reason} when the proxy cannot run."""
    why = proxy_available()
    if why:
        return {"skipped": why}
    try:
        with Servers(log_dir) as srv:
            out = {"proxy_pid_note": "one `callsieve serve` process (uvicorn, 1 worker)"}
            steps = [
                ("ttft", lambda: _ttft(srv, 3 if quick else 40)),
                ("ttft_new_tools", lambda: _ttft_new_tools(srv, 3 if quick else 20)),
                ("e2e", lambda: _e2e(srv, 100 if quick else 2000, 1 if quick else 7, 0)),
                ("e2e_paced", lambda: _e2e(srv, 100 if quick else 2000, 1 if quick else 3,
                                           2000.0 if not quick else 1000.0)),
                ("throughput_1", lambda: _throughput(srv, 100 if quick else 2000, 1, 1 if quick else 5)),
                ("throughput_8", lambda: _throughput(srv, 100 if quick else 2000, 8, 1 if quick else 3)),
                ("clients_200", lambda: _clients(srv, 20 if quick else 200, 50 if quick else 200)),
                ("ttft_responses", lambda: _ttft(srv, 3 if quick else 40, "responses")),
                ("ttft_messages", lambda: _ttft(srv, 3 if quick else 40, "messages")),
                ("throughput_responses_8", lambda: _throughput(srv, 100 if quick else 2000, 8, 1 if quick else 3,
                                                               "responses")),
                ("throughput_messages_8", lambda: _throughput(srv, 100 if quick else 2000, 8, 1 if quick else 3,
                                                              "messages")),
            ]
            for name, make in steps:
                progress(f"  proxy: {name} ...")
                try:
                    out[name] = asyncio.run(make())
                except Exception as e:  # a failure of one benchmark is a result, not a crash
                    out[name] = {"error": f"{type(e).__name__}: {e}"}
                if srv.proxy.poll() is not None:
                    out["proxy_died"] = open(srv.proxy_log).read()[-600:]
                    break
            return out
    except Skip as e:
        return {"skipped": str(e)}
