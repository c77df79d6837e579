"""Builders: the exact commands each dialect writes (1.20.5–1.21.4 JSON vs 1.21.5+ SNBT)."""

from __future__ import annotations

import pytest

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.text import Click, ClickAction, Text
from dfg_bridge.render import (
    BossbarColor,
    DialectFamily,
    DialogButton,
    DisplaySlot,
    GameRule,
    LockKey,
    RenderError,
    SignLine,
    TeamColor,
    Version,
    dialect_for,
    fits,
    team_sidebar,
)

OLD = dialect_for("1.21.4")
NEW = dialect_for("1.21.6")
CARD = ItemSpec("red_dye", 12, Text("Q♥", italic=False), tag="c-HQ")


def test_versions_and_families() -> None:
    assert Version.parse("1.21") == Version(1, 21, 0)
    assert Version.parse("1.21.5-rc1") == Version(1, 21, 5)
    assert DialectFamily.of(Version(1, 21, 4)) is DialectFamily.JSON_TEXT
    assert DialectFamily.of(Version(1, 21, 5)) is DialectFamily.SNBT_TEXT
    assert dialect_for("1.21.6") is dialect_for(Version(1, 21, 6))
    for bad in ("25w10a", "1.x", ""):
        with pytest.raises(RenderError) as err:
            Version.parse(bad)
        assert err.value.code == "bad_version"
    with pytest.raises(RenderError) as err:
        dialect_for("1.20.4")
    assert err.value.code == "unsupported_version"


def test_feature_flags_follow_the_exact_version() -> None:
    assert [dialect_for(v).lock_predicate for v in ("1.20.5", "1.21.1", "1.21.2", "1.21.4")] == [
        False,
        False,
        True,
        True,
    ]
    assert [dialect_for(v).has_dialog for v in ("1.21.5", "1.21.6")] == [False, True]
    assert [dialect_for(v).snake_gamerules for v in ("1.21.10", "1.21.11")] == [False, True]


def test_chat() -> None:
    assert OLD.tellraw("@a", Text("hi")) == 'tellraw @a "hi"'
    assert (
        NEW.actionbar("Steve", Text("残り", color="red")) == 'title Steve actionbar {text:"残り",color:"red"}'
    )
    assert OLD.title("Steve", Text("番")) == 'title Steve title "番"'
    assert OLD.subtitle(".Bedrock_1", Text("x")) == 'title .Bedrock_1 subtitle "x"'
    assert NEW.title_times("@a", 5, 40, 10) == "title @a times 5 40 10"


def test_items() -> None:
    assert OLD.item_to_player("Steve", "container.9", CARD) == (
        "item replace entity Steve container.9 with "
        'red_dye[custom_name=\'{"text":"Q♥","italic":false}\',custom_data={dfg:{id:"c-HQ"}}] 12'
    )
    assert NEW.item_to_block((1, 64, -3), "container.53", CARD) == (
        "item replace block 1 64 -3 container.53 with "
        'red_dye[custom_name={text:"Q♥",italic:false},custom_data={dfg:{id:"c-HQ"}}] 12'
    )
    glowing = ItemSpec("carved_pumpkin", 1, Text("✔★"), (Text("ジョーカー"),), True, "c-JK")
    assert NEW.give("Steve", glowing) == (
        'give Steve carved_pumpkin[custom_name="✔★",lore=[{text:"ジョーカー"}],'
        'enchantment_glint_override=true,custom_data={dfg:{id:"c-JK"}}] 1'
    )
    assert OLD.item_arg(ItemSpec("stick")) == "stick[custom_data={dfg:{}}]"
    assert OLD.copy_player_to_block("Steve", "armor.head", (5, 1, 5), "container.3") == (
        "item replace block 5 1 5 container.3 from entity Steve armor.head"
    )
    assert NEW.copy_block_to_player((5, 1, 5), "container.3", "Steve", "weapon.offhand") == (
        "item replace entity Steve weapon.offhand from block 5 1 5 container.3"
    )
    assert (
        NEW.empty_player_slot("Steve", "player.cursor") == "item replace entity Steve player.cursor with air"
    )
    assert NEW.clear("Steve") == "clear Steve *[custom_data~{dfg:{}}]"
    assert NEW.count_items("Steve") == "clear Steve *[custom_data~{dfg:{}}] 0"
    assert NEW.clear("Steve", NEW.our_items("key-1"), 1) == 'clear Steve *[custom_data~{dfg:{id:"key-1"}}] 1'
    assert NEW.read_container((0, 64, 0)) == "data get block 0 64 0 Items"
    assert NEW.read_entity("Steve", "Pos") == "data get entity Steve Pos"


