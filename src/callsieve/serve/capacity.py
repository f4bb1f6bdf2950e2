"""How much the proxy can take at once, whether it can take one more request (`/health`), and
how long it waits for an upstream or a client (the defaults of their flags). Standard library
only: the CLI reads the defaults before it imports the server.

Two limits meet here. `Load` counts the `/v1` requests in flight (guard.Guard admits at most
`--max-concurrent`, the rest get a 503). The upstream connection pool is sized from that limit,
above it (`pool_size`): every admitted request can have its upstream connection, and the
proxy's own requests (the model list, a chat template, `/ready`) still find one. Before issue 35
the pool (100) was below the admission limit (256): 100 clients that never read took every
upstream connection, and the next requests waited for one forever while `/health` said ok.
"""
from __future__ import annotations

UPSTREAM_TIMEOUT_S = 600.0  # --upstream-timeout: upstream silence given up on (a non-streamed answer
                            # comes whole: this bounds a whole generation; 0 waits forever)
WRITE_TIMEOUT_S = 30.0      # --write-timeout: a client that takes no bytes for this long is cut off
                            # (writes.py)
RESERVE = 8          # upstream connections beyond the admission limit: the proxy's own requests
UNLIMITED_POOL = 100  # the pool with no admission limit (httpx's default)


class Load:
    """The `/v1` requests in flight (counted by guard.Guard), against `limit` (None: none)."""

    def __init__(self, limit: int | None):
        self.limit = limit
        self.active = 0

    def full(self) -> bool:
        return bool(self.limit) and self.active >= self.limit  # type: ignore[operator]


def pool_size(max_concurrent: int | None) -> int:
    """Upstream connections: more than the admission limit lets in."""
    return max_concurrent + RESERVE if max_concurrent else UNLIMITED_POOL


def cannot_serve(load: Load, transport) -> str | None:
    """Why a new request could not be served now, or None: the admission limit is reached, or
    every upstream connection is in use (`transport`: http1.Transport, which counts them; None:
    httpx's own, which does not say)."""
    if load.full():
        return (f"{load.active} requests in flight, the limit (--max-concurrent {load.limit}): "
                "new ones get a 503 until one ends")
    if transport is not None and transport.in_use >= transport.max_connections:
        return (f"all {transport.max_connections} upstream connections are in use: "
                "new requests wait for one")
    return None
