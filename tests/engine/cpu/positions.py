"""Positions for CPU tests: rounds walked with mixed random / greedy play, every decision point kept."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from dfg_bridge.engine import Match, Round, Rules
from dfg_bridge.engine.cpu.base import decision_of
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.choices import choose
from dfg_bridge.engine.cpu.greedy import GreedyPlayer
from dfg_bridge.engine.cpu.knowledge import Knowledge, Tracker
from dfg_bridge.engine.cpu.view import View, read
from dfg_bridge.engine.moves import Move

PRESETS = ("minecraft", "dqx", "niconico", "uecda")


def walk(rules: Rules, seed: int, n_seats: int | None = None, rounds: int = 2) -> Iterator[tuple[Round, int]]:
    """Yield (round, seat) at every decision of a short match; the caller must not keep the round.

    Play between yields is random (biased to plays) so odd states — 革命, 縛り, pending 7/10/Q
    decisions, exchanges — show up often.
    """
    rng = random.Random(seed)
    n = n_seats or rules.players
    match = Match(rules, n, seed=seed, rounds=rounds)
    while not match.over:
        rnd = match.start_round()
        while not rnd.over:
            seat = min(rnd.awaiting())
            yield rnd, seat
            legal = list(rnd.legal_actions(seat))
            plays = [a for a in legal if type(a).__name__ == "Play"]
            pool = plays if plays and rng.random() < 0.7 else legal
            rnd.apply(pool[rng.randrange(len(pool))])
        match.finish_round()


def positions(count: int, seed: int = 0) -> Iterator[tuple[Round, int]]:
    """``count`` decision points spread over every preset (and a 3- and 5-seat table)."""
    made = 0
    game = 0
    while made < count:
        preset = PRESETS[game % len(PRESETS)]
        rules = Rules.preset(preset)
        n = (4, 3, 5, 6)[(game // 4) % 4] if preset == "minecraft" else None
        for rnd, seat in walk(rules, seed * 10_007 + game, n):
            yield rnd, seat
            made += 1
            if made >= count:
                return
        game += 1


def normal_games(
    rules: Rules, n_seats: int, seeds: Iterable[int]
) -> Iterator[tuple[Round, list[Move], Move]]:
    """Every play decision of rounds in which each seat plays ``normal`` (pending 7渡し-like decisions
    taken at once): (round, its move list, ``normal``'s move), the move made after the caller resumes."""
    from dfg_bridge.engine.cpu.heuristic import NormalPlayer
    from dfg_bridge.engine.cpu.playout import decision_move

    for seed in seeds:
        r = Round.deal(rules, n_seats, seed)
        player = NormalPlayer(rules)
        while not r.over:
            if r.pending_kind:
                r.make_move(decision_move(r))
                continue
            seat = r.turn
            ms = r.moves()
            action = player.decide(r.observation(seat), r.legal_actions(seat))
            chosen = next(m for m in ms if r.action_of(seat, m) == action)
            yield r, ms, chosen
            r.make_move(chosen)


def cards_placed_right(
    rules: Rules,
    seeds: Iterable[int],
    samplers: dict[str, Callable[[View, Knowledge, random.Random], Sampler]],
) -> tuple[dict[str, int], int]:
    """Rounds of four ``normal`` seats, one per seed: at about three decisions in ten, each named sampler
    deals ten times, counting the unseen cards it put in the right hand. Returns the counts by name and
    the number of decisions sampled."""
    from dfg_bridge.engine.cpu.heuristic import NormalPlayer
    from dfg_bridge.engine.cpu.knowledge import Tracker
    from dfg_bridge.engine.cpu.playout import decision_move
    from dfg_bridge.engine.cpu.view import read

    right = dict.fromkeys(samplers, 0)
    total = 0
    for g, seed in enumerate(seeds):
        rnd = Round.deal(rules, 4, seed)
        players = [NormalPlayer(rules) for _ in range(4)]
        trackers = [Tracker() for _ in range(4)]
        rng = random.Random(g)
        while not rnd.over:
            if rnd.pending_kind:
                rnd.make_move(decision_move(rnd))
                continue
            seat = rnd.turn
            view = read(rnd.observation(seat), rules)
            trackers[seat].update(view)
            if rng.random() < 0.3:
                truth = [rnd.hand_mask(s) for s in range(4)]
                for name, make in samplers.items():
                    sampler = make(view, trackers[seat].knowledge(view), random.Random(g))
                    for _ in range(10):
                        hands = sampler.sample()
                        right[name] += sum((hands[s] & truth[s]).bit_count() for s in range(4) if s != seat)
                total += 1
            action = players[seat].decide(rnd.observation(seat), rnd.legal_actions(seat))
            trackers[seat].note(view, action)
            rnd.apply(action)
    return right, total


def second_round(preset: str, seed: int) -> tuple[Match, Round]:
    """A match of ``preset`` whose first round four-or-more ``greedy`` seats played out, and its second
    round, not yet begun (its exchange is next where the rules have one)."""
    rules = Rules.preset(preset)
    match = Match(rules, rules.players, seed=seed, rounds=2)
    greedy = GreedyPlayer(rules)
    rnd = match.start_round()
    while not rnd.over:
        s = min(rnd.awaiting())
        rnd.apply(greedy.decide(rnd.observation(s), rnd.legal_actions(s)))
    match.finish_round()
    return match, match.start_round()


def truth_and_a_wrong_deal(rules: Rules, seed: int = 7) -> tuple[Round, Round]:
    """A five-seat round as it truly stands, and a deal of it that swaps the hands of two seats other
    than the one to play."""
    truth = Round.deal(rules, 5, seed)
    hands = [truth.hand_mask(s) for s in range(5)]
    a, b = [s for s in range(5) if s != truth.turn][:2]
    hands[a], hands[b] = hands[b], hands[a]
    return truth, truth.with_hands(hands)


def play_exchange(rnd: Round, rules: Rules) -> tuple[dict[int, Tracker], dict[int, int]]:
    """Play ``rnd``'s exchange by the hand-shape chooser, each seat's :class:`Tracker` noting its acts;
    the trackers, and each seat's hand as it chose its give."""
    trackers = {s: Tracker() for s in range(rnd.n_seats)}
    at_give: dict[int, int] = {}
    while rnd.phase.value == "exchange":
        s = min(rnd.awaiting())
        legal = list(rnd.legal_actions(s))
        view = read(rnd.observation(s), rules)
        trackers[s].update(view)
        action = choose(view, legal, decision_of(legal))
        at_give[s] = view.hand
        trackers[s].note(view, action)
        rnd.apply(action)
    return trackers, at_give
