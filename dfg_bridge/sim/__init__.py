"""The simulated Minecraft server (模擬サーバー): vanilla-faithful RCON, log, world and a control API.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d, SimServer(SimOptions(directory=Path(d), service_ms=0)) as sim:
...     sim.run_command("list")
'There are 0 of a max of 20 players online: '
"""

from pathlib import Path

from dfg_bridge.sim.log import ServerFlavour
from dfg_bridge.sim.server import SimOptions, SimServer

__all__ = ["Path", "ServerFlavour", "SimOptions", "SimServer"]
