"""A match played only through the clickable chat hand, and one only through the hand dialog.

All three surfaces (chest, chat, dialog) drive the same selection: the chest screen shows the
selection made in chat.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from dfg_bridge.engine import Action, Give, Pass, Play
from dfg_bridge.host.handscreen import CHEST
from dfg_bridge.host.table import Table
from tests.host.handscreen.handrig import hand_rig, held_cards
from tests.host.rig import Rig


def _weakest(tbl: Table, seat: int) -> Action:
    assert tbl.run is not None and tbl.run.round is not None
    return tbl.run.round.timeout_action(seat)


def _cards(action: Action) -> list[str]:
    if isinstance(action, Play):
        return [str(c) for c in action.meld.cards]
    if isinstance(action, Give):
        return [str(c) for c in action.cards]
    return []


def _start_cpu(rig: Rig, name: str) -> Table:
    rig.start_daemon()
    rig.join(name)
    rig.dfg(name, "join")
    assert rig.until(lambda: name in rig.table().lobby)
    rig.dfg(name, "start cpu")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None)
    return tbl


def _acting(tbl: Table, name: str) -> bool:
    run = tbl.run
    return bool(run is not None and run.round is not None and run.seat_of(name) in tbl.awaiting()
                and tbl.paused_until is None)  # fmt: skip


def _click_chat(rig: Rig, name: str, command: str) -> None:
    for message in reversed(rig.ctl.player(name)["chat"]):
        for part in message["parts"]:
            event = part.get("click_event") or {}
            if event.get("command") == command:
                assert rig.ctl.click_text(name, message["index"], part["part"])["ran"]
                return
    raise AssertionError(f"no chat button runs {command}")


def _trigger(value: int) -> str:
    return f"/trigger dfg set {value}"


def test_match_through_the_clickable_chat_hand_only(sim_factory: Any, tmp_path: Path) -> None:
    rig = hand_rig(sim_factory, tmp_path, version="1.20.5", flavor="vanilla")
    tbl = _start_cpu(rig, "Steve")
    end = time.monotonic() + 90
    turns = 0
    while tbl.run is not None and time.monotonic() < end:
        if not _acting(tbl, "Steve"):
            rig.host.step(0.05)
            continue
        step = tbl.flow.step
        action = _weakest(tbl, tbl.run.seat_of("Steve") or 0)
        if isinstance(action, Pass):
            _click_chat(rig, "Steve", _trigger(8))
        else:
            for card in _cards(action):
                index = next(
                    c.index for c in tbl.run.round.hand(tbl.run.seat_of("Steve") or 0) if str(c) == card
                )
                before = set(tbl.selection.get("Steve", set()))
                _click_chat(rig, "Steve", _trigger(100 + index))
                assert rig.until(lambda b=before: tbl.selection.get("Steve", set()) != b, 5)  # type: ignore[misc]
            # The chest screen shows the selection made in chat (the same state).
            screen = tbl.hands.screen_of("Steve")
            assert screen is not None and screen.drawn is not None
            marked = {c.spec.name.plain() for s, c in screen.drawn.items()
                      if s in CHEST.hand_slots and c.spec.name and c.spec.glint}  # fmt: skip
            assert marked == {"✔" + c for c in _cards(action)}
            _click_chat(rig, "Steve", _trigger(9))
        assert rig.until(lambda s=step: tbl.flow.step != s or tbl.run is None, 5)  # type: ignore[misc]
        turns += 1
    assert tbl.run is None and turns >= 5
    rig.settle(0.3)
    assert held_cards(rig, "Steve") == 0 and rig.ctl.player("Steve")["inventory"] == {}
    assert rig.invalid() == []


def _dialog_labels(rig: Rig, name: str) -> list[str]:
    dialog = rig.ctl.player(name)["dialog"]
    if not isinstance(dialog, dict):
        return []
    out = []
    for button in dialog.get("actions", []):
        label = button.get("label")
        out.append(label if isinstance(label, str) else _plain(label))
    return out


def _plain(component: Any) -> str:
    if isinstance(component, str):
        return component
    if isinstance(component, list):
        return "".join(_plain(c) for c in component)
    if isinstance(component, dict):
        return str(component.get("text", "")) + "".join(_plain(c) for c in component.get("extra", []))
    return ""


def _press(rig: Rig, name: str, label: str) -> None:
    labels = _dialog_labels(rig, name)
    for i, shown in enumerate(labels):
        if shown == label or (label.endswith("*") and shown.startswith(label[:-1])):
            rig.ctl.click_dialog(name, i)
            return
    raise AssertionError(f"no dialog button {label!r} in {labels}")


def test_match_through_the_hand_dialog_only(sim_factory: Any, tmp_path: Path) -> None:
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", flavor="paper")
    tbl = _start_cpu(rig, "Steve")
    end = time.monotonic() + 90
    turns = 0
    while tbl.run is not None and time.monotonic() < end:
        if not _acting(tbl, "Steve"):
            rig.host.step(0.05)
            continue
        step = tbl.flow.step
        if not _dialog_labels(rig, "Steve"):
            rig.dfg("Steve", "hand")  # opens the dialog (and prints the chat hand)
            assert rig.until(lambda: bool(_dialog_labels(rig, "Steve")), 5)
        action = _weakest(tbl, tbl.run.seat_of("Steve") or 0)
        if isinstance(action, Pass):
            _press(rig, "Steve", "パス")
        else:
            for card in _cards(action):
                while card not in _dialog_labels(rig, "Steve"):
                    _press(rig, "Steve", "次へ*")
                    assert rig.until(lambda: bool(_dialog_labels(rig, "Steve")), 5)
                _press(rig, "Steve", card)
                assert rig.until(lambda c=card: "✔" + c in _dialog_labels(rig, "Steve"), 5)  # type: ignore[misc]
            _press(rig, "Steve", "出す*" if not isinstance(action, Give) else "渡す*")
        assert rig.until(lambda s=step: tbl.flow.step != s or tbl.run is None, 5)  # type: ignore[misc]
        turns += 1
    assert tbl.run is None and turns >= 5
    rig.settle(0.3)
    assert held_cards(rig, "Steve") == 0 and rig.ctl.player("Steve")["inventory"] == {}
    assert rig.invalid() == []
