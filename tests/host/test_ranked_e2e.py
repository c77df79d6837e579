"""段位戦, stats and leaderboards end to end against the simulated server (issue 16 "Done when").

Players act only through the sim (typed ``/dfg`` on Paper); the daemon records each match through its
real stats writer thread into SQLite, and its replies come back as events on the game thread.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.statswire import open_stats
from dfg_bridge.stats import Dan, Ladder, Rating, StatsSettings
from dfg_bridge.stats.store.db import PostgresDb, SqliteDb
from dfg_bridge.stats.store.ladder import LadderStore
from tests.host.rig import Rig, make_rig, settings, table
from tests.stats.helpers import result

BOARD = (9.5, 66.5, 0.5)
PLAYERS = ("Alice", "Bob", "Carol", "Dave")


def _chat(rig: Rig, name: str) -> str:
    return "\n".join(rig.chat(name))


def _board(rig: Rig) -> str:
    for entity in rig.ctl.world()["entities"]:
        if "dfg_t1_board" in entity["tags"]:
            return str(entity.get("text") or "")
    raise AssertionError("no leaderboard entity")


def _seed(rig: Rig, *results: Any) -> None:
    """Matches recorded before the daemon starts (a player's history)."""
    store = LadderStore(SqliteDb(rig.data_dir / "stats.sqlite3"), Ladder())
    store.migrate()
    for res in results:
        store.record(res)
    store.db.close()


def _profile(rig: Rig, name: str) -> Any:
    store = LadderStore(SqliteDb(rig.data_dir / "stats.sqlite3"), Ladder())
    try:
        return store.profile(name)
    finally:
        store.db.close()


@pytest.fixture
def rig(sim_factory: Any, tmp_path: Path) -> Iterator[Rig]:
    stats = StatsSettings(announce_wait=10.0, board_refresh=3600.0)
    host_settings = settings(table("t1", ranked=True, board=BOARD), stats=stats)
    rig = make_rig(sim_factory, tmp_path, host_settings=host_settings)
    yield rig
    rig.stop_daemon()


def _start(rig: Rig) -> None:
    service = open_stats(None, rig.data_dir, Ladder())
    rig.start_daemon(stats=service)


def _play(rig: Rig, players: tuple[str, ...], mode: str = "normal", *, leave: str | None = None) -> None:
    for name in players:
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == len(players))
    rig.dfg(players[0], f"start {mode}")
    assert rig.until(lambda: rig.table().run is not None)
    if leave is not None:
        assert rig.until(lambda: rig.table().run is not None and rig.table().flow.step > 2, 10)
        rig.dfg(leave, "leave")
        assert rig.until(lambda: leave not in rig.table().lobby)
    rig.play_out("t1", [p for p in players if p != leave], timeout=90)


def test_a_ranked_play_is_three_games_and_moves_stats_rating_dan_and_board(rig: Rig) -> None:
    _start(rig)
    uuid = "11111111-2222-4333-8444-555555555555"
    rig.ctl.join("Alice", uuid=uuid)
    rig.join("Bob", "Carol", "Dave", "Watcher")
    assert rig.until(lambda: rig.host.desk.uuids.get("Alice") == uuid)
    assert rig.table().settings.rounds == 3  # 「段位戦は1プレイ3ゲームです」, whatever the table said
    _play(rig, PLAYERS)
    # the standings broadcast waited for the rating changes and carries them
    assert rig.until(lambda: "レート" in _chat(rig, "Watcher"), 10)
    final = _chat(rig, "Watcher")
    assert "試合終了" in final and "pt（+30）" in final and "初段" in final
    season, alice = _profile(rig, "Alice")
    assert alice.uuid == uuid
    line = alice.line("all")
    assert line.matches == 1 and line.rounds == 3 and sum(line.titles) == 3
    assert alice.line("preset:minecraft") is not None and alice.line("practice") is None
    winner = rig.chat("Watcher")[-1]
    assert rig.until(lambda: "段位戦ランキング" in _board(rig))
    board = _board(rig)
    assert "30pt" in board and board.index("30pt") < board.index("-5pt" if "-5pt" in board else "0pt")
    # /dfg stats, /dfg top, /dfg rank answer through the writer thread
    rig.dfg("Bob", "stats Alice")
    assert rig.until(lambda: "Alice の成績" in _chat(rig, "Bob"))
    assert "試合 1" in _chat(rig, "Bob")
    rig.dfg("Carol", "top 3")
    assert rig.until(lambda: "第1回 段位戦ランキング" in _chat(rig, "Carol"))
    rig.dfg("Dave", "rank")
    assert rig.until(lambda: "Dave: 初段" in _chat(rig, "Dave"))
    assert "まであと" in _chat(rig, "Dave")
    # a rename: same account, new name — the stats follow the UUID
    rig.ctl.disconnect("Alice")
    rig.ctl.join("Alicia", uuid=uuid)
    assert rig.until(lambda: "Alicia" in rig.host.ctx.online)
    rig.dfg("Alicia", "stats")
    assert rig.until(lambda: "Alicia の成績" in _chat(rig, "Alicia"))
    assert "試合 1" in _chat(rig, "Alicia")
    assert season == 1 and winner
    assert rig.invalid() == []


