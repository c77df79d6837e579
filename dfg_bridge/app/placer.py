"""World placement (設置): place what the config describes, idempotently.

For every table: force-load its area, summon the seat entities (invisible armor stands players
ride), the text displays over the seats, the table centre and the leaderboard, place the hand-screen
double chests (locked to each seat's key book) and the join/start/leave signs, each with a block to
hang on. For custody: force-load the locker box, fill it with barrels no held item opens and seal it
in bedrock (:mod:`dfg_bridge.app.lockers`). Entities are only summoned when none with their tag
exists and blocks are set only where they differ, so running it twice places nothing the second
time. ``dfg-bridge setup`` (:mod:`dfg_bridge.app.setup`) and the daemon, when it starts, run the same
placement: :func:`place`.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from dfg_bridge.app.lockers import LOCKER_BLOCK, REPLACEABLE, SHELL_BLOCK, LockerBox, has_locker, is_locked
from dfg_bridge.host.custody import LockerLayout
from dfg_bridge.host.intents import Mode, TriggerCode, trigger_for_table
from dfg_bridge.host.names import ENTITY_TAG, TableNames
from dfg_bridge.host.ports import CommandSink
from dfg_bridge.host.settings import HostSettings, SignSpot, TableSettings
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.model.text import Text
from dfg_bridge.render import Dialect, LockKey, SignLine

log = logging.getLogger("dfg_bridge.setup")

SEAT_TEXT_ABOVE_SEAT = 1.9
"""Over-seat texts float this far above the seat entity."""
LOAD_WAIT = 5.0
"""Seconds ``setup`` waits for force-loaded chunks to load before placing in them."""
SIGN_SUPPORT = "minecraft:oak_planks"
"""Placed behind a wall sign (under a standing one) where there is no block to hold it."""
KEY_NAME = "手札を開く"
"""The key book's name (seed 001 「手札を開く」の本)."""


@dataclass
class SetupReport:
    """What :func:`place` did: one ``(what, where, outcome)`` row per thing."""

    rows: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, what: str, where: str, outcome: str) -> None:
        """Record one row; ``outcome`` is ``placed``, ``found`` or ``failed: …``."""
        self.rows.append((what, where, outcome))

    @property
    def failed(self) -> list[tuple[str, str, str]]:
        """Rows that failed."""
        return [r for r in self.rows if r[2].startswith("failed")]

    def counts(self) -> dict[str, int]:
        """How many rows per outcome kind."""
        out: dict[str, int] = {}
        for _, _, outcome in self.rows:
            key = outcome.split(":")[0].split(" (")[0]
            out[key] = out.get(key, 0) + 1
        return out

    def text(self) -> str:
        """A plain table for the terminal."""
        width = max((len(w) for w, _, _ in self.rows), default=4)
        lines = [f"{what:<{width}}  {where:<24}  {outcome}" for what, where, outcome in self.rows]
        summary = ", ".join(f"{n} {k}" for k, n in sorted(self.counts().items()))
        return "\n".join([*lines, f"-- {summary}"])


def _where(pos: Sequence[float]) -> str:
    return " ".join(str(round(c, 2)).removesuffix(".0") for c in pos)


def _chunks(points: Sequence[Sequence[float]]) -> tuple[tuple[int, int], tuple[int, int]]:
    xs = [int(p[0]) for p in points]
    zs = [int(p[2]) for p in points]
    return (min(xs), min(zs)), (max(xs), max(zs))


_SIGN_TEXT = {
    "join": ("参加", "/dfg join"),
    "leave": ("離脱", "/dfg leave"),
    "start_normal": ("開始（対人戦）", "/dfg start normal"),
    "start_cpu": ("開始（CPU練習）", "/dfg start cpu"),
}
_FORCELOADED = ("Marked", "No chunks were marked")