@pytest.mark.parametrize("slot", ["container.54", "hotbar.9", "enderchest.27", "armor.hat", "slot.0", ""])
def test_bad_slots(slot: str) -> None:
    with pytest.raises(RenderError) as err:
        NEW.item_to_player("Steve", slot, CARD)
    assert err.value.code == "bad_slot"


@pytest.mark.parametrize("count", [0, 100, -1])
def test_bad_counts(count: int) -> None:
    with pytest.raises(RenderError) as err:
        NEW.give("Steve", ItemSpec("red_dye", count))
    assert err.value.code == "bad_count"


@pytest.mark.parametrize("name", ["Ste ve", "a;b", "@x", "Steve\n", "x" * 41, ""])
def test_bad_targets(name: str) -> None:
    with pytest.raises(RenderError) as err:
        NEW.tellraw(name, Text("x"))
    assert err.value.code == "bad_target"


def test_scoreboard() -> None:
    assert NEW.objective_add("dfg", trigger=True) == "scoreboard objectives add dfg trigger"
    assert (
        OLD.objective_add("dfg_t1", display=Text("【大富豪】"))
        == 'scoreboard objectives add dfg_t1 dummy "【大富豪】"'
    )
    assert NEW.objective_remove("dfg_t1") == "scoreboard objectives remove dfg_t1"
    assert NEW.set_display(DisplaySlot.SIDEBAR, "dfg_t1") == "scoreboard objectives setdisplay sidebar dfg_t1"
    assert NEW.set_display(team_sidebar(TeamColor.AQUA), "dfg_t2") == (
        "scoreboard objectives setdisplay sidebar.team.aqua dfg_t2"
    )
    assert NEW.set_display("sidebar.team.aqua", None) == "scoreboard objectives setdisplay sidebar.team.aqua"
    assert (
        NEW.objective_number_format_blank("dfg_t1")
        == "scoreboard objectives modify dfg_t1 numberformat blank"
    )
    assert NEW.objective_render_type("dfg_t1") == "scoreboard objectives modify dfg_t1 rendertype integer"
    assert (
        OLD.objective_display_name("dfg_t1", Text("卓1"))
        == 'scoreboard objectives modify dfg_t1 displayname "卓1"'
    )
    assert NEW.score_set("#line1", "dfg_t1", 5) == "scoreboard players set #line1 dfg_t1 5"
    assert NEW.score_reset("Steve", "dfg") == "scoreboard players reset Steve dfg"
    assert NEW.score_reset("#line1") == "scoreboard players reset #line1"
    assert NEW.score_get("Steve", "dfg") == "scoreboard players get Steve dfg"
    assert NEW.trigger_enable("@a", "dfg") == "scoreboard players enable @a dfg"
    assert NEW.score_display_name("#line1", "dfg_t1", Text("Steve 12枚")) == (
        'scoreboard players display name #line1 dfg_t1 "Steve 12枚"'
    )
    with pytest.raises(RenderError):
        NEW.set_display("sidebar.team.orange", "x")
    with pytest.raises(RenderError):
        NEW.score_set("two words", "dfg", 1)


