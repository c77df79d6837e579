"""What the two players of an exchange are told (tellings.exchange_notes), as pure text values."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from dfg_bridge.engine import parse_cards
from dfg_bridge.engine.events import Gave
from dfg_bridge.host.tellings import Words, exchange_notes
from tests.host.rig import messages


def _run() -> Any:
    people = [SimpleNamespace(name=n, cpu=False) for n in ("Ann", "Bob", "Cid", "Dee", "Eve")]
    return SimpleNamespace(participants=people)


@pytest.mark.parametrize("hidden", [False, True])
def test_the_receiver_is_told_unless_the_exchange_is_hidden(hidden: bool) -> None:
    # UECda: the cards taken from 大貧民/貧民 are not shown to 大富豪/富豪 (issue 14 item 10).
    notes = exchange_notes(_run(), Gave(4, 0, parse_cards("S2 H2"), "exchange_auto", hidden=hidden),
                           Words(messages(), "ja"))  # fmt: skip
    told = [note.player for note in notes]
    assert "Eve" in told
    assert ("Ann" in told) is not hidden
    assert all(note.text.plain() for note in notes)
