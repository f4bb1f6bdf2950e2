"""callsieve's benchmarks (not part of the installed package): `python -m bench --help`.

Standard library and the project's own dependencies only.  Modules:
  streams    deterministic synthetic streams (the peers' streams, XML calls, prose, dense text)
  feedbench  µs per feed, linearity, memory, whole-text parse() MB/s
  upstream   a scripted OpenAI-compatible upstream that streams as fast as it can
  proxybench `callsieve serve` against that upstream: throughput, TTFT, end-to-end, 200 clients
  transportbench the proxy's own work at n, 2n, 4n (linear), one heavy answer sliced, clients
             that stop reading cut off (issue 35)
  sieve_doubling the Sieve's adversarial inputs (backtick runs, quoted calls, the request's
             index) at n and 2n (issue 35)
  peers      vLLM / SGLang side by side (their harness, their venv)
  run        the command: one table, bench/RESULTS.md with --write
"""
