"""Reading a config file: parse, validate, resolve paths and the password, check (設定の読み込み).

The operator's file is only ever read, never rewritten: missing keys are filled from the schema's
defaults with a warning each.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dfg_bridge.config.checks import check
from dfg_bridge.config.issues import ConfigError, ConfigIssue
from dfg_bridge.config.loader import YamlSyntaxError, load_yaml
from dfg_bridge.config.schema import Config, Secret
from dfg_bridge.config.validate import _INVALID, Converter

PASSWORD_ENV = "RCON_PASSWORD"
PASSWORD_FILE_ENV = "RCON_PASSWORD_FILE"


@dataclass(frozen=True, slots=True)
class LoadedConfig:
    """A valid config, the warnings met on the way, and the line of every value read."""

    config: Config
    warnings: tuple[ConfigIssue, ...]
    lines: Mapping[str, int]


def load_config(path: str | Path, *, env: Mapping[str, str] | None = None) -> LoadedConfig:
    """Load and check ``path``; raise :class:`ConfigError` listing every problem.

    Relative paths in the file are relative to the file's folder. ``env`` (default ``os.environ``)
    supplies ``RCON_PASSWORD`` / ``RCON_PASSWORD_FILE``.
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        issue = ConfigIssue(str(file), 0, "(file)", f"cannot read: {exc}")
        raise ConfigError([issue], code="no_config") from exc
    return parse_config(text, file=str(file), base_dir=file.resolve().parent, env=env)


def parse_config(
    text: str, *, file: str = "<config>", base_dir: Path | None = None, env: Mapping[str, str] | None = None
) -> LoadedConfig:
    """Like :func:`load_config` for text already read; ``file`` names it in messages."""
    environ = os.environ if env is None else env
    tree = load_yaml(text)
    if isinstance(tree, YamlSyntaxError):
        raise ConfigError([ConfigIssue(file, tree.line, "(yaml)", tree.message)])
    conv = Converter(file)
    if tree is None:
        conv.error(1, "", "the file is empty")
        raise ConfigError(conv.errors)
    config = conv.build(Config, tree, "", 1)
    if config is _INVALID:
        raise ConfigError(conv.errors)
    config = _resolve_paths(config, base_dir or Path.cwd())
    config = _resolve_password(config, conv, environ)
    check(config, conv)
    if conv.errors:
        raise ConfigError(conv.errors)
    return LoadedConfig(config, tuple(sorted(conv.warnings)), dict(conv.lines))


def _expand(path: Path, base: Path) -> Path:
    expanded = Path(os.path.expanduser(os.path.expandvars(str(path))))
    return expanded if expanded.is_absolute() else base / expanded


def _resolve_paths(obj: Any, base: Path) -> Any:
    """A copy of ``obj`` with every :class:`Path` made absolute against ``base``."""
    if isinstance(obj, Path):
        return _expand(obj, base)
    if isinstance(obj, tuple):
        return tuple(_resolve_paths(item, base) for item in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {f.name: _resolve_paths(getattr(obj, f.name), base) for f in dataclasses.fields(obj)}
        return dataclasses.replace(obj, **changes)
    return obj


def _read_secret(path: Path) -> str:
    return path.read_text(encoding="utf-8").rstrip("\r\n")


def _resolve_password(config: Config, conv: Converter, env: Mapping[str, str]) -> Config:
    """Pick the password.

    Order: ``$RCON_PASSWORD``, ``$RCON_PASSWORD_FILE``, ``rcon.password_file``, ``rcon.password``.
    """
    rcon = config.rcon
    value: str | None = None
    if env.get(PASSWORD_ENV):
        value = env[PASSWORD_ENV]
    elif env.get(PASSWORD_FILE_ENV):
        try:
            value = _read_secret(Path(os.path.expandvars(env[PASSWORD_FILE_ENV])))
        except (OSError, UnicodeDecodeError) as exc:
            conv.error(conv.line_of("rcon"), f"${PASSWORD_FILE_ENV}", f"cannot read the password file: {exc}")
            return config
    elif rcon.password_file is not None:
        try:
            value = _read_secret(rcon.password_file)
        except (OSError, UnicodeDecodeError) as exc:
            conv.at("rcon.password_file", f"cannot read the password file: {exc}")
            return config
    elif rcon.password:
        return config
    if not value:
        conv.at(
            "rcon.password",
            "no RCON password: set rcon.password or rcon.password_file, "
            f"or ${PASSWORD_ENV} / ${PASSWORD_FILE_ENV}",
        )
        return config
    return dataclasses.replace(config, rcon=dataclasses.replace(rcon, password=Secret(value)))
