"""The custody ledger (預かり台帳): a durable record of every player whose items we hold.

Each record moves through :class:`CustodyState` in one direction; every move is committed before
the server command it announces is sent (write-ahead), so after a crash the state says exactly
which commands may have run. :mod:`dfg_bridge.host.custody` holds the protocol that drives it.

Beside the records, the ledger keeps the game mode and place of every player the daemon *froze* (see
:mod:`dfg_bridge.host.freeze`): written before the freeze is sent, deleted only once the old mode is
verifiably back, so a crash or a disconnect never leaves a player a spectator in the sky.
"""

from __future__ import annotations

import enum
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

Place = tuple[float, float, float, float, float]
"""Where a frozen player was: x, y, z, yaw, pitch."""


@dataclass(frozen=True, slots=True)
class Frozen:
    """A frozen player's game mode and place to restore (凍結の記録)."""

    mode: str
    place: Place | None


class CustodyState(enum.Enum):
    """Where a custody record stands. The comment on each names what may have happened on the server."""

    INTENT = "intent"
    """Lockers reserved; copies into them may be partial; the player still has everything."""
    COPIED = "copied"
    """The lockers hold a verified copy; the player's inventory may or may not be cleared yet."""
    HELD = "held"
    """The player's inventory was cleared; the lockers hold their items."""
    RESTORING = "restoring"
    """Copies back to the player may be partial; the lockers still hold everything."""
    RESTORED = "restored"
    """The player verifiably has their items again; the lockers may still need wiping."""


