"""The demo screen (デモ画面): what Steve sees, drawn as one terminal frame.

Left, the hand screen exactly as his chest shows it: 6 rows × 9 slots, each stack in its item's
colour (♠ black, ♥ red, ♦ blue, ♣ green dye, the joker's carved pumpkin orange) with its name and
stack count; a glowing stack (a selected card, the player to act) is bold and underlined. Below it,
the names of the 出す button (its colour and reason), the field and the status. Right, the bossbar
with its countdown, the sidebar, the texts over the seats and the newest chat. Narrow terminals get
the same parts stacked; short ones lose chat lines first.

:func:`frame` is a pure function of a :class:`~dfg_bridge.app.demo.seen.SteveView`, the terminal size and
Steve's last words, so a test can draw a recorded match and read the grid back.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.app.demo.seen import Slot, SteveView
from dfg_bridge.app.demo.term import PLAIN, Line, Style, clip, line_width, pad

COLUMNS, ROWS = 9, 6
CELL = 7
"""Cells per slot: a name of up to 5 cells, then the count (``✔♥Q 12``)."""
GRID_WIDTH = COLUMNS * (CELL + 1) + 1
"""The hand screen's width: slots and the 1-cell gaps of the chest panel around them."""
WIDE = GRID_WIDTH + 2 + 40
"""From this width on, the side panel stands beside the grid."""
PANEL, EMPTY = 251, 245
"""The chest panel's light grey and an empty slot's grey."""
CARD_ITEMS = frozenset({"black_dye", "red_dye", "blue_dye", "green_dye", "carved_pumpkin"})

ITEM_COLOURS: dict[str, tuple[int, int]] = {
    # (background, foreground): the dyes' and blocks' own colours (DyeColor, concrete), as xterm-256.
    "black_dye": (234, 255),
    "red_dye": (160, 255),
    "blue_dye": (25, 255),
    "green_dye": (28, 255),
    "carved_pumpkin": (208, 16),
    "paper": (255, 16),
    "player_head": (137, 255),
    "zombie_head": (65, 255),
    "skeleton_skull": (250, 16),
    "barrier": (196, 255),
    "torch": (94, 226),
    "redstone_torch": (124, 226),
    "chain": (240, 255),
    "map": (180, 16),
    "clock": (178, 16),
    "arrow": (247, 16),
    "lime_concrete": (112, 16),
    "orange_concrete": (202, 16),
    "purple_concrete": (91, 255),
    "white_concrete": (255, 16),
    "gray_concrete": (240, 252),
    "light_gray_concrete": (248, 16),
    "comparator": (131, 255),
    "name_tag": (187, 16),
}
"""Colours of the items the hand screen uses; anything else is drawn grey."""
BAR_COLOURS = {"pink": 211, "blue": 33, "red": 196, "green": 40, "yellow": 226, "purple": 129, "white": 255}
TITLE = Style(fg=220, bold=True)
HEAD = Style(fg=214, bold=True)
MUTED = Style(fg=246)


def cell_label(slot: Slot) -> str:
    """The name shown in a slot: a card's full name (``✔♥Q``), else the name's first word (a player's
    name, a button's label; ``▶`` kept): the stack count beside it says the rest."""
    if slot.short_id in CARD_ITEMS:
        return slot.name
    words = slot.name.split(":")[0].split()
    if len(words) > 1 and words[0] == "▶":
        return "▶" + words[1]
    return words[0] if words else ""


def cell_line(slot: Slot | None) -> Line:
    """One slot: ``CELL`` cells in the item's colour, name left, count right (as Minecraft shows it)."""
    if slot is None:
        return [(" " * CELL, Style(bg=EMPTY))]
    bg, fg = ITEM_COLOURS.get(slot.short_id, (245, 16))
    count = str(slot.count) if slot.count > 1 else ""
    label = pad(cell_label(slot), CELL - len(count) - (1 if count else 0))
    text = label + (" " if count else "") + count
    return [(pad(text, CELL), Style(fg=fg, bg=bg, bold=slot.glint, underline=slot.glint))]


def grid(seen: SteveView, *, spaced: bool) -> list[Line]:
    """The 6×9 hand screen as framed lines (``spaced``: an empty panel line between rows)."""
    panel = Style(bg=PANEL)
    out: list[Line] = [[(" " * GRID_WIDTH, panel)]]
    for row in range(ROWS):
        line: Line = [(" ", panel)]
        for col in range(COLUMNS):
            line += cell_line(seen.slots.get(row * COLUMNS + col) if seen.screen_open else None)
            line.append((" ", panel))
        out.append(line)
        if spaced and row < ROWS - 1:
            out.append([(" " * GRID_WIDTH, panel)])
    out.append([(" " * GRID_WIDTH, panel)])
    return out


