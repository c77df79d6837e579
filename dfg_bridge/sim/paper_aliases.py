"""Paper/Spigot ``commands.yml`` aliases (コマンドエイリアス), for the sim's paper flavour.

Added by the operator-experience work (issue 8) to check the documented Paper recipe: the sim was
otherwise finished, so this lives in its own module with a two-line hook in ``actions.players``.

Bukkit reads ``aliases:`` from ``commands.yml`` at startup: each alias maps to one target command or a list
of them. Running ``/<alias> args…`` runs every target as the same sender, with these replacements
(``FormattedCommandAlias``): ``$n`` the n-th argument (1-based, empty if absent), ``$$n`` the same but
failing when absent, ``$n-``/``$$n-`` the n-th argument and everything after it, and ``$sender`` (Paper)
the sender's name. Arguments a target does not name are dropped. An alias with an empty list is removed.
The typed command is logged once (``issued server command``); the targets are dispatched silently.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

__all__ = ["AliasError", "aliases_for", "expand", "load_aliases"]

_TOKEN = re.compile(r"(\$\$?)(\d+)(-?)|\$sender")


class AliasError(ValueError):
    """A ``$$n`` reference to an argument the player did not type (Bukkit tells the player this text)."""


_CACHE: dict[Path, tuple[float, dict[str, tuple[str, ...]]]] = {}


def aliases_for(directory: Path) -> dict[str, tuple[str, ...]]:
    """:func:`load_aliases`, re-read only when the file changes.

    Paper reads the file once at startup; re-reading on change is a simplification that no test of
    the daemon can tell apart (the quick start restarts the server after editing it anyway).
    """
    path = directory / "commands.yml"
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return {}
    cached = _CACHE.get(path)
    if cached is None or cached[0] != stamp:
        cached = (stamp, load_aliases(directory))
        _CACHE[path] = cached
    return cached[1]


def load_aliases(directory: Path) -> dict[str, tuple[str, ...]]:
    """``aliases:`` of ``<directory>/commands.yml`` (lower-cased names); empty when there is no file."""
    path = directory / "commands.yml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    raw = data.get("aliases") if isinstance(data, dict) else None
    if not isinstance(raw, dict):
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for name, targets in raw.items():
        items = [targets] if isinstance(targets, str) else targets if isinstance(targets, list) else []
        commands = tuple(str(t) for t in items if str(t).strip())
        if commands:
            out[str(name).lower()] = commands
    return out


def expand(target: str, args: list[str], sender: str) -> str:
    """One target with the typed ``args`` and ``sender`` put in.

    >>> expand("trigger dfg set 0", ["join", "t1"], "Steve")
    'trigger dfg set 0'
    >>> expand("msg $sender you typed $1- ($2)", ["a", "b", "c"], "Steve")
    'msg Steve you typed a b c (b)'
    """

    def replace(match: re.Match[str]) -> str:
        if match.group(0) == "$sender":
            return sender
        required, index, rest = match.group(1) == "$$", int(match.group(2)), match.group(3) == "-"
        if index < 1 or index > len(args):
            if required:
                raise AliasError(f"Missing required argument {index}")
            return ""
        return " ".join(args[index - 1 :]) if rest else args[index - 1]

    return _TOKEN.sub(replace, target).strip()
