"""Parsed argument values (引数の値) the grammar hands to the simulated server.

Each argument type of the command tree parses into one of these frozen values (or a plain ``int``,
``float``, ``bool``, ``str``, NBT value or text-component dict). They carry what the sim needs to act,
already validated; raw text stays out of the world model.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TypeAlias

from dfg_bridge.sim.grammar.nbt import (
    Byte,
    ByteArray,
    Double,
    Float,
    Int,
    IntArray,
    Long,
    LongArray,
    NbtValue,
    Short,
)
from dfg_bridge.sim.grammar.text import plain_text
from dfg_bridge.sim.grammar.values_base import FloatRange, IntRange
from dfg_bridge.sim.grammar.values_items import (
    ComponentTest,
    ItemPredicate,
    ItemPredicateTerm,
    ItemStackArg,
    MatchMode,
    UnsupportedPredicateError,
)
from dfg_bridge.sim.grammar.values_paths import NbtPath, NbtPathNode, NbtPathNodeKind

__all__ = [
    "Angle",
    "BlockPredicateArg",
    "BlockStateArg",
    "Byte",
    "ByteArray",
    "ComponentTest",
    "Coordinate",
    "Coordinates",
    "DialogArg",
    "Double",
    "EntitySelector",
    "Float",
    "FloatRange",
    "Int",
    "IntArray",
    "IntRange",
    "ItemPredicate",
    "ItemPredicateTerm",
    "ItemSlot",
    "ItemSlots",
    "ItemStackArg",
    "Long",
    "LongArray",
    "MatchMode",
    "MessageArg",
    "NbtPath",
    "NbtPathNode",
    "NbtPathNodeKind",
    "NbtValue",
    "ResourceRef",
    "SelectorFilter",
    "SelectorKind",
    "Short",
    "TextComponent",
    "UnsupportedPredicateError",
    "plain_text",
]

TextComponent: TypeAlias = dict[str, object]
"""A text component (テキストコンポーネント) in one canonical JSON-like shape for every version.

Always a dict. Plain strings become ``{"text": s}``; a list becomes its first element with the rest
appended to ``extra``; children are under ``"extra"``; events use the 1.21.5 names and shapes
(``click_event: {action, command|url|page|value}``, ``hover_event: {action, value|id|…}``) even when the
command was written in the older JSON form (``clickEvent``/``hoverEvent``).
"""


# ---------------------------------------------------------------------------------------------- selectors


class SelectorKind(enum.Enum):
    """What an entity argument names (エンティティセレクター)."""

    PLAYER_NAME = "name"
    """A player name, e.g. ``Steve`` (matches only that online player)."""
    UUID = "uuid"
    """An entity UUID written out (``dd12be42-52a9-4a91-a8a1-11c01849e498``)."""
    NEAREST_PLAYER = "@p"
    """``@p``."""
    ALL_PLAYERS = "@a"
    """``@a``."""
    RANDOM_PLAYER = "@r"
    """``@r``."""
    SELF = "@s"
    """``@s`` — the command's executor."""
    ALL_ENTITIES = "@e"
    """``@e``."""
    NEAREST_ENTITY = "@n"
    """``@n`` (1.21+)."""
    ALL_SCORE_HOLDERS = "*"
    """``*`` in a score-holder argument: every holder of a score."""


@dataclass(frozen=True, slots=True)
class SelectorFilter:
    """One selector option, e.g. ``tag=!dfg`` → ``SelectorFilter("tag", "dfg", negated=True)``.

    Values by option: ``type`` resource location (``#`` prefix kept for tags); ``tag``, ``name``, ``team``,
    ``gamemode``, ``predicate`` a ``str``; ``distance``, ``x_rotation``, ``y_rotation`` a
    :class:`FloatRange`; ``level`` an :class:`IntRange`; ``x``/``y``/``z``/``dx``/``dy``/``dz`` a ``float``;
    ``limit`` an ``int``; ``sort`` a ``str``; ``scores`` a ``dict[str, IntRange]``; ``nbt`` a compound;
    ``advancements`` a ``dict[str, bool | dict[str, bool]]``.
    """

    option: str
    value: object
    negated: bool = False


