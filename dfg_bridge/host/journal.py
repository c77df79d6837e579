"""The match journal (試合の記録): lobbies and every match decision, so a restarted daemon resumes.

The engine is deterministic given its seed, so a match is stored as its header (seats, rules,
seed) and the list of decisions taken since (round starts, actions, dropouts, round ends).
Replaying them rebuilds the exact state. Each entry is one committed row, appended *after* the
decision was applied in memory and *before* its commands go out: a crash between the two only
loses display commands, which the full redraw after restart sends anyway.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from dfg_bridge.host.ledger import transaction

Entry = dict[str, Any]
"""One journal entry (JSON object)."""


class Journal:
    """Per-table lobby membership and match entries in the state database."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    # ---- lobby ----------------------------------------------------------------------------------
    def lobby(self, table_id: str) -> list[str]:
        """The table's lobby in join order."""
        rows = self._conn.execute(
            "SELECT player FROM lobby WHERE table_id = ? ORDER BY position", (table_id,)
        ).fetchall()
        return [p for (p,) in rows]

    def lobby_tables(self) -> dict[str, str]:
        """Every lobby member → their table id."""
        return {p: t for t, p in self._conn.execute("SELECT table_id, player FROM lobby")}

    def lobby_add(self, table_id: str, player: str) -> None:
        """Append ``player`` to the table's lobby."""
        with transaction(self._conn) as conn:
            (top,) = conn.execute(
                "SELECT COALESCE(MAX(position), 0) FROM lobby WHERE table_id = ?", (table_id,)
            ).fetchone()
            conn.execute(
                "INSERT OR REPLACE INTO lobby (table_id, player, position) VALUES (?, ?, ?)",
                (table_id, player, int(top) + 1),
            )

    def lobby_remove(self, player: str) -> None:
        """Remove ``player`` from whatever lobby they are in."""
        self._conn.execute("DELETE FROM lobby WHERE player = ?", (player,))

    # ---- matches --------------------------------------------------------------------------------
    def append(self, table_id: str, entry: Entry) -> None:
        """Append one entry to the table's current match."""
        with transaction(self._conn) as conn:
            (top,) = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM match_journal WHERE table_id = ?", (table_id,)
            ).fetchone()
            conn.execute(
                "INSERT INTO match_journal (table_id, seq, entry) VALUES (?, ?, ?)",
                (table_id, int(top) + 1, json.dumps(entry, ensure_ascii=False, sort_keys=True)),
            )

    def entries(self, table_id: str) -> list[Entry]:
        """The table's current match, oldest entry first (empty if none)."""
        rows = self._conn.execute(
            "SELECT entry FROM match_journal WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [json.loads(e) for (e,) in rows]

    def clear(self, table_id: str) -> None:
        """Forget the table's match (it ended)."""
        self._conn.execute("DELETE FROM match_journal WHERE table_id = ?", (table_id,))