def test_bossbar_and_teams() -> None:
    assert OLD.bossbar_add("dfg:t1", Text("ラウンド1")) == 'bossbar add dfg:t1 "ラウンド1"'
    assert NEW.bossbar_name("dfg:t1", Text("Steve の番", color="yellow")) == (
        'bossbar set dfg:t1 name {text:"Steve の番",color:"yellow"}'
    )
    assert NEW.bossbar_value("dfg:t1", 42) == "bossbar set dfg:t1 value 42"
    assert NEW.bossbar_max("dfg:t1", 60) == "bossbar set dfg:t1 max 60"
    assert NEW.bossbar_players("dfg:t1", "@a[tag=dfg_t1]") == "bossbar set dfg:t1 players @a[tag=dfg_t1]"
    assert NEW.bossbar_players("dfg:t1", None) == "bossbar set dfg:t1 players"
    assert NEW.bossbar_color("dfg:t1", BossbarColor.YELLOW) == "bossbar set dfg:t1 color yellow"
    assert NEW.bossbar_visible("dfg:t1", False) == "bossbar set dfg:t1 visible false"
    assert NEW.bossbar_style("dfg:t1", "notched_6") == "bossbar set dfg:t1 style notched_6"  # type: ignore[arg-type]
    assert NEW.bossbar_remove("dfg:t1") == "bossbar remove dfg:t1"
    assert NEW.team_add("dfg_t1") == "team add dfg_t1"
    assert NEW.team_prefix("dfg_t1", Text("【大富豪】", color="gold")) == (
        'team modify dfg_t1 prefix {text:"【大富豪】",color:"gold"}'
    )
    assert OLD.team_suffix("dfg_t1", Text("!")) == 'team modify dfg_t1 suffix "!"'
    assert NEW.team_color("dfg_t1", TeamColor.AQUA) == "team modify dfg_t1 color aqua"
    assert NEW.team_join("dfg_t1", "Steve") == "team join dfg_t1 Steve"
    assert NEW.team_leave("Steve") == "team leave Steve"
    assert NEW.team_remove("dfg_t1") == "team remove dfg_t1"
    with pytest.raises(ValueError):
        NEW.bossbar_color("dfg:t1", "orange")  # type: ignore[arg-type]


def test_entities() -> None:
    assert NEW.summon_marker((0.5, 64.0, 0.5), ["dfg", "dfg_t1"]) == (
        'summon minecraft:marker 0.5 64.0 0.5 {Tags:["dfg","dfg_t1"]}'
    )
    assert NEW.summon_seat((1.5, 63.2, 0.5), ["dfg_seat"], 90.0) == (
        'summon minecraft:armor_stand 1.5 63.2 0.5 {Tags:["dfg_seat"],Invisible:1b,Marker:1b,NoGravity:1b,'
        "Invulnerable:1b,Silent:1b,Rotation:[90.0f,0.0f]}"
    )
    assert OLD.summon_text_display((0.5, 66.0, 0.5), ["dfg"], Text("場: ♥Q")) == (
        'summon minecraft:text_display 0.5 66.0 0.5 {Tags:["dfg"],text:\'"場: ♥Q"\',billboard:"center"}'
    )
    assert NEW.summon_block_display((0, 64, 0), ["dfg"], "oak_stairs", {"facing": "north"}) == (
        'summon minecraft:block_display 0.0 64.0 0.0 {Tags:["dfg"],block_state:{Name:"oak_stairs",'
        'Properties:{facing:"north"}}}'
    )
    sel = NEW.tagged("dfg_t1_c", kind="text_display", single=True)
    assert NEW.set_display_text(sel, Text("革命中", color="red")) == (
        "data merge entity @e[type=minecraft:text_display,tag=dfg_t1_c,limit=1] "
        '{text:{text:"革命中",color:"red"}}'
    )
    assert NEW.kill(NEW.tagged("dfg_t1")) == "kill @e[tag=dfg_t1]"
    with pytest.raises(RenderError):
        NEW.kill("Steve")
    assert NEW.ride_mount("Steve", NEW.tagged("dfg_t1_s0", single=True)) == (
        "ride Steve mount @e[tag=dfg_t1_s0,limit=1]"
    )
    assert NEW.ride_dismount("Steve") == "ride Steve dismount"
    assert NEW.teleport("Steve", (0.5, 64.0, -2.5), 180.0, 10.0) == "tp Steve 0.5 64.0 -2.5 180.0 10.0"
    assert NEW.teleport("Steve", (1.0, 2.0, 3.0)) == "tp Steve 1.0 2.0 3.0"
    with pytest.raises(RenderError):
        NEW.teleport("Steve", (float("nan"), 0.0, 0.0))


