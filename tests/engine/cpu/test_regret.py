"""The regret gauge (engine/cpu/regret.py): ``strong``'s choices judged within its own playout model."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from dfg_bridge.engine.cpu.__main__ import main
from dfg_bridge.engine.cpu.regret import (
    FAVOURITE,
    SEARCH,
    TIME,
    Judgement,
    Referee,
    cross_fitted_losses,
    summary,
)
from dfg_bridge.engine.cpu.search import Settings
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules
from tests.engine.cpu.positions import truth_and_a_wrong_deal

UECDA = Rules.preset("uecda")


class _World:
    """A stand-in for a deal: a candidate's points depend only on the move made in it."""

    turn = 0

    def __init__(self) -> None:
        self.move: Any = None

    def hand_mask(self, seat: int) -> int:
        return 0b111

    def copy(self) -> _World:
        return _World()

    def make_move(self, move: Any) -> None:
        self.move = move


VALUES = {(0,): 0.2, (1,): 1.0, (2,): 0.5}


def _points(r: Any, rng: random.Random) -> float:
    return VALUES[r.move]


def test_a_pick_is_scored_against_the_best_of_the_other_half() -> None:
    # candidate 0 is lucky on the first half only: the best there, it is scored on the second half (0),
    # and candidate 1, the best of the second half, on the first (1); a pick loses against those scores
    values = [[3.0, 3.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]]
    losses = cross_fitted_losses(values, {"lucky": 0, "steady": 1})
    assert losses == {"lucky": 0.5 * ((0.0 - 0.0) + (1.0 - 3.0)), "steady": 0.5 * ((0.0 - 1.0) + (1.0 - 1.0))}


def test_the_search_the_favourite_and_each_variant_are_judged_on_one_position() -> None:
    referee = Referee(reference=8, variants={"hasty": {"max_deals": 4}})
    search = referee(Settings(), random.Random(1))
    moves: Any = [(0,), (1,), (2,)]
    chosen = search.run(_World, moves, _points, time.perf_counter() + 10)
    assert chosen == 1
    (judged,) = referee.judgements
    assert judged.candidates == 3
    assert judged.deals == search.deals > 0
    # the search found the best; the favourite and a search of four deals (too few to leave it) did not
    assert judged.losses == {
        SEARCH: pytest.approx(0.0),
        FAVOURITE: pytest.approx(0.8),
        "hasty": pytest.approx(0.8),
    }


def test_a_variant_may_have_a_multiple_of_the_time() -> None:
    seen: list[float] = []

    def points(r: Any, rng: random.Random) -> float:
        seen.append(time.thread_time())
        return VALUES[r.move] + rng.random()  # noisy: the search cannot tell the two apart early

    # only the clock stops these searches: this thread's CPU time, which a busy machine does not skew
    endless: dict[str, Any] = {"max_deals": 10**9, "drop_z": 1e9, "close": -1.0, "clock": "cpu"}
    referee = Referee(reference=4, variants={"twice": {TIME: 2.0, **endless}})
    start = time.thread_time()
    referee(Settings(**endless), random.Random(1)).run(
        _World,
        [(0,), (1,)],  # type: ignore[list-item]
        points,
        start + 0.05,
    )
    # the shipped search ran to its deadline (0.05 s); the variant then had twice the 0.05 s it had left,
    # and the reference's four deals came after it
    assert seen[-9] - start >= 0.05 + 0.1 - 0.01
    assert len(referee.judgements) == 1


def test_exchanges_and_forced_choices_are_not_judged() -> None:
    referee = Referee(reference=8)
    search = referee(Settings(), random.Random(1))
    search.run(_World, [(1,)], _points, time.perf_counter() + 10)  # type: ignore[list-item]

    def start(world: Any, i: int) -> Any:
        made = world.copy()
        made.make_move(((0,), (1,))[i])
        return made

    referee(Settings(), random.Random(1)).run(_World, [(0,), (1,)], _points, time.perf_counter() + 10, start)  # type: ignore[list-item]
    assert referee.judgements == []
    with pytest.raises(ValueError):
        Referee(reference=3)


