"""`callsieve serve`: an OpenAI-compatible proxy that turns tool-call markup into `tool_calls`.

Needs the `starlette`, `uvicorn` and `httpx` dependencies; the core `callsieve` package does not.
"""
from callsieve.serve.app import Config, create_app

__all__ = ["Config", "create_app"]
