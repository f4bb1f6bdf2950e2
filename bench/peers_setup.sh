#!/usr/bin/env bash
# Builds the virtualenv the peer tests and benchmarks run in: vLLM 0.33.0 and SGLang 0.5.23 from PyPI,
# installed WITHOUT their dependency trees (no CUDA), plus only the packages their parser and serving
# modules import, pinned in bench/peers-requirements.lock, and the other libraries that read tool calls
# out of a reply (bench/peers_extra.py: agent-tool-parser, toolpatch, qwen-agent and the few modules
# qwen-agent's prompt module imports; litellm 1.110.2 and the seven packages its import needs beyond
# the rest: fastuuid, h2, httpx, hyperframe, importlib_metadata, pydantic-settings, python-dotenv,
# not boto3 or its other dependencies). The engines' and libraries' code runs unmodified. torch is
# there because vLLM's config module and SGLang's serving chain import it; torch==2.13.0 resolves to
# the CPU build. triton (in the lock: a 290 MB wheel, ~1 GB installed) is there because SGLang's
# serving chain imports it at module level; it imports without a GPU and none of its kernels runs.
# Usage: bash bench/peers_setup.sh [VENV_DIR]   (default: $PEERS_VENV or ~/.cache/callsieve-peers-venv)
# If VENV_DIR already holds these versions it is kept (a stamp file records what was installed), so a
# CI machine with a warm cache pays nothing; set PEERS_REBUILD=1 to force a rebuild. Cold: ~2.5 min.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="${1:-${PEERS_VENV:-$HOME/.cache/callsieve-peers-venv}}"
PY="${PYTHON:-python3}"
LOCK="$HERE/peers-requirements.lock"
# What the venv must hold: the engines, torch, the lock's content and the interpreter's version.
WANT="vllm==0.33.0 sglang==0.5.23 torch==2.13.0 $("$PY" -c 'import sys; print(sys.version.split()[0])') $(sha256sum "$LOCK" | cut -c1-16)"
STAMP="$VENV/.callsieve-peers-stamp"
# vLLM's own tool-parser test helpers (tests/tool_parsers/utils.py: run_tool_extraction and its
# StreamingToolReconstructor) ship in its sdist, not its wheel. pip fetches and unpacks the sdist,
# then cannot prepare its metadata without vLLM's build tools (not installed, by design);
# --no-clean keeps the unpacked tree, and only that one file is taken from it, into the venv.
vllm_test_utils() {
  local dest="$VENV/vllm-tests/tool_parsers_utils.py" tmp src
  [ -f "$dest" ] && return 0
  tmp="$(mktemp -d)"
  TMPDIR="$tmp" "$VENV/bin/pip" download -q --no-deps --no-binary :all: --no-build-isolation --no-clean \
    vllm==0.33.0 -d "$tmp/sdist" >/dev/null 2>&1 || true
  src="$(find "$tmp" -path '*/tests/tool_parsers/utils.py' | head -1)"
  if [ -z "$src" ]; then echo "vLLM's tests/tool_parsers/utils.py not found in its sdist" >&2; rm -rf "$tmp"; return 1; fi
  mkdir -p "$(dirname "$dest")" && cp "$src" "$dest" && rm -rf "$tmp"
}
if [ -z "${PEERS_REBUILD:-}" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -x "$VENV/bin/python" ]; then
  vllm_test_utils
  echo "peers venv up to date: $VENV"
  exit 0
fi
rm -rf "$VENV"
"$PY" -m venv "$VENV"
PIP="$VENV/bin/pip"
export PIP_DISABLE_PIP_VERSION_CHECK=1
"$PIP" install -q --no-deps vllm==0.33.0 sglang==0.5.23
"$PIP" install -q --no-deps torch==2.13.0
"$PIP" install -q --no-deps -r "$LOCK"
"$VENV/bin/python" - <<'PY'
import importlib, importlib.util, os, sys, types
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"   # litellm's import would fetch its price list
spec = importlib.util.find_spec("sglang")
pkg = types.ModuleType("sglang"); pkg.__path__ = list(spec.submodule_search_locations)
sys.modules["sglang"] = pkg          # skip sglang/__init__.py (its frontend DSL: not needed here)
for m in ("vllm.tool_parsers.hermes_tool_parser", "vllm.tool_parsers.mistral_tool_parser",
          "vllm.tool_parsers.llama_tool_parser", "vllm.reasoning", "vllm.tool_parsers",
          "sglang.srt.function_call.function_call_parser", "sglang.srt.server_args",
          "litellm.llms.ollama.completion.transformation"):
    importlib.import_module(m)
import vllm, torch
print("peers venv OK: vllm", vllm.__version__, "| torch", torch.__version__)
PY
vllm_test_utils
echo "$WANT" > "$STAMP"
echo "venv: $VENV"
