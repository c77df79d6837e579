"""Tests that watch for player input in one command (入力の監視): item tests, statistics, tags.

The hand screen learns about clicks and tampering by asking the server questions whose answer is
"nothing happened" almost always. :meth:`WatchCommands.all_clear` joins many such questions into one
``execute if|unless … if|unless …`` chain that replies ``Test passed`` only when every one of them
holds; anything else (``Test failed`` or an empty reply, when an earlier test stops the chain) means
"look closer". ``execute if|unless items`` exists since 1.20.5 and counts items in any slot range of
any entities (``container.*``, ``player.cursor``, ``enderchest.*`` …) for every selected player at once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from dfg_bridge.model.positions import Vec3
from dfg_bridge.render.base import DialectBase, fits
from dfg_bridge.render.errors import RenderError

_SLOT_RANGES = frozenset(
    {
        "container.*",
        "hotbar.*",
        "inventory.*",
        "enderchest.*",
        "armor.*",
        "weapon.*",
        "weapon.offhand",
        "player.cursor",
        "player.crafting.*",
    }
)


_STAT_RE = re.compile(r"^[a-z0-9_]{1,40}$")
_TAG_RE = re.compile(r"^[a-z][a-z0-9_]{0,30}$")


class WatchCommands(DialectBase):
    """Predicates and one-command test chains for the hand screen's watch."""

    @staticmethod
    def our_keys(tag: str | None = None) -> str:
        """Key books (``*[custom_data~{dfg:{key:1b}}]``), or the one whose tag is ``tag``."""
        if tag is None:
            return "*[custom_data~{dfg:{key:1b}}]"
        return f"*[custom_data~{{dfg:{{id:{DialectBase.name(tag, 'tag')},key:1b}}}}]"

    @staticmethod
    def our_keys_except(tag: str) -> str:
        """Every key book except the one whose tag is ``tag`` (a player's old or someone else's keys)."""
        return f"*[custom_data~{{dfg:{{key:1b}}}},!custom_data~{{dfg:{{id:{DialectBase.name(tag, 'tag')}}}}}]"

    @staticmethod
    def our_non_keys() -> str:
        """Every item of ours except key books: cards, buttons, screen items."""
        return "*[custom_data~{dfg:{}},!custom_data~{dfg:{key:1b}}]"

    def items_check(self, holds: bool, target: str, slots: str, predicate: str) -> str:
        """``if|unless items entity <target> <slots> <predicate>``: ``holds`` asks for at least one.

        ``predicate`` is one of this class's item predicates (``our_keys``, ``our_non_keys``).
        """
        if slots not in _SLOT_RANGES:
            self.slot(slots)  # one slot, e.g. hotbar.3 (raises for anything else)
        word = "if" if holds else "unless"
        return f"{word} items entity {self.target(target)} {slots} {predicate}"

    def entity_check(self, exists: bool, selector: str) -> str:
        """``if|unless entity <selector>``."""
        return f"{'if' if exists else 'unless'} entity {self.target(selector)}"

    def dropped_near(self, pos: Vec3, radius: float) -> str:
        """Our item entities within ``radius`` of ``pos`` (``@e[type=item,x=…,distance=..r,nbt=…]``).

        The distance limits the NBT test to the few item entities near a table.
        """
        x, y, z = (self.number(c) for c in pos)
        nbt = '{Item:{components:{"minecraft:custom_data":{dfg:{}}}}}'
        return f"@e[type=minecraft:item,x={x},y={y},z={z},distance=..{self.number(radius)},nbt={nbt}]"

    def container_holds(self, pos: tuple[int, int, int], block: str, slots: Sequence[tuple[int, int]]) -> str:
        """``if block <pos> <block>{Items:[{Slot:Nb,count:C},…]} unless data block <pos> Items[n]``.

        Holds exactly when the container's stacks are in exactly these ``(slot, count)`` pairs: every
        pair is present (a block predicate's NBT matches lists partially) and there are no more.
        """
        where = self.block_pos(pos)
        entries = ",".join(f"{{Slot:{int(slot)}b,count:{int(count)}}}" for slot, count in slots)
        resource = self.resource(block, "block")
        test = f"if block {where} {resource}{{Items:[{entries}]}} " if slots else ""
        return f"{test}unless data block {where} Items[{len(slots)}]"

    def ender_holds(self, target: str, slots: Sequence[tuple[int, int]]) -> str:
        """The same for a player's ender chest (``EnderItems``)."""
        name = self.target(target)
        entries = ",".join(f"{{Slot:{int(slot)}b,count:{int(count)}}}" for slot, count in slots)
        test = f"if entity @a[name={name},limit=1,nbt={{EnderItems:[{entries}]}}] " if slots else ""
        return f"{test}unless data entity {name} EnderItems[{len(slots)}]"

    def all_clear(self, checks: Sequence[str]) -> str:
        """``execute <check> <check> …``: replies ``Test passed`` exactly when every check holds.

        ``checks`` come from :meth:`items_check` and :meth:`entity_check`.
        """
        if not checks:
            raise RenderError("bad_command", "all_clear needs at least one check")
        command = "execute " + " ".join(checks)
        if not fits(command):
            raise RenderError("too_long", f"{len(checks)} checks do not fit in one command")
        return command

    def ride(self, question: str, command: str) -> str:
        """``<question> run <command>``: ``command`` runs only when every check of ``question`` (an
        :meth:`all_clear` chain) holds, and the reply is empty exactly when one did not (a failed
        ``execute`` condition stops the chain without a word)."""
        if not question.startswith("execute "):
            raise RenderError("bad_command", "a riding question is an execute chain")
        ridden = f"{question} run {command}"
        if not fits(ridden):
            raise RenderError("too_long", "the question and the command do not fit in one command")
        return ridden

    def unless_foreign_in_block(
        self, pos: tuple[int, int, int], slot: str, command: str, *, own: str | None = None
    ) -> str:
        """``command`` only if container slot ``slot`` at ``pos`` holds nothing or an item of ours.

        ``execute unless items block <pos> <slot> *[!custom_data~{dfg:{}}] run <command>``: a write that
        would replace a player's own item does not happen (the reply is then empty). With ``own`` (an
        item tag such as ``h45``) only our item of that tag may be replaced: a card a player moved there
        stays until the screen is read.
        """
        return self._unless_foreign(f"block {self.block_pos(pos)}", slot, command, own)

    def unless_foreign_on(self, target: str, slot: str, command: str, *, own: str | None = None) -> str:
        """``command`` only if the player's ``slot`` holds nothing or an item of ours (ender-chest screen;
        ``own``: as :meth:`unless_foreign_in_block`)."""
        return self._unless_foreign(f"entity {self.target(target)}", slot, command, own)

    def if_items_on(self, target: str, slot: str, predicate: str, command: str) -> str:
        """``execute if items entity <target> <slot> <predicate> run <command>`` (only while it holds)."""
        if not command or command.startswith("/") or "\n" in command:
            raise RenderError("bad_command", f"not a command to wrap: {command!r}")
        return f"execute if items entity {self.target(target)} {self.slot(slot)} {predicate} run {command}"

    def _unless_foreign(self, where: str, slot: str, command: str, own: str | None) -> str:
        if not command or command.startswith("/") or "\n" in command:
            raise RenderError("bad_command", f"not a command to wrap: {command!r}")
        if own is not None and not _TAG_RE.fullmatch(own):
            raise RenderError("bad_name", f"not an item tag: {own!r}")
        ours = "{}" if own is None else f'{{id:"{own}"}}'
        return f"execute unless items {where} {self.slot(slot)} *[!custom_data~{{dfg:{ours}}}] run {command}"

    def stat_objective(self, name: str, stat: str) -> str:
        """``scoreboard objectives add <name> minecraft.custom:minecraft.<stat>`` (e.g. ``open_chest``)."""
        if not _STAT_RE.fullmatch(stat):
            raise RenderError("bad_name", f"not a statistic: {stat!r}")
        return f"scoreboard objectives add {self.name(name, 'objective')} minecraft.custom:minecraft.{stat}"

    def scores_reset(self, selector: str, objective: str) -> str:
        """``scoreboard players set <selector> <objective> 0`` (every selected player at once)."""
        return f"scoreboard players set {self.target(selector)} {self.name(objective, 'objective')} 0"

    def tag_list(self, target: str) -> str:
        """``tag <target> list``: replies ``<display name> has N tags: …`` (or ``… has no tags``)."""
        return f"tag {self.target(target)} list"

    def tag_player(self, target: str, tag: str, *, add: bool = True) -> str:
        """``tag <target> add|remove <tag>``."""
        return f"tag {self.target(target)} {'add' if add else 'remove'} {self.name(tag, 'tag')}"


__all__ = ["WatchCommands"]
