"""The texts of ``/dfg status`` (状況表示): the status block and the local-rules summary (pure).

The other chat builders: :mod:`~dfg_bridge.host.announce` (engine events as lines),
:mod:`~dfg_bridge.host.tellings` (a match's notes), :mod:`~dfg_bridge.host.handscreen.chatview` (the
clickable chat hand and dialog buttons) and :mod:`~dfg_bridge.host.handscreen.chatsend` (sending them).
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine import Rules
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.text import Text

LOCAL_RULES = (
    "revolution",
    "eight_cut",
    "lock",
    "stairs",
    "spade3_return",
    "miyako_ochi",
    "foul_finish",
    "eleven_back",
    "five_skip",
)
"""Seed 001's local rules table (ローカルルール), in its order (message keys ``rules.<option>``)."""


def rules_summary(rules: Rules, msgs: MessageCatalog, lang: str) -> str:
    """``革命 ON / 8切り ON / …`` for ``/dfg status`` and the match start."""
    on, off = msgs.get("rules.on", lang), msgs.get("rules.off", lang)
    return " / ".join(
        f"{msgs.get(f'rules.{option}', lang)} {on if getattr(rules, option, False) else off}"
        for option in LOCAL_RULES
    )


def status_text(lines: Sequence[str], rules_line: str, header: str) -> Text:
    """``/dfg status`` as one multi-line text."""
    parts: list[Text] = [Text(header, color="gold", bold=True)]
    for line in (*lines, rules_line):
        parts += [Text("\n"), Text(line)]
    return Text.join(parts)
