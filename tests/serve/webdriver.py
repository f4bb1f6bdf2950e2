"""A small W3C WebDriver client over httpx, for Debian's chromium + chromedriver (no selenium needed).

Only what the inspector's browser test uses: a headless session, navigate, find, click, text,
run a script, a screenshot.
"""
from __future__ import annotations

import base64
import shutil
import socket
import subprocess
import tempfile
import time
from typing import Any

import httpx

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"   # the W3C key of an element reference
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1400,1000", "--disable-dev-shm-usage"]


def available() -> str | None:
    """Why no browser test can run here, or None."""
    for tool in ("chromium", "chromedriver"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian: apt-get install chromium chromium-driver)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    def __init__(self):
        self.port = _free_port()
        self.profile = tempfile.mkdtemp(prefix="callsieve-chromium-")
        self.driver = subprocess.Popen([shutil.which("chromedriver") or "chromedriver", f"--port={self.port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=60)
        for _ in range(200):
            try:
                if self.http.get("/status").json()["value"]["ready"]:
                    break
            except (httpx.HTTPError, ValueError, KeyError):
                pass
            time.sleep(0.05)
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": shutil.which("chromium"), "args": ARGS + [f"--user-data-dir={self.profile}"]}}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]

    def _call(self, method: str, path: str, body: dict | None = None) -> Any:
        r = self.http.request(method, path, json=body)
        value = r.json()["value"]
        if r.status_code != 200:
            raise RuntimeError(f"webdriver {path}: {value}")
        return value

    def _s(self, method: str, path: str, body: dict | None = None) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body)

    def go(self, url: str) -> None:
        self._s("POST", "/url", {"url": url})

    def find_all(self, css: str) -> list[str]:
        return [e[ELEMENT] for e in self._s("POST", "/elements", {"using": "css selector", "value": css})]

    def wait_for(self, css: str, count: int = 1, timeout: float = 10) -> list[str]:
        deadline = time.monotonic() + timeout
        while True:
            found = self.find_all(css)
            if len(found) >= count or time.monotonic() > deadline:
                return found
            time.sleep(0.05)

    def text(self, element: str) -> str:
        return self._s("GET", f"/element/{element}/text")

    def attr(self, element: str, name: str) -> str | None:
        return self._s("GET", f"/element/{element}/attribute/{name}")

    def click(self, element: str) -> None:
        self._s("POST", f"/element/{element}/click", {})

    def script(self, source: str, *args: Any) -> Any:
        return self._s("POST", "/execute/sync", {"script": source, "args": list(args)})

    def screenshot(self, path: str) -> None:
        with open(path, "wb") as f:
            f.write(base64.b64decode(self._s("GET", "/screenshot")))

    def close(self) -> None:
        try:
            self._s("DELETE", "")
        except (httpx.HTTPError, RuntimeError):
            pass
        self.http.close()
        self.driver.terminate()
        try:
            self.driver.wait(10)
        except subprocess.TimeoutExpired:
            self.driver.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