def test_the_summary_pairs_each_choice_with_the_search_per_round() -> None:
    js = [
        Judgement(3, 20, {SEARCH: 0.0, FAVOURITE: 0.5, "v": 0.1}),
        Judgement(2, 40, {SEARCH: 0.2, FAVOURITE: 0.2, "v": 0.1}),
    ]
    got = summary(js, rounds=2)
    assert got[SEARCH] == {"loss_per_round": 0.1, "loss_per_decision": 0.1}
    assert got[FAVOURITE]["vs_search_per_round"] == pytest.approx(0.25)
    assert got["v"]["vs_search_per_round"] == pytest.approx(0.0)
    assert got["v"]["se_per_round"] == pytest.approx(0.1)
    assert summary([], 1) == {}


def test_the_cli_judges_strong_s_decisions_in_a_real_match(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["regret", "--rounds", "1", "--seed", "3", "--reference", "8", "--budget-ms", "30"]
    assert main([*args, "--variant", "hasty:max_deals=4", "--variant", "slow:time=3,drop_z=2"]) == 0
    report = json.loads(capsys.readouterr().out.strip())
    assert report["rules"] == "uecda" and report["players"] == 5 and report["reference"] == 8
    assert report["decisions"] > 0
    assert report["variants"] == {"hasty": {"max_deals": 4}, "slow": {"drop_z": 2.0, "time": 3.0}}
    losses = report["losses"]
    assert set(losses) == {SEARCH, FAVOURITE, "hasty", "slow"}
    # four deals never leave the favourite: judged on the same positions and deals, they lose as much
    assert losses["hasty"]["loss_per_decision"] == losses[FAVOURITE]["loss_per_decision"]
    assert 1.0 <= report["mean_points"] <= 5.0


@pytest.mark.parametrize(
    "extra",
    [
        ["--variant", "nocolon"],
        ["--variant", "x:speed=1"],
        ["--variant", "a:max_deals=4", "--variant", "a:max_deals=8"],
        ["--variant", "search:max_deals=4"],
        ["--variant", "a:time=0"],
        ["--variant", "a:time=soon"],
        ["--seats", "strong,wizard,greedy,greedy,greedy"],
        ["--players", "4"],
        ["--reference", "2"],
        ["--rules", "nope"],
    ],
)
def test_the_cli_refuses_bad_arguments_plainly(capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    assert main(["regret", "--rounds", "1", *extra]) == 2
    assert capsys.readouterr().err.strip()


def _judged_hands(referee: Referee, wrong: Round) -> list[list[int]]:
    """The other seats' hands in every playout of a judged search on ``wrong`` (the search's three
    deals, then the reference's), in order."""
    seen: list[list[int]] = []

    def playout(r: Round, rng: random.Random) -> float:
        seen.append([r.hand_mask(s) for s in range(5) if s != wrong.turn])
        return rng.random()

    search = referee(Settings(clock="cpu", max_deals=3, min_deals=3), random.Random(1))
    search.run(lambda: wrong, wrong.moves()[:2], playout, time.thread_time() + 5.0)
    return seen


@pytest.mark.parametrize("truth", [True, False])
def test_with_truth_the_reference_deals_hold_the_true_hands(truth: bool) -> None:
    real, wrong = truth_and_a_wrong_deal(UECDA)
    referee = Referee(reference=8, truth=truth)
    referee.watch(real)
    seen = _judged_hands(referee, wrong)
    others = [wrong.hand_mask(s) for s in range(5) if s != wrong.turn]
    true_others = [real.hand_mask(s) for s in range(5) if s != real.turn]
    searched, judged = seen[:-16], seen[-16:]  # 8 reference deals, 2 candidates each
    assert searched and all(h == others for h in searched)  # the search itself still plays its deals
    assert all(h == (true_others if truth else others) for h in judged)
    (j,) = referee.judgements
    assert j.hand == real.hand_mask(real.turn).bit_count()


def test_the_cli_judges_on_the_true_hands_and_splits_by_hand_size(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["regret", "--rounds", "1", "--seed", "3", "--reference", "8", "--budget-ms", "30"]
    assert main([*args, "--truth", "--split", "9"]) == 0
    report = json.loads(capsys.readouterr().out.strip())
    assert report["truth"] is True
    parts = report["losses_by_hand"]
    assert set(parts) == {"below_9", "from_9"}
    total = report["losses"][SEARCH]["loss_per_round"]
    both = sum(part[SEARCH]["loss_per_round"] for part in parts.values() if part)
    assert both == pytest.approx(total, abs=0.002)
    assert main([*args, "--split", "0"]) == 2
    assert "--split" in capsys.readouterr().err
