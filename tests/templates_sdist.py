"""The real chat templates llama.cpp ships (`vendor/llama.cpp/models/templates/*.jinja` in the
llama-cpp-python sdist), for the template round-trip test.  Never copied into this repository:
the sdist is downloaded once with pip into a cache directory (CALLSIEVE_CACHE, default
~/.cache/callsieve) and read from there afterwards, offline.
"""
from __future__ import annotations

import functools
import os
import subprocess
import sys
import tarfile
from importlib import metadata
from pathlib import Path

DEFAULT_VERSION = "0.3.36"        # when llama-cpp-python (the `local` extra) is not installed
PREFIX = "vendor/llama.cpp/models/templates/"


def cache_dir() -> Path:
    return Path(os.environ.get("CALLSIEVE_CACHE") or Path.home() / ".cache" / "callsieve")


def version() -> str:
    try:
        return metadata.version("llama-cpp-python")
    except metadata.PackageNotFoundError:
        return DEFAULT_VERSION


def sdist() -> Path | None:
    """The sdist's path, downloaded the first time (None if it cannot be had)."""
    d = cache_dir() / "sdist"
    v = version()
    found = sorted(d.glob(f"llama_cpp_python-{v}.tar.gz"))
    if not found:
        d.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:", "--no-deps",
               f"llama-cpp-python=={v}", "-d", str(d)]
        try:
            subprocess.run(cmd, check=True, timeout=900, capture_output=True)
        except (subprocess.SubprocessError, OSError):
            return None
        found = sorted(d.glob(f"llama_cpp_python-{v}.tar.gz"))
    return found[0] if found else None


@functools.lru_cache(maxsize=1)
def templates() -> dict[str, str]:
    """{file name: template text} of every template in the sdist ({} if it cannot be had)."""
    path = sdist()
    if path is None:
        return {}
    out = {}
    with tarfile.open(path) as tar:
        for m in tar:
            _, _, rel = m.name.partition("/")
            if m.isfile() and rel.startswith(PREFIX) and rel.endswith(".jinja"):
                out[rel[len(PREFIX):]] = tar.extractfile(m).read().decode("utf-8")
    return dict(sorted(out.items()))
