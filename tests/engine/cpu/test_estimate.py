"""The learned hand estimator (estimate.py), its training (estimate_train.py), the sampler dealing by it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Meld, Pass, Round, Rules
from dfg_bridge.engine.cpu import estimate
from dfg_bridge.engine.cpu import strong as strong_module
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.cli import main as cli_main
from dfg_bridge.engine.cpu.estimate import (
    F_BROKEN,
    F_LEAD_BELOW_BIG,
    F_LEAD_SAME,
    F_PASS_SINGLE,
    F_ROLE,
    RANKS,
    SIZE,
    features,
    odds,
    shipped_weights,
)
from dfg_bridge.engine.cpu.estimate_train import collect, fit, likelihood
from dfg_bridge.engine.cpu.heuristic import NormalPlayer
from dfg_bridge.engine.cpu.playout import decision_move
from dfg_bridge.engine.cpu.search import settings_for
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.cpu.tournament import parse_settings
from dfg_bridge.engine.cpu.view import View, read
from dfg_bridge.engine.moves import bits
from tests.engine.cpu.positions import cards_placed_right


def _index(card: str) -> int:
    return Meld.cards_of(card)[0].index


def _names(f: list[tuple[int, float]]) -> set[int]:
    return {i for i, _ in f}


def test_a_lead_tells_its_rank_mates_and_the_weaker_cards() -> None:
    hands = ["S3 H9 D10 CJ", "S6 H3 D4 C5 S8 D8", "H7 HA S2 D2 CQ HQ", "C3 C4 C6 C7 C9 D9"]
    rnd = Round.from_hands(Rules(), [list(Meld.cards_of(h)) for h in hands], leader=1)
    rnd.apply(rnd.play_text(1, "S6"))  # a lead from six cards
    rnd.apply(rnd.play_text(2, "H7"))
    rnd.apply(rnd.play_text(3, "C9"))
    got = features(read(rnd.observation(0), rnd.rules))
    assert set(got) == {1, 2, 3}  # the observer's own seat is not estimated
    assert F_LEAD_SAME in _names(got[1][_index("C6")])
    assert F_LEAD_BELOW_BIG in _names(got[1][_index("C4")])
    assert not {F_LEAD_SAME, F_LEAD_BELOW_BIG} & _names(got[1][_index("HA")])
    assert F_BROKEN in _names(got[2][_index("C7")])  # a lone 7 played: its rank-mates less likely
    # no exchange this round: every pair carries the role "none" crossed with the card's rank
    assert (F_ROLE + (_index("HA") >> 2), 1.0) in got[3][_index("HA")]


def test_a_pass_on_a_single_tells_the_cards_that_beat_it() -> None:
    hands = ["S3 H9 D10 CJ", "S6 H3 D4 C5 S8 D8", "H7 HA S2 D2 CQ HQ", "C3 C4 C6 C7 C9 D9"]
    rnd = Round.from_hands(Rules(), [list(Meld.cards_of(h)) for h in hands], leader=2)
    rnd.apply(rnd.play_text(2, "CQ"))
    rnd.apply(Pass(3))
    got = features(read(rnd.observation(0), rnd.rules))
    passed = {i for i, _ in got[3][_index("HA")]}
    assert any(F_PASS_SINGLE <= i < F_PASS_SINGLE + 10 for i in passed)  # an ace beats the queen
    assert not any(F_PASS_SINGLE <= i < F_PASS_SINGLE + 10 for i, _ in got[3][_index("C4")])


def test_the_exchange_roles_cross_the_card_ranks() -> None:
    rules = Rules.preset("minecraft")
    rnd = _play_until(rules, seed=3, round_no=2, acts=4)
    view = read(rnd.observation(0), rules)
    roles = estimate.roles(view)
    assert sorted(roles.values()) == [1, 2, 3, 4]  # 大富豪, 富豪, 貧民, 大貧民 in round 2
    got = features(view)
    for s, per in got.items():
        for c, f in per.items():
            rank = min(c >> 2, 13)
            assert (F_ROLE + roles[s] * RANKS + rank, 1.0) in f


def test_the_shipped_weights_load_and_give_positive_odds() -> None:
    w = shipped_weights()
    assert len(w) == SIZE and all(math.isfinite(x) for x in w)
    rules = Rules.preset("minecraft")
    rnd = _play_until(rules, seed=5, round_no=1, acts=12)
    view = read(rnd.observation(0), rules)
    got = odds(view, w)
    others = {s for s, c in enumerate(view.obs.hand_counts) if s != 0 and c > 0}
    assert set(got) == others
    for per in got.values():
        assert set(per) == set(bits(view.unseen))
        assert all(0.0 < x < math.inf for x in per.values())
    # zero weights: no card is more likely anywhere than chance
    assert all(x == 1.0 for per in odds(view, [0.0] * SIZE).values() for x in per.values())


def test_a_weights_file_of_the_wrong_length_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"weights": [0.0] * (SIZE - 1)}))

    class Files:
        def joinpath(self, name: str) -> Path:
            return tmp_path / name

    monkeypatch.setattr(estimate.resources, "files", lambda _pkg: Files())
    with pytest.raises(ValueError, match="features"):
        shipped_weights.__wrapped__("bad.json")
    (tmp_path / "odd.json").write_text(json.dumps({"policy": [1.0]}))
    with pytest.raises(ValueError, match="not an estimator weights file"):
        shipped_weights.__wrapped__("odd.json")


def test_the_tournament_refuses_an_estimator_file_it_cannot_read(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad ``--strong estimate=FILE`` is an error before the first round, not a traceback mid-run."""
    args = ["tournament", "--rounds", "1", "--seats", "strong,normal,normal,normal"]
    code = cli_main([*args, "--strong", "estimate=no_such_weights.json"])
    assert code == 2
    assert "no_such_weights.json" in capsys.readouterr().err


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), acts=st.integers(0, 60), seat=st.integers(0, 3))
def test_every_other_hand_and_unseen_card_gets_features(seed: int, acts: int, seat: int) -> None:
    rules = Rules.preset("minecraft")
    rnd = _play_until(rules, seed=seed, round_no=1, acts=acts)
    if rnd.over:
        return
    view = read(rnd.observation(seat), rules)
    got = features(view)
    others = {s for s, c in enumerate(view.obs.hand_counts) if s != seat and c > 0}
    assert set(got) == others
    for per in got.values():
        assert set(per) == set(bits(view.unseen))
        for f in per.values():
            assert all(0 <= i < SIZE and math.isfinite(v) for i, v in f)


