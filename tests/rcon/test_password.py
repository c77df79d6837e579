"""Where the RCON password comes from, and that it never shows up in a repr or a log line."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest

from dfg_bridge.rcon import RconClient, RconError, Secret, resolve_password
from tests.rcon.misbehaving import MisbehavingServer, packet


def test_environment_wins_over_the_config(tmp_path: Path) -> None:
    secret_file = tmp_path / "rcon.txt"
    secret_file.write_text("from-file\n", encoding="utf-8")
    env = {"RCON_PASSWORD": "env", "RCON_PASSWORD_FILE": str(secret_file)}
    assert resolve_password("cfg", env=env).reveal() == "env"
    env = {"RCON_PASSWORD": "", "RCON_PASSWORD_FILE": str(secret_file)}
    assert resolve_password("cfg", env=env).reveal() == "from-file"
    assert resolve_password("cfg", env={}).reveal() == "cfg"


def test_file_keeps_inner_spaces_and_strips_one_newline(tmp_path: Path) -> None:
    secret_file = tmp_path / "rcon.txt"
    secret_file.write_text(" a b \r\n", encoding="utf-8")
    assert resolve_password(None, env={"RCON_PASSWORD_FILE": str(secret_file)}).reveal() == " a b "


@pytest.mark.parametrize(
    "env",
    [{}, {"RCON_PASSWORD": ""}, {"RCON_PASSWORD_FILE": "/nonexistent/rcon.txt"}],
)
def test_missing_password_is_a_typed_error(env: dict[str, str]) -> None:
    with pytest.raises(RconError) as info:
        resolve_password(None, env=env)
    assert info.value.code == "no_password"


def test_unreadable_file_is_an_error_even_with_a_config_value() -> None:
    # a named secret file that is missing is a mistake to report, not to paper over
    with pytest.raises(RconError) as info:
        resolve_password("cfg", env={"RCON_PASSWORD_FILE": "/nonexistent/rcon.txt"})
    assert info.value.code == "no_password"


def test_empty_file_is_an_error(tmp_path: Path) -> None:
    secret_file = tmp_path / "rcon.txt"
    secret_file.write_text("\n", encoding="utf-8")
    with pytest.raises(RconError, match="empty"):
        resolve_password(None, env={"RCON_PASSWORD_FILE": str(secret_file)})


def test_secret_never_prints_itself() -> None:
    secret = Secret("hunter2")
    assert "hunter2" not in repr(secret) + str(secret) + f"{secret}" + repr([secret])
    client = RconClient("127.0.0.1", 1, "hunter2")
    assert "hunter2" not in repr(client) + repr(vars(client))


def test_password_never_reaches_the_log(caplog: pytest.LogCaptureFixture) -> None:
    def refuse(conn: socket.socket, request_id: int, payload: bytes) -> None:
        conn.sendall(packet(-1, 2))

    server = MisbehavingServer(refuse, login=False)
    try:
        caplog.set_level(logging.DEBUG)
        client = RconClient("127.0.0.1", server.port, "hunter2")
        with pytest.raises(RconError) as info:
            client.run("list")
        assert info.value.code == "auth_failed"
        assert server.requests == [b"hunter2"]  # it was sent, once, on the wire only
        assert "hunter2" not in caplog.text + str(info.value) + repr(info.value)
    finally:
        server.close()
