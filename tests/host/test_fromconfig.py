"""Host settings come from the config: every duration the host waits is the operator's to set."""

from __future__ import annotations

import dataclasses

from dfg_bridge.config import parse_config
from dfg_bridge.host.fromconfig import host_settings
from dfg_bridge.host.settings import Durations, HostSettings
from tests.config.conftest import EXAMPLE, TABLE_T2

ENV = {"RCON_PASSWORD": "pw"}


def test_round_pause_and_rejoin_wait_default_to_the_host_defaults() -> None:
    settings = host_settings(parse_config(EXAMPLE.read_text(encoding="utf-8"), env=ENV).config)
    durations = settings.tables[0].durations
    assert durations.round_pause == Durations().round_pause == 4.0
    assert durations.rejoin_wait == Durations().rejoin_wait == 120.0


def test_round_pause_and_rejoin_wait_are_read_from_the_config() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace("  round_pause: 4.0\n", "  round_pause: 1.5\n")
    text = text.replace("  rejoin_wait: 120.0\n", "  rejoin_wait: 30.0\n")
    text += TABLE_T2 + "    game: {round_pause: 0.0, rejoin_wait: 7, cpu: {fill_total: 3}}\n"
    t1, t2 = host_settings(parse_config(text, env=ENV).config).tables
    assert (t1.durations.round_pause, t1.durations.rejoin_wait) == (1.5, 30.0)
    assert (t2.durations.round_pause, t2.durations.rejoin_wait) == (0.0, 7.0)


def test_chat_hold_is_read_from_the_config_and_defaults_to_the_host_default() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    default = next(f.default for f in dataclasses.fields(HostSettings) if f.name == "chat_hold")
    assert host_settings(parse_config(text, env=ENV).config).chat_hold == default == 2.0
    text = text.replace("  hold_seconds: 2.0\n", "  hold_seconds: 0\n")
    assert host_settings(parse_config(text, env=ENV).config).chat_hold == 0.0
