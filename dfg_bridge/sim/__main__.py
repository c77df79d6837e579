"""``python -m dfg_bridge.sim`` is ``dfg-bridge sim``."""

from dfg_bridge.sim.cli import main

raise SystemExit(main())
