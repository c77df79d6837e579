"""The tournament harness: CLI smoke runs (few rounds), seat rotation, report shape."""

from __future__ import annotations

import json

import pytest

from dfg_bridge.engine import Rules
from dfg_bridge.engine.cpu.cli import main
from dfg_bridge.engine.cpu.tournament import play_matches, run


def _run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["tournament", *args]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    report = json.loads(out[0])
    assert isinstance(report, dict)
    return report


def test_cli_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run_cli(
        capsys,
        "--players",
        "4",
        "--rules",
        "minecraft",
        "--rounds",
        "4",
        "--seed",
        "3",
        "--seats",
        "strong,greedy,normal,easy",
        "--budget-ms",
        "20",
    )
    assert report["rounds"] == 4
    assert report["seed"] == 3
    levels = report["levels"]
    assert isinstance(levels, dict)
    assert set(levels) == {"strong", "greedy", "normal", "easy"}
    for summary in levels.values():
        assert summary["rounds"] == 4
        assert sum(summary["places"]) == 4
        assert summary["max_ms"] >= summary["mean_ms"] >= 0
    points = report["mean_points_per_seat"]
    assert isinstance(points, list)
    assert sum(points) == pytest.approx(4 + 2 + 1 + 5)  # 5+4+2+1 shared by the four seats


@pytest.mark.parametrize(("preset", "players"), [("dqx", 4), ("niconico", 4), ("uecda", 5), ("minecraft", 3)])
def test_cli_runs_every_preset(capsys: pytest.CaptureFixture[str], preset: str, players: int) -> None:
    seats = ",".join(["strong"] + ["greedy"] * (players - 1))
    report = _run_cli(
        capsys,
        "--rules",
        preset,
        "--players",
        str(players),
        "--rounds",
        "2",
        "--seats",
        seats,
        "--budget-ms",
        "10",
    )
    assert report["players"] == players


def test_cli_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "strong,wizard,greedy,greedy"]) == 2
    assert main(["tournament", "--players", "5", "--seats", "strong,greedy,greedy,greedy"]) == 2
    assert main(["tournament", "--rules", "nope", "--seats", "greedy,greedy,greedy,greedy"]) == 2
    assert "unknown" in capsys.readouterr().err


def test_seats_rotate_so_greedy_alone_is_symmetric() -> None:
    # the same deals with every level the same: each entry visits each seat once per 4 matches
    res = play_matches(Rules(), ["greedy"] * 4, rounds=12, seed=5, budget_ms=10)
    assert sum(t.rounds for t in res.entries) == 48
    assert res.levels["greedy"].rounds == 48
    assert sum(res.levels["greedy"].places) == 48


def test_parallel_run_matches_the_serial_one() -> None:
    rules = Rules()
    serial = run(rules, ["normal", "greedy", "greedy", "greedy"], rounds=9, seed=2, jobs=1)
    parallel = run(rules, ["normal", "greedy", "greedy", "greedy"], rounds=9, seed=2, jobs=2)
    assert serial["mean_points_per_seat"] == parallel["mean_points_per_seat"]
    assert serial["places_per_seat"] == parallel["places_per_seat"]


def test_places_are_split_by_the_title_held_at_the_rounds_start() -> None:
    # 12 rounds = 4 matches of 3: round 1 of each match is "first"; later rounds carry last round's title
    report = run(Rules(), ["normal", "greedy", "greedy", "greedy"], rounds=12, seed=3, jobs=2)
    by_start = report["levels"]["greedy"]["places_by_start"]
    assert sum(by_start["first"]) == 4 * 3
    assert set(by_start) <= {"first", "大富豪", "富豪", "貧民", "大貧民"}
    together = [sum(row[i] for row in by_start.values()) for i in range(4)]
    assert together == report["levels"]["greedy"]["places"]
    # one 大富豪 per later round, whoever it is
    both = run(Rules(), ["greedy"] * 4, rounds=12, seed=3)["levels"]["greedy"]["places_by_start"]
    assert sum(both["大富豪"]) == 8 and sum(both["大貧民"]) == 8
    # 都落ち: a 大富豪 who does not finish first falls below second place at once
    assert both["大富豪"][1] == 0


def test_strong_settings_reach_every_strong_seat_serial_and_parallel() -> None:
    from dfg_bridge.engine.cpu.tournament import Tuning

    # with search_cards=0 the search never runs: strong plays normal's move, so a table of strong and
    # three normal plays exactly as four normal do (the same deals, seat by seat)
    rules = Rules()
    plain = run(rules, ["normal"] * 4, rounds=6, seed=4)
    for jobs in (1, 2):
        tuned = run(
            rules,
            ["strong", "normal", "normal", "normal"],
            rounds=6,
            seed=4,
            jobs=jobs,
            tuning=Tuning((("search_cards", 0),)),
        )
        assert tuned["places_per_seat"] == plain["places_per_seat"]
        assert tuned["strong_settings"] == {"search_cards": 0}


def test_cli_takes_strong_settings_and_weights(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    from dfg_bridge.engine.cpu.policy import shipped_weights
    from dfg_bridge.engine.cpu.tournament import TunedFactory, Tuning

    weights = Path(str(tmp_path)) / "w.json"
    weights.write_text(json.dumps({"weights": [0.5 * w for w in shipped_weights()]}))
    args = ["--rounds", "2", "--seats", "strong,greedy,greedy,greedy", "--budget-ms", "10", "--clock", "cpu"]
    report = _run_cli(capsys, *args, "--strong", "max_deals=7,override_z=0.5", "--weights", str(weights))
    assert report["strong_settings"] == {"max_deals": 7, "override_z": 0.5}
    assert report["strong_weights"] == str(weights)
    cpu = TunedFactory(Tuning((("max_deals", 7),), str(weights)), "cpu")("strong", 1, 10, Rules())
    assert cpu.settings.max_deals == 7 and cpu.settings.clock == "cpu"
    assert cpu.policy is not None and cpu.policy.w[0] == 0.5 * shipped_weights()[0]
    # bad settings and files are refused with a message, not a traceback
    assert main(["tournament", *args, "--strong", "speed=2"]) == 2
    assert "unknown strong setting 'speed'" in capsys.readouterr().err
    assert main(["tournament", *args, "--strong", "max_deals=lots"]) == 2
    assert "is not of type int" in capsys.readouterr().err
    assert main(["tournament", *args, "--weights", str(weights) + ".missing"]) == 2
    for wrong in ([1.0, 2.0], {"rounds": 3}):
        weights.write_text(json.dumps(wrong))
        assert main(["tournament", *args, "--weights", str(weights)]) == 2
        assert "not a weight vector" in capsys.readouterr().err


def test_the_slowest_decision_is_reported_with_where_strong_spent_it() -> None:
    # finding what makes a decision slow starts from the slowest one: its figures, and strong's marks
    rules = Rules.preset("uecda")
    for jobs in (1, 2):
        report = run(
            rules,
            ["strong", "greedy", "greedy", "greedy", "greedy"],
            rounds=4,
            seed=5,
            jobs=jobs,
            budget_ms=40,
            clock="cpu",
        )
        strong = report["levels"]["strong"]
        slow = strong["cpu_slowest"]
        assert slow["cpu_ms"] == strong["cpu_max_ms"]
        assert slow["phase"] in ("play", "exchange") and slow["options"] > 1
        marks = slow["marks_ms"]
        assert 0 <= marks["read"] <= marks["decided"] <= marks["noted"] <= slow["cpu_ms"] + 1
        # a level without marks still names its slowest decision
        assert "marks_ms" not in report["levels"]["greedy"]["cpu_slowest"]
