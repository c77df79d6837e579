"""Entities (エンティティ): players with inventories and what they see, and the non-player entities."""

from __future__ import annotations

import dataclasses
import enum
import uuid as uuidlib
from typing import Any

from dfg_bridge.sim.world.items import ItemStack

__all__ = ["Entity", "GameMode", "Player", "ReceivedMessage"]

INVENTORY_SIZE = 41
"""Player inventory slots: 0–8 hotbar, 9–35 main, 36–39 armor (feet…head), 40 offhand."""
ENDER_SIZE = 27


class GameMode(enum.Enum):
    """A player's game mode (ゲームモード)."""

    SURVIVAL = "survival"
    """Default."""
    CREATIVE = "creative"
    """Creative."""
    ADVENTURE = "adventure"
    """Adventure."""
    SPECTATOR = "spectator"
    """Spectator: opens locked containers, cannot take items."""


@dataclasses.dataclass
class Entity:
    """A non-player entity: marker, armor stand, text/block display, item, …

    ``nbt`` keeps the type-specific data as NBT (``text``, ``Invisible``, ``block_state``…); the common
    fields live in attributes.
    """

    type: str
    uuid: str
    id: int
    pos: tuple[float, float, float]
    rot: tuple[float, float] = (0.0, 0.0)
    tags: list[str] = dataclasses.field(default_factory=list)
    custom_name: dict[str, Any] | None = None
    nbt: dict[str, Any] = dataclasses.field(default_factory=dict)
    vehicle: str | None = None
    """UUID of the entity ridden."""
    passengers: list[str] = dataclasses.field(default_factory=list)
    alive: bool = True
    type_name: str = ""
    """The type's English name (``Text Display``), filled in at summon time."""

    @property
    def is_player(self) -> bool:
        """False here; True for :class:`Player`."""
        return False

    @property
    def name(self) -> str:
        """The plain name: custom name or the type's name."""
        from dfg_bridge.sim.world.text import plain_text

        if self.custom_name is not None:
            return plain_text(self.custom_name)
        return self.type_name


@dataclasses.dataclass(frozen=True)
class ReceivedMessage:
    """One chat or system message a player received, as a text component."""

    component: dict[str, Any]
    kind: str
    """``system``, ``chat`` or ``feedback`` (command feedback)."""


def offline_uuid(name: str) -> str:
    """A stable UUID for a fake player (offline-mode style: derived from the name)."""
    return str(uuidlib.uuid3(uuidlib.NAMESPACE_OID, "OfflinePlayer:" + name))


@dataclasses.dataclass
class Player(Entity):
    """A player: inventory, ender chest, cursor, what they see; kept while offline like playerdata."""

    inventory: list[ItemStack | None] = dataclasses.field(default_factory=lambda: [None] * INVENTORY_SIZE)
    ender: list[ItemStack | None] = dataclasses.field(default_factory=lambda: [None] * ENDER_SIZE)
    cursor: ItemStack | None = None
    """The carried stack of the open menu (``player.cursor``, 1.20.5+)."""
    crafting: list[ItemStack | None] = dataclasses.field(default_factory=lambda: [None] * 4)
    """The 2×2 crafting grid of the inventory screen (``player.crafting.0-3``); not saved with the player."""
    selected: int = 0
    game_mode: GameMode = GameMode.SURVIVAL
    permission: int = 0
    online: bool = False
    player_name: str = ""
    messages: list[ReceivedMessage] = dataclasses.field(default_factory=list)
    title: dict[str, Any] | None = None
    subtitle: dict[str, Any] | None = None
    actionbar: dict[str, Any] | None = None
    dialog: Any = None
    book: Any = None
    """The written book open on the player's screen: ``{"slot", "pages"}`` (pages as text dicts, copied
    when it opened), or None."""
    menu: Any = None
    """The open container menu (``world.menu.Menu``), or None for the player's own inventory."""
    own_menu: Any = None
    dropped: list[ItemStack] = dataclasses.field(default_factory=list)
    """Items this player threw or that did not fit (vanilla spawns item entities)."""
    ip: str = "127.0.0.1"
    port: int = 0

    @property
    def is_player(self) -> bool:
        """True."""
        return True

    @property
    def name(self) -> str:
        """The account name."""
        return self.player_name