@dataclass(frozen=True, slots=True)
class EntitySelector:
    """An ``entity``, ``game_profile`` or ``score_holder`` argument.

    ``name`` is set for :attr:`SelectorKind.PLAYER_NAME` (also for a score holder's fake-player name),
    ``uuid`` for :attr:`SelectorKind.UUID`. ``filters`` keep the written order; ``single`` and
    ``players_only`` repeat the tree's modifier so the sim can report vanilla's
    "Only one entity is allowed…" at execution time if needed.
    """

    kind: SelectorKind
    name: str | None = None
    uuid: str | None = None
    filters: tuple[SelectorFilter, ...] = ()
    text: str = ""

    def options(self, option: str) -> tuple[SelectorFilter, ...]:
        """All filters for one option name, in written order."""
        return tuple(f for f in self.filters if f.option == option)

    def option(self, option: str) -> SelectorFilter | None:
        """The first filter for ``option``, or ``None``."""
        for f in self.filters:
            if f.option == option:
                return f
        return None

    @property
    def limit(self) -> int | None:
        """The ``limit=`` option; ``@p``, ``@r``, ``@s``, ``@n`` imply 1, names and UUIDs 1."""
        f = self.option("limit")
        if f is not None:
            assert isinstance(f.value, int)
            return f.value
        if self.kind in (
            SelectorKind.NEAREST_PLAYER,
            SelectorKind.RANDOM_PLAYER,
            SelectorKind.SELF,
            SelectorKind.NEAREST_ENTITY,
            SelectorKind.PLAYER_NAME,
            SelectorKind.UUID,
        ):
            return 1
        return None

    @property
    def sort(self) -> str:
        """The ``sort=`` option or the kind's default (``nearest`` for @p/@n, ``random`` for @r)."""
        f = self.option("sort")
        if f is not None:
            return str(f.value)
        if self.kind in (SelectorKind.NEAREST_PLAYER, SelectorKind.NEAREST_ENTITY):
            return "nearest"
        if self.kind is SelectorKind.RANDOM_PLAYER:
            return "random"
        return "arbitrary"

    @property
    def players_only(self) -> bool:
        """Whether only players can match (``@p``/``@a``/``@r``, names, or ``type=player``)."""
        if self.kind in (
            SelectorKind.NEAREST_PLAYER,
            SelectorKind.ALL_PLAYERS,
            SelectorKind.RANDOM_PLAYER,
            SelectorKind.PLAYER_NAME,
        ):
            return True
        return any(
            f.option == "type" and not f.negated and f.value == "minecraft:player" for f in self.filters
        )


# ---------------------------------------------------------------------------------------------- positions


@dataclass(frozen=True, slots=True)
class Coordinate:
    """One coordinate: ``value`` plus whether it is ``~`` relative (world) or ``^`` local."""

    value: float
    relative: bool = False
    local: bool = False