def test_locks_in_both_forms() -> None:
    key = LockKey("手札を開く #2", "key-t1-2")
    assert dialect_for("1.21.1").lock_nbt(key) == 'Lock:"手札を開く #2"'
    assert (
        dialect_for("1.21.2").lock_nbt(key)
        == 'lock:{components:{"minecraft:custom_data":{dfg:{id:"key-t1-2"}}}}'
    )
    # The key item carries exactly the custom_data the predicate compares, and the name the old form reads.
    assert NEW.item_arg(key.item()) == (
        'writable_book[custom_name={text:"手札を開く #2",italic:false},custom_data={dfg:{id:"key-t1-2"}}]'
    )


def test_double_chest_halves_follow_chest_block_rules() -> None:
    key = LockKey("k", "k1")
    # Facing north, the type=left half's partner is east (clockwise): west block is left.
    left, right = NEW.double_chest((1, 64, 0), (0, 64, 0), "north", lock=key, title=Text("手札"))
    assert left.startswith("setblock 0 64 0 minecraft:chest[facing=north,type=left]{lock:")
    assert right.startswith("setblock 1 64 0 minecraft:chest[facing=north,type=right]{lock:")
    assert right.endswith(',CustomName:"手札"} replace')
    old_left, _ = dialect_for("1.20.5").double_chest((0, 64, 0), (0, 64, 1), "east")
    assert old_left == "setblock 0 64 0 minecraft:chest[facing=east,type=left] replace"
    with pytest.raises(RenderError) as err:
        NEW.double_chest((0, 64, 0), (0, 64, 1), "north")
    assert err.value.code == "bad_geometry"


def test_signs() -> None:
    lines = [SignLine(Text("[参加]", bold=True), "/trigger dfg set 1"), SignLine(Text("大富豪"))]
    assert NEW.sign((3, 64, 3), lines, wall_facing="south") == (
        "setblock 3 64 3 minecraft:oak_wall_sign[facing=south]{front_text:{messages:["
        '{text:"[参加]",bold:true,click_event:{action:"run_command",command:"/trigger dfg set 1"}},'
        '{text:"大富豪"},{text:""},{text:""}]},is_waxed:1b} replace'
    )
    assert OLD.sign((3, 64, 3), lines[1:], rotation=8, wood="spruce") == (
        "setblock 3 64 3 minecraft:spruce_sign[rotation=8]"
        "{front_text:{messages:['\"大富豪\"','\"\"','\"\"','\"\"']},is_waxed:1b} replace"
    )
    assert OLD.sign_text((3, 64, 3), [SignLine(Text("a"))]).startswith("data merge block 3 64 3 {front_text:")
    with pytest.raises(RenderError):
        NEW.sign((0, 0, 0), [SignLine(Text(""))] * 5)


def test_blocks_and_forceload() -> None:
    assert NEW.fill((0, 60, 0), (3, 60, 3), "minecraft:barrier", mode="hollow") == (
        "fill 0 60 0 3 60 3 minecraft:barrier hollow"
    )
    assert NEW.setblock((0, 1, 0), NEW.block_state("chest", {"facing": "west"})) == (
        "setblock 0 1 0 chest[facing=west] replace"
    )
    assert NEW.container_title((0, 1, 0), Text("交換")) == 'data merge block 0 1 0 {CustomName:"交換"}'
    assert NEW.forceload_add((-16, -16), (15, 15)) == "forceload add -16 -16 15 15"
    assert NEW.forceload_remove((0, 0)) == "forceload remove 0 0"


