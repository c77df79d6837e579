"""Where things sit on the hand screen (画面の配置): the 54-slot chest and the 27-slot ender chest.

Seed 001 「画面の見方・出し方」: row 1 the field (an info item at the left end), row 2 the players and,
on the right, the status items (革命・縛り, the round, the time left), rows 3–5 the hand, row 6 the
buttons 出す・パス・選択を外す・並べ替え・自分の情報.

The ender chest has only 3 rows, so it is paged: hand pages show up to 18 cards in rows 1–2, the
table page shows the field and players in rows 1–2; row 3 always holds the buttons and a page button.

>>> CHEST.size, CHEST.buttons[Button.PLAY], CHEST.hand_slots[0]
(54, 45, 18)
>>> ender_layout(1, 3).hand_offset, ender_layout(2, 3).hand_slots
(18, ())
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


class Surface(enum.Enum):
    """Which container shows a seat's hand screen (画面の置き場所)."""

    CHEST = "chest"
    """The seat's double chest, locked to the seat's 「手札を開く」 key book (54 slots)."""
    ENDER_CHEST = "enderchest"
    """The player's own ender chest (27 slots, paged; private by nature)."""


class Button(enum.Enum):
    """The buttons of the bottom row (6段目)."""

    PLAY = "play"
    """出す (渡す in the exchange)."""
    PASS = "pass"
    """パス."""
    CLEAR = "clear"
    """選択を外す."""
    SORT = "sort"
    """並べ替え: strength order ↔ suit order."""
    INFO = "info"
    """自分の情報."""
    PAGE = "page"
    """Next page (ender chest only)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Slot numbers of one screen (or one page of the ender-chest screen).

    ``hand_slots`` show the sorted hand from card ``hand_offset`` on; empty tuples mean "not on this page".
    """

    size: int
    field_info: int | None
    field_slots: tuple[int, ...]
    player_slots: tuple[int, ...]
    status_slot: int | None
    round_slot: int | None
    time_slot: int | None
    hand_slots: tuple[int, ...]
    hand_offset: int = 0
    buttons: Mapping[Button, int] = field(default_factory=lambda: MappingProxyType({}))
    page: int = 0
    pages: int = 1


def _buttons(pairs: dict[Button, int]) -> Mapping[Button, int]:
    return MappingProxyType(dict(pairs))


CHEST = Layout(
    size=54,
    field_info=0,
    field_slots=tuple(range(1, 9)),
    player_slots=tuple(range(9, 15)),
    status_slot=15,
    round_slot=16,
    time_slot=17,
    hand_slots=tuple(range(18, 45)),
    buttons=_buttons({Button.PLAY: 45, Button.PASS: 47, Button.CLEAR: 49, Button.SORT: 51, Button.INFO: 53}),
)
"""The double chest: rows 1–6 exactly as seed 001 describes them."""

ENDER_HAND_SLOTS = 18
"""Cards per hand page of the ender-chest screen (rows 1–2)."""

_ENDER_BUTTONS = _buttons(
    {Button.PLAY: 18, Button.PASS: 19, Button.CLEAR: 20, Button.SORT: 21, Button.INFO: 22, Button.PAGE: 26}
)


def ender_pages(hand_size: int) -> int:
    """How many pages the ender-chest screen has for a hand of ``hand_size``: hand pages, then the table.

    >>> ender_pages(13), ender_pages(18), ender_pages(20)
    (2, 2, 3)
    """
    hand_pages = max(1, -(-hand_size // ENDER_HAND_SLOTS))
    return hand_pages + 1


def ender_layout(page: int, pages: int) -> Layout:
    """Page ``page`` (0-based) of ``pages``: the last page is the table, the others hold the hand."""
    page = page % pages
    if page == pages - 1:
        return Layout(
            size=27,
            field_info=0,
            field_slots=tuple(range(1, 9)),
            player_slots=tuple(range(9, 15)),
            status_slot=15,
            round_slot=16,
            time_slot=17,
            hand_slots=(),
            buttons=_ENDER_BUTTONS,
            page=page,
            pages=pages,
        )
    return Layout(
        size=27,
        field_info=None,
        field_slots=(),
        player_slots=(),
        status_slot=None,
        round_slot=None,
        time_slot=24,
        hand_slots=tuple(range(ENDER_HAND_SLOTS)),
        hand_offset=page * ENDER_HAND_SLOTS,
        buttons=_ENDER_BUTTONS,
        page=page,
        pages=pages,
    )
