"""``strong``'s search settings per rules preset (search.PRESET_SETTINGS), resolved per decision."""

from __future__ import annotations

import random

import pytest

from dfg_bridge.engine import Match, Round, Rules
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.engine.cpu.search import PRESET_SETTINGS, Search, Settings, settings_for
from dfg_bridge.engine.cpu.shape import normal_policy
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.cpu.tournament import TunedFactory, Tuning
from dfg_bridge.engine.moves import K_PASS, PASS, Move


def test_presets_without_changes_keep_the_defaults() -> None:
    assert settings_for("dqx") == Settings()
    assert settings_for("no-such-preset") == Settings()
    assert settings_for("dqx", clock="cpu") == Settings(clock="cpu")


def test_a_preset_s_changes_apply_and_the_caller_s_win() -> None:
    for preset in ("uecda", "minecraft"):
        got = settings_for(preset)
        for name, value in PRESET_SETTINGS[preset].items():
            assert getattr(got, name) == value
        assert got != Settings()
    assert settings_for("uecda", exchange_search=False).exchange_search is False
    # a field of programs starts eager, people start careful (measured on ``normal``)
    assert settings_for("uecda").eager_prior > 0 > settings_for("minecraft").eager_prior
    assert settings_for("minecraft", eager_prior=0.0).eager_prior == 0.0


def _decide_once(cpu: StrongPlayer, preset: str, players: int) -> int:
    """``cpu`` makes the first decision of a match's first round; returns the seat it played."""
    rnd = Match(Rules.preset(preset), players, seed=5).start_round()
    seat = min(rnd.awaiting())
    legal = list(rnd.legal_actions(seat))
    assert cpu.decide(rnd.observation(seat), legal) in legal
    return seat


def test_strong_takes_the_settings_of_the_table_it_plays_at() -> None:
    for preset, players in (("uecda", 5), ("minecraft", 4)):
        cpu = make_cpu("strong", 1, 60, rules=Rules.preset(preset), clock="cpu")
        assert isinstance(cpu, StrongPlayer)
        assert cpu.settings == settings_for(preset, clock="cpu")
        _decide_once(cpu, preset, players)
        assert cpu.settings == settings_for(preset, clock="cpu")
    assert settings_for("uecda") != settings_for("minecraft")


def test_settings_given_by_the_caller_are_kept_whatever_the_table() -> None:
    given = Settings(close=0.2)
    cpu = StrongPlayer(1, 60, settings=given, max_deals=7)
    _decide_once(cpu, "uecda", 5)
    assert cpu.settings == Settings(close=0.2, max_deals=7)


def test_tournament_changes_go_on_top_of_the_preset_s_settings() -> None:
    make = TunedFactory(Tuning((("close", 0.1),)), "cpu")
    player = make("strong", 1, 200, Rules.preset("uecda"))
    assert player.settings == settings_for("uecda", clock="cpu", close=0.1)
    plain = TunedFactory(Tuning(), "cpu")("strong", 1, 200, Rules.preset("uecda"))
    assert plain.settings == settings_for("uecda", clock="cpu")


def _rows(common: bool) -> list[tuple[int, int]]:
    """Per deal, what two copies of the same candidate drew in their playouts."""
    rnd = Match(Rules.preset("uecda"), 5, seed=3).start_round()  # round 1: no exchange
    assert rnd.phase.value == "play"
    move = rnd.moves()[0]
    drawn: list[int] = []

    def play_on(_r: object, prng: random.Random) -> int:
        drawn.append(prng.randrange(1 << 30))
        return drawn[-1] % 5

    search = Search(Settings(common_random=common, max_deals=30, min_deals=100), random.Random(1))
    search.run(rnd.copy, [move, move], play_on, deadline=float("inf"))
    return list(zip(drawn[::2], drawn[1::2], strict=True))


def test_common_random_numbers_give_each_deal_s_candidates_the_same_draws() -> None:
    rows = _rows(common=True)
    assert len(rows) == 30 and all(a == b for a, b in rows)
    assert len({a for a, _ in rows}) == 30  # a fresh stream each deal
    assert not all(a == b for a, b in _rows(common=False))


def test_only_the_favourites_and_a_pass_are_searched_when_searched_is_set() -> None:
    rnd = Match(Rules.preset("uecda"), 5, seed=3).start_round()
    plays = [m for m in rnd.moves() if m[0] != K_PASS][:5]
    moves = [*plays, PASS]
    seat = rnd.turn
    left = {
        rnd.hand_mask(seat) & ~m[1] if m[0] != K_PASS else rnd.hand_mask(seat): i for i, m in enumerate(moves)
    }
    played: set[int] = set()

    def play_on(r: Round, _prng: random.Random) -> float:
        played.add(left[r.hand_mask(seat)])  # which candidate was played: the cards it left
        return 1.0

    for searched, expected in ((2, {0, 1, 5}), (0, set(range(6))), (9, set(range(6)))):
        played.clear()
        search = Search(Settings(searched=searched, max_deals=6, min_deals=100), random.Random(1))
        assert search.run(rnd.copy, moves, play_on, deadline=float("inf")) in expected
        assert played == expected, searched


def test_strong_counts_the_rounds_of_each_match_it_plays() -> None:
    # the next round's worth (title_value) must not count in a match's last round
    rules = Rules.preset("minecraft")
    cpu = StrongPlayer(3, 60, settings=Settings(search_cards=0, title_value=1.0))
    others = [make_cpu("greedy", s, 60, rules=rules) for s in range(1, 4)]
    seen: list[tuple[int, int]] = []
    for m in range(2):  # the same player through two matches, as at a host's table
        match = Match(rules, 4, seed=40 + m)
        k = 0
        while not match.over:
            k += 1
            rnd = match.start_round()
            while not rnd.over:
                seat = min(rnd.awaiting())
                legal = list(rnd.legal_actions(seat))
                who = cpu if seat == 0 else others[seat - 1]
                rnd.apply(who.decide(rnd.observation(seat), legal))
                if seat == 0:
                    seen.append((k, cpu.round_of_match))
            match.finish_round()
    assert {k for k, _ in seen} == {1, 2, 3}
    assert all(k == counted for k, counted in seen)


def test_strong_plays_its_later_moves_by_the_policy_its_settings_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dfg_bridge.engine.cpu.strong as strong_module

    turns: list[int] = []

    def spy(r: Round, rng: random.Random, rules: Rules) -> Move:
        turns.append(r.turn)
        return normal_policy(r, rng, rules)

    monkeypatch.setattr(strong_module, "normal_policy", spy)
    for own in ("learned", "normal"):
        cpu = StrongPlayer(2, 60_000, settings=settings_for("uecda", own=own), max_deals=6)
        seat = _decide_once(cpu, "uecda", 5)
        assert cpu.last_deals > 0
        assert bool(turns) == (own == "normal")
    assert set(turns) == {seat}
