"""A config file for the CLI tests, pointing at a simulated server."""

from __future__ import annotations

from pathlib import Path

from dfg_bridge.sim import SimServer

SEATS = """
      - {at: [0, 64, -3], facing: south, hand_box: {blocks: [[0, 64, -2], [-1, 64, -2]]}}
      - {at: [3, 64, 0], facing: west, hand_box: {blocks: [[2, 64, 0], [2, 64, -1]]}}
      - {at: [0, 64, 3], facing: north, hand_box: {blocks: [[0, 64, 2], [1, 64, 2]]}}
      - {at: [-3, 64, 0], facing: east, hand_box: {blocks: [[-2, 64, 0], [-2, 64, 1]]}}"""


def write_config(
    directory: Path, sim: SimServer, *, signs: bool = True, extra: str = "", server: str = ""
) -> Path:
    """``directory/dfg.yml`` for ``sim``: one 4-seat table, short timers, data in ``directory/data``.

    ``extra`` is appended at the top level; ``server`` adds lines (indented two spaces) to ``server:``.
    """
    sign_block = (
        """
    signs:
      join: {at: [-1, 64, 5], facing: south}
      start_cpu: {at: [1, 64, 5], facing: south}
      leave: {at: [2, 64, 5], facing: south}"""
        if signs
        else ""
    )
    text = f"""
rcon:
  host: 127.0.0.1
  port: {sim.rcon_port}
  password: "{sim.options.rcon_password}"
source:
  kind: log
  log_path: {sim.log_path}
  trigger_poll_interval: 0.1
server:
  flavour: {sim.options.flavor.value}
  version: "{sim.options.version}"
{server}data_dir: {directory / "data"}
admins: [Admin]
game:
  rounds: 1
  turn_timeout: 5
  exchange_timeout: 5
  cpu:
    delay: 0.05
custody:
  locker:
    corner1: [-8, 5, -8]
    corner2: [7, 6, 7]
tables:
  - id: t1
    name: 卓1
    centre: [0, 64, 0]
    seats:{SEATS}{sign_block}
{extra}"""
    path = directory / "dfg.yml"
    path.write_text(text, encoding="utf-8")
    return path
