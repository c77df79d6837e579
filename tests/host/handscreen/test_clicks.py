"""Reading the screen back and finding clicks (pure, plus the real reply format of the sim)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Card
from dfg_bridge.host.handscreen import Drawn, SlotSeen, card_item, diff, parse_items
from dfg_bridge.render import dialect_for
from dfg_bridge.replies import ReadError
from tests.conftest import SimFactory

KEY = "key_t1_0"


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_parse_the_servers_reply(sim_factory: SimFactory, version: str) -> None:
    sim = sim_factory(version=version)
    d = dialect_for(version)
    sim.run_command("setblock 0 64 0 minecraft:chest")
    assert parse_items(sim.run_command(d.read_container((0, 64, 0)))) == {}
    queen = card_item(Card.parse("HQ"), selected=True, tag="h5")
    sim.run_command(d.item_to_block((0, 64, 0), "container.5", queen))
    sim.run_command(d.item_to_block((0, 64, 0), "container.26", card_item(Card.parse("JK"), tag="h26")))
    sim.run_command("item replace block 0 64 0 container.7 with minecraft:stone 3")
    seen = parse_items(sim.run_command(d.read_container((0, 64, 0))))
    assert seen == {
        5: SlotSeen("minecraft:red_dye", 12, "h5"),
        7: SlotSeen("minecraft:stone", 3, None),
        26: SlotSeen("minecraft:carved_pumpkin", 1, "h26"),
    }


def test_unreadable_replies_raise() -> None:
    with pytest.raises(ReadError):
        parse_items("The target block is not a block entity")
    with pytest.raises(ReadError):
        parse_items("1, 2, 3 has the following block data: [{")


def test_taken_moved_and_swapped_stacks() -> None:
    drawn = {
        18: Drawn("minecraft:red_dye", 12, "h18"),
        19: Drawn("minecraft:black_dye", 3, "h19"),
        20: Drawn("minecraft:blue_dye", 5, "h20"),
        45: Drawn("minecraft:lime_concrete", 1, "h45"),
    }
    # 18 taken (left click), 19 half taken (right click), 20 swapped with the key (number key),
    # the clicked 18 dropped on the empty slot 30 by a drag.
    seen = {
        19: SlotSeen("minecraft:black_dye", 1, "h19"),
        20: SlotSeen("minecraft:book", 1, KEY),
        30: SlotSeen("minecraft:red_dye", 6, "h18"),
        45: SlotSeen("minecraft:lime_concrete", 1, "h45"),
    }
    found = diff(drawn, seen, key_tag=KEY)
    assert found.clicked == (18, 19, 20)
    assert found.stray == (30,)
    assert found.touched == (18, 19, 20, 30)
    assert found.key_seen
    assert found.taken == 12 + 3 + 5 + 1 - 1 - 6 - 1


def test_nothing_changed() -> None:
    drawn = {1: Drawn("minecraft:paper", 2, "h1")}
    found = diff(drawn, {1: SlotSeen("minecraft:paper", 2, "h1")}, key_tag=KEY)
    assert not found.changed and found.taken == 0


@given(
    st.dictionaries(
        st.integers(0, 53), st.tuples(st.sampled_from(["a", "b"]), st.integers(1, 13)), max_size=20
    ),
    st.dictionaries(
        st.integers(0, 53), st.tuples(st.sampled_from(["a", "b"]), st.integers(1, 13)), max_size=20
    ),
)
def test_every_difference_is_a_click_or_a_stray(drawn_raw: dict, seen_raw: dict) -> None:
    drawn = {s: Drawn("minecraft:" + i, c, f"h{s}") for s, (i, c) in drawn_raw.items()}
    seen = {s: SlotSeen("minecraft:" + i, c, f"h{s}") for s, (i, c) in seen_raw.items()}
    found = diff(drawn, seen, key_tag=KEY)

    def key(store: dict, slot: int) -> tuple[str, int] | None:
        return (store[slot].item, store[slot].count) if slot in store else None

    differing = {s for s in {*drawn, *seen} if key(drawn, s) != key(seen, s)}
    assert set(found.touched) == differing
    assert set(found.clicked) <= set(drawn) and not set(found.stray) & set(drawn)


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_fast_reader_agrees_with_the_full_snbt_reader(sim_factory: SimFactory, version: str) -> None:
    from dfg_bridge.model.items import ItemSpec
    from dfg_bridge.model.text import Text
    from dfg_bridge.replies.items import DATA_REPLY as _DATA_REPLY
    from dfg_bridge.replies.items import _full_parse, _scan_items

    sim = sim_factory(version=version)
    d = dialect_for(version)
    sim.run_command("setblock 0 64 0 minecraft:chest")
    names = st.text(alphabet=st.sampled_from(list("ab {}[]:,'\"\\♥✔Slot3bid")), max_size=12)

    stacks = st.tuples(names, st.integers(1, 64), st.booleans())

    @settings(max_examples=25, deadline=None)
    @given(st.dictionaries(st.integers(0, 26), stacks, max_size=6))
    def check(items: dict[int, tuple[str, int, bool]]) -> None:
        sim.run_command(d.clear_container((0, 64, 0)))
        for slot, (name, count, lore) in items.items():
            spec = ItemSpec("paper", count, Text(name), (Text(name),) if lore else (), tag=f"h{slot}")
            sim.run_command(d.item_to_block((0, 64, 0), f"container.{slot}", spec))
        reply = sim.run_command(d.read_container((0, 64, 0)))
        match = _DATA_REPLY.match(reply)
        assert match is not None
        fast = _scan_items(match.group(1))
        assert fast == _full_parse(reply, match.group(1))
        assert fast == {s: SlotSeen("minecraft:paper", c, f"h{s}") for s, (_, c, _) in items.items()}

    check()
