"""setup/install.sh, the documented install of the embedded model, driven with a stand-in for Python.

The stand-in records what the script hands to pip and prints what pip -v prints while llama.cpp
compiles, so the lean build flags and the progress line are checked without compiling anything.
"""
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FAKE_PYTHON = r"""#!/usr/bin/env bash
if [ "$1" = "-c" ]; then exit 1; fi   # "is llama_cpp installed?": no
printf '%s\n' "$@" > "$OUT/args"
printf '%s\n' "$CMAKE_ARGS" > "$OUT/cmake_args"
printf '%s\n' "$PIP_CACHE_DIR" > "$OUT/cache"
echo "Collecting llama-cpp-python"
echo "  Building wheel for llama-cpp-python (pyproject.toml): started"
echo "  [1/2] /usr/bin/g++ -O3 -o llama-model.cpp.o -c /tmp/pip-x/vendor/llama.cpp/src/llama-model.cpp"
echo "  -- a cmake line nobody needs"
echo "  [2/2] : && /usr/bin/g++ -shared -o bin/libllama.so"
echo "Successfully installed llama-cpp-python-0.3.36"
exit "${FAKE_STATUS:-0}"
"""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a bash script")


def install(tmp_path, *args, **env):
    fake = tmp_path / "python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    full_env = {**os.environ, "PYTHON": str(fake), "OUT": str(tmp_path), "TMPDIR": str(tmp_path),
                "CALLSIEVE_PIP_CACHE": str(tmp_path / "pipcache"), **env}
    return subprocess.run(["bash", str(ROOT / "setup" / "install.sh"), *args], capture_output=True, text=True,
                          env=full_env, timeout=60)


PORTABLE = ["-DGGML_NATIVE=OFF", "-DGGML_AVX=ON", "-DGGML_AVX2=ON", "-DGGML_FMA=ON", "-DGGML_F16C=ON",
            "-DGGML_BMI2=ON"] if platform.machine().lower() in ("x86_64", "amd64") else []


def test_the_lean_portable_build_flags_reach_pip_and_yours_come_last(tmp_path):
    p = install(tmp_path, "local,dev", "-U", CMAKE_ARGS="-DGGML_CUDA=on")
    assert p.returncode == 0, p.stderr
    args = (tmp_path / "args").read_text().split("\n")
    assert args[:4] == ["-m", "pip", "install", "-v"] and f"{ROOT}[local,dev]" in args and "-U" in args
    cmake = (tmp_path / "cmake_args").read_text().split()
    include = f"-DCMAKE_PROJECT_llama.cpp_INCLUDE={ROOT}/setup/llama-lean.cmake"
    # not -march=native: the wheel is cached and must run on any x86-64 CPU (no AVX-512, no AMX)
    assert cmake == ["-DLLAVA_BUILD=OFF", include, *PORTABLE, "-DGGML_CUDA=on"]
    assert "set(LLAMA_BUILD_COMMON OFF)" in (ROOT / "setup" / "llama-lean.cmake").read_text()
    cache = Path((tmp_path / "cache").read_text().strip())
    assert cache.parent == tmp_path / "pipcache"  # not pip's shared cache
    assert f"llama.cpp build flags: -DLLAVA_BUILD=OFF {' '.join(PORTABLE + ['-DGGML_CUDA=on'])}" in p.stdout


def cache_for(tmp_path, **env) -> Path:
    p = install(tmp_path, **env)
    assert p.returncode == 0, p.stderr
    return Path((tmp_path / "cache").read_text().strip())


def test_the_wheel_cache_is_keyed_on_the_build_flags(tmp_path):
    plain = cache_for(tmp_path)
    assert cache_for(tmp_path) == plain                                  # the same flags: the same wheel
    assert cache_for(tmp_path, CMAKE_ARGS="-DGGML_CUDA=on") != plain     # other flags: never the old wheel
    assert cache_for(tmp_path, CMAKE_ARGS="-DGGML_NATIVE=ON") not in (plain, cache_for(tmp_path, CMAKE_ARGS="-DGGML_CUDA=on"))


def test_a_cached_wheel_is_reused_and_says_so(tmp_path):
    cache = cache_for(tmp_path)
    wheels = cache / "wheels" / "ab" / "cd"
    wheels.mkdir(parents=True)
    (wheels / "llama_cpp_python-0.3.36-cp311-cp311-linux_x86_64.whl").write_bytes(b"")
    p = install(tmp_path)
    assert "Reusing the llama.cpp wheel built with these flags" in p.stdout and "Compiling" not in p.stdout
    p = install(tmp_path, CMAKE_ARGS="-DGGML_CUDA=on")
    assert "Compiling llama.cpp" in p.stdout and "Reusing" not in p.stdout


