"""The Paper recipe: the ``commands.yml`` aliases run a silent, error-free command (paper-flavoured sim)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
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


def _install_snippet(sim: Any) -> None:
    """Merge the snippet's aliases into Paper's default commands.yml, as the recipe says."""
    default = {
        "command-block-overrides": [],
        "ignore-vanilla-permissions": False,
        "aliases": {"icanhasbukkit": ["version $1-"]},
    }
    default["aliases"].update(_aliases())  # type: ignore[attr-defined]
    (sim.options.directory / "commands.yml").write_text(yaml.safe_dump(default), encoding="utf-8")


def test_typed_dfg_through_the_alias_is_logged_once_and_shows_nothing(sim_factory: Any) -> None:
    sim = sim_factory(flavor="paper")
    _install_snippet(sim)
    sim.run_command("gamerule sendCommandFeedback false")
    control = _enabled_player(sim, "Steve")
    out = control.command("Steve", "/dfg join t1")
    assert out["feedback"] == [], out
    lines = _log_lines(sim)
    typed = [line for line in lines if "issued server command" in line]
    assert len(typed) == 1 and typed[0].endswith("Steve issued server command: /dfg join t1")
    assert any(line.endswith("[Steve: Triggered [dfg] (set value to 0)]") for line in lines)
    assert sim.run_command("scoreboard players get Steve dfg").startswith("Steve has 0 [dfg]")


def test_without_the_alias_paper_says_unknown_command(sim_factory: Any) -> None:
    sim = sim_factory(flavor="paper")
    control = _enabled_player(sim, "Steve")
    out = control.command("Steve", "/dfg join")
    assert out["feedback"][0] == "Unknown or incomplete command, see below for error"


def test_alias_arguments_follow_bukkit() -> None:
    from dfg_bridge.sim.paper_aliases import AliasError, expand

    assert expand("tell $sender $1 and $2-", ["a", "b", "c"], "Steve") == "tell Steve a and b c"
    assert expand("say $1 $2", ["a"], "Steve") == "say a"
    with pytest.raises(AliasError, match="Missing required argument 2"):
        expand("say $$2", ["a"], "Steve")


def test_vanilla_ignores_commands_yml(sim_factory: Any) -> None:
    sim = sim_factory(flavor="vanilla")
    _install_snippet(sim)
    control = _enabled_player(sim, "Steve")
    out = control.command("Steve", "/dfg join")
    assert out["feedback"][0] == "Unknown or incomplete command, see below for error"
