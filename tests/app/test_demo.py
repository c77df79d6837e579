"""``dfg-bridge demo`` (``make demo``): Steve plays a whole cpu match through the hand screen, exits 0;
the live screen draws his chest exactly, slot by slot, as the simulated server holds it."""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest

from dfg_bridge.app.demo import main
from dfg_bridge.app.demo.plain import read_recording
from dfg_bridge.app.demo.screen import CELL, GRID_WIDTH, frame
from dfg_bridge.app.demo.seen import seen
from dfg_bridge.app.demo.term import PLAIN, LiveTerminal, to_ansi
from tests.app.vterm import VTerm, rgb

REFUSALS = ("場より強いカードを", "出せません", "パスできません", "持っていません", "番ではありません")


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, list[dict[str, Any]]]:
    """One whole demo match (plain log), recorded moment by moment."""
    path = tmp_path_factory.mktemp("demo") / "match.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["--plain", "--rounds", "2", "--cpu-delay", "0.05", "--seed", "5", "--timeout", "240",
                     "--record", str(path)])  # fmt: skip
    return code, out.getvalue(), read_recording(path)


Recorded = tuple[int, str, list[dict[str, Any]]]


def test_demo_plays_to_the_end_through_the_hand_screen(recorded: Recorded) -> None:
    code, out, _moments = recorded
    assert code == 0
    assert "試合終了" in out and "Steve" in out.split("試合終了")[-1]
    assert "席の前のチェストを開く" in out  # his key opens his chest
    assert "をクリックして選ぶ" in out and "「出す: " in out  # clicks cards, presses 出す
    assert out.count("チャットの [出す] をクリック") == 1  # once through the chat hand
    assert "Unknown command" not in out and "cannot trigger" not in out
    # A log, not a screen printed again and again.
    assert len(out.splitlines()) < 1500


def test_steve_never_makes_a_refused_move(recorded: tuple[int, str, list[dict[str, Any]]]) -> None:
    _code, out, moments = recorded
    last = moments[-1]["frame"]["player"]["chat"]
    texts = [line for m in last for line in m["text"].split("\n")]  # one tellraw may hold several lines
    assert not [t for t in texts if any(r in t for r in REFUSALS) and not t.startswith("[")]
    assert "Steve: " in out


def _double_chest(world: dict[str, Any], near: tuple[float, float, float]) -> dict[int, dict[str, Any]]:
    """The 54 slots of the double chest nearest ``near``: the ``type=right`` half holds slots 0–26
    (vanilla DoubleBlockCombiner: the right half is FIRST)."""
    chests = [c for c in world["containers"] if c["id"] == "minecraft:chest"]
    first = min(chests, key=lambda c: sum((a - b) ** 2 for a, b in zip(c["pos"], near, strict=True)))

    def apart(c: dict[str, Any]) -> int:
        return sum(abs(a - b) for a, b in zip(c["pos"], first["pos"], strict=True))

    partner = next(c for c in chests if c is not first and apart(c) == 1)
    top, bottom = (first, partner) if first["properties"]["type"] == "right" else (partner, first)
    slots = {int(k): v for k, v in top["items"].items()}
    slots |= {27 + int(k): v for k, v in bottom["items"].items()}
    return slots


def _family(item: str, colour: tuple[int, int, int]) -> bool:
    """Whether a drawn background is the item's own colour (dyes by suit, the pumpkin, the buttons)."""
    r, g, b = colour
    families = {
        "black_dye": max(colour) < 70,
        "red_dye": r > 140 and g < 90 and b < 90,
        "blue_dye": b > 120 and b > r + 60 and b > g,
        "green_dye": g > 100 and g > r + 40 and g > b + 40,
        "carved_pumpkin": r > 200 and 80 < g < 180 and b < 80,
        "lime_concrete": g > 150 and g > b + 60,
        "orange_concrete": r > 200 and 50 < g < 150 and b < 60,
        "purple_concrete": r > 100 and b > 100 and g < 60,
    }
    return families.get(item.removeprefix("minecraft:"), True)


