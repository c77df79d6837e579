"""Dialog buttons send their own trigger codes, so the host knows to show the dialog again."""

from __future__ import annotations

import pytest

from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.intents import DialogAction, DialogClick, Toggle, TriggerCode, intent_for_trigger


def test_dialog_codes() -> None:
    assert intent_for_trigger(TriggerCode.DIALOG_CARD_BASE + 53, ()) == DialogClick(DialogAction.CARD, 53)
    assert intent_for_trigger(TriggerCode.CARD_BASE + 53, ()) == Toggle(53)
    expected = {11: DialogAction.PLAY, 12: DialogAction.PASS, 13: DialogAction.CLEAR, 14: DialogAction.PAGE}
    for code, action in expected.items():
        assert intent_for_trigger(code, ()) == DialogClick(action)
    with pytest.raises(CommandError):
        intent_for_trigger(TriggerCode.DIALOG_CARD_BASE + 54, ())
    with pytest.raises(CommandError):  # a sign of a table never sends a dialog code
        intent_for_trigger(1000 + TriggerCode.DIALOG_PLAY, ("t1",))
