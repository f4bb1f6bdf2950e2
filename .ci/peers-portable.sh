#!/usr/bin/env bash
# The engines' set-up on a machine with only PyPI (issue 36): bench/peers_setup.sh run with pip's
# machine configuration off (PIP_CONFIG_FILE=/dev/null: no local index, no find-links, no constraints)
# and an empty pip cache, into a scratch directory that is removed afterwards. It must end with the
# set-up's import check passing ("peers venv OK"); it prints what was downloaded and how long it took.
# Not part of .ci/run (it downloads several GB); run it by hand or in a scheduled CI job:
#   bash .ci/peers-portable.sh [SCRATCH_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH="${1:-$(mktemp -d "${TMPDIR:-/tmp}/callsieve-portable.XXXXXX")}"
mkdir -p "$SCRATCH"
trap 'rm -rf "$SCRATCH"' EXIT
unset PIP_FIND_LINKS PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_CONSTRAINT PIP_NO_INDEX
export PIP_CONFIG_FILE=/dev/null PIP_CACHE_DIR="$SCRATCH/pip-cache" PEERS_REBUILD=1
start=$(date +%s)
bash bench/peers_setup.sh "$SCRATCH/venv" | tee "$SCRATCH/log"
grep -q "^peers venv OK" "$SCRATCH/log"
cache="$( [ -d "$PIP_CACHE_DIR" ] && du -sh "$PIP_CACHE_DIR" | cut -f1 || echo "?")"
echo "portable set-up OK in $(( $(date +%s) - start )) s; pip cache $cache, venv $(du -sh "$SCRATCH/venv" | cut -f1);" \
     "torch: $("$SCRATCH/venv/bin/python" -c 'import torch; print(torch.__version__)')"
