"""A table's lobby (ロビー): who has joined, in join order.

Players in the lobby wait for the next match; the first :attr:`TableSettings.max_players` of them
play it. The lobby is mirrored in the journal so a restarted daemon knows it.

>>> lobby = Lobby(["Alex", "Steve"])
>>> lobby.add("Kai"); lobby.members
['Alex', 'Steve', 'Kai']
>>> lobby.first(2)
['Alex', 'Steve']
"""

from __future__ import annotations

from collections.abc import Iterable


class Lobby:
    """Members of one table's lobby in join order (players in its match stay members)."""

    def __init__(self, members: Iterable[str] = ()) -> None:
        self.members: list[str] = list(dict.fromkeys(members))

    def __contains__(self, player: object) -> bool:
        return player in self.members

    def __len__(self) -> int:
        return len(self.members)

    def add(self, player: str) -> None:
        """Append ``player`` (no-op if already in)."""
        if player not in self.members:
            self.members.append(player)

    def remove(self, player: str) -> None:
        """Remove ``player`` (no-op if absent)."""
        if player in self.members:
            self.members.remove(player)

    def first(self, n: int, exclude: Iterable[str] = ()) -> list[str]:
        """The first ``n`` members in join order, skipping ``exclude``."""
        skip = set(exclude)
        return [p for p in self.members if p not in skip][:n]