@pytest.mark.parametrize(("cols", "rows"), [(160, 40), (90, 70)])
def test_the_drawn_grid_is_the_chest_slot_by_slot(
    recorded: tuple[int, str, list[dict[str, Any]]], cols: int, rows: int
) -> None:
    _code, _out, moments = recorded
    checked = selected = 0
    buttons: set[str] = set()
    for moment in moments:
        player, world = moment["frame"]["player"], moment["frame"]["world"]
        if not moment["steady"] or player["open"] is None:
            continue
        view = seen(player, world)
        term = VTerm(cols, rows)
        term.feed("\x1b[H" + "\r\n".join(to_ansi(line) for line in frame(view, cols, rows)))
        top, _x = term.find("Steve のチェスト")
        spaced = rows >= 60
        chest = _double_chest(world, tuple(player["position"]))
        for slot in range(54):
            row, col = divmod(slot, 9)
            y, x = top + 2 + row * (2 if spaced else 1), 1 + col * (CELL + 1)
            drawn, cell = term.text(y, x, CELL), term.screen[y][x]
            item = chest.get(slot)
            where = f"slot {slot} at t={moment['t']}"
            if item is None:
                assert drawn.strip() == "", where
                r, g, b = rgb(cell.bg if cell.bg is not None else 0)
                assert r == g == b, where  # an empty slot is grey
                continue
            count = str(item["count"]) if item["count"] > 1 else ""
            assert drawn.endswith(count), (where, drawn, item)
            label = drawn[: len(drawn) - len(count)].strip() if count else drawn.strip()
            name = item["name"]
            if item["id"] in ("minecraft:black_dye", "minecraft:red_dye", "minecraft:blue_dye",
                              "minecraft:green_dye", "minecraft:carved_pumpkin") and slot >= 18:  # fmt: skip
                assert label == name, (where, label, name)  # ✔♥Q: the card and its selection
                selected += name.startswith("✔")
            else:
                squeezed = name.replace(" ", "")
                assert label and squeezed.startswith(label.replace(" ", "")), (where, label, name)
            assert cell.bg is not None and _family(item["id"], rgb(cell.bg)), (where, item["id"], cell.bg)
            glint = bool(item.get("glint"))
            assert cell.bold == glint and cell.underline == glint, (where, item)
            if slot == 45:
                buttons.add(item["id"])
        checked += 1
    assert checked >= 20, checked
    assert selected > 0
    assert {"minecraft:lime_concrete", "minecraft:orange_concrete"} <= buttons


@pytest.mark.parametrize(("cols", "rows"), [(80, 24), (100, 30), (150, 45), (220, 70), (40, 10)])
def test_a_frame_never_leaves_the_terminal(recorded: tuple[int, str, list[dict[str, Any]]], cols: int,
                                           rows: int) -> None:  # fmt: skip
    _code, _out, moments = recorded
    for moment in moments[:: max(1, len(moments) // 25)]:
        view = seen(moment["frame"]["player"], moment["frame"]["world"])
        out = io.StringIO()
        LiveTerminal(out).draw(frame(view, cols, rows, said=["Steve が ♠3 をクリックして選ぶ"]), cols, rows)
        VTerm(cols, rows).feed(out.getvalue())  # raises if a line wraps or the screen scrolls


def test_the_live_screen_redraws_in_place_in_one_write() -> None:
    writes: list[str] = []

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            writes.append(text)
            return len(text)

    terminal = LiveTerminal(Out())
    terminal.open()
    terminal.draw([[("first frame, a long line", PLAIN)]], 40, 5)
    terminal.draw([[("second", PLAIN)]], 40, 5)
    terminal.close()
    assert writes[0].startswith("\x1b[?1049h")  # the alternate screen: the shell's scrollback stays
    frames = writes[1:3]
    assert all(f.startswith("\x1b[?2026h\x1b[H") and f.endswith("\x1b[J\x1b[?2026l") for f in frames)
    assert all("\x1b[2J" not in f for f in frames)  # never cleared whole: no flicker
    term = VTerm(40, 5)
    term.feed("".join(writes[1:3]))
    assert term.text(0, 0, 12) == "second      "  # the old line's rest was erased
    assert writes[-1].endswith("\x1b[?1049l")
    assert GRID_WIDTH <= 80
