"""What a parser needs to know about the game version (バージョン環境): tree, registries, format switches."""

from __future__ import annotations

import functools
import gzip
import json
import re
from dataclasses import dataclass, field
from importlib import resources

from dfg_bridge.sim.grammar.messages import Messages

__all__ = ["GameVersion", "GrammarEnv", "Registries", "UnsupportedVersionError"]

_VERSION_RE = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?\Z")

# Vendored tree versions and the range each covers (inclusive lower bound).
TREE_FOR: tuple[tuple[tuple[int, int, int], str], ...] = (
    ((26, 1, 0), "26.1"),
    ((1, 21, 11), "1.21.11"),
    ((1, 21, 9), "1.21.9"),
    ((1, 21, 6), "1.21.6"),
    ((1, 21, 5), "1.21.5"),
    ((1, 20, 5), "1.20.5"),
)
# Registry snapshots: hotfix releases share the content of the snapshot named here.
REGISTRIES_FOR: tuple[tuple[tuple[int, int, int], str], ...] = (
    ((26, 1, 0), "26.1"),
    ((1, 21, 11), "1.21.11"),
    ((1, 21, 9), "1.21.9"),
    ((1, 21, 7), "1.21.8"),
    ((1, 21, 6), "1.21.6"),
    ((1, 21, 5), "1.21.5"),
    ((1, 21, 4), "1.21.4"),
    ((1, 21, 2), "1.21.3"),
    ((1, 21, 0), "1.21.1"),
    ((1, 20, 5), "1.20.5"),
)
OLDEST = (1, 20, 5)
RELEASE_LINES = ((1, 20), (1, 21), (26, 1))
"""The release lines the vendored data covers (from 1.20.5; any hotfix of 26.1)."""
SUPPORTED_TEXT = "1.20.5–26.1.x"


class UnsupportedVersionError(ValueError):
    """A version string outside 1.20.5–26.1.x or not a version at all (code ``unsupported_version``)."""

    code = "unsupported_version"


@dataclass(frozen=True, slots=True, order=True)
class GameVersion:
    """A Java Edition release number such as ``1.21.6``.

    >>> GameVersion.parse("1.21") < GameVersion.parse("1.21.1")
    True
    """

    major: int
    minor: int
    patch: int = 0

    @classmethod
    def parse(cls, text: str) -> GameVersion:
        """Parse ``1.21`` / ``1.21.6``; raise :class:`UnsupportedVersionError` when outside the range."""
        m = _VERSION_RE.match(text.strip())
        if m is None:
            raise UnsupportedVersionError(f"not a Minecraft version: {text!r}")
        v = cls(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
        if not (v.triple >= OLDEST and v.triple[:2] in RELEASE_LINES):
            raise UnsupportedVersionError(
                f"unsupported Minecraft version {text} (supported: {SUPPORTED_TEXT})"
            )
        return v

    @property
    def triple(self) -> tuple[int, int, int]:
        """``(major, minor, patch)``."""
        return (self.major, self.minor, self.patch)

    def at_least(self, minor: int, patch: int = 0) -> bool:
        """Whether this is 1.<minor>.<patch> or later (26.x is later than every 1.x)."""
        return self.triple >= (1, minor, patch)

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}" if self.patch else f"{self.major}.{self.minor}"


def _pick(version: GameVersion, table: tuple[tuple[tuple[int, int, int], str], ...]) -> str:
    for lower, name in table:
        if version.triple >= lower:
            return name
    raise UnsupportedVersionError(str(version))


@dataclass(frozen=True, slots=True)
class Registries:
    """Registry ids of one version (namespaced ``minecraft:…``), loaded from the vendored slice."""

    items: frozenset[str]
    blocks: dict[str, dict[str, tuple[str, ...]]]
    entity_types: frozenset[str]
    components: frozenset[str]
    other: dict[str, frozenset[str]] = field(default_factory=dict)
    stack_sizes: dict[str, int] = field(default_factory=dict)
    durabilities: dict[str, int] = field(default_factory=dict)

    def max_stack_size(self, item: str) -> int:
        """The item's default ``max_stack_size`` (64 unless the vendored data says otherwise)."""
        return self.stack_sizes.get(item, 64)

    @staticmethod
    @functools.cache
    def load(name: str) -> Registries:
        """The snapshot ``registries-<name>.json.gz``."""
        file = resources.files("dfg_bridge.sim.grammar").joinpath(f"data/registries-{name}.json.gz")
        raw = file.read_bytes()
        data = json.loads(gzip.decompress(raw))

        def ns(ids: list[str]) -> frozenset[str]:
            return frozenset("minecraft:" + i for i in ids)

        return Registries(
            items=ns(data["item"]),
            blocks={"minecraft:" + b: {k: tuple(v) for k, v in p.items()} for b, p in data["block"].items()},
            entity_types=ns(data["entity_type"]),
            components=ns(data["data_component_type"]),
            other={
                "minecraft:enchantment": ns(data["enchantment"]),
                "minecraft:mob_effect": ns(data["mob_effect"]),
                "minecraft:particle_type": ns(data["particle_type"]),
                "minecraft:worldgen/biome": ns(data["worldgen/biome"]),
                **({"minecraft:attribute": ns(data["attribute"])} if data.get("attribute") else {}),
                "minecraft:entity_type": ns(data["entity_type"]),
                "minecraft:item": ns(data["item"]),
                "minecraft:block": ns(data["block"]),
            },
            stack_sizes={"minecraft:" + k: v for k, v in data["item_stack_size"].items()},
            durabilities={"minecraft:" + k: v for k, v in data["item_durability"].items()},
        )


@dataclass(frozen=True, slots=True)
class GrammarEnv:
    """Everything version-dependent a parser consults."""

    version: GameVersion
    tree_version: str
    registries: Registries
    msg: Messages

    @staticmethod
    @functools.cache
    def for_version(version: GameVersion) -> GrammarEnv:
        """The environment for ``version``."""
        tree = _pick(version, TREE_FOR)
        registries = Registries.load(_pick(version, REGISTRIES_FOR))
        return GrammarEnv(version, tree, registries, Messages.for_tree(tree))

    @property
    def snbt_text(self) -> bool:
        """Text components are written as SNBT (1.21.5+) rather than JSON."""
        return self.version.at_least(21, 5)

    @property
    def snbt_v2(self) -> bool:
        """The 1.21.5 SNBT grammar (hex/binary numbers, ``bool()``/``uuid()``, stricter unquoted strings)."""
        return self.version.at_least(21, 5)

    @property
    def lock_is_predicate(self) -> bool:
        """Container ``lock`` is an item predicate (1.21.2+) instead of a name string."""
        return self.version.at_least(21, 2)
