"""The seams of the proxy's wire APIs, declared: what the proxy asks of an API (`WireAPI`) and of
its encoder (`Encoder`). chat.py, responses.py and messages.py are the three `WireAPI`s (as
modules); `APIS` in apis.py lists them, typed as WireAPIs so that mypy holds each module to the
protocol.  An API's rules are its own attributes (`calls_whole`, `KEEPALIVE`, its error shape):
nothing else in the proxy tests which API it is.
"""
from __future__ import annotations

from typing import Callable, Protocol

from starlette.responses import Response



class Failed(Exception):
    """A folded stream that ended with an error event: `error` is its error object."""

    def __init__(self, error: dict):
        super().__init__(error.get("message"))
        self.error = error


class Encoder(Protocol):
    """Writes one answer's wire events (callsieve.rules) as this API's SSE events."""

    def upstream(self, chunk: dict) -> None: ...          # each upstream chunk, before its events
    def start(self) -> list[bytes]: ...                   # the stream's first events
    def write(self, events: list) -> list[bytes]: ...     # every event type of rules.EVENTS, or TypeError
    def fail(self, error: dict) -> list[bytes]: ...       # the stream ends with an error
    def close(self) -> list[bytes]: ...                   # the stream's last events


class Folder(Protocol):
    """Adds up a stream's decoded events, one at a time, into the non-streamed answer."""

    def add(self, event, /) -> None: ...                  # one decoded event (Failed on an error event)
    def result(self) -> dict: ...                         # the answer (Failed if the stream never ended)


class Answer(Encoder, Protocol):
    """An encoder that writes no bytes: it adds the stream up into the non-streamed answer."""

    def result(self) -> dict: ...                         # the answer (Failed if the stream failed)


class Folded:
    """A Folder fed the events an encoder makes, as it makes them (each API's Answer): the fold
    stops at the stream's error event, and `result()` says it (the stream still ends, and is
    logged, as a streamed one would)."""

    def __init__(self, folder: Folder):
        self.folder = folder
        self.failure: Failed | None = None

    def add(self, event: dict) -> bytes:
        if self.failure is None:
            try:
                self.folder.add(event)
            except Failed as e:
                self.failure = e
        return b""

    def result(self) -> dict:
        if self.failure is not None:
            raise self.failure
        return self.folder.result()


class Folding:
    """Mixed in before an API's encoder, its Answer: the events the encoder makes go to `folded`
    as they are made, and no bytes are written (a non-streamed answer is the fold of the stream)."""

    folded: Folded

    def emit(self, event: dict) -> bytes:
        return self.folded.add(event)

    def start(self) -> list[bytes]:
        super().start()  # type: ignore[misc]
        return []

    def write(self, events: list) -> list[bytes]:
        super().write(events)  # type: ignore[misc]
        return []

    def fail(self, error: dict) -> list[bytes]:
        super().fail(error)  # type: ignore[misc]
        return []

    def result(self) -> dict:
        return self.folded.result()


def fold_all(folder: Folder, events) -> dict:
    for ev in events:
        folder.add(ev)
    return folder.result()


class WireAPI(Protocol):
    name: str                 # in the log line, the inspector and schema.py's request kinds
    path: str                 # its route under /v1
    auth_hint: str            # how its clients send the API key (the 401's message)
    KEEPALIVE: bytes          # what keeps its stream alive (an SSE comment, Messages' ping)
    calls_whole: bool         # --calls auto delivers its calls whole: it cannot take back a call it sent

    def model(self, body: dict) -> str: ...               # the model its request names
    def stream(self, body: dict) -> bool: ...             # whether its request asks for a stream
    def to_chat(self, body: dict) -> dict: ...            # the request as it goes upstream (BadRequest)
    def encoder(self, body: dict, chat_body: dict) -> Encoder: ...
    def answer(self, body: dict, chat_body: dict) -> Answer: ...   # the non-streamed answer's encoder (a fold)
    def fold(self, events: list) -> dict: ...             # a stream's decoded events as the non-streamed answer
    @property
    def Fold(self) -> Callable[[], Folder]: ...          # ... one event at a time (read-only: a class)
    def error_body(self, status: int, message: str, type_: str = ..., code=None) -> dict: ...   # its error shape
    def error(self, status: int, message: str, type_: str = ..., code=None) -> Response: ...
    def upstream_error(self, status: int, data: bytes, headers: dict) -> Response: ...


def model(body: dict) -> str:
    """`model`, as all three APIs name it."""
    return str(body.get("model") or "")


def stream(body: dict) -> bool:
    """`stream`, as all three APIs ask for it."""
    return bool(body.get("stream"))
