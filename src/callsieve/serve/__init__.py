"""`callsieve serve`: an OpenAI-compatible proxy that turns tool-call markup into `tool_calls`.

Needs the `starlette`, `uvicorn` and `httpx` dependencies; the core `callsieve` package does not.
`Config` and `create_app` are imported when first used, so that `callsieve.serve.cli` (the
command's arguments, read by every `callsieve` command) does not load that stack.
"""

__all__ = ["Config", "create_app"]


def __getattr__(name: str):
    if name in __all__:
        from callsieve.serve import app
        return getattr(app, name)
    raise AttributeError(f"module 'callsieve.serve' has no attribute {name!r}")
