"""The base of the encoders of APIs that have one answer per request (Responses, Messages).

The neutral Turn events of choice 0 (see turn.py) go to one method each: `text(s)`,
`reasoning(s)`, `call(k, id, name, arguments)`, `args(k, s)`, `end(k)`, `cut(k)`,
`finish(reason, stop_sequence, usage)`, each returning the SSE events to send. Other choices
(`n > 1`) are not written: these APIs have no place for them.
"""
from __future__ import annotations


class OneAnswer:
    def upstream(self, chunk: dict) -> None:
        pass

    def start(self) -> list[bytes]:
        return []

    def write(self, events: list[tuple]) -> list[bytes]:
        out = []
        for ev in events:
            if ev[1] == 0 and ev[0] != "start":
                out += getattr(self, ev[0])(*ev[2:])
        return out

    def close(self) -> list[bytes]:
        return []
