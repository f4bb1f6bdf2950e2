"""The base of the encoders of APIs that have one answer per request (Responses, Messages).

The wire events of choice 0 (callsieve.rules) go to one method each (METHODS): `text(s)`,
`reasoning(s)`, `call(k, id, name, arguments)`, `args(k, s)`, `end(k)`, `cut(k)`,
`finish(reason, stop_sequence, usage)`, each returning the SSE events to send. Other choices
(`n > 1`) are not written: these APIs have no place for them.
"""
from __future__ import annotations

from callsieve.rules import CallArgs, CallCut, CallEnded, CallOpened, Content, Finished, Started, Thinking

# each event, as the call of its method (Started: nothing to write)
METHODS = {Content: lambda enc, ev: enc.text(ev.text), Thinking: lambda enc, ev: enc.reasoning(ev.text),
           CallOpened: lambda enc, ev: enc.call(ev.index, ev.id, ev.name, ev.arguments),
           CallArgs: lambda enc, ev: enc.args(ev.index, ev.text), CallEnded: lambda enc, ev: enc.end(ev.index),
           CallCut: lambda enc, ev: enc.cut(ev.index),
           Finished: lambda enc, ev: enc.finish(ev.reason, ev.stop_sequence, ev.usage),
           Started: lambda enc, ev: []}


def handle(enc, ev) -> list[bytes]:
    """`ev` through `enc`'s method for its type (a TypeError for an event it has none for)."""
    method = METHODS.get(type(ev))
    if method is None:
        raise TypeError(f"no method for {ev!r}")
    return method(enc, ev)


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
