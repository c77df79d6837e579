"""Item-stack and item-predicate values (アイテムの値); import them from ``values``."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from dfg_bridge.sim.grammar.nbt import compare_nbt
from dfg_bridge.sim.grammar.values_base import IntRange

__all__ = [
    "ComponentTest",
    "ItemPredicate",
    "ItemPredicateTerm",
    "ItemStackArg",
    "MatchMode",
    "UnsupportedPredicateError",
]


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
