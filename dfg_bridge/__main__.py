"""``python -m dfg_bridge`` is the ``dfg-bridge`` command."""

from dfg_bridge.cli import main

raise SystemExit(main())
