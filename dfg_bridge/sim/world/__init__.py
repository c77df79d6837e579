"""The simulated world (ワールド): players, blocks, entities, scoreboard, teams, boss bars, game rules.

Plain mutable state; only the server thread (the executor's lock) touches it.
"""

from __future__ import annotations

import itertools
import uuid as uuidlib
from collections.abc import Iterator
from typing import Any

from dfg_bridge.sim.world.blocks import Block, BlockEntity
from dfg_bridge.sim.world.entities import Entity, GameMode, Player, offline_uuid
from dfg_bridge.sim.world.items import ItemStack
from dfg_bridge.sim.world.scoreboard import BossBar, Objective, Team
from dfg_bridge.sim.world.text import plain_text
from dfg_bridge.sim.world.version import parse_version

__all__ = [
    "Block",
    "BlockEntity",
    "BossBar",
    "Entity",
    "GameMode",
    "ItemStack",
    "Objective",
    "Player",
    "Team",
    "World",
]

SPAWN = (0.5, 64.0, 0.5)

DEFAULT_GAMERULES: dict[str, bool | int] = {
    "logAdminCommands": True,
    "sendCommandFeedback": True,
    "commandBlockOutput": True,
    "keepInventory": False,
    "doDaylightCycle": True,
    "doWeatherCycle": True,
    "doMobSpawning": True,
    "doImmediateRespawn": False,
    "announceAdvancements": True,
    "showDeathMessages": True,
    "spawnRadius": 10,
    "randomTickSpeed": 3,
    "maxCommandChainLength": 65536,
    "commandModificationBlockLimit": 32768,
    "playersSleepingPercentage": 100,
    "doTileDrops": True,
    "mobGriefing": True,
    "naturalRegeneration": True,
    "fallDamage": True,
    "fireDamage": True,
    "drowningDamage": True,
    "freezeDamage": True,
    "pvp": True,
    "spectatorsGenerateChunks": True,
    "disableElytraMovementCheck": False,
    "reducedDebugInfo": False,
    "doEntityDrops": True,
    "doFireTick": True,
    "doInsomnia": True,
    "doLimitedCrafting": False,
    "doMobLoot": True,
    "doPatrolSpawning": True,
    "doTraderSpawning": True,
    "doVinesSpread": True,
    "doWardenSpawning": True,
    "forgiveDeadPlayers": True,
    "universalAnger": False,
    "maxEntityCramming": 24,
    "snowAccumulationHeight": 1,
    "waterSourceConversion": True,
    "lavaSourceConversion": False,
    "globalSoundEvents": True,
    "enderPearlsVanishOnDeath": True,
    "spawnChunkRadius": 2,
}
"""Vanilla's rules and defaults (enough for what commands query; unknown names are grammar errors)."""


