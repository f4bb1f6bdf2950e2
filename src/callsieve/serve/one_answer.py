"""The base of the encoders of APIs that have one answer per request (Responses, Messages).

The wire events of choice 0 (callsieve.rules) go to one method each (METHODS): `text(s)`,
`reasoning(s)`, `call(k, id, name, arguments)`, `args(k, s)`, `end(k)`, `cut(k)`,
`finish(reason, stop_sequence, usage)`, each returning the SSE events to send. Other choices
(`n > 1`) are not written: these APIs have no place for them.
"""
from __future__ import annotations

from callsieve.rules import CallArgs, CallCut, CallEnded, CallOpened, Content, Finished, Started, Thinking

# each event's method, and its fields as the method's arguments (Started: nothing to write)
METHODS = {Content: ("text", ("text",)), Thinking: ("reasoning", ("text",)),
           CallOpened: ("call", ("index", "id", "name", "arguments")), CallArgs: ("args", ("index", "text")),
           CallEnded: ("end", ("index",)), CallCut: ("cut", ("index",)),
           Finished: ("finish", ("reason", "stop_sequence", "usage")), Started: (None, ())}


def handle(enc, ev) -> list[bytes]:
    """`ev` through `enc`'s method for its type (a TypeError for an event it has none for)."""
    try:
        method, fields = METHODS[type(ev)]
    except KeyError:
        raise TypeError(f"no method for {ev!r}") from None
    if method is None:
        return []
    return getattr(enc, method)(*[getattr(ev, f) for f in fields])


class OneAnswer:
    def upstream(self, chunk: dict) -> None:
        pass

    def start(self) -> list[bytes]:
        return []

    def write(self, events: list) -> list[bytes]:
        out = []
        for ev in events:
            if ev.choice == 0:
                out += handle(self, ev)
        return out

    def close(self) -> list[bytes]:
        return []
