"""The reading gauge (engine/cpu/reading.py): ``strong``'s deals scored against the true hands."""

from __future__ import annotations

import json
import random

import pytest

from dfg_bridge.engine.cpu.__main__ import main
from dfg_bridge.engine.cpu.reading import BINS, Scores


def _hands(cards: list[int], sizes: list[int]) -> list[int]:
    """Hands by seat: ``cards`` cut in order into hands of ``sizes``."""
    out = []
    at = 0
    for n in sizes:
        h = 0
        for c in cards[at : at + n]:
            h |= 1 << c
        out.append(h)
        at += n
    return out


def test_deals_that_are_the_truth_score_perfectly() -> None:
    truth = [0, 0b0111, 0b1000]  # seat 0 is the reader; seat 1 holds three cards, seat 2 one
    s = Scores()
    s.add([truth, truth], truth, [1, 2])
    r = s.report()
    assert (r["decisions"], r["cards"]) == (1, 4)
    assert r["placed_right"] == 1.0
    assert r["brier"] == 0.0
    # by hand sizes alone: three cards of seat 1 at 3/4, one of seat 2 at 1/4
    assert r["by_chance"] == round((3 * 0.75 + 0.25) / 4, 4)
    top = r["calibration"][BINS - 1]
    assert (top["pairs"], top["mean_p"], top["held"]) == (4, 1.0, 1.0)


def test_a_deal_that_swaps_two_cards_scores_them_wrong() -> None:
    truth = [0, 0b0011, 0b1100]
    swapped = [0, 0b0101, 0b1010]
    s = Scores()
    s.add([swapped], truth, [1, 2])
    r = s.report()
    assert r["placed_right"] == 0.5
    # the two swapped cards count 1 each for the seat that got them and 1 for the seat that held them
    assert r["brier"] == round((2 + 2) / 4, 4)
    assert r["calibration"][0]["held"] == 0.5  # p = 0: two pairs held, two not


def test_deals_by_hand_sizes_alone_place_cards_by_chance() -> None:
    rng = random.Random(5)
    sizes = [0, 6, 4, 2]
    s = Scores()
    for _ in range(30):
        cards = rng.sample(range(52), 12)
        truth = _hands(cards, sizes)
        deals = []
        for _ in range(300):
            rng.shuffle(cards)
            deals.append(_hands(cards, sizes))
        s.add(deals, truth, [1, 2, 3])
    r = s.report()
    assert r["by_chance"] == round((36 + 16 + 4) / 144, 4)
    assert abs(r["placed_right"] - r["by_chance"]) < 0.01
    for b in r["calibration"]:
        if b["pairs"] > 200:
            assert abs(b["held"] - b["mean_p"]) < 0.06


def test_nothing_to_score_is_no_decision() -> None:
    s = Scores()
    s.add([], [0, 1], [1])
    s.add([[0, 0]], [0, 0], [1])
    assert s.report()["decisions"] == 0


def test_the_command_scores_strong_against_greedy_better_than_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["reading", "--rounds", "2", "--seed", "3", "--deals", "12", "--budget-ms", "30"])
    assert code == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["rules"] == "uecda" and report["players"] == 5 and report["deals"] == 12
    assert report["decisions"] > 5
    # every scored card once per other seat still holding cards (four at most)
    assert report["cards"] <= sum(b["pairs"] for b in report["calibration"]) <= 4 * report["cards"]
    # greedy seats tell a lot by what they pass on and play: far better than hand sizes alone
    assert report["placed_right"] > report["by_chance"] + 0.03
    assert 0.0 < report["brier"] < 1.0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--deals", "0"], "--deals must be at least 1"),
        (["--seats", "strong,greedy"], "names 2 levels for 5 players"),
        (["--seats", "strong,nobody,greedy,greedy,greedy"], "unknown level(s) nobody"),
    ],
)
def test_the_command_refuses_bad_options(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["reading", "--rounds", "1", *argv]) == 2
    assert message in capsys.readouterr().err
