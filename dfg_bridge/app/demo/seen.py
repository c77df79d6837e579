"""What Steve sees (スティーブの視界), read from the sim's control API and nothing else.

:func:`seen` turns ``GET /players/Steve`` and ``GET /world`` into a :class:`SteveView` value: the open
screen slot by slot, his inventory's key, the newest chat, the bossbar, the sidebar and the texts
floating over the seats. The demo's screen draws a :class:`SteveView`; Steve decides from one.
:func:`trim_player` / :func:`trim_world` keep just the parts :func:`seen` reads, for recordings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from dfg_bridge.sim.world.text import plain_text

CHAT_KEPT = 40
"""Chat messages a recording keeps (the screen shows fewer)."""
SEEN_RADIUS = 32.0
"""Floating texts within this many blocks of Steve are in sight."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One stack in the open screen, as the player sees it: item, count, name, enchantment glint."""

    item: str
    count: int
    name: str
    glint: bool = False
    lore: tuple[str, ...] = ()

    @property
    def short_id(self) -> str:
        """The item id without ``minecraft:``."""
        return self.item.removeprefix("minecraft:")


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One chat message: its index in the player's chat, its text, its clickable parts."""

    index: int
    text: str
    parts: tuple[tuple[int, str, str | None], ...] = ()
    """(part number, text, command run on click or ``None``)."""


@dataclass(frozen=True, slots=True)
class Bossbar:
    """A bossbar the player sees."""

    name: str
    value: int
    max: int
    color: str


@dataclass(frozen=True, slots=True)
class SteveView:
    """Everything Steve sees at one moment."""

    name: str = "Steve"
    position: tuple[float, float, float] = (0.0, 0.0, 0.0)
    screen_title: str | None = None
    """The open container's title (``None``: no screen open)."""
    screen_size: int = 0
    slots: dict[int, Slot] = field(default_factory=dict)
    key_slot: int | None = None
    """Hotbar slot (0–8) of the 「手札を開く」 key book, if Steve holds one."""
    chests: tuple[tuple[int, int, int], ...] = ()
    """Chest blocks in sight (the screen's chest is the one in front of his seat)."""
    chat: tuple[ChatLine, ...] = ()
    bossbars: tuple[Bossbar, ...] = ()
    sidebar_title: str = ""
    sidebar: tuple[str, ...] = ()
    seat_texts: tuple[str, ...] = ()
    """Texts floating over the seats and the table centre, nearest first."""

    @property
    def screen_open(self) -> bool:
        """Whether a container screen is open."""
        return self.screen_title is not None

    def nearest_chest(self) -> tuple[int, int, int] | None:
        """The chest block nearest to Steve (the one in front of his seat)."""
        if not self.chests:
            return None
        return min(self.chests, key=lambda p: math.dist(self.position, (p[0] + 0.5, p[1] + 0.5, p[2] + 0.5)))


def _slot(view: dict[str, Any]) -> Slot:
    components = view.get("components") or {}
    lore_raw = components.get("minecraft:lore") or []
    lore = tuple(_plain(line) for line in lore_raw) if isinstance(lore_raw, list) else ()
    return Slot(
        item=str(view.get("id", "")),
        count=int(view.get("count", 1)),
        name=str(view.get("name", "")),
        glint=bool(view.get("glint")),
        lore=lore,
    )


def _plain(component: object) -> str:
    """The plain text of a lore line (a JSON text component, or a bare string)."""
    if isinstance(component, dict):
        return plain_text(component)
    return component if isinstance(component, str) else ""


def _is_key(view: dict[str, Any]) -> bool:
    data = view.get("custom_data") or {}
    dfg = data.get("dfg") if isinstance(data, dict) else None
    return isinstance(dfg, dict) and str(dfg.get("id", "")).startswith("key_")


def seen(player: dict[str, Any], world: dict[str, Any] | None = None) -> SteveView:
    """Steve's view from ``GET /players/{name}`` and (for chests and floating texts) ``GET /world``."""
    opened = player.get("open")
    slots = {int(k): _slot(v) for k, v in (opened or {}).get("slots", {}).items() if v}
    key_slot = next(
        (int(k) for k, v in sorted(player.get("inventory", {}).items(), key=lambda kv: int(kv[0]))
         if int(k) <= 8 and v and _is_key(v)),
        None,
    )  # fmt: skip
    chat = tuple(
        ChatLine(
            int(m.get("index", i)),
            str(m.get("text", "")),
            tuple(
                (int(p.get("part", j)), str(p.get("text", "")), _command(p.get("click_event")))
                for j, p in enumerate(m.get("parts", []))
            ),
        )
        for i, m in enumerate(player.get("chat", []))
    )
    bars = tuple(
        Bossbar(str(b.get("name", "")), int(b.get("value", 0)), max(1, int(b.get("max", 1))),
                str(b.get("color", "white")))
        for b in player.get("bossbars") or []
    )  # fmt: skip
    sidebar = player.get("sidebar") or {}
    x, y, z = ([float(v) for v in player.get("position") or ()] + [0.0, 0.0, 0.0])[:3]
    position = (x, y, z)
    chests: tuple[tuple[int, int, int], ...] = ()
    texts: tuple[str, ...] = ()
    if world is not None:
        chests = tuple(
            (int(c["pos"][0]), int(c["pos"][1]), int(c["pos"][2]))
            for c in world.get("containers", []) if str(c.get("id", "")).endswith(":chest")
        )  # fmt: skip
        shown = [
            (math.dist(position, e["pos"]), str(e["text"]))
            for e in world.get("entities", [])
            if e.get("type") == "minecraft:text_display" and e.get("text")
            and math.dist(position, e["pos"]) <= SEEN_RADIUS
        ]  # fmt: skip
        texts = tuple(text for _d, text in sorted(shown))
    return SteveView(
        name=str(player.get("name", "Steve")),
        position=position,
        screen_title=str(opened.get("title", "")) if opened else None,
        screen_size=int(opened.get("size", 0)) if opened else 0,
        slots=slots,
        key_slot=key_slot,
        chests=chests,
        chat=chat,
        bossbars=bars,
        sidebar_title=str(sidebar.get("title", "")),
        sidebar=tuple(
            f"{line.get('text', '')} {line.get('number', '')}".rstrip() for line in sidebar.get("lines", [])
        ),
        seat_texts=texts,
    )


def _command(event: object) -> str | None:
    if isinstance(event, dict) and event.get("action") == "run_command":
        return str(event.get("command", ""))
    return None


def trim_player(player: dict[str, Any]) -> dict[str, Any]:
    """The parts of ``GET /players/{name}`` that :func:`seen` reads (recent chat only)."""
    keep = ("name", "position", "open", "inventory", "bossbars", "sidebar")
    out = {k: player.get(k) for k in keep}
    out["chat"] = [
        {"index": m.get("index"), "text": m.get("text"), "parts": m.get("parts", [])}
        for m in player.get("chat", [])[-CHAT_KEPT:]
    ]
    return out


def trim_world(world: dict[str, Any]) -> dict[str, Any]:
    """The parts of ``GET /world`` that :func:`seen` reads: chests and floating texts."""
    return {
        "containers": [c for c in world.get("containers", []) if str(c.get("id", "")).endswith(":chest")],
        "entities": [
            {"type": e.get("type"), "pos": e.get("pos"), "text": e.get("text")}
            for e in world.get("entities", [])
            if e.get("type") == "minecraft:text_display"
        ],
    }


__all__ = ["Bossbar", "ChatLine", "Slot", "SteveView", "seen", "trim_player", "trim_world"]
