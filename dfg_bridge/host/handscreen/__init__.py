"""The hand screen (手札の画面): a private 6-row chest of dyes, plus the chat and dialog hands.

Seed 001 「手札の開き方」「画面の見方・出し方」, built with server commands only (ARCHITECTURE §6.4):

* :mod:`~dfg_bridge.host.handscreen.layout` — where everything sits (54-slot chest, paged ender chest);
* :mod:`~dfg_bridge.host.handscreen.state` — what one seat's screen shows, as a frozen value;
* :mod:`~dfg_bridge.host.handscreen.build` — the table's state as a seat's :class:`ScreenState`;
* :mod:`~dfg_bridge.host.handscreen.view` — the screen as a pure function of a :class:`ScreenState`;
* :mod:`~dfg_bridge.host.handscreen.verdict` — the 出す button's colour and reason, from the engine;
* :mod:`~dfg_bridge.host.handscreen.screen` — one seat's screen on the server: drawing, reading back;
* :mod:`~dfg_bridge.host.handscreen.clicks` — reading the screen back and finding the clicked slots;
* :mod:`~dfg_bridge.host.handscreen.actions` — what a click does, from the chest, the chat or a dialog;
* :mod:`~dfg_bridge.host.handscreen.manager` — :class:`HandScreens`: seats, reading, cleanup;
* :mod:`~dfg_bridge.host.handscreen.painter` — drawing: what changed, and off-turn redraws coalesced;
* :mod:`~dfg_bridge.host.handscreen.watch` — when to look at the screens (one command a look);
* :mod:`~dfg_bridge.host.handscreen.cadence` — how often the watch looks (its paces and back-off);
* :mod:`~dfg_bridge.host.handscreen.questions` — what a look asks: the screen, table and joint questions;
* :mod:`~dfg_bridge.host.handscreen.keys`, :mod:`~dfg_bridge.host.handscreen.seats` — per-match keys,
  and taking our items back from players;
* :mod:`~dfg_bridge.host.handscreen.chatview` — the texts of the clickable chat hand and the dialog (pure);
* :mod:`~dfg_bridge.host.handscreen.chatsend` — sending those hands and handling their clicks;
* :mod:`~dfg_bridge.host.handscreen.book` — the 「手札を開く」 written book: the hand readable anywhere;
* :mod:`~dfg_bridge.host.handscreen.base` — the poll event and the render builders the screen uses;
* :mod:`~dfg_bridge.host.handscreen.port` — what the hand screen may ask of its table, and its parts
  of each other (Protocols).

A test (``tests/docs/test_architecture.py``) checks that this list names every module.
"""

from dfg_bridge.host.handscreen.base import HandPoll
from dfg_bridge.host.handscreen.chatsend import on_dialog, send_chat_hand, show_dialog
from dfg_bridge.host.handscreen.clicks import Diff, Drawn, diff
from dfg_bridge.host.handscreen.layout import CHEST, Button, Layout, Surface, ender_layout, ender_pages
from dfg_bridge.host.handscreen.manager import HandScreens
from dfg_bridge.host.handscreen.state import PlayerLine, ScreenState, SortOrder, sort_cards
from dfg_bridge.host.handscreen.verdict import ButtonColor, Verdict, pass_refusal, reason_text, verdict
from dfg_bridge.host.handscreen.view import Cell, card_item, cells
from dfg_bridge.host.handscreen.watch import WatchTimes
from dfg_bridge.replies.items import SlotSeen, parse_items

__all__ = [
    "CHEST",
    "Button",
    "ButtonColor",
    "Cell",
    "Diff",
    "Drawn",
    "HandPoll",
    "HandScreens",
    "Layout",
    "PlayerLine",
    "ScreenState",
    "SlotSeen",
    "SortOrder",
    "Surface",
    "Verdict",
    "WatchTimes",
    "card_item",
    "cells",
    "diff",
    "ender_layout",
    "ender_pages",
    "on_dialog",
    "parse_items",
    "pass_refusal",
    "reason_text",
    "send_chat_hand",
    "show_dialog",
    "sort_cards",
    "verdict",
]