def test_a_dropout_from_a_ranked_play_is_penalized(rig: Rig) -> None:
    _seed(rig, *[result("Dave", "X1", "X2", "X3") for _ in range(4)])  # Dave has 120 points
    _start(rig)
    three = ("Alice", "Bob", "Dave")
    rig.join(*three)
    _play(rig, three, leave="Dave")  # two are left: the play ends early, Dave's penalty stands
    assert rig.until(lambda: "レート" in _chat(rig, "Alice"), 10)
    _, dave = _profile(rig, "Dave")
    assert dave.standing.points == 120 - 40
    assert dave.line("all").dropouts == 1 and dave.line("all").matches == 5
    assert "Dave" in _chat(rig, "Alice") and "（-40）" in _chat(rig, "Alice")


def test_a_cpu_match_changes_no_ranked_standing(rig: Rig) -> None:
    _seed(rig, result("Alice", "X1", "X2", "X3"))
    _, before = _profile(rig, "Alice")
    _start(rig)
    rig.join("Alice")
    _play(rig, ("Alice",), "cpu")
    assert rig.until(
        lambda: (p := _profile(rig, "Alice")[1]) is not None and p.line("practice") is not None, 10
    )
    _, after = _profile(rig, "Alice")
    assert after.standing == before.standing and after.rating == before.rating
    assert after.line("all") == before.line("all")
    assert after.line("practice").matches == 1 and after.line("practice:minecraft").matches == 1


def test_a_season_roll_resets_dans_per_the_table(rig: Rig) -> None:
    # Alice reaches 十段強 (1200), Bob 九段 (800): seed 000 restarts them at 七段 and 六段
    _seed(rig, *[result("Alice", "Bob", "X2", "X3") for _ in range(40)],
          *[result("Bob", "X1", "X2", "X3") for _ in range(7)])  # fmt: skip
    _start(rig)
    rig.join("Alice", "Bob", "Steve")
    rig.dfg("Alice", "rank")
    assert rig.until(lambda: "十段強" in _chat(rig, "Alice"))
    rig.dfg("Alice", "admin season new")  # not an admin: refused
    assert rig.until(lambda: "管理者専用" in _chat(rig, "Alice"))
    rig.dfg("Steve", "admin season new")
    assert rig.until(lambda: "第2回 段位戦が始まりました" in _chat(rig, "Bob"))
    rig.dfg("Alice", "rank")
    rig.dfg("Bob", "rank")
    assert rig.until(lambda: "Alice: 七段" in _chat(rig, "Alice") and "Bob: 六段" in _chat(rig, "Bob"))
    assert rig.until(lambda: "第2回" in _board(rig), 5)
    ladder = Ladder()
    _, alice = _profile(rig, "Alice")
    assert alice.standing.season == 2 and ladder.dan(alice.standing.points) is Dan.NANADAN
    rig.dfg("Steve", "admin stats reset Bob")
    assert rig.until(lambda: "Bob の成績を消去しました" in _chat(rig, "Steve"))
    _, bob = _profile(rig, "Bob")
    assert bob is not None and bob.standing is None and bob.lines == () and bob.rating == Rating()


