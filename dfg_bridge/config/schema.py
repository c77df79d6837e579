"""The typed configuration (設定): frozen dataclasses, one per YAML section.

Each field's ``metadata`` carries its documentation (``doc``), bounds (``min``/``max``) and whether a
missing key is worth a warning (``quiet``); the validator and the Markdown reference both read it,
so the reference cannot drift from the code. Defaults here are *the* defaults; the bundled
``dfg.example.yml`` spells out the same values (a test checks this).
"""

# ruff: noqa: RUF009 - opt()/req() are dataclasses.field() wrappers, evaluated once per class as intended

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dfg_bridge.config.choices import (
    CpuLevel,
    CrashPolicy,
    DropoutPolicy,
    Facing,
    Flavour,
    HandSurface,
    Language,
    Preset,
    SidebarOverflow,
    SourceKind,
    StartMode,
)
from dfg_bridge.config.fields import (
    RuleValue,
    Secret,
    floodgate,
    log_prefix,
    matching,
    no_rules,
    opt,
    req,
    version,
)
from dfg_bridge.config.ranked import PointsConfig, RankedConfig, RotationConfig, StatsConfig
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.stats.dan import Bracket

# Re-exported: the enums are part of the schema's vocabulary.
__all__ = [
    "BlockPos",
    "Box",
    "Bracket",
    "CommandsConfig",
    "Config",
    "CpuConfig",
    "CpuLevel",
    "CrashPolicy",
    "CustodyConfig",
    "DisplaysConfig",
    "DropoutConfig",
    "DropoutPolicy",
    "Facing",
    "Flavour",
    "GameConfig",
    "HandBoxConfig",
    "HandConfig",
    "HandSurface",
    "Language",
    "PointsConfig",
    "Preset",
    "RankedConfig",
    "RconConfig",
    "RotationConfig",
    "RuleValue",
    "SeatConfig",
    "Secret",
    "ServerConfig",
    "SidebarOverflow",
    "SignConfig",
    "SignsConfig",
    "SourceConfig",
    "SourceKind",
    "StartMode",
    "StatsConfig",
    "TableConfig",
    "WebConfig",
]


@dataclass(frozen=True, kw_only=True)
class RconConfig:
    """``rcon:`` the connection to the server."""

    host: str = opt("127.0.0.1", "Server address.")
    port: int = opt(25575, "RCON port (`rcon.port` in server.properties).", min=1, max=65535)
    password: Secret = opt(Secret(""), "RCON password; better: `password_file`, `RCON_PASSWORD`.", quiet=True)
    password_file: Path | None = opt(
        None, "File holding the password (`$CREDENTIALS_DIRECTORY/…` is expanded).", quiet=True
    )
    connect_timeout: float = opt(5.0, "Seconds to wait for connect and login.", min=0.1)
    command_timeout: float = opt(5.0, "Seconds to wait for one command's reply.", min=0.1)
    reconnect_max_delay: float = opt(
        5.0,
        "Cap of the exponential reconnect backoff, seconds (how late a restarted server is noticed).",
        min=0.5,
    )


@dataclass(frozen=True, kw_only=True)
class SourceConfig:
    """``source:`` where player actions are read from."""

    kind: SourceKind = opt(SourceKind.LOG, "`log` tails the log file; `process` runs the server itself.")
    log_path: Path = opt(Path("logs/latest.log"), "Server log to tail (relative to this file).")
    process_command: tuple[str, ...] = opt((), "Server command line for `kind: process`.", quiet=True)
    process_cwd: Path | None = opt(None, "Working directory for `kind: process`.", quiet=True)
    trigger_poll: bool = opt(
        False, "Poll `/trigger` scores over RCON (unreadable logs); on by itself when a table has signs."
    )
    trigger_poll_interval: float = opt(0.5, "Seconds between trigger polls.", min=0.05)
    line_seen_within: float = opt(30.0, "`dfg-bridge check`: seconds to wait for a log line.", min=0.0)


