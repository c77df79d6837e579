"""Player mistakes get a clear message in the configured language, never a traceback; ``admin reload``
applies new settings from the next match (issue 5 §1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.host.rig import make_rig, messages, settings, table


def test_mistakes_are_explained_in_english(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1), language="en"))
    rig.start_daemon()
    rig.join("Ann", "Bob", "Cid")
    rig.dfg("Ann", "dance")
    rig.dfg("Ann", "start")
    for name in ("Ann", "Bob", "Cid"):
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == 3)
    rig.dfg("Ann", "start chess")
    rig.dfg("Ann", "start")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None)
    run = tbl.run
    waiting = next(p.name for i, p in enumerate(run.participants) if i not in run.round.awaiting())
    rig.dfg(waiting, "pass")
    acting = run.participants[sorted(run.round.awaiting())[0]].name
    rig.dfg(acting, "play ZZ")
    rig.dfg(acting, "play S3 H3 D3 C3 JK")  # surely not in hand
    rig.settle(0.4)
    ann = "\n".join(rig.chat("Ann"))
    assert "Unknown command: dance" in ann
    assert "not in the lobby" in ann
    assert "The form is normal or cpu: chess" in ann
    assert "It is not your turn." in "\n".join(rig.chat(waiting))
    acting_chat = "\n".join(rig.chat(acting))
    assert "Cannot read these cards" in acting_chat
    assert "You do not hold" in acting_chat or "cannot be played" in acting_chat.lower()
    assert "Traceback" not in ann + acting_chat
    rig.play_out("t1", ["Ann", "Bob", "Cid"], timeout=30)
    assert rig.invalid() == []


def test_admin_reload_applies_from_the_next_match(sim_factory: Any, tmp_path: Path) -> None:
    first = settings(table(rounds=1), admins={"Admin"})
    second = replace(first, tables=(replace(first.tables[0], rounds=2, name="新しい卓"),))
    rig = make_rig(sim_factory, tmp_path, host_settings=first)
    rig.start_daemon(reload=lambda: (second, messages()))
    rig.join("Admin", "Ann")
    rig.dfg("Ann", "join")
    assert rig.until(lambda: "Ann" in rig.table().lobby)
    rig.dfg("Ann", "start cpu")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None)
    rig.dfg("Admin", "admin reload")
    assert rig.until(lambda: tbl.pending_settings is not None)
    assert tbl.run is not None and tbl.run.rounds == 1  # the running match keeps its settings
    rig.play_out("t1", ["Ann"], timeout=30)
    rig.dfg("Ann", "join")
    assert rig.until(lambda: "Ann" in tbl.lobby)
    rig.dfg("Ann", "start cpu")
    assert rig.until(lambda: tbl.run is not None)
    assert tbl.run.rounds == 2 and tbl.settings.name == "新しい卓"
    assert any("再読み込み" in line for line in rig.chat("Admin"))
    rig.dfg("Ann", "leave")
    assert rig.until(lambda: tbl.run is None)
    assert rig.invalid() == []
