"""One abusive client against the others: `python -m bench.sharedload [--quick]`.

The proxy (one worker, as `callsieve serve` runs by default) in front of the scripted upstream
(bench.upstream), both on loopback.  Light clients send small streamed requests in a loop and
record each one's end-to-end time; meanwhile heavy clients ask for a long answer (a call whose
arguments are megabytes, streamed or whole), which the proxy must parse.  Measured: the light
requests' latency alone, beside the heavy ones, beside them with the proxy's time slices turned
off (translate.SLICE_S and upstream_reader.SLICE_CHARS infinite: what the proxy did before issue 22), beside them with
`--workers 2` (a light request may land on the other worker), and, as a control, beside them but
sent straight to the upstream (what the machine and the upstream cost, the proxy left out).
Every loop is bounded in count and time; the servers are stopped at the end.  Nothing is
asserted about time.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time

from . import proxybench as X

HOST = X.HOST
PROXY = ("import sys, callsieve.serve.translate as a, callsieve.serve.upstream_reader as r\n"
         "if sys.argv[1] == 'off': a.SLICE_S = r.SLICE_CHARS = float('inf')\n"
         "elif sys.argv[1] != 'on': a.SLICE_S = float(sys.argv[1])\n"
         "from callsieve.cli import main; sys.exit(main(sys.argv[2:]))")


class Proxy:
    def __init__(self, up_port: int, offload: str, log_path: str, workers: int = 1):
        self.port = X._free_port()
        with open(log_path, "w") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", PROXY, str(offload), "serve", "--upstream", f"http://{HOST}:{up_port}/v1",
                 "--host", HOST, "--port", str(self.port), "--log-level", "warning", "--workers", str(workers)],
                cwd=X.ROOT, env=X._env(), stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.proc.poll() is None:
            with contextlib.suppress(OSError):
                with socket.create_connection((HOST, self.port), timeout=1) as s:
                    s.sendall(f"GET /health HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
                    if s.recv(64).startswith(b"HTTP/1.1 200"):
                        return
            time.sleep(0.1)
        self.stop()
        raise X.Skip("the proxy did not come up")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


async def whole_request(port: int, body: dict, timeout: float = 300.0) -> float:
    """A non-streamed request; its end-to-end seconds."""
    data = json.dumps({**body, "stream": False}).encode()
    head = (f"POST /v1/chat/completions HTTP/1.1\r\nHost: {HOST}:{port}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(data)}\r\nconnection: close\r\n\r\n").encode()

    async def go():
        t0 = X.PC()
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            writer.write(head + data)
            await reader.read()  # to the end (connection: close)
            return X.PC() - t0
        finally:
            writer.close()

    return await asyncio.wait_for(go(), timeout)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000 if xs else float("nan")


async def scenario(port: int, heavy: int, heavy_clients: int, light_clients: int, seconds: float,
                   max_light: int, light_port: int | None = None) -> dict:
    """`light_port`: where the light clients go (default: the proxy, as the heavy ones)."""
    light_port = light_port or port
    light_body = X._body("prose", 24)
    for _ in range(3):
        await X.sse_request(light_port, light_body)
    # the heavy clients in their own processes: reading their answers must not slow this one's loop.
    # Measured once they are up: starting two interpreters on this 2-core machine would otherwise
    # be counted against the proxy (it stalled every light client for ~1 s at the start)
    heavy_procs = [subprocess.Popen([sys.executable, "-m", "bench.sharedload", "--heavy-client", str(port),
                                     str(heavy), str(k), str(seconds)], cwd=X.ROOT, env=X._env(),
                                    stdout=subprocess.PIPE, text=True) for k in range(heavy_clients)]
    for p in heavy_procs:
        p.stdout.readline()                  # "up": imported, about to send its first request
    stop = time.monotonic() + seconds
    lat: list[float] = []
    heavy_times: list[float] = []
    bad = 0

    async def light():
        nonlocal bad
        for _ in range(max_light):
            if time.monotonic() > stop:
                return
            r = await X.sse_request(light_port, light_body)
            bad += r["status"] != 200 or not r["done"]
            lat.append(r["e2e"])

    await asyncio.gather(*[light() for _ in range(light_clients)])
    for p in heavy_procs:
        out, _ = p.communicate(timeout=600)
        heavy_times += json.loads(out or "[]")
    return {"light_n": len(lat), "light_bad": bad, "p50_ms": pct(lat, 0.5), "p99_ms": pct(lat, 0.99),
            "max_ms": pct(lat, 1.0), "heavy_n": len(heavy_times),
            "heavy_ms": pct(heavy_times, 0.5)}


async def heavy_client(port: int, heavy: int, k: int, seconds: float) -> list[float]:
    """One heavy client: long answers, whole (k odd) or streamed (k even), for `seconds` (≤ 50)."""
    body, stop, times = X._body("proxy", heavy), time.monotonic() + seconds, []
    while time.monotonic() < stop and len(times) < 50:
        if k % 2:
            times.append(await whole_request(port, body))
        else:
            times.append((await X.sse_request(port, body, timeout=300))["e2e"])
    return times


# (name, the proxy's slices "on"/"off", heavy clients, workers, light clients straight to the upstream)
SCENARIOS = (("alone", "on", 0, 1, False), ("beside heavy", "on", 2, 1, False),
             ("beside heavy, no slices", "off", 2, 1, False), ("beside heavy, --workers 2", "on", 2, 2, False),
             ("control: beside heavy, light ones straight to the upstream", "on", 2, 1, True))


def run(quick: bool, log_dir: str, progress=print) -> dict:
    heavy = 20000 if quick else 60000
    seconds, light_clients, max_light = (2.0, 2, 50) if quick else (10.0, 4, 2000)
    up = subprocess.Popen([sys.executable, "-m", "bench.upstream", "--port", "0"], cwd=X.ROOT, env=X._env(),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = {}
    try:
        line = up.stdout.readline().split()
        if len(line) != 2 or line[0] != "PORT":
            raise X.Skip("the scripted upstream did not start")
        up_port = int(line[1])
        # the scripted upstream encodes a stream the first time it is asked for it (about a second for
        # the heavy one), stalling every request it serves meanwhile: not the proxy's doing, done first
        body = X._body("proxy", heavy)
        asyncio.run(X.sse_request(up_port, body, timeout=300))
        asyncio.run(whole_request(up_port, body))
        for name, offload, heavy_clients, workers, direct in SCENARIOS:
            proxy = Proxy(up_port, offload, os.path.join(log_dir, "sharedload-proxy.log"), workers)
            try:
                out[name] = asyncio.run(scenario(proxy.port, heavy, heavy_clients, light_clients, seconds, max_light,
                                                 up_port if direct else None))
            finally:
                proxy.stop()
            progress(f"  {name:26s} {json.dumps(out[name])}")
    finally:
        up.terminate()
        up.wait(10)
    out["heavy_chunks"] = heavy
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    return out


def render(res: dict) -> str:
    """The Markdown table of a run, for bench/RESULTS.md."""
    rows = ["| light clients' requests | n | p50 | p99 | max | heavy answers | their median |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for name, *_ in SCENARIOS:
        r = res.get(name)
        if not r:
            continue
        heavy = f"{r['heavy_n']} | {r['heavy_ms']:.0f} ms" if r["heavy_n"] else "— | —"
        rows.append(f"| {name} | {r['light_n']} | {r['p50_ms']:.0f} ms | {r['p99_ms']:.0f} ms | "
                    f"{r['max_ms']:.0f} ms | {heavy} |")
    return "\n".join(rows) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--heavy-client", nargs=4, metavar=("PORT", "CHUNKS", "K", "SECONDS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.heavy_client:
        port, heavy, k, seconds = args.heavy_client
        print("up", flush=True)
        print(json.dumps(asyncio.run(heavy_client(int(port), int(heavy), int(k), float(seconds)))))
        return 0
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        res = run(args.quick, d, progress=lambda m: print(m, file=sys.stderr, flush=True))
    print(json.dumps(res, indent=1))
    return 1 if any(isinstance(v, dict) and v.get("light_bad") for v in res.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
