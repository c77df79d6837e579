"""Commands, chat words and trigger codes all become the same intents (seed 001 「プレイヤー用コマンド」)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.intents import (
    AdminReload,
    AdminStop,
    ClearSelection,
    Hand,
    Join,
    Leave,
    Mode,
    PassTurn,
    PlayCards,
    PlaySelection,
    Start,
    Status,
    Toggle,
    TriggerCode,
    intent_for_trigger,
    parse_args,
    trigger_for_table,
)


@pytest.mark.parametrize(
    ("words", "intent"),
    [
        ("join", Join()),
        ("join t2", Join("t2")),
        ("leave", Leave()),
        ("start", Start()),
        ("start normal", Start(Mode.NORMAL)),
        ("START cpu", Start(Mode.CPU)),
        ("hand", Hand()),
        ("status", Status()),
        ("status t1", Status("t1")),
        ("play S3 H3", PlayCards("S3 H3")),
        ("play ♠3 ♥3 JK=H4", PlayCards("♠3 ♥3 JK=H4")),
        ("pass", PassTurn()),
        ("admin stop", AdminStop()),
        ("admin stop t1", AdminStop("t1")),
        ("admin reload", AdminReload()),
    ],
)
def test_words_parse(words: str, intent: object) -> None:
    assert parse_args(tuple(words.split())) == intent


@pytest.mark.parametrize(
    ("words", "code"),
    [
        ("", "usage"),
        ("dance", "unknown_subcommand"),
        ("start chess", "bad_mode"),
        ("play", "bad_args"),
        ("leave now", "bad_args"),
        ("join a b", "bad_args"),
        ("admin", "bad_args"),
        ("admin stop a b", "bad_args"),
    ],
)
def test_bad_words_are_typed_errors(words: str, code: str) -> None:
    with pytest.raises(CommandError) as info:
        parse_args(tuple(words.split()))
    assert info.value.code == code
    assert info.value.message_key  # every error maps to a message


def test_trigger_codes() -> None:
    tables = ("t1", "t2")
    assert intent_for_trigger(TriggerCode.JOIN, tables) == Join()
    assert intent_for_trigger(TriggerCode.PLAY, tables) == PlaySelection()
    assert intent_for_trigger(TriggerCode.CLEAR, tables) == ClearSelection()
    assert intent_for_trigger(TriggerCode.CARD_BASE + 53, tables) == Toggle(53)
    assert intent_for_trigger(trigger_for_table(1, TriggerCode.JOIN), tables) == Join("t2")
    assert intent_for_trigger(trigger_for_table(0, TriggerCode.START_CPU), tables) == Start(Mode.CPU, "t1")
    for bad in (0, 99, 154, 3001, 1100):
        with pytest.raises(CommandError):
            intent_for_trigger(bad, tables)


@given(st.lists(st.text(max_size=12), max_size=5))
def test_any_words_give_an_intent_or_a_command_error(words: list[str]) -> None:
    with contextlib.suppress(CommandError):
        parse_args(tuple(words))


@given(st.integers(min_value=-(2**31), max_value=2**31 - 1))
def test_any_trigger_value_gives_an_intent_or_a_command_error(value: int) -> None:
    with contextlib.suppress(CommandError):
        intent_for_trigger(value, ("t1", "t2", "t3"))
