"""UECda's hidden receipt (engine/cpu/belief.py ``ceiling_choices``): a 大富豪 or 富豪 is not told which
of its cards came from the lower rank, so the lower rank's ceiling is drawn per deal by how likely each
is, not fixed at the loosest one."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from dfg_bridge.engine import Round, Rules
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.clues import top_ranks
from dfg_bridge.engine.cpu.greedy import GreedyPlayer
from dfg_bridge.engine.cpu.knowledge import Knowledge, Tracker
from dfg_bridge.engine.cpu.search import settings_for
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.cpu.view import View, read
from dfg_bridge.engine.moves import bits
from tests.engine.cpu.positions import play_exchange, second_round

UECDA = Rules.preset("uecda")


def _after_exchange(seed: int) -> tuple[Round, dict[int, Tracker], dict[int, list[int]]]:
    """A second round of ``uecda`` just after its exchange (greedy seats, the exchange by the hand-shape
    chooser), each seat's tracker, and each higher rank's hand as it chose its give (the cards that
    came included)."""
    _match, rnd = second_round("uecda", seed)
    trackers, hands = play_exchange(rnd, UECDA)
    at_give = {s: top_ranks(h) for s, h in hands.items()}
    return rnd, trackers, at_give


def _daifugo_view(rnd: Round, trackers: dict[int, Tracker]) -> tuple[View, Knowledge, int]:
    """The 大富豪's view and knowledge, and the seat of its 大貧民."""
    for s in range(5):
        view = read(rnd.observation(s), UECDA)
        trackers[s].update(view)
        know = trackers[s].knowledge(view)
        for lower, options in know.choices.items():
            if options[0][1] and any(k >= 2 for hi, _lo, k in view.obs.exchange_pairs if hi == s):
                return view, know, lower
    raise AssertionError("no 大富豪 with a hidden receipt")


def _top_rank(cards: int) -> int:
    ranks = top_ranks(cards)
    return ranks[0] if ranks else -1


def test_the_lower_rank_s_ceiling_follows_which_of_our_cards_may_have_come() -> None:
    # the posterior by its definition: any 2 of the 大富豪's cards (as it gave) may have come, any hidden
    # hand of the 大貧民's size may be its own; they fit when no card of that hand outranks the weaker
    # of the 2. The sampler's deals must give the 大貧民's strongest rank that distribution.
    rnd, trackers, at_give = _after_exchange(4)
    view, know, lower = _daifugo_view(rnd, trackers)
    ranks = at_give[view.seat]
    sampler = Sampler(view, know, random.Random(5))
    ours = sum(1 << i for i, h in know.placed.items() if h == lower)
    hidden = view.obs.hand_counts[lower] - ours.bit_count()
    free = [c for c in bits(view.unseen) if not ours >> c & 1]
    rng = random.Random(6)
    truth: Counter[int] = Counter()
    while sum(truth.values()) < 6000:
        came = rng.sample(range(len(ranks)), 2)
        kept = sum(1 << c for c in rng.sample(free, hidden))
        top = _top_rank(kept)
        if top <= min(ranks[i] for i in came):
            truth[top] += 1
    dealt: Counter[int] = Counter(_top_rank(sampler.deal()[lower] & ~ours) for _ in range(6000))
    plain = Sampler(view, Knowledge(know.placed, know.ceiling), random.Random(7))
    loosest: Counter[int] = Counter(_top_rank(plain.deal()[lower] & ~ours) for _ in range(3000))
    for top in set(truth) | set(dealt):
        assert dealt[top] / 6000 == pytest.approx(truth[top] / 6000, abs=0.03), (top, truth, dealt, loosest)
    # the loosest ceiling alone (as before) makes the 大貧民's strongest cards too strong
    high = max(truth)
    assert loosest[high] / 3000 > truth[high] / 6000 + 0.05


@pytest.mark.parametrize("seed", range(6))
def test_the_true_hand_lies_under_a_ceiling_the_deals_may_draw(seed: int) -> None:
    # throughout the round: the lower rank's own cards since played rule out the ceilings below them
    rnd, trackers, _at_give = _after_exchange(seed)
    greedy = GreedyPlayer(UECDA)
    checked = 0
    while not rnd.over:
        s = min(rnd.awaiting())
        view = read(rnd.observation(s), UECDA)
        trackers[s].update(view)
        know = trackers[s].knowledge(view)
        sampler = Sampler(view, know, random.Random(seed))
        for lower, (tops, weights, _eager) in sampler.tops.items():
            mine = sum(1 << i for i, h in know.placed.items() if h == lower)
            real = rnd.hand_mask(lower) & ~mine
            assert any(w > 0 and real < (2 << top) for top, w in zip(tops, weights, strict=True))
            checked += 1
        for lower, top in sampler.ceiling.items():
            mine = sum(1 << i for i, h in know.placed.items() if h == lower)
            assert rnd.hand_mask(lower) & ~mine < (2 << top)
        rnd.apply(greedy.decide(rnd.observation(s), rnd.legal_actions(s)))
    assert checked >= 1


def test_strong_weighs_the_ceilings_only_where_its_settings_say() -> None:
    rnd, trackers, _at_give = _after_exchange(4)
    view, know, _lower = _daifugo_view(rnd, trackers)
    assert know.choices
    player = StrongPlayer(1, 200, UECDA)
    player._tracker = trackers[view.seat]
    assert settings_for("uecda").receipt_odds is False  # off as shipped: play measured lower
    assert player._knowledge(view).choices == {}
    player.settings = replace(player.settings, receipt_odds=True)
    assert player._knowledge(view).choices == know.choices