@dataclass
class Placer:
    """Places things through ``sink`` with dialect ``d``; ``replace`` rewrites blocks that exist."""

    sink: CommandSink
    d: Dialect
    objective: str = "dfg"
    replace: bool = False
    report: SetupReport = field(default_factory=SetupReport)
    secret: str = field(default_factory=lambda: secrets.token_hex(24))
    """The hidden part of the lockers' lock name on 1.20.5–1.21.1 (never shown or stored)."""

    def table(self, table: TableSettings, index: int) -> None:
        """Place one table's seats, texts, chests and signs."""
        d, names = self.d, TableNames(table.id)
        points: list[Sequence[float]] = [table.centre, *[s.pos for s in table.seats]]
        points += [p for box in table.hand_boxes for p in (box.a, box.b)]
        signs = [table.join_sign, table.leave_sign, *[s for s, _ in table.start_signs]]
        points += [s.pos for s in signs if s is not None]
        if table.board is not None:
            points.append(table.board)
        low, high = _chunks(points)
        where = _where((low[0], 0, low[1]))
        self._run(f"forceload {table.id}", where, d.forceload_add(low, high), _FORCELOADED)
        y = int(table.centre[1])
        self._await_loaded([(low[0], y, low[1]), (high[0], y, high[1])])
        for i, seat in enumerate(table.seats):
            tags = [ENTITY_TAG, names.table_tag, names.seat(i)]
            self._summon(f"seat {table.id}#{i + 1}", names.seat(i), "armor_stand",
                         d.summon_seat(seat.pos, tags, seat.yaw), seat.pos)  # fmt: skip
            text_pos = (seat.pos[0], seat.pos[1] + SEAT_TEXT_ABOVE_SEAT, seat.pos[2])
            text_tags = [ENTITY_TAG, names.table_tag, names.seat_text(i)]
            self._summon(f"seat text {table.id}#{i + 1}", names.seat_text(i), "text_display",
                         d.summon_text_display(text_pos, text_tags, Text("")), text_pos)  # fmt: skip
        centre_tags = [ENTITY_TAG, names.table_tag, names.centre]
        centre = d.summon_text_display(table.centre, centre_tags, Text(table.name))
        self._summon(f"centre text {table.id}", names.centre, "text_display", centre, table.centre)
        if table.board is not None:  # the leaderboard (ランキング) beside the table; the daemon fills it
            tags = [ENTITY_TAG, names.table_tag, names.board]
            board = d.summon_text_display(table.board, tags, Text(""))
            self._summon(f"leaderboard {table.id}", names.board, "text_display", board, table.board)
        # A text placed by an older version (or before the centre moved) is moved where it belongs now.
        self.sink.run(d.teleport(d.tagged(names.centre, kind="text_display", single=True), table.centre))
        for i, box in enumerate(table.hand_boxes):
            key = LockKey(f"{KEY_NAME} {table.id}-{i + 1}", names.key_tag(i))
            commands = d.double_chest(box.a, box.b, box.facing, lock=key)
            if self.replace:
                # Both halves go to air before either is placed, as rekey_double_chest does, so the
                # new halves pair up (and take the new lock: an unchanged block keeps its old NBT).
                for pos in (box.a, box.b):
                    self.sink.run(d.setblock(pos, d.block_state("minecraft:air")))
            for cmd, pos in zip(commands, (box.a, box.b), strict=True):
                self._block(f"hand chest {table.id}#{i + 1}", pos, cmd, cleared=True)
        for spot, label, action in (
            (table.join_sign, "join", TriggerCode.JOIN),
            (table.leave_sign, "leave", TriggerCode.LEAVE),
        ):
            if spot is not None:
                self._sign(table, index, spot, label, action)
        for spot, mode in table.start_signs:
            action = TriggerCode.START_CPU if mode is Mode.CPU else TriggerCode.START_NORMAL
            self._sign(table, index, spot, f"start_{(mode or Mode.NORMAL).value}", action)

    def lockers(self, layout: LockerLayout) -> None:
        """Force-load the locker box, fill it with sealed barrels and wrap it in bedrock (:mod:`.lockers`).

        Nothing that holds items is ever replaced, so this is safe to repeat while players are in custody.
        """
        d = self.d
        a, b = layout.corners()
        box = LockerBox.spanning(a, b)
        where = f"{_where(box.low)} .. {_where(box.high)}"
        low, high = box.columns()
        self._run("forceload lockers", _where(box.shell_low), d.forceload_add(low, high), _FORCELOADED)
        self._await_loaded([box.shell_low, box.shell_high])
        barrel, lock = d.block_state(LOCKER_BLOCK), "{" + d.sealed_lock_nbt(self.secret) + "}"
        placed = self._fill(d.fill(box.low, box.high, barrel, nbt=lock, mode="keep"))
        for only in REPLACEABLE:
            placed += self._fill(d.fill(box.low, box.high, barrel, nbt=lock, only=only))
        self.report.add("lockers", where, f"placed ({placed} blocks)" if placed else "found")
        if not has_locker(self.sink, d, box):
            self.report.add("lockers", where, "failed: no barrel at the first locker")
            return
        self._relock(box, where)
        shell = self._fill(d.fill(box.shell_low, box.shell_high, d.block_state(SHELL_BLOCK), mode="outline"))
        self.report.add("locker shell", f"{_where(box.shell_low)} .. {_where(box.shell_high)}",
                        f"placed ({shell} blocks)" if shell else "found")  # fmt: skip

    def _await_loaded(self, corners: Sequence[BlockPos]) -> None:
        """Wait (up to :data:`LOAD_WAIT` s) until the chunks just force-loaded are loaded.

        ``forceload add`` only asks for the chunks; a ``fill`` or ``summon`` there before they have
        loaded fails with "That position is not loaded".
        """
        deadline = time.monotonic() + LOAD_WAIT
        for pos in corners:
            while not self.sink.run(self.d.test_loaded(pos)).startswith("Test passed"):
                if time.monotonic() >= deadline:
                    return
                time.sleep(0.1)

    def _fill(self, command: str) -> int:
        """Run a ``fill``; the number of blocks it changed (0 when none needed changing)."""
        reply = self.sink.run(command)
        if reply.startswith("Successfully filled"):
            return int(reply.split()[-2])
        if "No blocks were filled" not in reply:
            self.report.add("fill", command.split(" ", 7)[-1][:40], f"failed: {reply}")
        return 0

    def _relock(self, box: LockerBox, where: str) -> None:
        # Barrels an older dfg-bridge placed have no lock: give each one (once; data merge keeps items).
        if is_locked(self.sink, self.d, box.low):
            return
        seal = self.d.seal_container
        replies = [self.sink.run(seal(pos, self.secret)) for pos in box.positions()]
        done = sum(1 for reply in replies if reply.startswith("Modified"))
        self.report.add("locker locks", where, f"placed ({done} blocks)")

    def _sign(self, table: TableSettings, index: int, spot: SignSpot, label: str,
              action: TriggerCode) -> None:  # fmt: skip
        title, hint = _SIGN_TEXT[label]
        command = self.d.trigger_command(self.objective, trigger_for_table(index, action))
        lines = [
            SignLine(Text("【大富豪】", color="gold", bold=True), command),
            SignLine(Text(table.name)),
            SignLine(Text(title, color="dark_red" if label == "leave" else "dark_green", bold=True)),
            SignLine(Text(hint, color="gray")),
        ]
        # The block it hangs on first: a sign with air behind (or under) it drops as an item at the
        # next block update there. `keep`: an existing block is support enough.
        support = self.d.sign_support(spot.pos, spot.wall_facing)
        reply = self.sink.run(self.d.setblock(support, self.d.block_state(SIGN_SUPPORT), mode="keep"))
        if reply.startswith("Changed"):
            self.report.add(f"sign support {label} {table.id}", _where(support), "placed")
        cmd = self.d.sign(spot.pos, lines, wall_facing=spot.wall_facing, rotation=spot.rotation)
        self._block(f"sign {label} {table.id}", spot.pos, cmd)

    def _block(self, what: str, pos: BlockPos, command: str, *, cleared: bool = False) -> None:
        if not self.replace:
            # keep: only an air block is set, so a second run changes nothing. (replace would empty a
            # chest even when the block stays the same, and then fail with "Could not set the block".)
            command = command.removesuffix(" replace") + " keep"
        elif not cleared:
            # Vanilla sets no block, and so no new NBT, over an identical one: air first, then the block.
            self.sink.run(self.d.setblock(pos, self.d.block_state("minecraft:air")))
        self._run(what, _where(pos), command, ("Changed",))

    def _summon(self, what: str, tag: str, kind: str, summon: str, pos: Vec3) -> None:
        selector = self.d.tagged(tag, kind=kind, single=True)
        reply = self.sink.run(self.d.unless_entity(selector, summon))
        if reply.startswith("Summoned"):
            self.report.add(what, _where(pos), "placed")
        elif reply == "":
            self.report.add(what, _where(pos), "found")
        else:
            self.report.add(what, _where(pos), f"failed: {reply}")

    def _run(self, what: str, where: str, command: str, ok: tuple[str, ...]) -> None:
        reply = self.sink.run(command)
        if reply.startswith(ok[:1]):
            self.report.add(what, where, "placed")
        elif reply.startswith((*ok[1:], "Could not set the block")):
            self.report.add(what, where, "found")
        else:
            self.report.add(what, where, f"failed: {reply}")


def place(sink: CommandSink, d: Dialect, settings: HostSettings, *, replace: bool = False) -> SetupReport:
    """Place everything for every table and the lockers; returns the report."""
    placer = Placer(sink, d, settings.trigger_objective, replace)
    for index, table in enumerate(settings.tables):
        placer.table(table, index)
    placer.lockers(settings.lockers)
    return placer.report


__all__ = ["Placer", "SetupReport", "place"]
