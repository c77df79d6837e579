"""The spectator web view (観戦ページ): an adapter that shows the tables live in a browser.

The host publishes frozen :class:`~dfg_bridge.host.spectate.TableView` values through its one hook
(``GameHost.spectate``); :class:`~dfg_bridge.web.board.Board` keeps them for the web threads, applying
the broadcast delay; :class:`~dfg_bridge.web.server.WebServer` serves the page, the JSON and the
server-sent events. The host never imports this package.

* :mod:`~dfg_bridge.web.board` — the published views and the delay;
* :mod:`~dfg_bridge.web.payload` — the JSON shape (the one place untrusted text is escaped);
* :mod:`~dfg_bridge.web.server` — routes, event streams; ``static/`` holds the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.host.spectate import Spectate
from dfg_bridge.web.board import Board, Release
from dfg_bridge.web.server import WebServer, start_web

if TYPE_CHECKING:
    from dfg_bridge.config.schema import WebConfig
    from dfg_bridge.host.host import GameHost


def attach(game: GameHost, *, host: str = "127.0.0.1", port: int = 0, hands: bool = False,
           delay: float = 0.0) -> WebServer:  # fmt: skip
    """Serve ``game``'s tables: install the publish hook, start the server (before the host loop runs).

    ``hands`` turns on the broadcast mode: every hand is shown, and the whole page lags ``delay`` s.
    """
    if hands and delay <= 0:
        raise ValueError("broadcasting hands needs a delay")
    board = Board(delay=delay if hands else 0.0)
    game.spectate = Spectate(board.publish, hands=hands)
    return start_web(board, host=host, port=port, hands=hands)


def from_config(config: WebConfig, game: GameHost) -> WebServer | None:
    """The server ``web:`` asks for, started (``None`` when ``web.port`` is unset); ``OSError`` if the
    address cannot be bound."""
    if config.port is None:
        return None
    return attach(game, host=config.host, port=config.port, hands=config.broadcast_hands,
                  delay=config.broadcast_delay)  # fmt: skip


__all__ = ["Board", "Release", "WebServer", "attach", "from_config", "start_web"]
