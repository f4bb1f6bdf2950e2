"""Real-output cases of the 2026-12-04 hunt (f): each cites the public report it reproduces (see cases.py)."""
from __future__ import annotations

from .cases import case  # noqa: F401
