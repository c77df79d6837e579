"""What the two players of an exchange are told (tellings.tell_exchange)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from dfg_bridge.engine import parse_cards
from dfg_bridge.engine.events import Gave
from dfg_bridge.host.tellings import tell_exchange
from tests.host.rig import messages


class _Ctx:
    def __init__(self) -> None:
        self.msgs = messages()
        self.lang = "ja"
        self.told: list[tuple[str, Any]] = []

    def tell_text(self, player: str, text: Any) -> None:
        self.told.append((player, text))


def _flow() -> Any:
    people = [SimpleNamespace(name=n, cpu=False) for n in ("Ann", "Bob", "Cid", "Dee", "Eve")]
    return SimpleNamespace(run=SimpleNamespace(participants=people), ctx=_Ctx())


@pytest.mark.parametrize("hidden", [False, True])
def test_the_receiver_is_told_unless_the_exchange_is_hidden(hidden: bool) -> None:
    # UECda: the cards taken from 大貧民/貧民 are not shown to 大富豪/富豪 (issue 14 item 10).
    flow = _flow()
    tell_exchange(flow, Gave(4, 0, parse_cards("S2 H2"), "exchange_auto", hidden=hidden))
    told = [player for player, _ in flow.ctx.told]
    assert "Eve" in told
    assert ("Ann" in told) is not hidden
