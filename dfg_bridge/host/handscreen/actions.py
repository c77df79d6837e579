"""What a click does (クリックの処理), from whichever surface it came: chest, chat or dialog.

All three surfaces drive the same per-player selection (``Table.selection``) and end in the table's
own ``play_selection`` / ``decide``, so a play is checked once, by the engine, whatever was clicked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dfg_bridge.engine import CARDS, EngineError
from dfg_bridge.host.errors import CommandError, HostError
from dfg_bridge.host.handscreen.layout import Button
from dfg_bridge.host.handscreen.screen import HandScreen
from dfg_bridge.host.handscreen.view import Target
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.manager import HandScreens
    from dfg_bridge.host.table import Table


def seat_of(table: Table, player: str) -> int:
    """``player``'s seat in the round being played (raises ``not_playing``)."""
    run = table.run
    seat = run.seat_of(player) if run is not None else None
    if run is None or run.round is None or seat is None:
        raise CommandError("not_playing")
    return seat


def toggle(table: Table, player: str, card: int) -> None:
    """Select or unselect ``card`` for ``player`` (raises when it is not in their hand)."""
    run = table.run
    seat = seat_of(table, player)
    assert run is not None and run.round is not None
    if card not in {c.index for c in run.round.hand(seat)}:
        raise CommandError("not_in_hand", cards=str(CARDS[card]))
    table.selection.setdefault(player, set()).symmetric_difference_update({card})


def _tell_error(table: Table, player: str, exc: HostError | EngineError) -> None:
    table.ctx.rejected(player, exc.code)
    if isinstance(exc, HostError):
        table.ctx.tell(player, exc.message_key, "red", **exc.params)
    else:
        table.ctx.tell(player, "error.not_now", "red")


def act(screens: HandScreens, screen: HandScreen, targets: Sequence[Target]) -> None:
    """Act on the clicked ``targets`` of ``screen``: card clicks first, then buttons.

    Only clicks made while the player may act get here (the watch undoes the others).
    """
    table, player = screens.table, screen.player
    for target in targets:
        if isinstance(target, int):
            try:
                toggle(table, player, target)
            except (HostError, EngineError) as exc:
                _tell_error(table, player, exc)
    for target in targets:
        if isinstance(target, Button):
            try:
                press(screens, screen, target)
            except (HostError, EngineError) as exc:
                _tell_error(table, player, exc)


def press(screens: HandScreens, screen: HandScreen, button: Button) -> None:
    """A button of the bottom row."""
    table, player = screens.table, screen.player
    if button is Button.PLAY:
        table.play_selection(player)
    elif button is Button.PASS:
        table.decide(player, None)
    elif button is Button.CLEAR:
        table.selection.pop(player, None)
    elif button is Button.SORT:
        screen.sort = screen.sort.toggled()
    elif button is Button.PAGE:
        screen.page += 1
    elif button is Button.INFO:
        state, _ = screens.desired(screen)
        lines = [Text(table.ctx.text("hand.info_button"), color="aqua", bold=True)]
        lines += [Text("\n" + line) for line in state.info]
        table.ctx.tell_text(player, Text.join(lines))
