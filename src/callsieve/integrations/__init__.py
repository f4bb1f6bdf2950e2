"""callsieve inside inference engines.

`steps` turns a Sieve's events into per-step deltas (standard library only); `vllm` registers that
as vLLM's tool-call and reasoning parser and imports vLLM, so import it only inside vLLM.
"""
