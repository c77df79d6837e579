"""Written books in the simulated server: the ``minecraft.used`` statistic, opening, page clicks, and
the ``set_written_book_pages`` item modifier, per version.

Sources of the facts (see ``dfg_bridge/sim/world/books.py``): ``WrittenBookItem.use`` opens the book
(``ServerPlayer.openItemGui``) and awards ``Stats.ITEM_USED`` of the item, whose criterion is
``minecraft.used:minecraft.written_book`` (``StatType`` "used" over the item registry — the criterion
exists exactly when ``minecraft:written_book`` is in the version's item registry, which the vendored
``registries-<v>.json.gz`` list); ``BookViewScreen`` closes on a ``run_command`` click and the client
sends the command; a page is a JSON string on 1.20.5–1.21.4 and a text component from 1.21.5
(``WrittenBookContent.CONTENT_CODEC``); ``SetWrittenBookPagesFunction`` applies a ``ListOperation``.
"""

from __future__ import annotations

from typing import Any

import pytest

from dfg_bridge.sim.control import ControlClient
from dfg_bridge.sim.grammar.env import GameVersion, GrammarEnv

VERSIONS = ("1.20.5", "1.21.4", "1.21.5", "1.21.6", "1.21.11")


def _snbt(version: str) -> bool:
    return tuple(int(p) for p in version.split(".")) >= (1, 21, 5)


def _page(version: str, text: str, command: str | None = None) -> str:
    """A page with one clickable part, written the way ``version`` stores pages."""
    if _snbt(version):
        click = f',click_event:{{action:"run_command",command:"{command}"}}' if command else ""
        return f'{{text:"{text}"{click}}}'
    click = f',"clickEvent":{{"action":"run_command","value":"{command}"}}' if command else ""
    return "'" + f'{{"text":"{text}"{click}}}' + "'"


@pytest.mark.parametrize("version", VERSIONS)
def test_used_written_book_criterion_exists_per_version(version: str) -> None:
    env = GrammarEnv.for_version(GameVersion.parse(version))
    assert "minecraft:written_book" in env.registries.items  # the vendored registry lists the item


@pytest.mark.parametrize("version", ("1.20.5", "1.21.4", "1.21.6"))
def test_using_a_written_book_counts_opens_and_clicks(sim_factory: Any, version: str) -> None:
    sim = sim_factory(version=version, flavor="vanilla")
    ctl = ControlClient(sim.control_port)
    ctl.join("Steve")
    ctl.join("Alex")
    reply = sim.run_command("scoreboard objectives add dfg_ub minecraft.used:minecraft.written_book")
    assert reply.startswith("Created new objective"), reply
    bad_command = "scoreboard objectives add dfg_x minecraft.used:minecraft.no_such_item"
    bad = sim.run_command(bad_command)
    assert "Unknown criterion 'minecraft.used:minecraft.no_such_item'" in bad, bad
    sim.run_command("scoreboard objectives add dfg trigger")
    sim.run_command("scoreboard players enable Steve dfg")
    pages = ",".join([_page(version, "cover"), _page(version, "♠3", "/trigger dfg set 103")])
    book = f'written_book[written_book_content={{title:"手札",author:"dfg",pages:[{pages}],resolved:true}}]'
    assert sim.run_command(f"item replace entity Steve hotbar.2 with {book}").startswith("Replaced"), book
    assert ctl.use_item("Steve")["used"] is False  # hotbar 0 is selected: nothing to use
    used = ctl.use_item("Steve", slot=2)
    assert used["used"] is True and used["pages"] == 2
    assert ctl.use_item("Steve")["reason"] == "screen_open"  # the book is on screen
    view = ctl.player("Steve")["book"]
    assert view["pages"] == ["cover", "♠3"]
    # One read for every player: only Steve used a book.
    assert sim.run_command("execute if entity @a[scores={dfg_ub=1..}]") == "Test passed, count: 1"
    assert sim.run_command("scoreboard players get Steve dfg_ub") == "Steve has 1 [dfg_ub]"
    clicked = ctl.click_book("Steve", 1, 0)
    assert clicked["ran"] is True
    assert sim.run_command("scoreboard players get Steve dfg") == "Steve has 103 [dfg]"
    assert ctl.player("Steve")["book"] is None  # a run_command click closes the book
    # Pages written later are seen at the next opening (the open book is a copy).
    ctl.use_item("Steve")
    modifier = (f'{{function:"minecraft:set_written_book_pages",pages:[{_page(version, "new")}],'
                'mode:"replace_section",offset:1,size:1}')  # fmt: skip
    reply = sim.run_command(f"item modify entity Steve hotbar.2 {modifier}")
    assert reply.startswith("Replaced a slot on Steve"), reply
    assert ctl.player("Steve")["book"]["pages"] == ["cover", "♠3"]
    ctl.close("Steve")
    ctl.use_item("Steve")
    assert ctl.player("Steve")["book"]["pages"] == ["cover", "new"]
    assert sim.run_command("scoreboard players get Steve dfg_ub") == "Steve has 3 [dfg_ub]"
    ctl.close("Steve")
    # A spectator does not use items.
    sim.run_command("gamemode spectator Steve")
    assert ctl.use_item("Steve")["reason"] == "spectator"
    assert [r["command"] for r in ctl.commands()["invalid"]] == [bad_command]


@pytest.mark.parametrize("version", ("1.20.5", "1.21.6"))
def test_set_written_book_pages_modes_and_page_format(sim_factory: Any, version: str) -> None:
    sim = sim_factory(version=version, flavor="vanilla")
    ctl = ControlClient(sim.control_port)
    ctl.join("Steve")
    book = f'written_book[written_book_content={{title:"t",author:"a",pages:[{_page(version, "a")}]}}]'
    sim.run_command(f"item replace entity Steve hotbar.0 with {book}")

    def modify(mode: str, *texts: str, extra: str = "") -> str:
        pages = ",".join(_page(version, t) for t in texts)
        fn = f'{{function:"minecraft:set_written_book_pages",pages:[{pages}],mode:"{mode}"{extra}}}'
        reply: str = sim.run_command(f"item modify entity Steve hotbar.0 {fn}")
        return reply

    assert modify("append", "b", "c").startswith("Replaced")
    assert modify("insert", "x", extra=",offset:1").startswith("Replaced")
    assert modify("replace_section", "y", extra=",offset:3,size:1").startswith("Replaced")
    ctl.use_item("Steve")
    assert ctl.player("Steve")["book"]["pages"] == ["a", "x", "b", "y"]
    ctl.close("Steve")
    assert modify("replace_all", "z").startswith("Replaced")
    ctl.use_item("Steve")
    assert ctl.player("Steve")["book"]["pages"] == ["z"]
    # The other version's page format is refused while parsing, as vanilla decodes the modifier.
    other = '{text:"q"}' if not _snbt(version) else '\'{"text":"q"}\''
    fn = f'{{function:"minecraft:set_written_book_pages",pages:[{other}],mode:"append"}}'
    if not _snbt(version):
        wrong = sim.run_command(f"item modify entity Steve hotbar.0 {fn}")
        assert "Failed to parse" in wrong or "Not a string" in wrong, wrong
    assert len(ctl.commands()["invalid"]) == (0 if _snbt(version) else 1)