@dataclass(frozen=True, slots=True)
class CustodyRecord:
    """One player's custody: ``lockers`` are locker indices, ``snapshot`` maps player slot → item.

    ``snapshot`` values are canonical SNBT of the stack without its ``Slot`` key (see
    :func:`dfg_bridge.replies.snbt.canonical`); ``item_count`` is the sum of the stacks' counts.
    While giving back, ``plan`` maps each snapshot slot being copied now to its destination slot
    (written before the copies), and ``delivered`` maps each snapshot slot the player verifiably got
    back to where it went: a delivered stack is never copied again.
    """

    player: str
    state: CustodyState
    lockers: tuple[int, ...]
    slots: tuple[str, ...]
    snapshot: dict[str, str] = field(default_factory=dict)
    item_count: int = 0
    plan: dict[str, str] = field(default_factory=dict)
    delivered: dict[str, str] = field(default_factory=dict)

    @property
    def pending(self) -> dict[str, str]:
        """Snapshot stacks not yet delivered."""
        return {slot: stack for slot, stack in self.snapshot.items() if slot not in self.delivered}

    def locker_slot(self, slot: str, per_locker: int) -> tuple[int, int]:
        """The (locker index, container slot) that holds the player's ``slot``."""
        index = self.slots.index(slot)
        return self.lockers[index // per_locker], index % per_locker


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (rolled back on error) on an autocommit connection."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


class CustodyLedger:
    """SQLite-backed custody records, one row per player, plus an append-only step log."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def get(self, player: str) -> CustodyRecord | None:
        """The player's record, if any."""
        row = self._conn.execute(
            f"SELECT {_COLUMNS} FROM custody WHERE player = ?",
            (player,),
        ).fetchone()
        return _record(row) if row else None

    def all(self) -> list[CustodyRecord]:
        """Every open record, by player name."""
        rows = self._conn.execute(f"SELECT {_COLUMNS} FROM custody ORDER BY player").fetchall()
        return [_record(row) for row in rows]

    def used_lockers(self) -> set[int]:
        """Locker indices referenced by any open record."""
        used: set[int] = set()
        for (lockers,) in self._conn.execute("SELECT lockers FROM custody"):
            used.update(json.loads(lockers))
        return used

    def begin(
        self, player: str, lockers: tuple[int, ...], slots: tuple[str, ...], *, frozen: Frozen | None = None
    ) -> CustodyRecord:
        """Write the INTENT record (lockers reserved) before any copy is sent.

        With ``frozen``, the player's mode and place are recorded in the same transaction (see
        :meth:`freeze`), so no crash can separate the two.
        """
        record = CustodyRecord(player, CustodyState.INTENT, lockers, slots)
        with transaction(self._conn) as conn:
            conn.execute(
                "INSERT INTO custody (player, state, lockers, slots, updated) VALUES (?, ?, ?, ?, ?)",
                (player, record.state.value, json.dumps(lockers), json.dumps(slots), time.time()),
            )
            self._log(conn, player, "begin", json.dumps(lockers))
            if frozen is not None:
                self._freeze(conn, player, frozen)
        return record

    # ---- the give-back plan ---------------------------------------------------------------------
    def plan(self, player: str, plan: dict[str, str]) -> None:
        """Record (write-ahead) the copies about to be sent; the record is RESTORING from now on."""
        with transaction(self._conn) as conn:
            cursor = conn.execute(
                "UPDATE custody SET state = ?, plan = ?, updated = ? WHERE player = ?",
                (CustodyState.RESTORING.value, json.dumps(plan, sort_keys=True), time.time(), player),
            )
            if cursor.rowcount != 1:
                raise KeyError(player)
            self._log(conn, player, CustodyState.RESTORING.value, json.dumps(plan, sort_keys=True))

    def deliver(self, player: str, delivered: dict[str, str]) -> None:
        """Add verified deliveries and clear the plan (every planned copy is now accounted for)."""
        record = self.get(player)
        if record is None:
            raise KeyError(player)
        merged = {**record.delivered, **delivered}
        with transaction(self._conn) as conn:
            conn.execute(
                "UPDATE custody SET plan = '{}', delivered = ?, updated = ? WHERE player = ?",
                (json.dumps(merged, sort_keys=True), time.time(), player),
            )
            self._log(conn, player, "delivered", json.dumps(sorted(delivered)))

    # ---- frozen players -------------------------------------------------------------------------
    def freeze(self, player: str, frozen: Frozen) -> Frozen:
        """Record what to restore for a frozen player, unless something is recorded; returns the record.

        The first record wins: a player frozen by a step that never finished is already a spectator
        in the sky, and that must not become what we restore.
        """
        with transaction(self._conn) as conn:
            self._freeze(conn, player, frozen)
        recorded = self.frozen_entry(player)
        assert recorded is not None
        return recorded

    def frozen_entry(self, player: str) -> Frozen | None:
        """What to restore for a player we froze, ``None`` if we did not."""
        row = self._conn.execute("SELECT mode, place FROM frozen WHERE player = ?", (player,)).fetchone()
        if not row:
            return None
        place = json.loads(row[1])
        if len(place) != 5:
            return Frozen(str(row[0]), None)
        x, y, z, yaw, pitch = (float(v) for v in place)
        return Frozen(str(row[0]), (x, y, z, yaw, pitch))

    def frozen_mode(self, player: str) -> str | None:
        """The game mode to restore for a player we froze, ``None`` if we did not."""
        entry = self.frozen_entry(player)
        return entry.mode if entry is not None else None

    def frozen(self) -> dict[str, str]:
        """Every frozen player and the mode to restore."""
        rows = self._conn.execute("SELECT player, mode FROM frozen ORDER BY player")
        return {str(p): str(m) for p, m in rows}

    def thaw(self, player: str) -> None:
        """Forget the frozen mode: the player verifiably has it back."""
        with transaction(self._conn) as conn:
            if conn.execute("DELETE FROM frozen WHERE player = ?", (player,)).rowcount:
                self._log(conn, player, "thawed", "")

    def _freeze(self, conn: sqlite3.Connection, player: str, frozen: Frozen) -> None:
        place = json.dumps(list(frozen.place) if frozen.place is not None else [])
        cursor = conn.execute(
            "INSERT OR IGNORE INTO frozen (player, mode, place, at) VALUES (?, ?, ?, ?)",
            (player, frozen.mode, place, time.time()),
        )
        if cursor.rowcount:
            self._log(conn, player, "frozen", frozen.mode)

    def mark(
        self,
        player: str,
        state: CustodyState,
        *,
        snapshot: dict[str, str] | None = None,
        item_count: int | None = None,
        detail: str = "",
    ) -> None:
        """Move the record to ``state`` (optionally storing the verified snapshot)."""
        with transaction(self._conn) as conn:
            if snapshot is not None:
                conn.execute(
                    "UPDATE custody SET snapshot = ?, item_count = ? WHERE player = ?",
                    (json.dumps(snapshot, sort_keys=True), item_count or 0, player),
                )
            cursor = conn.execute(
                "UPDATE custody SET state = ?, updated = ? WHERE player = ?",
                (state.value, time.time(), player),
            )
            if cursor.rowcount != 1:
                raise KeyError(player)
            self._log(conn, player, state.value, detail)

    def close(self, player: str, detail: str = "") -> None:
        """Delete the record: the custody cycle is complete (or was rolled back)."""
        with transaction(self._conn) as conn:
            conn.execute("DELETE FROM custody WHERE player = ?", (player,))
            self._log(conn, player, "closed", detail)

    def log(self, player: str | None = None) -> list[tuple[str, str, str]]:
        """The step log as (player, step, detail), oldest first (for tests and audits)."""
        if player is None:
            rows = self._conn.execute("SELECT player, step, detail FROM custody_log ORDER BY id")
        else:
            rows = self._conn.execute(
                "SELECT player, step, detail FROM custody_log WHERE player = ? ORDER BY id", (player,)
            )
        return [(p, s, d) for p, s, d in rows]

    @staticmethod
    def _log(conn: sqlite3.Connection, player: str, step: str, detail: str) -> None:
        conn.execute(
            "INSERT INTO custody_log (player, step, at, detail) VALUES (?, ?, ?, ?)",
            (player, step, time.time(), detail),
        )


_COLUMNS = "player, state, lockers, slots, snapshot, item_count, plan, delivered"


def _record(row: tuple[str, str, str, str, str, int, str, str]) -> CustodyRecord:
    player, state, lockers, slots, snapshot, item_count, plan, delivered = row
    return CustodyRecord(
        player,
        CustodyState(state),
        tuple(json.loads(lockers)),
        tuple(json.loads(slots)),
        dict(json.loads(snapshot)),
        item_count,
        dict(json.loads(plan)),
        dict(json.loads(delivered)),
    )
