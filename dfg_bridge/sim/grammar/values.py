"""Parsed argument values (引数の値) the grammar hands to the simulated server.

Each argument type of the command tree parses into one of these frozen values (or a plain ``int``,
``float``, ``bool``, ``str``, NBT value or text-component dict). They carry what the sim needs to act,
already validated; raw text stays out of the world model.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
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
    compare_nbt,
)

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
    "MessageArg",
    "NbtPath",
    "NbtPathNode",
    "NbtPathNodeKind",
    "NbtValue",
    "ResourceRef",
    "SelectorFilter",
    "SelectorKind",
    "Short",
    "MatchMode",
    "TextComponent",
    "UnsupportedPredicateError",
]

TextComponent: TypeAlias = dict[str, object]
"""A text component (テキストコンポーネント) in one canonical JSON-like shape for every version.

Always a dict. Plain strings become ``{"text": s}``; a list becomes its first element with the rest
appended to ``extra``; children are under ``"extra"``; events use the 1.21.5 names and shapes
(``click_event: {action, command|url|page|value}``, ``hover_event: {action, value|id|…}``) even when the
command was written in the older JSON form (``clickEvent``/``hoverEvent``).
"""


# ---------------------------------------------------------------------------------------------- ranges


@dataclass(frozen=True, slots=True)
class IntRange:
    """An ``int_range`` (``1..5``, ``3``, ``..2``); a missing bound is ``None``.

    >>> IntRange(1, None).contains(7)
    True
    """

    min: int | None
    max: int | None

    def contains(self, value: int) -> bool:
        """Whether ``value`` lies within both bounds (inclusive)."""
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


@dataclass(frozen=True, slots=True)
class FloatRange:
    """A ``float_range`` (``..5.5``, ``1.2``); a missing bound is ``None``."""

    min: float | None
    max: float | None

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies within both bounds (inclusive)."""
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


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


@dataclass(frozen=True, slots=True)
class ItemStackArg:
    """An ``item_stack`` (``red_dye[custom_name=…,custom_data={…}]``) plus the command's count if any.

    ``id`` is namespaced (``minecraft:red_dye``). ``components`` maps namespaced component ids to their
    value: text components (``custom_name``, ``item_name``) as canonical :data:`TextComponent` dicts
    (``lore`` a list of them) whatever the version's written form, everything else as parsed NBT.
    ``removed`` holds components written as ``!name``. ``count`` is the separate count argument of the
    command (``give``/``item replace … with <item> [count]``) when the grammar saw one.
    """

    id: str
    components: Mapping[str, object] = field(default_factory=dict)
    removed: frozenset[str] = frozenset()
    count: int | None = None


class MatchMode(enum.Enum):
    """How an item predicate term tests a component."""

    EXISTS = "exists"
    """``[custom_data]`` — the component is present."""
    EQUALS = "="
    """``[custom_data={…}]`` — the component equals the value exactly."""
    PARTIAL = "~"
    """``[custom_data~{…}]`` — an item sub-predicate (partial NBT match for ``custom_data``)."""


class UnsupportedPredicateError(NotImplementedError):
    """``ItemPredicate.matches`` met a sub-predicate the sim does not evaluate (code ``unsupported``)."""

    code = "unsupported_predicate"


@dataclass(frozen=True, slots=True)
class ComponentTest:
    """One test inside ``[...]`` of an item predicate, e.g. ``!custom_data~{a:1b}``."""

    component: str
    mode: MatchMode
    value: object = None
    negated: bool = False

    def matches(self, components: Mapping[str, object]) -> bool:
        """Vanilla semantics: exact equality, presence, or the partial ``custom_data`` match."""
        result: bool
        if self.component == "minecraft:count":
            raise UnsupportedPredicateError("count needs the stack size; use ItemPredicate.matches")
        if self.mode is MatchMode.EXISTS:
            result = self.component in components
        elif self.mode is MatchMode.EQUALS:
            result = self.component in components and components[self.component] == self.value
        elif self.component == "minecraft:custom_data":
            actual = components.get(self.component)
            result = actual is not None and compare_nbt(self.value, actual, partial_lists=True)  # type: ignore[arg-type]
        else:
            raise UnsupportedPredicateError(f"sub-predicate {self.component}~ is not evaluated by the sim")
        return result != self.negated


@dataclass(frozen=True, slots=True)
class ItemPredicateTerm:
    """Alternatives joined by ``|`` inside the brackets: true if any alternative holds."""

    alternatives: tuple[ComponentTest, ...]