@dataclass(frozen=True, kw_only=True)
class ServerConfig:
    """``server:`` what the server is and how its log looks."""

    flavour: Flavour = opt(Flavour.AUTO, "Server software: `paper`, `vanilla`, `fabric` or `auto`.")
    version: str = opt(
        "auto", 'Minecraft version (e.g. `"1.21.6"`, quoted) or `auto` (read from the log).', check=version
    )
    properties_path: Path = opt(Path("server.properties"), "server.properties, read by `dfg-bridge check`.")
    log_prefix_regex: str | None = opt(
        None,
        "Regex matching a log line's prefix up to the message, for custom log4j patterns.",
        quiet=True,
        check=log_prefix,
    )
    floodgate_prefix: str = opt(
        ".",
        "Name prefix of Bedrock players (Floodgate); empty if none.",
        check=floodgate,
    )


@dataclass(frozen=True, kw_only=True)
class CommandsConfig:
    """``commands:`` how players address the daemon."""

    chat_prefix: str = opt(
        "!dfg",
        "Chat prefix for typed commands on vanilla (`!dfg join`).",
        check=matching(r"\S{1,16}", "1-16 characters without spaces"),
    )
    names: tuple[str, ...] = opt(
        ("dfg", "daifugo"),
        "Typed command names recognised on Paper (`/dfg …`).",
        check=matching(r"[a-z0-9_-]{1,32}", "a command name (a-z 0-9 _ -)"),
    )
    trigger_objective: str = opt(
        "dfg",
        "Scoreboard objective for `/trigger` input.",
        check=matching(r"[A-Za-z0-9_.+-]{1,16}", "1-16 of A-Z a-z 0-9 _ . + -"),
    )


@dataclass(frozen=True, kw_only=True)
class CpuConfig:
    """``cpu:`` CPU players (CPU練習)."""

    fill_total: int = opt(4, "In a `cpu` match, CPUs fill the table up to this many players.", min=1, max=6)
    level: CpuLevel = opt(CpuLevel.NORMAL, "CPU strength: `easy`, `normal` or `strong`.")
    delay: float = opt(1.0, "Seconds a CPU waits before acting, to look human.", min=0.0, max=30.0)


@dataclass(frozen=True, kw_only=True)
class DropoutConfig:
    """``dropout:`` leaving mid-match (脱落)."""

    policy: DropoutPolicy = opt(DropoutPolicy.DROPOUT, "`dropout` (seed 001) or `grace` (seed 000).")
    grace_seconds: float = opt(60.0, "With `grace`: seconds a disconnected seat is kept.", min=0.0)


@dataclass(frozen=True, kw_only=True)
class GameConfig:
    """``game:`` match settings; a table's own ``game:`` overrides any of them."""

    preset: Preset = opt(Preset.MINECRAFT, "Rule preset: `minecraft`, `dqx`, `niconico` or `uecda`.")
    rules: Mapping[str, RuleValue] = opt(
        factory=no_rules, doc="Rule options on top of the preset, e.g. `{eleven_back: true}`.", quiet=True
    )
    rounds: int = opt(3, "Rounds per match (ラウンド).", min=1, max=20)
    start_mode: StartMode = opt(StartMode.NORMAL, "Form of `/dfg start` without argument.")
    turn_timeout: float = opt(60.0, "Seconds per turn; then pass, or play the weakest card.", min=1.0)
    exchange_timeout: float = opt(30.0, "Seconds to choose exchange cards; then the weakest go.", min=1.0)
    round_pause: float = opt(4.0, "Seconds between rounds, to read the ranks.", min=0.0, max=600.0)
    rejoin_wait: float = opt(
        120.0, "After a server restart mid-match: seconds the match waits for its players.", min=0.0
    )
    cpu: CpuConfig = opt(factory=CpuConfig, doc="CPU players.")
    dropout: DropoutConfig = opt(factory=DropoutConfig, doc="Leaving mid-match.")


