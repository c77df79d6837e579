"""A small W3C WebDriver client (stdlib only) for Debian's ``chromium`` + ``chromium-driver``.

It starts ``/usr/bin/chromedriver`` on a free loopback port and drives one headless Chromium session
with a fresh profile. Nothing is downloaded: the browser and the driver are the system packages
(``make test`` installs them when they are missing, see the Makefile's ``browser`` target).
"""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMEDRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
CHROMIUM = ("/usr/bin/chromium", "/usr/lib/chromium/chromium")
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
)


def find(paths: tuple[str, ...]) -> str | None:
    """The first existing executable of ``paths``."""
    return next((p for p in paths if Path(p).is_file()), None)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class WebDriverError(RuntimeError):
    """The driver answered with an error."""


class Browser:
    """One headless Chromium session; use as a context manager."""

    def __init__(self, *, width: int = 1280, height: int = 900) -> None:
        driver, browser = find(CHROMEDRIVER), find(CHROMIUM)
        if driver is None or browser is None:
            raise RuntimeError(
                "Debian's chromium and chromium-driver are needed: apt-get install -y chromium"
                " chromium-driver (make test installs them)"
            )
        self.port = _free_port()
        self.profile = tempfile.mkdtemp(prefix="dfg-chromium-")
        self._proc = subprocess.Popen(
            [driver, f"--port={self.port}", "--allowed-ips=127.0.0.1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait_ready()
        options = {"binary": browser, "args": [*ARGS, f"--user-data-dir={self.profile}",
                                                 f"--window-size={width},{height}"]}  # fmt: skip
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]

    def _wait_ready(self, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if self._call("GET", "/status").get("ready"):
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("chromedriver did not start")

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            data = json.dumps(body).encode() if body is not None else None
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
            reply = json.loads(conn.getresponse().read() or b"{}")
        finally:
            conn.close()
        value = reply.get("value", reply)
        if isinstance(value, dict) and "error" in value:
            raise WebDriverError(f"{value['error']}: {value.get('message', '')[:300]}")
        return value

    def _s(self, path: str) -> str:
        return f"/session/{self.session}{path}"

    def get(self, url: str) -> None:
        """Open ``url``."""
        self._call("POST", self._s("/url"), {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        """Run JavaScript (``return …`` gives a value)."""
        return self._call("POST", self._s("/execute/sync"), {"script": script, "args": list(args)})

    def screenshot(self, path: Path) -> None:
        """Save a PNG of the viewport."""
        path.write_bytes(base64.b64decode(self._call("GET", self._s("/screenshot"))))

    def close(self) -> None:
        """End the session, the driver and the browser; remove the profile."""
        with contextlib.suppress(OSError, WebDriverError):
            self._call("DELETE", self._s(""))
        self._proc.terminate()
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
