#!/usr/bin/env bash
# Builds the virtualenv the peer tests and benchmarks run in: vLLM (VLLM_VERSION, default the newest
# supported, 0.34.0; the pinned minimum 0.33.0 works too) and SGLang 0.5.23 from PyPI, installed
# WITHOUT their dependency trees (no CUDA), plus only the packages their parser and serving
# modules import, pinned in bench/peers-requirements.lock, and the other libraries that read tool calls
# out of a reply (bench/peers_extra.py: agent-tool-parser, toolpatch, qwen-agent and the few modules
# qwen-agent's prompt module imports; litellm 1.110.2 and the seven packages its import needs beyond
# the rest: fastuuid, h2, httpx, hyperframe, importlib_metadata, pydantic-settings, python-dotenv,
# not boto3 or its other dependencies). The engines' and libraries' code runs unmodified.
# torch is there because vLLM's config module and SGLang's serving chain import it. It is installed
# portably (install_torch below): a CPU build where pip can get one, else PyPI's build WITH its
# libraries (the CUDA ones load without a GPU), checked by importing it; never a build without them.
# triton (in the lock: a 290 MB wheel, ~1 GB installed) is there because SGLang's serving chain
# imports it at module level; it imports without a GPU and none of its kernels runs.
# Usage: [VLLM_VERSION=0.33.0] [PEERS_BASE=FULL_VENV] bash bench/peers_setup.sh [VENV_DIR]
#   (default VENV_DIR: $PEERS_VENV or ~/.cache/callsieve-peers-venv; PEERS_BASE: see below)
# If VENV_DIR already holds these versions it is kept (a stamp file records what was installed), so a
# CI machine with a warm cache pays nothing; set PEERS_REBUILD=1 to force a rebuild. Cold: ~2.5 min
# with a CPU torch wheel at hand; see docs/engines.md for a machine with only PyPI.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="${1:-${PEERS_VENV:-$HOME/.cache/callsieve-peers-venv}}"
PY="${PYTHON:-python3}"
LOCK="$HERE/peers-requirements.lock"
VLLM="${VLLM_VERSION:-0.34.0}"
TORCH=2.13.0
# torch's own index of CPU builds: tried when pip's first choice does not import (PyPI's x86-64 Linux
# wheel is a CUDA build whose libraries come as separate packages, skipped by --no-deps).
TORCH_CPU_INDEX="${TORCH_CPU_INDEX:-https://download.pytorch.org/whl/cpu}"
# What the venv must hold: the engines, torch, the lock's content and the interpreter's version.
WANT="vllm==$VLLM sglang==0.5.23 torch==$TORCH $("$PY" -c 'import sys; print(sys.version.split()[0])') $(sha256sum "$LOCK" | cut -c1-16)"
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
    "vllm==$VLLM" -d "$tmp/sdist" >/dev/null 2>&1 || true
  src="$(find "$tmp" -path '*/tests/tool_parsers/utils.py' | head -1)"
  if [ -z "$src" ]; then echo "vLLM's tests/tool_parsers/utils.py not found in its sdist" >&2; rm -rf "$tmp"; return 1; fi
  mkdir -p "$(dirname "$dest")" && cp "$src" "$dest" && rm -rf "$tmp"
}
torch_imports() { "$VENV/bin/python" -c 'import torch' 2>/dev/null; }
# torch that imports, on any machine: (1) what pip picks without dependencies (a local CPU wheel when
# the machine's pip configuration points at one; PyPI's CPU-only wheel on platforms that have one);
# (2) torch's CPU index, where it is reachable; (3) PyPI's build with its declared dependencies (the
# CUDA libraries, ~3 GB: they load on a machine without a GPU, and torch then runs on the CPU).
install_torch() {
  "$PIP" install -q --no-deps "torch==$TORCH" && torch_imports && return 0
  echo "torch $TORCH as pip chose it does not import here; trying its CPU build ($TORCH_CPU_INDEX)" >&2
  if "$PIP" install -q --no-deps --force-reinstall --index-url "$TORCH_CPU_INDEX" "torch==$TORCH" 2>/dev/null \
      && torch_imports; then return 0; fi
  echo "no CPU build reachable; installing torch $TORCH with its libraries from PyPI (~3 GB)" >&2
  # its dependencies at the versions it names, the rest held to the lock; torch pins its own triton,
  # then the lock's is put back (SGLang's serving chain imports it; torch's matters only on a GPU)
  local held; held="$(mktemp)"
  grep -v '^triton==' "$LOCK" > "$held"
  "$PIP" install -q "torch==$TORCH" -c "$held"
  rm -f "$held"
  "$PIP" install -q --no-deps "$(grep '^triton==' "$LOCK")"
  torch_imports || { "$VENV/bin/python" -c 'import torch'; return 1; }
}
# PEERS_BASE=DIR: a light venv for another vLLM version, layered over a full one (DIR, built first):
# only vLLM is installed here, and a .pth puts DIR's packages after this venv's own, so `import vllm`
# finds this version and everything else (torch, SGLang, the lock) is DIR's. ~0.9 GB instead of 3.5.
BASE="${PEERS_BASE:-}"
if [ -n "$BASE" ]; then
  [ -f "$BASE/.callsieve-peers-stamp" ] || { echo "PEERS_BASE=$BASE is not a built peers venv" >&2; exit 1; }
  WANT="$WANT over $BASE: $(cat "$BASE/.callsieve-peers-stamp")"
fi
if [ -z "${PEERS_REBUILD:-}" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -x "$VENV/bin/python" ]; then
  vllm_test_utils
  echo "peers venv up to date: $VENV (vllm $VLLM)"
  exit 0
fi
rm -rf "$VENV"
"$PY" -m venv "$VENV"
PIP="$VENV/bin/pip"
export PIP_DISABLE_PIP_VERSION_CHECK=1
if [ -n "$BASE" ]; then
  "$PIP" install -q --no-deps "vllm==$VLLM"
  site() { "$1/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'; }
  site "$BASE" > "$(site "$VENV")/callsieve-peers-base.pth"
else
  "$PIP" install -q --no-deps "vllm==$VLLM" sglang==0.5.23
  "$PIP" install -q --no-deps -r "$LOCK"
  install_torch
fi
"$VENV/bin/python" - <<'PY'
import importlib, importlib.util, os, sys, types
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"   # litellm's import would fetch its price list
spec = importlib.util.find_spec("sglang")
pkg = types.ModuleType("sglang"); pkg.__path__ = list(spec.submodule_search_locations)
sys.modules["sglang"] = pkg          # skip sglang/__init__.py (its frontend DSL: not needed here)
for m in ("vllm.reasoning", "vllm.tool_parsers", "sglang.srt.function_call.function_call_parser",
          "sglang.srt.server_args", "litellm.llms.ollama.completion.transformation"):
    importlib.import_module(m)
# The parsers the peer benchmarks and tests compare with, found as vLLM finds them (by the name a
# user passes to --tool-call-parser), so a module vLLM renames between releases is still found.
from vllm.tool_parsers.abstract_tool_parser import ToolParserManager
for name in ("hermes", "mistral", "llama3_json", "qwen3_coder"):
    ToolParserManager.get_tool_parser(name)
import vllm, torch
print("peers venv OK: vllm", vllm.__version__, "| torch", torch.__version__)
PY
vllm_test_utils
echo "$WANT" > "$STAMP"
echo "venv: $VENV"
