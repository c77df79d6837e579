"""One observation read once into masks and flags (the CPU's view of the table)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dfg_bridge.engine.actions import Action, Pass, Play
from dfg_bridge.engine.cpu.hand import Outlook
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import (
    JOKER_RANK,
    K_SINGLE,
    Move,
    mask_of,
)
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.rules import Rules


def rules_of(observation: Observation, fallback: Rules | None) -> Rules:
    """The table's rules: the observation's if it carries them, else ``fallback``, else a guess.

    The guess keeps the ``minecraft`` rules but takes the joker count from the observation.
    """
    found = getattr(observation, "rules", None)
    if isinstance(found, Rules):
        return found
    if fallback is not None:
        return fallback
    base = Rules.preset("minecraft")
    if observation.jokers != base.jokers:
        return base.replace(jokers=observation.jokers)
    return base


@dataclass(frozen=True, slots=True)
class View:
    """What the CPU works from: the observation plus its masks, order and rules."""

    obs: Observation
    rules: Rules
    hand: int
    unseen: int
    outlook: Outlook
    field: Move | None

    @property
    def seat(self) -> int:
        """The CPU's seat."""
        return self.obs.seat

    @property
    def inverted(self) -> bool:
        """The strength order is reversed now (革命 XOR 11バック)."""
        return self.outlook.inverted

    @property
    def leading(self) -> bool:
        """The field is empty: this seat leads (親)."""
        return self.field is None

    @property
    def on_joker(self) -> bool:
        """The field is a lone joker (only ♠3 may answer under スペ3返し)."""
        f = self.field
        return f is not None and f[0] == K_SINGLE and f[4] == JOKER_RANK

    def opponents_cards(self) -> list[int]:
        """Cards left per other seat still in play."""
        return [c for s, c in enumerate(self.obs.hand_counts) if s != self.seat and c > 0]


def read(observation: Observation, rules: Rules) -> View:
    """Read ``observation`` into a :class:`View`."""
    inverted = observation.revolution != observation.eleven_back
    unseen = mask_of(observation.unseen)
    outlook = Outlook(rules, inverted, unseen, observation.eleven_back)
    field = None
    if observation.field is not None:
        field = move_of_meld(observation.field)
    return View(observation, rules, mask_of(observation.hand), unseen, outlook, field)


def plays_of(legal: Sequence[Action]) -> list[tuple[Move, Play]]:
    """The legal plays with their compact moves."""
    out = []
    for a in legal:
        if isinstance(a, Play):
            m = move_of_meld(a.meld)
            if m is not None:
                out.append((m, a))
    return out


def pass_in(legal: Sequence[Action]) -> Pass | None:
    """The legal pass, if passing is allowed."""
    for a in legal:
        if isinstance(a, Pass):
            return a
    return None
