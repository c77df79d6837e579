"""Closed sets of config values (選択肢): each YAML value is one of an enum's members.

Members are ``StrEnum``s, so they compare equal to, and print as, their YAML spelling.
"""

from __future__ import annotations

import enum


class Flavour(enum.StrEnum):
    """Server software, which decides how typed commands reach us."""

    AUTO = "auto"
    """Detect from the log (``issued server command`` lines mean Paper/Spigot)."""
    PAPER = "paper"
    """Paper/Spigot/Purpur: typed ``/dfg`` is logged."""
    VANILLA = "vanilla"
    """Vanilla: ``/trigger`` and ``!dfg`` chat only."""
    FABRIC = "fabric"
    """Fabric: like vanilla."""


class SourceKind(enum.StrEnum):
    """Where server output comes from."""

    LOG = "log"
    """Tail ``logs/latest.log`` like ``tail -F``."""
    PROCESS = "process"
    """Run the server as a child process and read its console."""


class Language(enum.StrEnum):
    """Message language (言語)."""

    JA = "ja"
    """日本語"""
    EN = "en"
    """English"""


class Preset(enum.StrEnum):
    """Rule presets (ルールプリセット)."""

    MINECRAFT = "minecraft"
    """Seed 001's local rules and defaults."""
    DQX = "dqx"
    """Dragon Quest X (seed 000)."""
    NICONICO = "niconico"
    """ニコニコ超大富豪 (seed 003)."""
    UECDA = "uecda"
    """UECda competition defaults."""


class StartMode(enum.StrEnum):
    """Match form when ``/dfg start`` has no argument (形式)."""

    NORMAL = "normal"
    """対人戦: 3 or more players."""
    CPU = "cpu"
    """CPU練習: CPUs fill the table."""


class CpuLevel(enum.StrEnum):
    """CPU strength."""

    EASY = "easy"
    """Makes obvious mistakes on purpose."""
    NORMAL = "normal"
    """A good heuristic."""
    STRONG = "strong"
    """Monte Carlo search."""


class DropoutPolicy(enum.StrEnum):
    """What a disconnect mid-match means (脱落)."""

    DROPOUT = "dropout"
    """The player drops out at once (seed 001)."""
    GRACE = "grace"
    """The seat is kept and auto-played for ``grace_seconds``; rejoining resumes it (seed 000)."""


class CrashPolicy(enum.StrEnum):
    """What to do with a match found after a daemon or server restart."""

    RESUME = "resume"
    """Resume it."""
    END = "end"
    """End it and restore everyone's items."""


class HandSurface(enum.StrEnum):
    """Where the hand screen is drawn (手札の画面)."""

    CHEST = "chest"
    """The seat's locked double chest (54 slots)."""
    ENDERCHEST = "enderchest"
    """The player's own ender chest (27 slots, paged)."""


class Facing(enum.StrEnum):
    """A horizontal direction."""

    NORTH = "north"
    """-Z"""
    EAST = "east"
    """+X"""
    SOUTH = "south"
    """+Z"""
    WEST = "west"
    """-X"""

    def opposite(self) -> Facing:
        """The direction behind."""
        order = list(Facing)
        return order[(order.index(self) + 2) % 4]


class SidebarOverflow(enum.StrEnum):
    """Tables past the 16th (there are 16 team colours, so 16 private sidebars)."""

    SHARED = "shared"
    """They share the plain sidebar."""
    NONE = "none"
    """They get no sidebar."""
