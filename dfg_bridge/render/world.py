"""Entities and blocks (エンティティ・ブロック): seats, texts, hand chests with locks, signs, forceload."""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.model.text import Click, ClickAction, Text
from dfg_bridge.render.base import FACINGS, DialectBase, clockwise, step
from dfg_bridge.render.errors import RenderError

_PROPERTY_RE = re.compile(r"^[a-z0-9_]+$")
SEALED_LOCK_PREFIX = "dfg-bridge locker "
"""The start of a locker's lock name on 1.20.5–1.21.1 (see :meth:`WorldCommands.sealed_lock_nbt`)."""


class Billboard(enum.StrEnum):
    """How a display entity turns towards the viewer."""

    FIXED = "fixed"
    """Never turns."""
    VERTICAL = "vertical"
    """Turns around the vertical axis."""
    HORIZONTAL = "horizontal"
    """Turns around the horizontal axis."""
    CENTER = "center"
    """Always faces the viewer."""


@dataclass(frozen=True, slots=True)
class LockKey:
    """The key that opens a seat's hand chest (鍵): the 「手札を開く」 book given to the seated player.

    Two lock forms exist, and the dialect writes the right one:

    * 1.20.5–1.21.1: ``Lock:"<name>"`` opens for a held item whose custom name, as plain text, equals
      ``name`` (style ignored). ``name`` must therefore differ per seat.
    * 1.21.2+: ``lock:{<item predicate>}``; we match the key's exact ``custom_data``
      (``{dfg:{id:"<tag>"}}``) so that the visible name may be the same for every seat.

    Use :meth:`item` to make the key, so that both forms match it.
    """

    name: str
    tag: str

    def item(self, item: str = "writable_book") -> ItemSpec:
        """The key item: named ``name`` (not italic) and tagged ``tag``."""
        return ItemSpec(item=item, name=Text(self.name, italic=False), tag=self.tag)


@dataclass(frozen=True, slots=True)
class SignLine:
    """One sign line: text, optionally running a command when the sign is clicked."""

    text: Text
    command: str | None = None


