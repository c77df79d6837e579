"""``strong`` chooses the cards it gives back in the exchange by playouts of the whole round."""

from __future__ import annotations

import pytest

from dfg_bridge.engine import Match, Round, Rules
from dfg_bridge.engine.actions import Give
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.engine.cpu.base import Decision, decision_of
from dfg_bridge.engine.cpu.choices import choose
from dfg_bridge.engine.cpu.exchange import ExchangeWorlds, give_options, previous_ranking, receiver_of
from dfg_bridge.engine.cpu.search import Settings
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.cpu.view import read


def _exchange_round(
    seed: int, preset: str = "minecraft", players: int = 4, level: str = "normal"
) -> tuple[Round, Match]:
    """Round 2 of a match after a round of ``level`` play: the exchange is pending."""
    rules = Rules.preset(preset)
    match = Match(rules, players, seed=seed)
    rnd = match.start_round()
    cpu = make_cpu(level, 0, rules=rules)
    while not rnd.over:
        s = min(rnd.awaiting())
        rnd.apply(cpu.decide(rnd.observation(s), list(rnd.legal_actions(s))))
    match.finish_round()
    return match.start_round(), match


def test_the_worlds_start_after_the_give_with_the_receiver_leading_and_miyako_ochi_armed() -> None:
    rnd, match = _exchange_round(3)
    daifugo = match.records[-1].ranking[0]
    daihinmin = match.records[-1].ranking[-1]
    assert daifugo in rnd.awaiting()
    view = read(rnd.observation(daifugo), rnd.rules)
    legal = list(rnd.legal_actions(daifugo))
    favourite = choose(view, legal, Decision.EXCHANGE)
    options = give_options(view, legal, favourite, 4)
    assert options[0][1] == favourite and len({m for m, _ in options}) == 4
    assert all(isinstance(a, Give) and a in legal for _, a in options)
    assert receiver_of(view, 2) == daihinmin
    prev = previous_ranking(view, daihinmin, 2)
    assert prev is not None and prev[0] == daifugo and prev[-1] == daihinmin
    # a deal: everyone's true hand (our hand still holds what we give)
    deal = Round.from_observation(view.obs, rnd.rules).with_hands([rnd.hand_mask(s) for s in range(4)])
    worlds = ExchangeWorlds(rnd.rules, daifugo, daihinmin, prev, [m for m, _ in options])
    w = worlds.start(deal, 1)
    given = options[1][0]
    assert w.phase.value == "play" and w.turn == daihinmin  # minecraft: the 大貧民 leads
    assert w.hand_mask(daifugo) == rnd.hand_mask(daifugo) & ~given
    assert w.hand_mask(daihinmin) & given == given
    assert w.prev_daifugo == daifugo


def test_strong_searches_the_exchange_and_gives_legal_cards() -> None:
    searched = 0
    for seed in (3, 4, 5):
        rnd, _match = _exchange_round(seed)
        for seat in sorted(rnd.awaiting()):
            legal = list(rnd.legal_actions(seat))
            assert decision_of(legal) is Decision.EXCHANGE
            # CPU time: a machine busy with other work must not starve the search of deals
            cpu = StrongPlayer(seed, 60, rnd.rules, settings=Settings(exchange_search=True, clock="cpu"))
            action = cpu.decide(rnd.observation(seat), legal)
            assert action in legal
            searched += cpu.last_deals > 0
            off = StrongPlayer(seed, 60, rnd.rules)  # the shipped level: the heuristic's give
            off.decide(rnd.observation(seat), legal)
            assert off.last_deals == 0
    assert searched >= 5


def test_under_uecda_s_hidden_receipt_the_pairs_name_the_receiver_and_the_shipped_level_searches() -> None:
    # UECda does not tell a 大富豪 or 富豪 which cards came (exchange_hidden): the exchange's pairs
    # still say who gets the cards back, so the search runs (it silently fell back to the
    # heuristic's give before)
    rules = Rules.preset("uecda")
    assert rules.exchange_hidden
    searched = 0
    for seed in (3, 4):
        rnd, match = _exchange_round(seed, "uecda", 5, "greedy")
        ranking = match.records[-1].ranking
        for seat, size, partner in ((ranking[0], 2, ranking[-1]), (ranking[1], 1, ranking[-2])):
            obs = rnd.observation(seat)
            assert not [t for t in obs.transfers if t[1] == seat]  # told nothing of what came
            view = read(obs, rules)
            assert receiver_of(view, size) == partner
            prev = previous_ranking(view, partner, size)
            assert prev is not None and prev[0] == ranking[0] and prev[-1] == ranking[-1]
            legal = list(rnd.legal_actions(seat))
            cpu = StrongPlayer(seed, 60, rules, clock="cpu")  # the shipped uecda level, on CPU time
            assert cpu.decide(obs, legal) in legal
            searched += cpu.last_deals > 0
    assert searched == 4


@pytest.mark.parametrize(("preset", "players", "level"), [("minecraft", 4, "normal"), ("uecda", 5, "greedy")])
def test_while_choosing_its_give_the_higher_rank_deals_the_lower_rank_nothing_above_what_came(
    preset: str, players: int, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # minecraft: the 大貧民's two strongest cards came to the 大富豪 before it chooses; uecda: they
    # came unseen, so the 大貧民 holds nothing above the 大富豪's second-strongest card. The exchange
    # search's deals must know that already while the 大富豪 decides, not only after its give.
    from dfg_bridge.engine.cpu import strong

    rnd, match = _exchange_round(3, preset, players, level)
    daifugo = match.records[-1].ranking[0]
    daihinmin = match.records[-1].ranking[-1]
    seen: list[dict[int, int]] = []
    real_sampler = strong.Sampler

    def spying(view, knowledge, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(dict(knowledge.ceiling))
        return real_sampler(view, knowledge, *args, **kwargs)

    monkeypatch.setattr(strong, "Sampler", spying)
    cpu = StrongPlayer(1, 2000, rnd.rules, max_deals=8, settings=Settings(exchange_search=True))
    action = cpu.decide(rnd.observation(daifugo), list(rnd.legal_actions(daifugo)))
    assert isinstance(action, Give)
    assert seen
    top = seen[0].get(daihinmin)
    assert top is not None
    assert rnd.hand_mask(daihinmin) >> (top + 1) == 0  # the ceiling holds for its true hand
