"""Where the RCON password (RCONパスワード) comes from: config, ``RCON_PASSWORD``, ``RCON_PASSWORD_FILE``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from dfg_bridge.model.secret import Secret
from dfg_bridge.rcon.errors import RconError, RconErrorCode

__all__ = ["Secret", "resolve_password"]


def resolve_password(config_value: str | None, env: Mapping[str, str] | None = None) -> Secret:
    """The RCON password: ``RCON_PASSWORD`` if set, else the file named by ``RCON_PASSWORD_FILE`` (one
    trailing newline stripped, as written by ``echo`` or Docker secrets), else the config value.

    The environment wins so that a container or a systemd unit can override a checked-in config
    (the same order as :mod:`dfg_bridge.config`). Raises :class:`RconError` ``no_password`` when none
    is set or the file cannot be read; the message names the source, never the password.

    >>> resolve_password("pw", env={}).reveal()
    'pw'
    >>> resolve_password("pw", env={"RCON_PASSWORD": "from-env"}).reveal()
    'from-env'
    >>> resolve_password("", env={}).reveal()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dfg_bridge.rcon.errors.RconError: no RCON password: ...
    """
    environ = os.environ if env is None else env
    if environ.get("RCON_PASSWORD"):
        return Secret(environ["RCON_PASSWORD"])
    file_name = environ.get("RCON_PASSWORD_FILE")
    if file_name:
        try:
            text = Path(file_name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8"
            raise RconError(
                RconErrorCode.NO_PASSWORD, f"cannot read RCON_PASSWORD_FILE {file_name}: {reason}"
            ) from None
        text = text.removesuffix("\n").removesuffix("\r")
        if text:
            return Secret(text)
        raise RconError(RconErrorCode.NO_PASSWORD, f"RCON_PASSWORD_FILE {file_name} is empty")
    if config_value:
        return Secret(config_value)
    raise RconError(
        RconErrorCode.NO_PASSWORD,
        "no RCON password: set rcon.password in the config, RCON_PASSWORD or RCON_PASSWORD_FILE",
    )
