"""Neutral value types shared by the host and the adapters.

Nothing here knows command syntax or game rules. ``host/`` builds these values; ``render/`` turns
them into commands; ``sources/`` produces :mod:`dfg_bridge.model.events`. Keeping them here lets
``render/`` and ``sources/`` stay independent of ``host/``.
"""