class World:
    """All world state of one simulated server."""

    def __init__(self, version: str) -> None:
        self.version_text = version
        self.version = parse_version(version)
        self.json_text = self.version < (1, 21, 5)
        """Components are JSON strings (1.20.5–1.21.4), not SNBT (1.21.5+)."""
        self.players: dict[str, Player] = {}
        self.entities: dict[str, Entity] = {}
        self.blocks: dict[tuple[int, int, int], Block] = {}
        self.objectives: dict[str, Objective] = {}
        self.display_slots: dict[str, str] = {}
        self.teams: dict[str, Team] = {}
        self.bossbars: dict[str, BossBar] = {}
        self.gamerules: dict[str, bool | int] = dict(DEFAULT_GAMERULES)
        self.forced_chunks: set[tuple[int, int]] = set()
        self.dropped: list[tuple[tuple[float, float, float], ItemStack]] = []
        self._ids = itertools.count(1)
        self.spawn = SPAWN
        self.dialogs_shown = 0

    # -- ids ------------------------------------------------------------------------------------------------

    def next_entity_id(self) -> int:
        """A fresh network entity id."""
        return next(self._ids)

    @staticmethod
    def new_uuid() -> str:
        """A random entity UUID."""
        return str(uuidlib.uuid4())

    # -- players ----------------------------------------------------------------------------------------

    def player(self, name: str) -> Player | None:
        """A known player (online or not) by case-insensitive name."""
        return self.players.get(name.lower())

    def online_player(self, name: str) -> Player | None:
        """An online player by case-insensitive name."""
        player = self.players.get(name.lower())
        return player if player is not None and player.online else None

    def online_players(self) -> list[Player]:
        """Online players in join order."""
        return [p for p in self.players.values() if p.online]

    def create_player(self, name: str, uuid: str | None = None) -> Player:
        """Player data for a first join, at spawn (``uuid``: the account's; default offline-style)."""
        player = Player(
            type="minecraft:player",
            uuid=uuid or offline_uuid(name),
            id=self.next_entity_id(),
            pos=self.spawn,
            player_name=name,
        )
        self.players[name.lower()] = player
        return player

    def rename_player(self, player: Player, name: str) -> None:
        """An account changed its name (its data stays, keyed by the new name)."""
        self.players.pop(player.name.lower(), None)
        player.player_name = name
        self.players[name.lower()] = player

    def team_of(self, holder: str) -> Team | None:
        """The team a score holder (player name or entity UUID) is on."""
        for team in self.teams.values():
            if holder in team.members:
                return team
        return None

    def display_name(self, entity: Entity) -> str:
        """Vanilla ``getDisplayName()`` in plain text: team prefix + name + suffix."""
        holder = entity.name if entity.is_player else entity.uuid
        team = self.team_of(holder)
        if team is None:
            return entity.name
        return plain_text(team.prefix) + entity.name + plain_text(team.suffix)

    def holder_display(self, holder: str) -> str:
        """A score holder's name as feedback shows it (a player's display name, or the name itself)."""
        player = self.online_player(holder)
        if player is not None:
            return self.display_name(player)
        return holder

    # -- entities ---------------------------------------------------------------------------------------

    def all_entities(self) -> Iterator[Entity]:
        """Online players first, then the other living entities."""
        yield from self.online_players()
        yield from (e for e in self.entities.values() if e.alive)

    def entity_by_uuid(self, value: str) -> Entity | None:
        """A living entity or online player by UUID."""
        value = value.lower()
        entity = self.entities.get(value)
        if entity is not None and entity.alive:
            return entity
        for player in self.online_players():
            if player.uuid == value:
                return player
        return None

    def add_entity(self, entity: Entity) -> None:
        """Register a summoned entity."""
        self.entities[entity.uuid] = entity

    def remove_entity(self, entity: Entity) -> None:
        """Remove a killed entity and unlink riders."""
        entity.alive = False
        self.entities.pop(entity.uuid, None)
        self.dismount(entity)
        for rider_id in list(entity.passengers):
            rider = self.entity_by_uuid(rider_id)
            if rider is not None:
                rider.vehicle = None
        entity.passengers.clear()

    def dismount(self, entity: Entity) -> None:
        """Take ``entity`` off its vehicle, if any."""
        if entity.vehicle is None:
            return
        vehicle = self.entity_by_uuid(entity.vehicle)
        if vehicle is not None and entity.uuid in vehicle.passengers:
            vehicle.passengers.remove(entity.uuid)
        entity.vehicle = None

    # -- blocks -----------------------------------------------------------------------------------------

    def block(self, pos: tuple[int, int, int]) -> Block | None:
        """The block at ``pos`` (``None`` is air)."""
        return self.blocks.get(pos)

    def block_id(self, pos: tuple[int, int, int]) -> str:
        """The block id at ``pos`` (``minecraft:air`` if empty)."""
        block = self.blocks.get(pos)
        return block.id if block is not None else "minecraft:air"

    def reset_transient(self) -> None:
        """After a restart: nobody is online, no menus are open (the world itself is kept)."""
        for player in self.players.values():
            player.online = False
            player.menu = None

    def summary(self) -> dict[str, Any]:
        """Counts for ``GET /stats``."""
        return {
            "players_online": len(self.online_players()),
            "players_known": len(self.players),
            "entities": len(self.entities),
            "blocks": len(self.blocks),
            "objectives": len(self.objectives),
            "teams": len(self.teams),
            "bossbars": len(self.bossbars),
        }
