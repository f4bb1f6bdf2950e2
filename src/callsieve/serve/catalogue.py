"""The upstream's model list: the one reader of a `GET /models` answer (`model_ids`), and the lists
the proxy keeps (`Catalogue`), one per credential the upstream was asked with.

What the upstream lists can depend on who asks: a gateway lists the models a key may use.  When
clients pass their own keys through (the proxy has no --upstream-api-key), one client's list must
not decide another's model (which model a request without one gets, which Session a name maps
to).  So each list is kept under a hash of the credential the upstream got (its Authorization
header; none is a credential too), never the credential itself, and at most MAX_LISTS of them,
least recently used out first.  With --upstream-api-key every client shares that one list.
"""
from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict

MAX_LISTS = 256        # credentials whose model list is kept (least recently used out first)
RECHECK_S = 1.0        # a name a list lacks re-reads that list at most this often
TIMEOUT_S = 3.0        # GET /models has its own timeout: a slow one must not hold a request for long


def model_ids(data: bytes | str) -> list[str]:
    """The model ids of a `GET /models` answer (OpenAI's `{"data": [{"id": …}, …]}`), in its order:
    each a non-empty string (anything else in the list is left out).  ValueError for an answer
    that is no such list."""
    try:
        doc = json.loads(data)
    except RecursionError:
        raise ValueError("its GET /models answer is nested too deep") from None
    items = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise ValueError("its GET /models answer has no `data` list")
    return [m["id"] for m in items if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"]]


def credential(upstream_headers) -> str:
    """Whose list: a hash of the credential the upstream gets (its Authorization header), "" for none."""
    auth = upstream_headers.get("authorization")
    return hashlib.sha256(auth.encode("utf-8", "surrogateescape")).hexdigest() if auth else ""


class Catalogue:
    """The model ids each credential's `GET /models` gave, and when."""

    def __init__(self, max_lists: int = MAX_LISTS):
        self.max_lists = max_lists
        self.lists: OrderedDict[str, tuple[list[str], float]] = OrderedDict()

    def ids(self, key: str) -> list[str]:
        """The list read last for `key` (empty if none was)."""
        if key not in self.lists:
            return []
        self.lists.move_to_end(key)
        return self.lists[key][0]

    def due(self, key: str) -> bool:
        """Whether `key`'s list may be read again now (never read, or not for RECHECK_S)."""
        return key not in self.lists or time.monotonic() - self.lists[key][1] >= RECHECK_S

    def learn(self, key: str, ids: list[str], at: float | None = None) -> list[str]:
        """Keep `ids` as `key`'s list (read at `at`, default now); returns them."""
        self.lists[key] = (ids, time.monotonic() if at is None else at)
        self.lists.move_to_end(key)
        while len(self.lists) > self.max_lists:
            self.lists.popitem(last=False)
        return ids

    def tried(self, key: str) -> None:
        """A read of `key`'s list begins: not another before RECHECK_S (its old list stays until
        the read gives a new one)."""
        self.learn(key, self.lists[key][0] if key in self.lists else [])