def test_progress_is_one_short_line_per_build_step(tmp_path):
    p = install(tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("llama.cpp build flags: ")
    assert "Compiling llama.cpp" in p.stdout.splitlines()[1] and "of CPU" in p.stdout   # the wait is announced
    assert "  llama.cpp [1/2] llama-model.cpp" in p.stdout and "  llama.cpp [2/2] linking" in p.stdout
    assert "cmake line" not in p.stdout and "/usr/bin/g++" not in p.stdout
    assert "Installed callsieve[local] in 0 min" in p.stdout


def test_a_failed_install_shows_the_end_of_the_log(tmp_path):
    p = install(tmp_path, FAKE_STATUS="1")
    assert p.returncode == 1
    assert "pip failed (status 1)" in p.stderr and "a cmake line nobody needs" in p.stderr


# -- the installed build runs on any x86-64 CPU ---------------------------------------------------
# A native build (-march=native) on a Xeon with AMX compiled AMX matrix code into libggml-cpu and died
# with a general protection fault at `ldtilecfg` (issue 21). No machine here has AMX, so the check is
# on the libraries themselves: what setup/install.sh built must hold no instruction newer than the
# portable set (AVX2, FMA, F16C, BMI2). AT&T syntax, as objdump prints it.
AMX = re.compile(r"\b(ldtilecfg|sttilecfg|tileloadd(t1)?|tilestored|tilezero|tilerelease|tdp\w+)\b|%tmm\d")
AVX512 = re.compile(r"%zmm\d+|%[xy]mm(1[6-9]|2\d|3[01])\b|%k[0-7]\b")   # zmm, EVEX-only registers, opmasks
VNNI = re.compile(r"\bv?pdp(bu|ws)sds?\b")   # AVX-VNNI / AVX512-VNNI dot products (llama.cpp's native Zen/Xeon path)


def newer_instructions(lib: Path) -> dict[str, str]:
    """{what: the first offending line} for a shared library's code; {} when it runs on any x86-64 v3 CPU."""
    found = {}
    if b"ggml_backend_amx" in lib.read_bytes():   # the AMX backend's symbols (the libraries are stripped
        found["AMX symbols"] = "ggml_backend_amx"  # of all but their dynamic ones, which this covers)
    if shutil.which("objdump"):
        code = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(lib)], capture_output=True, text=True,
                              check=True).stdout
        for what, pattern in (("AMX", AMX), ("AVX-512", AVX512), ("VNNI", VNNI)):
            m = pattern.search(code)
            if m:
                found[what] = code[code.rfind("\n", 0, m.start()) + 1:code.find("\n", m.end())].strip()
    return found


def embedded_libraries() -> list[Path]:
    if platform.machine().lower() not in ("x86_64", "amd64") or not sys.platform.startswith("linux"):
        pytest.skip("the portable flag set is for x86-64 Linux; elsewhere llama.cpp's own defaults are used")
    spec = importlib.util.find_spec("llama_cpp")
    if spec is None:
        pytest.skip("llama-cpp-python is not installed (the 'local' extra: setup/install.sh); CI installs it")
    libs = sorted({p.resolve() for p in (Path(spec.origin).parent / "lib").glob("*.so*")})
    assert libs, f"no shared libraries in {Path(spec.origin).parent / 'lib'}"
    return libs


def test_the_installed_llama_cpp_holds_no_code_for_the_cpu_it_was_built_on():
    if not shutil.which("objdump"):
        pytest.skip("objdump is not installed (binutils): only the AMX symbols are checked, in the test below")
    bad = {lib.name: found for lib in embedded_libraries() if (found := newer_instructions(lib))}
    assert not bad, ("llama.cpp was built for this CPU, not portably, and may fault on another one (issue 21); "
                     f"reinstall it with setup/install.sh's default flags: {bad}")


def test_the_installed_llama_cpp_has_no_amx_backend():
    bad = [lib.name for lib in embedded_libraries() if b"ggml_backend_amx" in lib.read_bytes()]
    assert not bad, f"llama.cpp's AMX backend is compiled in (-march=native on a CPU with AMX): {bad}"


AMX_AND_AVX512 = r"""
#include <immintrin.h>
void ggml_backend_amx_mul_mat(const void *cfg, void *c, const void *a, const void *b) {
    _tile_loadconfig(cfg); _tile_loadd(1, a, 64); _tile_loadd(2, b, 64);
    _tile_dpbssd(0, 1, 2); _tile_stored(0, c, 64); _tile_release();
}
void add(float *x, const float *y) { _mm512_storeu_ps(x, _mm512_add_ps(_mm512_loadu_ps(x), _mm512_loadu_ps(y))); }
"""


def test_the_check_finds_amx_and_avx512_code(tmp_path):
    """The check above can fail: a library with an AMX tile product and an AVX-512 add is caught."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not (cc and shutil.which("objdump")) or platform.machine().lower() not in ("x86_64", "amd64"):
        pytest.skip("needs an x86-64 C compiler and objdump")
    (tmp_path / "amx.c").write_text(AMX_AND_AVX512)
    lib = tmp_path / "libamx.so"
    p = subprocess.run([cc, "-O2", "-shared", "-fPIC", "-mamx-tile", "-mamx-int8", "-mavx512f", "-o", str(lib),
                        str(tmp_path / "amx.c")], capture_output=True, text=True)
    if p.returncode:
        pytest.skip(f"this compiler cannot emit AMX: {p.stderr.strip()[:200]}")
    found = newer_instructions(lib)
    assert set(found) == {"AMX symbols", "AMX", "AVX-512"}, found
    assert "ldtilecfg" in found["AMX"] and "%zmm" in found["AVX-512"]