@dataclass(frozen=True, kw_only=True)
class HandConfig:
    """``hand:`` the hand screen (手札の画面)."""

    surface: HandSurface = opt(HandSurface.CHEST, "`chest` (the seat's locked double chest) or `enderchest`.")
    poll_interval: float = opt(
        0.05, "Seconds between looks at the hand screens right after a click (the fastest pace).", min=0.01
    )
    idle_poll_interval: float = opt(
        0.3,
        "Seconds between looks while a player may act but has not clicked lately (every 0.5 s, or at this "
        "pace if it is slower, until they first open their chest or click in a turn, and after 3 s without "
        "a click; after an opening, every 0.1 s for 1 s).",
        min=0.01,
        max=5.0,
    )
    offturn_poll_interval: float = opt(
        1.2, "Seconds between looks while nobody may act (cards taken off turn come back).", min=0.05, max=5.0
    )


@dataclass(frozen=True, kw_only=True)
class ChatConfig:
    """``chat:`` the table's chat lines (the play log, joins, round results)."""

    hold_seconds: float = opt(
        2.0,
        "Seconds a line to a table may wait for the next ones, to go out together in one command "
        "(fewer commands on the server's main thread); a player's own messages, a round's end and the "
        "match's end send it at once. 0: every line at once.",
        min=0.0,
        max=10.0,
    )


@dataclass(frozen=True, kw_only=True)
class DisplaysConfig:
    """``displays:`` what the daemon shows in the world."""

    bossbar: bool = opt(True, "Bossbar: round, whose turn, time left.")
    sidebar: bool = opt(True, "Sidebar: points and cards left.")
    seat_text: bool = opt(True, "Text over each seat.")
    centre_text: bool = opt(True, "Text over the table centre: the field, 革命中, 縛り中.")
    sidebar_overflow: SidebarOverflow = opt(SidebarOverflow.SHARED, "Tables past the 16th: `shared`/`none`.")
    leaderboard: bool = opt(True, "Leaderboard text beside each table (when stats are on).")


@dataclass(frozen=True, kw_only=True)
class WebConfig:
    """``web:`` the spectator web page (観戦ページ), served by the daemon; off unless ``port`` is set."""

    port: int | None = opt(None, "HTTP port of the spectator page; unset: no web server.", min=1, max=65535,
                           quiet=True)  # fmt: skip
    host: str = opt("127.0.0.1", "Address to listen on: loopback unless you mean to publish the page.")
    broadcast_hands: bool = opt(
        False, "Broadcast mode (配信): show every hand, the whole page delayed by `broadcast_delay`."
    )
    broadcast_delay: float = opt(120.0, "Broadcast mode: seconds the page lags behind the game.", min=5.0)


@dataclass(frozen=True, kw_only=True)
class Box:
    """Two opposite corners of a box of blocks."""

    corner1: BlockPos = req("One corner `[x, y, z]`.")
    corner2: BlockPos = req("The opposite corner `[x, y, z]`.")

    def blocks(self) -> int:
        """How many blocks the box holds."""
        return (
            (abs(self.corner1[0] - self.corner2[0]) + 1)
            * (abs(self.corner1[1] - self.corner2[1]) + 1)
            * (abs(self.corner1[2] - self.corner2[2]) + 1)
        )

    def contains(self, pos: BlockPos) -> bool:
        """Whether ``pos`` lies inside."""
        return all(
            min(a, b) <= p <= max(a, b) for a, b, p in zip(self.corner1, self.corner2, pos, strict=True)
        )


@dataclass(frozen=True, kw_only=True)
class CustodyConfig:
    """``custody:`` where players' items are kept while they play (預かり)."""

    locker: Box = req("Box of blocks, out of players' reach, for locker chests (force-loaded).")


@dataclass(frozen=True, kw_only=True)
class HandBoxConfig:
    """A seat's hand screen: a double chest."""

    blocks: tuple[BlockPos, BlockPos] = req("The two chest blocks, side by side.")
    facing: Facing | None = opt(None, "Where the chest front faces; default: towards the seat.", quiet=True)


@dataclass(frozen=True, kw_only=True)
class SeatConfig:
    """A seat (席)."""

    at: BlockPos = req("Block the player sits on.")
    facing: Facing = req("Direction the seated player looks.")
    hand_box: HandBoxConfig = req("The seat's hand-screen chest.")


@dataclass(frozen=True, kw_only=True)
class SignConfig:
    """A wall sign."""

    at: BlockPos = req("Sign block.")
    facing: Facing = req("Direction the sign's text faces.")


