"""A chat hand of up to 18 cards reads as one block (issue 13 §15).

A 14-card hand used to go out as 13 cards plus a second chat line with one card. When a hand does
not fit one RCON command, its lines are now balanced: 7 + 7 for 14 cards, 9 + 9 (+ header) for 18.
"""

from __future__ import annotations

from typing import Any

import pytest

from dfg_bridge.engine import CARDS
from dfg_bridge.host.decisions import Decision
from dfg_bridge.host.handscreen.chatview import chat_hand
from dfg_bridge.host.handscreen.verdict import ButtonColor, Verdict
from dfg_bridge.i18n import Messages
from dfg_bridge.rcon import MAX_COMMAND_BYTES
from dfg_bridge.render import dialect_for

VERSIONS = ("1.20.5", "1.21.4", "1.21.6", "1.21.11")


def _lines(version: str, count: int) -> list[str]:
    messages, _ = Messages.load()
    dialect = dialect_for(version)
    parts, _buttons = chat_hand(
        CARDS[:count], set(), Verdict(ButtonColor.ORANGE, Decision.PLAY, code="not_now"),
        trigger=lambda v: dialect.trigger_command("dfg", v), msgs=messages, lang="ja",
    )  # fmt: skip
    return dialect.tellraw_lines("Steve", parts)


def _cards_per_line(commands: list[str]) -> list[int]:
    return [command.count("/trigger dfg set ") for command in commands]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("count", range(1, 19))
def test_a_hand_is_one_block_of_balanced_lines(version: str, count: int) -> None:
    commands = _lines(version, count)
    per_line = _cards_per_line(commands)
    assert sum(per_line) == count
    assert all(len(c.encode("utf-8")) <= MAX_COMMAND_BYTES for c in commands)
    assert len(commands) <= 2, "up to 18 cards take at most two chat lines"
    with_header = [n + (1 if i == 0 else 0) for i, n in enumerate(per_line)]
    assert max(with_header) - min(with_header) <= 1, per_line  # never 13 + 1


def test_fourteen_cards_are_seven_and_seven_where_they_do_not_fit_one_line() -> None:
    assert _cards_per_line(_lines("1.20.5", 14)) == [7, 7]
    assert _cards_per_line(_lines("1.21.6", 18)) == [9, 9]


@pytest.mark.parametrize("version", ("1.20.5", "1.21.6"))
def test_the_server_accepts_every_line(sim_factory: Any, version: str) -> None:
    sim = sim_factory(version=version)
    sim.run_command("scoreboard objectives add dfg trigger")
    for command in _lines(version, 18):
        assert sim.run_command(command) == "No player was found"  # parsed: only the target is missing
