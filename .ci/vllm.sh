#!/usr/bin/env bash
# CI: the virtualenvs tests/integrations runs its engine checks in (tests/integrations/test_engines.py):
#   ~/.cache/callsieve-peers-venv       the newest vLLM (0.34.0) and SGLang (0.5.23): every check
#   ~/.cache/callsieve-peers-venv-0.33  vLLM's pinned minimum (0.33.0), layered over the first (only
#                                       vLLM is its own): the vLLM checks again
# Kept in ~/.cache and rebuilt only when bench/peers_setup.sh's versions or lock change (seconds when
# cached; ~3 min cold with pip's wheel cache warm). Then: python -m pytest tests/integrations
set -euo pipefail
cd "$(dirname "$0")/.."
NEWEST="${PEERS_VENV:-$HOME/.cache/callsieve-peers-venv}"
bash bench/peers_setup.sh "$NEWEST"
VLLM_VERSION=0.33.0 PEERS_BASE="$NEWEST" bash bench/peers_setup.sh "${PEERS_VENV_MIN:-$HOME/.cache/callsieve-peers-venv-0.33}"