@dataclass(frozen=True, kw_only=True)
class SignsConfig:
    """A table's signs (参加・開始・離脱看板); each is optional."""

    join: SignConfig | None = opt(None, "参加看板: joins this table's lobby.", quiet=True)
    start: SignConfig | None = opt(None, "開始看板 (対人戦): starts a `normal` match.", quiet=True)
    start_cpu: SignConfig | None = opt(None, "開始看板 (CPU練習): starts a `cpu` match.", quiet=True)
    leave: SignConfig | None = opt(None, "離脱看板: leaves.", quiet=True)


@dataclass(frozen=True, kw_only=True)
class TableConfig:
    """One table (卓) in ``tables:``."""

    id: str = req(
        "Short id, `[a-z0-9_]{1,12}`; used in `/dfg join <id>` and objective names.",
        check=matching(r"[a-z0-9_]{1,12}", "1-12 of a-z 0-9 _"),
    )
    name: str = opt("", "Display name; defaults to the id.", quiet=True)
    centre: BlockPos = req("Block at the table centre (the field text floats above it).")
    seats: tuple[SeatConfig, ...] = req("3 to 6 seats, clockwise.")
    signs: SignsConfig = opt(factory=SignsConfig, doc="Signs.", quiet=True)
    exit_pos: BlockPos | None = opt(
        None,
        "Where a player who leaves mid-match (`/dfg leave`) is sent (the block their feet go in); "
        "default: the world spawn.",
        quiet=True,
    )
    game: GameConfig = opt(
        factory=GameConfig, doc="Overrides of the global `game:`.", quiet=True, inherit=True
    )
    ranked: bool = opt(False, "段位戦: a `normal` match is a ranked play (`ranked:` section).", quiet=True)
    bracket: Bracket | None = opt(
        None,
        "Ranked band it admits: `beginner` (初級), `intermediate` (中級), `advanced` (上級); null: all.",
        quiet=True,
    )
    leaderboard: tuple[float, float, float] | None = opt(
        None, "Where the leaderboard text floats `[x, y, z]`; default: beside the table.", quiet=True
    )

    @property
    def display_name(self) -> str:
        """``name``, or the id when no name is set."""
        return self.name or self.id


@dataclass(frozen=True, kw_only=True)
class Config:
    """The whole configuration file."""

    rcon: RconConfig = opt(factory=RconConfig, doc="RCON connection.")
    source: SourceConfig = opt(factory=SourceConfig, doc="Input source.")
    server: ServerConfig = opt(factory=ServerConfig, doc="Server software and log format.")
    commands: CommandsConfig = opt(factory=CommandsConfig, doc="Player commands.")
    language: Language = opt(Language.JA, "Message language: `ja` or `en`.")
    messages_dir: Path | None = opt(None, "Folder with `ja.yml`/`en.yml` overriding messages.", quiet=True)
    admins: tuple[str, ...] = opt(
        (),
        "Players allowed `/dfg admin …`.",
        check=matching(r"[A-Za-z0-9_.+-]{0,4}[A-Za-z0-9_]{3,16}", "a player name"),
    )
    data_dir: Path = opt(Path("dfg-data"), "Folder for the custody ledger and match state.")
    crash_policy: CrashPolicy = opt(CrashPolicy.RESUME, "After a restart: `resume` the match or `end` it.")
    game: GameConfig = opt(factory=GameConfig, doc="Match settings (every table's default).", share=True)
    hand: HandConfig = opt(factory=HandConfig, doc="Hand screen.")
    chat: ChatConfig = opt(factory=ChatConfig, doc="Chat lines to a table.")
    displays: DisplaysConfig = opt(factory=DisplaysConfig, doc="World displays.")
    stats: StatsConfig = opt(factory=StatsConfig, doc="Stats, ratings and leaderboards.")
    ranked: RankedConfig = opt(factory=RankedConfig, doc="The ranked ladder (段位戦).")
    web: WebConfig = opt(factory=WebConfig, doc="Spectator web page.", quiet=True)
    custody: CustodyConfig = req("Item custody.")
    tables: tuple[TableConfig, ...] = req("The tables (at least one).")
