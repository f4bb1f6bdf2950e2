"""The proxy's settings (`callsieve serve`'s options, or a config file): one `Config` per proxy."""
from __future__ import annotations

from dataclasses import dataclass, field

from callsieve.serve.capacity import UPSTREAM_TIMEOUT_S, WRITE_TIMEOUT_S
from callsieve.serve.inspector import MAX_EXCHANGES


@dataclass
class Config:
    upstream: str                      # base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8080/v1
    api_key: str | None = None         # clients must send "Authorization: Bearer <api_key>" or "x-api-key: <api_key>"
    upstream_api_key: str | None = None
    format: str | None = None          # force one format name (None: detect)
    reasoning_format: str = "auto"     # default for requests without "reasoning_format"
    calls_in_reasoning: str = "hold"   # a call written inside thinking: hold, call or reasoning
    calls: str = "auto"                # how calls reach clients: auto, whole or stream (options.DELIVERY)
    timeout: float | None = UPSTREAM_TIMEOUT_S   # upstream silence given up on (None or 0: wait forever)
    write_timeout: float | None = WRITE_TIMEOUT_S  # a client that takes no bytes for this long is cut off
    log_level: str | None = None       # set up logging in each worker process (--workers N)
    host: str = "127.0.0.1"            # the address bound: a request's Host must name it (see guard.py)
    allowed_hosts: list[str] = field(default_factory=list)   # more names for Host (--allow-host)
    max_request_bytes: int = 32 * 1024 * 1024   # a larger body gets a 413
    body_timeout: float | None = 60.0  # a request body not in within this many seconds gets a 408
    max_concurrent: int | None = 256   # /v1 requests in flight at once; more get a 503
    keepalive: float | None = 10.0     # seconds without a byte to a streaming client before a keep-alive
                                       # goes out (an SSE comment; Messages' ping); 0/None: never
    embedded_pid: int | None = None    # the embedded llama.cpp server callsieve started, if any
    embedded_log: str | None = None    # ... and its log file
    embedded_context: int | None = None   # ... and its context in tokens
    chat_template: str | list | dict | None = None   # --chat-template: the served model's, for an
                                       # upstream that does not say it (vLLM, SGLang)
    inspect: bool | None = None        # the /inspect page: None = on when bound to loopback only
    inspect_keep: int = MAX_EXCHANGES  # exchanges it keeps in memory
    replay: bool = True                # --no-replay: no replay memory (replay.py)
