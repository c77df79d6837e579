"""World builders against the simulated server's world model: the hand chest's lock in both forms.

1.20.5–1.21.1 lock by the held item's custom name (``Lock:"<name>"``); 1.21.2+ by an item predicate
(``lock:{components:{"minecraft:custom_data":…}}``, the form Mojang's datafixer converts old locks
to). The sim implements ``LockCode.unlocksWith`` on its own; only the key holder may open the chest.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.text import Text
from dfg_bridge.render import LockKey, dialect_for
from dfg_bridge.sim import SimServer
from tests.conftest import SimFactory


def post(sim: SimServer, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{sim.control_port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        result: dict[str, Any] = json.loads(response.read())
    return result


@pytest.mark.parametrize("version", ["1.20.5", "1.21.1", "1.21.2", "1.21.6"])
def test_only_the_key_holder_opens_the_hand_chest(sim_factory: SimFactory, version: str) -> None:
    sim = sim_factory(version=version, flavor="vanilla")
    dialect = dialect_for(version)
    key = LockKey("手札を開く #1", "key-t1-s1")
    commands = [
        *dialect.double_chest((0, 64, 0), (1, 64, 0), "south", lock=key, title=Text("手札")),
        dialect.item_to_player("Steve", "hotbar.0", key.item()),
        # A look-alike: same visible name, but not our tagged key.
        dialect.item_to_player("Alex", "hotbar.0", ItemSpec("writable_book", 1, Text(key.name), tag="fake")),
        dialect.teleport("Steve", (0.5, 64.0, 2.5)),
        dialect.teleport("Alex", (1.5, 64.0, 2.5)),
    ]
    post(sim, "/players", {"name": "Steve"})
    post(sim, "/players", {"name": "Alex"})
    post(sim, "/players", {"name": "Bob"})
    for command in commands:
        assert sim.run_command(command) != "" or command.startswith("tp"), command
    steve = post(sim, "/players/Steve/open", {"pos": [1, 64, 0]})
    assert steve["opened"] is True
    assert steve["size"] == 54
    bob = post(sim, "/players/Bob/open", {"pos": [0, 64, 0], "force": True})
    assert (bob["opened"], bob["reason"]) == (False, "locked")
    assert "is locked" in bob["message"]
    alex = post(sim, "/players/Alex/open", {"pos": [0, 64, 0]})
    # Before 1.21.2 the lock reads only the name, so the look-alike opens it: the key name must be
    # unique per seat and never given out otherwise (LockKey's docstring says so).
    assert alex["opened"] is (not dialect.lock_predicate)
