"""Scoreboard objectives and scores, teams, and boss bars (スコアボード・チーム・ボスバー)."""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["TEAM_COLORS", "BossBar", "Objective", "Score", "Team"]

TEAM_COLORS = (
    "black",
    "dark_blue",
    "dark_green",
    "dark_aqua",
    "dark_red",
    "dark_purple",
    "gold",
    "gray",
    "dark_gray",
    "blue",
    "green",
    "aqua",
    "red",
    "light_purple",
    "yellow",
    "white",
)
"""The 16 chat colours, in vanilla's order (also the ``sidebar.team.<color>`` slots)."""


@dataclasses.dataclass
class Score:
    """One holder's score in one objective (スコア), with its optional display name and number format."""

    value: int = 0
    locked: bool = True
    """Trigger objectives: ``True`` until ``scoreboard players enable``; re-locked after each trigger."""
    display_name: dict[str, Any] | None = None
    number_format: Any = None


@dataclasses.dataclass
class Objective:
    """A scoreboard objective (目的): criterion, display name, render type and number format."""

    name: str
    criterion: str
    display_name: dict[str, Any]
    render_type: str = "integer"
    number_format: Any = None
    """``None`` (default), ``("blank",)``, ``("styled", style)`` or ``("fixed", component)``."""
    display_auto_update: bool = False
    scores: dict[str, Score] = dataclasses.field(default_factory=dict)

    @property
    def is_trigger(self) -> bool:
        """Whether players may ``/trigger`` it."""
        return self.criterion == "trigger"

    @property
    def read_only(self) -> bool:
        """Criteria whose scores the game computes (``health`` …) cannot be set by commands."""
        return self.criterion in {"health", "food", "air", "armor", "level", "xp"}


@dataclasses.dataclass
class Team:
    """A team (チーム): prefix and suffix make a member's display name ``prefix + name + suffix``."""

    name: str
    display_name: dict[str, Any]
    prefix: dict[str, Any] = dataclasses.field(default_factory=lambda: {"text": ""})
    suffix: dict[str, Any] = dataclasses.field(default_factory=lambda: {"text": ""})
    color: str = "reset"
    friendly_fire: bool = True
    see_friendly_invisibles: bool = True
    nametag_visibility: str = "always"
    death_message_visibility: str = "always"
    collision_rule: str = "always"
    members: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class BossBar:
    """A custom boss bar (ボスバー): shown to the players listed while ``visible``."""

    id: str
    name: dict[str, Any]
    value: int = 0
    max: int = 100
    color: str = "white"
    style: str = "progress"
    visible: bool = True
    players: list[str] = dataclasses.field(default_factory=list)
    """Player UUIDs (vanilla keeps UUIDs so a bar survives a relog)."""
