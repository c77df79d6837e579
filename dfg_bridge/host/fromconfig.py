"""Host settings from the operator's configuration (設定の変換).

The host works on its own small frozen values (:mod:`dfg_bridge.host.settings`); this module is
the one place that knows how the config schema maps onto them.
"""

from __future__ import annotations

import socket

from dfg_bridge.config import Config, Facing, GameConfig, SignConfig, TableConfig
from dfg_bridge.engine import Rules
from dfg_bridge.host.custody import LockerLayout
from dfg_bridge.host.intents import Mode
from dfg_bridge.host.settings import (
    Durations,
    HandBox,
    HostSettings,
    SeatSpot,
    SignSpot,
    TableSettings,
)
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.stats import Ladder, RotationEntry, StatsSettings
from dfg_bridge.stats.rotation import parse_clock

YAW = {Facing.SOUTH: 0.0, Facing.WEST: 90.0, Facing.NORTH: 180.0, Facing.EAST: -90.0}
"""Minecraft yaw of each facing (0 = south, +Z)."""

SEAT_HEIGHT = 0.5
"""Seat entities float this far above the seat block (a slab or stair top)."""
SEAT_TEXT_HEIGHT = 2.4
"""Over-seat texts float this far above the seat block."""
CENTRE_TEXT_HEIGHT = 1.6
"""The centre text floats this far above the bottom of the centre block: 0.6 over a full-block table top
(a text display grows upwards from its position), so players see it above the table, not at their feet."""
BOARD_HEIGHT = 2.5
"""The leaderboard floats this far above the table's floor, two blocks beyond the farthest seat."""


def centre_of(pos: BlockPos, dy: float = 0.0) -> Vec3:
    """The middle of a block's top face, raised by ``dy``.

    >>> centre_of((1, 64, -2), 0.5)
    (1.5, 64.5, -1.5)
    """
    return (pos[0] + 0.5, pos[1] + dy, pos[2] + 0.5)


def rules_of(game: GameConfig) -> Rules:
    """The engine rules: the preset with the option overrides on top."""
    rules = Rules.preset(str(game.preset))
    return rules.replace(**dict(game.rules)) if game.rules else rules


def board_pos(table: TableConfig) -> Vec3:
    """Where the leaderboard floats: ``leaderboard`` if set, else beside the table (east of its seats)."""
    if table.leaderboard is not None:
        return table.leaderboard
    reach = max(abs(s.at[0] - table.centre[0]) for s in table.seats)
    return centre_of((table.centre[0] + reach + 2, table.centre[1], table.centre[2]), BOARD_HEIGHT)


def table_settings(table: TableConfig, ranked_games: int = 3, *, board: bool = True) -> TableSettings:
    """One table's host settings (its ``game:`` already carries the global defaults)."""
    game = table.game
    seats = tuple(SeatSpot(centre_of(s.at, SEAT_HEIGHT), YAW[s.facing]) for s in table.seats)
    boxes = tuple(
        HandBox(s.hand_box.blocks[0], s.hand_box.blocks[1], str(s.hand_box.facing or s.facing.opposite()))
        for s in table.seats
    )
    signs = table.signs

    def spot(sign: SignConfig | None) -> SignSpot | None:
        return None if sign is None else SignSpot(sign.at, wall_facing=str(sign.facing))

    starts = tuple(
        (s, mode)
        for s, mode in ((spot(signs.start), Mode.NORMAL), (spot(signs.start_cpu), Mode.CPU))
        if s is not None
    )
    delay = game.cpu.delay
    return TableSettings(
        id=table.id,
        name=table.display_name,
        seats=seats,
        centre=centre_of(table.centre, CENTRE_TEXT_HEIGHT),
        rules=rules_of(game),
        rules_name=str(game.preset),
        rounds=ranked_games if table.ranked else game.rounds,
        cpu_total=game.cpu.fill_total,
        cpu_level=str(game.cpu.level),
        default_mode=Mode(str(game.start_mode)),
        durations=Durations(
            turn=game.turn_timeout,
            exchange=game.exchange_timeout,
            cpu_min=delay * 0.6,
            cpu_max=delay * 1.4,
            round_pause=game.round_pause,
            grace=game.dropout.grace_seconds,
            rejoin_wait=game.rejoin_wait,
        ),
        hand_boxes=boxes,
        join_sign=spot(signs.join),
        start_signs=starts,
        leave_sign=spot(signs.leave),
        dropout=game.dropout.policy,
        ranked=table.ranked,
        bracket=table.bracket,
        board=board_pos(table) if board else None,
        exit_pos=None if table.exit_pos is None else centre_of(table.exit_pos),
    )


def locker_layout(config: Config) -> LockerLayout:
    """The custody locker box."""
    a, b = config.custody.locker.corner1, config.custody.locker.corner2
    origin = (min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]))
    size = (abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1, abs(a[2] - b[2]) + 1)
    return LockerLayout(origin, size)


def stats_settings(config: Config) -> StatsSettings:
    """The ladder, the daily rules and the stats displays."""
    ranked, stats = config.ranked, config.stats
    p = ranked.points
    titles = (p.daifugo, p.fugo, p.heimin, p.hinmin, p.daihinmin)
    ladder = Ladder(titles, ranked.dan_points, ranked.dropout_penalty)
    rotation = tuple(
        RotationEntry(day.name or str(day.preset), Rules.preset(str(day.preset)).replace(**dict(day.rules)))
        for day in ranked.rotation
    )
    return StatsSettings(
        ladder=ladder,
        games=ranked.games,
        rotation=rotation,
        rotation_at=parse_clock(ranked.rotation_time),
        server=stats.server_name or socket.gethostname(),
        board_size=stats.leaderboard_size,
        board_refresh=stats.leaderboard_refresh,
        announce_wait=stats.announce_wait,
    )


def host_settings(config: Config) -> HostSettings:
    """All host settings from a loaded config."""
    board = config.displays.leaderboard and config.stats.enabled
    return HostSettings(
        tables=tuple(table_settings(t, config.ranked.games, board=board) for t in config.tables),
        stats=stats_settings(config),
        lockers=locker_layout(config),
        admins=frozenset(config.admins),
        language=str(config.language),
        trigger_objective=config.commands.trigger_objective,
        crash=config.crash_policy,
        custody_ender_chest=str(config.hand.surface) == "enderchest",
        hand_surface=str(config.hand.surface),
        hand_poll_interval=config.hand.poll_interval,
        hand_idle_interval=config.hand.idle_poll_interval,
        hand_offturn_interval=config.hand.offturn_poll_interval,
        sidebar_overflow=config.displays.sidebar_overflow,
        chat_hold=config.chat.hold_seconds,
    )
