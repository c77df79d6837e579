"""``python -m dfg_bridge.engine.cpu``: see :mod:`dfg_bridge.engine.cpu.cli`."""

import sys

from dfg_bridge.engine.cpu.cli import main

if __name__ == "__main__":
    sys.exit(main())
