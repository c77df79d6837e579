"""Names of the things a table owns on the server (識別名): team, objective, bossbar, entity tags.

One place derives them from the table id, so the setup command, the displays and a restarted
daemon always agree. Table ids are lower-case letters, digits and ``_`` (config checks).

>>> n = TableNames("t1")
>>> n.team, n.objective, n.bossbar, n.seat(0), n.seat_text(2), n.centre
('dfg_t1', 'dfg_t1', 'dfg:t1', 'dfg_t1_seat0', 'dfg_t1_text2', 'dfg_t1_centre')
"""

from __future__ import annotations

from dataclasses import dataclass

ENTITY_TAG = "dfg"
"""Every entity we summon carries this tag."""


@dataclass(frozen=True, slots=True)
class TableNames:
    """Server-side names for table ``table_id``."""

    table_id: str

    @property
    def team(self) -> str:
        """The team of the table's lobby and players (prefix 【大富豪】, sidebar colour)."""
        return f"dfg_{self.table_id}"

    @property
    def objective(self) -> str:
        """The sidebar objective."""
        return f"dfg_{self.table_id}"

    @property
    def bossbar(self) -> str:
        """The bossbar id."""
        return f"dfg:{self.table_id}"

    @property
    def table_tag(self) -> str:
        """Tag on every entity of this table."""
        return f"dfg_{self.table_id}"

    def seat(self, index: int) -> str:
        """Tag of seat ``index``'s seat entity (an invisible armor stand)."""
        return f"dfg_{self.table_id}_seat{index}"

    def seat_text(self, index: int) -> str:
        """Tag of the text_display over seat ``index``."""
        return f"dfg_{self.table_id}_text{index}"

    @property
    def centre(self) -> str:
        """Tag of the table-centre text_display."""
        return f"dfg_{self.table_id}_centre"

    @property
    def board(self) -> str:
        """Tag of the leaderboard text_display beside the table."""
        return f"dfg_{self.table_id}_board"

    def key_tag(self, index: int) -> str:
        """``custom_data`` id of seat ``index``'s key book (opens its hand chest)."""
        return f"key_{self.table_id}_{index}"

    @staticmethod
    def line(index: int) -> str:
        """Score holder of sidebar line ``index`` (the text is its display name)."""
        return f"dfg_line{index}"
