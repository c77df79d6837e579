"""What a click does (クリックの処理), from whichever surface it came: chest, chat or dialog.

All three surfaces drive the same per-player selection (:mod:`dfg_bridge.host.selection`) and end in
the table's own ``play_selection`` / ``decide``, so a play is checked once, by the engine, whatever
was clicked; a refusal is told by :func:`dfg_bridge.host.refusals.refuse`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dfg_bridge.engine import EngineError
from dfg_bridge.host.errors import HostError
from dfg_bridge.host.handscreen.layout import Button
from dfg_bridge.host.handscreen.screen import HandScreen
from dfg_bridge.host.handscreen.view import Target
from dfg_bridge.host.refusals import refuse
from dfg_bridge.host.selection import toggle_card
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import Screens


def act(screens: Screens, screen: HandScreen, targets: Sequence[Target]) -> None:
    """Act on the clicked ``targets`` of ``screen``: card clicks first, then buttons.

    Only clicks made while the player may act get here (the watch undoes the others).
    """
    table, player = screens.table, screen.player
    for target in targets:
        if isinstance(target, int):
            try:
                toggle_card(table.run, table.selection, player, target)
            except (HostError, EngineError) as exc:
                refuse(table.ctx, player, exc)
    for target in targets:
        if isinstance(target, Button):
            try:
                press(screens, screen, target)
            except (HostError, EngineError) as exc:
                refuse(table.ctx, player, exc)


def press(screens: Screens, screen: HandScreen, button: Button) -> None:
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