def test_postgres_outage_mid_match_never_blocks_and_the_results_come_later(
    sim_factory: Any, tmp_path: Path, pg_server: Any, pg_url: str
) -> None:
    stats = StatsSettings(announce_wait=10.0, board_refresh=3600.0)
    host_settings = settings(table("t1", ranked=True, board=BOARD), stats=stats)
    rig = make_rig(sim_factory, tmp_path, host_settings=host_settings)
    try:
        service = open_stats(pg_url, rig.data_dir, Ladder())
        service.max_retry = 1.0
        rig.start_daemon(stats=service)
        three = PLAYERS[:3]
        rig.join(*three)
        for name in three:
            rig.dfg(name, "join")
        assert rig.until(lambda: len(rig.table().lobby) == 3)
        rig.dfg("Alice", "start")
        assert rig.until(lambda: rig.table().run is not None and rig.table().flow.step > 2)
        pg_server.stop()  # the database goes away mid-match
        started = time.monotonic()
        rig.play_out("t1", three, timeout=90)
        # the standings go out at once, without waiting for the database
        assert rig.until(lambda: "記録され次第" in _chat(rig, "Alice"), 5)
        assert time.monotonic() - started < 60
        assert rig.host.desk.up is False
        pg_server.start()
        assert rig.until(lambda: "前の試合の結果を記録しました" in _chat(rig, "Alice"), 20)
        assert rig.host.desk.up is True
        store = LadderStore(PostgresDb(pg_url), Ladder())
        _, alice = store.profile("Alice")
        store.db.close()
        assert alice is not None and alice.line("all").matches == 1 and alice.standing.plays == 1
    finally:
        if pg_server.proc is None:
            pg_server.start()
        rig.stop_daemon()


def test_daily_rules_rotate_at_the_configured_time_and_a_play_keeps_its_rules(
    sim_factory: Any, tmp_path: Path
) -> None:
    from datetime import datetime
    from datetime import time as clock

    from dfg_bridge.engine import Rules
    from dfg_bridge.stats import RotationEntry

    days = (RotationEntry("minecraft", Rules.preset("minecraft")), RotationEntry("dqx", Rules.preset("dqx")))
    stats = StatsSettings(rotation=days, rotation_at=clock(6, 0), board_refresh=3600.0)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table("t1", ranked=True), stats=stats))
    try:
        rig.start_daemon(stats=open_stats(None, rig.data_dir, Ladder()))
        desk, now = rig.host.desk, {"t": datetime(2025, 3, 2, 5, 59)}
        desk.wallclock = lambda: now["t"]
        desk.rotate()
        first = rig.table().settings.rules_name
        now["t"] = datetime(2025, 3, 2, 6, 0)  # 06:00: a new rules day
        assert rig.until(lambda: rig.table().settings.rules_name != first, 5)
        second = rig.table().settings.rules_name
        assert {first, second} == {"minecraft", "dqx"} and rig.table().settings.rounds == 3
        rig.join(*PLAYERS)
        for name in PLAYERS:
            rig.dfg(name, "join")
        assert rig.until(lambda: len(rig.table().lobby) == 4)
        rig.dfg("Alice", "start")
        assert rig.until(lambda: rig.table().run is not None)
        assert rig.table().run.rules.name == second
        now["t"] = datetime(2025, 3, 3, 6, 0)  # the next day begins mid-play
        assert rig.until(lambda: rig.table().pending_settings is not None, 5)
        assert rig.table().run.rules.name == second  # the running play keeps its rules
        assert rig.table().pending_settings.rules_name == first
    finally:
        rig.stop_daemon()


def test_a_bracketed_table_admits_only_its_band(sim_factory: Any, tmp_path: Path) -> None:
    from dfg_bridge.stats import Bracket

    stats = StatsSettings(board_refresh=3600.0)
    tbl = table("t1", ranked=True, bracket=Bracket.INTERMEDIATE)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(tbl, stats=stats))
    try:
        _seed(rig, *[result("Alice", "X1", "X2", "X3") for _ in range(24)])  # 720 points: 八段
        rig.start_daemon(stats=open_stats(None, rig.data_dir, Ladder()))
        rig.join("Alice", "Bob")
        assert rig.until(lambda: {"alice", "bob"} <= set(rig.host.desk.dans), 5)  # primed at login
        rig.dfg("Bob", "join")
        assert rig.until(lambda: "中級（七段〜九段）の卓です。あなたは初段です" in _chat(rig, "Bob"))
        rig.dfg("Alice", "join")
        assert rig.until(lambda: "Alice" in rig.table().lobby)
        assert "Bob" not in rig.table().lobby
    finally:
        rig.stop_daemon()
