"""Format memory across the turns of one conversation or one served model (ADR 0018)."""
from __future__ import annotations


class Session:
    """Remembers the format a model uses, so the next turn's Sieve watches it first.

    Memory never locks: every format stays a candidate, and a turn that shows another format
    (a live model swap) replaces the remembered one.  `opens_thinking` is learned when a turn
    closes a thinking block it never opened (the chat template opened it in the prompt).
    """

    def __init__(self, format: str | None = None, *, seeded: bool = False):
        self.format = format
        self.confirmed = False if seeded or format is None else True
        self.opens_thinking = False
        self.history: list[str] = []

    @classmethod
    def for_model(cls, model: str) -> "Session":
        """A session pre-seeded from a served model id (a hint, never a lock)."""
        from . import formats
        return cls(formats.for_model(model or ""), seeded=True)

    def record(self, format: str) -> None:
        """A turn confirmed `format` (also "native" when the server returned tool_calls itself)."""
        if format != self.format or not self.confirmed:
            self.history.append(format)
        self.format = format
        self.confirmed = True

    def __repr__(self) -> str:
        state = "confirmed" if self.confirmed else "seeded"
        return f"Session(format={self.format!r}, {state}, opens_thinking={self.opens_thinking})"
