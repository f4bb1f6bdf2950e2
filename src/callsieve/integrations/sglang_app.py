"""SGLang's HTTP app with callsieve's parsers registered, for SGLang's tokenizer workers.

With `--tokenizer-worker-num` > 1 SGLang serves from worker processes that import the app by name
(`SGLANG_HTTP_SERVER_APP_PATH`, which callsieve's plugin sets to this module unless it is set) and
load no plugins, so `--tool-call-parser callsieve` would be unknown there and the hook that keeps
`[THINK]`-style markers in the text would never be applied.  This module registers the parsers,
then loads the general plugins as SGLang's other processes do (which applies the hooks), then is
SGLang's app.
"""
from callsieve.integrations.sglang_plugin import register

register()
from sglang.srt.plugins import load_plugins  # noqa: E402

load_plugins()
from sglang.srt.entrypoints.http_server import app  # noqa: E402,F401
