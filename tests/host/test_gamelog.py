"""The operator log shows game events at INFO, one parseable line each (issue 13 §7).

``dfg_bridge.game`` logs joins, leaves, match start and end (with the standings), dropouts, custody
taken and given back (with item counts) and admin actions as ``event key=value …`` (logfmt).
"""

from __future__ import annotations

import logging
import shlex
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host.gamelog import format_event
from tests.host.rig import make_rig, settings, table


def _events(caplog: pytest.LogCaptureFixture) -> list[dict[str, str]]:
    out = []
    for record in caplog.records:
        if record.name == "dfg_bridge.game" and record.levelno == logging.INFO:
            event, *pairs = shlex.split(record.getMessage())
            fields = dict(pair.split("=", 1) for pair in pairs)
            out.append({"event": event, **fields})
    return out


def test_a_match_leaves_one_line_per_game_event(
    sim_factory: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="dfg_bridge.game")
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid", "Dan"]
    rig.join(*people)
    rig.give("Ann", "diamond", 5)
    rig.give("Ann", "dirt", 7)
    tbl = rig.start_match(people)
    rig.dfg("Dan", "leave")  # mid-match: a dropout, then out of the lobby
    assert rig.until(lambda: "Dan" not in tbl.lobby)
    rig.play_out("t1", people[:3], timeout=40)
    rig.settle(0.3)
    rig.join("Steve")  # an admin in the rig's settings
    rig.dfg("Steve", "admin stop")
    rig.settle(0.3)
    events = _events(caplog)
    kinds = [e["event"] for e in events]
    taken = next(e for e in events if e["event"] == "custody_taken" and e["player"] == "Ann")
    assert (taken["items"], taken["stacks"]) == ("12", "2")
    assert [e["player"] for e in events if e["event"] == "join"] == people
    start = next(e for e in events if e["event"] == "match_start")
    assert start["table"] == "t1" and start["players"] == "Ann,Bob,Cid,Dan" and start["mode"] == "normal"
    dropout = next(e for e in events if e["event"] == "dropout")
    assert (dropout["player"], dropout["why"]) == ("Dan", "command")
    assert any(e["event"] == "leave" and e["player"] == "Dan" and e["why"] == "command" for e in events)
    end = next(e for e in events if e["event"] == "match_end")
    assert end["reason"] == "complete" and len(end["standings"].split()) == 4
    places = [item.split(":") for item in end["standings"].split()]
    assert [p[0] for p in places] == ["1", "2", "3", "4"] and {p[1] for p in places} == set(people)
    returned = next(e for e in events if e["event"] == "custody_returned" and e["player"] == "Ann")
    assert (returned["items"], returned["result"]) == ("12", "done")
    assert kinds.index("match_start") < kinds.index("dropout") < kinds.index("match_end")
    assert any(e["event"] == "admin" and e["action"] == "stop" and e["player"] == "Steve" for e in events)


def test_values_with_spaces_are_quoted_and_control_characters_never_reach_the_log() -> None:
    line = format_event("match_start", table='卓 "1"\nforged=1', players="Ann,Bob")
    assert line == 'match_start table="卓 \\"1\\" forged=1" players=Ann,Bob'
    assert shlex.split(line)[1] == 'table=卓 "1" forged=1'