def _button_style(slot: Slot | None) -> Style:
    if slot is None:
        return MUTED
    bg, fg = ITEM_COLOURS.get(slot.short_id, (245, 16))
    return Style(fg=fg, bg=bg, bold=True)


def hand_panel(seen: SteveView, *, spaced: bool) -> list[Line]:
    """Title, grid, and the names a player reads by hovering: 出す, the field, the status."""
    title = seen.screen_title if seen.screen_open else "（画面は閉じています）"
    out: list[Line] = [[(f"{seen.name} のチェスト: ", HEAD), (title or "", TITLE)]]
    out += grid(seen, spaced=spaced)
    if not seen.screen_open:
        return out
    slots = seen.slots
    play = slots.get(45)
    if play is not None:
        out.append([("出す  ", HEAD), (f" {play.name} ", _button_style(play))])
        out += [[("      ", PLAIN), (lore, MUTED)] for lore in play.lore]
    pass_button = slots.get(47)
    if pass_button is not None:
        out.append([("パス  ", HEAD), (f" {pass_button.name} ", _button_style(pass_button))])
    info = slots.get(0)
    if info is not None:
        out.append([("場    ", HEAD), (info.name, PLAIN), ("  " + " ".join(info.lore), MUTED)])
    status = slots.get(15)
    if status is not None:
        out.append([("状態  ", HEAD), (status.name, PLAIN)])
    chosen = [s.name for i, s in sorted(slots.items()) if 18 <= i < 45 and s.name.startswith("✔")]
    out.append([("選択  ", HEAD), (" ".join(chosen) or "-", Style(fg=201) if chosen else MUTED)])
    return out


def side_panel(seen: SteveView, cols: int, *, chat_rows: int) -> list[Line]:
    """The bossbar with its countdown, the sidebar, the over-seat texts, the newest chat."""
    out: list[Line] = [[("ボスバー", HEAD)]]
    for bar in seen.bossbars or ():
        filled = round(max(0, min(bar.max, bar.value)) / bar.max * 24)
        colour = BAR_COLOURS.get(bar.color, 255)
        out.append([(" " + bar.name, Style(fg=230, bold=True))])
        out.append([(" ", PLAIN), ("█" * filled, Style(fg=colour)), ("░" * (24 - filled), MUTED),
                    (f" {bar.value}/{bar.max}", MUTED)])  # fmt: skip
    if not seen.bossbars:
        out.append([(" -", MUTED)])
    out.append([("サイドバー  ", HEAD), (seen.sidebar_title, TITLE)])
    out += [[(" " + line, PLAIN)] for line in seen.sidebar] or [[(" -", MUTED)]]
    out.append([("頭上の表示", HEAD)])
    texts = [[(" " + text.replace("\n", " / "), Style(fg=159))] for text in seen.seat_texts]
    out += texts or [[(" -", MUTED)]]
    out.append([("チャット", HEAD)])
    lines = [part for message in seen.chat for part in message.text.split("\n") if part.strip()]
    out += [[(" " + line, PLAIN)] for line in lines[-chat_rows:]] if chat_rows > 0 else []
    return [clip(line, cols) for line in out]


def frame(seen: SteveView, cols: int, rows: int, *, said: Sequence[str] = (), clock: str = "") -> list[Line]:
    """The whole demo screen for a ``cols`` × ``rows`` terminal (never wider or taller)."""
    header: Line = [(" dfg-bridge demo ", Style(fg=16, bg=220, bold=True)),
                    (f"  {seen.name} が見ている画面  {clock}", MUTED)]  # fmt: skip
    footer = [[(" " + line, Style(fg=117))] for line in said[-2:]] or [[(" ", PLAIN)]]
    spaced = rows >= 44 if cols >= WIDE else rows >= 60
    hand = hand_panel(seen, spaced=spaced)
    body: list[Line]
    if cols >= WIDE:
        side_cols = cols - GRID_WIDTH - 2
        fixed = len(side_panel(seen, side_cols, chat_rows=0))
        chat_rows = max(0, rows - 1 - len(footer) - fixed)
        side = side_panel(seen, side_cols, chat_rows=chat_rows)
        body = []
        for i in range(max(len(hand), len(side))):
            left = hand[i] if i < len(hand) else []
            line: Line = [*left, (" " * (GRID_WIDTH + 2 - line_width(left)), PLAIN)]
            body.append(line + (side[i] if i < len(side) else []))
    else:
        fixed = len(side_panel(seen, cols, chat_rows=0))
        chat_rows = max(0, rows - 1 - len(footer) - len(hand) - fixed)
        body = hand + side_panel(seen, cols, chat_rows=chat_rows)
    room = max(0, rows - 1 - len(footer))
    return [clip(line, cols) for line in [header, *body[:room], *footer]][:rows]


__all__ = ["CELL", "COLUMNS", "GRID_WIDTH", "ITEM_COLOURS", "ROWS", "cell_label", "cell_line", "frame",
           "grid"]  # fmt: skip
