"""The builders custody's freeze and give-back need parse in every version's command tree."""

from __future__ import annotations

import pytest

from dfg_bridge.render import RenderError, dialect_for
from dfg_bridge.sim.grammar import CommandGrammar

VERSIONS = ("1.20.5", "1.21.1", "1.21.4", "1.21.6")


@pytest.mark.parametrize("version", VERSIONS)
def test_freeze_and_give_back_commands_parse(version: str) -> None:
    d, grammar = dialect_for(version), CommandGrammar.for_version(version)
    copy = d.copy_block_to_player((1, 5, -3), "container.4", "Steve", "armor.head")
    conditional = d.unless_items("Steve", "armor.head", copy)
    assert conditional == f"execute unless items entity Steve armor.head * run {copy}"
    commands = [
        conditional,
        d.game_mode("Steve", "spectator"),
        d.game_mode("Steve", "survival"),
        d.at("Steve", d.teleport("Steve", (0.5, 400.0, -2.5))),
        d.at("Steve", d.teleport("Steve", (0.5, 64.0, -2.5), 90.0, -12.5)),
        d.store_result_score("#dfg_count", "dfg_cust", d.clear("Steve", "*", 0)),
        d.read_entity("Steve", "playerGameType"),
        d.read_entity("Steve", "Rotation"),
    ]
    for command in commands:
        assert grammar.parse(command).command.endswith(command)


def test_game_mode_refuses_what_is_not_a_mode() -> None:
    with pytest.raises(RenderError):
        dialect_for("1.21.6").game_mode("Steve", "hardcore")
