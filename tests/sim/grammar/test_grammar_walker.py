"""The Brigadier walk: literals, redirects, executability and vanilla's error selection."""

from __future__ import annotations

import pytest

from dfg_bridge.sim.grammar import CommandGrammar, CommandSyntaxError, ErrorCode, UnsupportedVersionError
from dfg_bridge.sim.grammar.values import EntitySelector, ItemStackArg, MessageArg, SelectorKind

G6 = CommandGrammar.for_version("1.21.6")


def _error(grammar: CommandGrammar, command: str) -> CommandSyntaxError:
    with pytest.raises(CommandSyntaxError) as info:
        grammar.parse(command)
    return info.value


def test_versions_map_to_trees_and_are_cached() -> None:
    assert CommandGrammar.for_version("1.20.5").tree_version == "1.20.5"
    assert CommandGrammar.for_version("1.21.4").tree_version == "1.20.5"
    assert CommandGrammar.for_version("1.21").tree_version == "1.20.5"
    assert CommandGrammar.for_version("1.21.5").tree_version == "1.21.5"
    assert CommandGrammar.for_version("1.21.6").tree_version == "1.21.6"
    assert CommandGrammar.for_version("1.21.8").tree_version == "1.21.6"
    assert CommandGrammar.for_version("1.21.9").tree_version == "1.21.9"
    assert CommandGrammar.for_version("1.21.10").tree_version == "1.21.9"
    assert CommandGrammar.for_version("1.21.11").tree_version == "1.21.11"
    assert CommandGrammar.for_version("26.1").tree_version == "26.1"
    assert CommandGrammar.for_version("26.1.1").tree_version == "26.1"
    assert CommandGrammar.for_version("1.21.6") is G6
    assert CommandGrammar.for_version(" 1.21.6 ") is G6


@pytest.mark.parametrize("bad", ["1.20.4", "1.22", "2.0", "latest", "", "1.21.x", "26.2", "25.1"])
def test_unsupported_versions(bad: str) -> None:
    with pytest.raises(UnsupportedVersionError) as info:
        CommandGrammar.for_version(bad)
    assert info.value.code == "unsupported_version"


def test_execute_redirects_are_flattened() -> None:
    parsed = G6.parse("execute as @a[tag=dfg] at @s if entity @s[distance=..3] run say hi @s")
    assert parsed.names == (
        "execute",
        "as",
        "targets",
        "at",
        "targets",
        "if",
        "entity",
        "entities",
        "run",
        "say",
        "message",
    )
    targets = parsed.values("targets")
    assert all(isinstance(t, EntitySelector) for t in targets)
    message = parsed.value("message")
    assert isinstance(message, MessageArg)
    assert message.text == "hi @s"
    assert [(a, b, s.kind) for a, b, s in message.selectors] == [(3, 5, SelectorKind.SELF)]


def test_alias_redirects_reach_their_target() -> None:
    assert G6.parse("tp @s 1 2 3").names == ("tp", "targets", "location")
    assert G6.parse("tell Steve hi").names == ("tell", "targets", "message")
    assert G6.parse("xp add @s 5").names[:2] == ("xp", "add")


def test_item_count_is_copied_into_the_stack() -> None:
    parsed = G6.parse("give @s red_dye 12")
    item = parsed.value("item")
    assert isinstance(item, ItemStackArg)
    assert item.count == 12
    assert parsed.value("count") == 12
    assert isinstance(G6.parse("give @s red_dye").value("item"), ItemStackArg)
    assert G6.parse("give @s red_dye").value("count", None) is None


def test_leading_slash_is_dropped_once() -> None:
    assert G6.parse("/list").nodes == (("list", None),)
    err = _error(G6, "//list")
    assert err.code is ErrorCode.UNKNOWN_COMMAND
    assert err.message == "Unknown or incomplete command, see below for error/list<--[HERE]"


def test_error_selection_matches_brigadier() -> None:
    # No literal matched at the root: unknown command, cursor 0.
    assert (
        _error(G6, "nosuch x").message
        == "Unknown or incomplete command, see below for errornosuch x<--[HERE]"
    )
    # A literal parsed, then nothing fits: incorrect argument at the first unread character.
    err = _error(G6, "scoreboard nosuch")
    assert err.code is ErrorCode.UNKNOWN_ARGUMENT
    assert err.cursor == len("scoreboard ")
    # Exactly one argument child failed: its own error.
    err = _error(G6, "give @s red_dye nope")
    assert err.code is ErrorCode.EXPECTED_INT
    # Complete input but not executable: incomplete command with the cursor at the end.
    err = _error(G6, "scoreboard players set @s dfg")
    assert err.code is ErrorCode.UNKNOWN_COMMAND
    assert err.cursor == len("scoreboard players set @s dfg")
    # A trailing space after an executable node is not a command either.
    assert _error(G6, "list ").code is ErrorCode.UNKNOWN_ARGUMENT


def test_dispatcher_messages_are_vanilla_texts() -> None:
    err = _error(G6, "time set 1x")
    assert err.raw == "Invalid unit"
    err = _error(G6, "give @s red_dye 1.5")
    assert err.raw == "Invalid integer '1.5'"
    err = _error(G6, "scoreboard players set @s dfg 5a")
    assert err.raw == "Expected whitespace to end one argument, but found trailing data"


def test_rcon_message_context_is_ten_characters() -> None:
    err = _error(G6, "scoreboard players add @s dfg x")
    assert err.message == "Expected integer...dd @s dfg x<--[HERE]"
    assert str(err) == err.message
    assert "EXPECTED_INT" in repr(err)


def test_operation_error_has_no_context() -> None:
    err = _error(G6, "scoreboard players operation @s a ^= @s b")
    assert err.message == "Invalid operation"
    assert err.cursor == -1


def test_message_length_limit() -> None:
    G6.parse("say " + "x" * 256)
    err = _error(G6, "say " + "x" * 257)
    assert err.message == "Chat message was too long (257 > maximum 256 characters)"


def test_integrated_only_commands_are_absent() -> None:
    assert _error(G6, "publish").code is ErrorCode.UNKNOWN_COMMAND
    G6.parse("stop")
    G6.parse("save-all flush")


def test_is_valid() -> None:
    assert G6.is_valid("list")
    assert not G6.is_valid("lisst")


def test_unknown_parser_types_fall_back_to_a_word() -> None:
    grammar = CommandGrammar.for_version("1.21.6")
    parser = grammar._make_parser("minecraft:from_the_future", None)
    assert "minecraft:from_the_future" in grammar.unknown_parsers
    from dfg_bridge.sim.grammar.reader import StringReader

    reader = StringReader("abc def", grammar.env.msg)
    assert parser(reader) == "abc"
    grammar.unknown_parsers.discard("minecraft:from_the_future")


def test_vendored_trees_have_no_unknown_parsers() -> None:
    for version in ("1.20.5", "1.21.5", "1.21.6"):
        assert CommandGrammar.for_version(version).unknown_parsers == set(), version
