"""Sending the chat hand and the dialog hand (チャット・ダイアログ) to a player, and their clicks back
(the texts are built by :mod:`.chatview`).

``/dfg hand`` prints the clickable chat hand and, on 1.21.6+, opens the hand dialog; so do the start
of one's turn and using the 「手札を開く」 book (noticed by :mod:`~dfg_bridge.host.handscreen.book`).
Dialog buttons send their own trigger codes (:class:`~dfg_bridge.host.intents.DialogClick`), so after
a dialog click the host shows the dialog again with the new selection, until the player plays or passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.engine import EngineError
from dfg_bridge.host.announce import cards_message, cards_text
from dfg_bridge.host.decisions import Decision, decision_of
from dfg_bridge.host.decisions import prompt as decision_prompt
from dfg_bridge.host.errors import HostError
from dfg_bridge.host.handscreen.build import screen_state
from dfg_bridge.host.handscreen.chatview import DIALOG_COLUMNS, chat_hand, dialog_buttons, play_label
from dfg_bridge.host.handscreen.layout import Surface
from dfg_bridge.host.handscreen.state import ScreenState, SortOrder
from dfg_bridge.host.intents import DialogAction
from dfg_bridge.host.refusals import refuse
from dfg_bridge.host.selection import seat_in_round, toggle_card
from dfg_bridge.model.limits import MAX_COMMAND_BYTES
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.context import HostContext
    from dfg_bridge.host.handscreen.port import Screens, ScreenTable


def _trigger(table: ScreenTable, value: int) -> str:
    return table.ctx.r.trigger_command(table.ctx.settings.trigger_objective, value)


def _state(screens: Screens, player: str) -> ScreenState:
    table = screens.table
    seat = seat_in_round(table.run, player)
    screen = screens.screen_of(player)
    sort = screen.sort if screen is not None else SortOrder.STRENGTH
    return screen_state(table, table.snapshot(), player, seat, sort=sort)


def send_chat_hand(screens: Screens, player: str, *, your_turn: bool = False) -> None:
    """Print the clickable chat hand (one line of cards, then 出す and パス); refresh the screen too."""
    table, ctx = screens.table, screens.table.ctx
    state = _state(screens, player)
    if player not in ctx.online:
        return
    prompt = Text(_prompt(table, player), color="gold", bold=True) if your_turn else None
    parts, buttons = chat_hand(
        state.sorted_hand(),
        state.selected,
        state.verdict,
        trigger=lambda v: _trigger(table, v),
        msgs=ctx.msgs,
        lang=ctx.lang,
    )
    # The prompt, the cards and the buttons each on their own line, in as few chat messages as fit in
    # one RCON command each: a turn costs one or two tellraws instead of three (issue 19).
    lines = [*([prompt] if prompt is not None else []), Text.join(parts), buttons]
    packed = ctx.r.tellraw_packed(player, lines)
    if all(len(command.encode("utf-8")) <= MAX_COMMAND_BYTES for command in packed):
        for command in packed:
            ctx.sink.run(command)
    else:  # the cards alone need more than one message
        if prompt is not None:
            ctx.tell_text(player, prompt)
        for command in ctx.r.tellraw_lines(player, parts):
            ctx.sink.run(command)
        ctx.tell_text(player, buttons)
    screens.refresh(player)
    # Seed 001 「自分の番になると、手札の画面が自動で開きます」: the dialog on 1.21.6+; before,
    # nothing can open a screen, so the turn points to the book, which opens anywhere.
    if your_turn and not show_dialog(screens, player) and screens.surface is Surface.CHEST:
        ctx.tell(player, "hand.book_turn", "gold")


def field_text(ctx: HostContext, state: ScreenState) -> Text:
    """The field as the dialog and the book show it (場: ♠3 ♠4 ♠5, or 場は空です)."""
    if state.field:
        shown = cards_text(state.field, state.readings)
        return cards_message(ctx.msgs, "display.centre_field", ctx.lang, shown)
    return Text(ctx.text("display.centre_empty"))


def _prompt(table: ScreenTable, player: str) -> str:
    """The turn's prompt: its decision's own (7渡し, 10捨て, Qボンバー, なかまカード, 買収…) or 出す."""
    run, ctx = table.run, table.ctx
    seat = run.seat_of(player) if run is not None else None
    if run is None or run.round is None or seat is None:
        return ctx.text("hand.your_turn")
    return decision_prompt(run.round, seat, run.names, ctx.msgs, ctx.lang)


def _dialog_title(table: ScreenTable, state: ScreenState) -> str:
    run = table.run
    decision = decision_of(run.round) if run is not None and run.round is not None else Decision.PLAY
    if decision is Decision.PLAY:
        return table.ctx.text("hand.title")
    return table.ctx.text(f"hand.title_{decision.value}")


def show_dialog(screens: Screens, player: str) -> bool:
    """Open the hand dialog (1.21.6+); ``False`` when the server has no dialogs."""
    table, ctx = screens.table, screens.table.ctx
    if not ctx.r.has_dialog or player not in ctx.online:
        return False
    state = _state(screens, player)
    hand = state.sorted_hand()
    title = Text(_dialog_title(table, state), bold=True)
    lines = [field_text(ctx, state), Text("\n")]
    if state.verdict.mode is not Decision.PLAY and seat_in_round(table.run, player) in table.awaiting():
        lines += [Text(_prompt(table, player), color="gold"), Text("\n")]
    body = Text.join([*lines, play_label(state.verdict, ctx.msgs, ctx.lang)])
    page = screens.dialog_page.get(player, 0)
    per_page = max(1, len(hand))
    while True:
        buttons, pages = dialog_buttons(
            hand,
            state.selected,
            state.verdict,
            trigger=lambda v: _trigger(table, v),
            msgs=ctx.msgs,
            lang=ctx.lang,
            page=page,
            per_page=per_page,
        )
        command = ctx.r.dialog_show(player, title, buttons, body=body, columns=DIALOG_COLUMNS)
        if len(command.encode("utf-8")) <= MAX_COMMAND_BYTES or per_page == 1:
            break
        per_page -= 1
    screens.dialog_page[player] = page % pages
    ctx.sink.run(command)
    return True


def on_dialog(screens: Screens, player: str, action: DialogAction, card: int | None) -> None:
    """A hand-dialog button was pressed: act, then show the dialog again unless the turn is done."""
    table = screens.table
    again = True
    try:
        if action is DialogAction.CARD and card is not None:
            toggle_card(table.run, table.selection, player, card)
        elif action is DialogAction.CLEAR:
            table.selection.pop(player, None)
        elif action is DialogAction.PAGE:
            screens.dialog_page[player] = screens.dialog_page.get(player, 0) + 1
        elif action is DialogAction.PLAY:
            table.play_selection(player)
            again = _may_act(table, player)
        elif action is DialogAction.PASS:
            table.decide(player, None)
            again = _may_act(table, player)
    except (HostError, EngineError) as exc:
        refuse(table.ctx, player, exc)
    screens.refresh(player)
    if again and table.run is not None:
        show_dialog(screens, player)


def _may_act(table: ScreenTable, player: str) -> bool:
    """Whether ``player`` must decide again at once (they lead again after 8切り, for instance)."""
    run = table.run
    seat = run.seat_of(player) if run is not None else None
    return seat is not None and seat in table.awaiting()
