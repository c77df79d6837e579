"""The UECda protocol's tables (UECda 標準プロトコル): 8×15 integers, big-endian, 480 bytes.

Everything the server and a client say is such a table, or one 4-byte integer:

* rows 0–3 are the suits ♠ ♥ ♦ ♣, columns 1–13 the ranks 3 … 2 (column = rank index + 1); a card
  held or played is 1. A joker in a hand is row 4, column 1, value 2. In a play a joker is a 2 at the
  card it stands for; columns 0 and 14 hold a joker below the 3 or above the 2 (stairs' ends, or a
  lone joker played as the strongest card).
* row 5 is the game state: [5][0] 1 in the deal message (カード交換), [5][1] cards this player must
  give (1–99: 大富豪 2, 富豪 1; -1/-2: the strongest cards the server takes from 貧民/大貧民, who are then
  shown their hand from before the exchange), [5][2] 1 if it is this player's turn, [5][3] the player to act,
  [5][4] 1 on an empty field (a new trick), [5][5] 11バック, [5][6] 革命, [5][7] 縛り.
* row 6: [6][0..4] cards left per player number, [6][5..9] each player's rank (0 大富豪 … 4 大貧民),
  [6][10..14] the player number in each seat (the turn goes round the seats).
* the integers: the player number after the profile; 9 (accepted) or 8 (rejected — the server plays
  a pass instead) after a submission; after every turn 0 (the game goes on), 1 (the game is over) or
  2 (every game is over).

The profile a client sends first is a table with the protocol version 20070 at [0][0] and its name,
one byte per column, in row 1.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from dfg_bridge.engine.cards import CARDS, Card

ROWS = 8
COLS = 15
TABLE_BYTES = ROWS * COLS * 4
PROTOCOL_VERSION = 20070
ACCEPTED = 9
REJECTED = 8
GAME_GOES_ON = 0
GAME_OVER = 1
ALL_OVER = 2
JOKER_ROW = 4
DEFAULT_PORT = 42485
_FORMAT = struct.Struct(f"!{ROWS * COLS}i")

Table = tuple[tuple[int, ...], ...]
"""An 8×15 table, rows first."""


class ProtocolError(ValueError):
    """A table or message that does not follow the protocol; ``code`` says which kind."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def empty() -> list[list[int]]:
    """A zero table to fill in."""
    return [[0] * COLS for _ in range(ROWS)]


def freeze(rows: list[list[int]]) -> Table:
    """The immutable form of a filled-in table."""
    return tuple(tuple(r) for r in rows)


def pack(table: Table | list[list[int]]) -> bytes:
    """The 480 bytes of ``table``."""
    if len(table) != ROWS or any(len(r) != COLS for r in table):
        raise ProtocolError("bad_shape", "a table is 8 rows of 15 integers")
    return _FORMAT.pack(*(v for row in table for v in row))


def unpack(data: bytes) -> Table:
    """The table of 480 received bytes."""
    if len(data) != TABLE_BYTES:
        raise ProtocolError("bad_size", f"a table is {TABLE_BYTES} bytes, got {len(data)}")
    flat = _FORMAT.unpack(data)
    return tuple(flat[i * COLS : (i + 1) * COLS] for i in range(ROWS))


def profile(name: str) -> Table:
    """The first table a client sends: protocol version and name (ASCII, at most 14 bytes)."""
    rows = empty()
    rows[0][0] = PROTOCOL_VERSION
    raw = name.encode("ascii", "replace")[:14]
    for i, b in enumerate(raw):
        rows[1][i] = b
    return freeze(rows)


def card_cell(card: Card) -> tuple[int, int]:
    """(row, column) of an ordinary card."""
    i = card.index
    return i & 3, (i >> 2) + 1


def hand_of(table: Table) -> tuple[Card, ...]:
    """The cards of a hand table (rows 0–3 and the joker cell), weakest first."""
    out = [CARDS[4 * (c - 1) + r] for r in range(4) for c in range(1, 14) if table[r][c]]
    if table[JOKER_ROW][1]:
        out.append(Card.joker(0))
    return tuple(sorted(out))


@dataclass(frozen=True, slots=True)
class Played:
    """Cards read from a play or field table: the real cards, and where the joker stands.

    ``joker_at`` is (row, column) of the joker's cell, or None; ``beyond`` is True when it stands
    outside the ranks (column 0 or 14): a lone joker, or a joker past the stairs' ends.
    """

    cards: tuple[Card, ...]
    joker_at: tuple[int, int] | None

    @property
    def count(self) -> int:
        """Cards played, the joker included."""
        return len(self.cards) + (self.joker_at is not None)

    @property
    def beyond(self) -> bool:
        """The joker stands below the 3 or above the 2."""
        return self.joker_at is not None and self.joker_at[1] in (0, COLS - 1)

    @property
    def reading(self) -> Card | None:
        """The card the joker stands for, if it stands for one."""
        if self.joker_at is None or self.beyond or self.joker_at[0] >= 4:
            return None
        r, c = self.joker_at
        return CARDS[4 * (c - 1) + r]


def played_of(table: Table) -> Played:
    """Read a submitted or field table (rows 0–4)."""
    cards: list[Card] = []
    joker: tuple[int, int] | None = None
    for r in range(5):
        for c in range(COLS):
            v = table[r][c]
            if v == 0:
                continue
            if v == 2 or r == JOKER_ROW or c in (0, COLS - 1):
                if joker is not None:
                    raise ProtocolError("two_jokers", "a play holds one joker at most")
                joker = (r, c)
            else:
                cards.append(CARDS[4 * (c - 1) + r])
    return Played(tuple(sorted(cards)), joker)


@dataclass(frozen=True, slots=True)
class State:
    """Row 5 and row 6 of a table: whose turn, the field's flags, the players."""

    deal: bool
    give: int
    taken: int
    """Cards the server takes from this player as 貧民 / 大貧民 (its strongest; 0: none told)."""
    my_turn: bool
    to_act: int
    new_trick: bool
    eleven_back: bool
    revolution: bool
    lock: bool
    counts: tuple[int, ...]
    ranks: tuple[int, ...]
    seats: tuple[int, ...]


def state_of(table: Table) -> State:
    """The state rows of a table."""
    s, p = table[5], table[6]
    give = s[1] if 0 < s[1] < 100 else 0
    return State(
        deal=s[0] == 1,
        give=give,
        taken=-s[1] if -100 < s[1] < 0 else 0,
        my_turn=s[2] == 1,
        to_act=s[3],
        new_trick=s[4] == 1,
        eleven_back=s[5] == 1,
        revolution=s[6] == 1,
        lock=s[7] == 1,
        counts=tuple(p[0:5]),
        ranks=tuple(p[5:10]),
        seats=tuple(p[10:15]),
    )
