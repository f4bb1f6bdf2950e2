"""vLLM's Rust frontend cannot load callsieve's parsers: `vllm serve` stops at start-up with a message
that says what the user can do instead (callsieve's proxy in front of vLLM), as docs/engines.md does.
No vLLM needed: the plugin's entry point decides from the command line and the environment."""
from pathlib import Path

import pytest

from callsieve.integrations import vllm_plugin

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "engines.md").read_text(encoding="utf-8")
SERVE = ["vllm", "serve", "Qwen/Qwen3-8B", "--enable-auto-tool-choice"]


@pytest.mark.parametrize("flags", [["--tool-call-parser", "callsieve"], ["--reasoning-parser=callsieve"],
                                   ["--tool-call-parser", "hermes", "--reasoning-parser", "callsieve"]])
def test_the_rust_frontend_with_callsieve_stops_saying_what_to_do(flags):
    with pytest.raises(SystemExit) as stop:
        vllm_plugin.refuse_rust_frontend(SERVE + flags, {"VLLM_USE_RUST_FRONTEND": "1"})
    message = str(stop.value.code)
    assert message.startswith("callsieve: VLLM_USE_RUST_FRONTEND=1 cannot use")
    assert vllm_plugin.PROXY in message                  # the way to keep the Rust frontend
    assert "unset VLLM_USE_RUST_FRONTEND" in message     # the way to keep callsieve inside vLLM
    assert vllm_plugin.PROXY in DOCS                     # and the docs say the same


@pytest.mark.parametrize("argv,env", [
    (SERVE + ["--tool-call-parser", "callsieve"], {"VLLM_USE_RUST_FRONTEND": "0"}),
    (SERVE + ["--tool-call-parser", "callsieve"], {}),
    (SERVE + ["--tool-call-parser", "hermes", "--reasoning-parser", "qwen3"], {"VLLM_USE_RUST_FRONTEND": "1"}),
])
def test_other_start_ups_go_on(argv, env):
    vllm_plugin.refuse_rust_frontend(argv, env)