class WorldCommands(DialectBase):
    """Summon/modify/kill entities and place blocks."""

    # --- entities -------------------------------------------------------------------------------
    @staticmethod
    def tagged(tag: str, *, kind: str | None = None, single: bool = False) -> str:
        """A selector for our entities: ``@e[type=<kind>,tag=<tag>,limit=1]``.

        >>> WorldCommands.tagged("dfg_t1_c", kind="text_display", single=True)
        '@e[type=minecraft:text_display,tag=dfg_t1_c,limit=1]'
        """
        parts = []
        if kind is not None:
            # Entity types the daemon uses were never renamed (render.ids checks each version).
            kind_id = DialectBase.resource(kind, "entity type")
            parts.append("type=" + (kind_id if ":" in kind_id else "minecraft:" + kind_id))
        parts.append("tag=" + DialectBase.name(tag, "tag"))
        if single:
            parts.append("limit=1")
        return "@e[" + ",".join(parts) + "]"

    @staticmethod
    def our_dropped_items() -> str:
        """A selector for item entities carrying our ``custom_data.dfg`` (thrown or spilled cards).

        >>> WorldCommands.our_dropped_items()
        '@e[type=minecraft:item,nbt={Item:{components:{"minecraft:custom_data":{dfg:{}}}}}]'
        """
        return '@e[type=minecraft:item,nbt={Item:{components:{"minecraft:custom_data":{dfg:{}}}}}]'

    def summon_marker(self, pos: Vec3, tags: Sequence[str]) -> str:
        """``summon marker <pos> {Tags:[…]}`` (an invisible anchor)."""
        return f"summon minecraft:marker {self.vec(pos)} {{{self.tags_nbt(tags)}}}"

    def summon_seat(self, pos: Vec3, tags: Sequence[str], yaw: float = 0.0) -> str:
        """An invisible, gravity-less armor stand a player can be ``ride``-mounted on (席).

        Markers cannot carry passengers, so seats are marker-sized armor stands.
        """
        nbt = (
            f"{self.tags_nbt(tags)},Invisible:1b,Marker:1b,NoGravity:1b,Invulnerable:1b,Silent:1b,"
            f"Rotation:[{self.number(yaw)}f,0.0f]"
        )
        return f"summon minecraft:armor_stand {self.vec(pos)} {{{nbt}}}"

    def summon_text_display(
        self,
        pos: Vec3,
        tags: Sequence[str],
        text: Text,
        *,
        billboard: Billboard = Billboard.CENTER,
        line_width: int | None = None,
        background: int | None = None,
    ) -> str:
        """``summon text_display <pos> {Tags:[…],text:…,billboard:…}`` (over-seat and centre texts)."""
        board = self.nbt_str(Billboard(billboard).value)
        nbt = f"{self.tags_nbt(tags)},text:{self.nbt_text(text)},billboard:{board}"
        if line_width is not None:
            nbt += f",line_width:{int(line_width)}"
        if background is not None:
            nbt += f",background:{int(background)}"
        return f"summon minecraft:text_display {self.vec(pos)} {{{nbt}}}"

    def summon_block_display(
        self, pos: Vec3, tags: Sequence[str], block: str, properties: Mapping[str, str] | None = None
    ) -> str:
        """``summon block_display <pos> {Tags:[…],block_state:{Name:…,Properties:{…}}}``."""
        state = "Name:" + self.nbt_str(self.game_id(block, "block"))
        if properties:
            state += (
                ",Properties:{"
                + ",".join(f"{self._prop(k)}:{self.nbt_str(self._prop(v))}" for k, v in properties.items())
                + "}"
            )
        nbt = f"{self.tags_nbt(tags)},block_state:{{{state}}}"
        return f"summon minecraft:block_display {self.vec(pos)} {{{nbt}}}"

    def set_display_text(self, entity: str, text: Text) -> str:
        """``data merge entity <entity> {text:…}``; ``entity`` selects one text_display (:meth:`tagged`)."""
        return f"data merge entity {self.target(entity)} {{text:{self.nbt_text(text)}}}"

    def kill(self, entities: str) -> str:
        """``kill <entities>`` (use :meth:`tagged`; never kills players by name)."""
        if not entities.startswith("@e["):
            raise RenderError("bad_target", f"kill only takes an @e[…] selector: {entities!r}")
        return f"kill {self.target(entities)}"

    def ride_mount(self, target: str, vehicle: str) -> str:
        """``ride <target> mount <vehicle>`` (sit the player on their seat)."""
        return f"ride {self.target(target)} mount {self.target(vehicle)}"

    def ride_dismount(self, target: str) -> str:
        """``ride <target> dismount``."""
        return f"ride {self.target(target)} dismount"

    def teleport(self, target: str, pos: Vec3, yaw: float | None = None, pitch: float | None = None) -> str:
        """``tp <target> <x y z> [<yaw> <pitch>]``."""
        cmd = f"tp {self.target(target)} {self.vec(pos)}"
        if yaw is not None or pitch is not None:
            cmd += f" {self.number(yaw or 0.0)} {self.number(pitch or 0.0)}"
        return cmd

    def teleport_to_spawn(self, target: str) -> str:
        """``tp <target> ~0.5 ~ ~0.5``: an RCON command's ``~`` is the world spawn block (ARCHITECTURE §9)."""
        return f"tp {self.target(target)} ~0.5 ~ ~0.5"

    # --- blocks ---------------------------------------------------------------------------------
    def _prop(self, value: str) -> str:
        if not _PROPERTY_RE.fullmatch(value):
            raise RenderError("bad_block", f"not a block property name/value: {value!r}")
        return value

    def block_state(self, block: str, properties: Mapping[str, str] | None = None) -> str:
        """``oak_sign[rotation=8]``-style block state (the id as this version spells it)."""
        out = self.game_id(block, "block")
        if properties:
            out += "[" + ",".join(f"{self._prop(k)}={self._prop(v)}" for k, v in properties.items()) + "]"
        return out

    def setblock(self, pos: BlockPos, state: str, nbt: str | None = None, *, mode: str = "replace") -> str:
        """``setblock <x y z> <state>[<nbt>] [replace|keep|destroy]``; ``state`` from :meth:`block_state`."""
        if mode not in ("replace", "keep", "destroy"):
            raise RenderError("bad_mode", f"setblock mode {mode!r}")
        return f"setblock {self.block_pos(pos)} {state}{nbt or ''} {mode}"

    def fill(
        self,
        a: BlockPos,
        b: BlockPos,
        state: str,
        *,
        mode: str | None = None,
        nbt: str | None = None,
        only: str | None = None,
    ) -> str:
        """``fill <from> <to> <state>[<nbt>] [replace [<only>]|keep|destroy|hollow|outline]``.

        ``only`` (a block or ``#tag``, e.g. ``#minecraft:mineable/pickaxe``) limits ``replace`` to the
        blocks it matches.
        """
        if mode not in (None, "replace", "keep", "destroy", "hollow", "outline"):
            raise RenderError("bad_mode", f"fill mode {mode!r}")
        cmd = f"fill {self.block_pos(a)} {self.block_pos(b)} {state}{nbt or ''}"
        if only is not None:
            if mode not in (None, "replace"):
                raise RenderError("bad_mode", "a fill filter needs mode replace")
            tag = only.startswith("#")
            return f"{cmd} replace {'#' if tag else ''}{self.game_id(only.removeprefix('#'), 'block')}"
        return cmd if mode is None else f"{cmd} {mode}"

    def sealed_lock_nbt(self, secret: str) -> str:
        """A container lock that no held item opens: custody lockers (預かり箱) are never opened by hand.

        1.21.2+: ``lock:{count:{min:100}}``, an item predicate no stack meets (a stack holds at most 99).
        1.20.5–1.21.1: ``Lock:"dfg-bridge locker <secret>"``, a name longer than the anvil's 50-character
        limit and carrying ``secret`` (hex, never shown or stored), so no renamed item matches it.
        The daemon copies items in and out with ``item replace``, which ignores locks.
        """
        if not re.fullmatch(r"[0-9a-f]{32,64}", secret):
            raise RenderError("bad_secret", "a locker secret is 32 to 64 lowercase hex digits")
        if self.lock_predicate:
            return "lock:{count:{min:100}}"
        return "Lock:" + self.nbt_str(f"{SEALED_LOCK_PREFIX}{secret}")

    def seal_container(self, pos: BlockPos, secret: str) -> str:
        """``data merge block <pos> {<sealed lock>}``: lock a container so no held item opens it."""
        return f"data merge block {self.block_pos(pos)} {{{self.sealed_lock_nbt(secret)}}}"

    def lock_path(self) -> str:
        """The NBT key a container's lock is stored under: ``lock`` (1.21.2+) or ``Lock``."""
        return "lock" if self.lock_predicate else "Lock"

    def lock_nbt(self, key: LockKey) -> str:
        """The container lock entry for ``key`` in this version (see :class:`LockKey`)."""
        if self.lock_predicate:
            return 'lock:{components:{"minecraft:custom_data":' + self.custom_data(key.tag) + "}}"
        return "Lock:" + self.nbt_str(key.name)

    def set_lock(self, pos: BlockPos, name: str, tag: str) -> str:
        """``data merge block <pos> {Lock:…}`` (or ``{lock:…}`` on 1.21.2+): re-key a container.

        ``name`` and ``tag`` are those of a :class:`LockKey` (plain values, so the host can pass them).
        """
        return f"data merge block {self.block_pos(pos)} {{{self.lock_nbt(LockKey(name, tag))}}}"

    def rekey_double_chest(
        self, a: BlockPos, b: BlockPos, facing: str, *, key_name: str, key_tag: str, title: Text | None = None
    ) -> tuple[str, str, str, str]:
        """Four commands that re-place a double chest, empty and locked to a new key.

        Replacing the block (air first: ``setblock`` refuses an unchanged state) removes its block
        entity, which closes the chest for anyone who still had it open (vanilla's ``stillValid``);
        merely changing the lock would not. ``key_name``/``key_tag`` are those of a :class:`LockKey`.
        """
        air = self.block_state("minecraft:air")
        left, right = self.double_chest(a, b, facing, lock=LockKey(key_name, key_tag), title=title)
        return (self.setblock(a, air), self.setblock(b, air), left, right)

    def double_chest(
        self, a: BlockPos, b: BlockPos, facing: str, *, lock: LockKey | None = None, title: Text | None = None
    ) -> tuple[str, str]:
        """Two ``setblock`` commands for a double chest on blocks ``a`` and ``b``, front towards ``facing``.

        The halves must be side by side across ``facing``. The ``type=left`` half's partner lies
        clockwise of ``facing``; the ``type=right`` half holds rows 1–3 of the 54-slot screen
        (``ChestBlock.getBlockType``: RIGHT is FIRST). Both halves get the lock, because opening checks both.
        """
        if facing not in FACINGS:
            raise RenderError("bad_facing", f"not a horizontal facing: {facing!r}")
        side = clockwise(facing)
        if step(a, side) == b:
            left, right = a, b
        elif step(b, side) == a:
            left, right = b, a
        else:
            raise RenderError("bad_geometry", f"{a} and {b} are not side by side across {facing}")
        entries = []
        if lock is not None:
            entries.append(self.lock_nbt(lock))
        if title is not None:
            entries.append("CustomName:" + self.nbt_text(title))
        nbt = "{" + ",".join(entries) + "}" if entries else None
        return (
            self.setblock(left, self._chest(facing, "left"), nbt),
            self.setblock(right, self._chest(facing, "right"), nbt),
        )

    def _chest(self, facing: str, half: str) -> str:
        return self.block_state("minecraft:chest", {"facing": facing, "type": half})

    def container_title(self, pos: BlockPos, title: Text) -> str:
        """``data merge block <pos> {CustomName:…}`` (shown the next time the container opens)."""
        return f"data merge block {self.block_pos(pos)} {{CustomName:{self.nbt_text(title)}}}"

    def _sign_messages(self, lines: Sequence[SignLine]) -> str:
        if len(lines) > 4:
            raise RenderError("bad_sign", "a sign has 4 lines")
        padded = list(lines) + [SignLine(Text(""))] * (4 - len(lines))
        texts = []
        for line in padded:
            text = line.text
            if line.command is not None:
                text = replace(text, click=Click(ClickAction.RUN_COMMAND, line.command))
            texts.append(text)
        return "{messages:" + self.nbt_text_list(texts) + "}"

    def sign(
        self,
        pos: BlockPos,
        lines: Sequence[SignLine],
        *,
        wall_facing: str | None = None,
        rotation: int = 0,
        wood: str = "oak",
    ) -> str:
        """A waxed sign with up to 4 lines: a wall sign if ``wall_facing`` is given, else standing.

        Clicking a sign runs every line's click command as the clicking player; waxing stops editing.
        """
        if wall_facing is not None:
            if wall_facing not in FACINGS:
                raise RenderError("bad_facing", f"not a horizontal facing: {wall_facing!r}")
            state = self.block_state(f"minecraft:{wood}_wall_sign", {"facing": wall_facing})
        else:
            if not 0 <= rotation <= 15:
                raise RenderError("bad_rotation", f"sign rotation must be 0..15, got {rotation}")
            state = self.block_state(f"minecraft:{wood}_sign", {"rotation": str(rotation)})
        return self.setblock(pos, state, f"{{front_text:{self._sign_messages(lines)},is_waxed:1b}}")

    @staticmethod
    def sign_support(pos: BlockPos, wall_facing: str | None) -> BlockPos:
        """The block a sign at ``pos`` hangs on: behind a wall sign, under a standing one.

        A sign without it stays only until the next block update next to it, then drops as an item
        (``WallSignBlock``/``StandingSignBlock.canSurvive``).

        >>> WorldCommands.sign_support((0, 64, 5), "south"), WorldCommands.sign_support((0, 64, 5), None)
        ((0, 64, 4), (0, 63, 5))
        """
        if wall_facing is None:
            return (pos[0], pos[1] - 1, pos[2])
        if wall_facing not in FACINGS:
            raise RenderError("bad_facing", f"not a horizontal facing: {wall_facing!r}")
        return step(pos, clockwise(clockwise(wall_facing)))

    def sign_text(self, pos: BlockPos, lines: Sequence[SignLine]) -> str:
        """``data merge block <pos> {front_text:{messages:[…]}}`` (rewrite an existing sign)."""
        return f"data merge block {self.block_pos(pos)} {{front_text:{self._sign_messages(lines)}}}"

    @staticmethod
    def forceload_add(a: tuple[int, int], b: tuple[int, int] | None = None) -> str:
        """``forceload add <x z> [<x z>]`` (block columns; keeps the custody lockers loaded)."""
        cmd = f"forceload add {int(a[0])} {int(a[1])}"
        return cmd if b is None else f"{cmd} {int(b[0])} {int(b[1])}"

    @staticmethod
    def forceload_remove(a: tuple[int, int], b: tuple[int, int] | None = None) -> str:
        """``forceload remove <x z> [<x z>]``."""
        cmd = f"forceload remove {int(a[0])} {int(a[1])}"
        return cmd if b is None else f"{cmd} {int(b[0])} {int(b[1])}"
