"""``strong``'s search settings per rules preset (search.PRESET_SETTINGS), resolved per decision."""

from __future__ import annotations

from dfg_bridge.engine import Match, Rules
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.engine.cpu.search import PRESET_SETTINGS, Settings, settings_for
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.cpu.tournament import TunedFactory, Tuning


def test_presets_without_changes_keep_the_defaults() -> None:
    assert settings_for("minecraft") == Settings()
    assert settings_for("no-such-preset") == Settings()
    assert settings_for("minecraft", clock="cpu") == Settings(clock="cpu")


def test_a_preset_s_changes_apply_and_the_caller_s_win() -> None:
    uecda = settings_for("uecda")
    for name, value in PRESET_SETTINGS["uecda"].items():
        assert getattr(uecda, name) == value
    assert uecda != Settings()
    assert settings_for("uecda", exchange_search=False).exchange_search is False


def _decide_once(cpu: StrongPlayer, preset: str, players: int) -> None:
    rnd = Match(Rules.preset(preset), players, seed=5).start_round()
    seat = min(rnd.awaiting())
    legal = list(rnd.legal_actions(seat))
    assert cpu.decide(rnd.observation(seat), legal) in legal


def test_strong_takes_the_settings_of_the_table_it_plays_at() -> None:
    for preset, players in (("uecda", 5), ("minecraft", 4)):
        cpu = make_cpu("strong", 1, 60, rules=Rules.preset(preset), clock="cpu")
        assert isinstance(cpu, StrongPlayer)
        assert cpu.settings == settings_for(preset, clock="cpu")
        _decide_once(cpu, preset, players)
        assert cpu.settings == settings_for(preset, clock="cpu")
    assert settings_for("uecda") != settings_for("minecraft")


def test_settings_given_by_the_caller_are_kept_whatever_the_table() -> None:
    given = Settings(close=0.2)
    cpu = StrongPlayer(1, 60, settings=given, max_deals=7)
    _decide_once(cpu, "uecda", 5)
    assert cpu.settings == Settings(close=0.2, max_deals=7)


def test_tournament_changes_go_on_top_of_the_preset_s_settings() -> None:
    make = TunedFactory(Tuning((("close", 0.1),)), "cpu")
    player = make("strong", 1, 200, Rules.preset("uecda"))
    assert player.settings == settings_for("uecda", clock="cpu", close=0.1)
    plain = TunedFactory(Tuning(), "cpu")("strong", 1, 200, Rules.preset("uecda"))
    assert plain.settings == settings_for("uecda", clock="cpu")
