"""What fake players do (プレイヤーの操作), for the control API: one function per action.

Every function runs on the server thread (the caller holds ``executor.lock``).
"""

from dfg_bridge.sim.actions.books import book_view, click_book, use_item
from dfg_bridge.sim.actions.common import ActionError, valid_name
from dfg_bridge.sim.actions.containers import click, close, lock_predicate_matches, open_container
from dfg_bridge.sim.actions.players import (
    chat,
    click_dialog,
    click_text,
    dialog_buttons,
    join,
    leave,
    player_command,
    use_sign,
)

__all__ = [
    "ActionError",
    "book_view",
    "chat",
    "click",
    "click_book",
    "click_dialog",
    "click_text",
    "close",
    "dialog_buttons",
    "join",
    "leave",
    "lock_predicate_matches",
    "open_container",
    "player_command",
    "use_item",
    "use_sign",
    "valid_name",
]
