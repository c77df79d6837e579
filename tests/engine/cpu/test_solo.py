"""The exact search against eager seats (solo.py) agrees with plain enumeration and leaves rounds as found."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Match, Round, Rules, deck, parse_cards
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.engine.cpu.eager import greedy_policy
from dfg_bridge.engine.cpu.playout import decision_move
from dfg_bridge.engine.cpu.search import Settings
from dfg_bridge.engine.cpu.solo import SoloSolver
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.moves import K_PASS
from dfg_bridge.engine.rules import rank_points

NO_RANDOM = random.Random(0)


def naive(r: Round, seat: int, rules: Rules, points: tuple[int, ...]) -> float:
    """The best points ``seat`` reaches against eager seats: every own line tried, no table, no cut-off."""
    while r.in_play(seat) and (r.turn != seat or r.pending_kind):
        r.make_move(decision_move(r) if r.pending_kind else greedy_policy(r, NO_RANDOM, rules))
    if not r.in_play(seat):
        place = r.place_of(seat)
        return points[len(points) // 2] if place is None else points[place]
    moves = r.moves()
    if r.field_move is None and len(moves) > 1:
        moves = [m for m in moves if m[0] != K_PASS]
    best = float("-inf")
    for m in moves:
        c = r.copy()
        c.make_move(m)
        best = max(best, naive(c, seat, rules, points))
    return best


def dealt(seed: int, sizes: list[int], preset: str) -> tuple[Round, Rules]:
    rules = Rules.preset(preset)
    cards = list(deck(rules.jokers))
    random.Random(seed).shuffle(cards)
    hands, at = [], 0
    for n in sizes:
        hands.append(cards[at : at + n])
        at += n
    return Round.from_hands(rules, hands, leader=seed % len(sizes)), rules


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    sizes=st.lists(st.integers(1, 4), min_size=3, max_size=5),
    preset=st.sampled_from(["minecraft", "uecda", "niconico"]),
)
def test_solver_matches_enumeration(seed: int, sizes: list[int], preset: str) -> None:
    r, rules = dealt(seed, sizes, preset)
    points = rank_points(rules, len(sizes))
    models = [greedy_policy] * len(sizes)
    before = r.state_key()
    solver = SoloSolver(0, rules, points, models, deadline=time.perf_counter() + 30, node_limit=10**6)
    got = solver.value(r)
    assert got == naive(r.copy(), 0, rules, points)
    assert r.state_key() == before and not r.stack  # left exactly as found


def test_solver_gives_up_past_its_node_limit_and_leaves_the_round_as_found() -> None:
    r, rules = dealt(3, [9, 9, 9, 9, 9], "uecda")
    points = rank_points(rules, 5)
    before = r.state_key()
    solver = SoloSolver(
        0, rules, points, [greedy_policy] * 5, deadline=time.perf_counter() + 30, node_limit=5
    )
    assert solver.value(r) is None
    assert r.state_key() == before and not r.stack


def test_solver_gives_up_at_the_deadline() -> None:
    r, rules = dealt(4, [9, 9, 9, 9, 9], "uecda")
    solver = SoloSolver(
        0,
        rules,
        rank_points(rules, 5),
        [greedy_policy] * 5,
        deadline=time.perf_counter() - 1,
        node_limit=10**6,
    )
    assert solver.value(r) is None


def test_solver_sees_the_line_the_eager_lead_misses() -> None:
    # Leading the pair of 5s (the eager lead) lets ♣9 in and ends last; another lead reaches second place.
    rules = Rules.preset("uecda")
    hands = [list(parse_cards(h)) for h in ("C5 D7 H5", "DQ CK C9", "S2 SQ C2")]
    r = Round.from_hands(rules, hands, leader=0)
    points = rank_points(rules, 3)
    models = [greedy_policy] * 3
    solver = SoloSolver(0, rules, points, models, deadline=time.perf_counter() + 10)
    assert solver.value(r) == points[1] == naive(r.copy(), 0, rules, points)
    eager = greedy_policy(r, NO_RANDOM, rules)
    assert eager[3] == 2  # the pair
    r.push_move(eager)
    assert solver.value(r) == points[2]


def _play_a_match(cpu: StrongPlayer, preset: str, players: int, other: str) -> None:
    rules = Rules.preset(preset)
    others = [make_cpu(other, s, 60, rules=rules) for s in range(1, players)]
    match = Match(rules, players, seed=8)
    rnd = match.start_round()
    while not rnd.over:
        seat = min(rnd.awaiting())
        legal = list(rnd.legal_actions(seat))
        who = cpu if seat == 0 else others[seat - 1]
        action = who.decide(rnd.observation(seat), legal)
        assert action in legal
        rnd.apply(action)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    got: list[float | None] = []
    value = SoloSolver.value

    def counting(self: SoloSolver, r: Round) -> float | None:
        got.append(value(self, r))
        return got[-1]

    monkeypatch.setattr(SoloSolver, "value", counting)
    return got


def _reproducible(settings: Settings) -> StrongPlayer:
    """A ``strong`` seat whose decisions end at a deal cap, never on the clock: the same on a busy
    machine (with a 60 ms budget the solver's calls came and went with the load, and the test with
    them)."""
    return StrongPlayer(3, 60_000, settings=settings, max_deals=12)


def test_strong_finishes_its_playouts_exactly_against_eager_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    got = _counted(monkeypatch)
    cpu = _reproducible(Settings(solo_cards=6, clock="cpu"))
    _play_a_match(cpu, "uecda", 5, "greedy")
    assert any(v is not None for v in got)
    got.clear()
    _play_a_match(_reproducible(Settings(clock="cpu")), "uecda", 5, "greedy")
    assert not got  # off by default


def test_careful_seats_are_solved_only_when_the_settings_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    got = _counted(monkeypatch)
    _play_a_match(_reproducible(Settings(solo_cards=6, clock="cpu")), "minecraft", 4, "normal")
    eager_only = len(got)
    got.clear()
    cpu = _reproducible(Settings(solo_cards=6, solo_careful=True, clock="cpu"))
    _play_a_match(cpu, "minecraft", 4, "normal")
    assert len(got) > eager_only
