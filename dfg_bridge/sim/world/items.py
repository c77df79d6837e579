"""Item stacks (アイテムスタック) with data components, as vanilla 1.20.5+ keeps them.

Components are keyed by namespaced id. Text-valued components (``custom_name``, ``item_name``, ``lore``)
hold normalised text dicts so that ``{text:"a"}`` and ``"a"`` compare equal as they do in vanilla;
every other component holds NBT values as the grammar parsed them. A removed default component is
kept as vanilla writes it, ``"!minecraft:food": {}``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from dfg_bridge.sim.grammar.nbt import Byte, Int
from dfg_bridge.sim.lang import Texts
from dfg_bridge.sim.world import text as textmod

__all__ = ["TEXT_COMPONENTS", "ItemStack", "namespaced"]

TEXT_COMPONENTS = frozenset({"minecraft:custom_name", "minecraft:item_name"})
LORE = "minecraft:lore"


def namespaced(identifier: str) -> str:
    """``red_dye`` → ``minecraft:red_dye`` (already namespaced ids are kept).

    >>> namespaced("red_dye"), namespaced("dfg:x")
    ('minecraft:red_dye', 'dfg:x')
    """
    return identifier if ":" in identifier else f"minecraft:{identifier}"


@dataclasses.dataclass(frozen=True, eq=True)
class ItemStack:
    """One non-empty stack: ``id`` (namespaced), ``count`` ≥ 1 and its component patch."""

    id: str
    count: int = 1
    components: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    __hash__ = None  # type: ignore[assignment]  # components are dicts: equal stacks, no hashing

    def max_stack_size(self, texts: Texts) -> int:
        """``max_stack_size`` component or the item's default (a damageable item stacks to 1)."""
        value = self.components.get("minecraft:max_stack_size")
        if isinstance(value, Int):
            return value.value
        if "minecraft:max_damage" in self.components:
            return 1
        return texts.max_stack(self.id)

    def with_count(self, count: int) -> ItemStack:
        """The same item with another count."""
        return dataclasses.replace(self, count=count)

    def same_item_same_components(self, other: ItemStack | None) -> bool:
        """Vanilla ``ItemStack.isSameItemSameComponents``: stacks that may merge."""
        return other is not None and self.id == other.id and self.components == other.components

    @property
    def custom_name(self) -> textmod.TextDict | None:
        """The ``custom_name`` component, if any."""
        value = self.components.get("minecraft:custom_name")
        return value if isinstance(value, dict) else None

    def hover_name(self, texts: Texts) -> str:
        """Plain name shown on hover: custom name, else ``item_name``, else the item's English name."""
        for key in ("minecraft:custom_name", "minecraft:item_name"):
            value = self.components.get(key)
            if isinstance(value, dict):
                return textmod.plain_text(value)
        return texts.item_name(self.id)

    def display_name(self, texts: Texts) -> str:
        """Vanilla ``ItemStack.getDisplayName()`` as plain text: the hover name in brackets."""
        return f"[{self.hover_name(texts)}]"

    # -- NBT ------------------------------------------------------------------------------------------

    def to_nbt(self, *, json_text: bool, slot: int | None = None) -> dict[str, Any]:
        """The stack as vanilla saves it (``{id, count, components}`` plus ``Slot`` in containers)."""
        out: dict[str, Any] = {}
        if slot is not None:
            out["Slot"] = Byte(slot)
        out["id"] = self.id
        out["count"] = Int(self.count)
        if self.components:
            out["components"] = self._components_nbt(json_text)
        return out

    def _components_nbt(self, json_text: bool) -> dict[str, Any]:
        # Stacks never change, so their encoded components are computed once (data get is on hot paths).
        cache: dict[bool, dict[str, Any]] = self.__dict__.setdefault("_nbt_cache", {})
        encoded = cache.get(json_text)
        if encoded is None:
            encoded = {
                key: _component_to_nbt(key, value, json_text) for key, value in self.components.items()
            }
            cache[json_text] = encoded
        return encoded

    @classmethod
    def from_nbt(cls, tag: Mapping[str, Any], *, json_text: bool) -> ItemStack | None:
        """A saved stack → ``ItemStack`` (``None`` for air, a zero count or a malformed tag)."""
        item_id = tag.get("id")
        if not isinstance(item_id, str) or namespaced(item_id) == "minecraft:air":
            return None
        count_tag = tag.get("count", Int(1))
        count = getattr(count_tag, "value", 1)
        if not isinstance(count, int) or count <= 0:
            return None
        raw = tag.get("components", {})
        components: dict[str, Any] = {}
        if isinstance(raw, Mapping):
            for key, value in raw.items():
                name = key if key.startswith("!") else namespaced(key)
                if name.startswith("!") and ":" not in name:
                    name = "!" + namespaced(name[1:])
                components[name] = component_from_nbt(name, value, json_text)
        return cls(namespaced(item_id), count, components)


def component_from_nbt(key: str, value: Any, json_text: bool) -> Any:
    """A component value read from NBT → the stored form (text normalised)."""
    if key in TEXT_COMPONENTS:
        return textmod.from_nbt(value, json_strings=json_text)
    if key == LORE and isinstance(value, list):
        return [textmod.from_nbt(v, json_strings=json_text) for v in value]
    return value


def _component_to_nbt(key: str, value: Any, json_text: bool) -> Any:
    if key in TEXT_COMPONENTS and isinstance(value, dict):
        return textmod.to_json_string(value) if json_text else textmod.to_nbt(value)
    if key == LORE and isinstance(value, list):
        return [
            (textmod.to_json_string(v) if json_text else textmod.to_nbt(v)) if isinstance(v, dict) else v
            for v in value
        ]
    return value
