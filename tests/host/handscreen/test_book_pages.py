"""The book's pages are split by the hand alone (issue 19): a selection or a new field rewrites the
page it changed, never every page by moving cards from one page to the next."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.engine import parse_cards
from dfg_bridge.host.handscreen.build import screen_state
from dfg_bridge.host.handscreen.state import ScreenState, SortOrder
from tests.host.handscreen.handrig import Clicker, hand_rig, start_cpu_match


def _differ(a: tuple[Any, ...], b: tuple[Any, ...]) -> list[int]:
    assert len(a) == len(b)
    return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def _at_steves_turn(rig: Any) -> tuple[Any, ScreenState]:
    """Start a CPU match, wait for Steve's turn: the table's books and Steve's screen state."""
    rig.start_daemon()
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    tbl = rig.table()
    state = screen_state(tbl, tbl.snapshot(), "Steve", clicker.screen.seat, sort=SortOrder.STRENGTH)
    return tbl.hands.book, state


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4"])
def test_a_selection_or_a_field_rewrites_one_page(sim_factory: Any, tmp_path: Path, version: str) -> None:
    """A selection rewrites its card's page; a new field the first page (issue 19)."""
    rig = hand_rig(sim_factory, tmp_path, version=version, rounds=1)
    book, state = _at_steves_turn(rig)
    assert len(state.hand) >= 10
    pages = book.pages(state, "Steve")
    assert len(pages) >= 3  # the field and buttons, then the cards
    cards = state.sorted_hand()
    for card in (cards[0], cards[-1]):
        chosen = book.pages(replace(state, selected=frozenset({card.index})), "Steve")
        assert len(_differ(pages, chosen)) == 1  # the card's page (the verdict is the same here)
    for field in ("S3", "S10 H10 D10 C10"):
        cards_on = tuple(parse_cards(field))
        shown = book.pages(replace(state, field=cards_on, readings=cards_on), "Steve")
        assert _differ(pages, shown) == [0]


def test_with_dialogs_the_book_holds_one_fixed_page(sim_factory: Any, tmp_path: Path) -> None:
    """1.21.6+: the pages are the same one page whatever the selection or the field, so the book is
    given with it and never rewritten (using it opens the hand dialog; issue 19)."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1)
    book, state = _at_steves_turn(rig)
    pages = book.pages(state, "Steve")
    assert pages == book.cover().pages and len(pages) == 1
    card = state.sorted_hand()[0]
    assert book.pages(replace(state, selected=frozenset({card.index})), "Steve") == pages
    cards_on = tuple(parse_cards("S10 H10"))
    assert book.pages(replace(state, field=cards_on, readings=cards_on), "Steve") == pages
    assert book.writes == 0
