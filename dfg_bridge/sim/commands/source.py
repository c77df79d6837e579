"""Who runs a command (コマンドの実行者): vanilla's ``CommandSourceStack`` reduced to what the sim needs."""

from __future__ import annotations

import dataclasses
import enum

from dfg_bridge.sim.world.entities import Entity, Player

__all__ = ["Source", "SourceKind"]


class SourceKind(enum.Enum):
    """Where a command came from; decides where its feedback goes and whether admins hear of it."""

    RCON = "rcon"
    """The RCON console: feedback collected into the reply; admin echo if ``broadcast-rcon-to-ops``."""
    PLAYER = "player"
    """A player typing (or a chat click): feedback to their chat; admin echo ``[Name: …]`` logged."""
    SIGN = "sign"
    """A sign click: runs as the player at level 2 with vanilla's ``CommandSource.NULL`` (silent)."""
    SERVER = "server"
    """The server console (the sim's own housekeeping)."""


@dataclasses.dataclass(frozen=True)
class Source:
    """One command source stack: origin, executing entity, position, rotation, permission."""

    kind: SourceKind
    name: str
    display: str
    permission: int
    entity: Entity | None = None
    pos: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rot: tuple[float, float] = (0.0, 0.0)
    origin_player: Player | None = None
    """The player whose chat receives feedback (for PLAYER sources)."""
    anchor_eyes: bool = False

    def with_entity(self, entity: Entity, display: str) -> Source:
        """``execute as``: the entity becomes ``@s`` and names the source (position unchanged)."""
        return dataclasses.replace(self, entity=entity, name=entity.name, display=display)

    def at(self, pos: tuple[float, float, float], rot: tuple[float, float] | None = None) -> Source:
        """``execute at/positioned``: a new position (and rotation)."""
        return dataclasses.replace(self, pos=pos, rot=self.rot if rot is None else rot)
