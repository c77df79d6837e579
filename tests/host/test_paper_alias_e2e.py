"""The Paper recipe end to end: with the documented ``commands.yml`` alias, ``/dfg join`` joins and the
alias's ``trigger dfg set 0`` (logged as ``Triggered [dfg] (set value to 0)``) is an ACK, never an error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from dfg_bridge.host.intents import TriggerCode
from tests.host.rig import make_rig, messages

ROOT = Path(__file__).resolve().parents[2]
SNIPPET = ROOT / "deploy" / "paper" / "commands.yml"


def _install_alias(directory: Path) -> None:
    """Merge the deploy snippet's aliases into Paper's default ``commands.yml``, as the recipe says."""
    aliases = yaml.safe_load(SNIPPET.read_text(encoding="utf-8"))["aliases"]
    default = {"command-block-overrides": [], "ignore-vanilla-permissions": False,
               "aliases": {"icanhasbukkit": ["version $1-"], **aliases}}  # fmt: skip
    (directory / "commands.yml").write_text(yaml.safe_dump(default, allow_unicode=True), encoding="utf-8")


def test_the_alias_value_is_the_ack_code() -> None:
    for targets in yaml.safe_load(SNIPPET.read_text(encoding="utf-8"))["aliases"].values():
        assert targets == [f"trigger dfg set {int(TriggerCode.ACK)}"]


def test_typed_dfg_join_through_the_alias_joins_without_an_error(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, flavor="paper")
    _install_alias(rig.sim.options.directory)
    rig.start_daemon()  # log source only: no signs, no trigger poll
    rig.join("Steve")
    rig.settle(0.3)  # the host enables the trigger for the joined player
    out = rig.ctl.command("Steve", "/dfg join")
    assert not any("Unknown" in line or "cannot" in line.lower() for line in out["feedback"]), out
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.settle(0.5)  # the Triggered [dfg] (set value to 0) line reaches the daemon too
    log = rig.sim.log_path.read_text(encoding="utf-8")
    assert "Steve issued server command: /dfg join" in log
    assert "[Steve: Triggered [dfg] (set value to 0)]" in log
    chat = "\n".join(rig.chat("Steve"))
    cat = messages()
    assert cat.get("lobby.joined", "ja", player="Steve", count=1) in chat
    assert cat.get("error.bad_args", "ja", args="0") not in chat
    assert "引数が正しくありません" not in chat
    # The ACK re-enabled the trigger, so the next /dfg works (and is no error) as well.
    out = rig.ctl.command("Steve", "/dfg status")
    assert not any("cannot" in line.lower() for line in out["feedback"]), out
    assert "Steve has 0 [dfg]" in rig.sim.run_command("scoreboard players get Steve dfg")
    rig.settle(0.3)
    assert "引数が正しくありません" not in "\n".join(rig.chat("Steve"))
    assert rig.invalid() == []
