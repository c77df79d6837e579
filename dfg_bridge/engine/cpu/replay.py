"""Replaying a deal (再現): how many acts of the careful seats a sampled deal fails to explain.

A seat read as careful is played in the playouts by :func:`~.careful.careful_move`; the same rules
replayed over this round's history from a sampled deal (each hand as dealt plus the cards it played
since) say what that seat would have done at each of its turns. The true hands of ``normal`` seats
explain about 95 % of their acts this way, deals drawn by the sampler's other facts only about 72 %
(4 acts in a round missed more; an ad-hoc check over ``minecraft`` matches, README "CPU opponents"),
so the count of misses tells good deals from bad ones. Every replay runs the engine over the whole
history (about 0.4 ms), so the sampler weighs only a few deals per sample with it
(:attr:`~.search.Settings.careful_replay`).
"""

from __future__ import annotations

from dfg_bridge.engine.actions import Action, Pass, Play
from dfg_bridge.engine.cpu.acts import played_by_seat
from dfg_bridge.engine.cpu.careful import careful_move
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.errors import EngineError
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import PASS, Move, cards_of
from dfg_bridge.engine.round import Round

MISS_FACTOR = 0.25
"""Weight of a deal per act of a careful seat that it does not explain (the true hands miss about one
act in twenty: a miss is about four times as likely in a sampled deal as in the true hands)."""


class CarefulFit:
    """Counts, for a deal, the acts of seats taken as careful that :func:`~.careful.careful_move`
    played from that deal does not repeat (see the module docstring)."""

    def __init__(self, view: View) -> None:
        obs = view.obs
        self.rules = view.rules
        self.seat = obs.seat
        acts: list[Action] = [a for a in obs.history if isinstance(a, (Play, Pass))]
        self.usable = bool(acts) and len(acts) == len(obs.history)
        """Whether the history is plays and passes only (else nothing is checked: cards that changed
        hands within the round, 7渡し or 10捨て, would need a replay of their own)."""
        self.acts = acts
        self.played = played_by_seat(obs.history, len(obs.hand_counts))
        moves = [move_of_meld(a.meld) if isinstance(a, Play) else PASS for a in acts]
        self.moves: list[Move] = [m for m in moves if m is not None]
        if len(self.moves) != len(acts):
            self.usable = False  # a meld the engine cannot read: nothing to replay

    def misses(self, hands: list[int], eager: list[bool] | None, limit: int = 1 << 30) -> int:
        """How many acts of the seats not taken as ``eager`` the deal ``hands`` does not explain (the
        replay stops once more than ``limit`` are missed)."""
        if not self.usable:
            return 0
        whole = [h | p for h, p in zip(hands, self.played, strict=True)]
        try:
            r = Round.from_hands(self.rules, [cards_of(h) for h in whole], leader=self.acts[0].seat)
        except (EngineError, ValueError):
            return 0
        rules = self.rules
        me = self.seat
        missed = 0
        for a, move in zip(self.acts, self.moves, strict=True):
            seat = a.seat
            if r.pending_kind or r.turn != seat:
                break  # the engine's turn order went elsewhere (a rule the replay does not model)
            if seat != me and not (eager and eager[seat]) and r.hand_mask(seat).bit_count() > 1:
                m = careful_move(r, rules)
                if m is not None and _cards(m) != _cards(move):
                    missed += 1
                    if missed > limit:
                        break
            r.make_move(move)
        return missed


def _cards(m: Move) -> int:
    """The cards of a move (0: a pass)."""
    return m[1] if len(m) > 1 else 0
