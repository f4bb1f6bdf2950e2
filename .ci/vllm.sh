#!/usr/bin/env bash
# CI: the virtualenv with vLLM 0.33 (and SGLang) that tests/integrations/test_vllm.py runs its checks in.
# Kept in ~/.cache and rebuilt only when bench/peers_setup.sh's versions or lock change (seconds when
# cached; ~3 min cold, from pip's cache of wheels after the first time).
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/peers_setup.sh "${PEERS_VENV:-$HOME/.cache/callsieve-peers-venv}"
