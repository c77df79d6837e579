"""The Paper recipe: the ``commands.yml`` aliases run a silent, error-free command (paper-flavoured sim)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import yaml

from dfg_bridge.config.schema import CommandsConfig
from dfg_bridge.model.events import TriggerFired
from dfg_bridge.sim.control import ControlClient
from dfg_bridge.sources import LogParser, ParserOptions

ROOT = Path(__file__).resolve().parents[2]
SNIPPET = ROOT / "deploy" / "paper" / "commands.yml"


def _aliases() -> dict[str, list[str]]:
    data = yaml.safe_load(SNIPPET.read_text(encoding="utf-8"))
    aliases = data["aliases"]
    assert isinstance(aliases, dict)
    return aliases


def test_snippet_aliases_every_typed_name_to_a_trigger_of_zero() -> None:
    defaults = CommandsConfig()
    aliases = _aliases()
    assert set(aliases) == set(defaults.names)
    for targets in aliases.values():
        # Bukkit runs each target with $-references replaced; none here, so arguments are dropped.
        assert targets == [f"trigger {defaults.trigger_objective} set 0"]
        assert "$" not in targets[0]


def _enabled_player(sim: Any, name: str) -> ControlClient:
    control = ControlClient(sim.control_port)
    control.join(name)
    objective = CommandsConfig().trigger_objective
    # What the daemon does at start and after every trigger it sees.
    assert sim.run_command(f"scoreboard objectives add {objective} trigger").startswith("Created")
    assert sim.run_command(f"scoreboard players enable {name} {objective}").startswith("Enabled")
    return control


def _log_lines(sim: Any) -> list[str]:
    return sim.log_path.read_text(encoding="utf-8").splitlines()  # type: ignore[no-any-return]


def test_alias_target_is_silent_and_error_free_for_a_plain_player(sim_factory: Any) -> None:
    sim = sim_factory(flavor="paper")
    sim.run_command("gamerule sendCommandFeedback false")
    control = _enabled_player(sim, "Steve")
    (target,) = _aliases()["dfg"]
    out = control.command("Steve", "/" + target)
    # The command's result is the value set (0); a failure would show up as red feedback.
    assert out["feedback"] == [], out


def test_alias_target_with_feedback_on_shows_no_error(sim_factory: Any) -> None:
    sim = sim_factory(flavor="paper")
    control = _enabled_player(sim, "Steve")
    (target,) = _aliases()["daifugo"]
    out = control.command("Steve", "/" + target)
    assert out["feedback"] == ["Triggered [dfg] (set value to 0)"], out


def test_alias_target_is_logged_as_a_trigger_of_zero_the_daemon_parses(sim_factory: Any) -> None:
    sim = sim_factory(flavor="paper")
    control = _enabled_player(sim, "Steve")
    control.command("Steve", "/" + _aliases()["dfg"][0])
    deadline = time.monotonic() + 5
    events: list[object] = []
    parser = LogParser(ParserOptions())
    while time.monotonic() < deadline:
        events = [e for e in map(parser.parse, _log_lines(sim)) if isinstance(e, TriggerFired)]
        if events:
            break
        time.sleep(0.05)
    # The daemon re-enables the trigger on this event, so the next /dfg works too; value 0 is no action.
    assert events == [TriggerFired("Steve", "dfg", 0)]
