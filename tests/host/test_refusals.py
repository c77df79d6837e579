"""One home for refusals (host/refusals.py): every surface reports to the rejection hook and tells
the player."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from dfg_bridge.engine import CardParseError, EngineError
from dfg_bridge.engine.errors import ErrorCode
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.handscreen.chatsend import on_dialog
from dfg_bridge.host.intents import DialogAction
from dfg_bridge.host.refusals import message_of, refuse


class _Ctx:
    def __init__(self) -> None:
        self.rejected_codes: list[tuple[str, str]] = []
        self.told: list[tuple[str, str, str | None, dict[str, object]]] = []

    def rejected(self, player: str, code: str) -> None:
        self.rejected_codes.append((player, code))

    def tell(self, player: str, key: str, color: str | None = None, /, **params: object) -> None:
        self.told.append((player, key, color, params))


def test_each_kind_of_refusal_has_its_message() -> None:
    assert message_of(CommandError("not_joined")) == (
        "not_joined",
        CommandError("not_joined").message_key,
        {},
    )
    assert message_of(CardParseError("XX")) == ("bad_cards", "error.bad_cards", {"text": "XX"})
    assert message_of(EngineError(ErrorCode.NOT_YOUR_TURN))[1:] == ("error.not_now", {})


def test_refuse_reports_and_tells() -> None:
    ctx: Any = _Ctx()
    refuse(ctx, "Steve", CommandError("not_in_hand", cards="♠3"))
    assert ctx.rejected_codes == [("Steve", "not_in_hand")]
    key = CommandError("not_in_hand").message_key
    assert ctx.told == [("Steve", key, "red", {"cards": "♠3"})]


def test_a_dialog_refusal_reaches_the_rejection_hook() -> None:
    # Before refusals had one home, the dialog's copy told the player but never called the hook, so
    # dialog refusals were missing from dfg_invalid_commands_total.
    ctx = _Ctx()
    refreshed: list[str] = []
    table = SimpleNamespace(ctx=ctx, run=None, selection={})
    screens: Any = SimpleNamespace(table=table, refresh=refreshed.append, dialog_page={})
    on_dialog(screens, "Steve", DialogAction.CARD, 5)
    assert ctx.rejected_codes == [("Steve", "not_playing")]
    assert [t[1] for t in ctx.told] == [CommandError("not_playing").message_key]
    assert refreshed == ["Steve"]
