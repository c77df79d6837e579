"""Command-line applications (アプリ): each ``dfg-bridge <sub>`` is ``dfg_bridge.app.<sub>:main(argv)``.

This ring is the composition root: it may import every other package of dfg_bridge.
"""