@dataclass(frozen=True, slots=True)
class ItemPredicate:
    """An ``item_predicate`` (``*[custom_data~{dfg:{}}]``, ``#minecraft:wool``, ``red_dye``).

    ``id`` is ``"*"``, a namespaced item id, or ``"#namespace:tag"``; ``terms`` are joined by ``,`` (all
    must hold), each term holding ``|`` alternatives.

    >>> p = ItemPredicate("*", (ItemPredicateTerm((ComponentTest("minecraft:custom_data", MatchMode.PARTIAL,
    ...     {"dfg": {}}),)),))
    >>> p.matches("minecraft:red_dye", {"minecraft:custom_data": {"dfg": {"c": "HQ"}}})
    True
    >>> p.matches("minecraft:red_dye", {})
    False
    """

    id: str
    terms: tuple[ItemPredicateTerm, ...] = ()

    def matches(
        self,
        item_id: str,
        components: Mapping[str, object],
        count: int = 1,
        item_tags: Mapping[str, frozenset[str]] | None = None,
    ) -> bool:
        """Whether an item ``item_id`` with ``components`` (and stack ``count``) satisfies the predicate.

        Tags need ``item_tags`` (tag id without ``#`` → member item ids); an unknown tag matches nothing.
        """
        if self.id.startswith("#"):
            members = (item_tags or {}).get(self.id[1:], frozenset())
            if item_id not in members:
                return False
        elif self.id not in ("*", item_id):
            return False
        return all(any(self._test(t, components, count) for t in term.alternatives) for term in self.terms)

    @staticmethod
    def _test(test: ComponentTest, components: Mapping[str, object], count: int) -> bool:
        if test.component == "minecraft:count":
            bounds = test.value
            if isinstance(bounds, IntRange):
                return bounds.contains(count) != test.negated
            return (bounds == count) != test.negated
        return test.matches(components)


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


# ---------------------------------------------------------------------------------------------- NBT paths


class NbtPathNodeKind(enum.Enum):
    """The kinds of NBT path element (``data get … Items[0].id``)."""

    ROOT_COMPOUND = "root"
    """``{…}`` at the start: the root if it matches."""
    KEY = "key"
    """``name`` or ``"quoted name"``."""
    KEY_MATCH = "key_match"
    """``name{…}``: the child if it matches the compound."""
    INDEX = "index"
    """``[n]`` (negative counts from the end)."""
    ALL = "all"
    """``[]``: every element."""
    MATCH_ELEMENTS = "match"
    """``[{…}]``: every compound element that matches."""


@dataclass(frozen=True, slots=True)
class NbtPathNode:
    """One element of an NBT path."""

    kind: NbtPathNodeKind
    key: str | None = None
    index: int | None = None
    pattern: dict[str, NbtValue] | None = None


@dataclass(frozen=True, slots=True)
class NbtPath:
    """An ``nbt_path`` (NBT パス) with a getter that follows vanilla's selection rules.

    >>> from dfg_bridge.sim.grammar.nbt import Int
    >>> nodes = (NbtPathNode(NbtPathNodeKind.KEY, key="a"), NbtPathNode(NbtPathNodeKind.INDEX, index=1))
    >>> NbtPath("a[1]", nodes).get({"a": [Int(5), Int(6)]})
    [Int(value=6)]
    """

    text: str
    nodes: tuple[NbtPathNode, ...]

    def get(self, root: NbtValue) -> list[NbtValue]:
        """Every tag the path selects in ``root`` (empty when nothing matches)."""
        current: list[NbtValue] = [root]
        for node in self.nodes:
            nxt: list[NbtValue] = []
            for tag in current:
                nxt.extend(_select(node, tag))
            current = nxt
        return current


def _select(node: NbtPathNode, tag: NbtValue) -> list[NbtValue]:
    kind = node.kind
    if kind is NbtPathNodeKind.ROOT_COMPOUND:
        return [tag] if compare_nbt(node.pattern, tag, partial_lists=True) else []
    if kind in (NbtPathNodeKind.KEY, NbtPathNodeKind.KEY_MATCH):
        if not isinstance(tag, dict) or node.key not in tag:
            return []
        child = tag[node.key]
        if kind is NbtPathNodeKind.KEY_MATCH and not compare_nbt(node.pattern, child, partial_lists=True):
            return []
        return [child]
    items: list[NbtValue]
    if isinstance(tag, list):
        items = tag
    elif isinstance(tag, ByteArray):
        items = [Byte(v) for v in tag.values]
    elif isinstance(tag, IntArray):
        items = [Int(v) for v in tag.values]
    elif isinstance(tag, LongArray):
        items = [Long(v) for v in tag.values]
    else:
        return []
    if kind is NbtPathNodeKind.INDEX:
        assert node.index is not None
        i = node.index if node.index >= 0 else len(items) + node.index
        return [items[i]] if 0 <= i < len(items) else []
    if kind is NbtPathNodeKind.ALL:
        return list(items)
    return [t for t in items if compare_nbt(node.pattern, t, partial_lists=True)]


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

