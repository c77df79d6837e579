"""A player's card selection (カードの選択): one place for every surface that selects cards.

The hand screen's chest, the clickable chat hand and the hand dialog all toggle cards in the same
per-player selection of a table (:attr:`~dfg_bridge.host.flow.MatchFlow.selection`); 出す then plays
it through the match flow, so a play is checked once, by the engine, whatever was clicked.
"""

from __future__ import annotations

from dfg_bridge.engine import CARDS
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.match import MatchRun


def seat_in_round(run: MatchRun | None, player: str) -> int:
    """``player``'s seat in the round being played (raises ``not_playing``)."""
    seat = run.seat_of(player) if run is not None else None
    if run is None or run.round is None or seat is None:
        raise CommandError("not_playing")
    return seat


def toggle_card(run: MatchRun | None, selection: dict[str, set[int]], player: str, card: int) -> int:
    """Select or unselect ``card`` for ``player`` and return their seat (raises if not in their hand)."""
    seat = seat_in_round(run, player)
    assert run is not None and run.round is not None
    if card not in {c.index for c in run.round.hand(seat)}:
        raise CommandError("not_in_hand", cards=str(CARDS[card]))
    selection.setdefault(player, set()).symmetric_difference_update({card})
    return seat


__all__ = ["seat_in_round", "toggle_card"]
