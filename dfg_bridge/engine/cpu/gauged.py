"""Tournaments whose ``strong`` seats are watched by a gauge (:mod:`.regret`, :mod:`.reading`,
:mod:`.oracle`), and the round those gauges are told of (:class:`Watcher`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from dfg_bridge.engine.cpu.search import Search, Settings
from dfg_bridge.engine.cpu.tournament import Result, TunedFactory, Tuning, play_matches
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules


class Watcher:
    """A gauge that is told the round being played (:func:`play_gauged`'s ``watch``): the truth it scores
    against or searches on; the player never sees it."""

    def __init__(self) -> None:
        self.current: Round | None = None

    def watch(self, rnd: Round) -> None:
        """The round being played."""
        self.current = rnd


def play_gauged(
    rules: Rules,
    seats: Sequence[str],
    *,
    rounds: int,
    seed: int,
    budget_ms: int,
    clock: str,
    search_factory: Callable[[Settings, random.Random], Search],
    watch: Callable[[Round], None] | None = None,
) -> Result:
    """:func:`play_matches` whose ``strong`` seats (as shipped) make their searches by ``search_factory``:
    a gauge's, that judges or scores each search as it runs (:mod:`.regret`, :mod:`.reading`)."""
    plain = TunedFactory(Tuning(), clock)

    def factory(level: str, player_seed: int, budget: int, table_rules: Rules) -> Any:
        player = plain(level, player_seed, budget, table_rules)
        if level == "strong":
            player.search_factory = search_factory
        return player

    return play_matches(
        rules, seats, rounds=rounds, seed=seed, budget_ms=budget_ms, factory=factory, watch=watch
    )