@dataclass(frozen=True, slots=True)
class Coordinates:
    """A ``block_pos``, ``vec3``, ``vec2``, ``column_pos`` or ``rotation`` (座標).

    ``parts`` has 3 entries for positions and 2 for ``vec2``/``column_pos``/``rotation`` (yaw, pitch).
    A position is either all world (absolute/``~``) or all local (``^``).

    >>> c = Coordinates((Coordinate(1), Coordinate(2, relative=True), Coordinate(3)))
    >>> c.resolve((10.0, 64.0, 0.0))
    (1.0, 66.0, 3.0)
    """

    parts: tuple[Coordinate, ...]

    @property
    def is_local(self) -> bool:
        """Whether the coordinates are ``^`` local ones."""
        return bool(self.parts) and self.parts[0].local

    def resolve(
        self, origin: tuple[float, ...] = (0.0, 0.0, 0.0), rotation: tuple[float, float] = (0.0, 0.0)
    ) -> tuple[float, ...]:
        """Absolute values given the executor's position ``origin`` and ``rotation`` (yaw, pitch).

        Local coordinates follow vanilla's ``LocalCoordinates.getPosition`` (left, up, forwards).
        """
        if not self.is_local:
            return tuple(
                float(p.value) + (float(origin[i]) if p.relative else 0.0) for i, p in enumerate(self.parts)
            )
        yaw, pitch = rotation
        f = math.cos(math.radians(yaw + 90.0))
        g = math.sin(math.radians(yaw + 90.0))
        h = math.cos(math.radians(-pitch))
        i = math.sin(math.radians(-pitch))
        j = math.cos(math.radians(-pitch + 90.0))
        k = math.sin(math.radians(-pitch + 90.0))
        fwd = (f * h, i, g * h)
        up = (f * j, k, g * j)
        left = (
            fwd[1] * up[2] - fwd[2] * up[1],
            fwd[2] * up[0] - fwd[0] * up[2],
            fwd[0] * up[1] - fwd[1] * up[0],
        )
        left = (-left[0], -left[1], -left[2])
        lx, ly, lz = (p.value for p in self.parts)
        return tuple(origin[n] + fwd[n] * lz + up[n] * ly + left[n] * lx for n in range(3))

    def block(
        self, origin: tuple[float, ...] = (0.0, 0.0, 0.0), rotation: tuple[float, float] = (0.0, 0.0)
    ) -> tuple[int, ...]:
        """The block position (floored) these coordinates point at."""
        return tuple(math.floor(v) for v in self.resolve(origin, rotation))


@dataclass(frozen=True, slots=True)
class Angle:
    """An ``angle`` argument (``90``, ``~-45``)."""

    value: float
    relative: bool = False


# ---------------------------------------------------------------------------------------------- items


@dataclass(frozen=True, slots=True)
class ItemSlot:
    """An ``item_slot`` (``container.5``, ``weapon.offhand``) with vanilla's numeric index."""

    name: str
    index: int


@dataclass(frozen=True, slots=True)
class ItemSlots:
    """An ``item_slots`` range (``container.*``, ``hotbar.3``) with the indices it covers."""

    name: str
    indices: tuple[int, ...]


# ---------------------------------------------------------------------------------------------- blocks


@dataclass(frozen=True, slots=True)
class BlockStateArg:
    """A ``block_state`` (``chest[facing=north]{Lock:"k"}``): id, written properties, optional NBT."""

    id: str
    properties: tuple[tuple[str, str], ...] = ()
    nbt: dict[str, NbtValue] | None = None


@dataclass(frozen=True, slots=True)
class BlockPredicateArg:
    """A ``block_predicate``: a block id or ``#tag`` with optional properties and NBT to match."""

    id: str
    properties: tuple[tuple[str, str], ...] = ()
    nbt: dict[str, NbtValue] | None = None

    @property
    def is_tag(self) -> bool:
        """Whether ``id`` names a block tag."""
        return self.id.startswith("#")


# ---------------------------------------------------------------------------------------------- misc


@dataclass(frozen=True, slots=True)
class ResourceRef:
    """A ``resource_or_tag`` / ``resource_selector`` value: a namespaced id, or a tag when ``is_tag``."""

    id: str
    is_tag: bool = False


@dataclass(frozen=True, slots=True)
class MessageArg:
    """A ``message`` argument (``say``/``msg``): the text and the selectors embedded in it.

    ``selectors`` holds ``(start, end, selector)`` with offsets into ``text``; the sim replaces each span by
    the matched names when it runs the command.
    """

    text: str
    selectors: tuple[tuple[int, int, EntitySelector], ...] = ()


@dataclass(frozen=True, slots=True)
class DialogArg:
    """A ``dialog`` argument (1.21.6+): a registered dialog id, or an inline SNBT dialog definition."""

    id: str | None = None
    inline: dict[str, NbtValue] | None = None
