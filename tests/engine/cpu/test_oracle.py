"""The oracle gauge (engine/cpu/oracle.py): ``strong``'s searches given the true hands at some hand sizes."""

from __future__ import annotations

import json
import random
import time

import pytest

from dfg_bridge.engine.cpu.__main__ import main
from dfg_bridge.engine.cpu.oracle import Oracle
from dfg_bridge.engine.cpu.search import Settings
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules
from tests.engine.cpu.positions import truth_and_a_wrong_deal

RULES = Rules.preset("uecda")


def _searched_hands(oracle: Oracle, wrong: Round, start: object = None) -> list[list[int]]:
    """The other seats' hands in every world the oracle's search played a candidate in (the seat to
    play has made the candidate's move by then)."""
    seen: list[list[int]] = []
    drawn = [0]

    def worlds() -> Round:
        drawn[0] += 1
        return wrong

    def playout(r: Round, rng: random.Random) -> float:
        seen.append(_others(r, wrong.turn))
        return 1.0

    search = oracle(Settings(clock="cpu", max_deals=3), random.Random(1))
    moves = wrong.moves()[:2]
    deadline = time.thread_time() + 5.0
    if start is None:
        search.run(worlds, moves, playout, deadline)
    else:
        search.run(worlds, moves, playout, deadline, lambda w, i: w.copy())
    assert drawn[0] >= 1  # the deal is still drawn (it sets the seats' styles)
    return seen


def _others(r: Round, seat: int) -> list[int]:
    return [r.hand_mask(s) for s in range(5) if s != seat]


def test_a_covered_decision_plays_on_the_true_hands() -> None:
    truth, wrong = truth_and_a_wrong_deal(RULES)
    oracle = Oracle()
    oracle.watch(truth)
    seen = _searched_hands(oracle, wrong)
    assert seen and all(h == _others(truth, truth.turn) for h in seen)
    assert (oracle.searched, oracle.known) == (1, 1)


def test_hand_sizes_outside_the_range_keep_the_sampled_deals() -> None:
    truth, wrong = truth_and_a_wrong_deal(RULES)
    own = truth.hand_mask(truth.turn).bit_count()
    for oracle in (Oracle(most=own - 1), Oracle(fewest=own + 1)):
        oracle.watch(truth)
        seen = _searched_hands(oracle, wrong)
        assert seen and all(h == _others(wrong, wrong.turn) for h in seen)
        assert (oracle.searched, oracle.known) == (1, 0)
    inside = Oracle(fewest=own, most=own)
    inside.watch(truth)
    assert all(h == _others(truth, truth.turn) for h in _searched_hands(inside, wrong))


def test_the_exchange_search_is_left_alone() -> None:
    truth, wrong = truth_and_a_wrong_deal(RULES)
    oracle = Oracle()
    oracle.watch(truth)
    seen = _searched_hands(oracle, wrong, start=True)
    assert seen and all(h == _others(wrong, wrong.turn) for h in seen)
    assert (oracle.searched, oracle.known) == (0, 0)


def test_bad_hand_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        Oracle(fewest=-1)
    with pytest.raises(ValueError):
        Oracle(fewest=5, most=4)


def test_the_command_reports_strong_with_the_covered_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["oracle", "--rounds", "2", "--seed", "3", "--budget-ms", "30", "--most", "6"])
    assert code == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (report["rules"], report["players"], report["fewest"], report["most"]) == ("uecda", 5, 0, 6)
    assert 0 < report["known"] < report["searched"]
    assert sum(report["places"]) == 2 and 1.0 <= report["mean_points"] <= 5.0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--fewest", "3", "--most", "2"], "hand sizes: 0 <= fewest <= most"),
        (["--fewest", "-1"], "0 <= fewest <= most"),
        (["--seats", "strong,greedy"], "names 2 levels for 5 players"),
    ],
)
def test_the_command_refuses_bad_options(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["oracle", "--rounds", "1", *argv]) == 2
    assert message in capsys.readouterr().err