def test_training_learns_more_than_chance_on_rounds_it_did_not_see() -> None:
    train = collect(40, seed=21)
    held = collect(20, seed=22)
    w = fit(train, epochs=2, seed=1)
    chance = likelihood([0.0] * SIZE, held)
    assert likelihood(w, held) > chance + 0.02


def test_train_estimate_writes_weights_the_estimator_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "w.json"
    assert (
        cli_main(["train-estimate", "--rounds", "12", "--epochs", "1", "--out", str(out), "--eval", "6"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["examples"] > 0 and report["eval"]["examples"] > 0
    assert len(json.loads(out.read_text())["weights"]) == SIZE
    with pytest.raises(SystemExit):
        cli_main(["train-estimate", "--rounds", "0"])


def test_dealing_by_the_shipped_estimator_gets_more_of_normals_cards_right() -> None:
    """Against ``normal`` seats (what the weights were learned on), deals by the estimator place more
    unseen cards in the right hand than deals by the hand-measured tells (tells.py)."""
    w = shipped_weights()
    right, total = cards_placed_right(
        Rules.preset("minecraft"),
        range(900, 930),
        {
            "tells": lambda view, known, rng: Sampler(view, known, rng, soft=True),
            "estimate": lambda view, known, rng: Sampler(view, known, rng, soft=True, odds=odds(view, w)),
        },
    )
    assert total > 100
    assert right["estimate"] > 1.01 * right["tells"]


def test_strong_with_the_estimator_plays_legal_moves_within_its_budget() -> None:
    rules = Rules.preset("minecraft")
    assert parse_settings("estimate=estimate_weights_minecraft.json") == (
        ("estimate", "estimate_weights_minecraft.json"),
    )
    strong = StrongPlayer(
        7,
        10_000,
        rules,
        max_deals=20,
        settings=settings_for("minecraft", estimate="estimate_weights_minecraft.json"),
    )
    rnd = Round.deal(rules, 4, 77)
    others = [NormalPlayer(rules) for _ in range(4)]
    decisions = 0
    while not rnd.over:
        if rnd.pending_kind:
            rnd.make_move(decision_move(rnd))
            continue
        seat = rnd.turn
        legal = rnd.legal_actions(seat)
        player = strong if seat == 0 else others[seat]
        action = player.decide(rnd.observation(seat), legal)
        assert action in legal
        decisions += seat == 0
        rnd.apply(action)
    assert decisions > 3


def test_strong_deals_by_the_estimators_own_weights_under_minecraft(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``minecraft`` preset names the estimator's weights file, and those weights (not the move
    policy's, whose loader has the same name in another module) reach the estimator."""
    seen: list[tuple[float, ...]] = []
    real = strong_module.estimate_odds

    def spy(view: View, weights: tuple[float, ...]) -> dict[int, dict[int, float]]:
        seen.append(tuple(weights))
        return real(view, weights)

    monkeypatch.setattr(strong_module, "estimate_odds", spy)
    name = settings_for("minecraft").estimate
    assert name == "estimate_weights_minecraft.json" and not settings_for("uecda").estimate
    rules = Rules.preset("minecraft")
    strong = StrongPlayer(3, 10_000, rules, max_deals=12)  # the shipped settings of the preset
    rnd = _play_until(rules, seed=9, round_no=1, acts=8)
    while rnd.turn != 0 or rnd.pending_kind:
        seat = rnd.turn
        rnd.apply(NormalPlayer(rules).decide(rnd.observation(seat), rnd.legal_actions(seat)))
    strong.decide(rnd.observation(0), rnd.legal_actions(0))
    assert seen and all(w == shipped_weights(name) for w in seen)


def _play_until(rules: Rules, *, seed: int, round_no: int, acts: int) -> Round:
    """A round of four ``normal`` seats (the ``round_no``-th of a match) after ``acts`` plays and passes."""
    from dfg_bridge.engine.match import Match

    match = Match(rules, 4, seed=seed, rounds=max(round_no, 1))
    players = [NormalPlayer(rules) for _ in range(4)]
    for k in range(round_no):
        rnd = match.start_round()
        done = 0
        while not rnd.over:
            seat = min(rnd.awaiting())
            obs = rnd.observation(seat)
            if k == round_no - 1 and obs.phase == "play" and done >= acts:
                return rnd
            done += obs.phase == "play"
            rnd.apply(players[seat].decide(obs, list(rnd.legal_actions(seat))))
        if k < round_no - 1:
            match.finish_round()
    return rnd
