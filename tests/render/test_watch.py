"""The watch's one-command tests (render/watch.py): predicates, chains, the integrity check."""

from __future__ import annotations

import pytest

from dfg_bridge.render import LockKey, RenderError, dialect_for


@pytest.mark.parametrize("version", ["1.20.5", "1.21.1", "1.21.4", "1.21.6"])
def test_keys_carry_a_marker_and_the_lock_matches_it(version: str) -> None:
    d = dialect_for(version)
    assert d.custom_data("key_t1_0_ab12") == '{dfg:{id:"key_t1_0_ab12",key:1b}}'
    assert d.custom_data("h18") == '{dfg:{id:"h18"}}'
    assert d.our_keys() == "*[custom_data~{dfg:{key:1b}}]"
    assert d.our_non_keys() == "*[custom_data~{dfg:{}},!custom_data~{dfg:{key:1b}}]"
    lock = d.lock_nbt(LockKey("n", "key_t1_0_ab12"))
    if d.lock_predicate:
        assert lock == 'lock:{components:{"minecraft:custom_data":{dfg:{id:"key_t1_0_ab12",key:1b}}}}'
    else:
        assert lock == 'Lock:"n"'


def test_chains_and_checks() -> None:
    d = dialect_for("1.21.6")
    chain = d.all_clear([d.items_check(False, "@a[tag=dfg_t1_p]", "player.cursor", d.our_non_keys()),
                         d.entity_check(False, "@a[tag=dfg_t1_p,scores={dfg_oc=1..}]")])  # fmt: skip
    assert chain == (
        "execute unless items entity @a[tag=dfg_t1_p] player.cursor *[custom_data~{dfg:{}},"
        "!custom_data~{dfg:{key:1b}}] unless entity @a[tag=dfg_t1_p,scores={dfg_oc=1..}]"
    )
    assert d.container_holds((0, 64, -2), "minecraft:chest", [(0, 1), (18, 12)]) == (
        "if block 0 64 -2 minecraft:chest{Items:[{Slot:0b,count:1},{Slot:18b,count:12}]} "
        "unless data block 0 64 -2 Items[2]"
    )
    assert d.container_holds((0, 64, -2), "minecraft:chest", []) == "unless data block 0 64 -2 Items[0]"
    assert d.dropped_near((0.5, 64.0, 0.5), 16) == (
        "@e[type=minecraft:item,x=0.5,y=64.0,z=0.5,distance=..16.0,nbt={Item:{components:"
        '{"minecraft:custom_data":{dfg:{}}}}}]'
    )
    guarded = d.unless_foreign_in_block(
        (1, 2, 3), "container.4", "item replace block 1 2 3 container.4 with air"
    )
    assert guarded.startswith("execute unless items block 1 2 3 container.4 *[!custom_data~{dfg:{}}] run ")
    # Only over our item of the slot's own tag (a card a player moved there is kept for the next read).
    own = d.unless_foreign_in_block(
        (1, 2, 3), "container.4", "item replace block 1 2 3 container.4 with air", own="h4"
    )
    assert own.startswith('execute unless items block 1 2 3 container.4 *[!custom_data~{dfg:{id:"h4"}}] run ')
    with pytest.raises(RenderError):
        d.unless_foreign_on(
            "Steve", "enderchest.4", "item replace entity Steve enderchest.4 with air", own='h4"}'
        )
    with pytest.raises(RenderError):
        d.all_clear([])
    with pytest.raises(RenderError):
        d.all_clear([d.entity_check(False, "@a")] * 200)
    with pytest.raises(RenderError):
        d.items_check(True, "Steve", "bogus.*", d.our_keys())
    with pytest.raises(RenderError):
        d.stat_objective("dfg_oc", "open chest")
