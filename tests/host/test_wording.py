"""Wording a player reads (issue 13 §12): a daemon shutdown says the server side is stopping (not
"an admin ended the match"); "not enough players" comes before the standings; the table-centre text
floats above the table top, not at the players' feet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.placer import place
from dfg_bridge.config import parse_config
from dfg_bridge.host.fromconfig import CENTRE_TEXT_HEIGHT, host_settings
from dfg_bridge.render import dialect_for
from tests.config.conftest import EXAMPLE
from tests.host.rig import Rig, make_rig, settings, table


class _Console:
    """The sim as a command sink (RCON without the socket)."""

    def __init__(self, sim: Any) -> None:
        self.sim = sim

    def run(self, command: str) -> str:
        reply: str = self.sim.run_command(command)
        return reply


def _match(rig: Rig, people: list[str]) -> None:
    rig.start_daemon()
    rig.join(*people)
    rig.start_match(people)


def test_stopping_the_daemon_says_the_server_side_stops(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    _match(rig, ["Ann", "Bob", "Cid"])
    rig.stop_daemon(restore=True)  # SIGTERM's path
    chat = "\n".join(rig.chat("Ann"))
    assert "管理プログラム（サーバー側）が停止するため" in chat
    assert "管理者が試合を終了しました" not in chat


def test_an_admin_stop_still_says_an_admin_ended_it(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    _match(rig, ["Ann", "Bob", "Cid"])
    rig.join("Steve")
    rig.dfg("Steve", "admin stop")
    assert rig.until(lambda: rig.table().run is None)
    rig.settle(0.2)
    assert "管理者が試合を終了しました" in "\n".join(rig.chat("Ann"))


def test_not_enough_players_is_said_before_the_standings(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=2)))
    people = ["Ann", "Bob", "Cid"]
    _match(rig, people)
    tbl = rig.table()
    run = tbl.run
    assert run is not None
    rig.play_out("t1", people, stop=lambda: run.round_no >= 2 and not tbl.flow.between_rounds, timeout=40)
    rig.dfg("Bob", "leave")
    rig.dfg("Cid", "leave")
    assert rig.until(lambda: tbl.run is None)
    rig.settle(0.2)
    final = next(line for line in rig.chat("Ann") if "最終順位" in line)
    early = final.index("出場者が足りないため")
    assert early < final.index("試合終了！") < final.index("1位")


def test_the_centre_text_floats_above_the_table_top(sim_factory: Any, tmp_path: Path) -> None:
    loaded = parse_config(EXAMPLE.read_text(encoding="utf-8"), file="dfg.yml", env={"RCON_PASSWORD": "x"})
    block = loaded.config.tables[0].centre
    centre = host_settings(loaded.config).tables[0].centre
    assert centre == pytest.approx((block[0] + 0.5, block[1] + CENTRE_TEXT_HEIGHT, block[2] + 0.5))
    assert centre[1] > block[1] + 1  # over the top face of the table block
    # A centre text an older version placed at the block's foot is moved up by the setup.
    sim = sim_factory()
    settings_ = host_settings(loaded.config)
    sim.run_command(f"summon minecraft:text_display {block[0]} {block[1]} {block[2]} "
                    '{Tags:["dfg","dfg_t1","dfg_t1_centre"]}')  # fmt: skip
    place(_Console(sim), dialect_for(sim.options.version), settings_)
    texts = [e for e in sim.executor.world.entities.values() if "dfg_t1_centre" in e.tags]
    assert len(texts) == 1 and texts[0].pos == pytest.approx(centre)
