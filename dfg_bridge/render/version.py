"""Minecraft Java versions and the command dialect families they belong to (バージョン).

Only releases from 1.20.5 on are supported: item components (``red_dye[custom_name=…]``) arrived in
1.20.5, and the daemon depends on them. :data:`RELEASES` lists every release through the newest one
whose ids and commands are checked (26.1); :mod:`dfg_bridge.render.ids` maps the ids later releases
renamed.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from dfg_bridge.render.errors import RenderError

_VERSION_RE = re.compile(r"^(\d+)\.(\d+)(?:\.(\d+))?(?:[- ](?:pre|rc)[- ]?\d+)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True, order=True)
class Version:
    """A release version such as ``1.21.4``; ordered, so ``Version.parse("1.21") < Version(1, 21, 5)``.

    >>> Version.parse("1.21")
    Version(major=1, minor=21, patch=0)
    >>> str(Version.parse("1.21.5-pre2"))
    '1.21.5'
    >>> Version.parse("1.20.5") < Version.parse("1.21.2")
    True
    """

    major: int
    minor: int
    patch: int = 0

    @classmethod
    def parse(cls, text: str) -> Version:
        """Parse ``1.21``, ``1.21.4`` or a pre-release/release candidate (``1.21.5-pre1``, ``1.21.5-rc2``).

        Pre-releases count as the release they precede. Snapshots (``25w10a``) are refused: map them to
        a release yourself.
        """
        match = _VERSION_RE.match(text.strip())
        if match is None:
            raise RenderError("bad_version", f"not a Minecraft release version: {text!r}")
        major, minor, patch = match.groups()
        return cls(int(major), int(minor), int(patch or 0))

    def __str__(self) -> str:
        if self.patch:
            return f"{self.major}.{self.minor}.{self.patch}"
        return f"{self.major}.{self.minor}"


MIN_SUPPORTED = Version(1, 20, 5)
"""The oldest release the daemon can drive (item components)."""

RELEASES: tuple[Version, ...] = tuple(
    Version.parse(v)
    for v in (
        "1.20.5", "1.20.6", "1.21", "1.21.1", "1.21.2", "1.21.3", "1.21.4", "1.21.5", "1.21.6", "1.21.7",
        "1.21.8", "1.21.9", "1.21.10", "1.21.11", "26.1",
    )
)  # fmt: skip
"""Every release from :data:`MIN_SUPPORTED` through the newest one whose ids and commands are checked
(the simulated server vendors their command trees and registries); hotfixes of the last share its data."""

NEWEST_KNOWN = RELEASES[-1]
"""The newest release line dfg-bridge knows; a newer server may use ids or syntax it does not know."""

SNBT_TEXT_SINCE = Version(1, 21, 5)
"""Text components in commands and NBT became SNBT instead of JSON."""

LOCK_PREDICATE_SINCE = Version(1, 21, 2)
"""Container ``Lock:"<name>"`` became ``lock:{<item predicate>}``."""

DIALOG_SINCE = Version(1, 21, 6)
"""The ``dialog`` command exists."""

SNAKE_GAMERULES_SINCE = Version(1, 21, 11)
"""Game rules are named in snake_case (``log_admin_commands``) instead of camelCase."""

IRON_CHAIN_SINCE = Version(1, 21, 9)
"""``chain`` is called ``iron_chain`` (see :mod:`dfg_bridge.render.ids`)."""


class DialectFamily(enum.Enum):
    """A range of versions that share one text syntax."""

    JSON_TEXT = "1.20.5-1.21.4"
    """Text is JSON (``clickEvent``/``value``, ``hoverEvent``/``contents``); in NBT, a JSON string."""
    SNBT_TEXT = "1.21.5+"
    """Text components are SNBT (``click_event``/``command``, ``hover_event``/``value``) everywhere."""

    @classmethod
    def of(cls, version: Version) -> DialectFamily:
        """The family ``version`` belongs to."""
        return cls.SNBT_TEXT if version >= SNBT_TEXT_SINCE else cls.JSON_TEXT
