"""Vanilla's en_us texts, item names and stack sizes per version (言語データ), from the vendored slice.

>>> t = Texts.for_version("1.21.6")
>>> t.tr("commands.give.success.single", 12, "[Q♥]", "Steve")
'Gave 12 [Q♥] to Steve'
>>> t.item_name("minecraft:red_dye"), t.max_stack("minecraft:written_book")
('Red Dye', 16)
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from importlib import resources
from typing import Any

from dfg_bridge.sim.grammar.env import GameVersion

__all__ = ["Texts"]

_VENDORED = (
    "1.20.5",
    "1.21.1",
    "1.21.3",
    "1.21.4",
    "1.21.5",
    "1.21.6",
    "1.21.8",
    "1.21.9",
    "1.21.11",
    "26.1",
)
_PLACEHOLDER = re.compile(r"%(?:(\d+)\$)?s|%%")


def _fmt_arg(value: object) -> str:
    return value if isinstance(value, str) else str(value)


class Texts:
    """One version's translation table plus item and entity names."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._lang: dict[str, str] = data["lang"]
        self._items: dict[str, list[Any]] = data["items"]
        self._entities: dict[str, str] = data["entities"]

    @staticmethod
    @functools.cache
    def _load(vendored: str) -> Texts:
        raw = resources.files("dfg_bridge.sim.data").joinpath(f"world-{vendored}.json.gz").read_bytes()
        return Texts(json.loads(gzip.decompress(raw)))

    @classmethod
    def for_version(cls, version: str) -> Texts:
        """The newest vendored table not newer than ``version``."""
        wanted = GameVersion.parse(version)
        best = _VENDORED[0]
        for candidate in _VENDORED:
            if GameVersion.parse(candidate) <= wanted:
                best = candidate
        return cls._load(best)

    def has(self, key: str) -> bool:
        """Whether this version knows the translation key."""
        return key in self._lang

    def tr(self, key: str, *args: object) -> str:
        """The text of ``key`` with Java-style ``%s``/``%1$s`` arguments (the key itself if unknown)."""
        template = self._lang.get(key, key)
        if not args:
            return template.replace("%%", "%")
        it = iter(args)

        def repl(match: re.Match[str]) -> str:
            if match.group(0) == "%%":
                return "%"
            if match.group(1):
                index = int(match.group(1)) - 1
                return _fmt_arg(args[index]) if 0 <= index < len(args) else ""
            return _fmt_arg(next(it, ""))

        return _PLACEHOLDER.sub(repl, template)

    def item_name(self, item_id: str) -> str:
        """English name of an item (``minecraft:red_dye`` → ``Red Dye``); unknown ids are title-cased."""
        entry = self._items.get(item_id.split(":", 1)[-1])
        if entry is not None:
            return str(entry[0])
        return " ".join(w.capitalize() for w in item_id.split(":", 1)[-1].split("_"))

    def max_stack(self, item_id: str) -> int:
        """Default max stack size of an item (64 if unknown)."""
        entry = self._items.get(item_id.split(":", 1)[-1])
        return int(entry[1]) if entry is not None else 64

    def is_item(self, item_id: str) -> bool:
        """Whether the item exists in this version."""
        return item_id.split(":", 1)[-1] in self._items

    def entity_name(self, entity_type: str) -> str:
        """English name of an entity type (``minecraft:text_display`` → ``Text Display``)."""
        path = entity_type.split(":", 1)[-1]
        return self._entities.get(path) or " ".join(w.capitalize() for w in path.split("_"))
