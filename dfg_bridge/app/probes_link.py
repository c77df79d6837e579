"""``check`` probes of the links the daemon lives on (接続): RCON login and round trip, the server log.

The log probe writes a line with RCON ``say`` and waits for it. Since 1.19.1 vanilla logs an RCON
``say`` as an unsigned chat message, ``[Not Secure] [Rcon] <text>`` (seen on a real 1.21.8 server);
Paper logs it the same way. Both that and the older ``[Rcon] <text>`` count as seen.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from typing import BinaryIO

from dfg_bridge.app.probes import CheckState, Probe, Status
from dfg_bridge.config import SourceKind
from dfg_bridge.rcon import RconClient, RconError
from dfg_bridge.sources.lineformat import compile_custom_prefix, split_line

SAY_TEXT = "[dfg-bridge] check {nonce}"
"""What the log probe says (players see it in chat)."""


def rcon_probes(state: CheckState) -> Iterator[Probe]:
    """``RCON login`` and ``RCON round trip``."""
    rcon = state.config.rcon
    where = f"{rcon.host}:{rcon.port}"
    state.client = RconClient(
        rcon.host,
        rcon.port,
        rcon.password.reveal(),
        timeout=rcon.command_timeout,
        connect_timeout=rcon.connect_timeout,
    )
    try:
        state.client.connect()
    except RconError as exc:
        if exc.code == "auth_failed":
            fix = "rcon.password must equal rcon.password in server.properties"
        else:
            fix = (
                f"start the server with enable-rcon=true and rcon.port={rcon.port} in server.properties, "
                "and check rcon.host and firewalls"
            )
        yield Probe("RCON login", Status.FAIL, f"{where}: {exc}", fix)
        yield Probe("RCON round trip", Status.SKIP, "needs RCON login")
        return
    state.rcon_up = True
    yield Probe("RCON login", Status.PASS, where)
    start = time.perf_counter()
    try:
        reply = state.client.run("list")
    except RconError as exc:
        yield Probe("RCON round trip", Status.FAIL, f"list: {exc}", "check the server console for errors")
        state.rcon_up = False
        return
    ms = (time.perf_counter() - start) * 1000
    if reply.startswith("There are"):
        yield Probe("RCON round trip", Status.PASS, f"{ms:.1f} ms (list)")
    else:
        yield Probe(
            "RCON round trip",
            Status.WARN,
            f"unexpected reply to list: {reply[:60]!r}",
            "is this a Minecraft Java server?",
        )


def log_probes(state: CheckState, wait: float) -> Iterator[Probe]:
    """``log readable`` and ``log line seen``."""
    source = state.config.source
    if source.kind is SourceKind.PROCESS:
        yield Probe("log readable", Status.SKIP, "source.kind is process: the console is read directly")
        yield Probe("log line seen", Status.SKIP, "source.kind is process")
        return
    path = source.log_path
    try:
        handle = path.open("rb")
    except OSError as exc:
        yield Probe(
            "log readable",
            Status.FAIL,
            f"{path}: {exc.strerror or exc}",
            "set source.log_path to the server's logs/latest.log (in Docker, mount the server's "
            "data folder read-only), or use source.trigger_poll",
        )
        yield Probe("log line seen", Status.SKIP, "needs a readable log")
        return
    state.log_ok = True
    yield Probe("log readable", Status.PASS, str(path))
    with handle:
        handle.seek(0, 2)
        yield _log_line(state, handle, wait)


def say_line(nonce: str) -> re.Pattern[str]:
    """The message of our ``say`` as a server logs it: ``[Rcon] …``, or ``[Not Secure] [Rcon] …``.

    >>> bool(say_line("ab12").fullmatch("[Not Secure] [Rcon] [dfg-bridge] check ab12"))
    True
    """
    text = re.escape(SAY_TEXT.format(nonce=nonce))
    return re.compile(rf"(?:\[Not Secure\] )?\[[^\[\]]+\] {text}")


def _log_line(state: CheckState, handle: BinaryIO, wait: float) -> Probe:
    custom_regex = state.config.server.log_prefix_regex
    custom = compile_custom_prefix(custom_regex) if custom_regex else None
    nonce = secrets.token_hex(4)
    if state.rcon_up and state.client is not None:
        try:
            state.client.run("say " + SAY_TEXT.format(nonce=nonce))
        except RconError:
            nonce = ""
    else:
        nonce = ""
    expected = say_line(nonce)
    deadline = time.monotonic() + wait
    buffer = b""
    while True:
        buffer += handle.read()
        *lines, buffer = buffer.split(b"\n")
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            if not line.strip():
                continue
            if nonce and nonce in line:
                split = split_line(line, custom)
                if split is None or not expected.fullmatch(split.message):
                    return Probe(
                        "log line seen",
                        Status.FAIL,
                        f"unrecognised line format: {line[:80]!r}",
                        "set server.log_prefix_regex to match your log4j pattern's prefix",
                    )
                return Probe(
                    "log line seen", Status.PASS, f"after {wait - (deadline - time.monotonic()):.1f} s"
                )
            if not nonce:
                return Probe("log line seen", Status.PASS, "a new line appeared")
        if time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    how = "our `say` line never arrived" if nonce else "no new line"
    return Probe(
        "log line seen",
        Status.FAIL,
        f"{how} within {wait:g} s",
        "source.log_path must be the log this server is writing now (not an old or other server's)",
    )


__all__ = ["SAY_TEXT", "log_probes", "rcon_probes", "say_line"]