def test_gamerules_and_execute() -> None:
    assert (
        dialect_for("1.21.10").gamerule(GameRule.LOG_ADMIN_COMMANDS, True) == "gamerule logAdminCommands true"
    )
    assert dialect_for("1.21.11").gamerule(GameRule.SEND_COMMAND_FEEDBACK) == "gamerule send_command_feedback"
    assert NEW.as_at("Steve", "tp @s ~ ~1 ~") == "execute as Steve at @s run tp @s ~ ~1 ~"
    assert NEW.at("@p", OLD.tellraw("@a", Text("x"))) == 'execute at @p run tellraw @a "x"'
    assert NEW.if_entity("@a[tag=dfg_t1]", "say hi") == "execute if entity @a[tag=dfg_t1] run say hi"
    assert NEW.unless_entity("@a", "say hi") == "execute unless entity @a run say hi"
    with pytest.raises(RenderError):
        NEW.at("@p", "/say x")


def test_dialog() -> None:
    buttons = [DialogButton(Text("♥Q"), "/trigger dfg set 12", tooltip=Text("選ぶ"), width=60)]
    assert NEW.dialog_show(
        "Steve", Text("手札"), buttons, body=Text("b"), columns=5, exit_label=Text("閉じる")
    ) == (
        'dialog show Steve {type:"minecraft:multi_action",title:"手札",'
        'body:{type:"minecraft:plain_message",contents:"b"},actions:[{label:"♥Q",tooltip:"選ぶ",width:60,'
        'action:{type:"run_command",command:"/trigger dfg set 12"}}],columns:5,exit_action:{label:"閉じる"}}'
    )
    assert NEW.dialog_clear("Steve") == "dialog clear Steve"
    for call in (
        lambda: dialect_for("1.21.5").dialog_show("Steve", Text("t"), buttons),
        lambda: dialect_for("1.21.5").dialog_clear("Steve"),
    ):
        with pytest.raises(RenderError) as err:
            call()
        assert err.value.code == "unsupported"
    with pytest.raises(RenderError):
        NEW.dialog_show("Steve", Text("t"), [])


def test_fits_measures_utf8_bytes() -> None:
    assert fits("say " + "a" * 1442)
    assert not fits("say " + "a" * 1443)
    assert not fits("say " + "あ" * 481)  # 3 bytes each


def hand_buttons(n: int) -> list[Text]:
    cards = [f"{s}{r}" for s in "♠♥♦♣" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")][:n]
    parts = [
        Text(f"[{c}]", color="gold", click=Click(ClickAction.RUN_COMMAND, f"/trigger dfg set {100 + i}"))
        for i, c in enumerate(cards)
    ]
    return [*parts, Text(" [出す]", click=Click(ClickAction.RUN_COMMAND, "/trigger dfg set 1"))]


def test_a_long_clickable_hand_is_split_into_lines_that_each_fit() -> None:
    # 18 cards (3 players, 1 joker) + 出す: over 1446 bytes as one line in both dialects (ARCHITECTURE §6.1).
    parts = hand_buttons(18)
    for dialect in (OLD, NEW):
        assert not fits(dialect.tellraw("Steve", Text.join(parts)))
        lines = dialect.tellraw_lines("Steve", parts)
        assert len(lines) == 2
        assert all(fits(line) for line in lines)
        assert dialect.tellraw_lines("Steve", parts[:5]) == [dialect.tellraw("Steve", Text.join(parts[:5]))]
    with pytest.raises(RenderError) as err:
        NEW.tellraw_lines("Steve", [Text("x" * 2000)])
    assert err.value.code == "too_long"


def test_dialog_hands_must_be_paged_past_about_16_cards() -> None:
    # One dialog is one command: a button costs ~75 bytes, so a full 18-card hand needs two pages.
    def dialog(cards: int) -> str:
        buttons = [DialogButton(Text(f"♥{i}"), f"/trigger dfg set {100 + i}") for i in range(cards)]
        buttons += [
            DialogButton(Text("出す"), "/trigger dfg set 1"),
            DialogButton(Text("次へ"), "/trigger dfg set 3"),
        ]
        return NEW.dialog_show("Bedrock_Player1", Text("手札"), buttons, columns=6)

    assert fits(dialog(15))
    assert not fits(dialog(18))
