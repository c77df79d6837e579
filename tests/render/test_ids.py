"""Every item, block and entity id the daemon can emit exists in every supported release (issue 13 item 3).

The daemon names things by their 1.20.5 ids; ``render.ids`` maps renames (``chain`` → ``iron_chain`` from
1.21.9, issue 13 item 1). The registries are the simulated server's, vendored from minecraft-data.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.render import dialect_for
from dfg_bridge.render.ids import BLOCKS, ENTITIES, ITEMS, RENAMES
from dfg_bridge.render.version import RELEASES
from dfg_bridge.sim.grammar import CommandGrammar
from dfg_bridge.sim.grammar.env import GameVersion, GrammarEnv, Registries

PACKAGE = Path(__file__).resolve().parents[2] / "dfg_bridge"
VERSIONS = [str(v) for v in RELEASES]
_ID_IN_TEXT = re.compile(r"\bminecraft:([a-z0-9_]+)")

# String literals in the daemon that spell a registry id but are not one where they stand.
NOT_IDS = {
    "player": "the player seat kind in host views, not an entity selector",
    "chest": "the hand surface choice (also a block, listed in BLOCKS)",
    "target": "an engine event field",
    "slime": "スライム革命, a rule name",
    "paper": "the server flavour (also an item, listed in ITEMS)",
    "bucket": "a stats bucket (all, preset:<name>, practice): a column of `dfg-bridge stats export`",
}


def _registries(version: str) -> Registries:
    return GrammarEnv.for_version(GameVersion.parse(version)).registries


def _ns(name: str) -> str:
    return name if ":" in name else "minecraft:" + name


@pytest.mark.parametrize("version", VERSIONS)
def test_every_id_the_daemon_uses_exists_in_the_version(version: str) -> None:
    d, reg = dialect_for(version), _registries(version)
    missing = [i for i in sorted(ITEMS) if _ns(d.game_id(i)) not in reg.items]
    missing += [b for b in sorted(BLOCKS) if _ns(d.game_id(b, "block")) not in reg.blocks]
    missing += [e for e in sorted(ENTITIES) if _ns(d.game_id(e, "entity")) not in reg.entity_types]
    assert missing == [], f"{version} has no {missing}"


def _literals() -> dict[str, set[str]]:
    """Registry-looking string literals in host/, app/ and render/, with the files they are in."""
    known: set[str] = set()
    for version in VERSIONS:
        reg = _registries(version)
        known |= {i.split(":", 1)[1] for i in (*reg.items, *reg.blocks, *reg.entity_types)}
    found: dict[str, set[str]] = {}
    for part in ("host", "app", "render"):
        for path in sorted((PACKAGE / part).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(body[0].value)
                for scope in ast.walk(tree)
                if isinstance(scope, ast.Module | ast.ClassDef | ast.FunctionDef)
                and (body := scope.body)
                and isinstance(body[0], ast.Expr)
            }
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                    continue
                if id(node) in docstrings:
                    continue
                words = {node.value.removeprefix("minecraft:"), *_ID_IN_TEXT.findall(node.value)}
                for word in words & known:
                    found.setdefault(word, set()).add(str(path.relative_to(PACKAGE)))
    return found


def test_the_id_tables_list_every_id_the_daemon_spells() -> None:
    listed = ITEMS | BLOCKS | ENTITIES | set(NOT_IDS) | {r.new for r in RENAMES}
    unlisted = {word: sorted(files) for word, files in _literals().items() if word not in listed}
    assert unlisted == {}, "add these to dfg_bridge/render/ids.py (or NOT_IDS with a reason)"


def test_chain_is_iron_chain_from_1_21_9() -> None:
    spec = ItemSpec("chain", 1, tag="lock")
    for version, expected in (("1.21.8", "chain"), ("1.21.9", "iron_chain"), ("1.21.11", "iron_chain"),
                              ("26.1", "iron_chain")):  # fmt: skip
        d = dialect_for(version)
        command = d.item_to_block((0, 64, 0), "container.0", spec)
        assert command.startswith(f"item replace block 0 64 0 container.0 with {expected}["), command
        CommandGrammar.for_version(version).parse(command)  # the version's tree and registry accept it
        assert d.item_id("chain") == f"minecraft:{expected}"
        assert d.item_id("minecraft:red_dye") == "minecraft:red_dye"


def test_the_old_chain_is_unknown_to_the_newest_releases() -> None:
    """What issue 13 saw on 1.21.11: 265–541 invalid ``item replace … with chain[…]`` per match."""
    old = "item replace block 0 64 0 container.0 with chain 1"
    for version in ("1.21.9", "1.21.11", "26.1"):
        with pytest.raises(Exception, match="Unknown item 'minecraft:chain'"):
            CommandGrammar.for_version(version).parse(old)
    CommandGrammar.for_version("1.21.8").parse(old)


@pytest.mark.parametrize(("version", "shown"), [("1.21.8", "chain"), ("1.21.9", "iron_chain")])
def test_a_renamed_item_read_back_is_not_a_click(version: str, shown: str) -> None:
    """The hand screen compares what it drew with ``data get block … Items``, which carries the version's
    id: the 縛り indicator drawn as ``chain`` reads back as ``minecraft:iron_chain`` from 1.21.9."""
    from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
    from dfg_bridge.host.handscreen.view import Cell

    d = dialect_for(version)
    screen = HandScreen("Steve", 0, ChestSurface((0, 64, 0), (1, 64, 0)))
    screen.mark(4, Cell(ItemSpec("chain", 1, tag="h4")))
    reply = (
        f'0, 64, 0 has the following block data: [{{count: 1, Slot: 4b, id: "minecraft:{shown}", '
        'components: {"minecraft:custom_data": {dfg: {id: "h4"}}}}]'
    )
    found = screen.read({0: reply}, key_tag="key_t1_0", item_id=d.item_id)
    assert found.clicked == () and found.stray == ()
