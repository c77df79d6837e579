"""Whose input a log line is (入力の帰属): a display name mapped to one online account, or to nobody.

Chat lines and ``/trigger`` echoes name players by their display name, which team prefixes and
suffixes decorate — and an operator or a plugin can give anyone any prefix. The log parser therefore
hands over the name as shown; :class:`Attribution` finds the online accounts it could belong to
(:func:`dfg_bridge.model.names.candidates`). An undecorated name that only one online account fits
is that account; otherwise the server is asked each candidate's display name (``tag <name> list``
replies ``<display name> has …``; the name argument is the account) and the one whose display name
is exactly the shown one is the player. Two players with the same display name — a Java ``Steve``
given the prefix ``.`` next to the Bedrock ``.Steve`` — make the line nobody's: it is dropped and
logged, never acted on for either.
"""

from __future__ import annotations

import logging

from dfg_bridge.host.context import HostContext
from dfg_bridge.model.names import candidates
from dfg_bridge.replies.answers import display_name

log = logging.getLogger(__name__)


class Attribution:
    """Maps shown names to account names, asking the server when the name alone cannot tell."""

    def __init__(self, ctx: HostContext) -> None:
        self.ctx = ctx
        self.refused = 0
        """Lines dropped because their name fits no online player, or several."""

    def resolve(self, shown: str, guess: str) -> str | None:
        """The account behind display name ``shown`` (``guess`` when nothing was shown), or ``None``."""
        if not shown:
            return guess
        found = candidates(shown, self.ctx.online)
        if len(found) == 1 and found[0] == shown:
            return shown
        verified = [name for name in found if self.display_of(name) == shown]
        if len(verified) == 1:
            return verified[0]
        self.refused += 1
        why = "several online players show this name" if verified else "no online player shows this name"
        log.warning("input from %r ignored: %s", shown, why)
        return None

    def display_of(self, player: str) -> str | None:
        """The player's display name now, as the server shows it in feedback (``None`` if offline)."""
        return display_name(self.ctx.sink.run(self.ctx.r.tag_list(player)))


__all__ = ["Attribution"]
