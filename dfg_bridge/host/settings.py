"""What the host needs from the configuration, as frozen values (ホスト設定).

``app/`` builds these from the loaded :mod:`dfg_bridge.config` (see :func:`dfg_bridge.host.fromconfig`);
tests build them directly with short durations. Nothing here reads files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The policies are the config's own closed sets: one definition, re-exported for the host's users.
from dfg_bridge.config.choices import CrashPolicy, DropoutPolicy, SidebarOverflow
from dfg_bridge.host.custody import LockerLayout
from dfg_bridge.host.intents import Mode
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.stats import Bracket, StatsSettings

MAX_SEATS = 6
"""At most six players per match (seed 001)."""

SIDEBAR_COLORS = (
    "red", "blue", "green", "yellow", "aqua", "light_purple", "gold", "white",
    "dark_red", "dark_blue", "dark_green", "dark_aqua", "dark_purple", "gray", "dark_gray", "black",
)  # fmt: skip
"""Team colours in the order tables get them; each colour has its own ``sidebar.team.<colour>`` slot."""


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """Where seat *i* is: the seat position and the direction the sitter faces (yaw)."""

    pos: Vec3
    yaw: float = 0.0


@dataclass(frozen=True, slots=True)
class HandBox:
    """A seat's hand-screen double chest: its two blocks and the way its front faces."""

    a: BlockPos
    b: BlockPos
    facing: str


@dataclass(frozen=True, slots=True)
class SignSpot:
    """A sign's block and how it stands (``wall_facing`` for wall signs, else ``rotation`` 0–15)."""

    pos: BlockPos
    wall_facing: str | None = None
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Durations:
    """Every duration the host waits, in seconds (short ones in tests)."""

    turn: float = 60.0
    """手番の制限時間."""
    exchange: float = 30.0
    """カード交換の制限時間."""
    cpu_min: float = 1.0
    """Shortest CPU thinking delay."""
    cpu_max: float = 2.5
    """Longest CPU thinking delay."""
    round_pause: float = 4.0
    """Pause between rounds (time to read the ranks)."""
    grace: float = 60.0
    """Seat kept for a disconnected player under :attr:`DropoutPolicy.GRACE`."""
    rejoin_wait: float = 120.0
    """After a server restart: how long a match waits for its players to come back."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """One table: identity, geometry and its rule/time/CPU settings (global defaults applied)."""

    id: str
    name: str
    seats: tuple[SeatSpot, ...]
    centre: Vec3
    rules: Any
    """The engine's ``Rules`` value for this table."""
    rules_name: str = "minecraft"
    rounds: int = 3
    cpu_total: int = 4
    cpu_level: str = "normal"
    """The engine CPU level (``easy``, ``normal``, ``strong``, ``greedy``)."""
    default_mode: Mode = Mode.NORMAL
    durations: Durations = field(default_factory=Durations)
    hand_boxes: tuple[HandBox, ...] = ()
    join_sign: SignSpot | None = None
    start_signs: tuple[tuple[SignSpot, Mode | None], ...] = ()
    leave_sign: SignSpot | None = None
    exit_pos: Vec3 | None = None
    """Where a player who leaves mid-match is sent (``None``: the world spawn)."""
    dropout: DropoutPolicy = DropoutPolicy.DROPOUT
    """What a disconnect mid-match does at this table."""
    ranked: bool = False
    """段位戦: a normal match here is a ranked play (3 games on the day's rules, 段位戦ポイント)."""
    bracket: Bracket | None = None
    """Only players of this band (初級/中級/上級) may join (``None``: everyone)."""
    board: Vec3 | None = None
    """Where the leaderboard text floats beside the table (``None``: no leaderboard)."""

    @property
    def max_players(self) -> int:
        """Players per match: the seats there are, at most :data:`MAX_SEATS`."""
        return min(MAX_SEATS, len(self.seats))


@dataclass(frozen=True, slots=True)
class HostSettings:
    """Everything the host is configured with."""

    tables: tuple[TableSettings, ...]
    lockers: LockerLayout
    admins: frozenset[str] = frozenset()
    language: str = "ja"
    trigger_objective: str = "dfg"
    crash: CrashPolicy = CrashPolicy.RESUME
    custody_ender_chest: bool = False
    sidebar_overflow: SidebarOverflow = SidebarOverflow.NONE
    displays: bool = True
    team_prefix: str = "【大富豪】"
    hand_surface: str = "chest"
    """Where the hand screen is: ``chest`` (the seat's locked double chest) or ``enderchest``."""
    hand_poll_interval: float = 0.05
    """Seconds between looks at the screens right after a click or an opening (the fastest pace)."""
    hand_idle_interval: float = 0.3
    """Seconds between looks while a seated player may act but nothing happened lately."""
    hand_offturn_interval: float = 1.2
    """Seconds between looks while no seated player may act (a card taken off turn comes back)."""
    chat_hold: float = 2.0
    """Seconds a table's chat line may wait to go out with the next ones in one command (0: at once)."""
    stats: StatsSettings = field(default_factory=StatsSettings)
    """The ranked ladder, the daily rules rotation and the stats displays."""

    def table(self, table_id: str) -> TableSettings | None:
        """The table with this id."""
        return next((t for t in self.tables if t.id == table_id), None)

    def sidebar_slot(self, index: int) -> str | None:
        """The scoreboard display slot of table ``index`` (``None``: no sidebar)."""
        if index < len(SIDEBAR_COLORS):
            return f"sidebar.team.{SIDEBAR_COLORS[index]}"
        return "sidebar" if self.sidebar_overflow is SidebarOverflow.SHARED else None

    def team_color(self, index: int) -> str | None:
        """Team colour of table ``index`` (``None`` beyond the 16 colours)."""
        return SIDEBAR_COLORS[index] if index < len(SIDEBAR_COLORS) else None
