"""The seats' keys (鍵): the 「手札を開く」 book that opens a seat's hand chest, fresh for every match.

A key must be unforgeable and valid for one seat and one match only (hostile-players issue):

* **1.21.2+** locks are an item predicate. The chest's ``lock`` matches the key's exact
  ``custom_data`` (``{dfg:{id:"key_t1_0_<nonce>",key:1b}}``), which no survival player can write; the
  nonce is random per seat and per match, so a key kept in an ender chest opens nothing later.
* **1.20.5–1.21.1** locks are a *name*: the chest opens for a held item whose custom name, as plain
  text, equals the lock (``LockCode.unlocksWith``). A name can be typed on an anvil, but only up to
  50 characters (``AnvilMenu.validateName``: ``length() <= 50``). So the key's name carries a random
  secret, fresh per seat and per match, that makes it longer than 50 characters: even a player who
  read another's key name (a modified client sees held items' names) cannot rename a book to it.

Key items are :data:`KEY_ITEM` written books: used anywhere they open their pages, which
:mod:`~dfg_bridge.host.handscreen.book` keeps showing the hand (seed 001 「本を右クリック」).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from dfg_bridge.model.items import BookSpec, ItemSpec
from dfg_bridge.model.text import Text

KEY_ITEM = "written_book"
"""The key's item: a written book, whose pages are a hand view (:mod:`~dfg_bridge.host.handscreen.book`)."""
ANVIL_NAME_LIMIT = 50
"""The longest name an anvil writes (``AnvilMenu.MAX_NAME_LENGTH``)."""
NAME_LENGTH = 64
"""Plain-text length of a 1.20.5–1.21.1 key name: well past :data:`ANVIL_NAME_LIMIT`."""


@dataclass(frozen=True, slots=True)
class Key:
    """One seat's key in one match: its lock name, its ``custom_data`` tag and the item."""

    name: str
    """The lock's name (1.20.5–1.21.1), the item's custom name as plain text."""
    tag: str
    """The ``custom_data`` id (``key_<table>_<seat>_<nonce>``); 1.21.2+ locks match it."""
    shown: str
    """The part of the name a player reads (「手札を開く t1-2」)."""

    def item(self, book: BookSpec | None = None) -> ItemSpec:
        """The key book: its visible name in gold, the secret (if any) after it in dark grey.

        ``book``: the written book's content (a cover page; the hand pages are written right after).
        """
        secret = self.name[len(self.shown) :]
        extra = (Text(secret, color="dark_gray"),) if secret else ()
        name = Text(self.shown, color="gold", italic=False, extra=extra)
        return ItemSpec(KEY_ITEM, 1, name, tag=self.tag, book=book)


class KeyRing:
    """The keys of one table's seats; :meth:`new_match` (or :meth:`renew`) makes fresh ones."""

    def __init__(self, table_id: str, *, named_locks: bool) -> None:
        self.table_id = table_id
        self.named_locks = named_locks
        """Whether locks match names (1.20.5–1.21.1): key names then carry a long secret."""
        self._keys: dict[int, Key] = {}

    def new_match(self) -> None:
        """Forget every key: each seat gets a new one when it is next asked for."""
        self._keys.clear()

    def renew(self, seat: int) -> None:
        """A new key for ``seat`` (the old one was lost or may have been copied): the old one is dead."""
        self._keys.pop(seat, None)

    def key(self, seat: int, shown: str) -> Key:
        """Seat ``seat``'s key this match; ``shown`` is its readable name (「手札を開く t1-2」)."""
        key = self._keys.get(seat)
        if key is None or key.shown != shown:
            key = self._make(seat, shown)
            self._keys[seat] = key
        return key

    def tags(self) -> dict[int, str]:
        """The current keys' tags by seat."""
        return {seat: key.tag for seat, key in self._keys.items()}

    def _make(self, seat: int, shown: str) -> Key:
        tag = f"key_{self.table_id}_{seat}_{secrets.token_hex(6)}"
        if not self.named_locks:
            return Key(shown, tag, shown)
        pad = max(NAME_LENGTH - len(shown) - 1, ANVIL_NAME_LIMIT)
        secret = secrets.token_hex((pad + 1) // 2)[:pad]
        return Key(f"{shown} {secret}", tag, shown)


__all__ = ["ANVIL_NAME_LIMIT", "KEY_ITEM", "NAME_LENGTH", "Key", "KeyRing"]
